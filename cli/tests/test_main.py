"""The command group: help, version, listings, plugin commands, and errors as one line."""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_one_error, invoke


def test_help_lists_every_builtin_command() -> None:
    result = invoke("--help")
    assert result.exit_code == 0
    for name in ("play", "resume", "show", "replay", "roll", "simulate", "rulesets", "plugins", "agents"):
        assert f"  {name}" in result.stdout
    assert "skirmish plugins" in result.stdout


def test_no_arguments_prints_help() -> None:
    result = invoke()
    assert result.exit_code == 0
    assert "Commands:" in result.stdout


def test_version_names_cli_and_core() -> None:
    result = invoke("--version")
    assert result.exit_code == 0
    assert "skirmish-cli 0.1.0" in result.stdout and "skirmish-core 0.1.0" in result.stdout


def test_unknown_command_is_a_usage_error() -> None:
    line = assert_one_error(invoke("fly"), 2)
    assert "fly" in line


def test_unknown_option_is_a_usage_error() -> None:
    line = assert_one_error(invoke("rulesets", "--colour"), 2)
    assert "--colour" in line and "skirmish rulesets --help" in line


def test_plugin_command_runs() -> None:
    result = invoke("tiny-hello", "--name", "ada")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "hello ada from tiny"


def test_rulesets_text_and_json() -> None:
    text = invoke("rulesets")
    assert text.exit_code == 0
    assert "tiny" in text.stdout and "Tiny Race" in text.stdout
    data = json.loads(invoke("rulesets", "--json").stdout)
    tiny = next(r for r in data if r["name"] == "tiny")
    assert tiny == {"name": "tiny", "title": "Tiny Race", "version": "1.0", "package": tiny["package"],
                    "description": "A race to a target score with one die."}
    assert tiny["package"]


def test_agents_json_scoped_to_a_ruleset() -> None:
    data = json.loads(invoke("agents", "tiny", "--json").stdout)
    names = {(a["name"], a["ruleset"]) for a in data}
    assert {("ai", "tiny"), ("human", ""), ("random", "")} <= names
    assert next(a for a in data if a["name"] == "human")["interactive"] is True


def test_plugins_lists_hooks_and_distributions() -> None:
    result = invoke("plugins")
    assert result.exit_code == 0
    assert "skirmish_cli.human  (skirmish-cli 0.1.0)" in result.stdout
    assert "tiny_ruleset" in result.stdout
    data = json.loads(invoke("plugins", "--json").stdout)
    by_name = {p["name"]: p for p in data["plugins"]}
    assert by_name["skirmish_cli.human"]["hooks"] == ["skirmish_register_agents"]
    assert by_name["skirmish_cli.human"]["provides"] == {"agents": ["human"]}
    tiny = by_name["tiny_ruleset"]
    assert set(tiny["hooks"]) == {"skirmish_register_rulesets", "skirmish_register_agents",
                                  "skirmish_register_commands"}
    assert tiny["provides"]["commands"] == ["tiny-hello"]
    assert not [f for f in data["failed"] if "tiny" in f]  # (other installed plugins are not ours to judge)


def test_a_broken_plugin_is_one_warning_and_the_rest_works(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,broken_plugin")
    result = invoke("plugins", "--json")
    assert result.exit_code == 0
    warnings = [line for line in result.stderr.splitlines() if "broken_plugin" in line]
    assert len(warnings) == 1 and warnings[0].startswith("warning: skirmish plugin 'broken_plugin'")
    assert all(line.startswith("warning: ") for line in result.stderr.splitlines())
    data = json.loads(result.stdout)
    assert [f for f in data["failed"] if "broken on purpose" in f]
    assert "tiny_ruleset" in {p["name"] for p in data["plugins"]}


def test_two_plugins_with_one_ruleset_name_are_both_left_out_with_one_warning(monkeypatch: pytest.MonkeyPatch
                                                                              ) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,dup_plugin")
    result = invoke("rulesets", "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == ["warning: skirmish plugins 'dup_plugin' and 'tiny_ruleset' both register "
                                          "the ruleset 'tiny'; both are left out"]
    assert "tiny" not in {r["name"] for r in json.loads(result.stdout)}
    line = assert_one_error(invoke("tiny-hello"), 2)  # the command of a left-out plugin is gone too
    assert "tiny-hello" in line


def test_an_unexpected_plugin_exception_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,buggy_plugin")
    line = assert_one_error(invoke("play", "buggy", "--players", "random"), 1)
    assert "unexpected KeyError" in line and "buggy_plugin" in line and "SKIRMISH_DEBUG" in line
