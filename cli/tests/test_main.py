"""The command group: help, version, listings, plugin commands, and errors as one line."""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_one_error, invoke, run


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
                    "description": "A race to a target score with one die.", "plugins": []}
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
    result = invoke("rulesets")
    assert result.exit_code == 0 and "tiny" in result.stdout
    warnings = [line for line in result.stderr.splitlines() if "broken_plugin" in line]
    assert len(warnings) == 1 and warnings[0].startswith("warning: skirmish plugin 'broken_plugin'")
    assert all(line.startswith("warning: ") for line in result.stderr.splitlines())
    listed = invoke("plugins", "--json")
    assert listed.exit_code == 0 and "broken_plugin" not in listed.stderr  # the listing reports it itself
    data = json.loads(listed.stdout)
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


# -- skirmish plugins: problems, one line each; --check exits 1 when there is any ----------------------------


def test_plugins_check_is_ok_and_exits_0_with_sound_plugins() -> None:
    result = invoke("plugins", "--check")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("ok: ") and "no problems" in result.stdout and not result.stderr


def test_a_misspelled_hook_is_listed_by_plugins_and_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,typo_plugin")
    listing = invoke("plugins")
    assert listing.exit_code == 0
    assert "1 problem (those plugins are left out; 'skirmish plugins --check' exits 1):" in listing.stdout
    assert "'typo_plugin' implements unknown hook 'skirmish_game_strat' (misspelled?)" in listing.stdout
    assert "tiny_ruleset  (" in listing.stdout  # the rest is listed
    check = invoke("plugins", "--check")
    assert check.exit_code == 1
    assert check.stdout.splitlines() == ["problem: skirmish plugin 'typo_plugin' implements unknown hook "
                                         "'skirmish_game_strat' (misspelled?); it is left out"]
    data = json.loads(invoke("plugins", "--check", "--json").stdout)
    assert data["ok"] is False and len(data["problems"]) == 1


def test_plugins_check_gives_one_line_per_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,broken_plugin,typo_plugin,dup_plugin,dice_plugin,"
                                           "dup_dice_plugin")
    result = invoke("plugins", "--check")
    assert result.exit_code == 1 and not result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 4 and all(line.startswith("problem: skirmish plugin") for line in lines)
    assert any("'broken_plugin' (from SKIRMISH_PLUGINS) failed to load" in line for line in lines)
    assert any("'dup_plugin' and 'tiny_ruleset' both register the ruleset 'tiny'" in line for line in lines)
    assert any("'dice_plugin' and 'dup_dice_plugin' both register the die 'goblin'" in line for line in lines)


def test_plugins_says_which_rulesets_a_house_rules_plugin_serves() -> None:
    result = run("plugins", plugins="tiny_ruleset,house_plugin")
    assert result.returncode == 0, result.stderr
    block = result.stdout.split("house_plugin  (")[1]
    assert "\n  serves: tiny\n" in block
    data = json.loads(run("plugins", "--json", plugins="tiny_ruleset,house_plugin").stdout)
    assert next(p for p in data["plugins"] if p["name"] == "house_plugin")["serves"] == ["tiny"]


def test_the_real_console_script_checks_plugins() -> None:
    result = run("plugins", "--check", plugins="tiny_ruleset,typo_plugin")
    assert result.returncode == 1 and "skirmish_game_strat" in result.stdout and "Traceback" not in result.stderr


def test_simulate_reports_a_scoped_plugins_figures_from_two_worker_processes() -> None:
    one = json.loads(run("simulate", "tiny", "-n", "6", "--players", "random", "--json",
                         plugins="tiny_ruleset,house_plugin").stdout)
    two = json.loads(run("simulate", "tiny", "-n", "6", "--players", "random", "--workers", "2", "--json",
                         plugins="tiny_ruleset,house_plugin").stdout)
    assert two["workers"] == 2 and one["extra"]["house_plugin: scores"] > 0
    assert two["extra"] == one["extra"]


def test_plugins_notes_a_served_ruleset_that_is_not_installed() -> None:
    result = run("plugins", plugins="house_plugin")
    assert result.returncode == 0, result.stderr
    assert "  serves: tiny (not installed: tiny)" in result.stdout
    assert run("plugins", "--check", plugins="house_plugin").returncode == 0  # a note, not a problem


def test_rulesets_names_the_house_rules_plugins_that_change_a_ruleset() -> None:
    text = run("rulesets", plugins="tiny_ruleset,house_plugin")
    assert text.returncode == 0, text.stderr
    assert "tiny is changed or watched by plugins: house_plugin" in text.stdout
    data = json.loads(run("rulesets", "--json", plugins="tiny_ruleset,house_plugin").stdout)
    assert next(r for r in data if r["name"] == "tiny")["plugins"] == ["house_plugin"]


def test_a_plugin_caught_half_installed_gives_one_line_per_warning_and_no_source_line() -> None:
    from cli_helpers import run

    result = run("rulesets", plugins="tiny_ruleset,half_installed_plugin")
    assert result.returncode == 0 and "tiny" in result.stdout
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and all(line.startswith("warning: ") for line in lines), result.stderr
    assert "UserWarning: the package metadata is incomplete (being installed?) (half_installed_plugin.py:5)" \
        in lines[0]
    assert "skirmish plugin 'half_installed_plugin'" in lines[1] and "warnings.warn(" not in result.stderr
