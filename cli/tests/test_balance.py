"""``skirmish balance``: a ruleset without a balance model gets one line and a non-zero exit; one with a
model prints its table, warning when there are too few games for its features."""

from __future__ import annotations

from click.testing import CliRunner

from skirmish_cli.main import cli


def test_balance_without_a_model_is_one_line() -> None:
    r = CliRunner().invoke(cli, ["balance", "tavern-brawl", "-n", "2"])
    assert r.exit_code == 1 and r.stderr.startswith("error: tavern-brawl gives no balance model")
    assert r.stderr.count("\n") == 1


def test_balance_of_chob_noggoth_warbands_warns_about_few_games() -> None:
    r = CliRunner().invoke(cli, ["balance", "chob-noggoth", "-n", "3", "--top", "5"])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].startswith("chob-noggoth: 3 of 3 games used") and "warning: only 3 games" in r.output
    assert lines[-6].startswith("feature") and len(lines[-5:]) == 5
