"""The AI against random play and against Him, over fixed seeds (slow)."""

from __future__ import annotations

import pytest

from skirmish import AgentContext, Game, RandomAgent, View
from skirmish_hobgoblin.agents import HobgoblinAI, keywords_of, make_ai, p_hit
from skirmish_hobgoblin.him import make_him
from skirmish_hobgoblin.rules import Hobgoblin


def _play(ruleset, seed, makers, setup=None):
    game = Game(ruleset, setup, seed=seed, keep_log=False)
    agents = {p: makers[p](AgentContext(p, seed * 31 + i, ruleset, {}, game.players))
              for i, p in enumerate(game.players)}
    while game.pending is not None:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return game


def test_ai_helpers_read_keywords_and_chances():
    assert keywords_of({"keywords": "Hero [3], Tough [1], Elite"}) == {"Hero": 3, "Tough": 1, "Elite": None}
    assert p_hit(4) == 0.5 and p_hit(1) == 5 / 6 and p_hit(7) == 1 / 6


def test_ai_prefers_charging_a_flank_it_wins():
    ai = HobgoblinAI(AgentContext("red", 1, Hobgoblin(), {}, ("red", "blue")))

    class _View:
        ruleset = Hobgoblin()

    me = {"type": "heavy-cavalry", "keywords": "", "courage": 10, "doom": 0, "points": 450}
    them = {"type": "ranged-infantry", "keywords": "", "courage": 10, "doom": 0, "points": 300, "engaged": []}
    view = _View()
    view.state = {"units": []}
    assert ai.exchange(view, me, them, "side") > ai.exchange(view, me, them, "front") > 0
    assert ai.exchange(view, them, me, "front") < 0


@pytest.mark.slow
def test_ai_beats_random_play_more_often_than_not():
    ruleset = Hobgoblin()
    wins = 0
    for seed in range(8):
        ai_seat = ("red", "blue")[seed % 2]
        game = _play(ruleset, seed, {p: make_ai if p == ai_seat else RandomAgent for p in ("red", "blue")})
        wins += ai_seat in game.result.winners
    assert wins > 4


@pytest.mark.slow
def test_ai_against_him_at_easy_plays_to_the_end():
    ruleset = Hobgoblin()
    for seed in range(3):
        setup = ruleset.default_setup()
        setup.update(him="blue", armies={"red": "iron-grudge-hold", "blue": "him:easy"})
        game = _play(ruleset, seed, {"red": make_ai, "blue": make_him}, setup)
        assert game.result is not None and "points of units in play" in game.result.reason


def test_ai_board_gaps_equal_their_plain_definitions():
    """The AI's board geometry written out for speed (point_gap, poly_gap, _bbox) gives exactly the floats of the
    plain definitions: 0 inside, else the smallest point-to-edge distance; min and max of the coordinates."""
    import random

    from skirmish_hobgoblin.ai import board

    rng = random.Random(7)

    def plain_point_gap(p, poly):
        if board.inside(p, poly):
            return 0.0
        return min(board._seg_point(p, poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly)))

    def plain_poly_gap(a, b):
        if any(board.inside(p, b) for p in a) or any(board.inside(p, a) for p in b):
            return 0.0
        return min(min(plain_point_gap(p, other) for p in poly) for poly, other in ((a, b), (b, a)))

    for _ in range(3000):
        x, y = rng.uniform(0, 72), rng.uniform(0, 48)
        a = board.corners(x, y, rng.uniform(0, 360), rng.uniform(1, 8), rng.uniform(1, 4))
        b = [(x + rng.uniform(-9, 9), y + rng.uniform(-9, 9)) for _ in range(rng.choice((3, 4, 5)))]
        p = (x + rng.uniform(-9, 9), y + rng.uniform(-9, 9))
        assert board.point_gap(p, a) == plain_point_gap(p, a)
        assert board.point_gap(p, b) == plain_point_gap(p, b)
        c = board.corners(x + rng.uniform(-6, 6), y + rng.uniform(-6, 6), rng.uniform(0, 360), 4.0, 2.0)
        assert board.poly_gap(a, c) == plain_poly_gap(a, c)
        assert board._bbox(b) == (min(q[0] for q in b), min(q[1] for q in b), max(q[0] for q in b),
                                  max(q[1] for q in b))


def test_ai_free_run_equals_its_plain_definition():
    """free_run leaves out the outlines whose grown box misses the path's box before sampling (speed): the same
    floats as sampling every half-step against every outline near the path, on random paths among random
    outlines (units and terrain, some touching the start)."""
    import math
    import random

    from skirmish_hobgoblin.ai import board

    class _View:
        state = {"table": [72.0, 48.0]}

    def plain(unit, a, b, polys):
        w, d = 72.0, 48.0
        r = 0.45 * float(unit["width"])
        half_depth = float(unit["depth"]) / 2
        length = board.dist(a, b)
        steps = max(1, int(length / 0.75))
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        near = [p for p in polys if board._box_gap(mid, board._bbox(p)) <= length / 2 + r + 0.5]
        for i in range(1, steps + 1):
            t = i / steps
            px, py = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
            if not (half_depth < px < w - half_depth and half_depth < py < d - half_depth):
                return length * (i - 1) / steps
            for poly in near:
                g, was = board.point_gap((px, py), poly), board.point_gap(a, poly)
                if g < r and not (was < r and g >= was - 1e-9):
                    return length * (i - 1) / steps
        return length

    rng = random.Random(11)
    view = _View()
    stopped = 0
    for _ in range(1500):
        unit = {"width": rng.uniform(1, 8), "depth": rng.uniform(1, 4), "facing": 0.0}
        a = (rng.uniform(2, 70), rng.uniform(2, 46))
        ang, go = rng.uniform(0, 2 * math.pi), rng.choice((0.3, 3.0, 8.0, 14.0))
        b = (a[0] + math.cos(ang) * go, a[1] + math.sin(ang) * go)
        if rng.random() < 0.2:  # straight along an axis (the path's box is a line)
            b = (a[0], b[1]) if rng.random() < 0.5 else (b[0], a[1])
        polys = [board.corners(a[0] + rng.uniform(-12, 12), a[1] + rng.uniform(-12, 12), rng.uniform(0, 360),
                               rng.uniform(1, 6), rng.uniform(1, 4)) for _ in range(rng.randint(0, 8))]
        got = board.free_run(view, unit, a, b, polys)
        assert got == plain(unit, a, b, polys)
        stopped += got < board.dist(a, b)
    assert stopped > 300  # many paths are cut short (the test reaches the obstacle tests)
