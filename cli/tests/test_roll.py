"""``skirmish roll``: seeded rolls, exact odds, JSON, bad expressions."""

from __future__ import annotations

import json
import re
from fractions import Fraction

from cli_helpers import assert_one_error, invoke


def test_a_seeded_roll_repeats() -> None:
    first = invoke("roll", "3d6+2", "--seed", "7")
    assert first.exit_code == 0
    assert first.stdout == invoke("roll", "3d6+2", "--seed", "7").stdout
    assert first.stdout.startswith("3d6 [") and "+ 2 =" in first.stdout
    assert "seed 7" in first.stdout


def test_the_expression_may_be_split_over_arguments() -> None:
    assert invoke("roll", "2d6", "+", "1", "--seed", "3").stdout == invoke("roll", "2d6+1", "--seed", "3").stdout


def test_roll_json() -> None:
    data = json.loads(invoke("roll", "10d6>=4!rx", "--seed", "1", "--json").stdout)
    assert data["expr"] == "10d6>=4!rx" and data["seed"] == 1
    assert isinstance(data["value"], int) and data["rolls"]


def test_a_single_die_shows_its_total() -> None:
    out = invoke("roll", "d6", "--seed", "2").stdout.splitlines()[0]
    assert out.startswith("d6 [") and " = " in out


def test_odds_text() -> None:
    result = invoke("roll", "2d6", "--odds")
    assert result.exit_code == 0
    assert "mean 7" in result.stdout
    assert "16.67%" in result.stdout and "1/6" not in result.stdout  # P(7), as a decimal
    assert "100.00%" in result.stdout
    exact = invoke("roll", "2d6", "--odds", "--exact").stdout
    assert "1/6" in exact and "16.67%" in exact


def test_huge_odds_print_as_decimals_and_refuse_what_would_take_seconds() -> None:
    big = invoke("roll", "1000d6>=4", "--odds")
    assert big.exit_code == 0 and "/" not in big.stdout.split("\n", 1)[1]
    assert "e-" in big.stdout  # tiny chances keep their digits
    line = assert_one_error(invoke("roll", "1000d1000>=500r", "--odds"), 1)
    assert "too many outcomes to compute exactly in good time" in line


def test_odds_json_adds_up_to_one() -> None:
    data = json.loads(invoke("roll", "4d6>=5", "--odds", "--json", "--exact").stdout)
    assert sum(Fraction(row["fraction"]) for row in data["distribution"]) == 1
    plain = json.loads(invoke("roll", "4d6>=5", "--odds", "--json").stdout)
    assert "fraction" not in plain["distribution"][0]
    assert abs(sum(r["probability"] for r in plain["distribution"]) - 1) < 1e-9
    assert [row["outcome"] for row in data["distribution"]] == [0, 1, 2, 3, 4]
    assert abs(data["mean"] - 4 / 3) < 1e-9


def test_a_bad_expression_is_one_line() -> None:
    line = assert_one_error(invoke("roll", "2d6+"), 1)
    assert "2d6+" in line and "position" in line


def test_an_unknown_die_is_one_line() -> None:
    line = assert_one_error(invoke("roll", "3xgoblinz"), 1)
    assert "goblinz" in line


def test_a_missing_expression_is_a_usage_error() -> None:
    assert_one_error(invoke("roll"), 2)


# -- named dice registered by plugins ------------------------------------------------------------------------


def test_roll_help_lists_the_named_dice_plugins_register(monkeypatch) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,dice_plugin")
    result = invoke("roll", "--help")
    assert result.exit_code == 0
    named = result.stdout.split("Named dice:")[1]
    assert re.search(r"\n  goblin +a goblin's mood \(stab, stab, grin, grin, flee, boom\)\n", named), named


def test_roll_help_lists_every_named_die_or_says_there_is_none() -> None:
    from skirmish.dice import registered_dice

    result = invoke("roll", "--help")
    assert "3xNAME" in result.stdout
    named = result.stdout.split("Named dice:")[1]
    known = registered_dice()  # (the installed plugins' dice, and any a test registered by hand)
    if known:
        assert all(re.search(rf"\n  {name} +\S", named) for name in known), named
    else:
        assert "none: no installed plugin registers a named die" in named


def test_a_plugin_die_rolls_by_name(monkeypatch) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,dice_plugin")
    first = invoke("roll", "3xgoblin", "--seed", "2")
    assert first.exit_code == 0, first.output
    assert first.stdout.startswith("3xgoblin: ") and first.stdout == invoke("roll", "3xgoblin", "--seed", "2").stdout
    data = json.loads(invoke("roll", "2xgoblin", "--seed", "1", "--json").stdout)
    assert data["expr"] == "2xgoblin" and len(data["rolls"]) == 2
    odds = invoke("roll", "1xgoblin", "--odds")
    assert odds.exit_code == 0 and "33.33%" in odds.stdout  # stab: 2 faces of 6


def test_two_plugins_with_one_die_name_leave_it_unknown_with_one_warning(monkeypatch) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,dice_plugin,dup_dice_plugin")
    result = invoke("roll", "3xgoblin")
    line = assert_one_error(result, 1)
    assert "unknown die 'goblin'" in line
    assert ("warning: skirmish plugins 'dice_plugin' and 'dup_dice_plugin' both register the die 'goblin'; "
            "both are left out") in result.stderr.splitlines()


def test_the_console_script_rolls_a_plugin_die() -> None:
    from cli_helpers import run

    result = run("roll", "4xgoblin", "--seed", "5", plugins="tiny_ruleset,dice_plugin")
    assert result.returncode == 0 and result.stdout.startswith("4xgoblin: "), result.stderr
