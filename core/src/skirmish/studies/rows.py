"""A study's games as rows of data, one per game, for people who analyse them elsewhere (``--csv``).

``skirmish simulate/compare/balance --csv FILE`` write these rows as the games finish (in the order
they finish: sort by ``seed``); the same rows in seed order come from Python::

    from skirmish import Registry
    from skirmish.studies.rows import simulate_rows, compare_rows, balance_rows

    rows = simulate_rows(Registry(), "chob-noggoth", 100, ["random"], seed=0)   # list of dicts
    rows = compare_rows(Registry(), ["chob-noggoth"], 100)     # + "ruleset" and "pairing" columns
    rows = balance_rows(Registry(), "chob-noggoth", 100)

Columns of a game (:data:`GAME_COLUMNS`): seed, agents and players (in seat order, ``;`` between),
finished (0/1), draw (0/1), winners and winning seats, rounds, decisions, dice, reason, error,
last_round (0: no fixed length), scores (``seat=points`` pairs), figures (the ruleset's own figures,
``name=value`` pairs), seconds. A balance row: seed, outcome of the first seat (``win``, ``loss``,
``draw``, empty when unfinished), both armies' printed costs and contents (``feature=count`` pairs).
"""

from __future__ import annotations

import contextlib
import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from skirmish.errors import SkirmishError

GAME_COLUMNS = ("seed", "agents", "players", "finished", "draw", "winners", "winning_seats", "rounds", "decisions",
                "dice", "reason", "error", "last_round", "scores", "figures", "seconds")
COMPARE_COLUMNS = ("ruleset", "pairing", *GAME_COLUMNS)
BALANCE_COLUMNS = ("seed", "outcome", "first_cost", "second_cost", "first", "second")


def _pairs(values: dict[str, Any]) -> str:
    return ";".join(f"{k}={v!r}" if isinstance(v, float) else f"{k}={v}" for k, v in values.items())


def game_row(record: Any) -> dict[str, Any]:
    """One game (a :class:`skirmish.runner.GameRecord`) as a row of :data:`GAME_COLUMNS`."""
    return {"seed": record.seed, "agents": ";".join(record.agents), "players": ";".join(record.players),
            "finished": int(record.finished), "draw": int(record.draw), "winners": ";".join(record.winners),
            "winning_seats": ";".join(record.winning_seats), "rounds": record.rounds,
            "decisions": record.decisions, "dice": record.dice, "reason": record.reason, "error": record.error,
            "last_round": record.last_round, "scores": _pairs(record.scores), "figures": _pairs(record.extra),
            "seconds": round(record.seconds, 6)}


def balance_csv_row(row: dict[str, Any]) -> dict[str, Any]:
    """A ``balance`` game row (:func:`skirmish.studies.balance.game_row`) as a row of :data:`BALANCE_COLUMNS`."""
    return {"seed": row["seed"], "outcome": row.get("outcome") or "", "first_cost": row.get("first_cost", ""),
            "second_cost": row.get("second_cost", ""), "first": _pairs(row.get("first", {})),
            "second": _pairs(row.get("second", {}))}


class CsvFile:
    """A CSV file written as games finish (each batch flushed), so an interrupted study keeps its rows."""

    def __init__(self, path: str | Path, columns: Sequence[str]) -> None:
        self.path = Path(path)
        self.columns = tuple(columns)
        try:
            self.handle = self.path.open("w", encoding="utf-8", newline="")
        except OSError as exc:
            raise SkirmishError(f"cannot write {self.path}: {exc.strerror or exc}") from None
        self.writer = csv.DictWriter(self.handle, self.columns, lineterminator="\n")
        self.writer.writeheader()

    def add(self, rows: Sequence[dict[str, Any]]) -> None:
        try:
            self.writer.writerows(rows)
            self.handle.flush()
        except OSError as exc:
            raise SkirmishError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.handle.close()

    def __enter__(self) -> CsvFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def simulate_rows(registry: Any, ruleset: str, n: int, agents: Sequence[str], **options: Any) -> list[dict[str, Any]]:
    """The rows ``skirmish simulate --csv`` writes, in seed order (``options`` as :func:`skirmish.runner.simulate`:
    seed, workers, setup, alternate, max_decisions, executor)."""
    from skirmish.runner import simulate

    _, records = simulate(registry, ruleset, n, agents, **options)
    return [game_row(r) for r in records]


def compare_rows(registry: Any, rulesets: Sequence[str], n: int, **options: Any) -> list[dict[str, Any]]:
    """The rows ``skirmish compare --csv`` writes (ruleset, pairing, then a game's columns), by ruleset,
    pairing and seed (``options`` as :func:`skirmish.studies.compare.compare`)."""
    from skirmish.studies.compare import compare

    out: list[dict[str, Any]] = []
    compare(registry, rulesets, n, sink=lambda name, pairing, got: out.extend(
        {"ruleset": name, "pairing": pairing, **game_row(r)} for r in got), **options)
    order = {name: i for i, name in enumerate(rulesets)}
    keys = {"main": 0, "random": 1, "mixed": 2}
    return sorted(out, key=lambda r: (order[r["ruleset"]], keys.get(r["pairing"], 3), r["pairing"], r["seed"]))


def balance_rows(registry: Any, ruleset: str, n: int, **options: Any) -> list[dict[str, Any]]:
    """The rows ``skirmish balance --csv`` writes, in seed order (``options`` as
    :func:`skirmish.studies.balance.balance`)."""
    from skirmish.studies.balance import balance

    out: list[dict[str, Any]] = []
    balance(registry, ruleset, n, sink=lambda got: out.extend(balance_csv_row(r) for r in got), **options)
    return sorted(out, key=lambda r: r["seed"])


def read_csv(path: str | Path) -> list[dict[str, str]]:
    """The rows of a CSV file written here (all values as text), for tests and quick looks."""
    text = Path(path).read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(text)))


__all__ = ["BALANCE_COLUMNS", "COMPARE_COLUMNS", "GAME_COLUMNS", "CsvFile", "balance_csv_row", "balance_rows",
           "compare_rows", "game_row", "read_csv", "simulate_rows"]
