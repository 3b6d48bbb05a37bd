"""The battle AI's choices in set-up situations: objectives, flanks, terrain, Force of Will, activations, spells.

Views are built by hand (the plain data a player's view holds), so each test shows exactly what the AI sees.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from skirmish import AgentContext, Decision, Option
from skirmish_hobgoblin.agents import HobgoblinAI
from skirmish_hobgoblin.ai import combat, objectives
from skirmish_hobgoblin.ai.movement import Planner, terrain_cost
from skirmish_hobgoblin.explain import die_outcomes, hits_distribution
from skirmish_hobgoblin.rules import Hobgoblin

RULES = Hobgoblin()


def unit(uid: str, side: str, kind: str, x: float, y: float, facing: float = 90.0, **extra: Any) -> dict[str, Any]:
    u = {"id": uid, "side": side, "name": uid, "type": kind, "x": x, "y": y, "facing": facing, "width": 6.0,
         "depth": 2.0, "doom": 0, "courage": 10, "status": "ready", "speed": 8, "points": 300, "keywords": "",
         "engaged": []}
    u.update(extra)
    return u


def view(units: list[dict[str, Any]], *, scenario: str = "bloodbath", markers: list[dict[str, Any]] | None = None,
         terrain: list[dict[str, Any]] | None = None, first: str = "blue", rnd: int = 2, **sides: Any) -> Any:
    state = {"scenario": scenario, "first": first, "table": [72.0, 48.0], "units": units,
             "sides": {"red": {"mercury": sides.get("mercury", 0), "hand": [], "half": "south", "role": "",
                               "vp": 0},
                       "blue": {"mercury": 0, "hand": 0, "half": "north", "role": "", "vp": 0}},
             "markers": markers or [], "terrain": terrain or []}
    return SimpleNamespace(state=state, ruleset=RULES, game_round=rnd, phase="Movement",
                           check=lambda answer: None)


def ai() -> HobgoblinAI:
    return HobgoblinAI(AgentContext("red", 1, RULES, {}, ("red", "blue")))


def test_fight_odds_are_the_exact_odds_code():
    """A Monster hits Ranged Infantry on 3+: the chance it breaks them (10 Doom) in one round is the exact tail."""
    v = view([])
    me = unit("m", "red", "monster", 0, 0)
    them = unit("r", "blue", "ranged-infantry", 0, 3)
    exact = hits_distribution(10, die_outcomes(3))
    tail = float(sum(p for k, p in exact.items() if k >= 10))
    assert combat.at_least(combat.close_dist(v, me, them, 10), 10) == pytest.approx(tail)
    f = combat.fight(v, me, them)
    assert f.theirs_break > f.mine_break and f.value > 0


def test_flank_contact_caps_the_defender_and_is_worth_more():
    v = view([])
    me = unit("c", "red", "heavy-cavalry", 0, 0, keywords="Devastating Charge", points=450)
    them = unit("h", "blue", "heavy-infantry", 0, 3, keywords="Tough [1]", points=350)
    front, side, rear = (combat.fight(v, me, them, edge, charge=8.0) for edge in ("front", "side", "rear"))
    assert rear.mine_break < side.mine_break < front.mine_break
    assert rear.value > side.value > front.value


def _move_decision(actor: str, mp: float, options: list[Any]) -> Decision:
    return Decision("red", "move", "what next?", options=[Option("end", "end",
                                                                 data={"action": "end", "actor": actor}), *options],
                    context={"phase": "Movement", "actor": actor, "action": "move", "mp": mp})


def test_ai_charges_the_flank_when_it_is_offered():
    me = unit("c", "red", "heavy-cavalry", 30, 10, keywords="Devastating Charge", points=450, speed=12)
    them = unit("h", "blue", "light-infantry", 40, 14, facing=270.0)
    v = view([me, them])
    d = _move_decision("c", 12, [
        Option("engage h front", "front",
               data={"action": "engage", "actor": "c", "target": "h", "edge": "front", "flush": True,
               "cost": 10, "hazard": 0.0, "advance": 9.0}),
        Option("engage h side", "side",
               data={"action": "engage", "actor": "c", "target": "h", "edge": "side", "flush": True,
               "cost": 11, "hazard": 0.0, "advance": 9.0})])
    assert ai().decide(v, d) == "engage h side"


def test_ai_does_not_charge_a_fight_it_loses():
    me = unit("r", "red", "ranged-infantry", 30, 10, keywords="Ranged [24], Skirmishers")
    them = unit("m", "blue", "monster", 30, 16, facing=270.0, points=600)
    v = view([me, them])
    d = _move_decision("r", 8, [Option("engage m front", "front", data={"action": "engage", "actor": "r", "target": "m",
                                       "edge": "front", "flush": True, "cost": 4, "hazard": 0.0, "advance": 4.0})])
    assert ai().decide(v, d) != "engage m front"


def test_ai_goes_for_a_tides_of_war_marker_and_stays_on_it():
    """A unit standing over a marker is in base contact with it (A44), so the AI makes for it and holds."""
    me = unit("l", "red", "light-infantry", 20, 14)
    far = unit("e", "blue", "light-infantry", 60, 40, facing=270.0)
    marker = {"id": "objective1", "kind": "objective", "x": 20.0, "y": 20.0, "owner": "", "removed": False}
    v = view([me, far], scenario="tides-of-war", markers=[marker])
    plan = Planner(v, "red", {u["id"]: u for u in (me, far)}, moves_after=False)
    on_it = objectives.place_value(v, "red", me, (20.0, 20.0))
    near = objectives.place_value(v, "red", me, (20.0, 14.0))
    assert on_it > 2 * near > 0
    choice = plan.choose(me, [], lambda o: o.data, 8.0)
    assert choice.goal == (20.0, 20.0)
    there = dict(me, y=20.0)
    assert plan.choose(there, [], lambda o: o.data, 8.0).why == "hold"


def test_the_same_marker_is_worth_nothing_in_bloodbath():
    me = unit("l", "red", "light-infantry", 20, 14)
    marker = {"id": "objective1", "kind": "objective", "x": 20.0, "y": 20.0, "owner": "", "removed": False}
    assert objectives.place_value(view([me], markers=[marker]), "red", me, (20.0, 20.0)) == 0.0


def test_desperate_search_sends_the_general_not_the_rank_and_file():
    general = unit("g", "red", "heavy-infantry", 20, 14, keywords="General")
    soldier = unit("s", "red", "heavy-infantry", 30, 14)
    marker = {"id": "objective1", "kind": "objective", "x": 20.0, "y": 20.0, "owner": "red", "removed": False}
    v = view([general, soldier], scenario="desperate-search", markers=[marker])
    v.state["sides"]["red"]["role"] = "Attacker"
    assert objectives.place_value(v, "red", general, (20.0, 19.0)) > 0
    assert objectives.place_value(v, "red", soldier, (20.0, 19.0)) == 0.0


def test_bathed_in_glory_makes_enemy_characters_worth_more():
    hero = unit("h", "blue", "light-infantry", 0, 0, keywords="Hero [2]")
    plain = unit("p", "blue", "light-infantry", 0, 0)
    v = view([hero, plain], scenario="bathed-in-glory")
    assert objectives.unit_worth(v, "red", hero) > 0 == objectives.unit_worth(v, "red", plain)


def test_perilous_terrain_on_the_way_costs_and_is_avoided():
    pool = {"name": "Pool", "keywords": ["perilous"], "points": [[18, 18], [22, 18], [22, 22], [18, 22]]}
    me = unit("b", "red", "beasts", 20, 10, keywords="Skirmishers, Wild", speed=12)
    v = view([me], terrain=[pool])
    assert terrain_cost(v, me, (20, 10), (20, 30)) > 0
    assert terrain_cost(v, me, (20, 10), (40, 10)) == 0
    chariot = unit("c", "red", "chariot", 20, 10, keywords="Fragile, Devastating Charge", width=3.0, depth=4.0)
    target = unit("t", "blue", "light-infantry", 20, 28, facing=270.0)
    v = view([chariot, target], terrain=[pool])
    d = _move_decision("c", 10, [Option("engage t front", "front",
                                        data={"action": "engage", "actor": "c", "target": "t",
                                        "edge": "front", "flush": True, "cost": 10, "hazard": 6.0, "advance": 9.0})])
    assert ai().decide(v, d) != "engage t front"


def test_force_of_will_keeps_the_dice_when_the_shooting_cap_is_reached():
    target = unit("t", "blue", "light-infantry", 0, 0, doom=3)
    v = view([target], mercury=6)
    d = Decision("red", "force-of-will", "re-roll?", options=[
        Option("keep", "keep", data={"action": "keep", "hits": 2}),
        Option("mercury", "re-roll", data={"action": "reroll", "pay": "mercury"})],
        context={"phase": "Shooting", "actor": "s", "target": "t", "action": "reroll", "need": 4,
                 "rolls": [4, 5, 1, 2, 3], "hits": 2, "kind": "shooting"})
    assert ai().decide(v, d) == "keep"


def test_force_of_will_rerolls_when_one_more_hit_breaks_the_target():
    target = unit("t", "blue", "light-infantry", 0, 0, doom=6)
    v = view([target], mercury=6)
    d = Decision("red", "force-of-will", "re-roll?", options=[
        Option("keep", "keep", data={"action": "keep", "hits": 3}),
        Option("mercury", "re-roll", data={"action": "reroll", "pay": "mercury"})],
        context={"phase": "Combat", "actor": "s", "target": "t", "action": "reroll", "need": 4,
                 "rolls": [4, 5, 6, 2, 1], "hits": 3, "kind": "close"})
    assert ai().decide(v, d) == "mercury"


def test_a_cowardly_wild_unit_with_nothing_near_is_not_activated():
    wolves = unit("w", "red", "beasts", 10, 5, keywords="Skirmishers, Nimble, Wild, Cowardly", speed=12)
    infantry = unit("i", "red", "light-infantry", 40, 5)
    enemy = unit("e", "blue", "light-infantry", 40, 40, facing=270.0)
    v = view([wolves, infantry, enemy])
    acts = [Option("activate w", "w", data={"action": "activate", "actor": "w"}),
            Option("activate i", "i", data={"action": "activate", "actor": "i"}), Option("done", "done",
                                                                                         data={"action": "done"})]
    d = Decision("red", "activate", "which?", options=acts, context={"phase": "Movement", "action": "activate"})
    assert ai().decide(v, d) == "activate i"
    d = Decision("red", "activate", "which?", options=[acts[0], acts[2]],
                 context={"phase": "Movement", "action": "activate"})
    assert ai().decide(v, d) == "done"


def test_a_spell_on_a_unit_that_ignores_it_is_worth_nothing():
    from skirmish_hobgoblin.magic import ai as magic_ai

    friend = unit("f", "red", "light-infantry", 10, 10, doom=7)
    enemy = unit("e", "blue", "light-infantry", 10, 14, facing=270.0)
    v = view([friend, enemy], mercury=8)
    heal = {"action": "cast", "effect": "discard_doom", "dice": "D6", "cost": 4, "affects": ["f"], "ignored": []}
    wasted = dict(heal, affects=[], ignored=["f"])  # a Nullify / Magic-Eater unit: nothing happens
    d = Decision("red", "cast", "cast?", options=[Option("done", "done", data={"action": "done"}),
                                                  Option("w|heal|f", "cast on the unit that ignores it",
                                                         data={**wasted})],
                 context={"phase": "Magic", "action": "cast", "mercury": 8})
    assert magic_ai.value("red", wasted, {"f": friend, "e": enemy}) == 0
    assert ai().decide(v, d) == "done"
    d = Decision("red", "cast", "cast?", options=[Option("done", "done", data={"action": "done"}),
                                                  Option("w|heal|f", "heal", data={**heal})],
                 context={"phase": "Magic", "action": "cast", "mercury": 8})
    assert ai().decide(v, d) == "w|heal|f"


def test_casting_is_an_explicit_dispatch_of_the_battle_ai():
    from skirmish_hobgoblin.magic import ai as magic_ai

    assert "on_cast" in HobgoblinAI.__dict__  # defined on the class, not attached by an import
    assert not hasattr(magic_ai, "install")  # no import-time hook is left


def test_steering_answers_the_amount_it_planned_within_the_form():
    me = unit("l", "red", "light-infantry", 20, 10)
    v = view([me])
    agent = ai()
    agent._plan = {"key": (2, "l"), "steps": 0, "goal": (20.0, 30.0)}
    d = _move_decision("l", 8, [Option("advance", "advance",
                                       data={"action": "manoeuvre", "actor": "l", "manoeuvre": "advance"})])
    assert agent.decide(v, d) == "advance"
    from skirmish import Param

    form = Decision("red", "manoeuvre", "how far?", params=(Param("inches", "float", 0.0, 5.5),),
                    examples=({"inches": 5.5},))
    assert agent.decide(v, form) == {"inches": 5.5}  # it wanted 8: the form allows 5.5


def test_the_casting_ai_casts_the_spells_that_move_units_when_worth_it():
    friend = unit("f", "red", "light-infantry", 10, 10)
    enemy = unit("e", "blue", "heavy-cavalry", 10, 12.4, facing=270.0, engaged=["f"], points=450)
    v = view([friend, enemy], mercury=8, rnd=5)  # the last round: Mercury kept is worth little
    flicker = {"action": "cast", "effect": "flicker", "cost": 6, "affects": ["e"], "ignored": []}
    d = Decision("red", "cast", "cast?", options=[Option("done", "done", data={"action": "done"}),
                                                  Option("w|flicker|e", "Flicker on the Knights", data={**flicker})],
                 context={"phase": "Magic", "action": "cast", "mercury": 8})
    assert ai().decide(v, d) == "w|flicker|e"  # an engaged enemy sent back out of the fight
    idle = dict(flicker, affects=["f"])
    d = Decision("red", "cast", "cast?", options=[Option("done", "done", data={"action": "done"}),
                                                  Option("w|flicker|f", "Flicker on my own fresh unit", data={**idle})],
                 context={"phase": "Magic", "action": "cast", "mercury": 8})
    assert ai().decide(v, d) == "done"
    early = view([friend, enemy], mercury=8, rnd=2)  # a guessed worth must beat Force of Will 2.5 times over
    d = Decision("red", "cast", "cast?", options=[Option("done", "done", data={"action": "done"}),
                                                  Option("w|flicker|e", "Flicker on the Knights", data={**flicker})],
                 context={"phase": "Magic", "action": "cast", "mercury": 8})
    assert ai().decide(early, d) == "done"


def test_the_casting_ai_counts_an_allys_units_as_friends_in_team_play():
    from skirmish_hobgoblin.magic import ai as magic_ai

    mine = unit("m", "red1", "light-infantry", 10, 10, team="red")
    ally = unit("a", "red2", "light-infantry", 30, 10, doom=7, team="red")
    enemy = unit("e", "blue1", "light-infantry", 30, 14, facing=270.0, team="blue")
    heal = {"action": "cast", "effect": "discard_doom", "dice": "D6", "cost": 4, "affects": ["a"], "ignored": []}
    seen = magic_ai._as_seen_by("red1", {"m": mine, "a": ally, "e": enemy})
    assert seen["a"]["side"] == "red1" and seen["e"]["side"] == "blue1"
    assert magic_ai.value("red1", heal, seen) > 0 > magic_ai.value("red1", heal, {"m": mine, "a": ally, "e": enemy})
