"""``skirmish odds``: the list of situations, a table with a histogram, JSON, and bad input."""

from __future__ import annotations

import json

from click.testing import CliRunner

from skirmish_cli.main import cli


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.stdout, r.stderr


def test_odds_lists_the_situations_of_a_ruleset() -> None:
    code, out, _ = run("odds", "chob-noggoth")
    assert code == 0 and "hunter-shoots-brawler-in-cover" in out


def test_odds_prints_a_table_and_histogram() -> None:
    code, out, _ = run("odds", "chob-noggoth", "hunter-shoots-brawler-in-cover")
    assert code == 0 and "125/216" in out and "#" in out


def test_odds_settings_change_the_numbers() -> None:
    code, out, _ = run("odds", "chob-noggoth", "veteran-morale", "dice=2", "--json")
    data = json.loads(out)
    assert code == 0 and data["settings"]["dice"] == 2
    assert {o["outcome"]: o["exact"] for o in data["odds"]} == {"flees": "4/9", "holds": "5/9"}


def test_odds_bad_input_is_one_line() -> None:
    code, _, err = run("odds", "chob-noggoth", "nope")
    assert code == 1 and err.startswith("error: chob-noggoth has no situation 'nope'") and err.count("\n") == 1
    code, _, err = run("odds", "chob-noggoth", "veteran-morale", "dice")
    assert code == 1 and "KEY=VALUE" in err
