"""Content and set-up files a person hands in: only regular files of bounded size, one clear line otherwise."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from skirmish.content import load_toml
from skirmish.errors import SetupError


def _error(path: Path | str) -> str:
    with pytest.raises(SetupError) as exc:
        load_toml(path)
    text = str(exc.value)
    assert "\n" not in text
    return text


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "setup.toml"
    os.mkfifo(fifo)
    seen: list[str] = []
    worker = threading.Thread(target=lambda: seen.append(_error(fifo)), daemon=True)
    worker.start()
    worker.join(5)
    assert seen == [f"{fifo} is not a regular file (a TOML file must be one)"]


def test_a_device_a_directory_and_a_missing_file_are_one_line_each(tmp_path: Path) -> None:
    assert "not a regular file" in _error("/dev/zero")
    assert "directory" in _error(tmp_path) or "not a regular file" in _error(tmp_path)
    assert _error(tmp_path / "none.toml") == f"no file at {tmp_path / 'none.toml'}"


def test_too_big_binary_and_deeply_nested_files_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import skirmish.content as content

    big = tmp_path / "big.toml"
    big.write_text("a = 1\n" * 100)
    monkeypatch.setattr(content, "MAX_FILE_BYTES", 64)
    assert "too big for a TOML file" in _error(big)
    monkeypatch.undo()
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    assert _error(binary) == f"{binary} is not a text file"
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 50_000 + "]" * 50_000)
    assert "nested too deeply" in _error(deep) or "not valid TOML" in _error(deep)
