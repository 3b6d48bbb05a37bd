"""Command-line settings: --heroes, --tyrant, --difficulty, --content, --max-rounds, --pvp fold into the set-up."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish import Game
from skirmish.errors import SetupError
from skirmish_goblin_uprising.rules import GoblinUprising

RULESET = GoblinUprising()


def apply(setup: dict | None = None, **options: object) -> dict:
    return RULESET.check_setup(RULESET.apply_options(setup or RULESET.default_setup(), options))


def test_the_ruleset_offers_its_settings() -> None:
    names = {o.name: o for o in RULESET.setup_options()}
    assert set(names) == {"heroes", "tyrant", "difficulty", "content", "max-rounds", "pvp"}
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
    setup = apply(tyrant="elven", difficulty="hard", **{"max-rounds": 25, "pvp": False})
    assert (setup["tyrant"], setup["difficulty"]) == ("elven", "hard")
    assert setup["options"] == {"max_rounds": 25, "pvp": False}
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
