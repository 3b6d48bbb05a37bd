"""The real ``skirmish`` console script in a subprocess: help, piped play, errors without tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import assert_one_error, run


def test_help_and_version() -> None:
    result = run("--help")
    assert result.returncode == 0 and "simulate" in result.stdout and result.stderr == ""
    assert run("--version").stdout.startswith("skirmish-cli 0.1.0")


def test_help_does_not_load_plugins_or_rich() -> None:
    # a broken plugin would warn if --help loaded the plugins
    result = run("--help", plugins="broken_plugin")
    assert result.returncode == 0 and result.stderr == ""


def test_piped_game_to_the_end_then_replay(tiny_env: Path) -> None:
    result = run("play", "tiny", "--seed", "2", "--save", "p.toml", input="safe\n" * 6)
    assert result.returncode == 0, result.stderr
    assert "game over" in result.stdout and "\x1b[" not in result.stdout  # no colour when piped
    data = json.loads(run("replay", "p.toml", "--json").stdout)
    assert data["finished"] is True


def test_piped_eof_saves_and_exits_1(tiny_env: Path) -> None:
    result = run("play", "tiny", "--seed", "2", input="roll\n")
    line = assert_one_error(result, 1)
    assert "input ended while red must answer" in line
    assert (tiny_env / "data/skirmish/autosave/tiny.toml").exists()


def test_errors_are_one_line_without_traceback(tiny_env: Path) -> None:
    assert_one_error(run("play", "nope"), 1)
    assert_one_error(run("roll", "3d"), 1)
    assert_one_error(run("show", "missing.toml"), 1)
    assert_one_error(run("play", "tiny", "--players", "wizard"), 2)
    assert_one_error(run("play", "buggy", "--players", "random", plugins="tiny_ruleset,buggy_plugin"), 1)
    (tiny_env / "bad.toml").write_text("nonsense = [\n")
    assert_one_error(run("resume", "bad.toml"), 1)


def test_plugin_warning_is_one_line(tiny_env: Path) -> None:
    result = run("rulesets", plugins="tiny_ruleset,broken_plugin")
    assert result.returncode == 0
    ours = [line for line in result.stderr.splitlines() if "broken_plugin" in line]
    assert len(ours) == 1 and ours[0].startswith("warning: skirmish plugin 'broken_plugin'")
