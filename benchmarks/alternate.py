"""Before/after speed on a busy machine: ``benchmarks/rulesets.py`` run in alternation for two copies of a ruleset.

    .venv/bin/python benchmarks/alternate.py BEFORE_SRC AFTER_SRC [--ruleset NAME] [--option NAME=VALUE ...]
        [--pairs 5] [--games 30] [--core CORE_SRC] [--side-by-side]

``BEFORE_SRC``/``AFTER_SRC`` are ``src`` folders of two checkouts of the ruleset (e.g. from
``git archive <commit> rulesets/goblin-uprising/src | tar -x -C /tmp/before``), put first on the path in turn;
``--core`` puts one frozen copy of core's ``src`` in front of both, so core changes landing meanwhile do not count.
Each run is one process measuring CPU time; the runs alternate (before, after, before, ...) so load swings hit both.
Prints each run, the medians and the median of the pair ratios (after / before) for AI and random games.
``--ruleset`` defaults to goblin-uprising, played with ``--option heroes=4`` unless options are given.
``--side-by-side`` starts the two runs of a pair together instead, so both see the same load (needs 2 cores).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def start(src: str, core: str, games: int, ruleset: str = "goblin-uprising",
          options: tuple[str, ...] = ("heroes=4",)) -> subprocess.Popen[str]:
    """One benchmark run with ``src`` (and ``core``) first on the path, started (not waited for)."""
    path = os.pathsep.join(p for p in (core, src, os.environ.get("PYTHONPATH", "")) if p)
    opts = [a for o in options for a in ("--option", o)]
    return subprocess.Popen([sys.executable, str(ROOT / "benchmarks" / "rulesets.py"), "--ruleset", ruleset,
                             "--games", str(games), *opts, "--json"], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": path}, stdout=subprocess.PIPE, text=True)


def rows_of(proc: subprocess.Popen[str]) -> list[dict[str, float]]:
    out, _ = proc.communicate()
    if proc.returncode:
        sys.exit(f"benchmark run failed (exit {proc.returncode})")
    return json.loads(out)


def run(src: str, core: str, games: int, ruleset: str, options: tuple[str, ...]) -> list[dict[str, float]]:
    return rows_of(start(src, core, games, ruleset, options))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--core", default="")
    ap.add_argument("--side-by-side", action="store_true", help="start each pair's two runs together (same load)")
    ap.add_argument("--ruleset", default="goblin-uprising")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    a = ap.parse_args()
    options = tuple(a.option) if a.option or a.ruleset != "goblin-uprising" else ("heroes=4",)
    got: dict[str, list[list[dict[str, float]]]] = {"before": [], "after": []}
    for _ in range(a.pairs):
        if a.side_by_side:
            procs = [(label, start(src, a.core, a.games, a.ruleset, options))
                     for label, src in (("before", a.before), ("after", a.after))]
            done = [(label, rows_of(proc)) for label, proc in procs]
        else:
            done = [(label, run(src, a.core, a.games, a.ruleset, options))
                    for label, src in (("before", a.before), ("after", a.after))]
        for label, rows in done:
            got[label].append(rows)
            print(f"{label:6} " + "  ".join(f"{r['agents']} {r['games_per_second']:6.2f} games/s ({r['engine_us']:.0f}"
                                           f"+{r['agent_us']:.0f} us, {r['decisions_per_game']:.0f} decisions/game)"
                                           for r in rows), flush=True)
    for i, agents in enumerate(r["agents"] for r in got["before"][0]):
        line = []
        for label in ("before", "after"):
            rows = [runs[i] for runs in got[label]]
            gps = [r["games_per_second"] for r in rows]
            line.append(f"{label} {statistics.median(gps):.2f} ({min(gps):.2f}-{max(gps):.2f}) games/s, "
                        f"{statistics.median(r['engine_us'] for r in rows):.0f}+"
                        f"{statistics.median(r['agent_us'] for r in rows):.0f} us")
        ratios = [y[i]["games_per_second"] / x[i]["games_per_second"] for x, y in zip(got["before"], got["after"],
                                                                                      strict=True)]
        print(f"{agents}: " + "; ".join(line) + f"; pair ratio median {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
