"""``skirmish show``, ``replay`` and ``resume`` on good and bad save files (never changing the file)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
import tomli_w
from cli_helpers import assert_one_error, invoke, lines


@pytest.fixture
def unfinished(tiny_env: Path) -> Path:
    result = invoke("play", "tiny", "--seed", "3", "--save", "g.toml", input=lines("push", "dice=2", "quit"))
    assert result.exit_code == 0, result.output
    return tiny_env / "g.toml"


@pytest.fixture
def finished(tiny_env: Path) -> Path:
    result = invoke("play", "tiny", "--seed", "3", "--save", "done.toml", input=lines(*["safe"] * 6))
    assert result.exit_code == 0, result.output
    return tiny_env / "done.toml"


def test_show_text(unfinished: Path) -> None:
    result = invoke("show", str(unfinished))
    assert result.exit_code == 0
    assert result.stdout.startswith("Tiny Race (tiny 1.0), seed 3: round 2")
    assert "waiting for red: action - red: roll, safe or push?" in result.stdout
    assert "players: red (human), blue (ai)" in result.stdout
    assert "(secret ?)" not in result.stdout  # everything by default


def test_show_as_a_player_hides_the_others_secrets(unfinished: Path) -> None:
    out = invoke("show", str(unfinished), "--as", "red").stdout
    assert "blue: 4 points (secret ?)" in out
    assert "no player 'green'" in assert_one_error(invoke("show", str(unfinished), "--as", "green"), 2)


def test_show_json_is_the_view(unfinished: Path) -> None:
    data = json.loads(invoke("show", str(unfinished), "--json", "--as", "blue").stdout)
    assert data["ruleset"] == "tiny" and data["viewer"] == "blue" and data["round"] == 2
    assert data["state"]["secret"]["red"] == "?" and isinstance(data["state"]["secret"]["blue"], int)
    assert data["pending"] == {"player": "red", "kind": "action"}


def test_show_a_finished_game(finished: Path) -> None:
    out = invoke("show", str(finished)).stdout
    assert "game over: a draw - tied on 12" in out
    assert "  red (human): draw" in out and "  blue (ai): draw" in out


def test_replay_text_and_log(finished: Path) -> None:
    result = invoke("replay", str(finished))
    assert result.exit_code == 0
    assert "the replay matches the save" in result.stdout and "game over: a draw" in result.stdout
    assert "  red (human): draw" in result.stdout
    log = invoke("replay", str(finished), "--log").stdout
    assert log.startswith("#0    [Set-up] Tiny Race begins (seed 3)")
    assert "blue's secret number is" in log and "red's secret number is" in log


def test_replay_json(finished: Path, unfinished: Path) -> None:
    data = json.loads(invoke("replay", str(finished), "--json", "--log").stdout)
    assert data["finished"] is True and data["draw"] is True and data["winners"] == []
    assert data["rounds"] == 6 and data["decisions"] == 12 and data["digest_ok"] is True
    assert data["outcomes"] == {"red": "draw", "blue": "draw"}
    assert data["log"][0]["kind"] == "start"
    data = json.loads(invoke("replay", str(unfinished), "--json").stdout)
    assert data["finished"] is False and data["pending"]["player"] == "red"


def test_replay_of_an_unfinished_game(unfinished: Path) -> None:
    assert "unfinished: waiting for red" in invoke("replay", str(unfinished)).stdout


def test_resume_a_finished_game_prints_the_result(finished: Path) -> None:
    before = finished.read_bytes()
    result = invoke("resume", str(finished))
    assert result.exit_code == 0 and "game over" in result.stdout
    assert finished.read_bytes() == before


# -- bad files: one line, non-zero, file untouched ----------------------------------------------------------
def _all_commands_fail(path: Path, *expected: str) -> None:
    before = path.read_bytes()
    for command in ("show", "replay", "resume"):
        line = assert_one_error(invoke(command, str(path), input=lines("safe", "quit")), 1)
        for text in expected:
            assert text in line, (command, line)
        assert path.read_bytes() == before, command


def test_missing_file() -> None:
    for command in ("show", "replay", "resume"):
        assert "no save file at nowhere.toml" in assert_one_error(invoke(command, "nowhere.toml"), 1)


def test_corrupt_file(tiny_env: Path) -> None:
    path = tiny_env / "junk.toml"
    path.write_text("format = 1\nruleset = [oops\n")
    _all_commands_fail(path, "junk.toml is not a valid save file")
    binary = tiny_env / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    _all_commands_fail(binary, "not text")
    not_a_save = tiny_env / "other.toml"
    not_a_save.write_text('title = "hello"\n')
    _all_commands_fail(not_a_save, "is not a skirmish save file")


def test_save_from_another_ruleset_version(unfinished: Path) -> None:
    unfinished.write_text(unfinished.read_text().replace('ruleset_version = "1.0"', 'ruleset_version = "0.9"'))
    _all_commands_fail(unfinished, "made with tiny 0.9", "installed is 1.0")


def test_save_of_an_unknown_ruleset(unfinished: Path) -> None:
    unfinished.write_text(unfinished.read_text().replace('ruleset = "tiny"', 'ruleset = "chess"'))
    _all_commands_fail(unfinished, "no ruleset named 'chess'")


def test_hand_edited_illegal_answer(unfinished: Path) -> None:
    unfinished.write_text(unfinished.read_text().replace('value = "push"', 'value = "teleport"'))
    _all_commands_fail(unfinished, "answer 2", "teleport", "is illegal")


def test_hand_edited_answer_out_of_range(unfinished: Path) -> None:
    unfinished.write_text(unfinished.read_text().replace("dice = 2", "dice = 9"))
    _all_commands_fail(unfinished, "dice must be between 1 and 3")


def test_hand_edited_bad_dice_entry(unfinished: Path) -> None:
    data = tomllib.loads(unfinished.read_text())
    data["answers"].insert(1, {"dice": "six"})
    unfinished.write_text(tomli_w.dumps(data))
    _all_commands_fail(unfinished, "'dice' must be a list")


def test_digest_mismatch(finished: Path) -> None:
    text = finished.read_text()
    digest = text.split('digest = "')[1].split('"')[0]
    finished.write_text(text.replace(digest, "0" * 32))
    _all_commands_fail(finished, "does not replay to the state it recorded")


def test_bad_setup_inside_a_save(unfinished: Path) -> None:
    unfinished.write_text(unfinished.read_text().replace("target = 12", "target = 0"))
    _all_commands_fail(unfinished, "set-up is not valid")


def test_a_directory_is_not_a_save(tiny_env: Path) -> None:
    (tiny_env / "adir").mkdir()
    assert_one_error(invoke("show", "adir"), 2)


def test_resume_a_finished_game_removes_the_temporary_copy_a_killed_last_write_left(finished: Path) -> None:
    stray = finished.parent / f".{finished.name}.k1ll3d.tmp"
    stray.write_text("half a save")
    before = finished.read_bytes()
    result = invoke("resume", str(finished))
    assert result.exit_code == 0, result.output
    assert not stray.exists() and finished.read_bytes() == before
