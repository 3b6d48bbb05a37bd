"""Games unchanged? A digest of every decision (prompt, options with labels, help and data, context, the
deciding player's view) and every event of whole games, one line per game.

    python rulesets/hobgoblin/benchmarks/game_hash.py [--agent random|ai] [--games N] [--first-seed S] [--no-view]

Seeds and agents as ``benchmarks/rulesets.py`` (default set-up, agents seeded by ``agent_seed``). Run it before
and after a speed change: the lines must be equal.
"""

from __future__ import annotations

import argparse
import hashlib
import json

from skirmish import Game, Registry
from skirmish.agents import View
from skirmish.runner import agent_seed


def _dump(x: object) -> str:
    return json.dumps(x, sort_keys=True, default=repr)


def game_digest(registry: Registry, agent: str, seed: int, views: bool) -> tuple[str, int]:
    rs = registry.ruleset("hobgoblin")
    game = Game(rs, None, seed=seed, keep_log=True)
    seats = {p: registry.make_agent(agent, rs, p, agent_seed(seed, i), game.players)
             for i, p in enumerate(game.players)}
    h = hashlib.sha256()
    while game.pending is not None and game.decisions < rs.max_decisions:
        d = game.pending
        h.update(_dump([d.player, d.prompt, d.rule, d.context,
                        [[o.value, o.label, o.help, o.data] for o in d.options],
                        [repr(p) for p in d.params]]).encode())
        view = View(game, d.player)
        if views:
            h.update(_dump(view.state).encode())
        answer = seats[d.player].decide(view, d)
        h.update(_dump(answer).encode())
        game.answer(answer, d.player)
    for e in game.log:
        h.update(f"{e.kind} [{e.rule}] {e.text}\n".encode())
    h.update(repr(game.result).encode())
    return h.hexdigest()[:16], game.decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agent", default="random")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--first-seed", type=int, default=1000)
    ap.add_argument("--no-view", action="store_true")
    args = ap.parse_args()
    registry = Registry()
    total = hashlib.sha256()
    for seed in range(args.first_seed, args.first_seed + args.games):
        digest, n = game_digest(registry, args.agent, seed, not args.no_view)
        total.update(digest.encode())
        print(f"{args.agent} seed {seed}: {digest} ({n} decisions)")
    print(f"all: {total.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
