"""A ruleset's labels for a person (``Ruleset.option_labels``: how far a move really gets, a manoeuvre the rules
refuse at any distance) are worked out only where a screen shows the question: an AI game never asks for them, so
studies never pay for them."""

from __future__ import annotations

import pytest

from skirmish.agents import View
from skirmish.engine import Game
from skirmish.plugins import worker_registry
from skirmish.runner import seat_agents


@pytest.mark.parametrize("name", ["hobgoblin", "chob-noggoth", "goblin-uprising"])
def test_ai_games_never_work_out_a_persons_labels(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    reg = worker_registry()
    rs = reg.ruleset(name)

    def refuse(self, game, decision):  # noqa: ANN001, ANN202
        raise AssertionError("an agent's game worked out a person's labels")

    monkeypatch.setattr(type(rs), "option_labels", refuse)
    game = Game(rs, None, seed=1001, keep_log=False)
    agents = seat_agents(reg, game, {p: "ai" for p in game.players})
    while game.pending is not None and game.decisions < 20000:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert game.result is not None
