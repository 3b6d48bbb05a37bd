"""Autosave as a journal: one synced line per answer, read back on resume, torn lines dropped, compaction."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.engine import Game
from skirmish.errors import SaveError
from skirmish.saves import Journal, SaveFile, journal_path, read_save, replay, write_save
from skirmish.testing.samples import DiceRace


def _step(game: Game) -> None:
    d = game.pending
    game.answer(d.options[0].value if d.options else d.examples[0], d.player)


def _played(path: Path, answers: int) -> tuple[Game, Journal]:
    game = Game(DiceRace(), seed=4)
    journal = Journal(path, {"player1": "human"})
    journal.record(game)
    for _ in range(answers):
        _step(game)
        journal.record(game)
    return game, journal


def test_each_answer_appends_one_line_and_leaves_the_toml_save_alone(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    game, _ = _played(path, 4)
    assert read_save(path).answers == game.answers  # save + journal
    lines = journal_path(path).read_text().splitlines()
    assert len(lines) == 1 + 4  # the header, then one line per answer
    import tomllib

    assert tomllib.loads(path.read_text())["answers"] == []  # the TOML save was written once, at the start


def test_a_journaled_game_resumes_exactly_and_checks_the_digest_of_its_toml_part(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    game, _ = _played(path, 5)
    again = replay(read_save(path), DiceRace())
    assert again.digest() == game.digest() and again.answers == game.answers


def test_a_line_cut_short_by_a_kill_is_dropped_and_the_rest_stands(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    game, _ = _played(path, 3)
    with open(journal_path(path), "a") as fh:
        fh.write('{"player":"player1","val')
    save = read_save(path)
    assert save.answers == game.answers
    replay(save, DiceRace())


def test_undo_rewrites_the_save_instead_of_appending(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    game, journal = _played(path, 4)
    shorter = replay(SaveFile.of(game), DiceRace(), upto=2)
    journal.record(shorter)
    assert read_save(path).answers == shorter.answers
    assert len(journal_path(path).read_text().splitlines()) == 1


def test_a_journal_of_an_older_save_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    game, _ = _played(path, 3)
    newer = Game(DiceRace(), seed=9)
    write_save(SaveFile.of(newer), path)  # someone saved another game over it
    assert read_save(path).seed == 9 and read_save(path).answers == []


def test_close_folds_the_journal_into_the_save_and_removes_it(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    game, journal = _played(path, 3)
    journal.close(game)
    assert not journal_path(path).exists()
    assert read_save(path).digest == game.digest() and read_save(path).digest_at is None


def test_an_edited_toml_part_is_still_caught_by_its_digest(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    game, journal = _played(path, 2)
    journal.compact(game)
    _step(game)
    journal.record(game)
    save = read_save(path)
    save.digest = "0" * 32
    with pytest.raises(SaveError, match="does not replay"):
        replay(save, DiceRace())
