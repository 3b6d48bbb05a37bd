"""Results as data (issue 22): ``--csv`` writes one row per game for simulate, compare and balance, and the
documented Python calls of :mod:`skirmish.studies.rows` return the same rows; simulate's figures are sorted
as numbers and no round shows a negative loss."""

from __future__ import annotations

import re
from pathlib import Path

from cli_helpers import invoke

from skirmish import Registry
from skirmish.studies.rows import (
    BALANCE_COLUMNS,
    COMPARE_COLUMNS,
    GAME_COLUMNS,
    balance_rows,
    compare_rows,
    read_csv,
    simulate_rows,
)

REGISTRY = Registry()


def _text(rows: list[dict]) -> list[dict[str, str]]:
    """Rows as the CSV file holds them (text), sorted as the Python call gives them, without the timing."""
    return [{k: str(v) for k, v in r.items() if k != "seconds"} for r in rows]


def _file(path: Path, key: tuple[str, ...] = ("seed",)) -> list[dict[str, str]]:
    rows = [{k: v for k, v in r.items() if k != "seconds"} for r in read_csv(path)]
    return sorted(rows, key=lambda r: tuple(int(r[k]) if k == "seed" else r[k] for k in key))


def test_simulate_csv_is_one_row_per_game_as_python_returns_them(tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    result = invoke("simulate", "goblin-uprising", "-n", "8", "--players", "random", "--workers", "2", "--seed", "3",
                    "--csv", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text().splitlines()[0] == ",".join(GAME_COLUMNS)
    assert _file(out) == _text(simulate_rows(REGISTRY, "goblin-uprising", 8, ["random"], seed=3))


def test_compare_csv_has_the_ruleset_and_pairing_of_every_game(tmp_path: Path) -> None:
    out = tmp_path / "compare.csv"
    result = invoke("compare", "tavern-brawl", "-n", "3", "--csv", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text().splitlines()[0] == ",".join(COMPARE_COLUMNS)
    order = {"main": 0, "random": 1, "mixed": 2}
    got = sorted(_file(out), key=lambda r: (order[r["pairing"]], int(r["seed"])))
    assert got == _text(compare_rows(REGISTRY, ["tavern-brawl"], 3))
    assert {r["pairing"] for r in got} == {"main", "random", "mixed"} and len(got) == 9


def test_balance_csv_rows_are_the_games_played(tmp_path: Path) -> None:
    out = tmp_path / "balance.csv"
    result = invoke("balance", "chob-noggoth", "-n", "4", "--csv", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text().splitlines()[0] == ",".join(BALANCE_COLUMNS)
    assert _file(out) == _text(balance_rows(REGISTRY, "chob-noggoth", 4))


def test_simulate_figures_are_sorted_as_numbers_and_never_a_negative_loss() -> None:
    # AI heroes: their games run past round 10 (random heroes lose sooner since the rules follow the book, issue 27)
    result = invoke("simulate", "goblin-uprising", "-n", "6", "--players", "ai")
    assert result.exit_code == 0, result.output
    rounds = [(int(m.group(1)), float(m.group(2)))
              for m in re.finditer(r"lost in round (\d+): (\S+) per game", result.stdout)]
    assert len(rounds) > 9  # past round 10, where text order and number order part
    assert [r for r, _ in rounds] == sorted(r for r, _ in rounds)
    assert all(v >= 0 for _, v in rounds)
