"""The three steering faults found against Him (issue 26), each set up and the AI's choice checked: a Reform read
as a blocked manoeuvre, a Reform planned before a Fly (a Reform leaves the unit Distracted, and a Distracted unit
may not Fly), and falling back to 2" from the table edge, where a unit cannot Reform to face the enemy again."""

from __future__ import annotations

import math

import pytest
from test_ai_choices import _move_decision, ai, unit, view

from skirmish import Option
from skirmish_hobgoblin.ai import steering
from skirmish_hobgoblin.ai.movement import Planner


def _moves(actor: str, *kinds: str) -> list[Option]:
    return [Option(k, k, data={"action": "manoeuvre", "actor": actor, "manoeuvre": k}) for k in kinds]


def test_a_reform_that_turned_the_unit_is_not_read_as_blocked():
    """The unit reformed on the spot to face its goal (its centre did not move): it advances next. The old AI
    compared centres only, took the Reform for a blocked manoeuvre and shuffled aside."""
    me = unit("h", "red", "heavy-infantry", 30.0, 10.0, facing=90.0)  # faces its goal now
    v = view([me])
    agent = ai()
    agent._plan = {"key": (2, "h"), "steps": 1, "start": (30.0, 10.0), "alts": [], "goal": (30.0, 30.0),
                   "target": "", "at": (30.0, 10.0, 270.0)}  # before the Reform it faced south
    answer = agent.decide(v, _move_decision("h", 3, _moves("h", "advance", "shuffle-left", "shuffle-right")))
    assert answer == "advance" and agent._amount == pytest.approx(3.0)


def test_a_manoeuvre_that_left_the_unit_where_it_was_facing_the_same_way_is_blocked():
    """The other side of the same check: same centre and same facing is blocked, so the unit steps aside."""
    me = unit("h", "red", "heavy-infantry", 30.0, 10.0, facing=90.0)
    v = view([me])
    agent = ai()
    agent._plan = {"key": (2, "h"), "steps": 1, "start": (30.0, 10.0), "alts": [], "goal": (30.0, 30.0),
                   "target": "", "at": (30.0, 10.0, 90.0)}
    answer = agent.decide(v, _move_decision("h", 6, _moves("h", "advance", "shuffle-left", "shuffle-right")))
    assert answer.startswith("shuffle")


def test_a_flying_unit_turning_about_does_not_plan_a_fly_after_its_reform():
    """Lance Knights (Flying, 5.9" wide, Speed 12) facing away from their goal: a wheel round would cost 12 MP, so
    they Reform (5 MP) and are then Distracted: the plan is an advance of the 7 MP left, not a 14" Fly (which the
    old AI planned, valued, and then could not make)."""
    knights = unit("k", "red", "heavy-cavalry", 30.0, 24.0, facing=270.0, keywords="Flying, Fragile",
                   width=5.9, depth=3.9, speed=12)
    kind, degrees = steering.next_step(knights, (30.0, 44.0), 12.0)
    assert kind == "reform" and abs(degrees) == pytest.approx(180.0)
    end, facing, go, _turned, flew = steering.predict(knights, (30.0, 44.0), 12.0)
    assert not flew and go == pytest.approx(7.0) and end[1] == pytest.approx(31.0) and facing == pytest.approx(90.0)


def test_a_distracted_flying_unit_advances_instead_of_flying():
    knights = unit("k", "red", "heavy-cavalry", 30.0, 10.0, facing=90.0, keywords="Flying, Distracted",
                   width=5.9, depth=3.9, speed=12)
    assert steering.next_step(knights, (30.0, 40.0), 7.0) == ("advance", 7.0)
    assert steering.next_step(dict(knights, keywords="Flying"), (30.0, 40.0), 7.0) == ("fly", 14.0)


def test_a_flying_unit_wheels_rather_than_reforms_when_it_can_still_fly_after_the_wheel():
    """An 80-degree turn for a 4" wide flyer: the wheel's corner travels 5.1" (6 MP) and leaves the 6 MP a 12" Fly
    needs; a Reform (5 MP) would be cheaper but leave it Distracted and unable to Fly."""
    flyer = unit("f", "red", "heavy-cavalry", 30.0, 10.0, facing=10.0, keywords="Flying", width=4.0, depth=3.0,
                 speed=12)
    goal = (30.0 + 30.0 * math.cos(math.radians(90.0)), 40.0)
    kind, _amount = steering.next_step(flyer, goal, 12.0)
    assert kind == "wheel-left"
    _end, _facing, go, _turned, flew = steering.predict(flyer, goal, 12.0)
    assert flew and go == pytest.approx(12.0)
    assert steering.next_step(dict(flyer, keywords=""), goal, 12.0)[0] == "reform"  # on foot: the cheap Reform


def test_a_unit_falls_back_where_it_can_still_reform_to_face_the_enemy():
    """The fall-back goal used to be 2" from the unit's own table edge: an 8" x 4" unit standing there cannot
    turn about its centre without its corners leaving the table. Now it stops where a Reform fits."""
    me = unit("h", "red", "heavy-infantry", 30.0, 14.0, facing=90.0, width=8.0, depth=4.0)
    enemy = unit("e", "blue", "heavy-infantry", 30.0, 30.0, facing=270.0)
    plan = Planner(view([me, enemy]), "red", {"h": me, "e": enemy}, moves_after=False)
    back = next(goal for goal, why, _t in plan.goals(me) if why == "fall back")
    assert back[1] - math.hypot(8.0, 4.0) / 2 >= 0.5  # every corner stays on the table, whichever way it turns
    north = dict(me, y=34.0, facing=270.0)
    blue = Planner(view([north, enemy]), "blue", {"h": dict(north, side="blue"), "e": dict(enemy, side="red")},
                   moves_after=False)
    back = next(goal for goal, why, _t in blue.goals(dict(north, side="blue")) if why == "fall back")
    assert 48.0 - back[1] - math.hypot(8.0, 4.0) / 2 >= 0.5
