"""The AI in the narrative scenarios: real set-ups (The Chasm, The Fortress, The Breach) with units placed by
hand, and the AI's choice asserted (markers, deployment, where it steers, what it charges)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import hob_bench
import pytest
from hob_bench import unit

from skirmish import AgentContext, Game, View
from skirmish_hobgoblin.agents import make_ai
from skirmish_hobgoblin.ai import objectives, steering
from skirmish_hobgoblin.ai.board import units_of
from skirmish_hobgoblin.ai.movement import Planner
from skirmish_hobgoblin.narrative import ai as narrative

NARROW = 130  # mm: narrower than a bridge (150 mm), wide enough to hold two markers 8" apart edge to edge


def _plain(**kw: Any) -> dict[str, Any]:
    return {"general": False, "battle_standard": False, **kw}


def setup_game(name: str, red: list[dict[str, Any]], blue: list[dict[str, Any]], layout: Any = None) -> Game:
    """Red attacks (a loaded 1), the AI places the Attacker's markers; the game waits at round 1's Initiative."""
    g = hob_bench.battle(red, blue, scenario=name, dice=[1], layout=layout)
    ai = make_ai(AgentContext("red", 1, g.ruleset, {}, g.players))
    while g.pending is not None and g.pending.kind == "marker":
        g.answer(ai.decide(View(g, "red"), g.pending), "red")
    return g


def place(g: Game, name: str, x: float, y: float, facing: float) -> Any:
    u = unit(g, name)
    u.x, u.y, u.facing = x, y, facing
    return u


def best(g: Game, player: str, name: str, mp: float = 8.0, options: list[Any] | None = None) -> Any:
    """The Movement Phase choice the AI's planner ranks first for the unit called ``name``, with ``end``: where
    it would end (None when it holds or answers an option)."""
    view = View(g, player)
    units = units_of(view)
    me = next(u for u in units.values() if u["name"] == name)
    planner = Planner(view, player, units, moves_after=False)
    ranked = getattr(planner, "ranked", None)
    choice = ranked(me, options or [], lambda o: o, mp)[0] if ranked else planner.choose(me, options or [],
                                                                                            lambda o: o, mp)
    end = steering.predict(me, choice.goal, mp)[0] if choice.goal is not None else None
    return SimpleNamespace(value=choice.value, option=choice.option, goal=choice.goal, why=choice.why, end=end)


# ------------------------------------------------------------------------------------------------ The Chasm

RED_C = [{"name": "Gen", "x": 4, "y": 4}, _plain(name="Narrow", x=4, y=12, width=NARROW)]
BLUE_C = [{"name": "Foe", "x": 44, "y": 68}, _plain(name="Guard", x=4, y=66)]


def chasm_game() -> Game:
    return setup_game("the-chasm", RED_C, BLUE_C)


def test_chasm_attacker_places_two_markers_astride_a_bridge_one_unit_between_them_wins():
    g = chasm_game()
    objs = [m for m in g.state.markers if m.kind == "objective"]
    bridges = g.stash["hobgoblin-narrative"]["bridges"]
    (a, b), third = objs[:2], objs[2]
    bx = sum(bridges[0]) / 2
    assert (a.x + b.x) / 2 == pytest.approx(bx, abs=0.05) and 8.0 < abs(a.x - b.x) - 2 * a.radius < 8.5
    assert third.x == pytest.approx(sum(bridges[1]) / 2, abs=0.05)
    assert a.y == b.y == third.y == 54.0  # the nearest line to the chasm the rules allow (16" from it)
    view = View(g, "red")
    me = units_of(view)["r2"]
    assert narrative.win_spots(view, me) == [pytest.approx((bx, 54.0))]


def test_chasm_a_place_over_the_chasm_off_a_bridge_is_worthless_and_a_lined_up_crossing_is_not():
    g = chasm_game()
    place(g, "Narrow", 12.0, 28.0, 90.0)  # lined up with bridge 1 (x 12), facing across
    view = View(g, "red")
    me = units_of(view)["r2"]
    assert narrative.chasm_reachable(view, me, (12.0, 40.0))
    assert not narrative.chasm_reachable(view, me, (20.0, 36.0))  # ends over the chasm
    assert not narrative.chasm_reachable(view, me, (24.0, 40.0))  # slants across off the bridge
    assert narrative.place_value(view, "red", me, (20.0, 36.0)) == narrative.INVALID


def test_chasm_attacker_lined_up_on_a_bridge_crosses_it():
    g = chasm_game()
    place(g, "Narrow", 12.0, 28.0, 90.0)
    choice = best(g, "red", "Narrow")
    assert choice.goal is not None and choice.goal[1] > 37.5, choice  # over the chasm
    assert abs(choice.goal[0] - 12.0) < 1.5


def test_chasm_attacker_off_the_bridges_line_heads_for_a_bridge_not_the_edge():
    g = chasm_game()
    place(g, "Narrow", 22.0, 22.0, 90.0)
    choice = best(g, "red", "Narrow")
    end = choice.end
    assert end is not None and narrative.lined_up(View(g, "red"), end, 4.0) or end[1] < 30.0, choice


def test_chasm_defender_blocks_a_bridge_end():
    g = chasm_game()
    place(g, "Guard", 12.0, 44.0, 270.0)
    choice = best(g, "blue", "Guard")
    spot = choice.end
    assert spot is not None and abs(spot[0] - 12.0) < 1.5 and 37.5 < spot[1] < 41.0, choice


def test_chasm_attacker_charges_a_unit_blocking_a_bridge_harder():
    g = chasm_game()
    place(g, "Guard", 12.0, 39.0, 270.0)
    place(g, "Narrow", 12.0, 31.0, 90.0)
    view = View(g, "red")
    units = units_of(view)
    bonus = objectives.engage_bonus(view, "red", units["r2"], units["b2"], {"edge": "front"})
    assert bonus > 0 and objectives.unit_worth(view, "red", units["b2"]) > 0
    place(g, "Guard", 30.0, 50.0, 270.0)  # away from the bridges
    view = View(g, "red")
    units = units_of(view)
    assert objectives.engage_bonus(view, "red", units["r2"], units["b2"], {"edge": "front"}) == 0


def test_chasm_attacker_within_2_inches_of_two_markers_is_worth_the_win_and_a_step_short_is_not():
    g = chasm_game()
    view = View(g, "red")
    (wx, wy), = narrative.win_spots(view, units_of(view)["r2"])
    place(g, "Narrow", wx, 44.0, 90.0)  # across the chasm
    view = View(g, "red")
    me = units_of(view)["r2"]
    at = (wx, wy - 1.0)
    assert narrative.held(view, me, at, 90.0) == {"objective1", "objective2"}
    won = narrative.place_value(view, "red", me, at)
    assert won >= narrative.CHASM_WIN
    short = narrative.place_value(view, "red", me, (wx, wy - 6.0))  # across, a move short
    assert short < won - 0.5 * objectives.VP


def test_chasm_a_friend_holding_one_marker_makes_another_marker_the_win():
    g = chasm_game()
    third = next(m for m in g.state.markers if m.id == "objective3")
    place(g, "Gen", third.x, third.y - 2.0, 90.0)  # holds objective3
    one = next(m for m in g.state.markers if m.id == "objective1")
    place(g, "Narrow", one.x, 44.0, 90.0)  # across the chasm
    view = View(g, "red")
    me = units_of(view)["r2"]
    assert narrative.friends_held(view, "red", me) == {"objective3"}
    assert narrative.place_value(view, "red", me, (one.x, one.y - 2.0)) >= narrative.CHASM_WIN


def test_chasm_a_goal_the_unit_cannot_reach_in_the_rounds_left_counts_little():
    g = chasm_game()
    view = View(g, "red")
    me = units_of(view)["r2"]  # Speed 8
    g.round = 4  # one round after this one
    view = View(g, "red")
    assert narrative.in_time(view, me, 7.0) > 0.7  # one more move
    assert narrative.in_time(view, me, 12.0) < 0.25  # two more: too late
    g.round = 1
    view = View(g, "red")
    assert narrative.in_time(view, me, 12.0) > 0.6


def test_fortress_attacker_deploys_its_slowest_movers_first_and_immobile_units_last():
    fast = {"speed": 10, "points": 500, "keywords": ""}
    slow = {"speed": 6, "points": 300, "keywords": ""}
    slowed = {"speed": 4, "points": 400, "keywords": "Slow [2]"}  # the view's Speed: Slow taken off
    gun = {"speed": 0, "points": 350, "keywords": "Immobile"}
    order = sorted([fast, gun, slowed, slow], key=narrative.deploy_rank)
    assert order == [slowed, slow, fast, gun]


def test_chasm_attacker_deploys_its_fastest_movers_first_at_the_fronts_of_the_bridge_columns():
    fast = {"speed": 10, "points": 300, "keywords": ""}
    slow = {"speed": 6, "points": 500, "keywords": ""}
    gun = {"speed": 0, "points": 350, "keywords": "Immobile"}
    order = sorted([slow, gun, fast], key=lambda u: narrative.deploy_rank(u, fastest=True))
    assert order == [fast, slow, gun]  # the old AI: slow first, and a column goes no faster than its front
    g = chasm_game()
    from skirmish import Decision, Option

    d = Decision("red", "deploy", "which unit deploys next?",
                 options=[Option(f"deploy {i}", f"deploy {i}",
                                 data={"action": "deploy", "actor": i}) for i in ("r1", "r2")])
    unit(g, "Narrow").speed = 10
    assert make_ai(AgentContext("red", 1, g.ruleset, {}, g.players)).decide(View(g, "red"), d) == "deploy r2"


def test_chasm_attacker_deploys_first_in_the_lane_of_the_bridge_its_pair_of_markers_stands_astride():
    g = chasm_game()
    objs = {m.id: m for m in g.state.markers}
    objs["objective1"].x, objs["objective2"].x, objs["objective3"].x = 36.0 - 4.15, 36.0 + 4.15, 12.0
    view = View(g, "red")
    x, _ = narrative.deploy_spots(view, "red", units_of(view)["r2"])[0]
    assert x == pytest.approx(36.0)  # the old AI: bridge 1 (x 12), the first of two equally clear lanes


def test_chasm_attacker_deploys_an_immobile_unit_clear_of_the_bridge_lanes():
    g = chasm_game()
    view = View(g, "red")
    me = dict(units_of(view)["r2"], keywords="Immobile", status="undeployed")
    spots = narrative.deploy_spots(view, "red", me)
    xs = [sum(b) / 2 for b in g.stash["hobgoblin-narrative"]["bridges"]]
    assert spots and all(abs(x - bx) >= 3.5 + me["width"] / 2 for x, _ in spots for bx in xs)


def test_chasm_attacker_deploys_lined_up_behind_a_bridge():
    g = chasm_game()
    view = View(g, "red")
    spots = narrative.deploy_spots(view, "red", units_of(view)["r2"])
    xs = sorted(sum(b) / 2 for b in g.stash["hobgoblin-narrative"]["bridges"])
    assert round(spots[0][0], 2) in [round(x, 2) for x in xs]
    assert spots[0][1] == pytest.approx(34.5 - 12 - unit(g, "Narrow").depth / 2 - 0.05, abs=0.01)


def test_chasm_markers_go_astride_the_bridge_the_army_crosses_best():
    # Perilous pools past bridge 1's far end (x 10-18, y 39.5-44.5 once the table is turned): every lane over it
    # runs through them; the old AI put the pair astride bridge 1 all the same
    pools = {"pieces": [{"kind": "noxious-pools", "rect": [30, 14, 5, 8, 0]}]}
    g = setup_game("the-chasm", RED_C, BLUE_C, layout=pools)
    objs = [m for m in g.state.markers if m.kind == "objective"]
    bridges = g.stash["hobgoblin-narrative"]["bridges"]
    assert (objs[0].x + objs[1].x) / 2 == pytest.approx(sum(bridges[1]) / 2, abs=0.05)
    assert objs[2].x == pytest.approx(sum(bridges[0]) / 2, abs=0.05)


def test_chasm_attacker_deploys_behind_a_friend_in_its_lane_not_beside_it():
    g = chasm_game()
    place(g, "Gen", 13.5, 20.0, 90.0)  # off the lane's centre (x 12) by less than the two half widths
    view = View(g, "red")
    x, y = narrative.deploy_spots(view, "red", units_of(view)["r2"])[-1]  # the column at bridge 1, the fuller one
    assert x == pytest.approx(12.0) and y < 20.0 - unit(g, "Gen").depth / 2


def _deploy_decision(player: str, ids: list[str], sneaky: str) -> Any:
    from skirmish import Decision, Option

    opts = [Option(f"deploy {i}", f"deploy {i}", data={"action": "deploy", "actor": i}) for i in ids]
    opts.append(Option(f"aside {sneaky}", f"set {sneaky} aside (Sneaky)", data={"action": "aside", "actor": sneaky}))
    return Decision(player, "deploy", "which unit deploys next?", options=opts)


def test_chasm_and_fortress_attacker_sets_its_sneaky_units_aside():
    for g in (chasm_game(), fortress_game()):
        d = _deploy_decision("red", ["r1", "r2"], "r2")
        assert make_ai(AgentContext("red", 1, g.ruleset, {}, g.players)).decide(View(g, "red"), d) == "aside r2"
        d = _deploy_decision("blue", ["b1", "b2"], "b2")  # the Defender keeps it
        assert make_ai(AgentContext("blue", 1, g.ruleset, {}, g.players)).decide(View(g, "blue"), d) != "aside b2"
    g = hob_bench.battle(RED_C, BLUE_C)  # a battle scenario: the battle AI's own choice (biggest first)
    assert objectives.deploy_option(View(g, "red"), "red", _deploy_decision("red", ["r1", "r2"], "r2")) is None


def test_chasm_sneaky_attacker_arrives_over_the_chasm_near_the_win_spot():
    from skirmish_hobgoblin import deployment

    g = chasm_game()
    hob_bench.run(g, deployment.ask_anywhere, unit(g, "Narrow"), 8.0, "Sneaky")
    d = g.pending
    assert d.kind == "arrive"
    answer = make_ai(AgentContext("red", 1, g.ruleset, {}, g.players)).decide(View(g, "red"), d)
    assert answer != d.examples[0]  # the old AI took the first suggested spot
    view = View(g, "red")
    (wx, wy), = narrative.win_spots(view, units_of(view)["r2"])
    assert answer["y"] > 37.5 and abs(answer["x"] - wx) < 3.0, answer  # across, in front of the win spot
    assert not view.check(answer)


# ------------------------------------------------------------------------------------------------ The Fortress

RED_F = [{"name": "Gen", "x": 4, "y": 4}, _plain(name="Ram", x=24, y=18)]
BLUE_F = [{"name": "Foe", "x": 66, "y": 44}, _plain(name="Guard", x=36, y=38, facing=270)]


def fortress_game() -> Game:
    return setup_game("the-fortress", RED_F, BLUE_F)  # the wall runs along y 32 (blue defends the north)


def test_fortress_attacker_lined_up_with_a_weak_point_goes_to_touch_it():
    g = fortress_game()
    place(g, "Ram", 24.0, 25.0, 90.0)
    choice = best(g, "red", "Ram")
    ram = unit(g, "Ram")
    assert choice.goal == pytest.approx((24.0, 31.5 - ram.depth / 2 - narrative.FACE_GAP), abs=0.01), choice


def test_fortress_attacker_never_plans_through_a_standing_weak_point():
    g = fortress_game()
    place(g, "Ram", 24.0, 25.0, 90.0)
    view = View(g, "red")
    me = units_of(view)["r2"]
    assert narrative.place_value(view, "red", me, (24.0, 36.0)) == narrative.INVALID
    g.stash["hobgoblin-narrative"]["doom"]["weakpoint2"] = 7  # Broken: the way is open
    view = View(g, "red")
    assert narrative.place_value(view, "red", units_of(view)["r2"], (24.0, 36.0)) > narrative.INVALID


def test_fortress_attacker_prefers_the_more_battered_weak_point():
    g = fortress_game()
    g.stash["hobgoblin-narrative"]["doom"]["weakpoint3"] = 5
    place(g, "Ram", 30.0, 25.0, 90.0)  # between Weak Points 2 and 3
    view = View(g, "red")
    me = units_of(view)["r2"]
    two = narrative.touch_spot(view, "red", me, {"x": 24.0})
    three = narrative.touch_spot(view, "red", me, {"x": 36.0})
    assert narrative.place_value(view, "red", me, three) > narrative.place_value(view, "red", me, two)


def test_fortress_defender_plugs_the_gap_by_a_weak_point():
    g = fortress_game()
    place(g, "Guard", 36.0, 38.0, 270.0)
    choice = best(g, "blue", "Guard")
    assert choice.end is not None and abs(choice.end[0] - 36.0) < 1.0 and abs(choice.end[1] - 32.0) < 1.5, choice


def test_fortress_defender_charging_an_attacker_battering_a_weak_point_is_worth_more():
    g = fortress_game()
    place(g, "Ram", 24.0, 31.5 - unit(g, "Ram").depth / 2 - 0.3, 90.0)  # against Weak Point 2
    view = View(g, "blue")
    units = units_of(view)
    assert objectives.engage_bonus(view, "blue", units["b2"], units["r2"], {"edge": "front"}) > 0
    place(g, "Ram", 30.0, 20.0, 90.0)
    view = View(g, "blue")
    units = units_of(view)
    assert objectives.engage_bonus(view, "blue", units["b2"], units["r2"], {"edge": "front"}) == 0


def test_fortress_the_view_gives_each_weak_points_doom():
    g = fortress_game()
    g.stash["hobgoblin-narrative"]["doom"]["weakpoint4"] = 3
    assert View(g, "red").state["narrative"]["weak_points"]["weakpoint4"] == 3
    assert "narrative" not in View(hob_bench.battle(RED_F, BLUE_F), "red").state


def test_fortress_attacker_deploys_lined_up_in_front_of_the_weak_points():
    g = fortress_game()
    view = View(g, "red")
    x, y = narrative.deploy_spots(view, "red", units_of(view)["r2"])[0]
    assert x in (12.0, 24.0, 36.0, 48.0, 60.0)
    assert y == pytest.approx(31.5 - 12 - unit(g, "Ram").depth / 2 - 0.05, abs=0.01)


def test_fortress_attacker_off_centre_but_touching_goes_straight_not_wheeling():
    g = fortress_game()
    place(g, "Ram", 25.5, 25.0, 90.0)  # 1.5" off Weak Point 2: its front still overlaps the marker straight ahead
    view = View(g, "red")
    assert narrative.touch_spot(view, "red", units_of(view)["r2"], {"x": 24.0})[0] == 25.5  # the old AI: 24
    choice = best(g, "red", "Ram")
    assert choice.goal is not None and choice.goal[0] == pytest.approx(25.5) and choice.end[1] > 28.0, choice


def test_fortress_attacker_deploys_in_a_clear_lane_not_behind_a_tower():
    tower = {"pieces": [{"kind": "watch-tower", "rect": [12, 24, 4, 4, 0]}]}  # in front of Weak Point 1 (x 12)
    g = setup_game("the-fortress", RED_F, BLUE_F, layout=tower)
    view = View(g, "red")
    xs = [round(x, 2) for x, _ in narrative.deploy_spots(view, "red", units_of(view)["r2"])]
    assert 12.0 not in xs and xs[0] in (24.0, 36.0, 48.0, 60.0)  # the old AI: 12 first


def test_fortress_attacker_deploys_in_a_rough_lane_rather_than_behind_a_friend_at_a_weak_point():
    rubble = {"pieces": [{"kind": "rubble", "rect": [42, 25, 44, 12, 0]}]}  # Rough across the lanes of x 24-60
    g = setup_game("the-fortress", RED_F, BLUE_F, layout=rubble)
    place(g, "Gen", 12.0, 17.0, 90.0)  # at Weak Point 1's lane, the only clear one
    view = View(g, "red")
    x, _ = narrative.deploy_spots(view, "red", units_of(view)["r2"])[0]
    assert abs(x - 12.0) > 6.0  # the old AI queued behind the General (a Rough lane cost more than a friend)


def test_fortress_attacker_by_the_wall_askew_counts_as_far_from_touching_so_it_comes_square():
    g = fortress_game()
    place(g, "Ram", 21.0, 22.0, 90.0)
    view = View(g, "red")
    me = units_of(view)["r2"]
    ty = 31.5 - me["depth"] / 2 - narrative.FACE_GAP
    slanted = narrative.place_value(view, "red", me, (24.0, ty))  # at the touching spot, but wheeled ~17 degrees
    square = narrative.place_value(view, "red", me, (21.5, ty - 5.0))  # in the lane, 5" short, facing the wall
    assert square > slanted  # the old AI valued the askew spot as touching (it never got flush)


def test_fortress_sneaky_attacker_arrives_lined_up_with_a_weak_point():
    from skirmish_hobgoblin import deployment

    g = fortress_game()
    hob_bench.run(g, deployment.ask_anywhere, unit(g, "Ram"), 8.0, "Sneaky")
    answer = make_ai(AgentContext("red", 1, g.ruleset, {}, g.players)).decide(View(g, "red"), g.pending)
    ram = unit(g, "Ram")
    near = min((12.0, 24.0, 36.0, 48.0, 60.0), key=lambda x: abs(x - answer["x"]))
    assert abs(answer["x"] - near) <= ram.width / 2 - narrative.LANE_OVERLAP  # straight on, it touches it
    # square in front of the marker, touching it: its front 0.3" from the wall face (the marker sticks out 0.5")
    assert answer["y"] + ram.depth / 2 == pytest.approx(31.5 - narrative.FACE_GAP, abs=0.01), answer


# ------------------------------------------------------------------------------------------------ The Breach

def breach_game(rnd: int = 1) -> Game:
    """Red attacks; the Breach Marker is at the middle of blue's (south) edge, (36, 0)."""
    g = setup_game("the-breach", [{"name": "Gen", "x": 60, "y": 40}, _plain(name="Raider", x=20, y=30, facing=270)],
                   [{"name": "Foe", "x": 36, "y": 3}, _plain(name="Guard", x=42, y=4, facing=90)])
    g.round = rnd
    return g


def test_breach_attacker_makes_for_the_ground_by_the_breach():
    g = breach_game(rnd=3)
    bx, by = g.stash["hobgoblin-narrative"]["breach"]
    raider = unit(g, "Raider")
    start = ((raider.x - bx) ** 2 + (raider.y - by) ** 2) ** 0.5
    choice = best(g, "red", "Raider")
    assert choice.end is not None
    assert ((choice.end[0] - bx) ** 2 + (choice.end[1] - by) ** 2) ** 0.5 < start - 4.0, choice


def test_breach_defender_stays_within_8_inches_of_the_breach():
    g = breach_game(rnd=4)
    choice = best(g, "blue", "Guard")
    bx, by = g.stash["hobgoblin-narrative"]["breach"]
    end = choice.end if choice.end is not None else (unit(g, "Guard").x, unit(g, "Guard").y)
    assert ((end[0] - bx) ** 2 + (end[1] - by) ** 2) ** 0.5 < 8.0, choice


def test_breach_units_near_it_are_worth_more_as_the_end_nears():
    early, late = breach_game(rnd=1), breach_game(rnd=5)
    worth = [objectives.unit_worth(View(g, "red"), "red", units_of(View(g, "red"))["b2"]) for g in (early, late)]
    assert 0 < worth[0] < worth[1]
    far = breach_game(rnd=5)
    place(far, "Guard", 40.0, 40.0, 90.0)
    assert objectives.unit_worth(View(far, "red"), "red", units_of(View(far, "red"))["b2"]) == 0


# ------------------------------------------------------------------------------------------------ switched off


def test_a_blind_seat_ignores_the_scenario_goals():
    g = fortress_game()
    place(g, "Ram", 24.0, 25.0, 90.0)
    view = View(g, "red")
    me = units_of(view)["r2"]
    token = objectives.EXPANSION_GOALS.set(False)
    try:
        assert narrative.place_value(view, "red", me, (24.0, 28.0)) == 0.0
        assert objectives.goal_points(view, "red", me) == []
    finally:
        objectives.EXPANSION_GOALS.reset(token)
    assert objectives.goal_points(view, "red", me)


# ------------------------------------------------------------------------------------------------ turns and lanes


def test_chasm_attacker_over_the_chasm_facing_its_way_is_worth_more_than_facing_askew():
    g = chasm_game()
    place(g, "Narrow", 12.0, 44.0, 90.0)  # over bridge 1, 10" short of the win spot between its markers
    view = View(g, "red")
    me = units_of(view)["r2"]
    ahead = narrative.place_value(view, "red", me, (12.0, 44.0))
    sideways = narrative.place_value(view, "red", dict(me, facing=180.0), (12.0, 44.0))
    assert ahead > sideways + 0.1 * objectives.VP  # the old AI: the same (inches only, no turn to face the way)
    assert narrative.path_mp(me, 180.0, [(12.0, 44.0), (12.0, 54.0)]) == pytest.approx(10.0 + steering.REFORM_MP)


def test_chasm_attacker_by_the_edge_askew_counts_as_far_from_crossing_so_it_comes_square():
    g = chasm_game()
    place(g, "Narrow", 12.0, 31.0, 90.0)  # its front 2.3" short of the chasm, in bridge 1's lane
    view = View(g, "red")
    me = units_of(view)["r2"]
    square = narrative.place_value(view, "red", me, (12.0, 31.0))
    askew = narrative.place_value(view, "red", dict(me, facing=100.0), (12.0, 31.0))
    assert square > askew + 0.2 * objectives.VP  # a wheel there swings over the drop


def test_chasm_attacker_in_a_bridge_lane_off_its_centre_is_not_a_dead_end_by_the_edge():
    g = chasm_game()
    values = []
    for x in (12.0, 14.0):  # bridge 1 is x 9.05-14.95: at 14 most of the unit's width is still on it
        place(g, "Narrow", x, 31.0, 90.0)
        view = View(g, "red")
        values.append(narrative.place_value(view, "red", units_of(view)["r2"], (x, 31.0)))
    assert abs(values[0] - values[1]) < 0.5 * narrative.EDGE  # the old AI: 2" off the centre was off the line


def test_a_planned_end_facing_is_read_as_the_units_facing_there():
    g = chasm_game()
    place(g, "Narrow", 12.0, 26.0, 90.0)
    view = View(g, "red")
    me = units_of(view)["r2"]
    assert narrative._facing_at(dict(me, facing=103.0), (11.6, 30.7), view) == 103.0  # the planner's, after a wheel
    assert narrative._facing_at(me, (12.0, 30.0), view) == pytest.approx(90.0)  # its own, steered straight on


def test_fortress_attacker_facing_the_wall_in_its_lane_is_worth_more_than_facing_askew():
    g = fortress_game()
    place(g, "Ram", 24.0, 20.0, 90.0)  # in Weak Point 2's lane, 10" short, away from the wall
    view = View(g, "red")
    me = units_of(view)["r2"]
    square = narrative.place_value(view, "red", me, (24.0, 20.0))
    askew = narrative.place_value(view, "red", dict(me, facing=130.0), (24.0, 20.0))
    assert square > askew + 0.1 * objectives.VP  # the old AI: the same (inches only)


def test_fortress_attacker_lane_keeps_the_units_body_clear_of_the_wall_beside_the_weak_point():
    from skirmish_hobgoblin.ai.board import free_run

    g = fortress_game()
    place(g, "Ram", 26.2, 22.0, 90.0)  # its front overlaps Weak Point 2 (x 24), near the plain wall at x 28
    view = View(g, "red")
    me = units_of(view)["r2"]
    x, y = narrative.touch_spot(view, "red", me, {"x": 24.0})
    assert x < 26.0  # the old AI: 26.2, where the steering's disc meets the wall 1.3" short of touching
    assert free_run(view, dict(me, x=x), (x, 22.0), (x, y)) == pytest.approx(y - 22.0)


def test_fortress_attacker_column_leaves_room_for_its_front_units_first_advance():
    from skirmish_hobgoblin.ai.board import free_run

    g = fortress_game()
    place(g, "Gen", 24.0, 17.0, 90.0)  # first in Weak Point 2's lane
    view = View(g, "red")
    spots = narrative.deploy_spots(view, "red", units_of(view)["r2"])
    x, y = next(s for s in spots if abs(s[0] - 24.0) < 0.5)  # behind the General
    place(g, "Ram", x, y, 90.0)
    view = View(g, "red")
    gen = units_of(view)["r1"]
    assert free_run(view, gen, (24.0, 17.0), (24.0, 23.0)) == pytest.approx(6.0)  # the old AI: 0 (a 0.3" gap)


def test_fortress_sneaky_attacker_arrives_at_a_weak_point_no_friend_is_lined_up_for():
    from skirmish_hobgoblin import deployment

    g = fortress_game()
    place(g, "Gen", 60.0, 19.0, 90.0)  # lined up with Weak Point 5, on its way
    hob_bench.run(g, deployment.ask_anywhere, unit(g, "Ram"), 8.0, "Sneaky")
    answer = make_ai(AgentContext("red", 1, g.ruleset, {}, g.players)).decide(View(g, "red"), g.pending)
    assert abs(answer["x"] - 60.0) > 6.0, answer  # the old AI: in front of the General, at Weak Point 5


def test_a_unit_with_a_friend_close_behind_plans_its_advance_all_the_way():
    from skirmish_hobgoblin.ai.board import free_run

    g = fortress_game()
    place(g, "Gen", 24.0, 17.0, 90.0)
    place(g, "Ram", 24.0, 17.0 - unit(g, "Gen").depth - 0.3, 90.0)  # 0.3" behind it
    view = View(g, "red")
    gen = units_of(view)["r1"]
    assert free_run(view, gen, (24.0, 17.0), (24.0, 23.0)) == pytest.approx(6.0)  # the old AI: 0, as if walled in
    assert free_run(view, gen, (24.0, 17.0), (24.0, 11.0)) < 1.0  # backing into the friend is still stopped
    choice = best(g, "red", "Gen")
    assert choice.end is not None and choice.end[1] > 21.0, choice  # the old AI wheeled off its lane


def test_chasm_sneaky_attacker_does_not_arrive_in_the_lane_ahead_of_a_friend_crossing_there():
    from skirmish_hobgoblin import deployment

    g = chasm_game()
    place(g, "Gen", 12.0, 28.0, 90.0)  # lined up with bridge 1, the pair of markers' bridge, on its way over
    hob_bench.run(g, deployment.ask_anywhere, unit(g, "Narrow"), 8.0, "Sneaky")
    answer = make_ai(AgentContext("red", 1, g.ruleset, {}, g.players)).decide(View(g, "red"), g.pending)
    gen, narrow = unit(g, "Gen"), unit(g, "Narrow")
    in_its_way = abs(answer["x"] - 12.0) < (gen.width + narrow.width) / 2 and 28.0 < answer["y"] <= 48.0
    assert not in_its_way, answer  # the old AI: just over the bridge in front of it (the General stops behind)
