"""``skirmish simulate``: the summary, JSON, workers, and refusals."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import assert_one_error, invoke


def test_summary_text() -> None:
    result = invoke("simulate", "tiny", "-n", "20", "--players", "random,ai")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("tiny: 20 games (seeds 0..19), agents random, ai")
    assert "finished 20 (100.0%)" in out and "wins by side:" in out and "seats won by agent:" in out
    assert "per seat:" in out and "mean points" in out
    assert "per game:" in out and "games/s (1 worker)" in out
    assert "points:" in out  # the ruleset's own summary figures
    assert "simulating" not in result.stderr  # no progress bar when stderr is not a terminal


def test_summary_json_and_reproducible() -> None:
    first = json.loads(invoke("simulate", "tiny", "-n", "30", "--players", "random", "--seed", "5", "--json").stdout)
    second = json.loads(invoke("simulate", "tiny", "-n", "30", "--players", "random", "--seed", "5", "--json").stdout)
    assert first["games"] == 30 and first["seed"] == 5 and first["agents"] == ["random"]
    wins = sum(first["wins_by_side"].values())
    assert wins + first["draws"] == first["finished"] == 30
    for key in ("wins_by_side", "wins_by_agent", "draws", "mean_rounds", "mean_dice", "mean_decisions"):
        assert first[key] == second[key]
    assert first["games_per_second"] > 0


def test_default_agents_are_the_rulesets_ai() -> None:
    data = json.loads(invoke("simulate", "tiny", "-n", "5", "--json").stdout)
    assert data["agents"] == ["ai"] and data["draws"] == 5  # two safe players always tie


def test_two_workers_give_the_same_results() -> None:
    one = json.loads(invoke("simulate", "tiny", "-n", "40", "--players", "random,first", "--json").stdout)
    two = json.loads(invoke("simulate", "tiny", "-n", "40", "--players", "random,first", "--workers", "2",
                            "--json").stdout)
    assert two["workers"] == 2
    for key in ("wins_by_side", "wins_by_agent", "draws", "mean_rounds", "mean_dice"):
        assert one[key] == two[key]


def test_alternate_and_setup(tiny_env: Path) -> None:
    setup = tiny_env / "s.toml"
    setup.write_text('players = ["x", "y"]\ntarget = 4\n')
    data = json.loads(invoke("simulate", "tiny", "-n", "10", "--players", "random,first", "--alternate",
                             "--setup", str(setup), "--json").stdout)
    assert set(data["wins_by_side"]) <= {"x", "y"} and data["mean_rounds"] <= 3
    bad = tiny_env / "bad.toml"
    bad.write_text('players = ["x"]\n')
    assert "bad.toml" in assert_one_error(invoke("simulate", "tiny", "-n", "3", "--setup", str(bad)), 1)


def test_refusals() -> None:
    assert "human" in assert_one_error(invoke("simulate", "tiny", "-n", "3", "--players", "human"), 2)
    assert "wizard" in assert_one_error(invoke("simulate", "tiny", "-n", "3", "--players", "wizard"), 2)
    assert_one_error(invoke("simulate", "tiny", "-n", "0"), 2)
    assert_one_error(invoke("simulate", "tiny"), 2)
    assert "no ruleset named 'go'" in assert_one_error(invoke("simulate", "go", "-n", "3"), 1)


def test_a_side_with_no_seat_and_team_results_are_reported(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Co-op: every hero loses to the Beast (no draw, no crash); wins per seat are counted per seat."""
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,tiny_arena")
    result = invoke("simulate", "arena", "-n", "10", "--players", "random")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "draws 0 (0.0%)" in out
    assert "wins by side:  Beast (no seat) 10 (100.0%)" in out
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line.startswith("  hero")}
    assert rows == {"hero1": ["0", "10", "0", "0.0%"], "hero2": ["0", "10", "0", "0.0%"]}
    data = json.loads(invoke("simulate", "arena", "-n", "10", "--players", "random", "--json").stdout)
    assert data["seat_outcomes"]["hero1"] == {"win": 0, "loss": 10, "draw": 0}
    assert data["wins_by_side"] == {"Beast": 10} and data["draws"] == 0


def test_draws_and_wins_per_seat_add_up() -> None:
    data = json.loads(invoke("simulate", "tiny", "-n", "30", "--players", "random", "--json").stdout)
    for seat, outcomes in data["seat_outcomes"].items():
        assert sum(outcomes.values()) == 30, seat
        assert outcomes["draw"] == data["draws"]
