"""One hash of everything agents are shown in whole games: each decision's view, options (value, label, help, data),
kind, prompt and context. Speed work compares it before and after (run it with each version first on the path).

    .venv/bin/python rulesets/goblin-uprising/benchmarks/game_hash.py --agent ai --games 3
    PYTHONPATH=<old checkout>/rulesets/goblin-uprising/src \
        .venv/bin/python rulesets/goblin-uprising/benchmarks/game_hash.py

Plays 1, 4 and 6 heroes against a Tyrant chosen by seed (seeds 0..games-1, no event log kept). ``--skip-context``
leaves context keys out (keys added on purpose for the AI): ``KEY`` in every decision, ``KIND.KEY`` in decisions of
that kind only.
"""

from __future__ import annotations

import argparse
import hashlib
import json

from skirmish import Game, Registry
from skirmish.agents import View
from skirmish.runner import agent_seed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agent", default="ai")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--skip-context", default="class,leadership,left,oppress,me,board,menu,hurt,team,roll.armor,"
                    "help-essence.essence,village.tyrant,village.content,start-ability.content")
    a = ap.parse_args()
    skip = set(a.skip_context.split(","))
    reg = Registry()
    rs = reg.ruleset("goblin-uprising")
    h = hashlib.sha256()
    n = 0
    for heroes in (1, 4, 6):
        setup = rs.apply_options(rs.default_setup(), {"heroes": heroes, "tyrant": "random"})
        for seed in range(a.games):
            game = Game(rs, setup, seed=seed, keep_log=False)
            seats = {p: reg.make_agent(a.agent, rs, p, agent_seed(seed, i), game.players)
                     for i, p in enumerate(game.players)}
            while game.pending is not None:
                d = game.pending
                h.update(json.dumps(rs.view(game, d.player)).encode())
                h.update(repr([(o.value, o.label, o.help, sorted(o.data.items())) for o in d.options]).encode())
                h.update(repr((d.kind, d.prompt, sorted((k, v) for k, v in d.context.items()
                                                        if k not in skip and f"{d.kind}.{k}" not in skip))).encode())
                n += 1
                game.answer(seats[d.player].decide(View(game, d.player), d), d.player)
            h.update(repr((game.result, game.rng.rolls)).encode())
    print(f"{n} decisions, {h.hexdigest()}")


if __name__ == "__main__":
    main()
