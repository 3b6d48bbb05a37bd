"""Command-line settings (--heroes, --tyrant, --difficulty, --content, --max-rounds, --pvp, --quiet-failed-spawns)
fold into the set-up; every documented set-up key is honoured, and a bad value is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from gu_helpers import new_game

from skirmish import Game
from skirmish.errors import SetupError
from skirmish_goblin_uprising.rules import GoblinUprising

RULESET = GoblinUprising()


def apply(setup: dict | None = None, **options: object) -> dict:
    return RULESET.check_setup(RULESET.apply_options(setup or RULESET.default_setup(), options))


def test_the_ruleset_offers_its_settings() -> None:
    names = {o.name: o for o in RULESET.setup_options()}
    assert set(names) == {"heroes", "tyrant", "difficulty", "content", "max-rounds", "pvp", "quiet-failed-spawns"}
    assert names["heroes"].parse("4") == 4
    assert set(names["tyrant"].choices) == {"dwarf", "human", "elven", "merfolk", "random"}
    assert "legendary" in names["difficulty"].choices
    with pytest.raises(SetupError, match="--heroes must be 1 to 6"):
        names["heroes"].parse("7")


@pytest.mark.parametrize("n", [1, 2, 4, 6])
def test_heroes_seats_hero1_to_heroN(n: int) -> None:
    setup = apply(heroes=n)
    assert setup["players"] == [f"hero{i + 1}" for i in range(n)]
    game = Game(RULESET, setup, seed=1)
    assert list(game.players) == setup["players"]


def test_heroes_keeps_a_set_up_file_names_and_drops_seats_beyond_n() -> None:
    base = {"players": ["ann", "bob", "cid"], "heroes": {"cid": {"class": "wizard"}, "ann": {"class": "bard"}}}
    setup = apply(base, heroes=2)
    assert setup["players"] == ["ann", "bob"] and setup["heroes"] == {"ann": {"class": "bard"}}
    assert apply(base, heroes=4)["players"] == ["ann", "bob", "cid", "hero1"]


def test_tyrant_difficulty_and_house_options() -> None:
    setup = apply(tyrant="elven", difficulty="hard", **{"max-rounds": 25, "pvp": False, "quiet-failed-spawns": True})
    assert (setup["tyrant"], setup["difficulty"]) == ("elven", "hard")
    assert setup["options"] == {"max_rounds": 25, "pvp": False, "quiet_failed_spawns": True}
    game = Game(RULESET, setup, seed=2)
    assert game.state.tyrant_id == "elven" and game.state.difficulty == "hard"


def test_content_directory_is_loaded(tmp_path: Path) -> None:
    setup = apply(content=str(tmp_path))
    assert setup["content"] == str(tmp_path)
    assert RULESET.content_for(setup).tyrants.keys() == RULESET.content.tyrants.keys()


def test_a_bad_content_directory_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "goblins.toml").write_text("not = [toml")
    with pytest.raises(SetupError) as exc:
        apply(content=str(tmp_path))
    assert "\n" not in str(exc.value)


# ------------------------------------------------------------------ every documented set-up key: honoured or refused

def test_house_rules_are_off_by_default() -> None:
    """No house rule that changes printed text is on unless the set-up switches it on (issue 27)."""
    assert apply()["options"] == {"max_rounds": 0, "pvp": True, "quiet_failed_spawns": False}


def test_setup_key_players_seats_the_heroes() -> None:
    game = Game(RULESET, {"players": ["ann", "bob"]}, seed=1)
    assert list(game.state.heroes) == ["ann", "bob"]


def test_setup_key_tyrant_difficulty_and_content_are_honoured(tmp_path: Path) -> None:
    game = Game(RULESET, {"players": ["a"], "tyrant": "merfolk", "difficulty": "easy", "content": str(tmp_path)},
                seed=1)
    assert (game.state.tyrant_id, game.state.difficulty) == ("merfolk", "easy")
    assert game.setup["content"] == str(tmp_path)


def test_setup_key_heroes_fixes_class_ability_tribe_and_village() -> None:
    spec = {"class": "wizard", "ability": "firebolt", "tribe": "wind", "village": "village-corals"}
    game = Game(RULESET, {"players": ["a"], "heroes": {"a": spec}}, seed=1)
    h = game.state.heroes["a"]
    assert (h.cls, h.abilities, h.tribe) == ("wizard", ["firebolt"], "wind")
    assert game.state.board.where("a") == "village-corals"


def test_setup_key_max_rounds_ends_the_game_when_set() -> None:
    game = new_game(1, options={"max_rounds": 1})
    RULESET.end_of_round(game)
    assert game.result is not None and "round limit" in str(game.result)


def test_setup_key_max_rounds_off_by_default_lets_the_game_run_on() -> None:
    game = new_game(1)
    game.round = 500
    RULESET.end_of_round(game)
    assert game.result is None


def test_setup_key_pvp_off_removes_battles_between_heroes() -> None:
    from skirmish_goblin_uprising.combat import battle_targets

    for pvp in (True, False):
        game = new_game(2, options={"pvp": pvp})
        s = game.state
        s.board.move("hero1", "mountains-outer")
        s.board.move("hero2", "mountains-spawn")
        assert any(t.startswith("hero:") for t in battle_targets(game, s.heroes["hero1"])) is pvp


@pytest.mark.parametrize(("setup", "message"), [
    ({"options": "x"}, "'options' must be a table"),
    ({"options": {"pvp": "yes"}}, "option pvp must be true or false"),
    ({"options": {"quiet_failed_spawns": 1}}, "quiet_failed_spawns must be true or false"),
    ({"options": {"max_rounds": "4"}}, "max_rounds must be a whole number"),
    ({"options": {"rounds": 4}}, "unknown option 'rounds'"),
    ({"tyrant": ["dwarf"]}, "'tyrant' must be a name"),
    ({"tyrant": "orc"}, "unknown Tyrant 'orc'"),
    ({"difficulty": ["x"]}, "'difficulty' must be a name"),
    ({"difficulty": "brutal"}, "unknown difficulty 'brutal'"),
    ({"content": 3}, "'content' must be the path"),
    ({"heroes": []}, "'heroes' must be a table"),
    ({"heroes": {"hero9": {}}}, "who is not a player"),
    ({"heroes": {"hero1": {"class": 3}}}, "heroes.hero1.class must be a name"),
    ({"heroes": {"hero1": {"class": "paladin"}}}, "unknown class 'paladin'"),
    ({"heroes": {"hero1": {"colour": "red"}}}, "unknown key 'colour'"),
    ({"heroes": {"hero1": {"ability": "firebolt"}}}, "needs its class set too"),
    ({"heroes": {"hero1": {"class": "random", "ability": "firebolt"}}}, "needs its class set too"),
    ({"heroes": {"hero1": {"class": "bard", "ability": "firebolt"}}}, "not a level 1 ability of bard"),
    ({"heroes": {"hero1": {"ability": "zzz"}}}, "unknown level 1 ability 'zzz'"),
    ({"heroes": {"hero1": {"tribe": "fire"}, "hero2": {"tribe": "fire"}}}, "taken by another hero"),
    ({"seed": 3}, "unknown set-up key 'seed'"),
])
def test_a_bad_setup_key_is_refused_in_one_line(setup: dict, message: str) -> None:
    with pytest.raises(SetupError) as exc:
        Game(RULESET, {"players": ["hero1", "hero2"], **setup}, seed=1)
    assert message in str(exc.value) and "\n" not in str(exc.value)
