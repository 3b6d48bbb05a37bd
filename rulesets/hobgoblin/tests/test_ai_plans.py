"""The battle AI's later choices in set-up situations: units that both shoot and fight, Fly, the next plan when
the first cannot start, where it puts scenario markers, its General in Desperate Search, and the cards that cut
hits. Views are built by hand, as in ``test_ai_choices.py``."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from test_ai_choices import _move_decision, ai, unit, view

from skirmish import Decision, Option, Param
from skirmish_hobgoblin.ai import objectives
from skirmish_hobgoblin.ai.movement import Planner


def test_a_unit_with_a_short_bow_still_walks_towards_a_fight_it_wins():
    """Wolf Riders have Ranged [8]: a charge on far-off Ranged Infantry still pulls them forward (it used to
    count only targets within 8")."""
    riders = unit("w", "red", "light-cavalry", 36, 6, keywords="Skirmishers, Nimble, Ranged [8]", speed=14)
    rifles = unit("r", "blue", "ranged-infantry", 36, 42, facing=270.0, keywords="Ranged [12]", speed=4)
    v = view([riders, rifles])
    plan = Planner(v, "red", {u["id"]: u for u in (riders, rifles)}, moves_after=False)
    assert plan.chances(riders, (36, 20)) > plan.chances(riders, (36, 6)) > 0
    assert plan.choose(riders, [], lambda o: o.data, 14.0).why != "hold"


def test_a_flying_unit_flies_over_a_friend_in_its_way():
    wyrm = unit("m", "red", "monster", 30, 10, keywords="Flying, Large", width=4.0, depth=6.0, speed=10, points=1000)
    friend = unit("f", "red", "heavy-infantry", 30, 16, width=8.0, depth=3.0)
    prey = unit("r", "blue", "ranged-infantry", 30, 34, facing=270.0, keywords="Ranged [24]")
    v = view([wyrm, friend, prey])
    plan = Planner(v, "red", {u["id"]: u for u in (wyrm, friend, prey)}, moves_after=False)
    best = plan.choose(wyrm, [], lambda o: o.data, 10.0)
    assert best.why.endswith("flying") and best.end is not None and best.end[1] > 20
    agent = ai()
    d = _move_decision("m", 10, [Option("fly", "fly", data={"action": "manoeuvre", "actor": "m", "manoeuvre": "fly"}),
                                 Option("advance", "advance",
                                        data={"action": "manoeuvre", "actor": "m", "manoeuvre": "advance"})])
    assert agent.decide(v, d) == "fly"
    assert agent._amount is not None and agent._amount >= 12


def test_when_the_best_move_cannot_start_the_next_best_is_tried():
    from skirmish_hobgoblin.ai.movement import Choice

    me = unit("l", "red", "light-infantry", 20, 10)
    v = view([me])
    agent = ai()
    agent._plan = {"key": (2, "l"), "steps": 0, "start": (20.0, 10.0),
                   "alts": [Choice(9.0, option="engage x front", why="engage x front"),  # no longer offered
                            Choice(5.0, goal=(20.0, 30.0), why="north"), Choice(1.0, option="end", why="hold")]}
    agent._plan["goal"] = (40.0, 10.0)  # east: a wheel right, which is not on offer, and neither is an advance
    d = _move_decision("l", 8, [Option("wheel-left", "wheel-left", data={"action": "manoeuvre", "actor": "l",
                                       "manoeuvre": "wheel-left"})])
    assert agent.decide(v, d) == "end"  # north needs an advance, not offered either: holds
    agent._plan.update(goal=(40.0, 10.0), alts=[Choice(9.0, option="engage x front", why="engage x front"),
                                                Choice(5.0, goal=(10.0, 20.0), why="north-west")])
    agent._plan.pop("done", None)
    assert agent.decide(v, d) == "wheel-left"  # the next plan that can start: north-west, a wheel left first


def _marker_decision(lo: float, hi: float) -> Any:
    return Decision("red", "marker", "place a marker", params=[Param("x", "float", 0.0, 72.0, step=0.01),
                                                               Param("y", "float", lo, hi, step=0.01)],
                    examples=[{"x": 4.0, "y": (lo + hi) / 2}], context={"phase": "Set-up", "action": "marker"})


def test_wages_of_sin_markers_go_just_over_the_centreline():
    v = view([], scenario="wages-of-sin")
    spot = ai().decide(v, _marker_decision(24.0, 48.0))  # the opposing (north) half
    assert 24.0 < spot["y"] < 25.0 and spot["x"] == 36.0


def test_desperate_search_attacker_puts_two_markers_a_walk_apart_near_the_centreline():
    v = view([], scenario="desperate-search")
    v.state["sides"]["red"]["role"] = "Attacker"
    legal = {"apart": 16.0}

    def check(answer: dict[str, float]) -> str | None:
        for m in v.state["markers"]:
            if ((m["x"] - answer["x"]) ** 2 + (m["y"] - answer["y"]) ** 2) ** 0.5 <= legal["apart"]:
                return "too close"
        return None

    v.check = check
    agent = ai()
    for i in range(3):
        spot = agent.decide(v, _marker_decision(32.0, 48.0))  # the Defender's zone, north
        assert spot["y"] == 32.0
        v.state["markers"].append({"id": f"objective{i + 1}", "kind": "objective", "x": spot["x"], "y": spot["y"],
                                   "owner": "red", "removed": False})
    xs = sorted(m["x"] for m in v.state["markers"])
    assert 16.0 < xs[1] - xs[0] < 17.5 or 16.0 < xs[2] - xs[1] < 17.5


def test_desperate_search_attacker_deploys_its_general_opposite_the_markers():
    general = unit("g", "red", "heavy-infantry", 0, 0, keywords="General", status="undeployed")
    markers = [{"id": f"objective{i}", "kind": "objective", "x": x, "y": 32.0, "owner": "red", "removed": False}
               for i, x in ((1, 27.75), (2, 44.25), (3, 62.0))]
    v = view([general], scenario="desperate-search", markers=markers, rnd=0)
    v.state["sides"]["red"]["role"] = "Attacker"
    d = Decision("red", "position", "where?", params=[Param("x", "float", 0, 72), Param("y", "float", 0, 16)],
                 examples=[{"x": float(x), "y": 12.0} for x in range(4, 70, 4)],
                 context={"phase": "Set-up", "action": "position", "actor": "g"})
    spot = ai().decide(v, d)
    assert abs(spot["x"] - 36.0) <= 2.0


def test_desperate_search_enemies_guarding_a_marker_are_worth_breaking():
    marker = {"id": "objective1", "kind": "objective", "x": 30.0, "y": 32.0, "owner": "red", "removed": False}
    guard = unit("g", "blue", "light-infantry", 30, 35)
    away = unit("a", "blue", "light-infantry", 60, 44)
    v = view([guard, away], scenario="desperate-search", markers=[marker])
    v.state["sides"]["red"]["role"] = "Attacker"
    assert objectives.unit_worth(v, "red", guard) > 0 == objectives.unit_worth(v, "red", away)


def _hits_view(units: list[dict[str, Any]], hits: int, target: str, phase: str = "Shooting") -> Any:
    v = view(units)
    v.phase = phase
    v.log = lambda: [SimpleNamespace(seq=40, kind="hits", data={"target": target, "hits": hits})]
    return v


def _hit_window(target: str) -> Any:
    return Decision("red", "respond", "play a card?", options=[
        Option("pass", "pass", data={"action": "pass"}),
        Option(f"play c1 on {target}", "Enchanted Shield",
               data={"action": "card", "card": "c1", "name": "Enchanted Shield",
               "target": target}),
        Option(f"play c2 on {target}", "Tattered Banner",
               data={"action": "card", "card": "c2", "name": "Tattered Banner",
               "target": target})], context={"phase": "Shooting", "moment": "hits"})


def test_a_hit_cutting_card_is_played_when_it_saves_the_unit_and_only_once_per_attack():
    chariot = unit("c", "red", "chariot", 10, 10, keywords="Fragile", points=425)  # breaks at 5 Doom
    v = _hits_view([chariot], 5, "c")
    agent = ai()
    assert agent.decide(v, _hit_window("c")) == "play c2 on c"  # 5 hits -> 3: it stands
    assert agent.decide(v, _hit_window("c")) == "pass"  # the same attack: no second card


def test_a_hit_cutting_card_is_kept_when_one_hit_does_not_matter():
    big = unit("b", "red", "monster", 10, 10, points=1000, courage=10, doom=1)
    v = _hits_view([big], 1, "b")
    assert ai().decide(v, _hit_window("b")) == "pass"


def test_in_the_last_round_next_rounds_shots_and_chances_count_for_nothing():
    me = unit("l", "red", "light-infantry", 36, 20)
    rifles = unit("r", "blue", "ranged-infantry", 36, 34, facing=270.0, keywords="Ranged [24]", speed=4)
    beast = unit("m", "blue", "monster", 50, 40, facing=270.0, speed=10, points=600)
    for rnd, counts in ((4, True), (5, False)):
        v = view([me, rifles, beast], rnd=rnd)
        plan = Planner(v, "red", {u["id"]: u for u in (me, rifles, beast)}, moves_after=False)
        assert (plan.shot_danger(me, (36, 20)) > 0) is counts
        assert (plan.chances(me, (36, 24)) > 0) is counts
        assert (plan.danger(me, (46, 30)) > 0) is counts  # it already moved: its charge is next round's


def test_a_fight_in_reach_but_not_on_offer_does_not_keep_a_unit_waiting():
    """Waiting where a charge 'is in reach' brings nothing when the engine offers no engagement from there (the
    turn costs too much, something is in the way): holding counts no such chance, so the unit moves."""
    me = unit("l", "red", "heavy-infantry", 30, 10, facing=0.0)  # faces east, the enemy is north
    them = unit("r", "blue", "ranged-infantry", 30, 16, facing=270.0, keywords="Ranged [24]", speed=4)
    v = view([me, them])
    plan = Planner(v, "red", {u["id"]: u for u in (me, them)}, moves_after=False)
    ranked = plan.ranked(me, [], lambda o: o.data, 8.0)
    hold = next(c for c in ranked if c.why == "hold")
    assert plan.chances(me, (30, 10)) > 0 and hold.value < plan.chances(me, (30, 10))
    assert ranked[0].why != "hold"


def test_shooting_danger_adds_the_volleys_up_and_sees_terrain():
    """Three shooters' volleys together break a Fragile chariot (5 Doom) far more often than any one; a
    Blocking piece on the line hides it, an Obscuring one gives cover."""
    chariot = unit("c", "red", "chariot", 36, 10, keywords="Fragile", points=425, width=3.0, depth=4.0)
    shooters = [unit(f"s{i}", "blue", "ranged-infantry", 26 + 10 * i, 40, facing=270.0, keywords="Ranged [36]")
                for i in range(3)]
    wall = {"name": "Tower", "keywords": ["impassable", "blocking"],
            "points": [[20, 20], [52, 20], [52, 22], [20, 22]]}
    wood = {"name": "Wood", "keywords": ["rough", "obscuring"], "points": [[20, 20], [52, 20], [52, 22], [20, 22]]}
    open_ground = view([chariot, *shooters])
    plan = Planner(open_ground, "red", {u["id"]: u for u in (chariot, *shooters)}, moves_after=False)
    together = plan.shot_danger(chariot, (36, 10))
    one = Planner(view([chariot, shooters[0]]), "red", {u["id"]: u for u in (chariot, shooters[0])},
                  moves_after=False).shot_danger(chariot, (36, 10))
    assert together > 3 * one > 0
    hidden = Planner(view([chariot, *shooters], terrain=[wall]), "red", plan.units, moves_after=False)
    assert hidden.shot_danger(chariot, (36, 10)) == 0.0
    covered = Planner(view([chariot, *shooters], terrain=[wood]), "red", plan.units, moves_after=False)
    assert 0 < covered.shot_danger(chariot, (36, 10)) < together


def test_desperate_search_attacker_general_does_not_deploy_behind_impassable_terrain():
    general = unit("g", "red", "heavy-infantry", 0, 0, keywords="General", status="undeployed", width=7.0)
    markers = [{"id": f"objective{i}", "kind": "objective", "x": x, "y": 32.0, "owner": "red", "removed": False}
               for i, x in ((1, 27.5), (2, 44.0), (3, 60.5))]
    tower = {"name": "Watch Tower", "keywords": ["blocking", "impassable"],
             "points": [[34.0, 26.0], [38.0, 26.0], [38.0, 22.0], [34.0, 22.0]]}
    v = view([general], scenario="desperate-search", markers=markers, terrain=[tower], rnd=0)
    v.state["sides"]["red"]["role"] = "Attacker"
    spots = [{"x": x, "y": 13.14} for x in (4.54, 15.63, 26.72, 37.8, 48.89, 59.98)]
    d = Decision("red", "position", "where?", params=[Param("x", "float", 0, 72), Param("y", "float", 0, 16)],
                 examples=spots, context={"phase": "Set-up", "action": "position", "actor": "g"})
    assert ai().decide(v, d)["x"] == 26.72  # 37.8 is nearer the markers' middle, but the tower is in its way


FOREST = {"name": "Mushroom Forest", "keywords": ["rough", "obscuring", "perilous"],
          "points": [[11.0, 20.5], [21.0, 20.5], [21.0, 27.5], [11.0, 27.5]]}


def test_a_front_edge_touching_perilous_terrain_costs_a_die_for_every_mp_of_the_advance():
    """The rules roll a die for every MP of a manoeuvre whose swept area touches Perilous terrain. The old cost
    followed the centre line in a band half the unit's width round it: a deep chariot's front edge, 2.36" ahead
    of its centre, reached the forest 0.36" in and cost nothing. Now the footprint's sweep counts: all 7 MP."""
    from skirmish_hobgoblin.ai import combat
    from skirmish_hobgoblin.ai.board import p_hit
    from skirmish_hobgoblin.ai.movement import HARM, PERILOUS_ATTACKER, doom_cost, terrain_cost

    wood = {"name": "Noxious Pools", "keywords": ["perilous"],
            "points": [[11.0, 18.5], [21.0, 18.5], [21.0, 25.0], [11.0, 25.0]]}
    chariot = unit("c", "red", "chariot", 16.0, 10.0, facing=90.0, keywords="Fragile, Devastating Charge",
                   width=3.15, depth=4.72, points=425)
    v = view([chariot], terrain=[wood])
    die = p_hit(combat.chart(v, PERILOUS_ATTACKER, "chariot")) * doom_cost(chariot) * HARM
    assert terrain_cost(v, chariot, (16.0, 10.0), (16.0, 16.5)) == pytest.approx(7 * die)
    assert terrain_cost(v, chariot, (16.0, 10.0), (16.0, 16.0)) == 0.0  # the front edge stops 0.14" short


def test_the_ai_stops_an_advance_short_of_perilous_terrain_it_did_not_mean_to_cross():
    """Steering straight on, the advance would end with the front in the forest (a die per MP): it stops at the
    edge instead (the old AI drove in: 8 dice)."""
    from skirmish_hobgoblin.ai import steering

    ogres = unit("o", "red", "monstrous-infantry", 16.0, 12.0, facing=90.0, keywords="Wild", width=5.9, depth=3.15,
                 speed=10)
    v = view([ogres], terrain=[FOREST])
    go = steering.safe_amount(v, ogres, "advance", 8.0)
    assert 0 < go < 8.0 and 12.0 + go + 3.15 / 2 <= 20.5
    agent = ai()
    agent._plan = {"key": (2, "o"), "steps": 0, "start": (16.0, 12.0), "alts": [], "goal": (16.0, 30.0),
                   "target": ""}
    d = _move_decision("o", 10, [Option("advance", "advance",
                                        data={"action": "manoeuvre", "actor": "o", "manoeuvre": "advance"})])
    assert agent.decide(v, d) == "advance" and agent._amount == pytest.approx(go)


def test_a_wheel_cut_short_is_not_repeated_a_sliver_at_a_time():
    """A wheel the engine allows only 0.7" of (something in the swinging corner's way): the old AI asked for the
    same wheel again and again, an MP each time. Now it reforms to face its goal (a unit that may), or backs off."""
    me = unit("h", "red", "heavy-infantry", 30.0, 10.0, facing=90.0, width=6.0, depth=2.0)
    v = view([me])
    agent = ai()
    agent._plan = {"key": (2, "h"), "steps": 1, "start": (30.0, 10.0), "alts": [], "goal": (10.0, 20.0),
                   "target": "", "at": (29.0, 9.0, 90.0)}
    agent._short = True  # the last wheel came out shorter than asked
    moves = [Option(k, k, data={"action": "manoeuvre", "actor": "h", "manoeuvre": k})
             for k in ("wheel-left", "advance", "retreat", "reform")]
    assert agent.decide(v, _move_decision("h", 8, moves)) == "reform"
    agent._short, agent._plan["at"] = True, (29.0, 9.0, 90.0)
    no_reform = [m for m in moves if m.value != "reform"]
    assert agent.decide(v, _move_decision("h", 4, no_reform)) == "retreat"


def test_wild_units_do_not_deploy_with_perilous_terrain_in_their_lane():
    """Every suggested spot for the Berserk ogres had the forest (or Rough) in the first 10" ahead; the old AI
    took one and the ogres stood still all game (D3 Doom a round). It now looks along the rows for a clear lane."""
    ogres = unit("o", "red", "monstrous-infantry", 0, 0, keywords="Wild, Berserk", status="undeployed", width=5.9,
                 depth=3.15, speed=10)
    v = view([ogres], terrain=[FOREST], rnd=0)
    spots = [{"x": x, "y": 13.9} for x in (13.9, 16.0, 19.0)]
    d = Decision("red", "position", "where?", params=[Param("x", "float", 0, 72), Param("y", "float", 0, 16)],
                 examples=spots, context={"phase": "Set-up", "action": "position", "actor": "o"})
    spot = ai().decide(v, d)
    assert spot["x"] - 5.9 / 2 > 21.0 or spot["x"] + 5.9 / 2 < 11.0


def test_a_berserk_unit_counts_next_rounds_doom_where_it_faces_perilous_terrain():
    """Ending a move with the forest in the 6" ahead leaves a Berserk unit paying D3 Doom (or the forest) next
    round too: the old AI walked its ogres up to the forest's edge and they stood there to the end. Such places
    (holding there included) now count next round's Berserk Doom as well."""
    from skirmish_hobgoblin.ai.movement import HARM, doom_cost

    ogres = unit("o", "red", "monstrous-infantry", 16.0, 14.0, facing=90.0, keywords="Wild, Berserk", width=5.9,
                 depth=3.15, speed=10, points=450)
    enemy = unit("e", "blue", "heavy-infantry", 30.0, 40.0, facing=270.0)
    behind = dict(FOREST, points=[[11.0, 1.0], [21.0, 1.0], [21.0, 5.0], [11.0, 5.0]])
    holds = []
    for wood in (FOREST, behind):
        v = view([ogres, enemy], terrain=[wood])
        plan = Planner(v, "red", {"o": ogres, "e": enemy}, moves_after=False)
        holds.append(next(c for c in plan.ranked(ogres, [], lambda o: o.data, 10.0) if c.why == "hold").value)
    assert plan.hemmed(ogres, (16.0, 14.0), 90.0) is False
    assert holds[0] == pytest.approx(holds[1] - 2.0 * HARM * doom_cost(ogres))


def test_a_berserk_unit_advances_before_a_turn_eats_the_mp_it_needs():
    """A Berserk unit with 8 MP that would wheel 3" first has 5 left: short of the 6" advance, D3 Doom. With an
    enemy ahead it advances first."""
    ogres = unit("o", "red", "monstrous-infantry", 30.0, 10.0, facing=90.0, keywords="Wild, Berserk", width=5.9,
                 depth=3.15, speed=8, points=450)
    enemy = unit("e", "blue", "heavy-infantry", 40.0, 40.0, facing=270.0)
    v = view([ogres, enemy])
    agent = ai()
    agent._plan = {"key": (2, "o"), "steps": 0, "start": (30.0, 10.0), "alts": [], "goal": (45.0, 22.0),
                   "target": ""}
    moves = [Option(k, k,
                    data={"action": "manoeuvre", "actor": "o", "manoeuvre": k}) for k in ("wheel-right", "advance")]
    assert agent.decide(v, _move_decision("o", 8, moves)) == "advance" and agent._amount == 8.0


def test_a_reform_the_engine_refuses_is_cancelled_not_swapped_for_a_suggested_turn():
    """Asked to reform 51.5 degrees where that overlaps an enemy, the old AI fell back on the form's suggestion
    (180: its General turned its back on the marker it was marching to). Now it cancels (0) and steers on."""
    me = unit("g", "red", "heavy-infantry", 26.7, 19.1, facing=90.0, keywords="General")
    v = view([me])
    v.check = lambda answer: "it would overlap Wolf Riders" if answer.get("degrees") not in (0, 0.0, 180) else None
    agent = ai()
    agent._amount = -51.5
    d = Decision("red", "manoeuvre", "reform how far?", params=[Param("degrees", "float", -180, 180, step=0.5)],
                 examples=[{"degrees": 180}], context={"phase": "Movement", "actor": "g", "action": "reform"})
    assert agent.decide(v, d) == {"degrees": 0.0} and agent._short


def test_a_sidestep_does_not_shuffle_into_perilous_terrain():
    """A blocked unit steps 2" aside before steering again; the old AI shuffled its Outriders straight into the
    Noxious Pools (a die for each of the 4 MP). The sidestep is checked like any steering manoeuvre."""
    pools = {"name": "Noxious Pools", "keywords": ["perilous"], "points": [[38.0, 8.0], [42.0, 8.0], [42.0, 12.0],
                                                                          [38.0, 12.0]]}
    riders = unit("o", "red", "light-cavalry", 34.0, 10.0, facing=90.0, keywords="Skirmishers, Nimble",
                  width=5.9, depth=3.15, speed=16)
    v = view([riders], terrain=[pools])
    agent = ai()
    agent._plan = {"key": (2, "o"), "steps": 1, "start": (34.0, 10.0), "alts": [], "goal": (50.0, 30.0),
                   "target": "", "at": (34.0, 10.0, 90.0)}  # its last manoeuvre went nowhere: blocked
    moves = [Option(k, k,
                    data={"action": "manoeuvre", "actor": "o", "manoeuvre": k}) for k in ("shuffle-right", "advance")]
    answer = agent.decide(v, _move_decision("o", 16, moves))
    assert answer == "end" or (answer == "shuffle-right" and agent._amount < 1.5)


def _windowed(target: str, hits: int, attack: int) -> Any:
    """A hit window as the rules open it: the attack, its target and hits in the decision's context."""
    d = _hit_window(target)
    return Decision(d.player, d.kind, d.prompt, options=d.options,
                    context={**d.context, "target": target, "hits": hits, "attack": attack})


def test_a_hit_cutting_card_is_played_from_the_window_alone_when_no_log_is_kept():
    """Studies and look-aheads keep no log: the AI used to find no attack there and never played these cards."""
    chariot = unit("c", "red", "chariot", 10, 10, keywords="Fragile", points=425)
    v = view([chariot])
    v.phase = "Shooting"
    v.log = lambda: []
    agent = ai()
    assert agent.decide(v, _windowed("c", 5, 7)) == "play c2 on c"
    assert agent.decide(v, _windowed("c", 5, 7)) == "pass"  # the same attack: no second card
    assert agent.decide(v, _windowed("c", 5, 9)) == "play c2 on c"  # the next attack


def test_a_fight_card_goes_on_the_engaged_unit_with_most_at_stake():
    small = unit("s", "red", "light-infantry", 10, 10, points=150, engaged=["e1"])
    big = unit("g", "red", "heavy-infantry", 30, 10, points=400, engaged=["e2"])
    idle = unit("i", "red", "monster", 50, 10, points=900)
    foes = [unit("e1", "blue", "light-infantry", 10, 13, points=150), unit("e2", "blue", "monster", 30, 13, points=800)]
    v = view([small, big, idle, *foes])
    v.phase = "Combat"
    d = Decision("red", "respond", "play a card?", options=[
        Option("pass", "pass", data={"action": "pass"}),
        *(Option(f"play c1 on {u}", "Famous Blade", data={"action": "card", "card": "c1", "name": "Famous Blade",
                                                          "target": u}) for u in ("s", "i", "g"))],
        context={"phase": "Combat", "moment": "any"})
    assert ai().decide(v, d) == "play c1 on g"
    v.phase = "Movement"
    assert ai().decide(v, d) == "pass"  # kept for the Combat Phase
