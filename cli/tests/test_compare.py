"""``skirmish compare`` end to end: JSON is reproducible, Markdown by default, an HTML file with charts."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from skirmish import Registry
from skirmish_cli.main import cli

FAST = "tavern-brawl" if "tavern-brawl" in Registry().rulesets else "chob-noggoth"


def test_compare_json_is_reproducible_and_html_is_written(tmp_path: Path) -> None:
    page = tmp_path / "c.html"
    args = ["compare", FAST, "-n", "3", "--seed", "5", "--json"]
    a = CliRunner().invoke(cli, [*args, "--html", str(page)])
    b = CliRunner().invoke(cli, args)
    assert a.exit_code == 0 and b.exit_code == 0
    ra, rb = json.loads(a.stdout), json.loads(b.stdout)
    for r in (ra, rb):
        for entry in r["rulesets"]:
            entry.pop("seconds_per_game")
    assert ra == rb
    assert "<svg" in page.read_text(encoding="utf-8")


def test_compare_markdown_and_bad_ruleset() -> None:
    r = CliRunner().invoke(cli, ["compare", FAST, "-n", "2"])
    assert r.exit_code == 0 and r.stdout.startswith("| figure |")
    r = CliRunner().invoke(cli, ["compare", "nope", "-n", "2"])
    assert r.exit_code != 0 and "nope" in r.stderr


def test_simulate_on_dask_gives_the_local_figures() -> None:
    import pytest

    pytest.importorskip("distributed", reason="the 'dask' extra (distributed) is not installed")
    keys = ("wins_by_side", "mean_rounds", "mean_dice", "mean_decisions")
    out = []
    for extra in ([], ["--executor", "dask"]):
        r = CliRunner().invoke(cli, ["simulate", FAST, "-n", "4", "--json", *extra])
        assert r.exit_code == 0, r.stderr
        data = json.loads(r.stdout)
        out.append({k: data[k] for k in keys})
    assert out[0] == out[1]


def test_compare_vary_plays_every_combination_and_refuses_bad_values() -> None:
    import pytest

    if "goblin-uprising" not in Registry().rulesets:
        pytest.skip("needs goblin-uprising")
    r = CliRunner().invoke(cli, ["compare", "goblin-uprising", "-n", "2", "--vary", "heroes=1,2",
                                 "--vary", "difficulty=easy", "--json"])
    assert r.exit_code == 0, r.output
    cells = json.loads(r.stdout)["rulesets"][0]["by_setup"]
    assert [c["setup"] for c in cells] == [{"heroes": "1", "difficulty": "easy"}, {"heroes": "2", "difficulty": "easy"}]
    for args, said in ((["--vary", "difficulty=impossible"], "--vary difficulty: must be one of"),
                       (["--vary", "heroes"], "--vary takes SETTING=VALUE"),
                       (["--vary", "colour=red"], "no ruleset compared has a setting 'colour'")):
        r = CliRunner().invoke(cli, ["compare", "goblin-uprising", "-n", "2", *args])
        assert r.exit_code == 2 and said in r.stderr and "Traceback" not in r.output
    r = CliRunner().invoke(cli, ["compare", "goblin-uprising", "-n", "1", "--vary", "none", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["rulesets"][0]["by_setup"] == []
