"""Team play (Unlikely Allies) with the narrative scenarios (ruling T-15): a team attacks or defends as one, its
players deploy in its zone, the advantage goes to the whole team, and the scenario's victory decides for the team."""

from __future__ import annotations

from typing import Any

import pytest
from hob_bench import RULESET, army, run, unit
from teams_bench import TEAMS, far

from skirmish import AgentContext, Game, RandomAgent, SetupError, View
from skirmish_hobgoblin import scenarios
from skirmish_hobgoblin.narrative import breach, chasm, fortress
from skirmish_hobgoblin.narrative.common import role_of

SEATS = {"red1": [far("R1", 20, 4)], "red2": [far("R2", 50, 4)],
         "blue1": [far("B1", 20, 44)], "blue2": [far("B2", 50, 44)]}


def team_narrative(scenario: str, dice: list[int], seats: dict[str, list[dict[str, Any]]] | None = None,
                   **extra: Any) -> Game:
    """A 2v2 game of ``scenario`` (red1 holds the First Player token), stopped at its first decision after the
    Attacker's markers are placed."""
    seats = seats or SEATS
    players = [p for ps in TEAMS.values() for p in ps]
    positions = {p: {u["name"]: {"x": u["x"], "y": u["y"], "doom": 0,
                                 "facing": 90 if p.startswith("red") else 270} for u in seats[p]} for p in players}
    setup = {"players": players, "teams": TEAMS, "armies": {p: army(seats[p], p) for p in players},
             "points": 20000, "first": "red1", "positions": positions, "layout": {"pieces": []},
             "scenario": scenario, **extra}
    game = Game(RULESET, setup, seed=1, dice=dice)
    while game.pending is not None and game.pending.kind == "marker":
        game.answer(game.pending.examples[0])
    return game


def test_team_narrative_the_attacking_team_shares_the_role_and_the_advantage():
    g = team_narrative("the-breach", [1])  # 1: the First Player's team (red) attacks
    assert {p: s.role for p, s in g.state.sides.items()} == {"red1": "Attacker", "red2": "Attacker",
                                                             "blue1": "Defender", "blue2": "Defender"}
    courage = int(g.ruleset.scenarios["the-breach"].params["attacker_courage"])
    assert unit(g, "R2").courage_bonus == courage and unit(g, "B2").courage_bonus == 0
    assert role_of(g, "Attacker") == "red1" and role_of(g, "Defender") == "blue1"  # the Warlords
    assert g.state.scenario == "the-breach" and not [k for k in g.state.notes if k.startswith("objective:")]


def test_team_narrative_attacker_chosen_in_the_set_up_names_a_player_whose_team_attacks():
    g = team_narrative("the-breach", [], attacker="blue2")
    assert g.state.sides["blue1"].role == g.state.sides["blue2"].role == "Attacker"


def test_team_narrative_the_defending_team_deploys_in_the_defenders_zone():
    g = team_narrative("the-fortress", [4])  # 4: blue (the second team) attacks, red defends
    assert g.state.sides["red2"].role == "Defender"
    assert fortress.zone(g, "red2") == fortress.zone(g, "red1") != fortress.zone(g, "blue2")
    assert fortress.zone(g, "blue2") == fortress.zone(g, "blue1")


def test_team_narrative_the_chasm_an_allys_units_win_for_the_attacking_team():
    g = team_narrative("the-chasm", [1])
    objs = [m for m in g.state.markers if m.kind == "objective"]
    for name, m in zip(("R1", "R2"), objs[:2], strict=True):  # units of both red players, one on each marker
        u = unit(g, name)
        u.x, u.y = m.x, m.y - 2.5
    run(g, scenarios.end_of_round)
    assert g.result is not None and g.result.winners == ("red",)


def test_team_narrative_the_chasm_defending_team_wins_if_it_holds():
    g = team_narrative("the-chasm", [1])
    run(g, chasm.final, g.ruleset.scenarios["the-chasm"])
    assert g.result.winners == ("blue",)


def test_team_narrative_the_breach_counts_every_unit_of_each_team():
    g = team_narrative("the-breach", [1])  # red attacks; the breach is at the middle of blue's (north) edge
    x, y = g.stash["hobgoblin-narrative"]["breach"]
    for name, dx in (("R1", -6), ("R2", 6), ("B1", 0)):
        u = unit(g, name)
        u.x, u.y = x + dx, y - 4
    run(g, breach.final, g.ruleset.scenarios["the-breach"])
    assert g.result.winners == ("red",) and "2 unbroken units to 1" in g.result.reason


def test_team_narrative_objectives_are_refused_in_one_line():
    with pytest.raises(SetupError, match="narrative scenario .the-fortress. decides a team game") as err:
        team_narrative("the-fortress", [1], objectives=["combined-arms"])
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("name", ["the-chasm", "the-fortress", "the-breach"])
def test_team_narrative_whole_2v2_games_end_with_a_team_result(name: str):
    setup = RULESET.check_setup(RULESET.apply_options({**RULESET.default_setup(), "scenario": name,
                                                       "layout": "open-ground"}, {"teams": "2v2"}))
    g = Game(RULESET, setup, seed=5)
    agents = {p: RandomAgent(AgentContext(p, i, RULESET, {}, g.players)) for i, p in enumerate(g.players)}
    while g.pending is not None:
        d = g.pending
        g.answer(agents[d.player].decide(View(g, d.player), d), d.player)
    assert g.result is not None and g.result.rule == RULESET.scenarios[name].name
    assert set(g.result.winners) <= {"red", "blue"}


def test_team_last_stand_the_whole_team_holds_its_role():
    from skirmish.plugins import Registry

    ruleset = Registry().ruleset("hobgoblin")  # with the Chaos of War hooks
    players = [p for ps in TEAMS.values() for p in ps]
    positions = {p: {u["name"]: {"x": u["x"], "y": u["y"], "doom": 0, "facing": 90 if p.startswith("red") else 270}
                     for u in SEATS[p]} for p in players}
    setup = {"players": players, "teams": TEAMS, "armies": {p: army(SEATS[p], p) for p in players},
             "points": 20000, "first": "red1", "positions": positions, "layout": {"pieces": []},
             "objectives": ["combined-arms"], "chaos": {"deployment": ["last-stand"]}}
    g = Game(ruleset, setup, seed=1, dice=[4])  # the Warlords' D6: 4-6, blue attacks
    assert {p: s.role for p, s in g.state.sides.items()} == {"red1": "Defender", "red2": "Defender",
                                                             "blue1": "Attacker", "blue2": "Attacker"}
    assert unit(g, "R2").courage_bonus > 0 and unit(g, "B2").courage_bonus == 0
