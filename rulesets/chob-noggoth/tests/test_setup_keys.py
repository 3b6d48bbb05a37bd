"""Every set-up key the README documents is honoured, or refused with one clear line (issue 27)."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish import Game, Registry, SetupError
from skirmish.runner import drive, seat_agents

REGISTRY = Registry()
RULES = REGISTRY.ruleset("chob-noggoth")
THREE_MONSTERS = {"name": "Beasts", "warriors": [{"name": f"m{i}", "type": "Monster"} for i in range(3)]}


def refused(setup: dict[str, Any]) -> str:
    with pytest.raises(SetupError) as err:
        Game(RULES, setup, seed=1)
    assert "\n" not in str(err.value)
    return str(err.value)


def test_documented_keys_are_the_ones_the_ruleset_knows() -> None:
    from skirmish_chob_noggoth.rules import OPTION_DEFAULTS, SETUP_KEYS

    assert {"players", "warbands", "layout", "options", "positions"} == SETUP_KEYS
    assert set(OPTION_DEFAULTS) == {"max_rounds", "divine_die", "limits"}


def test_players_are_honoured() -> None:
    game = Game(RULES, {"players": ["ann", "bob"]}, seed=1)
    assert list(game.players) == ["ann", "bob"]
    assert set(game.state.sides) == {"ann", "bob"}


def test_warbands_by_name_are_honoured() -> None:
    game = Game(RULES, {"warbands": {"red": "The Bog Coven", "blue": "The Iron Grudge Battery"}}, seed=1)
    assert (game.state.sides["red"].warband, game.state.sides["blue"].warband) == (
        "The Bog Coven", "The Iron Grudge Battery")


def test_a_built_in_layout_is_honoured() -> None:
    game = Game(RULES, {"layout": "The Standing Stones"}, seed=1)
    want = RULES.layouts["The Standing Stones"]
    assert [p.id for p in game.state.pieces] == [p.id for p in want.pieces]


def test_max_rounds_is_honoured() -> None:
    game = Game(RULES, {"options": {"max_rounds": 1}}, seed=4)
    drive(game, seat_agents(REGISTRY, game, {"red": "ai", "blue": "ai"}), max_decisions=RULES.max_decisions)
    assert game.result is not None and game.round == 1


def test_divine_die_is_honoured() -> None:
    from skirmish_chob_noggoth.content import dice_range

    game = Game(RULES, {"options": {"divine_die": "d12"}}, seed=1)
    assert game.setup["options"]["divine_die"] == "d12"
    c = RULES.content.divine_rules
    assert dice_range(c.house_roll) == tuple(range(1, 13)) and dice_range(c.roll) == tuple(range(2, 13))


def test_limits_are_honoured_on_and_off_by_default() -> None:
    assert "3 Monsters, more than the house limit of 2" in refused(
        {"warbands": {"red": THREE_MONSTERS}, "options": {"limits": True}})
    game = Game(RULES, {"warbands": {"red": THREE_MONSTERS}}, seed=1)
    assert [w.kind for w in game.state.warriors.values() if w.side == "red"] == ["Monster"] * 3


@pytest.mark.parametrize(("setup", "message"), [
    ({"players": ["solo"]}, "player"),
    ({"warbands": {"red": 7}}, "warband of red"),
    ({"layout": 7}, "layout"),
    ({"options": {"max_rounds": "8"}}, "max_rounds"),
    ({"options": {"divine_die": 12}}, "divine_die"),
    ({"options": {"limits": "yes"}}, "option limits must be true or false"),
    ({"options": {"round_limit": 3}}, "unknown option 'round_limit'"),
    ({"positions": {"red": {"r1": [400, 2]}}}, "position"),
    ({"seed": 3}, "unknown set-up key 'seed'"),
])
def test_a_bad_value_for_each_key_is_refused_in_one_line(setup: dict[str, Any], message: str) -> None:
    assert message in refused(setup)
