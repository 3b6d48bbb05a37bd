"""The levels of play measured: level against level (seats alternated), or co-op heroes at each level, with the
CPU time of every decision each level made; one JSON line per game, so a run stopped early still counts.

    .venv/bin/python benchmarks/levels.py --out levels.jsonl --games 400 --workers 2 \\
        --study hobgoblin:ai-hard:ai --study chob-noggoth:ai:ai-easy --study goblin-uprising:ai-hard
    .venv/bin/python benchmarks/levels.py --report levels.jsonl [more.jsonl ...] [--ruleset hobgoblin]

A study is ``RULESET:LEVEL:OTHER`` (two seats, ``LEVEL`` in the first seat of even games and the second of odd
ones; seeds 1000..) or ``RULESET:LEVEL`` (every seat at that level: Goblin Uprising's heroes against the
Tyrant). ``RULESET:ai:ai`` is the baseline: the AI against itself on the same seeds and seats (a few dozen seeds
favour one seat or the other by ten points or more, so compare a level with the baseline on the same seeds).
Games of all studies are interleaved, so every study has about as many games done at any moment.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from skirmish.studies import stats

SEED = 1000


def play(job: tuple[str, str, str, int]) -> dict[str, Any]:
    """One game of a study; CPU seconds of every decision by level."""
    from skirmish.agents import View
    from skirmish.engine import Game
    from skirmish.plugins import worker_registry
    from skirmish.runner import seat_agents

    ruleset, level, other, seed = job
    reg = worker_registry()
    game = Game(reg.ruleset(ruleset), None, seed=seed, keep_log=False)
    lead = ""  # the seat of the first level (its seat alternates), so a study of a level against itself is a baseline
    if other:
        first = (seed - SEED) % 2 == 0
        seats = dict(zip(game.players, (level, other) if first else (other, level), strict=True))
        lead = game.players[0] if first else game.players[1]
    else:
        seats = {p: level for p in game.players}
    agents = seat_agents(reg, game, seats)
    times: dict[str, list[float]] = {}
    start = time.process_time()
    while game.pending is not None and game.decisions < 20000:
        d = game.pending
        t = time.process_time()
        answer = agents[d.player].decide(View(game, d.player), d)
        times.setdefault(seats[d.player], []).append(round(time.process_time() - t, 5))
        game.answer(answer, d.player)
    result = game.result
    won = sorted({seats[s] for s in result.winning_seats}) if result else []
    return {"study": ":".join(x for x in (ruleset, level, other) if x), "seed": seed, "seats": seats, "lead": lead,
            "lead_won": bool(result and lead in result.winning_seats),
            "winners": list(result.winners) if result else [], "won": won, "draw": bool(result and result.draw),
            "cpu": round(time.process_time() - start, 3), "times": times}


def wilson(k: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of ``k`` in ``n`` (core's :func:`skirmish.studies.stats.wilson`); (0, 1) for none."""
    return (0.0, 1.0) if n == 0 else stats.wilson(k, n)[1:]


def report(paths: list[Path], ruleset: str = "") -> str:
    """The tables of the studies in ``paths`` (a study found in two files counts each seed once)."""
    seen: dict[tuple[str, int], dict[str, Any]] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                seen.setdefault((r["study"], r["seed"]), r)
    rows = list(seen.values())
    rows = [r for r in rows if not ruleset or r["study"].split(":")[0] == ruleset]
    studies: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        studies.setdefault(r["study"], []).append(r)
    out = ["| study | games (seeds) | wins of the first level | draws | rate (Wilson 95%) | CPU s/game |",
           "|---|---|---|---|---|---|"]
    timing: dict[tuple[str, str], list[float]] = {}
    for name, games in sorted(studies.items()):
        parts = name.split(":")
        level = parts[1]
        n = len(games)
        wins = sum(1 for g in games if not g["draw"] and (g["lead_won"] if g.get("lead") else level in g["won"]))
        draws = sum(1 for g in games if g["draw"])
        lo, hi = wilson(wins + draws / 2, n)
        seeds = sorted(g["seed"] for g in games)
        span = f"{seeds[0]}..{seeds[-1]}" if seeds[-1] - seeds[0] + 1 == n else f"{n} of {seeds[0]}..{seeds[-1]}"
        out.append(f"| {name} | {n} ({span}) | {wins} | {draws} | {(wins + draws / 2) / max(1, n):.1%} "
                   f"({lo:.1%}-{hi:.1%}) | {statistics.mean(g['cpu'] for g in games):.2f} |")
        for g in games:
            for lv, ts in g["times"].items():
                timing.setdefault((parts[0], lv), []).extend(ts)
    out += paired(studies)
    out += ["", "| ruleset | level | decisions | median ms | 95th percentile ms | max ms |",
            "|---|---|---|---|---|---|"]
    for (rs, lv), ts in sorted(timing.items()):
        ts.sort()
        out.append(f"| {rs} | {lv} | {len(ts)} | {1000 * statistics.median(ts):.1f} | "
                   f"{1000 * ts[int(0.95 * (len(ts) - 1))]:.1f} | {1000 * ts[-1]:.0f} |")
    return "\n".join(out)


#: the levels from weakest to strongest (a co-op level is compared with the next one below it)
ORDER = ("random", "ai-easy", "ai", "ai-hard")


def paired(studies: dict[str, list[dict[str, Any]]]) -> list[str]:
    """Co-op levels compared seed by seed: on the seeds both played, the share where the stronger level's heroes
    win and the weaker's lose, a seed both win or both lose counting half (a level "beats the one below" as in a
    two-seat study, where draws count half)."""
    coop = {name: {g["seed"]: "heroes" in g["winners"] or bool(g["won"]) for g in games}
            for name, games in studies.items() if len(name.split(":")) == 2 and name.split(":")[1] in ORDER}
    rows = []
    for ruleset in sorted({name.split(":")[0] for name in coop}):
        levels = [lv for lv in ORDER if f"{ruleset}:{lv}" in coop]
        for low, high in zip(levels, levels[1:], strict=False):
            a, b = coop[f"{ruleset}:{high}"], coop[f"{ruleset}:{low}"]
            seeds = sorted(set(a) & set(b))
            if not seeds:
                continue
            only_high = sum(1 for x in seeds if a[x] and not b[x])
            only_low = sum(1 for x in seeds if b[x] and not a[x])
            same = len(seeds) - only_high - only_low
            lo, hi = wilson(only_high + same / 2, len(seeds))
            rows.append(f"| {ruleset} | {high} over {low} | {len(seeds)} | {only_high} | {only_low} | {same} | "
                        f"{(only_high + same / 2) / len(seeds):.1%} ({lo:.1%}-{hi:.1%}) |")
    if not rows:
        return []
    return ["", "| ruleset | co-op level over the one below | seeds | only the stronger won | only the weaker won | "
                "same outcome | paired rate (Wilson 95%) |", "|---|---|---|---|---|---|---|", *rows]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--study", action="append", default=[], help="RULESET:LEVEL[:OTHER]")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--report", type=Path, nargs="+")
    ap.add_argument("--ruleset", default="", help="report only this ruleset's studies")
    args = ap.parse_args(argv)
    if args.report:
        print(report(args.report, args.ruleset))
        return 0
    if not args.out or not args.study:
        ap.error("--out and at least one --study (or --report)")
    done = set()
    if args.out.exists():
        for line in args.out.read_text().splitlines():
            r = json.loads(line)
            done.add((r["study"], r["seed"]))
    jobs = []
    for i in range(args.games):
        for study in args.study:
            parts = (study.split(":") + [""])[:3]
            if (study, SEED + i) not in done:
                jobs.append((parts[0], parts[1], parts[2], SEED + i))
    with args.out.open("a") as f, multiprocessing.Pool(args.workers) as pool:
        for row in pool.imap_unordered(play, jobs):
            f.write(json.dumps(row) + "\n")
            f.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
