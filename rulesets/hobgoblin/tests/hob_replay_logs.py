"""Whole games whose full event logs are kept in ``fixtures/game_logs.txt.gz``: speed work keeps games identical.

Random v random and AI v AI on the built-in armies without Wizards (spells do not change them):

    .venv/bin/python rulesets/hobgoblin/tests/hob_replay_logs.py --write   # regenerate after a deliberate change
"""

from __future__ import annotations

import sys
from pathlib import Path

from skirmish import Game
from skirmish.agents import AgentContext, RandomAgent
from skirmish.testing import game_log as played_log
from skirmish.testing import write_fixture
from skirmish_hobgoblin.agents import make_ai
from skirmish_hobgoblin.rules import Hobgoblin

FIXTURE = Path(__file__).parent / "fixtures" / "game_logs.txt.gz"
ARMIES = ("iron-grudge-hold", "red-howl-horde", "sky-lancers")
GAMES = [("random", seed) for seed in range(3)] + [("ai", seed) for seed in range(2)]


def game_log(rules: Hobgoblin, agent: str, seed: int) -> list[str]:
    """Play one game; every event as ``kind [rule] text`` plus the result."""
    a, b = ARMIES[seed % 3], ARMIES[(seed + 1) % 3]
    game = Game(rules, {"players": ["red", "blue"], "armies": {"red": a, "blue": b}}, seed=seed)
    make = make_ai if agent == "ai" else RandomAgent
    agents = {p: make(AgentContext(p, seed * 10 + i, rules, {}, game.players)) for i, p in enumerate(game.players)}
    lines = played_log(game, agents)
    assert game.result is not None
    return lines


def all_logs() -> str:
    rules = Hobgoblin()
    out = []
    for agent, seed in GAMES:
        out.append(f"=== {agent} v {agent}, seed {seed}")
        out += game_log(rules, agent, seed)
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    if "--write" in sys.argv:
        write_fixture(FIXTURE, all_logs())
