"""A ruleset's own set-up settings on the command line: skirmish play tiny --target 5."""

from __future__ import annotations

import json

from cli_helpers import assert_one_error, invoke


def test_play_takes_a_rulesets_setting_and_the_game_uses_it() -> None:
    result = invoke("play", "tiny", "--players", "ai,ai", "--seed", "3", "--target", "4", "--save", "t.toml")
    assert result.exit_code == 0, result.output
    from skirmish.saves import read_save

    assert read_save("t.toml").setup["target"] == 4


def test_simulate_takes_a_rulesets_setting_too() -> None:
    data = json.loads(invoke("simulate", "tiny", "-n", "6", "--players", "random", "--target=3", "--json").stdout)
    assert data["games"] == 6 and data["mean_rounds"] <= 3


def test_an_unknown_or_bad_setting_is_one_line_with_what_the_ruleset_offers() -> None:
    line = assert_one_error(invoke("play", "tiny", "--players", "ai,ai", "--taget", "4"), 2)
    assert "no such option: --taget (did you mean --target?)" in line and "tiny settings: --target" in line
    line = assert_one_error(invoke("simulate", "tiny", "-n", "2", "--target", "lots"), 2)
    assert "--target takes a whole number, not 'lots'" in line
    assert "needs a value" in assert_one_error(invoke("play", "tiny", "--players", "ai,ai", "--target"), 2)
