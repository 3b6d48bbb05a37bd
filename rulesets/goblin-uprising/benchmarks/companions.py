"""How well AI companions help a person (issue 26): the heroes' win rate with a scripted newcomer in seat hero1 and
AI heroes in the other seats, against the same games with AI heroes in every seat.

    .venv/bin/python rulesets/goblin-uprising/benchmarks/companions.py -n 400 [--heroes 4] [--difficulty normal]

Seeds 0..n-1; the Tyrant goes round dwarf, human, elven, merfolk by seed (seed % 4); agents seeded as
``skirmish simulate`` seeds them. Prints wins, the 95 % Wilson interval and mean rounds per line-up. Put an older
``src`` first on ``PYTHONPATH`` to measure the AI before a change (the newcomer is this folder's ``newcomer.py``).
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from skirmish.studies import stats

sys.path.insert(0, str(Path(__file__).resolve().parent))

TYRANTS = ("dwarf", "human", "elven", "merfolk")


def wilson(k: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of ``k`` in ``n`` (core's :func:`skirmish.studies.stats.wilson`); (0, 1) for none."""
    return (0.0, 1.0) if n == 0 else stats.wilson(k, n)[1:]


def play(args: tuple[int, str, int, str]) -> tuple[bool, int]:
    """One game: (the heroes won, rounds)."""
    seed, lineup, heroes, difficulty = args
    from newcomer import Newcomer

    from skirmish import AgentContext, Game
    from skirmish.agents import View
    from skirmish.plugins import worker_registry
    from skirmish.runner import agent_seed

    registry = worker_registry()
    rs = registry.ruleset("goblin-uprising")
    setup = rs.apply_options(rs.default_setup(), {"heroes": heroes, "tyrant": TYRANTS[seed % 4],
                                                  "difficulty": difficulty})
    game = Game(rs, setup, seed=seed, keep_log=False)
    seats: dict[str, Any] = {}
    for i, p in enumerate(game.players):
        if i == 0 and lineup == "newcomer":
            seats[p] = Newcomer(AgentContext(p, agent_seed(seed, i), rs, {}, game.players))
        else:
            seats[p] = registry.make_agent("ai", rs, p, agent_seed(seed, i), game.players)
    while game.pending is not None and game.decisions < rs.max_decisions:
        d = game.pending
        game.answer(seats[d.player].decide(View(game, d.player), d), d.player)
    won = game.result is not None and "heroes" in game.result.winners
    return won, game.round


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=400)
    ap.add_argument("--heroes", type=int, default=4)
    ap.add_argument("--difficulty", default="normal")
    ap.add_argument("--lineups", default="ai,newcomer")
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    for lineup in a.lineups.split(","):
        jobs = [(seed, lineup, a.heroes, a.difficulty) for seed in range(a.n)]
        with ProcessPoolExecutor(a.workers) as pool:
            results = list(pool.map(play, jobs, chunksize=20))
        wins = sum(w for w, _ in results)
        lo, hi = wilson(wins, a.n)
        rounds = sum(r for _, r in results) / a.n
        who = "4 AI heroes" if lineup == "ai" else f"newcomer + {a.heroes - 1} AI"
        print(f"{who:>20}: {wins}/{a.n} won ({100 * wins / a.n:.1f} % [{100 * lo:.1f}-{100 * hi:.1f}]), "
              f"{rounds:.1f} rounds, {a.difficulty}, seeds 0-{a.n - 1}")


if __name__ == "__main__":
    main()
