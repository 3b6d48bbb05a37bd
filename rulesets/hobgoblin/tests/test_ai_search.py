"""The battle AI's choices that lost games to random play: Desperate Search (markers a General finds two at a time,
the General moving first, guarded markers, engaging by a marker), Cowardly Doom that breaks, a Berserk unit left
facing a wall. Views are built by hand, as in ``test_ai_choices.py``."""

from __future__ import annotations

from typing import Any

import pytest
from test_ai_choices import ai, unit, view
from test_ai_plans import _marker_decision

from skirmish import Decision, Option
from skirmish_hobgoblin.ai import combat, objectives
from skirmish_hobgoblin.ai.movement import HARM, Planner, contact_spot, doom_cost


def _search_view(units: list[dict[str, Any]], xs: tuple[float, ...] = (27.99, 44.01, 60.5), **kw: Any) -> Any:
    markers = [{"id": f"objective{i + 1}", "kind": "objective", "x": x, "y": 32.0, "owner": "red", "removed": False}
               for i, x in enumerate(xs)]
    v = view(units, scenario="desperate-search", markers=markers, **kw)
    v.state["sides"]["red"]["role"] = "Attacker"
    return v


def test_desperate_search_first_two_markers_go_just_over_16_inches_apart():
    """A General at least about 6.8" wide standing midway between markers 16.02" apart is within 4" of both, so
    it finds two at one end of round (markers 16.5" apart left the 7.1" Anvil Guard 4.08" from each)."""
    v = view([], scenario="desperate-search")
    v.state["sides"]["red"]["role"] = "Attacker"

    def check(answer: dict[str, float]) -> str | None:
        near = any(((m["x"] - answer["x"]) ** 2 + (m["y"] - answer["y"]) ** 2) ** 0.5 <= 16.0
                   for m in v.state["markers"])
        return "too close" if near else None

    v.check = check
    agent = ai()
    for i in range(2):
        spot = agent.decide(v, _marker_decision(32.0, 48.0))
        v.state["markers"].append({"id": f"objective{i + 1}", "kind": "objective", "x": spot["x"], "y": spot["y"],
                                   "owner": "red", "removed": False})
    a, b = sorted(m["x"] for m in v.state["markers"])
    assert 16.0 < b - a <= 16.05
    general = unit("g", "red", "heavy-infantry", (a + b) / 2, 32.0, keywords="General", width=7.09, depth=4.72)
    assert objectives.search_worth(v, general, ((a + b) / 2, 32.0), objectives.markers(v)) == pytest.approx(2.0)


def test_desperate_search_markers_keep_the_generals_lane_clear_of_impassable_terrain():
    """The watch tower stood between the Attacker's side and the middle of the table: the pair went there anyway and
    the General had to go round. Now the pair is centred where the lane is clear."""
    tower = {"name": "Watch Tower", "keywords": ["blocking", "impassable"],
             "points": [[34.0, 26.0], [38.0, 26.0], [38.0, 22.0], [34.0, 22.0]]}
    v = view([], scenario="desperate-search", terrain=[tower])
    v.state["sides"]["red"]["role"] = "Attacker"
    first = ai().decide(v, _marker_decision(32.0, 48.0))
    centre = first["x"] + 8.01
    assert not 34.0 - 4.0 < centre < 38.0 + 4.0  # the lane is 8" wide


def test_desperate_search_the_spot_between_two_markers_is_a_goal_worth_both():
    general = unit("g", "red", "light-infantry", 36.0, 14.0, keywords="General, Horde", width=7.87, depth=5.9)
    v = _search_view([general])
    goals = objectives.goal_points(v, "red", general)
    assert any(g[1] == "between objective1 and objective2" and g[0] == pytest.approx((36.0, 32.0)) for g in goals)
    plan = Planner(v, "red", {"g": general}, moves_after=False)
    assert plan.choose(general, [], lambda o: o.data, 8.0).why == "between objective1 and objective2"


def test_desperate_search_a_marker_an_enemy_stands_by_is_worth_less_to_the_general():
    general = unit("g", "red", "heavy-infantry", 28.0, 26.0, keywords="General", width=7.09, depth=4.72)
    guard = unit("e", "blue", "light-infantry", 28.0, 35.0, facing=270.0)
    free = _search_view([general])
    guarded = _search_view([general, guard])
    at = (28.0, 28.0)
    assert objectives.search_worth(free, general, at, objectives.markers(free)) >= 1.0
    assert objectives.search_worth(guarded, general, at, objectives.markers(guarded)) < \
        objectives.search_worth(free, general, at, objectives.markers(free)) - 0.5


def test_desperate_search_the_general_activates_first():
    """Friends that moved first walked into the General's lane (the Wyrm in front of the Goblin Mob, seed 103)."""
    general = unit("g", "red", "light-infantry", 30.0, 12.0, keywords="General", width=7.87)
    wyrm = unit("w", "red", "monster", 36.0, 12.0, keywords="Flying", width=3.9, depth=5.9)
    enemy = unit("e", "blue", "heavy-infantry", 36.0, 34.0, facing=270.0)
    v = _search_view([general, wyrm, enemy])
    acts = [Option("activate w", "w", data={"action": "activate", "actor": "w"}),
            Option("activate g", "g", data={"action": "activate", "actor": "g"}), Option("done", "done",
                                                                                         data={"action": "done"})]
    d = Decision("red", "activate", "which?", options=acts, context={"phase": "Movement", "action": "activate"})
    assert ai().decide(v, d) == "activate g"


def test_engaging_counts_the_scenario_worth_of_where_the_fight_leaves_the_unit():
    """Engaging a guard by a marker left the General beside the marker, but its value lacked the worth of that
    spot that holding or moving counted, so the General never fought its way in."""
    general = unit("g", "red", "heavy-infantry", 12.0, 24.0, keywords="General", width=7.09, depth=4.72)
    guard = unit("e", "blue", "light-infantry", 12.0, 35.0, facing=270.0)  # too far from a marker to guard it
    at, facing = contact_spot(general, guard, "front")
    assert at == pytest.approx((12.0, 35.0 - 1.0 - 4.72 / 2)) and facing == pytest.approx(90.0)
    v = _search_view([general, guard])
    plan = Planner(v, "red", {"g": general, "e": guard}, moves_after=False)
    data = {"action": "engage", "target": "e", "edge": "front", "advance": 6.0}
    bare = Planner(view([general, guard], scenario=""), "red", {"g": general, "e": guard}, moves_after=False)
    risk = objectives.unit_worth(v, "red", general) * combat.fight(v, general, guard, "front", 6.0).mine_break
    assert plan.engage_value(general, data) - bare.engage_value(general, data) == pytest.approx(
        objectives.place_value(v, "red", dict(general, facing=facing), at) - risk)


def test_a_cowardly_unit_that_d3_doom_may_break_is_not_activated():
    """Seed 75: the Wolf Pack (Courage 12, 10 Doom) activated with an enemy in reach, rolled 3 and broke, and its
    panic spread to its friends."""
    wolves = unit("w", "red", "beasts", 40, 30, keywords="Wild, Cowardly", speed=12, doom=10, courage=12)
    enemy = unit("e", "blue", "light-infantry", 40, 36, facing=270.0)
    v = view([wolves, enemy])
    acts = [Option("activate w", "w", data={"action": "activate", "actor": "w"}), Option("done", "done",
                                                                                         data={"action": "done"})]
    d = Decision("red", "activate", "which?", options=acts, context={"phase": "Movement", "action": "activate"})
    assert ai().decide(v, d) == "done"
    v = view([dict(wolves, doom=5), enemy])
    assert ai().decide(v, d) == "activate w"


def test_a_berserk_unit_counts_next_rounds_doom_where_it_faces_impassable_terrain():
    """Seed 43: the ogres stopped with a stalagmite 3" ahead and stood there to the end (D3 Doom a round)."""
    ogres = unit("o", "red", "monstrous-infantry", 8.0, 30.0, facing=90.0, keywords="Wild, Berserk", width=5.9,
                 depth=3.15, speed=10, points=450)
    rock = {"name": "Big Stalagmite", "keywords": ["impassable", "blocking"],
            "points": [[6.0, 35.0], [10.0, 35.0], [10.0, 39.0], [6.0, 39.0]]}
    enemy = unit("e", "blue", "heavy-infantry", 40.0, 40.0, facing=270.0)
    v = view([ogres, enemy], terrain=[rock])
    plan = Planner(v, "red", {"o": ogres, "e": enemy}, moves_after=False)
    assert plan.hemmed(ogres, (8.0, 30.0), 90.0) is True
    assert plan.hemmed(ogres, (8.0, 30.0), 0.0) is False
    open_ = Planner(view([ogres, enemy]), "red", {"o": ogres, "e": enemy}, moves_after=False)
    hold = next(c for c in plan.ranked(ogres, [], lambda o: o.data, 10.0) if c.why == "hold").value
    free = next(c for c in open_.ranked(ogres, [], lambda o: o.data, 10.0) if c.why == "hold").value
    assert hold == pytest.approx(free - 2.0 * HARM * doom_cost(ogres))


def test_bloodbath_level_on_points_an_enemy_unit_broken_is_worth_more_than_its_points():
    """Draws at 3000 points each: the AI never risked a fight. Level or behind, breaking an enemy unit wins the game,
    so it is worth a share of a VP beyond its points; ahead, only its points."""
    enemy = unit("e", "blue", "light-infantry", 30, 30)
    mine = unit("m", "red", "light-infantry", 30, 20)
    gone = unit("g", "blue", "light-infantry", 0, 0, status="removed")
    assert objectives.unit_worth(view([enemy, mine]), "red", enemy) == objectives.VP * objectives.EDGE
    assert objectives.unit_worth(view([enemy, mine]), "red", mine) == 0.0
    assert objectives.unit_worth(view([enemy, mine, gone]), "red", enemy) == 0.0


def test_a_shot_that_can_place_no_doom_is_not_taken_even_at_a_building():
    """Seed 13: the Wolf Riders shot Building 1 every round although it had the 5 Doom shooting can place (the
    building's worth was added to a shot worth nothing), and the shot left them Distracted, unable to charge it."""
    riders = unit("w", "red", "light-cavalry", 50, 10, keywords="Ranged [8]", speed=14)
    building = unit("o", "blue", "war-wagon", 54, 16, keywords="Large, Immobile, Objective", doom=5, courage=9,
                    width=3.0, depth=3.0)
    v = view([riders, building], scenario="burn-them-out")
    v.state["sides"]["red"]["role"] = "Attacker"
    shot = Option("w shoots o", "shoot", data={"action": "shoot", "actor": "w", "target": "o", "dice": 5, "need": 3})
    d = Decision("red", "shoot", "shoot?", options=[shot, Option("done", "done", data={"action": "done"})],
                 context={"phase": "Shooting", "action": "shoot"})
    assert ai().decide(v, d) == "done"
    v = view([riders, dict(building, doom=2)], scenario="burn-them-out")
    assert ai().decide(v, d) == "w shoots o"


def test_a_move_whose_turn_runs_into_a_unit_beside_it_is_not_planned():
    """Seed 136: an enemy 0.2" in front of the General's right half; the planner valued wheeling towards a marker as
    if the wheel could start, took it, and the General stood still three rounds. Such moves are left out now."""
    general = unit("g", "red", "heavy-infantry", 30.0, 25.1, keywords="General", width=7.09, depth=4.72, speed=6)
    riders = unit("b", "blue", "light-cavalry", 33.0, 29.2, facing=92.0, width=5.9, depth=3.1)
    far = unit("f", "blue", "light-infantry", 60.0, 40.0, facing=270.0)
    v = view([general, riders, far])
    plan = Planner(v, "red", {u["id"]: u for u in (general, riders, far)}, moves_after=False)
    from skirmish_hobgoblin.ai.board import boxed, obstacles
    polys = boxed(obstacles(v, general))
    assert plan._jammed(general, (31.0, 26.0), 60.0, polys)  # wheeled right towards the north-east: into the riders
    assert not plan._jammed(general, (30.0, 25.1), 90.0, polys)
    assert all(c.why != "towards f" for c in plan.ranked(general, [], lambda o: o.data, 6.0))


def test_a_charge_next_round_counts_less_from_a_place_facing_away_from_the_enemy():
    """Bloodbath draws at 3000 points each: units stood side on or backwards to the enemy in reach, counting the
    charge they would make next round as if they faced it (a wide wheel eats the move). Now a place facing the enemy
    counts the whole charge, one facing away half of it."""
    ogres = unit("o", "red", "monstrous-infantry", 30.0, 20.0, facing=90.0, width=5.9, depth=3.15, speed=10,
                 points=450)
    prey = unit("p", "blue", "ranged-infantry", 30.0, 28.0, facing=270.0)
    v = view([ogres, prey])
    plan = Planner(v, "red", {"o": ogres, "p": prey}, moves_after=False)
    ahead = plan.chances(ogres, (30.0, 20.0), facing=90.0)
    side = plan.chances(ogres, (30.0, 20.0), facing=0.0)
    behind = plan.chances(ogres, (30.0, 20.0), facing=270.0)
    assert ahead > 0 and side == pytest.approx(0.75 * ahead) and behind == pytest.approx(0.5 * ahead)
