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
