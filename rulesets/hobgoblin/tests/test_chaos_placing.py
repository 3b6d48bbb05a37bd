"""Chaos of War Battlefield pieces placed by the players (rulings CW-28, CW-30): who places, where, in what order,
the refusals, a set-up's ``chaos.place``, the prompt a person sees, and the answers of the AI and random agents."""

from __future__ import annotations

import math
from typing import Any

import hob_bench
import pytest
from hob_bench import run

from skirmish import Game, SetupError
from skirmish.agents import AgentContext, RandomAgent, View
from skirmish_hobgoblin.agents import HobgoblinAI
from skirmish_hobgoblin.chaos import battlefield_pieces, check_spec
from skirmish_hobgoblin.chaos import rules as chaos

RED = [{"name": "Gen", "x": 20, "y": 10}]
BLUE = [{"name": "Foe", "x": 60, "y": 40}]


def rolled(dice: list[int], spec: Any = None) -> Game:
    """A bench battle whose one Battlefield result is rolled (D66 with ``dice``), up to the first placement."""
    game = hob_bench.battle(RED, BLUE)
    game.setup["chaos"] = spec or {"battlefield": 1}
    run(game, chaos.game_start, dice=dice)
    run(game, battlefield_pieces.before)
    return game


def centres(game: Game, name: str) -> list[tuple[float, float]]:
    return [(sum(q[0] for q in p.points) / 4, sum(q[1] for q in p.points) / 4)
            for p in game.state.pieces if p.name == name]


def place(game: Game, *spots: tuple[float, ...]) -> list[str]:
    """Answer the placement questions in turn; who was asked each."""
    asked = []
    for s in spots:
        asked.append(game.pending.player)
        keys = ("x", "y", "facing")[:len(s)]
        game.answer({"centre": dict(zip(keys, s, strict=True))})
    return asked


def refused(game: Game, *s: float) -> str:
    keys = ("x", "y", "facing")[:len(s)]
    return game.pending.validator(game, {"centre": dict(zip(keys, s, strict=True))}) or ""


def test_rubble_and_ruins_the_players_place_three_pieces_in_turn_first_player_first():
    g = rolled([1, 1])  # D66 11
    assert "Rubble and Ruins" in g.pending.prompt and "piece 1 of 3" in g.pending.prompt
    assert place(g, (10, 10), (60, 40), (36, 30)) == ["red", "blue", "red"]
    assert centres(g, "Rubble and Ruins") == [(10, 10), (60, 40), (36, 30)]
    assert all(p.has("perilous") and p.has("obscuring") for p in g.state.pieces if p.name == "Rubble and Ruins")


def test_mushroom_groves_the_first_player_then_the_other_place_a_grove_each():
    g = rolled([2, 6])  # D66 26
    assert place(g, (30, 20), (40, 30)) == ["red", "blue"]
    ps = [p for p in g.state.pieces if p.name == "Mushroom Groves"]
    assert len(ps) == 2 and all(p.has("grim") and p.has("obscuring") for p in ps)


def test_placed_pieces_stay_wholly_on_the_table_and_clear_of_other_terrain():
    g = rolled([1, 6])
    assert "wholly on the table" in refused(g, 2, 20)  # a 6" piece centred 2" from the edge
    place(g, (30, 20))
    assert "overlap Rubble and Ruins" in refused(g, 33, 22)
    assert refused(g, 36, 20) == ""  # touching is not overlapping


def test_the_columns_one_on_the_centreline_each_the_second_about_24_inches_from_the_first():
    g = rolled([4, 4])  # D66 44
    assert "on the centreline" in g.pending.prompt
    assert g.pending.params[0].check({"x": 20, "y": 30})[1]  # off the centreline: the field refuses it
    place(g, (20, 24))
    assert g.pending.player == "blue" and "about 24\" from the first" in g.pending.prompt
    assert "about 24\"" in refused(g, 30, 24) and "about 24\"" in refused(g, 47, 24)
    assert refused(g, 46, 24) == "" and refused(g, 42, 24) == ""  # 24" give or take 2"
    place(g, (45, 24))
    ps = [p for p in g.state.pieces if p.name == "The Columns"]
    assert centres(g, "The Columns") == [(20, 24), (45, 24)]
    assert all({"impassable", "elevated", "blocking"} <= set(p.keywords) for p in ps)


def test_the_marble_forest_the_first_player_places_two_rows_of_three_each_18_inches_from_its_neighbours():
    g = rolled([4, 6])  # D66 46
    assert g.pending.player == "red" and g.pending.params[0].kind == "pose"
    assert refused(g, 36, 24, 0) == ""
    assert "wholly on the table" in refused(g, 10, 24, 0)  # the end columns would stand off the west edge
    place(g, (36, 24, 90))  # rows run north-south
    cs = centres(g, "The Marble Forest")
    assert len(cs) == 6
    for a in cs:
        near = sorted(math.dist(a, b) for b in cs if b != a)
        assert near[0] == pytest.approx(18)
    assert sorted({round(x) for x, _ in cs}) == [27, 45] and sorted({round(y) for _, y in cs}) == [6, 24, 42]


def test_the_city_blocks_keep_8_inches_clear_on_at_least_two_sides():
    g = rolled([5, 2])  # D66 52
    assert "piece 1 of 6" in g.pending.prompt
    place(g, (10, 10))
    # a block in the corner lane would leave the first block's north and east sides blocked (its west and south
    # strips run off the table)
    assert "the block at (10, 10)" in refused(g, 10, 20) or "the block at (10, 10)" in refused(g, 20, 10)
    assert "fewer than 2" in refused(g, 10, 20)
    assert place(g, (30, 10), (50, 10), (10, 34), (30, 34), (50, 34)) == ["blue", "red", "blue", "red", "blue"]
    assert len(centres(g, "The City")) == 6


def test_lodestone_stays_in_the_centre_as_printed():
    g = rolled([5, 5])  # D66 55
    assert centres(g, "Lodestone") == [(36, 24)]
    assert g.pending is None or g.pending.rule != "Lodestone"


def test_a_set_up_fixes_the_players_pieces_without_asking():
    spec = {"battlefield": ["the-columns", "the-marble-forest", "high-ground"],
            "place": {"the-columns": [[10, 24], [34, 24]], "the-marble-forest": [[36, 24, 90]],
                      "high-ground": [[10, 40], [62, 8]]}}
    g = rolled([], spec)
    assert g.pending is None or g.pending.rule not in ("The Columns", "The Marble Forest", "High Ground")
    assert centres(g, "The Columns") == [(10, 24), (34, 24)] and len(centres(g, "The Marble Forest")) == 6
    assert centres(g, "High Ground") == [(10, 40), (62, 8)]


def test_a_set_up_may_give_the_city_up_to_ten_blocks():
    spots = [[x, y] for y in (6, 42) for x in (4, 18, 32, 46, 60)]
    g = rolled([], {"battlefield": ["the-city"], "place": {"the-city": spots}})
    assert len(centres(g, "The City")) == 10


def test_a_set_up_spot_the_rules_refuse_is_one_clear_error():
    with pytest.raises(SetupError, match=r"chaos.place.the-columns spot 2: the second column goes about 24"):
        rolled([], {"battlefield": ["the-columns"], "place": {"the-columns": [[20, 24], [30, 24]]}})


@pytest.mark.parametrize("place, message", [
    ({"lodestone": [[36, 24]]}, "Lodestone is not placed by the players"),
    ({"the-columns": [[20]]}, "each spot is [x, y]"),
    ({"the-marble-forest": [[36, 24]]}, "[x, y, angle]"),
    ([1, 2], "must be a table"),
    ({"cheese": [[1, 2]]}, "unknown Chaos of War battlefield entry 'cheese'"),
])
def test_bad_chaos_place_is_one_clear_line(place: Any, message: str):
    with pytest.raises(SetupError, match=message.replace("[", r"\[").replace("]", r"\]")):
        check_spec({"battlefield": ["the-columns"], "place": place})


def test_a_person_is_prompted_and_refused_at_the_keyboard():
    from skirmish_cli.human import HumanAgent

    g = rolled([4, 4])
    out: list[str] = []
    feed = iter(["30,30", "0,24", "20,24"])
    agent = HumanAgent(AgentContext("red", 0, g.ruleset, players=g.players), read=lambda _: next(feed, None),
                       write=out.append)
    answer = agent.decide(View(g, "red"), g.pending)
    text = "\n".join(out)
    g.answer(answer)
    assert centres(g, "The Columns") == [(20, 24)]
    assert "place The Columns piece 1 of 2" in text
    assert "refused: centre must lie within x 0..72, y 24..24" in text
    assert "refused: the 6\" piece must lie wholly on the table" in text


@pytest.mark.parametrize("dice", [[1, 1], [2, 1], [4, 4], [4, 6], [5, 1]])
def test_the_ai_and_random_agents_place_every_piece_legally(dice: list[int]):
    for make in (HobgoblinAI, RandomAgent):
        g = rolled(dice)
        while g.pending is not None and g.pending.kind == "marker":
            d = g.pending
            answer = make(AgentContext(d.player, 3, g.ruleset, {}, g.players)).decide(View(g, d.player), d)
            assert refused(g, *answer["centre"].values()) == ""
            g.answer(answer)
        counts = {n: len(centres(g, n)) for n in ("Rubble and Ruins", "Mushroom Groves", "The Columns",
                                                   "The Marble Forest", "The City")}
        assert sorted(c for c in counts.values() if c) in ([3], [2], [6])  # every piece found a place


def test_the_ais_hindering_pieces_go_in_front_of_the_enemy():
    g = rolled([1, 1])
    first = g.pending.examples[0]["centre"]
    assert first["y"] > g.state.centreline  # red (south) puts Perilous rubble in blue's half
