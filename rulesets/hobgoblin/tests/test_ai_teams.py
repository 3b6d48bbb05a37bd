"""The AI in Unlikely Allies team play: real 2v2 set-ups (red1, red2 south; blue1, blue2 north) with units placed
by hand, and what the AI makes of each team objective asserted."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hob_bench import unit
from teams_bench import far, team_battle

from skirmish import AgentContext, Game, View
from skirmish.decisions import Decision
from skirmish_hobgoblin.agents import make_ai
from skirmish_hobgoblin.ai import objectives
from skirmish_hobgoblin.ai.board import units_of
from skirmish_hobgoblin.ai.objectives import VP
from skirmish_hobgoblin.teams import ai as teams

DEPTH = 60 / 25.4  # the bench's units are 150 mm wide, 60 mm deep


def _seats(**seats: Any) -> dict[str, list[dict[str, Any]]]:
    out = {"red1": [far("R1", 10, 4)], "red2": [far("R2", 60, 4)], "blue1": [far("B1", 10, 44)],
           "blue2": [far("B2", 60, 44)]}
    out.update(seats)
    return out


def _units(g: Game, player: str) -> dict[str, Any]:
    return {u["name"]: u for u in units_of(View(g, player)).values()}


def _fight(objective: str) -> Game:
    """R1 (red1) and R2 (red2) side by side against B's front; R1b (red1) off to one side."""
    front = 30 - DEPTH / 2
    return team_battle(_seats(red1=[far("R1", 33, front - DEPTH / 2), far("R1b", 20, 12, general=False,
                                                                           battle_standard=False)],
                              red2=[far("R2", 39.05, front - DEPTH / 2)], blue1=[far("B", 36, 30)]),
                       objectives=[objective])


def test_tick_worth_is_the_vp_step_it_reaches_or_a_share_of_the_next():
    g = _fight("combined-arms")  # 1-2 ticks 1 VP, 3+ 2 VP
    view = View(g, "red1")
    assert teams.tick_worth(view, "red1", "combined-arms") == VP
    g.state.notes["tick:combined-arms:red"] = 1
    assert teams.tick_worth(View(g, "red1"), "red1", "combined-arms") == teams.TICK_LATER
    g.state.notes["tick:combined-arms:red"] = 3
    assert teams.tick_worth(View(g, "red1"), "red1", "combined-arms") == 0


def test_combined_arms_an_enemy_both_players_fight_is_worth_more_to_break():
    g = _fight("combined-arms")
    view = View(g, "red1")
    u = _units(g, "red1")
    assert objectives.unit_worth(view, "red1", u["B"]) == VP  # R1 (mine) and R2 (my Ally's) touch it
    lone = _fight("combined-arms")
    unit(lone, "R2").x = 60.0  # my Ally's unit is gone: only mine touches B
    assert objectives.unit_worth(View(lone, "red1"), "red1", _units(lone, "red1")["B"]) == 0


def test_combined_arms_charging_an_enemy_an_ally_fights_is_worth_a_share_of_a_tick():
    g = _fight("combined-arms")
    view = View(g, "red1")
    u = _units(g, "red1")
    bonus = objectives.engage_bonus(view, "red1", u["R1b"], u["B"], {"edge": "side"})
    assert 0 < bonus < VP
    unit(g, "R2").x = 60.0
    assert objectives.engage_bonus(View(g, "red1"), "red1", u["R1b"], _units(g, "red1")["B"], {"edge": "side"}) == 0


def test_hands_around_their_throats_a_flank_or_rear_charge_on_an_allys_enemy():
    g = _fight("hands-around-their-throats")
    view = View(g, "red1")
    u = _units(g, "red1")
    assert objectives.engage_bonus(view, "red1", u["R1b"], u["B"], {"edge": "side"}) == VP
    assert objectives.engage_bonus(view, "red1", u["R1b"], u["B"], {"edge": "rear"}) == VP
    assert objectives.engage_bonus(view, "red1", u["R1b"], u["B"], {"edge": "front"}) == 0


def test_united_in_death_breaking_the_poorer_enemy_widens_their_difference():
    g = team_battle(_seats(blue1=[far("B1", 10, 44), far("B1b", 30, 44, general=False, battle_standard=False)],
                           blue2=[far("B2", 60, 44)]), objectives=["united-in-death"])
    view = View(g, "red1")
    u = _units(g, "red1")
    # blue1 has two units, blue2 one: breaking blue2's widens blue's difference, breaking blue1's narrows it
    # (which is no reason to spare it: 0)
    assert objectives.unit_worth(view, "red1", u["B2"]) > 0 == objectives.unit_worth(view, "red1", u["B1b"])


def test_shared_ruination_markers_go_on_the_near_edge_of_the_enemy_zone_spread_out():
    g = team_battle(_seats(), objectives=["shared-ruination"])
    ai = {p: make_ai(AgentContext(p, 1, g.ruleset, {}, g.players)) for p in g.players}
    placed = 0
    while g.pending is not None and g.pending.kind == "marker":
        d: Decision = g.pending
        g.answer(ai[d.player].decide(View(g, d.player), d), d.player)
        placed += 1
    ours = [m for m in g.state.markers if m.kind == "ruination" and m.owner == "red1"]
    assert placed == 6 and len(ours) == 3
    depth = g.state.depth
    assert all(abs(m.y - depth / 2) < depth / 2 - 8 for m in ours)  # the edge nearer the centreline
    assert min(abs(a.x - b.x) for a in ours for b in ours if a is not b) > 16


def test_shared_ruination_units_make_for_the_teams_markers_more_so_with_an_ally_near():
    marks = [{"kind": "ruination", "x": 36, "y": 30, "owner": "red1"}]
    g = team_battle(_seats(red1=[far("R1", 20, 10)], red2=[far("R2", 60, 4)]), objectives=["shared-ruination"],
                    markers=marks)
    view = View(g, "red1")
    me = _units(g, "red1")["R1"]
    near, far_off = teams.ruination_value(view, "red1", me, (36, 26)), teams.ruination_value(view, "red1", me,
                                                                                                (20, 10))
    assert near > far_off > 0
    unit(g, "R2").x, unit(g, "R2").y = 40.0, 27.0  # my Ally's unit by the marker
    assert teams.ruination_value(View(g, "red1"), "red1", me, (36, 26)) > near


def test_shared_ruination_the_planner_heads_for_the_marker():
    from skirmish_hobgoblin.ai import steering
    from skirmish_hobgoblin.ai.movement import Planner

    marks = [{"kind": "ruination", "x": 20, "y": 26, "owner": "red1"}]
    g = team_battle(_seats(red1=[far("R1", 20, 10)], red2=[far("R2", 24, 22)]), objectives=["shared-ruination"],
                    markers=marks)
    view = View(g, "red1")
    units = units_of(view)
    me = next(u for u in units.values() if u["name"] == "R1")
    planner = Planner(view, "red1", units, moves_after=False)
    ranked = getattr(planner, "ranked", None)
    choice = ranked(me, [], lambda o: o, 8.0)[0] if ranked else planner.choose(me, [], lambda o: o, 8.0)
    assert choice.goal is not None
    end = steering.predict(me, choice.goal, 8.0)[0]
    assert end[1] > 15.0, SimpleNamespace(why=choice.why, goal=choice.goal, end=end)


def test_brothers_in_arms_a_command_unit_keeps_near_an_allys_unit_close_to_breaking():
    g = team_battle(_seats(red1=[far("R1G", 20, 10)], red2=[far("R2G", 60, 4), far("R2", 30, 14, general=False,
                                                                                     battle_standard=False)]),
                    objectives=["brothers-in-arms"])
    r2 = unit(g, "R2")
    r2.doom = 9
    view = View(g, "red1")
    me = _units(g, "red1")["R1G"]
    assert teams.brothers_value(view, "red1", me, (26, 12)) == teams.TICK_LATER  # within 8" of R2 (3 ticks: 1 VP)
    assert teams.brothers_value(view, "red1", me, (6, 4)) == 0
    r2.doom = 0
    assert teams.brothers_value(View(g, "red1"), "red1", me, (26, 12)) == 0


def test_a_blind_seat_ignores_the_team_objectives():
    g = _fight("hands-around-their-throats")
    u = _units(g, "red1")
    token = objectives.EXPANSION_GOALS.set(False)
    try:
        assert objectives.engage_bonus(View(g, "red1"), "red1", u["R1b"], u["B"], {"edge": "side"}) == 0
    finally:
        objectives.EXPANSION_GOALS.reset(token)
    assert objectives.engage_bonus(View(g, "red1"), "red1", u["R1b"], u["B"], {"edge": "side"}) != 0


def test_a_team_game_of_a_narrative_scenario_plays_the_scenarios_goals():
    """Ruling T-15: team play with a narrative scenario has no objectives; the scenario's goals lead."""
    from skirmish_hobgoblin.narrative import ai as narrative

    teams_view = {"teams": {"red": ["red1", "red2"], "blue": ["blue1"]}, "objectives": [], "ticks": {}, "vp": {}}
    view = SimpleNamespace(state={"scenario": "the-fortress", "teams": teams_view})
    assert objectives.goals_module(view) is narrative
    view = SimpleNamespace(state={"scenario": "unlikely-allies", "teams": teams_view})
    assert objectives.goals_module(view) is teams


def test_objectives_won_by_fighting_beside_an_ally_pull_towards_the_nearest_enemy():
    g = team_battle(_seats(), objectives=["combined-arms"])
    view = View(g, "red1")
    me = _units(g, "red1")["R1"]  # at (10, 4); the nearest enemy B1 at (10, 44)
    assert teams.place_value(view, "red1", me, (10, 30)) > teams.place_value(view, "red1", me, (10, 10)) > 0
    for quiet in ("brothers-in-arms", "shared-slaughter", "united-in-death"):
        q = team_battle(_seats(), objectives=[quiet])
        assert teams.close_in_value(View(q, "red1"), "red1", me, (10, 30)) > 0  # the pull itself...
        # ...only for those objectives: Shared Slaughter and United in Death count the points left in play, which the
        # battle AI weighs already (the old AI pulled for them and lost units and VP to the AI ignoring objectives)
        assert teams.place_value(View(q, "red1"), "red1", me, (10, 30)) == 0, quiet


def test_shared_ruination_the_first_marker_removed_is_worth_a_share_the_second_a_vp():
    marks = [{"kind": "ruination", "x": x, "y": 30, "owner": "red1"} for x in (10, 36, 62)]
    g = team_battle(_seats(red1=[far("R1", 20, 10)]), objectives=["shared-ruination"], markers=marks)
    view = View(g, "red1")
    assert teams.ruin_worth(view, "red") == teams.TICK_LATER  # none of its own: the old AI weighed it 1.2 VP
    me = _units(g, "red1")["R1"]
    first = teams.ruination_value(view, "red1", me, (36, 26))
    next(m for m in g.state.markers if m.kind == "ruination" and m.x == 10).removed = True
    view = View(g, "red1")
    assert teams.ruin_worth(view, "red") == VP  # two left -> one left: 1 VP
    assert teams.ruination_value(view, "red1", me, (36, 26)) > 3 * first


def test_combined_arms_a_place_within_charge_reach_of_an_allys_fight():
    g = _fight("combined-arms")
    view = View(g, "red1")
    me = _units(g, "red1")["R1b"]
    assert teams.join_in_value(view, "red1", me, (33, 24), ["combined-arms"]) == teams.JOIN_IN * VP
    assert teams.join_in_value(view, "red1", me, (4, 2), ["combined-arms"]) == 0


def test_united_in_death_the_first_unit_broken_off_an_even_team_swings_the_2_vp():
    g = team_battle(_seats(), objectives=["united-in-death"])  # every player one unit: differences 0 and 0
    view = View(g, "red1")
    u = _units(g, "red1")
    assert objectives.unit_worth(view, "red1", u["B1"]) > 0.5 * VP
    assert objectives.unit_worth(view, "red1", u["R2"]) > 0.5 * VP  # costlier to lose: it widens our difference
