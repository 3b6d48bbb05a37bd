"""Chob-Noggoth's ai-hard takes another answer than the AI's own only when it rates better by a Finger on every deal
its look plays (one copy whose dice ran well must not carry it); its looks are forced here, as dice would be."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish import AgentContext, View
from skirmish.engine import Game
from skirmish.plugins import worker_registry
from skirmish.runner import drive
from skirmish_chob_noggoth import ai_levels
from skirmish_chob_noggoth.ai import make_ai


def _to_moves(seed: int) -> Game:
    """A game played by the AI up to its first Moves step decision."""
    rs = worker_registry().ruleset("chob-noggoth")
    game = Game(rs, None, seed=seed, keep_log=False)
    ais = {p: make_ai(AgentContext(p, 1, rs, {}, game.players)) for p in game.players}
    drive(game, ais, until=lambda d: d.kind == "moves")
    assert game.pending is not None
    return game


@pytest.mark.parametrize(("gain", "taken"), [((1.5, 1.2), True), ((3.0, 0.5), False), ((0.9, 0.9), False)])
def test_ai_hard_leaves_the_ais_answer_only_for_one_better_by_a_finger_on_every_deal(gain: tuple[float, float],
                                                                                    taken: bool):
    game = _to_moves(3)
    d = game.pending
    hard = ai_levels.make_hard(AgentContext(d.player, 1, game.ruleset, {}, game.players))
    own = make_ai(AgentContext(d.player, 1, game.ruleset, {}, game.players)).decide(View(game, d.player), d)

    def forced(view: Any, decision: Any, values: list[Any], samples: int, horizon: int) -> list[list[float]]:
        assert values[0] == own and samples == 2 and horizon == 12
        # the second answer tried gains ``gain`` Fingers on the two deals over the AI's own; the others lose
        return [[0.0, 0.0], list(gain)] + [[-1.0, -1.0]] * (len(values) - 2)

    hard._rate = forced  # type: ignore[method-assign]
    answer = hard.decide(View(game, d.player), d)
    tried = hard.last[0]
    assert len(tried) == 4
    assert answer == (tried[1] if taken else own)
