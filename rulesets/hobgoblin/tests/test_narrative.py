"""The narrative scenarios: The Chasm, The Fortress and The Breach (set-up, zones, special rules, victory)."""

from __future__ import annotations

from typing import Any

import hob_bench
import pytest
from hob_bench import run, unit

from skirmish import AgentContext, Game, SetupError, View
from skirmish.geometry import Rect
from skirmish_hobgoblin import measuring, moves, scenarios
from skirmish_hobgoblin.narrative import breach, chasm, fortress, zones
from skirmish_hobgoblin.state import Activation

NARROW, WIDE = 100, 200  # mm: narrower than a bridge (150 mm), wider than one


def game(name: str, red: list[dict[str, Any]], blue: list[dict[str, Any]], dice: list[int]) -> Game:
    g = hob_bench.battle(red, blue, scenario=name, dice=dice)
    while g.pending is not None and g.pending.kind == "marker":  # The Chasm: the Attacker's objective markers
        g.answer(g.pending.examples[0])
    return g


def mover(g: Game, name: str) -> Any:
    u = unit(g, name)
    g.state.activation = Activation(u.id, 12.0, (u.x, u.y, u.facing), [])
    return u


# ------------------------------------------------------------------------------ The Chasm

RED_C = [{"name": "Gen", "x": 4, "y": 4}, {"name": "Narrow", "x": 12, "y": 32, "width": NARROW, "general": False,
                                          "battle_standard": False},
         {"name": "Wide", "x": 12, "y": 20, "width": WIDE, "general": False, "battle_standard": False},
         {"name": "Off", "x": 24, "y": 32, "width": NARROW, "general": False, "battle_standard": False},
         {"name": "Flier", "x": 40, "y": 28, "width": NARROW, "keywords": ["Flying"], "general": False,
          "battle_standard": False}]  # red's units stand south of the unturned centreline: red holds the south
BLUE_C = [{"name": "Foe", "x": 44, "y": 68}]


def chasm_game() -> Game:
    return game("the-chasm", RED_C, BLUE_C, dice=[1])  # 1: red (the First Player) attacks


def test_the_chasm_is_played_lengthwise_with_two_bridges_12_inches_apart():
    g = chasm_game()
    assert (g.state.width, g.state.depth) == (48.0, 72.0)
    bridges = g.stash["hobgoblin-narrative"]["bridges"]
    assert len(bridges) == 2 and bridges[1][0] - bridges[0][1] >= 12  # (edge to edge)
    assert all(abs((b1 - b0) - 150 / 25.4) < 1e-9 for b0, b1 in bridges)
    assert any(p.has("chasm") for p in g.state.pieces)


def test_the_chasm_attacker_advantage_plus_5_courage_and_markers_on_the_defenders_side():
    g = chasm_game()
    assert g.state.sides["red"].role == "Attacker" and unit(g, "Gen").courage_bonus == 5
    objs = [m for m in g.state.markers if m.kind == "objective"]
    assert len(objs) == 3 and all(m.y >= 37.5 + 16 for m in objs)


def test_the_chasm_is_crossed_only_by_a_bridge():
    g = chasm_game()
    assert not moves.check(g, mover(g, "Narrow"), "advance", 6.0).error
    assert "chasm" in moves.check(g, mover(g, "Off"), "advance", 6.0).error


def test_the_chasm_overhanging_crossing_needs_most_of_the_width_on_the_bridge():
    g = chasm_game()
    unit(g, "Narrow").x = 30.0
    wide = mover(g, "Wide")
    wide.y = 32.0
    assert not moves.check(g, wide, "advance", 8.0).error  # centred: 5.9" of its 7.9" on the bridge
    wide.x = 15.0
    assert "chasm" in moves.check(g, wide, "advance", 8.0).error


def test_the_chasm_flying_over_it_is_at_half_speed():
    g = chasm_game()
    f = mover(g, "Flier")
    out = moves.check(g, f, "fly", 12.0)
    assert out.cost == 2 * moves.cost_of(g, f, "fly", 12.0) or "half speed" in out.error


def test_the_chasm_deployment_defender_whole_side_attacker_12_inches_back():
    g = chasm_game()
    foe, gen = unit(g, "Foe"), unit(g, "Gen")
    assert not zones.zone_error(g, foe, Rect((24.0, 40.0), foe.width, foe.depth, 270.0))
    assert "deployment zone" in zones.zone_error(g, gen, Rect((4.0, 30.0), gen.width, gen.depth, 90.0))
    assert not zones.zone_error(g, gen, Rect((4.0, 20.0), gen.width, gen.depth, 90.0))


def test_the_chasm_attackers_sneaky_units_arrive_within_4_inches_of_it():
    g = chasm_game()
    gen = unit(g, "Gen")
    assert "within 4\"" in zones.arrival_error(g, gen, Rect((4.0, 20.0), gen.width, gen.depth, 90.0))
    assert not zones.arrival_error(g, gen, Rect((4.0, 40.0), gen.width, gen.depth, 90.0))


def test_the_chasm_attacker_wins_within_2_inches_of_two_markers():
    g = chasm_game()
    objs = [m for m in g.state.markers if m.kind == "objective"]
    for name, m in zip(("Narrow", "Off"), objs[:2], strict=True):
        u = unit(g, name)
        u.x, u.y = m.x, m.y - 2.5
    run(g, scenarios.end_of_round)
    assert g.result is not None and g.result.winners == ("red",)


def test_the_chasm_defender_wins_if_the_attacker_never_does():
    g = chasm_game()
    run(g, chasm.final, g.ruleset.scenarios["the-chasm"])
    assert g.result.winners == ("blue",)


def test_attacker_and_defender_chosen_in_the_set_up():
    g = hob_bench.battle(RED_C, BLUE_C, scenario="the-breach")
    g2 = Game(g.ruleset, {**g.setup, "attacker": "blue"}, seed=1)
    assert g2.state.sides["blue"].role == "Attacker"
    with pytest.raises(SetupError, match="not a player"):
        g.ruleset.check_setup({**g.setup, "attacker": "green"})


# ------------------------------------------------------------------------------ The Fortress

RED_F = [{"name": "Gen", "x": 4, "y": 4}, {"name": "Ram", "x": 24, "y": 30.5, "general": False,
                                          "battle_standard": False}]
BLUE_F = [{"name": "Foe", "x": 60, "y": 44}, {"name": "Guard", "x": 36, "y": 29.5, "facing": 90, "general": False,
                                              "battle_standard": False},
          {"name": "Watch", "x": 4, "y": 33.6, "facing": 270, "general": False, "battle_standard": False}]


def fortress_game() -> Game:
    return game("the-fortress", RED_F, BLUE_F, dice=[1])  # red attacks; blue defends the north half


def test_the_fortress_wall_8_inches_back_with_five_weak_points():
    g = fortress_game()
    weak = [m for m in g.state.markers if m.kind == "weak point"]
    assert [m.x for m in weak] == [12.0, 24.0, 36.0, 48.0, 60.0] and all(m.y == 32.0 for m in weak)
    wall = [p for p in g.state.pieces if p.name == "Fortress wall"]
    assert wall and all(p.has("impassable") and p.has("elevated") and p.has("blocking") for p in wall)


def test_the_fortress_defender_advantage_plus_2_courage():
    g = fortress_game()
    assert unit(g, "Foe").courage_bonus == 2 and unit(g, "Gen").courage_bonus == 0


def test_the_fortress_defenders_pass_the_wall_within_4_inches_of_a_weak_point():
    g = fortress_game()
    guard = mover(g, "Guard")
    assert not moves.check(g, guard, "advance", 5.0).error
    ram = mover(g, "Ram")
    ram.facing = 90.0
    ram.y = 29.5
    assert "may not pass the fortress wall" in moves.check(g, ram, "advance", 5.0).error


def test_the_fortress_attackers_pass_by_a_broken_weak_point():
    g = fortress_game()
    g.stash["hobgoblin-narrative"]["doom"]["weakpoint2"] = 7
    ram = mover(g, "Ram")
    ram.facing, ram.y = 90.0, 29.5
    assert not moves.check(g, ram, "advance", 5.0).error


def test_the_fortress_weak_points_attacked_as_war_wagons_courage_7():
    g = fortress_game()
    ram = unit(g, "Ram")
    ram.facing, ram.y = 90.0, 30.3  # its front edge against the wall at Weak Point 2
    from skirmish_hobgoblin import stats

    dice = stats.combat_dice(ram)
    g.stash["hobgoblin-narrative"]["doom"]["weakpoint2"] = 7 - dice
    run(g, fortress.assault, dice=[6] * dice)
    assert fortress.broken(g, "weakpoint2")
    assert any(e.kind == "broken" and "Weak Point 2" in e.text for e in g.log.events)


def test_the_fortress_attacker_wins_with_three_weak_points_broken():
    g = fortress_game()
    for i in (1, 3, 5):
        g.stash["hobgoblin-narrative"]["doom"][f"weakpoint{i}"] = 7
    run(g, scenarios.end_of_round)
    assert g.result.winners == ("red",)


def test_the_fortress_defender_wins_if_it_holds():
    g = fortress_game()
    run(g, fortress.final, g.ruleset.scenarios["the-fortress"])
    assert g.result.winners == ("blue",)


def test_the_fortress_defenders_touching_the_wall_see_over_it():
    g = fortress_game()
    watch, gen = unit(g, "Watch"), unit(g, "Gen")
    gen.x, gen.y = 4.0, 20.0
    assert measuring.has_los(g.state, watch, gen)
    watch.y = 36.0  # off the wall
    assert not measuring.has_los(g.state, watch, gen)


# ------------------------------------------------------------------------------ The Breach

def breach_game() -> Game:
    return game("the-breach", [{"name": "Gen", "x": 36, "y": 20}],
                [{"name": "Foe", "x": 36, "y": 45}, {"name": "Guard", "x": 50, "y": 30, "general": False,
                                                      "battle_standard": False}], dice=[1])


def test_the_breach_marker_at_the_middle_of_the_defenders_edge_and_attacker_advantage():
    g = breach_game()
    (m,) = [m for m in g.state.markers if m.kind == "breach"]
    assert (m.x, m.y) == (36.0, 48.0)
    assert unit(g, "Gen").courage_bonus == 2


def test_the_breach_zones_defender_within_6_inches_attacker_beyond_18():
    g = breach_game()
    foe, gen = unit(g, "Foe"), unit(g, "Gen")
    assert not zones.zone_error(g, foe, Rect((36.0, 45.0), foe.width, foe.depth, 270.0))
    assert "within 6" in zones.zone_error(g, foe, Rect((36.0, 38.0), foe.width, foe.depth, 270.0))
    assert "more than 18" in zones.zone_error(g, gen, Rect((36.0, 35.0), gen.width, gen.depth, 90.0))
    assert not zones.zone_error(g, gen, Rect((36.0, 20.0), gen.width, gen.depth, 90.0))


def test_the_breach_most_unbroken_units_within_8_inches_win():
    g = breach_game()
    run(g, breach.final, g.ruleset.scenarios["the-breach"])
    assert g.result.winners == ("blue",)


def test_the_breach_equal_numbers_is_a_draw():
    g = breach_game()
    gen = unit(g, "Gen")
    gen.x, gen.y = 30.0, 44.0
    run(g, breach.final, g.ruleset.scenarios["the-breach"])
    assert g.result.winners == ()


# ------------------------------------------------------------------------------ chosen and played


def test_narrative_scenarios_are_chosen_by_name_never_rolled(ruleset):
    assert {"the-chasm", "the-fortress", "the-breach"} <= set(ruleset.scenarios)
    assert all(not ruleset.scenarios[s].roll for s in ("the-chasm", "the-fortress", "the-breach"))


@pytest.mark.parametrize("name", ["the-chasm", "the-fortress", "the-breach"])
def test_a_whole_narrative_game_with_the_ai(name: str):
    from skirmish.plugins import Registry
    from skirmish_hobgoblin.agents import make_ai

    rs = Registry().ruleset("hobgoblin")
    g = Game(rs, {"players": ["red", "blue"], "layout": "open-ground", "scenario": name}, seed=4)
    agents = {p: make_ai(AgentContext(p, i, rs, {}, g.players)) for i, p in enumerate(g.players)}
    while g.pending is not None:
        d = g.pending
        g.answer(agents[d.player].decide(View(g, d.player), d), d.player)
    assert g.result is not None and g.result.rule == rs.scenarios[name].name
