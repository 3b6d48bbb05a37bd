"""The battle AI's choices that lost games against Him (the solo opponent, who charges whatever He can reach):
the First Player token (it moves second, seeing where the enemy went, unless a charge of its own is in reach)
and the Command that holds a friend from breaking. Views are built by hand, as in ``test_ai_choices.py``."""

from __future__ import annotations

import pytest
from test_ai_choices import ai, unit, view

from skirmish_hobgoblin.ai import initiative
from skirmish_hobgoblin.decide import decision, option


def _initiative(player: str = "red") -> object:
    return decision(player, "initiative", "keep or pass?",
                    options=[option(player, "keep", action="keep", player=player),
                             option("blue", "pass", action="pass", player="blue")],
                    context={"phase": "Initiative", "action": "first-player", "roll": 5})


def test_the_ai_passes_the_first_player_token_when_no_charge_is_in_reach():
    mine = unit("k", "red", "heavy-infantry", 36, 10, speed=6)
    theirs = unit("t", "blue", "monster", 36, 36, facing=270.0, speed=10)
    v = view([mine, theirs], first="red")
    assert not initiative.wants_first(v, "red")
    assert ai().decide(v, _initiative()) == "blue"


def test_the_ai_keeps_the_first_player_token_when_a_charge_is_in_reach():
    mine = unit("k", "red", "heavy-infantry", 36, 10, speed=6)
    theirs = unit("t", "blue", "monster", 36, 20, facing=270.0, speed=10)  # 8" apart: the Monster reaches
    v = view([mine, theirs], first="red")
    assert initiative.wants_first(v, "red")
    assert ai().decide(v, _initiative()) == "red"


def test_carpe_diem_gives_the_token_away_when_the_ai_would_rather_move_second():
    mine = unit("k", "red", "heavy-infantry", 36, 10, speed=6)
    theirs = unit("t", "blue", "monster", 36, 36, facing=270.0, speed=10)
    v = view([mine, theirs], first="red")
    d = decision("red", "first-player", "Carpe Diem: who takes it?",
                 options=[option("red", "red takes it", action="take", player="red"),
                          option("blue", "blue takes it", action="give", player="blue")],
                 context={"phase": "Initiative", "action": "first-player"})
    assert ai().decide(v, d) == "blue"


def test_the_general_does_not_leave_behind_a_friend_that_only_its_command_keeps_from_breaking():
    """Fragile Chariots with 5 Doom hold at Courage 12 (the General's Command [2] within 8"): Courage 10 breaks
    them at 5. The General's move away costs their points; staying by them costs nothing."""
    from skirmish_hobgoblin.ai.movement import Planner

    general = unit("g", "red", "heavy-cavalry", 30, 10, keywords="Command [2], Hero [3], Fragile", courage=12,
                   points=900)
    chariots = unit("c", "red", "chariot", 36, 10, keywords="Narrow Footprint, Devastating Charge, Fragile",
                    courage=12, doom=5, width=3.0, depth=5.0, points=350)
    foe = unit("t", "blue", "monster", 30, 44, facing=270.0)
    v = view([general, chariots, foe])
    plan = Planner(v, "red", {u["id"]: u for u in (general, chariots, foe)}, moves_after=False)
    assert plan.command_cost(general, (30, 12)) == 0
    assert plan.command_cost(general, (30, 24)) == pytest.approx(350)
    assert plan.command_cost(chariots, (36, 24)) == pytest.approx(350)  # it walks out of the Command itself
    assert plan.command_cost(chariots, (34, 12)) == 0


def test_a_unit_does_not_walk_into_the_reach_of_enemies_that_move_after_it():
    """Seed 25 against Him, round 1: the Wolf Riders move first and a weak Rock Lobber behind the Cave Troll and
    Guruk's Mob lures them forward, to end 5" from both; He moves next and charges them. What the enemies that move
    after it this round would gain counts in full, so the Riders stay out of reach."""
    from skirmish_hobgoblin.ai.board import gap
    from skirmish_hobgoblin.ai.movement import Planner
    from skirmish_hobgoblin.decide import option_data

    riders = unit("w", "red", "light-cavalry", 61.67, 13.93, width=5.906, depth=3.15, speed=14, points=400,
                  keywords="Wide Footprint, Skirmishers, Nimble, Ranged [8], Despised, Unruly")
    troll = unit("t", "blue", "monster", 50.575, 34.362, facing=270.0, width=3.15, depth=4.724, speed=10,
                 points=700, courage=12, keywords="Narrow Footprint, Wild, Large, Terrifying, Undistractable")
    mob = unit("m", "blue", "light-infantry", 57.172, 34.362, facing=270.0, width=7.087, depth=4.724, courage=22,
               points=450, keywords="Horde, General, Battle Standard, Hero [4], Command [2], Undistractable")
    lobber = unit("l", "blue", "artillery", 45.819, 45.375, facing=270.0, width=2.362, depth=3.15, doom=1, speed=0,
                  keywords="Narrow Footprint, Immobile, Ranged [48], Fragile, Self-Destructive, Undistractable")
    units = [riders, troll, mob, lobber]
    v = view(units, rnd=1, first="red")
    plan = Planner(v, "red", {u["id"]: u for u in units}, moves_after=True)
    best = plan.choose(riders, [], option_data, 14.0)
    assert best.end is not None
    assert gap(riders, troll, best.end) > 10.5 and gap(riders, mob, best.end) > 8.5
