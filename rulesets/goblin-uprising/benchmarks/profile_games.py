"""Profile AI games of Goblin Uprising: Python calls per decision (a count a busy machine does not move) and hot spots.

    .venv/bin/python rulesets/goblin-uprising/benchmarks/profile_games.py --games 10 --heroes 4 \
        [--top 40] [--sort tottime]

Plays the games of ``benchmarks/rulesets.py --ruleset goblin-uprising --option heroes=N`` (seeds 1000.., agents
seeded by ``agent_seed``, no event log kept) under cProfile and prints calls per decision, then the top functions.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from skirmish import Game, Registry
from skirmish.agents import View
from skirmish.runner import agent_seed


def play(registry: Registry, heroes: int, games: int, agent: str, first_seed: int = 1000) -> int:
    """Play the games; the number of decisions."""
    rs = registry.ruleset("goblin-uprising")
    setup = rs.apply_options(rs.default_setup(), {"heroes": heroes})
    decisions = 0
    for seed in range(first_seed, first_seed + games):
        game = Game(rs, setup, seed=seed, keep_log=False)
        seats = {p: registry.make_agent(agent, rs, p, agent_seed(seed, i), game.players)
                 for i, p in enumerate(game.players)}
        while game.pending is not None and game.decisions < rs.max_decisions:
            d = game.pending
            game.answer(seats[d.player].decide(View(game, d.player), d), d.player)
        decisions += game.decisions
    return decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--heroes", type=int, default=4)
    ap.add_argument("--agent", default="ai")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--sort", default="tottime")
    a = ap.parse_args()
    registry = Registry()
    play(registry, a.heroes, 1, a.agent, first_seed=999)  # warm up: content loads, caches fill
    prof = cProfile.Profile()
    prof.enable()
    decisions = play(registry, a.heroes, a.games, a.agent)
    prof.disable()
    stats = pstats.Stats(prof)
    calls = stats.total_calls  # type: ignore[attr-defined]
    print(f"{a.games} games, {decisions / a.games:.0f} decisions/game, {calls / decisions:,.0f} Python calls/decision")
    stats.sort_stats(a.sort).print_stats(a.top)


if __name__ == "__main__":
    main()
