"""The AI plays the same whether the game keeps its log or not. Studies, look-aheads and the runner play with the log
off (it is counted, not stored); a person's game keeps it. An AI that read the log (Hobgoblin's hit-cutting cards
did) played otherwise in studies than against a person, so a study measured another AI."""

from __future__ import annotations

import pytest

from skirmish.agents import View
from skirmish.engine import Game
from skirmish.plugins import worker_registry
from skirmish.runner import seat_agents

RULESETS = ("hobgoblin", "chob-noggoth", "goblin-uprising")


def _answers(name: str, seed: int, keep_log: bool) -> list[str]:
    reg = worker_registry()
    game = Game(reg.ruleset(name), None, seed=seed, keep_log=keep_log)
    agents = seat_agents(reg, game, {p: "ai" for p in game.players})
    out = []
    while game.pending is not None and game.decisions < 20000:
        d = game.pending
        answer = agents[d.player].decide(View(game, d.player), d)
        out.append(f"{d.player} {d.kind} {answer!r}")
        game.answer(answer, d.player)
    out.append(f"result {game.result}")
    return out


@pytest.mark.parametrize("name", RULESETS)
def test_the_ai_plays_the_same_game_with_the_log_kept_or_not(name: str) -> None:
    for seed in (1, 2):
        kept, counted = _answers(name, seed, True), _answers(name, seed, False)
        first = next((i for i, (a, b) in enumerate(zip(kept, counted, strict=False)) if a != b), None)
        assert kept == counted, f"seed {seed}: decision {first}: {kept[first] if first is not None else ''}"
