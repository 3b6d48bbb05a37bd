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
from skirmish.studies.stats import least_squares, least_squares_cov


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
    model = balance_model(registry, ruleset)
    out = []
    for s in seeds:
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
    """The regression: the first seat's result (1 win, 0.5 draw, 0 loss) on its army's content minus the
    other's; printed cost per feature as the model prices it (``prices``), else by least squares of army cost
    on content; worth in points by the scale that best maps worth onto printed cost. ``worth_se`` (and the
    ``disagreement_se`` it divides) counts both the effect's uncertainty and the scale's, which is itself
    estimated from every effect (delta method over the effects' covariance); ``points_per_win_se`` is the
    scale's alone."""
    rows: list[list[float]] = []
    ys: list[float] = []
    armies: list[tuple[dict[str, float], float]] = []
    names: set[str] = set()
    used = [g for g in games if g.get("outcome") is not None]
    for g in used:
        armies += [(g["first"], g["first_cost"]), (g["second"], g["second_cost"])]
        names.update(g["first"], g["second"])
    feats = sorted(names)
    if not used or not feats:
        raise SkirmishError("no finished games to learn from (raise -n)")
    for g in used:
        fa, fb = g["first"], g["second"]
        rows.append([1.0] + [fa.get(f, 0) - fb.get(f, 0) for f in feats])
        ys.append({"win": 1.0, "draw": 0.5}.get(g["outcome"], 0.0))
    beta, cov = least_squares_cov(rows, ys, ridge=1e-3)
    se = [math.sqrt(max(0.0, cov[i][i])) for i in range(len(beta))]
    if prices is not None and all(f in prices for f in feats):
        printed = [prices[f] for f in feats]
    else:
        printed, _ = least_squares([[f.get(n, 0) for n in feats] for f, _ in armies], [c for _, c in armies],
                                   ridge=1e-3)
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
    if len(used) < enough:
        warnings.append(f"only {len(used)} games for {len(feats)} features: the estimates and their standard "
                        f"errors mean little below about {enough} games (raise -n)")
    gaps = [g["first_cost"] - g["second_cost"] for g in used]
    if max(gaps) - min(gaps) < 1e-9:
        warnings.append("every game's armies differ in printed cost by the same amount: a feature's worth cannot "
                        "be told from its price (the model should give the two sides different budgets)")
    if scale <= 0:
        warnings.append("the estimated worths do not rise with the printed costs (more games, or the costs are "
                        "far off): points per win cannot be read")
    return {"games": len(games), "used": len(used), "first_seat_edge": round(beta[0] - 0.5, 4),
            "first_seat_edge_se": round(se[0], 4), "points_per_win": round(1 / scale, 1) if scale > 0 else None,
            "points_per_win_se": round(math.sqrt(max(0.0, scale_var)) / scale ** 2, 1) if scale > 0 else None,
            "features": table, "warnings": warnings}


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


def balance(registry: Any, ruleset: str, n: int, *, seed: int = 0, max_decisions: int | None = None,
            executor: Any = None, record: Path | None = None,
            progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play ``n`` games (seeds ``seed``..) and estimate; ``executor`` (see :mod:`skirmish.studies.executors`)
    spreads the games, else they are played here. With ``record``, the games are kept in that file as they
    finish (:mod:`skirmish.studies.records`) and seeds it already holds are not played again;
    ``progress`` is told how many games each finished chunk held."""
    model = balance_model(registry, ruleset)
    prices = model_prices(model)
    notes = model_notes(model)
    seeds = list(range(seed, seed + n))
    store = None
    if record is not None:
        head = records.header("balance", ruleset, registry.ruleset(ruleset).version, max_decisions)
        head.update(prices=prices, notes=notes)
        store = records.RecordFile(record, head)
        todo = store.missing(seeds)
        if todo and store.rows:
            _check_same_play(registry, ruleset, store, max_decisions)
        if progress and len(todo) < len(seeds):
            progress(len(seeds) - len(todo))
    else:
        todo = seeds
    got: list[dict[str, Any]] = []
    if todo:
        chunks = (executor.imap_seeds(_balance_chunk, todo, ruleset, max_decisions) if executor is not None
                  else (play_rows(registry, ruleset, [s], max_decisions) for s in todo))
        for rows in chunks:
            if store is not None:
                store.add(rows)
            got += rows
            if progress:
                progress(len(rows))
    games = [store.rows[s] for s in seeds] if store is not None else sorted(got, key=lambda r: r["seed"])
    report = estimate_rows(games, prices)
    report.update({"ruleset": ruleset, "seed": seed, "notes": notes})
    if store is not None:
        report["record"] = {"file": str(store.path), "played_now": len(todo), "kept_before": n - len(todo)}
    return report


def _check_same_play(registry: Any, ruleset: str, store: records.RecordFile, max_decisions: int | None) -> None:
    """Refuse to add games played by other code than the kept ones (an AI or rules change without a new
    rules version): the last kept seed is played again here and must come out the same."""
    seed = max(store.rows)
    again = play_rows(registry, ruleset, [seed], max_decisions)[0]
    if json.loads(json.dumps(again)) != store.rows[seed]:
        raise SkirmishError(f"{store.path}: seed {seed} now plays differently than when it was kept (the code "
                            "changed): start a new record file rather than mix the two")


def balance_from(paths: Sequence[Path]) -> dict[str, Any]:
    """The estimate from games kept in record files (merged; no game is played), with the model's notes as the
    first file's header keeps them (files made before notes were kept have none)."""
    head, games = records.merge(paths)
    if head.get("study") != "balance":
        raise SkirmishError(f"{paths[0]} holds a {head.get('study')} study, not a balance study")
    report = estimate_rows(games, head.get("prices"))
    report.update({"ruleset": head["ruleset"], "seed": games[0]["seed"] if games else 0,
                   "notes": [str(n) for n in head.get("notes") or []],
                   "record": {"files": [str(p) for p in paths], "games": len(games)}})
    return report


def _balance_chunk(seeds: list[int], ruleset: str, max_decisions: int | None) -> list[dict[str, Any]]:
    from skirmish.plugins import Registry

    return play_rows(Registry(), ruleset, seeds, max_decisions=max_decisions)


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
