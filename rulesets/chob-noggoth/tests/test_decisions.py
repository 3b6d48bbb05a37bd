"""Every decision Chob-Noggoth asks carries structured context, and every option its data."""

from __future__ import annotations

import pytest

from skirmish import Game, Registry, View
from skirmish.runner import agent_seed


@pytest.mark.parametrize("seed", range(6))
def test_every_decision_has_context_and_every_option_data(seed: int) -> None:
    registry = Registry()
    ruleset = registry.ruleset("chob-noggoth")
    red = ["The Bog Coven", "Shirley's Hirelings", "The Mudfoot Boys"][seed % 3]
    game = Game(ruleset, {"warbands": {"red": red, "blue": "The Iron Grudge Battery"}}, seed=seed, keep_log=False)
    agents = {p: registry.make_agent("random", ruleset, p, agent_seed(seed, i), game.players)
              for i, p in enumerate(game.players)}
    kinds = set()
    while game.pending is not None:
        d = game.pending
        kinds.add(d.kind)
        assert d.context, f"decision {d.kind!r} has no context"
        assert all(o.data for o in d.options), f"an option of {d.kind!r} has no data"
        if d.kind in ("moves", "actions", "eager"):
            assert all(o.data.get("actor") for o in d.options if o.value != "end")
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert {"edge", "deploy", "moves", "actions"} <= kinds
