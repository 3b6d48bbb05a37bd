"""Chaos of War from the command line: ``--chaos`` as a set-up option, set-up files naming entries, and
``skirmish hobgoblin-chaos`` printing a rolled battle."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from skirmish import SetupError
from skirmish_hobgoblin.chaos.cli import chaos_command, parse_option, roll_battle


def run(*args: str) -> str:
    result = CliRunner().invoke(chaos_command(), list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_command_prints_a_rolled_battle_with_the_value_that_plays_it():
    out = run("--seed", "4")
    entries = roll_battle(4, {"battlefield": "roll", "deployment": 1, "twists": 1, "reroll": []})
    assert all(e.name in out for e in entries)
    assert f"--chaos {','.join(e.id for e in entries)}" in out and "chaos = {battlefield = [" in out


def test_the_command_rolls_d3_battlefield_one_deployment_one_twist_by_default():
    data = json.loads(run("--seed", "9", "--json"))
    tables = [e["table"] for e in data["entries"]]
    assert 1 <= tables.count("battlefield") <= 3 and tables.count("deployment") == 1 and tables.count("twists") == 1


def test_the_command_counts_and_rerolls():
    data = json.loads(run("--seed", "2", "--battlefield", "0", "--twists", "3", "--no-deployment", "--reroll",
                          "to-the-last", "--json"))
    ids = [e["id"] for e in data["entries"]]
    assert len(ids) == 3 and "to-the-last" not in ids


def test_the_command_lists_all_47_entries():
    out = run("--list")
    assert out.count("\n") == 47 + 3


def test_the_command_refuses_an_unknown_reroll_name_in_one_line():
    result = CliRunner().invoke(chaos_command(), ["--reroll", "cheese"])
    assert result.exit_code != 0 and "cheese" in result.output and "Traceback" not in result.output


def test_chaos_option_names_entries_in_any_table(ruleset):
    setup = ruleset.apply_options(ruleset.default_setup(), {"chaos": "Tunnels, scouts,frozen-lake"})
    assert setup["chaos"]["battlefield"] == ["tunnels"] and setup["chaos"]["deployment"] == ["scouts"]
    assert setup["chaos"]["twists"] == ["frozen-lake"]
    assert ruleset.check_setup(setup)["chaos"] == setup["chaos"]
    assert ruleset.apply_options(ruleset.default_setup(), {"chaos": "roll"})["chaos"] == "roll"
    assert [o.name for o in ruleset.setup_options()][0] == "chaos"  # (team play adds --teams, --objectives)


def test_chaos_option_refuses_unknown_names_in_one_line():
    with pytest.raises(SetupError, match="no Chaos of War entry 'cheese'"):
        parse_option("cheese")


def test_a_set_up_file_names_entries(ruleset):
    import tomllib

    text = ('scenario = "bloodbath"\n'
            'chaos = {battlefield = ["the-city"], deployment = ["pets"], twists = ["no-quarter"]}\n')
    setup = ruleset.check_setup(tomllib.loads(text))
    assert setup["chaos"]["deployment"] == ["pets"]


def test_skirmish_play_takes_chaos_as_a_ruleset_setting():
    from skirmish.plugins import Registry
    from skirmish_cli.common import ruleset_options

    rs = Registry().ruleset("hobgoblin")
    assert ruleset_options(rs, ["--chaos", "lodestone,last-stand"]) == {"chaos": "lodestone,last-stand"}
