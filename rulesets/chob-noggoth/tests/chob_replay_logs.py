"""Whole games whose full event logs and answers are kept in ``fixtures/game_logs.txt.gz`` (speed work keeps games
identical): 20 AI v AI and 20 random v random games of the default set-up, seeded like ``benchmarks/rulesets.py``.

    .venv/bin/python rulesets/chob-noggoth/tests/chob_replay_logs.py --write   # after a deliberate rules change
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from skirmish import Game, Registry
from skirmish.agents import View
from skirmish.runner import agent_seed

FIXTURE = Path(__file__).parent / "fixtures" / "game_logs.txt.gz"
GAMES = [(agents, seed) for agents in ("ai", "random") for seed in range(1000, 1020)]


def game_log(registry: Registry, agent: str, seed: int) -> list[str]:
    """Play one game; every event as ``kind [rule] text``, every answer, and the result."""
    rs = registry.ruleset("chob-noggoth")
    game = Game(rs, seed=seed)
    seats = {p: registry.make_agent(agent, rs, p, agent_seed(seed, i), game.players)
             for i, p in enumerate(game.players)}
    while game.pending is not None and game.decisions < rs.max_decisions:
        d = game.pending
        game.answer(seats[d.player].decide(View(game, d.player), d), d.player)
    lines = [f"{e.kind} [{e.rule}] {e.text}" for e in game.log]
    lines += ["answer " + json.dumps(a, sort_keys=True, default=str) for a in game.answers]
    result = game.result
    lines.append(f"result: {sorted(result.winners) if result else None} after {game.decisions} decisions")
    return lines


def all_logs() -> str:
    registry = Registry()
    out = []
    for agent, seed in GAMES:
        out.append(f"=== {agent} v {agent}, seed {seed}")
        out += game_log(registry, agent, seed)
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    if "--write" in sys.argv:
        FIXTURE.write_bytes(gzip.compress(all_logs().encode(), mtime=0))
        print(f"wrote {FIXTURE} ({FIXTURE.stat().st_size} bytes)")
