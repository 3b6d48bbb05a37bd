"""The AI placing Chaos of War Battlefield pieces (rulings CW-28, CW-30) where they help its own army, instead of
the first suggested spot: real set-ups up to the first placing question, the AI's answer asserted."""

from __future__ import annotations

from typing import Any

import hob_bench
from hob_bench import run

from skirmish import Game
from skirmish.agents import AgentContext, View
from skirmish_hobgoblin.agents import make_ai
from skirmish_hobgoblin.chaos import battlefield_pieces
from skirmish_hobgoblin.chaos import rules as chaos

SHOOTERS = [{"name": "Gen", "x": 20, "y": 10, "type": "Ranged Infantry"},
            {"name": "Guns", "x": 40, "y": 10, "type": "Ranged Infantry", "general": False, "battle_standard": False}]
BRAWLERS = [{"name": "Foe", "x": 60, "y": 40}, {"name": "Mob", "x": 30, "y": 40, "general": False,
                                                 "battle_standard": False}]
SHOOTERS_NORTH = [dict(u, y=40) for u in SHOOTERS]
BRAWLERS_SOUTH = [dict(u, y=10) for u in BRAWLERS]


def placing_game(entry: str, red: list[dict[str, Any]], blue: list[dict[str, Any]]) -> Game:
    """Red (south, First Player) is asked to place the first piece of ``entry``."""
    game = hob_bench.battle(red, blue)
    game.setup["chaos"] = {"battlefield": [entry]}
    run(game, chaos.game_start)
    run(game, battlefield_pieces.before)
    assert game.pending is not None and game.pending.player == "red"
    return game


def ai_answer(game: Game, **options: Any) -> dict[str, Any]:
    d = game.pending
    answer = make_ai(AgentContext("red", 1, game.ruleset, options, game.players)).decide(View(game, "red"), d)
    assert not d.validator(game, answer)
    return answer.get("centre", answer)


def test_the_shooting_army_puts_ruins_at_the_front_of_its_own_zone_for_cover():
    g = placing_game("rubble-and-ruins", SHOOTERS, BRAWLERS)
    first = g.pending.examples[0]["centre"]
    assert first["y"] > g.state.centreline  # the first suggestion: in the enemy's half
    spot = ai_answer(g)
    assert g.state.centreline - 11 <= spot["y"] <= g.state.centreline - 5, spot  # by my zone's front (8" back)
    assert abs(spot["x"] - g.state.width / 2) <= 12


def test_an_army_the_enemy_outshoots_blocks_the_middle_with_city_blocks():
    g = placing_game("the-city", BRAWLERS_SOUTH, SHOOTERS_NORTH)
    spot = ai_answer(g)
    assert abs(spot["y"] - g.state.centreline) <= 3 and abs(spot["x"] - g.state.width / 2) <= 6, spot


def test_a_shooting_army_keeps_city_blocks_out_of_the_middle_lanes():
    g = placing_game("the-city", SHOOTERS, BRAWLERS)
    spot = ai_answer(g)
    assert abs(spot["x"] - g.state.width / 2) >= g.state.width / 2 - 10, spot


def test_grim_groves_go_in_front_of_the_enemys_zone():
    g = placing_game("mushroom-groves", BRAWLERS_SOUTH, SHOOTERS_NORTH)
    spot = ai_answer(g)
    assert spot["y"] > g.state.centreline + 3, spot


def test_a_blind_seat_takes_the_first_suggestion():
    g = placing_game("rubble-and-ruins", SHOOTERS, BRAWLERS)
    assert ai_answer(g, expansion_goals=False) == g.pending.examples[0]["centre"]
    assert ai_answer(g) != g.pending.examples[0]["centre"]
