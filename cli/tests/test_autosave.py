"""Autosaves: games between AIs are not saved unless asked; `skirmish resume` alone offers the latest games."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_helpers import assert_one_error, invoke

from skirmish.saves import read_save

FOLDER = Path("data/skirmish/autosave")


def lines(*xs: str) -> str:
    return "".join(f"{x}\n" for x in xs)


def test_a_game_between_ais_is_not_saved_unless_asked() -> None:
    result = invoke("play", "tiny", "--players", "ai,random", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "not saved (a game between AIs: add --autosave or --save FILE to keep it)" in result.stdout
    assert "saved to" not in result.stdout
    assert not FOLDER.exists() or not list(FOLDER.glob("*.toml"))


def test_autosave_and_save_keep_a_game_between_ais() -> None:
    out = invoke("play", "tiny", "--players", "ai,random", "--seed", "4", "--autosave").stdout
    assert f"saved to {Path.cwd() / FOLDER / 'tiny.toml'}" in out
    assert read_save(FOLDER / "tiny.toml").finished
    out = invoke("play", "tiny", "--players", "ai,random", "--seed", "4", "--save", "mine.toml").stdout
    assert "saved to mine.toml" in out and read_save("mine.toml").finished


def test_a_game_with_a_human_always_autosaves() -> None:
    invoke("play", "tiny", "--seed", "3", input=lines("quit"))
    assert not read_save(FOLDER / "tiny.toml").finished


def _unfinished(seed: int, when: float) -> Path:
    out = invoke("play", "tiny", "--seed", str(seed), input=lines("quit")).stdout
    path = Path(out.split("saved to ")[1].split("\n")[0])
    os.utime(path, (when, when))
    return path


def test_resume_without_a_file_lists_the_latest_unfinished_games_when_not_at_a_terminal() -> None:
    older = _unfinished(3, 1_000_000)
    newer = _unfinished(4, 2_000_000)
    invoke("play", "tiny", "--players", "ai,random", "--seed", "5", "--save", str(FOLDER / "done.toml"))
    result = invoke("resume")
    listed = result.stdout.splitlines()
    assert listed[0] == "unfinished games, latest first:"
    assert listed[1].startswith(f"  1. {newer.name}: tiny, ") and "red (human) v blue (ai)" in listed[1]
    assert listed[2].startswith(f"  2. {older.name}: tiny, ")
    assert "done.toml" not in result.stdout  # finished games are not offered
    line = assert_one_error(result, 2)
    assert "no FILE given and no terminal to pick one at" in line and f"skirmish resume {newer}" in line


def test_resume_without_a_file_asks_which_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    older = _unfinished(3, 1_000_000)
    _unfinished(4, 2_000_000)
    monkeypatch.setattr("skirmish_cli.cmd_play._interactive", lambda: True)
    result = invoke("resume", input=lines("2", *["safe"] * 6))
    assert result.exit_code == 0, result.output
    assert "resume which game [1]: 2" in result.stdout
    assert "game over" in result.stdout
    assert read_save(older).finished


def test_resume_picking_a_number_out_of_range_asks_again(monkeypatch: pytest.MonkeyPatch) -> None:
    _unfinished(3, 1_000_000)
    monkeypatch.setattr("skirmish_cli.cmd_play._interactive", lambda: True)
    result = invoke("resume", input=lines("7", "1", "quit"))
    assert "7 is not in the range 1<=x<=1" in result.stdout
    assert result.exit_code == 0


def test_resume_without_any_autosave_says_where_it_looked() -> None:
    line = assert_one_error(invoke("resume"), 1)
    assert "no unfinished autosaved game in" in line and "skirmish resume FILE" in line


def test_resume_skips_unreadable_autosaves(tiny_env: Path) -> None:
    good = _unfinished(3, 1_000_000)
    (FOLDER / "broken.toml").write_text("not = [valid")
    out = invoke("resume").stdout
    assert good.name in out and "broken.toml" not in out
