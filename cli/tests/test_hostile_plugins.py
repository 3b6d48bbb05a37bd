"""Plugins that misbehave at import or clash with built-ins are named, and every command still works."""

from __future__ import annotations

from cli_helpers import run


def test_a_plugin_calling_sys_exit_at_import_is_named_and_left_out() -> None:
    result = run("rulesets", plugins="tiny_ruleset,exit_plugin")
    assert result.returncode == 0, result.stderr
    assert "tiny" in result.stdout
    assert "skirmish plugin 'exit_plugin' (from SKIRMISH_PLUGINS) failed to load (it called sys.exit(3) while" in (
        result.stderr)


def test_a_plugin_command_named_like_a_built_in_is_reported_and_the_built_in_wins() -> None:
    result = run("plugins", "--check", plugins="tiny_ruleset,clash_plugin")
    assert result.returncode == 1
    assert "registers the command 'play', which is a built-in command" in result.stdout + result.stderr
    played = run("play", "tiny", "--seed", "2", "--players", "ai,ai", plugins="tiny_ruleset,clash_plugin")
    assert "the plugin's play" not in played.stdout and played.returncode == 0
