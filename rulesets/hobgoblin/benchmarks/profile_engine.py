"""Profile the Hobgoblin engine side only (from an answer to the next decision, plus game set-up).

    python rulesets/hobgoblin/benchmarks/profile_engine.py [--agent random|ai] [--games N] [--top K] [--sort tottime]

Plays seeds 1000.. as ``benchmarks/rulesets.py`` does (``keep_log=False``, agents seeded by ``agent_seed``);
the profiler runs only around ``Game(...)`` and ``game.answer``, so agents' time is left out. Prints Python
calls per decision and the top functions.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from typing import Any

from skirmish import Game, Registry
from skirmish.agents import View
from skirmish.runner import agent_seed


def play(registry: Registry, rs: Any, agent: str, seed: int, prof: cProfile.Profile | None) -> int:
    """One game; the profiler (if any) runs only around the engine. Returns its decisions."""
    on = prof.enable if prof else _nothing
    off = prof.disable if prof else _nothing
    on()
    game = Game(rs, None, seed=seed, keep_log=False)
    off()
    seats = {p: registry.make_agent(agent, rs, p, agent_seed(seed, i), game.players)
             for i, p in enumerate(game.players)}
    while game.pending is not None and game.decisions < rs.max_decisions:
        d = game.pending
        answer = seats[d.player].decide(View(game, d.player), d)
        on()
        game.answer(answer, d.player)
        off()
    return game.decisions


def _nothing() -> None:
    pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agent", default="random")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--sort", default="cumulative")
    ap.add_argument("--first-seed", type=int, default=1000)
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    registry = Registry()
    rs = registry.ruleset("hobgoblin")
    prof = cProfile.Profile()
    decisions = 0
    play(registry, rs, args.agent, args.first_seed, None)  # warm up: imports, content, caches
    for seed in range(args.first_seed, args.first_seed + args.games):
        decisions += play(registry, rs, args.agent, seed, prof)
    st = pstats.Stats(prof)

    calls = sum(v[1] for v in st.stats.values())  # type: ignore[attr-defined]
    print(f"{args.games} games, {decisions / args.games:.0f} decisions/game, "
          f"{calls / decisions:,.0f} Python calls per decision (engine), total {st.total_tt:.2f} s")  # type: ignore[attr-defined]
    if args.out:
        st.dump_stats(args.out)
    st.sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
