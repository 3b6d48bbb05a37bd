"""``skirmish balance``: what unit types, keywords or rules are worth in play, from AI v AI games with
random armies (a ruleset's ``skirmish_balance_model``), by least squares of the result on the difference
in army content, set against the printed costs."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from skirmish.errors import SkirmishError
from skirmish.runner import GameRecord, play_one
from skirmish.studies import records
from skirmish.studies.tally import RegressionTally


def balance_model(registry: Any, ruleset: str) -> Any:
    """The ruleset's balance model, or a one-line error when no plugin gives one."""
    registry.ruleset(ruleset)
    for model in registry.pm.hook.skirmish_balance_model(ruleset=ruleset):
        if model is not None:
            return model
    raise SkirmishError(f"{ruleset} gives no balance model (random armies and their contents), so it cannot be "
                        "studied by 'skirmish balance'")


def play_games(registry: Any, ruleset: str, seeds: Sequence[int], agent: str = "ai",
               max_decisions: int | None = None) -> list[tuple[int, dict[str, Any], GameRecord]]:
    """(seed, set-up, record) of one game per seed, each with the model's random armies."""
    from skirmish.studies.executors import stop_requested

    model = balance_model(registry, ruleset)
    out = []
    for s in seeds:
        if stop_requested():
            break
        setup = model.random_setup(s)
        out.append((s, setup, play_one(registry, ruleset, s, [agent], setup=setup, max_decisions=max_decisions)))
    return out


def game_row(model: Any, seed: int, setup: dict[str, Any], rec: GameRecord) -> dict[str, Any]:
    """What the estimate needs of one game: both armies' content and cost, and the first seat's result
    (``None`` when the game did not finish or had fewer than two seats)."""
    row: dict[str, Any] = {"seed": seed, "outcome": None}
    if len(rec.players) >= 2:
        a, b = rec.players[0], rec.players[1]
        (fa, ca), (fb, cb) = model.features(setup, a), model.features(setup, b)
        row.update(first=fa, first_cost=ca, second=fb, second_cost=cb)
        if rec.finished:
            row["outcome"] = rec.outcome(a)
    return row


def play_rows(registry: Any, ruleset: str, seeds: Sequence[int], max_decisions: int | None = None
              ) -> list[dict[str, Any]]:
    """:func:`game_row` of one AI v AI game per seed."""
    model = balance_model(registry, ruleset)
    return [game_row(model, s, setup, rec) for s, setup, rec in play_games(registry, ruleset, seeds,
                                                                            max_decisions=max_decisions)]


def estimate(model: Any, games: Sequence[tuple[int, dict[str, Any], GameRecord]]) -> dict[str, Any]:
    """:func:`estimate_rows` of played games."""
    return estimate_rows([game_row(model, s, setup, rec) for s, setup, rec in games], model_prices(model))


def model_prices(model: Any) -> dict[str, float] | None:
    """The printed price of one of each feature, when the model gives them (``prices()``)."""
    prices = getattr(model, "prices", None)
    return {str(k): float(v) for k, v in prices().items()} if callable(prices) else None


def model_notes(model: Any) -> list[str]:
    """How to read the model's features, when it says (``notes()``)."""
    notes = getattr(model, "notes", None)
    return [str(n) for n in notes()] if callable(notes) else []


def estimate_rows(games: Sequence[dict[str, Any]], prices: dict[str, float] | None = None) -> dict[str, Any]:
    """:func:`estimate_tally` of game rows (:func:`game_row`)."""
    return estimate_tally(RegressionTally().add_rows(games), prices)


def estimate_tally(fold: RegressionTally, prices: dict[str, float] | None = None) -> dict[str, Any]:
    """The regression: the first seat's result (1 win, 0.5 draw, 0 loss) on its army's content minus the
    other's; printed cost per feature as the model prices it (``prices``), else by least squares of army cost
    on content; worth in points by the scale that best maps worth onto printed cost. ``worth_se`` (and the
    ``disagreement_se`` it divides) counts both the effect's uncertainty and the scale's, which is itself
    estimated from every effect (delta method over the effects' covariance); ``points_per_win_se`` is the
    scale's alone. Worked from the games' sufficient statistics (:class:`RegressionTally`), so a million
    games cost no more than a hundred here."""
    t = fold.aligned()
    feats = t.names
    if not t.used or not feats:
        raise SkirmishError("no finished games to learn from (raise -n)")
    beta, cov = _solve(t.xtx, t.xty, t.yty, t.used, ridge=1e-3)
    se = [math.sqrt(max(0.0, cov[i][i])) for i in range(len(beta))]
    if prices is not None and all(f in prices for f in feats):
        printed = [prices[f] for f in feats]
    else:
        printed = _solve(t.atx, t.aty, 0.0, 2 * t.used, ridge=1e-3)[0]
    pairs = [(beta[i + 1], printed[i]) for i in range(len(feats))]
    denom = sum(p * p for _, p in pairs)
    scale = sum(b * p for b, p in pairs) / denom if denom else 0.0
    # the scale's standard error (it is linear in the effects): p' cov p / (p'p)^2
    scale_var = sum(printed[i] * printed[j] * cov[i + 1][j + 1] for i in range(len(feats))
                    for j in range(len(feats))) / denom ** 2 if denom else math.nan
    table = []
    for i, f in enumerate(feats):
        worth = beta[i + 1] / scale if scale else math.nan
        worth_se = _worth_se(i, beta, cov, printed, scale, denom) if scale else math.nan
        gap = (worth - printed[i]) / worth_se if scale and worth_se > 0 else math.nan
        table.append({"feature": f, "win_effect": round(beta[i + 1], 4), "se": round(se[i + 1], 4),
                      "printed_cost": round(printed[i], 1), "worth_points": round(worth, 1),
                      "worth_se": round(worth_se, 1), "disagreement_se": round(gap, 2)})
    table.sort(key=lambda r: -abs(r["disagreement_se"]) if not math.isnan(r["disagreement_se"]) else 0)
    warnings = []
    enough = 5 * (len(feats) + 1)
    if t.used < enough:
        warnings.append(f"only {t.used} games for {len(feats)} features: the estimates and their standard "
                        f"errors mean little below about {enough} games (raise -n)")
    if t.gap_high - t.gap_low < 1e-9:
        warnings.append("every game's armies differ in printed cost by the same amount: a feature's worth cannot "
                        "be told from its price (the model should give the two sides different budgets)")
    if scale <= 0:
        warnings.append("the estimated worths do not rise with the printed costs (more games, or the costs are "
                        "far off): points per win cannot be read")
    return {"games": t.games, "used": t.used, "first_seat_edge": round(beta[0] - 0.5, 4),
            "first_seat_edge_se": round(se[0], 4), "points_per_win": round(1 / scale, 1) if scale > 0 else None,
            "points_per_win_se": round(math.sqrt(max(0.0, scale_var)) / scale ** 2, 1) if scale > 0 else None,
            "features": table, "warnings": warnings}


def _solve(xtx: Any, xty: Any, yty: float, n: int, ridge: float) -> tuple[list[float], list[list[float]]]:
    """Least squares from ``X'X``, ``X'y``, ``y'y`` (numpy): the coefficients with ``ridge`` on the diagonal, and
    their covariance (the residual variance from the unridged sums)."""
    import numpy as np

    inv = np.linalg.inv(xtx + ridge * np.eye(len(xty)))
    beta = inv @ xty
    rss = max(0.0, float(yty - 2 * beta @ xty + beta @ xtx @ beta))
    sigma2 = rss / max(1, n - len(xty))
    return beta.tolist(), (sigma2 * inv).tolist()


def _worth_se(i: int, beta: Sequence[float], cov: Sequence[Sequence[float]], printed: Sequence[float],
              scale: float, denom: float) -> float:
    """Standard error of feature ``i``'s worth ``b_i / s`` in points, where the scale ``s = p.b / p.p`` is a
    function of every effect ``b``: the delta method with the gradient ``e_i / s - b_i p / (s^2 p.p)``."""
    n = len(printed)
    b = beta[i + 1]
    grad = [-b * printed[j] / (scale * scale * denom) for j in range(n)]
    grad[i] += 1 / scale
    var = sum(grad[j] * grad[k] * cov[j + 1][k + 1] for j in range(n) if grad[j] for k in range(n) if grad[k])
    return math.sqrt(max(0.0, var))


class BalanceInterrupted(SkirmishError):
    """Ctrl-C during ``balance``: ``report`` is the estimate from the games finished (``None`` when too few)."""

    def __init__(self, report: dict[str, Any] | None, played: int) -> None:
        super().__init__("interrupted")
        self.report = report
        self.played = played


def balance(registry: Any, ruleset: str, n: int, *, seed: int = 0, max_decisions: int | None = None,
            executor: Any = None, record: Path | None = None,
            progress: Callable[[int], None] | None = None,
            sink: Callable[[list[dict[str, Any]]], None] | None = None) -> dict[str, Any]:
    """Play ``n`` games (seeds ``seed``..) and estimate; ``executor`` (see :mod:`skirmish.studies.executors`)
    spreads the games, else they are played here. With ``record``, the games are kept in that file as they
    finish (:mod:`skirmish.studies.records`) and seeds it already holds are not played again;
    ``progress`` is told how many games each finished chunk held, ``sink`` given their rows. Rows are folded
    into a :class:`RegressionTally` as they come (memory flat in ``n``). Ctrl-C raises
    :class:`BalanceInterrupted` with the estimate of what finished; a dead worker
    :class:`~skirmish.studies.executors.WorkersLost` (the finished games are in the record file)."""
    from skirmish.studies.executors import LocalExecutor, StudyInterrupted, lazy_chunks, run_chunks, run_inline

    model = balance_model(registry, ruleset)
    prices = model_prices(model)
    notes = model_notes(model)
    fold = RegressionTally()
    store = None
    if record is not None:
        head = records.header("balance", ruleset, registry.ruleset(ruleset).version, max_decisions)
        head.update(prices=prices, notes=notes)
        store = records.RecordFile(record, head, lambda row: fold.add_rows([row])
                                   if seed <= int(row["seed"]) < seed + n else None)
        kept = fold.games
        if kept < n and store.last is not None:
            _check_same_play(registry, ruleset, store, max_decisions)
        if progress and kept:
            progress(kept)
        todo = store.missing(range(seed, seed + n))
    else:
        kept = 0
        todo = iter(range(seed, seed + n))
    executor = executor if executor is not None else LocalExecutor(1)
    played = 0

    def done(part: list[int], rows: list[dict[str, Any]]) -> None:
        nonlocal played
        if store is not None:
            store.add(rows)
        fold.add_rows(rows)
        played += len(rows)
        if sink is not None:
            sink(rows)
        if progress:
            progress(len(rows))

    def report() -> dict[str, Any]:
        out = estimate_tally(fold, prices)
        out.update({"ruleset": ruleset, "seed": seed, "notes": notes})
        if store is not None:
            out["record"] = {"file": str(store.path), "played_now": played, "kept_before": kept}
        return out

    parts = lazy_chunks(todo, executor.chunk_size(n))
    backend = executor.backend()
    try:
        if backend is None:
            run_inline(lambda part: play_rows(registry, ruleset, part, max_decisions), parts, done)
        else:
            from skirmish.studies.fingerprint import fingerprint

            check = fingerprint(registry) if backend.name != "local" else None
            run_chunks(backend, _balance_chunk, parts, (ruleset, max_decisions), done, check)
    except StudyInterrupted:
        try:
            partial = report()
        except SkirmishError:
            partial = None
        raise BalanceInterrupted(partial, fold.games) from None
    return report()


def _check_same_play(registry: Any, ruleset: str, store: records.RecordFile, max_decisions: int | None) -> None:
    """Refuse to add games played by other code than the kept ones (an AI or rules change without a new
    rules version): the last kept seed is played again here and must come out the same."""
    assert store.last is not None
    seed = int(store.last["seed"])
    again = play_rows(registry, ruleset, [seed], max_decisions)[0]
    if json.loads(json.dumps(again)) != store.last:
        raise SkirmishError(f"{store.path}: seed {seed} now plays differently than when it was kept (the code "
                            "changed): start a new record file rather than mix the two")


def balance_from(paths: Sequence[Path]) -> dict[str, Any]:
    """The estimate from games kept in record files (merged, read line by line; no game is played), with the
    model's notes as the first file's header keeps them (files made before notes were kept have none)."""
    fold = RegressionTally()
    head: dict[str, Any] = {}
    batch: list[dict[str, Any]] = []
    first_seed: int | None = None
    for head, row in records.scan_merged(paths):
        if row is None:
            if head.get("study") != "balance":
                raise SkirmishError(f"{paths[0]} holds a {head.get('study')} study, not a balance study")
            continue
        seed = int(row["seed"])
        first_seed = seed if first_seed is None else min(first_seed, seed)
        batch.append(row)
        if len(batch) >= 10_000:
            fold.add_rows(batch)
            batch = []
    fold.add_rows(batch)
    report = estimate_tally(fold, head.get("prices"))
    report.update({"ruleset": head["ruleset"], "seed": first_seed or 0,
                   "notes": [str(n) for n in head.get("notes") or []],
                   "record": {"files": [str(p) for p in paths], "games": fold.games}})
    return report


def _balance_chunk(seeds: list[int], ruleset: str, max_decisions: int | None) -> list[dict[str, Any]]:
    """Worker: :func:`play_rows` with the worker's registry (built once per process)."""
    from skirmish.plugins import worker_registry

    return play_rows(worker_registry(), ruleset, seeds, max_decisions=max_decisions)


def text(report: dict[str, Any], top: int = 15) -> str:
    """The estimate as a table of the ``top`` features that disagree most (names shown whole; ``± worth`` is the
    standard error of the worth in points, the scale's uncertainty included, ``se`` that of the effect on the
    result)."""
    shown = report["features"][:top]
    wide = max([28, *(len(r["feature"]) for r in shown)])
    lines = [f"{report['ruleset']}: {report['used']} of {report['games']} games used; first seat edge "
             f"{report['first_seat_edge']:+.3f} (se {report['first_seat_edge_se']:.3f}); "
             + (f"one win is worth about {report['points_per_win']} points{_se(report)}"
                if report.get("points_per_win") else "points per win unknown"),
             *_record_lines(report.get("record")),
             *report.get("notes", []),
             *[f"warning: {w}" for w in report.get("warnings", [])],
             f"{'feature':<{wide}} {'printed':>8} {'worth':>8} {'± worth':>8} {'effect':>8} {'se':>7} {'gap/se':>7}"]
    for r in shown:
        lines.append(f"{r['feature']:<{wide}} {r['printed_cost']:>8.1f} {r['worth_points']:>8.1f} "
                     f"{r.get('worth_se', math.nan):>8.1f} "
                     f"{r['win_effect']:>+8.3f} {r['se']:>7.3f} {r['disagreement_se']:>+7.2f}")
    return "\n".join(lines)


def _se(report: dict[str, Any]) -> str:
    se = report.get("points_per_win_se")
    return f" (se {se}; each ± worth includes it)" if se is not None else ""


def _record_lines(record: dict[str, Any] | None) -> list[str]:
    if not record:
        return []
    if "files" in record:
        return [f"games read from {', '.join(record['files'])} ({record['games']} in all)"]
    return [f"games kept in {record['file']}: {record['played_now']} played now, {record['kept_before']} kept "
            "from before"]
