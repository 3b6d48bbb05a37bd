"""Shared fixtures: the tiny test ruleset loaded through SKIRMISH_PLUGINS, a private data folder."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

# A run started in the background without job control (``nohup ... &``) ignores Ctrl-C, and every command a test
# starts would inherit that: the tests that stop a command with Ctrl-C need it heard. A Python handler here is reset
# to the default in each child (a caught signal does not survive exec; an ignored one does).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

HERE = Path(__file__).parent
if str(HERE) not in sys.path:  # cli_helpers and the test plugins (tiny_ruleset...) import by name
    sys.path.insert(0, str(HERE))


@pytest.fixture(autouse=True)
def tiny_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Every test: plugins = the tiny ruleset, autosaves under tmp_path, cwd = tmp_path."""
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("SKIRMISH_DEBUG", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path

