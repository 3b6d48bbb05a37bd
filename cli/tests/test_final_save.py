"""A kill during the final save (issue 25): resume folds the journal in and the save says it is finished."""

from __future__ import annotations

import tomllib
from pathlib import Path

from cli_helpers import invoke

from skirmish.agents import FirstAgent
from skirmish.engine import Game
from skirmish.runner import drive
from skirmish.saves import Journal, journal_path, read_save
from skirmish_cli.registry import get_registry


def _played_to_the_end_with_the_final_save_cut(path: Path, *, toml_written: bool) -> None:
    """A whole game whose last answers sit in the journal: the kill came before (or after) the TOML save."""
    registry = get_registry()
    game = Game(registry.ruleset("tiny"), None, seed=4)
    journal = Journal(path, {p: "first" for p in game.players})
    journal.record(game)
    agents = {p: FirstAgent(None) for p in game.players}  # type: ignore[arg-type]
    drive(game, agents, after_answer=journal.record)
    assert game.over
    if toml_written:  # killed between writing the finished save and removing the journal
        from skirmish.saves import SaveFile, write_save

        write_save(SaveFile.of(game, journal.agents), path)


def _on_disk(path: Path) -> dict:
    return tomllib.loads(path.read_text())


def test_resume_of_a_game_killed_before_its_final_save_marks_it_finished_and_removes_the_journal(
        tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    _played_to_the_end_with_the_final_save_cut(save, toml_written=False)
    assert journal_path(save).exists() and not _on_disk(save)["finished"]
    result = invoke("resume", str(save))
    assert result.exit_code == 0, result.output
    assert _on_disk(save)["finished"], "the save still says the game is not finished"
    assert not journal_path(save).exists(), "the journal outlived the resumed, finished game"
    assert read_save(save).finished


def test_resume_of_a_game_killed_after_its_final_save_removes_the_stale_journal(tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    _played_to_the_end_with_the_final_save_cut(save, toml_written=True)
    assert journal_path(save).exists() and _on_disk(save)["finished"]
    result = invoke("resume", str(save))
    assert result.exit_code == 0, result.output
    assert not journal_path(save).exists(), "the journal outlived the finished game"
