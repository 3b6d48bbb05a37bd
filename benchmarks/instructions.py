"""Instructions per game, counted by valgrind: a measure of speed that does not move with the machine's load.

    python benchmarks/instructions.py --ruleset chob-noggoth --agent ai --games 5 [--before DIR]

Plays games 1 and N of seeds 1000.. in two processes under ``valgrind --tool=cachegrind --cache-sim=no`` and
prints (instructions of N games - instructions of 1 game) / (N - 1): the cost of one game with the imports and
the first game's cache filling left out. ``--before DIR`` also runs the code of an older tree (``DIR`` is put
first on ``PYTHONPATH``, e.g. ``git archive`` of ``rulesets/chob-noggoth/src``), side by side, and prints the ratio.
Needs valgrind; about 50 times slower than a plain run.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

PLAY = """
import sys
from skirmish import Game, Registry
from skirmish.agents import View
from skirmish.runner import agent_seed
reg = Registry(); rs = reg.ruleset(sys.argv[1])
for seed in range(1000, 1000 + int(sys.argv[3])):
    game = Game(rs, None, seed=seed, keep_log=False)
    seats = {p: reg.make_agent(sys.argv[2], rs, p, agent_seed(seed, i), game.players)
             for i, p in enumerate(game.players)}
    while game.pending is not None and game.decisions < rs.max_decisions:
        d = game.pending
        game.answer(seats[d.player].decide(View(game, d.player), d), d.player)
"""


def count(ruleset: str, agent: str, games: int, path: str | None) -> int:
    """Instructions of one process playing ``games`` games (``path`` first on PYTHONPATH)."""
    env = dict(os.environ)
    if path:
        env["PYTHONPATH"] = path + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          sys.executable, "-c", PLAY, ruleset, agent, str(games)],
                         env=env, capture_output=True, text=True, check=True).stderr
    found = re.search(r"I\s+refs:\s+([\d,]+)", out)
    if found is None:
        raise SystemExit("valgrind printed no instruction count")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="chob-noggoth")
    ap.add_argument("--agent", default="ai")
    ap.add_argument("--games", type=int, default=5, help="games in the long run (at least 2)")
    ap.add_argument("--before", help="an older tree's source directory, put first on PYTHONPATH")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    if args.games < 2:
        raise SystemExit("--games must be at least 2")
    trees = {"now": None} if not args.before else {"before": str(Path(args.before).resolve()), "now": None}
    jobs = [(name, n) for name in trees for n in (1, args.games)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        counts = dict(zip(jobs, pool.map(lambda job: count(args.ruleset, args.agent, job[1], trees[job[0]]), jobs),
                          strict=True))
    per = {name: (counts[(name, args.games)] - counts[(name, 1)]) / (args.games - 1) for name in trees}
    for name, value in per.items():
        print(f"{name:7}{args.ruleset} {args.agent}: {value / 1e6:,.1f} M instructions per game "
              f"(seeds 1001-{1000 + args.games - 1}); first game with imports {counts[(name, 1)] / 1e6:,.0f} M")
    if "before" in per:
        print(f"ratio now / before: {per['now'] / per['before']:.4f}")


if __name__ == "__main__":
    main()
