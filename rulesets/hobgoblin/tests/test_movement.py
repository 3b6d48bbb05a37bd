"""Manoeuvres with exact numbers: MP costs, wheels, contact, Distracted, disengaging and Punish."""

from __future__ import annotations

import math

import pytest
from hob_bench import battle, run, unit

from skirmish_hobgoblin import measuring, moves, stats, turns
from skirmish_hobgoblin.state import Activation

# a 150 mm x 60 mm unit is 5.905512" x 2.362205"
W, D = 150 / 25.4, 60 / 25.4


def _start(game, u):
    game.state.activation = Activation(u.id, float(stats.speed(u)), (u.x, u.y, u.facing),
                                       [e.id for e in measuring.engaged(game.state, u)])


def _lone(**kw):
    return battle([{"name": "A", "x": 36, "y": 10, **kw}], [{"name": "B", "x": 10, "y": 44}])


def test_advance_costs_one_mp_per_inch_rounded_up():
    g = _lone()
    a = unit(g, "A")
    _start(g, a)
    out = moves.check(g, a, "advance", 3.5)
    assert out.cost == 4 and not out.error
    assert out.end.centre.y == pytest.approx(13.5)
    assert moves.check(g, a, "advance", 8.5).error.startswith("advance 8.5 costs 9 MP")


def test_shuffle_and_retreat_move_half_an_inch_per_mp():
    g = _lone()
    a = unit(g, "A")
    _start(g, a)
    assert moves.check(g, a, "shuffle-left", 1.2).cost == 3
    out = moves.check(g, a, "shuffle-right", 2.0)
    assert out.cost == 4 and out.end.centre.x == pytest.approx(38.0)
    assert moves.check(g, a, "retreat", 4.0).cost == 8


def test_wheel_measures_the_moving_front_corner():
    g = _lone()
    a = unit(g, "A")
    _start(g, a)
    out = moves.check(g, a, "wheel-left", 3.0)
    assert out.cost == 3
    corner = a.rect.corner("front-right")
    moved = out.end.corner("front-right")
    assert math.dist((corner.x, corner.y), (moved.x, moved.y)) == pytest.approx(3.0)
    hinge, still = a.rect.corner("front-left"), out.end.corner("front-left")
    assert (still.x, still.y) == pytest.approx((hinge.x, hinge.y))
    assert out.end.facing == pytest.approx(90 + math.degrees(2 * math.asin(3.0 / (2 * W))))


def test_reform_costs_five_or_two_for_nimble_and_distracts():
    g = _lone()
    a = unit(g, "A")
    _start(g, a)
    assert moves.check(g, a, "reform", 90).cost == 5
    a.keywords.add("Nimble")
    assert moves.check(g, a, "reform", 90).cost == 2
    run(g, turns.perform, a.id, "reform", 90.0)
    assert a.facing == pytest.approx(180) and a.has(stats.DISTRACTED)
    assert g.state.activation.mp == 6


def test_table_edges_are_impassable():
    g = battle([{"name": "A", "x": 36, "y": 2}], [{"name": "B", "x": 10, "y": 44}])
    a = unit(g, "A")
    _start(g, a)
    assert "table edge" in moves.check(g, a, "retreat", 1.0).error
    assert moves.max_amount(g, a, "retreat") == pytest.approx(2 - D / 2, abs=0.011)


def test_units_are_impassable_and_the_advance_stops_in_contact():
    g = battle([{"name": "A", "x": 36, "y": 10}], [{"name": "B", "x": 36, "y": 16, "facing": 270}])
    a, b = unit(g, "A"), unit(g, "B")
    _start(g, a)
    gap = 6 - D
    assert "would pass through B" in moves.check(g, a, "advance", gap + 0.5).error
    run(g, turns.perform, a.id, "advance", round(gap, 6))
    assert measuring.engaged(g.state, a) == [b]
    assert measuring.contact_side(b, a) == measuring.FRONT


def test_distracted_unit_may_not_move_into_contact():
    g = battle([{"name": "A", "x": 36, "y": 10}], [{"name": "B", "x": 36, "y": 16, "facing": 270}])
    a = unit(g, "A")
    _start(g, a)
    a.keywords.add(stats.DISTRACTED)
    err = moves.check(g, a, "advance", round(6 - D, 6)).error
    assert "Distracted and may not move into contact with B" in err


def test_engage_plan_wheels_and_advances_into_flush_contact():
    g = battle([{"name": "A", "x": 30, "y": 14, "facing": 80}], [{"name": "B", "x": 32, "y": 22, "facing": 270}])
    a, b = unit(g, "A"), unit(g, "B")
    _start(g, a)
    plans = moves.plan_engage(g, a, b)
    assert plans and plans[0]["edge"] == "front" and plans[0]["flush"]
    for kind, amount in plans[0]["steps"]:
        run(g, turns.perform, a.id, kind, amount)
    assert measuring.engaged(g.state, a) == [b]
    assert a.facing == pytest.approx(90, abs=0.1)


def test_side_contact_caps_dice_at_five_and_rear_at_three():
    g = battle([{"name": "A", "x": 36, "y": 20}],
               [{"name": "Flank", "x": 36 + W / 2 + D / 2, "y": 20, "facing": 180},
                {"name": "Rear", "x": 36, "y": 20 - D, "facing": 90, "general": False, "battle_standard": False}])
    a, flank, rear = unit(g, "A"), unit(g, "Flank"), unit(g, "Rear")
    assert measuring.contact_side(a, flank) == measuring.SIDE
    assert measuring.contact_side(a, rear) == measuring.REAR
    combos = turns.splits(g, a, [flank, rear], 12)
    assert all(c[0] <= 5 and c[1] <= 3 for c in combos)
    assert max(sum(c) for c in combos) == 8  # the caps leave 4 of the 12 dice unassigned


def test_outmanoeuvred_lowers_courage_per_enemy_on_flank_or_rear():
    g = battle([{"name": "A", "x": 36, "y": 20}],
               [{"name": "Flank", "x": 36 + W / 2 + D / 2, "y": 20, "facing": 180},
                {"name": "Rear", "x": 36, "y": 20 - D, "facing": 90, "general": False, "battle_standard": False}])
    a = unit(g, "A")
    stats.refresh(g, a)
    assert a.has(stats.OUTMANOEUVRED)
    assert stats.courage(g, a) == 10 + 2 - 2


def test_at_least_three_dice_to_each_engaged_enemy():
    g = battle([{"name": "A", "x": 36, "y": 20}],
               [{"name": "F1", "x": 33, "y": 20 + D, "facing": 270},
                {"name": "F2", "x": 39, "y": 20 + D, "facing": 270, "general": False, "battle_standard": False}])
    a, f1, f2 = unit(g, "A"), unit(g, "F1"), unit(g, "F2")
    combos = turns.splits(g, a, [f1, f2], 12)
    assert combos and all(min(c) >= 3 and sum(c) == 12 for c in combos)
    assert len(combos) == 7


def test_disengaging_lets_the_enemy_punish():
    g = battle([{"name": "A", "x": 36, "y": 20}], [{"name": "B", "x": 36, "y": 20 + D, "facing": 270}])
    a, _b = unit(g, "A"), unit(g, "B")
    _start(g, a)
    run(g, turns.perform, a.id, "retreat", 1.0)
    run(g, turns.end_activation, a.id)
    assert g.pending.kind == "punish" and g.pending.player == "blue"  # the book: the enemy *may* Punish (A16)
    g.load_dice([6] * 13)
    g.answer("punish", "blue")
    assert a.doom == 13  # B (General and Battle Standard: Hero [3]) punishes with all 13 dice


def test_punish_may_be_declined():
    g = battle([{"name": "A", "x": 36, "y": 20}], [{"name": "B", "x": 36, "y": 20 + D, "facing": 270}])
    a = unit(g, "A")
    _start(g, a)
    run(g, turns.perform, a.id, "retreat", 1.0)
    run(g, turns.end_activation, a.id)
    g.answer("decline", "blue")
    assert a.doom == 0 and not any(e.kind == "attack" and "Punish" in e.text for e in g.log)


def test_better_part_of_valour_disengages_without_punishment():
    g = battle([{"name": "A", "x": 36, "y": 20}], [{"name": "B", "x": 36, "y": 20 + D, "facing": 270}])
    a = unit(g, "A")
    _start(g, a)
    g.state.activation.no_punish = True
    run(g, turns.perform, a.id, "retreat", 1.0)
    run(g, turns.end_activation, a.id)
    assert a.doom == 0


def test_wheel_into_contact_and_a_wheel_blocked_by_a_unit():
    # B stands 2.5" ahead: the swinging front corner meets it part of the way round
    g = battle([{"name": "A", "x": 30, "y": 10}], [{"name": "B", "x": 30, "y": 10 + D + 2.5, "facing": 270}])
    a, b = unit(g, "A"), unit(g, "B")
    _start(g, a)
    top = moves.max_amount(g, a, "wheel-right")
    assert 2.5 < top < 8.0
    out = moves.check(g, a, "wheel-right", top)
    assert not out.error
    assert "would pass through B" in moves.check(g, a, "wheel-right", top + 0.1).error
    run(g, turns.perform, a.id, "wheel-right", top)
    assert measuring.gap(a, b) < 0.1  # wheeled up to (almost) touching B


def test_backwards_wheel_distracts_first():
    g = _lone()
    a = unit(g, "A")
    _start(g, a)
    run(g, turns.perform, a.id, "wheel-back-left", 2.0)
    assert a.has(stats.DISTRACTED) and g.state.activation.mp == 6
    assert a.facing == pytest.approx(90 - math.degrees(2 * math.asin(2.0 / (2 * W))))


def test_corner_to_corner_contact_is_a_front_contact_and_a_rear_corner_caps_at_five():
    # B's front-left corner touches A's front-right corner only
    g = battle([{"name": "A", "x": 30, "y": 10}], [{"name": "B", "x": 30 + W, "y": 10 + D, "facing": 270}])
    a, b = unit(g, "A"), unit(g, "B")
    assert measuring.engaged(g.state, a) == [b]
    assert measuring.contact_side(a, b) == measuring.FRONT
    # C touches only A's rear-left corner
    g2 = battle([{"name": "A", "x": 30, "y": 10}], [{"name": "C", "x": 30 - W, "y": 10 - D, "facing": 90}])
    a2, c = unit(g2, "A"), unit(g2, "C")
    assert measuring.contact_side(a2, c) == measuring.SIDE
    assert turns.splits(g2, a2, [c], 13) == [(5,)]


def test_reform_ignores_units_while_turning_but_not_where_it_ends():
    g = battle([{"name": "A", "x": 30, "y": 10}, {"name": "F", "x": 30, "y": 10 + D / 2 + 0.3 + D / 2,
                                                  "general": False, "battle_standard": False}],
               [{"name": "B", "x": 30, "y": 44}])
    a = unit(g, "A")
    _start(g, a)
    assert not moves.check(g, a, "reform", 180).error  # the corners sweep through F's space: allowed
    assert "would end overlapping F" in moves.check(g, a, "reform", 90).error


def test_fly_may_not_end_in_contact_with_an_enemy_it_flew_over():
    g = battle([{"name": "F", "x": 30, "y": 10, "keywords": ["Flying"]}],
               [{"name": "B", "x": 30, "y": 16, "facing": 270},
                {"name": "C", "x": 30, "y": 24 + D + 1.0, "facing": 270, "general": False,
                 "battle_standard": False}])
    f = unit(g, "F")
    _start(g, f)
    out = moves.check(g, f, "fly", 12.0)
    assert not out.error and "b1" in [e.id for e in g.state.enemies(f) if out.swept.overlaps(e.rect)]
    g.state.activation.flown_over = ["b1"]
    g.state.activation.flown = True
    assert "Fly is allowed once per activation" in moves.check(g, f, "fly", 12.0).error
