"""The house content: every card parses, every effect exists, every prerequisite resolves; bad directories fail
with one clear line; a content directory replaces files and adds Tyrants; the numbers in the data are used."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import pytest

from skirmish import SetupError
from skirmish_goblin_uprising.content import EFFECTS, load_content

DATA = Path(str(resources.files("skirmish_goblin_uprising").joinpath("data")))


@pytest.fixture(scope="module")
def c():  # noqa: ANN201
    return load_content()


def test_house_set_has_the_counts_the_issue_asks_for(c) -> None:  # noqa: ANN001
    assert len(c.board.spaces) == 26 and len([r for r in c.board.regions]) == 7
    assert len(c.villages) == 6 and len(c.spots) == 12
    assert len(c.classes) == 6 and all(len(cl.abilities) == 7 for cl in c.classes.values())
    assert len(c.tribes) == 6
    assert len(c.goblins) == 10 and sum(g.copies for g in c.goblins.values()) == 30
    assert len(c.adventures) == 18
    assert sorted(a.difficulty for a in c.adventures.values()).count(0) == 4
    assert sum(t.copies for t in c.tokens.values()) == 10
    assert len(c.guardians) == 6 and len(c.pets) == 3 and len(c.troops) == 7 and len(c.generals) == 6
    assert sorted(c.tyrants) == ["dwarf", "elven", "human", "merfolk"]
    for t in c.tyrants.values():
        assert len(t.track) == 12 and len(t.schemes) == 8 and len(t.behaviors) == 3
        assert sum(1 for s in t.schemes if s.first) == 1


def test_every_ability_tree_has_three_levels_with_prerequisites(c) -> None:  # noqa: ANN001
    for cl in c.classes.values():
        levels = sorted(a.level for a in cl.abilities)
        assert levels == [1, 1, 2, 2, 2, 3, 3]
        for a in cl.abilities:
            if a.level > 1:
                assert cl.ability(a.requires).level == a.level - 1


def test_each_tyrant_presses_the_heroes_in_its_own_way(c) -> None:  # noqa: ANN001
    abilities = {t.ability.effect for t in c.tyrants.values()}
    assert len(abilities) == 4


def test_every_effect_name_has_a_rule_function() -> None:
    from skirmish_goblin_uprising import adventure, combat, turns, tyranny

    assert set(combat.COMBAT_EFFECTS) == EFFECTS["combat"]
    assert set(turns.TURN_EFFECTS) == EFFECTS["turn"]
    assert set(adventure.GAIN) == EFFECTS["gain"]
    assert set(tyranny.TYRANNY) == EFFECTS["tyranny"]
    assert set(turns.GUARDIAN) == EFFECTS["guardian_active"]


def _copy(tmp_path: Path, name: str) -> Path:
    d = tmp_path / "set"
    d.mkdir(exist_ok=True)
    shutil.copy(DATA / name, d / name)
    return d


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("goblins.toml", 'effect = "free_move", n = 1', 'effect = "fly", n = 1', "unknown turn effect 'fly'"),
    ("classes.toml", 'requires = "cleaving-swing"', 'requires = "nothing"', "requires unknown ability 'nothing'"),
    ("classes.toml", 'passive = "fury"', 'passive = "furry"', "unknown passive 'furry' (did you mean fury?)"),
    ("enemies.toml", 'region = "prairie"', 'region = "moon"', "unknown region 'moon'"),
    ("adventures.toml", 'pet = "hawk"', 'pet = "dragon"', "unknown pet 'dragon'"),
    ("board.toml", 'troop = "undead"', 'troop = "ghost"', "holds unknown troop 'ghost'"),
    ("dice.toml", '"+1", "+1", "+2"', '"+1", "+3", "+2"', "face '+3' has no entry in results"),
    ("goblins.toml", 'copies = 3, uprising = { effect = "damage", n = "L/2" }',
     'copies = 3, uprising = { effect = "damage", n = "half" }', "n must be a whole number, 'L' or 'L/2'"),
])
def test_a_bad_content_file_fails_with_one_clear_line(tmp_path: Path, file: str, old: str, new: str,
                                                      message: str) -> None:
    d = _copy(tmp_path, file)
    text = (d / file).read_text()
    assert old in text
    (d / file).write_text(text.replace(old, new, 1))
    with pytest.raises(SetupError) as err:
        load_content(d)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_tyrant_without_a_first_scheme_is_refused(tmp_path: Path) -> None:
    d = tmp_path / "set"
    (d / "tyrants").mkdir(parents=True)
    text = (DATA / "tyrants" / "dwarf.toml").read_text().replace("first = true\n", "")
    (d / "tyrants" / "dwarf.toml").write_text(text)
    with pytest.raises(SetupError, match="exactly one scheme must be marked first"):
        load_content(d)


def test_unknown_files_and_missing_directories_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SetupError, match="does not exist"):
        load_content(tmp_path / "nowhere")
    (tmp_path / "cards.toml").write_text("")
    with pytest.raises(SetupError, match="unknown content file"):
        load_content(tmp_path)


def test_invalid_toml_is_reported_with_its_file(tmp_path: Path) -> None:
    (tmp_path / "pets.toml").write_text("wolf = {")
    with pytest.raises(SetupError, match="pets.toml is not valid TOML"):
        load_content(tmp_path)


def test_a_content_directory_replaces_files_and_adds_tyrants(tmp_path: Path) -> None:
    d = _copy(tmp_path, "enemies.toml")
    (d / "enemies.toml").write_text((d / "enemies.toml").read_text().replace(
        'human = { name = "Human Soldiers", hp = 2', 'human = { name = "Human Soldiers", hp = 5'))
    (d / "tyrants").mkdir()
    (d / "tyrants" / "ogre.toml").write_text((DATA / "tyrants" / "dwarf.toml").read_text().replace(
        'id = "dwarf"', 'id = "ogre"'))
    c = load_content(d)
    assert c.troops["human"].hp == 5 and "ogre" in c.tyrants and c.source == str(d)


def test_the_troop_hp_in_the_data_is_the_hp_the_rules_use(tmp_path: Path) -> None:
    from gu_helpers import new_game

    d = _copy(tmp_path, "enemies.toml")
    (d / "enemies.toml").write_text((d / "enemies.toml").read_text().replace(
        'dwarf = { name = "Dwarf Soldiers", hp = 3', 'dwarf = { name = "Dwarf Soldiers", hp = 7'))
    game = new_game(1, content=str(d))
    assert game.view(None)["state"]["troops"]["dwarf"]["hp"] == 7


def test_board_adjacency(c) -> None:  # noqa: ANN001
    rmap = c.rmap
    assert set(rmap.neighbours("tundra-spawn")) == {"tundra-outer", "tundra-inner", "mountains-spawn", "corals-spawn"}
    assert rmap.neighbours("village-desert") == ("desert-outer",) and rmap.space("village-desert").region == ""
    assert len(rmap.neighbours("gate")) == 7 and rmap.distance("village-tundra", "throne") == 5


def test_enemy_die_faces(c) -> None:  # noqa: ANN001
    enemy = c.dice["enemy"]
    assert enemy.faces == ("+1", "+1", "+2", "Axe", "Arrow", "Essence")
    assert enemy.results["Axe"].cleave and enemy.results["Arrow"].aimed and enemy.results["Essence"].drain_essence
    assert not enemy.results["Axe"].damage and c.dice["goblin"].faces.count("Star") == 2
    assert c.counts.enemy_per_attack == 1 and c.counts.tyrant_per_attack == 2


def test_content_is_shared_read_only_by_every_game() -> None:
    """Content is loaded once and shared by every game of a process, so its cards refuse assignment."""
    import attrs

    c = load_content(None)
    tribe = next(iter(c.tribes.values()))
    tyrant = next(iter(c.tyrants.values()))
    for card, field in ((tribe, "name"), (tyrant, "name"), (c.board, "castle")):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(card, field, "changed")
