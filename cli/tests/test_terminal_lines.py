"""The height a session fits its prompt into: the LINES setting, then the terminal, else the fallback."""

from __future__ import annotations

import io

import pytest

from skirmish_cli import session


def test_lines_setting_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LINES", "40")
    assert session.terminal_lines(24) == 40


@pytest.mark.parametrize("value", ["", "0", "-3", "tall"])
def test_no_usable_setting_and_no_terminal_gives_the_fallback(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("LINES", value)
    monkeypatch.setattr(session.sys, "__stdout__", io.StringIO())  # not a terminal: no fileno
    assert session.terminal_lines(24) == 24


def test_the_terminal_height_when_there_is_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LINES", raising=False)
    monkeypatch.setattr(session.os, "get_terminal_size", lambda fd: session.os.terminal_size((100, 51)))
    assert session.terminal_lines(24) == 51


def test_the_width_comes_from_columns_then_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "90")
    assert session.terminal_columns(100) == 90
    monkeypatch.delenv("COLUMNS")
    monkeypatch.setattr(session.os, "get_terminal_size", lambda fd: session.os.terminal_size((132, 51)))
    assert session.terminal_columns(100) == 132
