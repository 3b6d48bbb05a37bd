"""Save files: TOML round trips, atomic writes, every way a save can be refused, replays."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from skirmish.agents import AgentContext, RandomAgent, View
from skirmish.engine import Game
from skirmish.errors import SaveError
from skirmish.runner import agent_seed
from skirmish.saves import FORMAT_VERSION, SaveFile, parse_save, read_save, replay, write_save
from skirmish.testing.samples import DiceRace


def _play(seed: int, most: int | None = None, *, dice_at: int | None = None, dice: list[Any] | None = None,
          setup: dict[str, Any] | None = None) -> Game:
    game = Game(DiceRace(), setup, seed=seed)
    agents = {p: RandomAgent(AgentContext(p, agent_seed(seed, i), game.ruleset, {}, game.players))
              for i, p in enumerate(game.players)}
    while game.pending is not None and (most is None or game.decisions < most):
        if game.decisions == dice_at and not any("dice" in a for a in game.answers):
            game.load_dice(dice or [])
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return game


def _events(game: Game) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in game.log]


def _one_line(exc: pytest.ExceptionInfo[SaveError]) -> str:
    text = str(exc.value)
    assert text and "\n" not in text
    return text


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Game, Path]:
    game = _play(7, most=6)
    path = tmp_path / "game.toml"
    write_save(SaveFile.of(game, {"player1": "random", "player2": "first"}), path)
    return game, path


def _edit(path: Path, change: Any) -> None:
    """Edit a save by hand: parse it, change the table, write it back."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")


# -- round trips -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("seed", "most"), [(0, 0), (1, 5), (2, None), (3, None)])
def test_a_save_round_trips_through_toml_and_replays_to_the_same_digest(tmp_path: Path, seed: int,
                                                                        most: int | None) -> None:
    game = _play(seed, most)
    save = SaveFile.of(game, {"player1": "random"})
    path = tmp_path / "s.toml"
    write_save(save, path)
    loaded = read_save(path)
    assert loaded == save
    again = replay(loaded, DiceRace())
    assert again.digest() == game.digest()
    assert again.answers == game.answers
    assert again.result == game.result
    assert _events(again) == _events(game)
    assert loaded.finished is game.over


def test_a_save_holds_the_format_ruleset_version_seed_and_answers(saved: tuple[Game, Path]) -> None:
    game, path = saved
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT_VERSION
    assert (data["ruleset"], data["ruleset_version"], data["seed"]) == ("dice-race", "1.0", 7)
    assert data["answers"] == game.answers
    assert data["setup"] == game.setup
    assert data["agents"] == {"player1": "random", "player2": "first"}
    assert data["digest"] == game.digest()
    assert data["finished"] is False


def test_a_resumed_save_goes_on_like_the_original(tmp_path: Path) -> None:
    full = _play(4)
    part = _play(4, most=5)
    write_save(SaveFile.of(part), tmp_path / "s.toml")
    loaded = replay(read_save(tmp_path / "s.toml"), DiceRace())
    for entry in full.answers[5:]:
        loaded.answer(entry["value"], entry["player"])
    assert loaded.result == full.result
    assert loaded.digest() == full.digest()


# -- atomic writes -------------------------------------------------------------------------------

def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def test_a_state_that_cannot_be_toml_raises_save_error_and_keeps_the_old_file(saved: tuple[Game, Path]) -> None:
    _, path = saved
    before = path.read_bytes()
    game = _play(7, most=2, setup={"players": ["player1", "player2"], "house_rule": None})
    with pytest.raises(SaveError) as exc:
        write_save(SaveFile.of(game), path)
    assert _one_line(exc).startswith("the game cannot be written as TOML")
    assert path.read_bytes() == before
    assert _leftovers(path.parent) == []


def test_a_failing_rename_raises_save_error_and_keeps_the_old_file(saved: tuple[Game, Path],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    _, path = saved
    before = path.read_bytes()

    def full_disk(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("skirmish.saves.os.replace", full_disk)
    with pytest.raises(SaveError) as exc:
        write_save(SaveFile.of(_play(7)), path)
    assert _one_line(exc) == f"cannot write save file {path}: No space left on device"
    assert path.read_bytes() == before


def test_a_failing_write_leaves_no_temporary_file(saved: tuple[Game, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    _, path = saved

    def full_disk(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("skirmish.saves.os.replace", full_disk)
    with pytest.raises(SaveError):
        write_save(SaveFile.of(_play(7)), path)
    assert _leftovers(path.parent) == []


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root may write to read-only directories")
def test_a_read_only_directory_raises_save_error_and_keeps_the_old_file(saved: tuple[Game, Path]) -> None:
    _, path = saved
    before = path.read_bytes()
    path.parent.chmod(0o555)
    try:
        with pytest.raises(SaveError, match="cannot write save file"):
            write_save(SaveFile.of(_play(7)), path)
    finally:
        path.parent.chmod(0o755)
    assert path.read_bytes() == before


def test_writing_into_a_missing_directory_is_a_save_error(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="cannot write save file"):
        write_save(SaveFile.of(_play(0, 1)), tmp_path / "nowhere" / "s.toml")


def test_a_successful_write_replaces_the_old_file_and_leaves_no_temporary_file(saved: tuple[Game, Path]) -> None:
    _, path = saved
    later = _play(7, most=9)
    write_save(SaveFile.of(later), path)
    assert read_save(path).answers == later.answers
    assert _leftovers(path.parent) == []


# -- refused files -------------------------------------------------------------------------------

def test_a_missing_file_is_a_save_error(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as exc:
        read_save(tmp_path / "none.toml")
    assert _one_line(exc) == f"no save file at {tmp_path / 'none.toml'}"


def test_corrupt_toml_is_a_one_line_save_error_naming_the_file(saved: tuple[Game, Path]) -> None:
    _, path = saved
    path.write_text(path.read_text(encoding="utf-8")[:-40] + "\n= = broken [[\n", encoding="utf-8")
    with pytest.raises(SaveError) as exc:
        read_save(path)
    assert _one_line(exc).startswith(f"{path} is not a valid save file: ")


def test_a_binary_file_is_a_save_error(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError) as exc:
        read_save(path)
    assert _one_line(exc) == f"{path} is not a skirmish save file (not text)"


@pytest.mark.parametrize("key", ["format", "ruleset", "ruleset_version", "seed", "setup", "answers", "digest"])
def test_a_toml_file_without_a_save_key_is_not_a_save(saved: tuple[Game, Path], key: str) -> None:
    _, path = saved
    _edit(path, lambda data: data.pop(key))
    with pytest.raises(SaveError) as exc:
        read_save(path)
    assert _one_line(exc) == f"{path} is not a skirmish save file (no '{key}')"


@pytest.mark.parametrize(("key", "value"), [("seed", "seven"), ("seed", True), ("answers", {"a": 1}),
                                            ("format", 1.0), ("setup", [])])
def test_a_save_key_of_the_wrong_type_is_refused(saved: tuple[Game, Path], key: str, value: Any) -> None:
    _, path = saved
    _edit(path, lambda data: data.__setitem__(key, value))
    with pytest.raises(SaveError) as exc:
        read_save(path)
    assert _one_line(exc) == f"{path}: '{key}' has the wrong type"


def test_a_newer_save_format_is_refused(saved: tuple[Game, Path]) -> None:
    _, path = saved
    _edit(path, lambda data: data.__setitem__("format", FORMAT_VERSION + 1))
    with pytest.raises(SaveError) as exc:
        read_save(path)
    assert _one_line(exc) == (f"{path} uses save format {FORMAT_VERSION + 1}; "
                              f"this skirmish reads up to {FORMAT_VERSION}")


def test_an_answer_that_is_not_a_table_is_refused_by_number(saved: tuple[Game, Path]) -> None:
    _, path = saved
    _edit(path, lambda data: data["answers"].__setitem__(1, {"value": "jog"}))
    with pytest.raises(SaveError) as exc:
        read_save(path)
    assert _one_line(exc) == f"{path}: answer 2 is not a table with 'player' and 'value'"


def test_agents_must_be_a_table() -> None:
    data = tomllib.loads(SaveFile.of(_play(0, 1)).to_toml())
    data["agents"] = "random"
    with pytest.raises(SaveError, match="'agents' must be a table"):
        parse_save(data)


def test_a_save_from_another_ruleset_version_names_both_versions(saved: tuple[Game, Path]) -> None:
    _, path = saved
    _edit(path, lambda data: data.__setitem__("ruleset_version", "0.9"))
    save = read_save(path)
    with pytest.raises(SaveError) as exc:
        replay(save, DiceRace(), where=str(path))
    assert _one_line(exc) == f"{path} was made with dice-race 0.9; installed is 1.0"
    assert replay(save, DiceRace(), check_version=False).digest() == save.digest


def test_a_save_of_another_ruleset_is_refused(saved: tuple[Game, Path]) -> None:
    _, path = saved

    class Other(DiceRace):
        name = "other-race"

    with pytest.raises(SaveError) as exc:
        replay(read_save(path), Other())
    assert _one_line(exc) == "save is a dice-race game, not other-race"


def test_a_hand_edited_illegal_answer_is_refused_naming_its_number(saved: tuple[Game, Path]) -> None:
    _, path = saved
    _edit(path, lambda data: data["answers"][2].__setitem__("value", "fly"))
    with pytest.raises(SaveError) as exc:
        replay(read_save(path), DiceRace(), where="game.toml")
    text = _one_line(exc)
    assert text.startswith("game.toml: answer 3 (")
    assert "'fly') is illegal: " in text


def test_an_answer_by_the_wrong_player_is_refused_naming_its_number(saved: tuple[Game, Path]) -> None:
    _, path = saved

    def swap(data: dict[str, Any]) -> None:
        first = data["answers"][0]
        first["player"] = "player2" if first["player"] == "player1" else "player1"

    _edit(path, swap)
    with pytest.raises(SaveError, match=r"^save: answer 1 \(.*\) is illegal: it is player\d's decision"):
        replay(read_save(path), DiceRace())


def test_an_answer_after_the_end_is_refused(tmp_path: Path) -> None:
    game = _play(5)
    save = SaveFile.of(game)
    save.answers.append(dict(save.answers[-1]))
    with pytest.raises(SaveError) as exc:
        replay(save, DiceRace())
    assert _one_line(exc) == f"save: answer {len(save.answers)} comes after the game ended"


def test_a_digest_mismatch_is_refused_unless_unchecked(saved: tuple[Game, Path]) -> None:
    game, path = saved
    _edit(path, lambda data: data.__setitem__("digest", "0" * 32))
    save = read_save(path)
    with pytest.raises(SaveError) as exc:
        replay(save, DiceRace())
    assert "does not replay to the state it recorded" in _one_line(exc)
    assert replay(save, DiceRace(), check_digest=False).digest() == game.digest()


def test_a_changed_seed_no_longer_replays(saved: tuple[Game, Path]) -> None:
    _, path = saved
    _edit(path, lambda data: data.__setitem__("seed", 8))
    with pytest.raises(SaveError):
        replay(read_save(path), DiceRace())


def test_an_invalid_set_up_is_a_save_error(saved: tuple[Game, Path]) -> None:
    _, path = saved
    _edit(path, lambda data: data["setup"].__setitem__("players", ["solo"]))
    with pytest.raises(SaveError) as exc:
        replay(read_save(path), DiceRace())
    assert _one_line(exc).startswith("save: its set-up is not valid: dice-race is played by 2 to 4 players")


# -- loaded dice and partial replays -----------------------------------------------------------

def test_dice_entries_in_the_answers_replay_the_loaded_dice(tmp_path: Path) -> None:
    game = _play(6, dice_at=2, dice=[6, 6, 6, 1, 1, 1, 2])
    assert {"dice": [6, 6, 6, 1, 1, 1, 2]} in game.answers
    assert any("(loaded)" in e.text for e in game.log.of_kind("roll"))
    write_save(SaveFile.of(game), tmp_path / "s.toml")
    again = replay(read_save(tmp_path / "s.toml"), DiceRace())
    assert again.digest() == game.digest()
    assert _events(again) == _events(game)


def test_dice_entries_change_the_replay() -> None:
    game = _play(6, dice_at=2, dice=[6, 6, 6, 6, 6, 6])
    save = SaveFile.of(game)
    save.answers = [a for a in save.answers if "dice" not in a]
    with pytest.raises(SaveError):
        replay(save, DiceRace())


@pytest.mark.parametrize("upto", [0, 1, 4, 9])
def test_replay_upto_stops_after_that_many_answers(upto: int) -> None:
    game = _play(8)
    assert len(game.answers) > 9
    part = replay(SaveFile.of(game), DiceRace(), upto=upto)
    assert part.answers == game.answers[:upto]
    assert part.decisions == upto
    assert part.pending is not None
    assert part.digest() == _play(8, most=upto).digest()


def test_replay_upto_counts_dice_entries_as_answers() -> None:
    game = _play(9, dice_at=2, dice=[3, 3])
    index = game.answers.index({"dice": [3, 3]})
    part = replay(SaveFile.of(game), DiceRace(), upto=index + 1)
    assert part.answers[-1] == {"dice": [3, 3]}
    assert list(part.rng.loaded) == [3, 3]


def test_a_game_made_with_loaded_dice_replays_from_its_save(tmp_path: Path) -> None:
    game = Game(DiceRace(), seed=3, dice=[6, 6, 2, 2, 2])
    for _ in range(4):
        game.answer("sprint", game.pending.player)
    write_save(SaveFile.of(game), tmp_path / "s.toml")
    again = replay(read_save(tmp_path / "s.toml"), DiceRace())
    assert again.digest() == game.digest()
    assert _events(again) == _events(game)
    assert again.answers == game.answers


@pytest.mark.parametrize("dice", ["6", [6, [1]], [True], [1.5]])
def test_a_dice_entry_that_is_not_a_list_of_numbers_or_faces_is_refused(dice: Any) -> None:
    data = tomllib.loads(SaveFile.of(_play(0, 2)).to_toml())
    data["answers"].insert(1, {"dice": dice})
    with pytest.raises(SaveError, match="answer 2: 'dice' must be a list of numbers or face names"):
        parse_save(data)


def test_a_replace_dice_entry_replays_dropping_the_unrolled_dice(tmp_path: Path) -> None:
    game = Game(DiceRace(), seed=2)
    game.load_dice([1, 1, 1, 1, 1, 1, 1])
    game.answer("sprint", game.pending.player)
    game.load_dice([6, 6, 6], replace=True)
    game.answer("sprint", game.pending.player)
    sprints = [e.text for e in game.log.of_kind("roll") if "sprints" in e.text]
    assert sprints[0].endswith("3d6 -> 1 1 1 (loaded)")
    assert sprints[1].endswith("3d6 -> 6 6 6 (loaded)")
    write_save(SaveFile.of(game), tmp_path / "s.toml")
    again = replay(read_save(tmp_path / "s.toml"), DiceRace())
    assert again.digest() == game.digest()
    assert _events(again) == _events(game)
    assert list(again.rng.loaded) == list(game.rng.loaded)


def test_an_impossible_loaded_die_in_a_save_is_a_save_error() -> None:
    save = SaveFile.of(_play(6))
    save.answers.insert(0, {"dice": [9, 9, 9, 9]})
    try:
        replay(save, DiceRace())
    except SaveError:
        return
    except Exception as exc:  # noqa: BLE001
        raise AssertionError(f"{type(exc).__name__}: {exc}") from None
    raise AssertionError("replayed")
