"""Whole games whose full event logs and answers are kept in ``fixtures/game_logs.txt.gz`` (speed work keeps games
identical): 20 AI v AI and 20 random v random games of the default set-up, seeded like ``benchmarks/rulesets.py``;
and, to cover more games cheaply, the SHA-256 of the same log of 50 more AI v AI games in ``fixtures/game_hashes.txt``
(a change to the last bits of a value showed first in one of these seeds).

    .venv/bin/python rulesets/chob-noggoth/tests/chob_replay_logs.py --write   # after a deliberate rules change
"""

from __future__ import annotations

import sys
from pathlib import Path

from skirmish import Game, Registry
from skirmish.runner import agent_seed
from skirmish.testing import game_log as played_log
from skirmish.testing import write_fixture

FIXTURE = Path(__file__).parent / "fixtures" / "game_logs.txt.gz"
HASHES = Path(__file__).parent / "fixtures" / "game_hashes.txt"
GAMES = [(agents, seed) for agents in ("ai", "random") for seed in range(1000, 1020)]
HASHED_GAMES = [("ai", seed) for seed in range(1020, 1070)]


def game_log(registry: Registry, agent: str, seed: int) -> list[str]:
    """Play one game; every event as ``kind [rule] text``, every answer, and the result."""
    rs = registry.ruleset("chob-noggoth")
    game = Game(rs, seed=seed)
    seats = {p: registry.make_agent(agent, rs, p, agent_seed(seed, i), game.players)
             for i, p in enumerate(game.players)}
    return played_log(game, seats, answers=True, max_decisions=rs.max_decisions)


def all_logs() -> str:
    registry = Registry()
    out = []
    for agent, seed in GAMES:
        out.append(f"=== {agent} v {agent}, seed {seed}")
        out += game_log(registry, agent, seed)
    return "\n".join(out) + "\n"


def all_hashes() -> str:
    """One line per game of ``HASHED_GAMES``: agents, seed and the SHA-256 of its whole log."""
    import hashlib

    registry = Registry()
    lines = []
    for agent, seed in HASHED_GAMES:
        digest = hashlib.sha256("\n".join(game_log(registry, agent, seed)).encode()).hexdigest()
        lines.append(f"{agent} {seed} {digest}\n")
    return "".join(lines)


if __name__ == "__main__":
    if "--write" in sys.argv:
        write_fixture(FIXTURE, all_logs())
        HASHES.write_text(all_hashes())
