"""Autosaves: games between AIs are not saved unless asked; `skirmish resume` alone offers the latest games."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_helpers import assert_one_error, invoke, lines

from skirmish.saves import read_save

FOLDER = Path("data/skirmish/autosave")


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
    assert listed[1].startswith(f"  1. {newer.name}: tiny, ") and "seats red (human), blue (ai); saved" in listed[1]
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


def test_answers_go_to_a_journal_that_is_folded_in_when_the_game_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    import skirmish_cli.session as session
    from skirmish.saves import journal_path

    seen: list[bool] = []
    real = session.Session.agent_turn

    def spy(self: session.Session, player: str) -> None:  # while playing, the journal holds the answers
        assert self.save_path is not None
        seen.append(journal_path(self.save_path).exists())
        real(self, player)

    monkeypatch.setattr(session.Session, "agent_turn", spy)
    result = invoke("play", "tiny", "--seed", "3", "--save", "g.toml", input=lines("safe", "roll", "quit"))
    assert result.exit_code == 0, result.output
    assert seen and all(seen)
    assert not journal_path("g.toml").exists()  # folded into the TOML save on quit
    save = read_save("g.toml")
    assert [a["value"] for a in save.answers if a.get("player") == "red"] == ["safe", "roll"]


def test_a_save_file_in_use_by_another_game_is_refused(tiny_env: Path) -> None:
    from skirmish.saves import SaveLock

    invoke("play", "tiny", "--seed", "3", "--save", "g.toml", input=lines("quit"))
    with SaveLock("g.toml"):
        line = assert_one_error(invoke("resume", "g.toml", input=lines("quit")), 1)
        assert "g.toml is in use by another game" in line
        out = invoke("play", "tiny", "--seed", "3", "--save", "h.toml", input=lines("save g.toml --overwrite",
                                                                                  "quit")).stdout
        assert "refused: g.toml is in use by another game" in out
    assert invoke("resume", "g.toml", input=lines("quit")).exit_code == 0  # free again


def test_a_killed_game_resumes_with_every_answer_from_its_journal(tiny_env: Path) -> None:
    """The journal is synced after every answer: a game that dies without folding it loses nothing."""
    from skirmish.engine import Game
    from skirmish.saves import Journal
    from skirmish_cli.registry import get_registry

    game = Game(get_registry().ruleset("tiny"), seed=3)
    journal = Journal("k.toml", {"red": "human", "blue": "ai"})
    journal.record(game)
    game.answer("safe")
    journal.record(game)
    game.answer("roll")
    journal.record(game)  # then the process dies: no close()
    assert len(read_save("k.toml").answers) == 2
    result = invoke("resume", "k.toml", input=lines("quit"))
    assert result.exit_code == 0, result.output
