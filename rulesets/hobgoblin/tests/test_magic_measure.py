"""The spell-worth measurement's position score (magic/measure.py): points still fighting, Mercury and cards."""

from __future__ import annotations

from hob_bench import battle, unit

from skirmish_hobgoblin.magic.measure import CARD_POINTS, MERCURY_POINTS, position


def test_measure_position_counts_courage_left_mercury_and_cards():
    g = battle([{"name": "Gen", "x": 20, "y": 10}], [{"name": "Foe", "x": 60, "y": 40}])
    gen, foe = unit(g, "Gen"), unit(g, "Foe")
    base = position(g, "red")
    assert base == gen.points - foe.points
    foe.doom = foe.courage + foe.courage_bonus  # all its Courage taken
    g.state.sides["red"].mercury += 2
    assert position(g, "red") == gen.points + 2 * MERCURY_POINTS
    foe.status = "removed"
    g.state.sides["blue"].hand.cards.append("x")
    assert position(g, "red") == gen.points + 2 * MERCURY_POINTS - CARD_POINTS
    assert position(g, "blue") == -position(g, "red")
