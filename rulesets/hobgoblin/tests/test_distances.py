"""Distances as the book defines them (issue 27; README "Distances"): "within x"" between the closest points of
the two units, a targeted action's range from the centre of the acting unit's front edge to the closest point of
the target. Each rule is checked just inside and just outside its distance, with the units set so that any other
way of measuring (centres, front edge for "within") would give the other answer."""

from __future__ import annotations

import pytest
from hob_bench import battle, run, unit

from skirmish_hobgoblin import measuring, stats, turns
from skirmish_hobgoblin.magic import casting
from skirmish_hobgoblin.magic.spells import builtin_spells

W = 150 / 25.4  # a Light Infantry unit's width (the test units stand side by side, both facing north)


def _side_by_side(gap: float, red_extra: dict | None = None, friend: dict | None = None, blue: list | None = None):
    """Red A at x 20 and red F ``gap``" to its right (closest points), blue far away unless given."""
    red = [{"name": "A", "x": 20, "y": 10, **(red_extra or {})},
           {"name": "F", "x": 20 + W + gap, "y": 10, "general": False, "battle_standard": False, **(friend or {})}]
    return battle(red, blue or [{"name": "B", "x": 60, "y": 44}])


@pytest.mark.parametrize(("gap", "doom"), [(7.9, 1), (8.1, 0)])
def test_panic_gives_doom_to_friends_within_8_inches_closest_points(gap, doom):
    g = _side_by_side(gap, red_extra={"doom": 20})
    stats.refresh_all(g)
    run(g, turns._panic_step)
    assert unit(g, "F").doom == doom  # centres are gap + 5.9" apart: measured centre to centre, never 1


@pytest.mark.parametrize(("gap", "bonus"), [(7.9, True), (8.1, False)])
def test_command_reaches_friends_within_its_range_closest_points(gap, bonus):
    g = _side_by_side(gap)
    a, f = unit(g, "A"), unit(g, "F")
    rng = 8.0
    alone = _side_by_side(30.0)
    base = stats.courage(alone, unit(alone, "F"))
    assert a.value("Command") > 0 and measuring.gap(a, f) == pytest.approx(gap) and gap < rng + 0.2
    assert (stats.courage(g, f) > base) is bonus


@pytest.mark.parametrize(("gap", "near"), [(7.9, True), (8.1, False)])
def test_devour_looks_for_enemies_within_8_inches_closest_points(gap, near):
    from skirmish_hobgoblin import keywords

    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20 + W + gap, "y": 10, "facing": 90}])
    a = unit(g, "A")
    a.keywords.add("Devour")
    run(g, keywords.movement_start, a)
    assert any("feasting" in e.text for e in g.log) is not near


@pytest.mark.parametrize(("front", "target"), [(-0.3, True), (0.3, False)])
def test_shooting_range_is_from_the_front_edge_centre_to_the_closest_point(front, target):
    """A target ahead and off to the side: closest points
    would put it in range in both cases; from the centre of the front edge it is in range only in the first."""
    import math

    g = battle([{"name": "A", "x": 20, "y": 10, "type": "Ranged Infantry"}], [{"name": "B", "x": 60, "y": 44}])
    a, b = unit(g, "A"), unit(g, "B")
    rng = stats.shot_range(g, a)
    side = 8.0  # B's near corner 8" to the right of the front edge centre, ahead: rng + front from it
    ahead = math.sqrt((rng + front) ** 2 - side ** 2)
    b.x, b.y, b.facing = a.x + side + W / 2, a.y + a.depth / 2 + ahead + b.depth / 2, 270.0
    assert measuring.gap(a, b) < rng and measuring.range_to(a, b) == pytest.approx(rng + front)
    assert (b in [t for t, _ in turns.shooting_targets(g, a)]) is target


def test_targeted_spell_range_from_the_front_edge_untargeted_within_from_closest_points():
    """A Making aimed at a unit: front edge centre to closest point; an untargeted "within x"": closest points."""
    spells = builtin_spells()
    targeted = next(s for s in spells.values() if s.targeted and s.target in ("friendly", "any", ""))
    g = battle([{"name": "W", "x": 20, "y": 10, "keywords": ["Wizard"]},
                {"name": "F", "x": 20 + W + targeted.range - 0.5, "y": 10, "general": False,
                 "battle_standard": False}], [{"name": "B", "x": 60, "y": 44}])
    w, f = unit(g, "W"), unit(g, "F")
    assert measuring.gap(w, f) < targeted.range < measuring.range_to(w, f)
    assert f.id not in [u.id for u in casting.targets(g, w, targeted)]


@pytest.mark.parametrize(("gap", "inside"), [(3.9, True), (4.1, False)])
def test_arcane_terrain_wizards_within_4_inches_closest_points(gap, inside):
    x = 20 + W / 2 + gap  # a 2" square of Arcane terrain, its near side gap" from the Wizard's right side
    layout = {"pieces": [{"kind": "rubble", "rect": [x + 1, 10, 2, 2, 0], "keywords": ["arcane"]}]}
    g = battle([{"name": "W", "x": 20, "y": 10, "keywords": ["Wizard"]}], [{"name": "B", "x": 60, "y": 44}],
               layout=layout)
    plain = battle([{"name": "W", "x": 20, "y": 10, "keywords": ["Wizard"]}], [{"name": "B", "x": 60, "y": 44}])
    assert (turns.mercury_income(g, "red") > turns.mercury_income(plain, "red")) is inside
