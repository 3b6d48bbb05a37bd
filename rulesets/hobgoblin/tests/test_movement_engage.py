"""Engaging: a unit engages by moving into contact with any manoeuvre (not only after squaring up to the enemy)."""

from __future__ import annotations

from hob_bench import battle, run, unit

from skirmish_hobgoblin import measuring, moves, stats, turns
from skirmish_hobgoblin.state import Activation


def test_any_manoeuvre_may_engage_an_advance_straight_into_a_slanted_enemy_a_hair_away():
    """B stands 0.04" ahead of A at a 20 degree slant: the wheel that would square A up to B's front swings A's corner
    into B, and a plain Advance stops at B (engaging is its own option). The engine offered no way to engage at all;
    the rules let any manoeuvre make contact, so the Advance straight on into B is offered as the engagement."""
    g = battle([{"name": "A", "x": 30, "y": 14, "facing": 90}], [{"name": "B", "x": 29, "y": 17.34, "facing": 250}])
    a, b = unit(g, "A"), unit(g, "B")
    assert 0.0 < measuring.gap(a, b) < 0.05
    g.state.activation = Activation(a.id, float(stats.speed(a)), (a.x, a.y, a.facing), [])
    plans = moves.plan_engage(g, a, b)
    assert plans and [k for k, _ in plans[0]["steps"]] == ["advance"] and plans[0]["cost"] == 1
    assert f"engage {b.id} {plans[0]['edge']}" in {o.value for o in turns.move_options(g, a)}
    for kind, amount in plans[0]["steps"]:
        run(g, turns.perform, a.id, kind, amount)
    assert measuring.engaged(g.state, a) == [b]
