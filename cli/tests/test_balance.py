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


def test_balance_keeps_games_in_a_record_and_reads_them_back(tmp_path) -> None:
    record = str(tmp_path / "study.jsonl")
    first = CliRunner().invoke(cli, ["balance", "chob-noggoth", "-n", "2", "--record", record])
    assert first.exit_code == 0, first.output
    assert "games kept in" in first.output and "2 played now, 0 kept from before" in first.output
    more = CliRunner().invoke(cli, ["balance", "chob-noggoth", "-n", "3", "--record", record, "--json"])
    assert more.exit_code == 0, more.output
    assert '"played_now": 1' in more.output and '"kept_before": 2' in more.output
    read = CliRunner().invoke(cli, ["balance", "--from", record])
    assert read.exit_code == 0 and "(3 in all)" in read.output and read.output.startswith("chob-noggoth: 3 of 3")
    assert "bonus rules are worth measured against" in read.output  # the model's notes, kept in the file


def test_balance_record_bad_input_is_one_line(tmp_path) -> None:
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not json\n")
    r = CliRunner().invoke(cli, ["balance", "--from", str(junk)])
    assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "is not a study record" in r.stderr
    r = CliRunner().invoke(cli, ["balance", "chob-noggoth", "-n", "2", "--record", str(junk)])
    assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "is not a study record" in r.stderr
    assert junk.read_text() == "not json\n"  # never written over
    r = CliRunner().invoke(cli, ["balance", "--from", str(junk), "-n", "5"])
    assert r.exit_code == 2 and "without -n" in r.stderr
    r = CliRunner().invoke(cli, ["balance"])
    assert r.exit_code == 2 and "name the RULESET" in r.stderr
