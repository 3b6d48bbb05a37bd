"""Chaos of War Deployment table: each of the 13 entries decides where units deploy (set-up played by the AI)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from skirmish import AgentContext, Game, View
from skirmish.geometry import Rect, Vec, distance
from skirmish.plugins import Registry
from skirmish_hobgoblin.agents import make_ai
from skirmish_hobgoblin.chaos import deploy
from skirmish_hobgoblin.state import READY, RESERVE

RULESET = Registry().ruleset("hobgoblin")


def deployed(entry: str, *, dice: list[int] | None = None, seed: int = 3, **extra: Any) -> Game:
    """Set-up with one Deployment entry, played by the AI up to the first Initiative Phase (red is First Player
    and takes the south half)."""
    setup = {"players": ["red", "blue"], "layout": "open-ground", "scenario": "bloodbath", "first": "red",
             "chaos": {"deployment": [entry]}, **extra}
    game = Game(RULESET, setup, seed=seed, dice=dice or [])
    agents = {p: make_ai(AgentContext(p, i, RULESET, {}, game.players)) for i, p in enumerate(game.players)}
    while game.pending is not None and game.round == 0:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert game.round == 1
    return game


def on_table(game: Game, side: str) -> list[Any]:
    return [u for u in game.state.units.values() if u.side == side and u.status == READY]


def gap_to_centreline(game: Game, u: Any) -> float:
    _, y0, _, y1 = u.rect.bounds
    c = game.state.centreline
    return c - y1 if u.y < c else y0 - c


def test_scouts_whole_half_and_16_inches_from_every_enemy():
    g = deployed("scouts")
    red, blue = on_table(g, "red"), on_table(g, "blue")
    assert red and blue
    assert all(u.rect.bounds[3] <= g.state.centreline + 1e-6 for u in red)
    assert all(distance(a.rect, b.rect) >= 16 - 1e-6 for a in red for b in blue)


def test_forced_march_half_the_units_rounding_up_12_inches_back():
    g = deployed("forced-march")
    for side in ("red", "blue"):
        units = on_table(g, side)
        back = [u for u in units if gap_to_centreline(g, u) >= 12 - 1e-6]
        assert len(back) >= math.ceil(len(units) / 2)
        assert all(gap_to_centreline(g, u) >= 8 - 1e-6 for u in units)


def test_rushing_arrival_speed_8_or_lower_12_inches_back():
    g = deployed("rushing-arrival")
    slow = [u for u in g.state.units.values() if u.status == READY and u.speed <= 8]
    assert slow and all(gap_to_centreline(g, u) >= 12 - 1e-6 for u in slow)


def test_early_sighting_units_without_skirmishers_12_inches_back():
    g = deployed("early-sighting")
    plain = [u for u in g.state.units.values() if u.status == READY and not u.has("Skirmishers")]
    assert plain and all(gap_to_centreline(g, u) >= 12 - 1e-6 for u in plain)


def test_tunnel_fighting_divides_a_rectangular_table_the_other_way():
    g = deployed("tunnel-fighting")
    assert (g.state.width, g.state.depth) == (48.0, 72.0)
    assert all(gap_to_centreline(g, u) >= 8 - 1e-6 for u in g.state.units.values() if u.status == READY)


def test_tunnel_fighting_on_a_square_table_keeps_8_inches_from_the_side_edges():
    g = deployed("tunnel-fighting", table={"width": 60, "depth": 60}, armies={"red": "sky-lancers",
                                                                              "blue": "sky-lancers"})
    assert (g.state.width, g.state.depth) == (60.0, 60.0)
    units = [u for u in g.state.units.values() if u.status == READY]
    assert units and all(u.rect.bounds[0] >= 8 - 1e-6 and u.rect.bounds[2] <= 52 + 1e-6 for u in units)


def test_surprise_three_units_per_player_gain_sneaky():
    g = deployed("surprise")
    for side in ("red", "blue"):
        sneaky = [u for u in g.state.units.values() if u.side == side and u.has("Sneaky")]
        assert len(sneaky) >= 3


def test_surprise_engagement_each_unit_in_its_d3_section():
    g = deployed("surprise-engagement")
    thirds = g.stash["hobgoblin-chaos"]["third"]
    w = g.state.width / 3
    for u in g.state.units.values():
        if u.status == READY:
            x0, _, x1, _ = u.rect.bounds
            assert (thirds[u.id] - 1) * w - 1e-6 <= x0 and x1 <= thirds[u.id] * w + 1e-6
        else:
            assert u.status == RESERVE and u.has("Reinforcements")


def test_vanguard_skirmish_two_units_deploy_the_rest_are_reinforcements():
    g = deployed("vanguard-skirmish")
    for side in ("red", "blue"):
        assert len(on_table(g, side)) == 2
        rest = [u for u in g.state.units.values() if u.side == side and u.status != READY]
        assert rest and all(u.status == RESERVE and u.has("Reinforcements") for u in rest)


def test_vanguard_skirmish_side_edge_strips_count_as_the_zone_for_arrivals():
    g = deployed("vanguard-skirmish")
    u = next(u for u in g.state.units.values() if u.side == "blue" and u.status == RESERVE)
    x = u.depth / 2
    strip = Rect((x, 20.0), u.width, u.depth, 0.0)  # facing into the table from the west edge, in red's half
    assert deploy.zone_error(g, u, strip, arriving=True) == ""
    assert deploy.zone_error(g, u, Rect((36.0, 20.0), u.width, u.depth, 270.0), arriving=True)


def test_tunnel_entrances_first_player_rolls_three_different_entrances():
    g = deployed("tunnel-entrances", dice=[2, 2, 5, 6])
    marks = g.stash["hobgoblin-chaos"]["markers"]
    assert len(marks) == 6
    assert sorted(m["id"] for m in marks if m["owner"] == "red") == ["entrance 2", "entrance 5", "entrance 6"]
    for u in g.state.units.values():
        if u.status == READY:
            mine = [m for m in marks if m["owner"] == u.side]
            assert any(all(math.hypot(c.x - m["x"], c.y - m["y"]) <= 8 + 1e-6 for c in u.rect.corners) for m in mine)
        else:
            assert u.has("Reinforcements")


def test_huddled_together_infantry_within_12_inches_of_the_marker():
    g = deployed("huddled-together")
    marks = {m["owner"]: m for m in g.stash["hobgoblin-chaos"]["markers"]}
    infantry = [u for u in g.state.units.values() if u.status == READY and "Infantry" in u.type_name]
    assert infantry
    for u in infantry:
        m = marks[u.side]
        assert distance(Vec(m["x"], m["y"]), u.rect) <= 12 + 1e-6


def test_pets_monsters_and_beasts_deploy_after_and_near_the_general():
    g = deployed("pets", armies={"red": "red-howl-horde", "blue": "bog-coven"})
    order = [e.data.get("unit") for e in g.log.events if e.kind == "deploy"]
    pets = [u for u in g.state.units.values() if u.status == READY and u.type in deploy.PETS]
    assert pets
    for u in pets:
        general = next(x for x in g.state.units.values() if x.side == u.side and x.has("General"))
        assert order.index(general.id) < order.index(u.id)
        assert distance(u.rect, general.rect) <= 12 + 1e-6


def test_no_mans_land_no_unit_within_8_inches_of_the_markers():
    g = deployed("no-mans-land")
    marks = g.stash["hobgoblin-chaos"]["markers"]
    assert len(marks) == 2 and {m["owner"] for m in marks} == {"red", "blue"}
    red_mark = next(m for m in marks if m["owner"] == "red")
    assert red_mark["y"] > g.state.centreline  # placed in the opponent's half
    for u in g.state.units.values():
        if u.status == READY:
            assert all(distance(Vec(m["x"], m["y"]), u.rect) > 8 for m in marks)


def test_last_stand_defender_holds_the_centre_attacker_16_inches_out():
    g = deployed("last-stand", dice=[1])  # 1-3: red (the First Player) is the Attacker
    state = g.state
    assert state.sides["red"].role == "Attacker" and state.sides["blue"].role == "Defender"
    cx, cy = state.width / 2, state.depth / 2
    for u in state.units.values():
        if u.status != READY:
            continue
        if u.side == "blue":
            assert u.courage_bonus == 2
            assert all(math.hypot(c.x - cx, c.y - cy) <= 10 + 1e-6 for c in u.rect.corners)
        else:
            assert distance(Vec(cx, cy), u.rect) >= 16 - 1e-6


@pytest.mark.parametrize("entry", ["huddled-together", "no-mans-land"])
def test_marker_placement_is_checked(entry: str):
    g = deployed(entry)
    assert all(8 < m["x"] < g.state.width - 8 for m in g.stash["hobgoblin-chaos"]["markers"])


def _first_position(setup: dict[str, Any], seed: int = 3) -> tuple[Game, Any]:
    """Play the set-up by the AI until a unit's typed placement is asked."""
    game = Game(RULESET, setup, seed=seed)
    agents = {p: make_ai(AgentContext(p, i, RULESET, {}, game.players)) for i, p in enumerate(game.players)}
    while game.pending is not None and game.pending.kind != "position":
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert game.pending is not None
    return game, game.pending


@pytest.mark.parametrize(("setup", "words"), [
    ({"chaos": {"deployment": ["forced-march"]}}, "your zone is y"),
    ({"chaos": {"deployment": ["last-stand"]}}, "the table's centre"),
    ({"scenario": "the-fortress"}, "The Fortress: your zone is y"),
    ({"scenario": "the-breach"}, "the Breach Marker at ("),
])
def test_a_typed_deployment_says_where_the_zone_is_and_offers_free_spots_that_are_legal(setup: dict[str, Any],
                                                                                         words: str):
    base = {"players": ["red", "blue"], "layout": "open-ground", "scenario": "bloodbath", "first": "red"}
    game, d = _first_position({**base, **setup})
    assert words in d.prompt and "Free spots include " in d.prompt
    listed = d.prompt.split("Free spots include ")[1].split(", ")
    assert listed and listed == [f"{s[0]:g},{s[1]:g}" for s in d.context["spots"][:4]]
    x, y = (float(v) for v in listed[0].split(","))
    unit = game.state.units[d.context["actor"]]
    game.answer({"x": x, "y": y}, d.player)
    assert unit.status == READY and (unit.x, unit.y) == (x, y)


def test_last_stand_attacker_chosen_in_the_setup():
    """Last Stand: "choose or randomly determine" the Attacker; the set-up's ``attacker`` chooses (dice that would
    make red the Attacker are not used for it)."""
    g = deployed("last-stand", dice=[1], attacker="blue")
    assert g.state.sides["blue"].role == "Attacker" and g.state.sides["red"].role == "Defender"
