"""Deployment for people: computed legal placements (flanks, centre, opposite an enemy, behind a friend)
beside the exact position, and figures rounded in the prompt."""

from __future__ import annotations

import re

from hob_bench import RULESET

from skirmish import Game
from skirmish_hobgoblin import deployment


def _to_placement(seed: int = 3) -> Game:
    g = Game(RULESET, {"players": ["red", "blue"], "first": "red"}, seed=seed)
    while g.pending is not None and g.pending.kind != "placement":
        d = g.pending
        g.answer(d.options[0].value if d.options else d.examples[0])
    return g


def _deploy_some(g: Game, n: int) -> None:
    for _ in range(n):
        while g.pending.kind != "placement":
            d = g.pending
            g.answer(d.options[0].value if d.options else d.examples[0])
        g.answer(g.pending.options[0].value)


def test_deployment_choices_are_legal_placements_in_the_zone():
    g = _to_placement()
    _deploy_some(g, 5)
    while g.pending.kind != "placement":
        g.answer(g.pending.options[0].value)
    uid = g.pending.context["actor"]
    unit = g.state.units[uid]
    values = [o.value for o in g.pending.options]
    assert values[-1] == "exact" and "left flank" in values and "centre" in values
    assert any(v.startswith("opposite ") for v in values) and any(v.startswith("behind ") for v in values)
    for o in g.pending.options[:-1]:
        data = o.data
        rect = deployment.footprint_at(g, unit, data["x"], data["y"])
        assert deployment.placement_error(g, unit, rect) == ""


def test_deployment_left_flank_is_on_the_left_as_the_player_faces_the_enemy():
    g = _to_placement()
    d = g.pending
    unit = g.state.units[d.context["actor"]]
    spots = {o.value: o.data for o in d.options}
    facing_north = deployment.facing_of(g, unit.side) == 90
    left, right = spots["left flank"]["x"], spots["right flank"]["x"]
    assert (left < right) if facing_north else (left > right)


def test_deployment_choice_places_the_unit_there_and_behind_means_behind():
    g = _to_placement()
    d = g.pending
    first = g.state.units[d.context["actor"]]
    spot = d.options[1].data
    g.answer(d.options[1].value)
    assert (first.x, first.y) == (spot["x"], spot["y"]) and first.in_play
    while not (g.pending.kind == "placement" and g.pending.player == first.side):
        dd = g.pending
        g.answer(dd.options[0].value if dd.options else dd.examples[0])
    behind = next(o for o in g.pending.options if o.value == f"behind {first.name}")
    data = behind.data
    towards_enemy = 1 if deployment.facing_of(g, first.side) == 90 else -1
    assert (first.y - data["y"]) * towards_enemy > 0 and abs(data["x"] - first.x) <= first.width / 2


def test_deployment_exact_position_asks_rounded_bounds():
    g = _to_placement()
    g.answer("exact")
    d = g.pending
    assert d.kind == "position"
    assert not re.search(r"\d\.\d\d", d.prompt)  # no raw floats like 3.54331
    g.answer(d.examples[0])
    assert g.pending is None or g.pending.kind != "position"


def test_deployment_prompt_and_labels_round_inches():
    g = _to_placement()
    assert not re.search(r"\d\.\d\d", g.pending.prompt)
    assert all(not re.search(r"\d\.\d\d", o.label) for o in g.pending.options)
    assert deployment.num(3.54331) == "3.5" and deployment.num(12.0) == "12"


def test_deployment_suggested_spots_are_legal_as_offered_after_rounding():
    """The offered centres are rounded to 0.01"; each is checked where it is offered, so a friend standing a hair
    beyond an unrounded spot never makes the suggestion refused (a 2v2 game once stopped at set-up on this)."""
    g = _to_placement()
    unit = g.state.units[g.pending.context["actor"]]
    other = next(u for u in g.state.units.values() if u.side == unit.side and u.id != unit.id)
    facing = deployment.facing_of(g, unit.side)
    lo, hi = deployment.zone(g, unit.side)
    row = hi - unit.depth / 2 - 0.5 if facing == 90 else lo + unit.depth / 2 + 0.5
    half = other.width / 2 if facing in (90, 270) else other.depth / 2
    checked = 0
    for k in (3, 4):
        for eps in (0.0005, 0.001, 0.002, 0.003, 0.004, 0.006):
            # the friend's right edge just short of a candidate's left edge, then its left edge just past one's right
            for x in (1 + 2 * k - eps - half, unit.width + 1 + 2 * k + eps + half):
                deployment.place(g, other, x, row, facing, "test")
                for sx, sy in deployment.free_spots(g, unit):
                    assert deployment.placement_error(g, unit, deployment.footprint_at(g, unit, sx, sy)) == ""
                    checked += 1
    assert checked > 100
