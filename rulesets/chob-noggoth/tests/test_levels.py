"""Chob-Noggoth's ai-hard tries the AI's own runners-up and takes another answer than the AI's own only when its mean
gain over the same deals is well beyond the noise (one copy whose dice ran well must not carry it); its looks are
forced here, as dice would be."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish import AgentContext, View
from skirmish.engine import Game
from skirmish.plugins import worker_registry
from skirmish_chob_noggoth import ai_levels
from skirmish_chob_noggoth.ai import make_ai


def _round_eight() -> Game:
    """Round 8, the last, at red's Moves step (the game as the AI played it from seed 2, its answers replayed from a
    fixture so the AI's later changes do not move it): red leads by 18 Fingers standing to 7."""
    import json
    from pathlib import Path

    game = Game(worker_registry().ruleset("chob-noggoth"), None, seed=2, keep_log=False)
    for value in json.loads((Path(__file__).parent / "fixtures" / "levels_seed2_round8.json").read_text()):
        game.answer(value, game.pending.player)
    assert game.round == 8 and game.pending.kind == "moves"
    return game


def _hard_at(game: Game) -> tuple[Any, Any, Any]:
    """A fresh ai-hard for the pending decision, and the AI's own answer there."""
    d = game.pending
    hard = ai_levels.make_hard(AgentContext(d.player, 1, game.ruleset, {}, game.players))
    own = make_ai(AgentContext(d.player, 1, game.ruleset, {}, game.players)).decide(View(game, d.player), d)
    return d, hard, own


@pytest.mark.parametrize(("gains", "taken"), [((0.5, 0.6, 0.4, 0.5, 0.5, 0.6, 0.4, 0.5), True),
                                              ((3.0, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5), False),
                                              ((0.04,) * 8, False)])
def test_ai_hard_leaves_the_ais_answer_only_for_a_mean_gain_well_beyond_the_noise(gains: tuple[float, ...],
                                                                                   taken: bool):
    game = _round_eight()
    d, hard, own = _hard_at(game)

    def forced(view: Any, decision: Any, values: list[Any], samples: int, horizon: int) -> list[list[float]]:
        assert values[0] == own and samples == 8
        # the first runner-up gains ``gains`` over the AI's own on the eight deals; the other loses a Finger on each
        return [[0.0] * 8, list(gains)] + [[-1.0] * 8] * (len(values) - 2)

    hard._rate = forced  # type: ignore[method-assign]
    answer = hard.decide(View(game, d.player), d)
    tried = hard.last[0]
    assert answer == (tried[1] if taken else own)


def test_ai_hard_tries_the_ais_runners_up_for_the_warrior_it_picked():
    """Not options drawn at random: the two the AI itself scores next best for the same warrior (which warrior acts
    first changes little, the AI activates the others after it)."""
    game = _round_eight()
    d, hard, own = _hard_at(game)
    hard._rate = lambda view, decision, values, samples, horizon: [[0.0] * samples for _ in values]
    hard.decide(View(game, d.player), d)
    tried = hard.last[0]
    actor = own.split("|")[0]
    scores = dict(make_ai(AgentContext(d.player, 1, game.ruleset, {}, game.players)).scores(View(game, d.player), d))
    same = sorted((v for v in scores if v.split("|")[0] == actor and v != own and ai_levels.tries(d, v)),
                  key=lambda v: -scores[v])
    assert tried == [own, *same[:2]]
    assert all(v.split("|")[0] == actor for v in tried)


def test_ai_hard_falls_back_to_keep_a_won_game_where_the_ai_advances():
    """Round 8, the last: red leads by 18 Fingers standing to 7 (:func:`_round_eight`). The AI sends its Berserker
    on toward blue's Monster; ai-hard's look sees that the Monster's charge and the morale checks that follow can still
    cost red the game and falls back instead. Played out on 120 deals with common dice by the AI on both sides,
    falling back wins more of them than the AI's advance."""
    import attrs

    from skirmish.levels import rate_options

    game = _round_eight()
    rs = game.ruleset
    d, hard, own = _hard_at(game)
    answer = hard.decide(View(game, d.player), d)
    assert answer != own and answer.split("|")[0] == own.split("|")[0]
    check = attrs.evolve(ai_levels.hard_levels(rs), evaluate=lambda g, seat: 0.0, phase=None)
    rated = rate_options(View(game, d.player), d, check, [own, answer], samples=120, horizon=300, seed=12345)
    own_wins, its_wins = (sum(r > 0 for r in rs_) for rs_ in rated)
    assert its_wins > own_wins
