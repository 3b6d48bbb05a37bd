"""The ``skirmish hobgoblin-army`` commands, driven through click."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from skirmish_hobgoblin.army import load_army, validate
from skirmish_hobgoblin.army_cli import army_command_spec
from skirmish_hobgoblin.content import load_content


@pytest.fixture(scope="module")
def cli():
    spec = army_command_spec()
    assert spec.name == "hobgoblin-army"
    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(spec.command, list(args), catch_exceptions=False)

    return run


BAD = """name = "Bad"
points = 500
[[units]]
type = "Beasts"
name = "Wolves"
width = 150
depth = 80
keywords = ["Wild"]
general = true
"""


def test_list(cli):
    out = cli("list")
    assert out.exit_code == 0
    assert "bog-coven" in out.output and "him:hardcore" in out.output and "3,000 of 3,000 points" in out.output


def test_list_json(cli):
    rows = json.loads(cli("list", "--json").output)
    ids = {r["id"] for r in rows}
    assert {"iron-grudge-hold", "red-howl-horde", "bog-coven", "sky-lancers", "him:easy"} <= ids
    assert all(r["cost"] <= r["points"] for r in rows)


def test_cost_builtin(cli):
    out = cli("cost", "Sky Lancers")
    assert out.exit_code == 0
    assert "Lance Knights (Heavy Cavalry)" in out.output and "Total 3,000 of 3,000 points (0 left)" in out.output


def test_cost_json(cli):
    data = json.loads(cli("cost", "bog-coven", "--json").output)
    assert data["total"] == 3000 and data["units"][0]["lines"][0] == {"what": "Light Infantry", "cost": 300,
                                                                       "note": "base"}


def test_validate_good(cli):
    out = cli("validate", "iron-grudge-hold")
    assert out.exit_code == 0 and out.output.strip() == "Iron Grudge Hold: valid, 3,000 of 3,000 points"


def test_validate_bad_file(cli, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(BAD)
    out = cli("validate", str(path))
    assert out.exit_code == 1
    lines = out.output.splitlines()
    assert lines[0] == "Bad: 2 problem(s)"
    assert lines[1].startswith("1. Wolves (Beasts): buys Wild, which is Reserved")
    assert lines[2] == ("2. army: no unit is the Battle Standard [exactly one Battle Standard] "
                        "(army 200 of 500 points)")


def test_validate_json(cli, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(BAD)
    out = cli("validate", str(path), "--json")
    assert out.exit_code == 1
    data = json.loads(out.output)
    assert data["valid"] is False and data["total"] == 200
    assert data["problems"][1]["rule"] == "exactly one Battle Standard"


def test_validate_him(cli):
    assert cli("validate", "bog-coven", "--him").exit_code == 1
    assert cli("validate", "him:normal", "--him").exit_code == 0


@pytest.mark.parametrize("args,message", [
    (("validate", "nowhere.toml"), "no file at nowhere.toml"),
    (("cost", "bog-covn"), "did you mean bog-coven"),
    (("random", "--points", "50"), "50 points buy no unit"),
])
def test_errors_are_one_line(cli, args, message):
    out = CliRunner().invoke(army_command_spec().command, list(args))
    assert out.exit_code != 0 and message in out.output
    assert len(out.output.strip().splitlines()) == 1 and "Traceback" not in out.output


def test_bad_toml_is_one_line(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("name = \n")
    out = CliRunner().invoke(army_command_spec().command, ["validate", str(path)])
    assert out.exit_code == 1 and "is not valid TOML" in out.output and len(out.output.strip().splitlines()) == 1


def test_random_prints_a_valid_list(cli, tmp_path):
    out = cli("random", "--points", "2500", "--seed", "3")
    assert out.exit_code == 0
    path = tmp_path / "r.toml"
    path.write_text(out.output)
    army = load_army(path)
    assert army.points == 2500 and validate(army, load_content()) == []
    assert cli("random", "--points", "2500", "--seed", "3").output == out.output
    assert cli("validate", str(path)).exit_code == 0


def test_random_for_him_defaults_to_standard_points(cli, tmp_path):
    out = cli("random", "--him", "--seed", "1")
    path = tmp_path / "him.toml"
    path.write_text(out.output)
    army = load_army(path)
    assert army.points == 3000 and validate(army, load_content(), him=True) == []
