"""``skirmish balance``: a ruleset without a balance model gets one line and a non-zero exit."""

from __future__ import annotations

from click.testing import CliRunner

from skirmish_cli.main import cli


def test_balance_without_a_model_is_one_line() -> None:
    r = CliRunner().invoke(cli, ["balance", "chob-noggoth", "-n", "2"])
    assert r.exit_code == 1 and r.stderr.startswith("error: chob-noggoth gives no balance model")
    assert r.stderr.count("\n") == 1
