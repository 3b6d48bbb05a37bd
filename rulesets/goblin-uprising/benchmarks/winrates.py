"""Win rates of AI (or random) hero teams against each Tyrant at each difficulty, and games per second.

    .venv/bin/python rulesets/goblin-uprising/benchmarks/winrates.py -n 200 --heroes 1,2,4,6 --workers 2
    .venv/bin/python rulesets/goblin-uprising/benchmarks/winrates.py -n 200 --agent random --heroes 2

Prints a Markdown table (one row per Tyrant and difficulty, one column per team size).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def play(args: tuple[str, str, int, str, int]) -> tuple[bool, int, int]:
    """One game: (heroes won, rounds, decisions)."""
    from skirmish import Game, RandomAgent
    from skirmish.agents import AgentContext, View
    from skirmish_goblin_uprising.ai import make_ai
    from skirmish_goblin_uprising.rules import GoblinUprising

    tyrant, difficulty, heroes, agent, seed = args
    rules = _RULES.setdefault("r", GoblinUprising())
    setup = {"players": [f"hero{i + 1}" for i in range(heroes)], "tyrant": tyrant, "difficulty": difficulty}
    game = Game(rules, setup, seed=seed, keep_log=False)
    make = make_ai if agent == "ai" else RandomAgent
    agents = {p: make(AgentContext(p, seed * 10 + i, rules, {}, game.players)) for i, p in enumerate(game.players)}
    while game.pending is not None:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert game.result is not None
    return "heroes" in game.result.winners, game.round, game.decisions


_RULES: dict[str, Any] = {}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=200)
    ap.add_argument("--heroes", default="1,2,4,6")
    ap.add_argument("--tyrants", default="dwarf,human,elven,merfolk")
    ap.add_argument("--difficulties", default="normal")
    ap.add_argument("--agent", default="ai")
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    sizes = [int(x) for x in a.heroes.split(",")]
    print("| Tyrant | difficulty | " + " | ".join(f"{k} {a.agent} heroes" for k in sizes) + " |")
    print("|---|---|" + "---|" * len(sizes))
    start = time.time()
    games = 0
    decisions = 0
    with ProcessPoolExecutor(a.workers) as pool:
        for diff in a.difficulties.split(","):
            for tyr in a.tyrants.split(","):
                cells = []
                for k in sizes:
                    jobs = [(tyr, diff, k, a.agent, seed) for seed in range(a.n)]
                    out = list(pool.map(play, jobs, chunksize=max(1, a.n // (4 * a.workers))))
                    wins = sum(w for w, _, _ in out)
                    rounds = sum(r for _, r, _ in out) / len(out)
                    games += len(out)
                    decisions += sum(d for _, _, d in out)
                    cells.append(f"{100 * wins / len(out):.0f}% ({rounds:.0f} rds)")
                print(f"| {tyr} | {diff} | " + " | ".join(cells) + " |", flush=True)
    took = time.time() - start
    print(f"\n{games} games in {took:.0f} s with {a.workers} workers ({games / took:.1f} games/s, "
          f"{decisions / max(games, 1):.0f} decisions per game)")


if __name__ == "__main__":
    main()
