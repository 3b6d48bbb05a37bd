"""Chob-Noggoth AI strength: one AI setting against another, or against the random agent, seats alternated.

    .venv/bin/python rulesets/chob-noggoth/benchmarks/strength.py --games 400 --first-seed 5000 --a 3 --b none
    .venv/bin/python rulesets/chob-noggoth/benchmarks/strength.py --games 400 --first-seed 6000 --a 3 --b random

``--a`` and ``--b`` are the AI's ``exact_top`` (a number, or ``none`` to score every option afresh) or ``random``.
Game ``first_seed + i`` seats A as the first player when ``i`` is even, as the second when it is odd; each agent is
seeded as the runner seeds its seat. Prints A's wins, draws and losses with the 95 % Wilson interval of A's share of
the decided games and of its wins over all games, and the CPU time of each side's decisions.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from skirmish import AgentContext, Game, Registry, View
from skirmish.runner import agent_seed
from skirmish.studies import stats
from skirmish_chob_noggoth.ai import ChobAI


def wilson(k: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of ``k`` in ``n`` (core's :func:`skirmish.studies.stats.wilson`); (0, 1) for none."""
    return (0.0, 1.0) if n == 0 else stats.wilson(k, n)[1:]


def _agent(registry: Registry, rs: Any, spec: str, player: str, seed: int, players: tuple[str, ...]) -> Any:
    if spec == "random":
        return registry.make_agent("random", rs, player, seed, players)
    top = None if spec == "none" else int(spec)
    return ChobAI(AgentContext(player, seed, rs, players=players), exact_top=top)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--first-seed", type=int, default=5000)
    ap.add_argument("--a", default="3", help="exact_top of A (a number or none), or random")
    ap.add_argument("--b", default="none", help="exact_top of B (a number or none), or random")
    args = ap.parse_args()
    registry = Registry()
    rs = registry.ruleset("chob-noggoth")
    won = drawn = lost = 0
    spent = {"a": 0.0, "b": 0.0}
    for i in range(args.games):
        seed = args.first_seed + i
        game = Game(rs, None, seed=seed, keep_log=False)
        players = tuple(game.players)
        a_seat = i % 2
        specs = {p: ("a", args.a) if k == a_seat else ("b", args.b) for k, p in enumerate(players)}
        seats = {p: _agent(registry, rs, spec, p, agent_seed(seed, k), players)
                 for k, (p, (_who, spec)) in enumerate(specs.items())}
        while game.pending is not None and game.decisions < rs.max_decisions:
            d = game.pending
            t = time.process_time()
            answer = seats[d.player].decide(View(game, d.player), d)
            spent[specs[d.player][0]] += time.process_time() - t
            game.answer(answer, d.player)
        a_player = players[a_seat]
        result = game.result
        if result is None or result.draw or not result.winners:
            drawn += 1
        elif a_player in result.winners:
            won += 1
        else:
            lost += 1
    decided = won + lost
    lo, hi = wilson(won, decided)
    wlo, whi = wilson(won, args.games)
    print(f"A ({args.a}) v B ({args.b}), {args.games} games, seeds {args.first_seed}-{args.first_seed + args.games - 1}"
          f", seats alternated: A won {won}, drew {drawn}, lost {lost}")
    print(f"A's share of decided games {won / max(decided, 1):.3f} [{lo:.3f}, {hi:.3f}]; "
          f"A's wins of all games {won / args.games:.3f} [{wlo:.3f}, {whi:.3f}] (95 % Wilson)")
    print(f"decision CPU seconds: A {spent['a']:.1f}, B {spent['b']:.1f}")


if __name__ == "__main__":
    main()
