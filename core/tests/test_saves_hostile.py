"""Save files that are not what they seem, and saving safely through links, modes, kills and two owners."""

from __future__ import annotations

import os
import stat
import threading
import tomllib
from pathlib import Path

import pytest
import tomli_w

from skirmish.engine import Game
from skirmish.errors import SaveError
from skirmish.saves import (
    MAX_ENTRIES,
    SaveFile,
    SaveLock,
    clear_stale_temporaries,
    read_regular_file,
    read_save,
    replay,
    write_save,
)
from skirmish.testing.samples import DiceRace


def _game() -> Game:
    game = Game(DiceRace(), seed=3)
    for _ in range(4):
        d = game.pending
        game.answer(d.options[0].value if d.options else d.examples[0], d.player)
    return game


@pytest.fixture
def path(tmp_path: Path) -> Path:
    p = tmp_path / "game.toml"
    write_save(SaveFile.of(_game()), p)
    return p


def test_a_fifo_is_refused_at_once_instead_of_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    result: list[str] = []
    worker = threading.Thread(target=lambda: result.append(_error(fifo)), daemon=True)
    worker.start()
    worker.join(5)
    assert result == [f"{fifo} is not a regular file (a save file must be one)"]


def _error(p: Path) -> str:
    with pytest.raises(SaveError) as exc:
        read_save(p)
    return str(exc.value)


def test_a_device_and_a_directory_are_refused(tmp_path: Path) -> None:
    assert _error(Path("/dev/zero")) == "/dev/zero is not a regular file (a save file must be one)"
    assert "is a directory" in _error(tmp_path) or "not a regular file" in _error(tmp_path)


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * 2048)
    with pytest.raises(SaveError, match="too big for a save file"):
        read_regular_file(big, limit=1024, what="save file")


def test_deep_nesting_is_not_a_valid_save_file(tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    assert "not a valid save file" in _error(deep)


def test_absurdly_many_answers_are_refused_before_any_replay(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    data["answers"] = [{"player": "player1", "value": "x"}] * (MAX_ENTRIES + 1)
    path.write_text(tomli_w.dumps(data))
    assert "no game needs more than" in _error(path)


def test_more_answers_than_the_ruleset_can_ask_are_refused(path: Path) -> None:
    save = read_save(path)
    save.answers = save.answers + [{"player": "player1", "value": "x"}] * (2 * DiceRace.max_decisions + 101)
    with pytest.raises(SaveError, match="more answers than a game of"):
        replay(save, DiceRace())


def test_loaded_dice_appended_after_the_answers_change_the_digest(path: Path) -> None:
    save = read_save(path)
    replay(save, DiceRace())  # as written: fine
    save.answers = save.answers + [{"dice": [6, 6, 6]}]
    with pytest.raises(SaveError, match="does not replay to the state it recorded"):
        replay(save, DiceRace())


def test_writing_through_a_symlink_updates_its_target_and_keeps_the_link(path: Path, tmp_path: Path) -> None:
    link = tmp_path / "link.toml"
    link.symlink_to(path)
    before = path.read_text()
    game = _game()
    game.answer(game.pending.options[0].value if game.pending.options else game.pending.examples[0])
    write_save(SaveFile.of(game), link)
    assert link.is_symlink() and path.read_text() != before
    assert read_save(link).digest == game.digest()


def test_the_mode_of_an_existing_save_is_kept(path: Path) -> None:
    path.chmod(0o640)
    write_save(SaveFile.of(_game()), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_new_save_is_readable_as_the_umask_allows_not_private(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_save(SaveFile.of(_game()), tmp_path / "new.toml")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.toml").stat().st_mode) == 0o644


def test_anything_but_a_regular_file_is_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        write_save(SaveFile.of(_game()), fifo)
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_temporary_copies_left_by_killed_writes_are_cleared_by_the_next_save(path: Path) -> None:
    for i in range(3):
        (path.parent / f".{path.name}.killed{i}.tmp").write_text("half a save")
    (path.parent / ".other.toml.x.tmp").write_text("another game's")
    write_save(SaveFile.of(_game()), path)
    assert sorted(p.name for p in path.parent.glob(".*.tmp")) == [".other.toml.x.tmp"]
    assert clear_stale_temporaries(path) == 0


def test_a_second_owner_of_a_save_path_is_refused_until_the_first_lets_go(path: Path) -> None:
    first = SaveLock(path).acquire()
    with pytest.raises(SaveError, match="is in use by another game"):
        SaveLock(path).acquire()
    first.release()
    with SaveLock(path):
        pass
