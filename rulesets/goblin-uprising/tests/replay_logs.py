"""Whole AI v AI games whose full event logs are kept in ``fixtures/ai_logs.txt.gz`` (speed work keeps games identical).

    .venv/bin/python rulesets/goblin-uprising/tests/replay_logs.py --write   # regenerate after a content change
"""

from __future__ import annotations

import sys
from pathlib import Path

from skirmish import Game
from skirmish.agents import AgentContext
from skirmish.testing import game_log as played_log
from skirmish.testing import write_fixture
from skirmish_goblin_uprising.ai import make_ai
from skirmish_goblin_uprising.rules import GoblinUprising

FIXTURE = Path(__file__).parent / "fixtures" / "ai_logs.txt.gz"
TYRANTS = ("dwarf", "human", "elven", "merfolk")
GAMES = [(heroes, seed) for heroes in (1, 4, 6) for seed in range(5)]


def game_log(rules: GoblinUprising, heroes: int, seed: int) -> list[str]:
    """Play one AI v AI game; every event as ``kind [rule] text`` plus the result."""
    setup = {"players": [f"hero{i + 1}" for i in range(heroes)], "tyrant": TYRANTS[seed % len(TYRANTS)]}
    game = Game(rules, setup, seed=seed)
    agents = {p: make_ai(AgentContext(p, seed * 10 + i, rules, {}, game.players)) for i, p in enumerate(game.players)}
    lines = played_log(game, agents)
    assert game.result is not None
    return lines


def all_logs() -> str:
    rules = GoblinUprising()
    out = []
    for heroes, seed in GAMES:
        out.append(f"=== {heroes} heroes, seed {seed}")
        out += game_log(rules, heroes, seed)
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    if "--write" in sys.argv:
        write_fixture(FIXTURE, all_logs())
