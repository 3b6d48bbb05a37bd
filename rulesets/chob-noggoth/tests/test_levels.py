"""Chob-Noggoth's ai-hard looks only where the AI's own choice is in doubt, tries the AI's runners-up for the same
warrior, plays them to the end of the round and takes another answer than the AI's own only when its mean gain over
the same deals is beyond the noise (one copy whose dice ran well must not carry it); its looks are forced here, as
dice would be."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from skirmish import AgentContext, View
from skirmish.engine import Game
from skirmish.levels import rate_options
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


def _hard_at(game: Game, knobs: ai_levels.Playout = ai_levels.HARD) -> tuple[Any, Any, Any]:
    """A fresh ai-hard for the pending decision, and the AI's own answer there."""
    d = game.pending
    ctx = AgentContext(d.player, 1, game.ruleset, {}, game.players)
    hard = ai_levels.HardAgent(ai_levels.hard_levels(game.ruleset, knobs), ctx, knobs)
    own = make_ai(AgentContext(d.player, 1, game.ruleset, {}, game.players)).decide(View(game, d.player), d)
    return d, hard, own


def _runners_up(game: Game, d: Any, own: str) -> list[tuple[str, float]]:
    """The AI's scores of the other answers for the warrior it picked, best first, and its own answer's score."""
    scores = dict(make_ai(AgentContext(d.player, 1, game.ruleset, {}, game.players)).scores(View(game, d.player), d))
    same = sorted(((v, s) for v, s in scores.items() if v.split("|")[0] == own.split("|")[0] and v != own
                   and ai_levels.tries(d, v)), key=lambda row: -row[1])
    return [(own, scores[own]), *same]


@pytest.mark.parametrize(("gains", "taken"), [((0.5, 0.6, 0.4, 0.5, 0.5, 0.6, 0.4, 0.5, 0.5, 0.6, 0.4, 0.5), True),
                                              ((4.0,) + (-0.5,) * 11, False),
                                              ((0.3, -0.3) * 6, False)])
def test_ai_hard_leaves_the_ais_answer_only_for_a_mean_gain_beyond_the_noise(gains: tuple[float, ...], taken: bool):
    game = _round_eight()
    d, hard, own = _hard_at(game)

    def forced(view: Any, decision: Any, values: list[Any], samples: int, horizon: int) -> list[list[float]]:
        assert values[0] == own and samples == 12
        # the first runner-up gains ``gains`` over the AI's own on the twelve deals; the other loses a Finger on each
        return [[0.0] * 12, list(gains)] + [[-1.0] * 12] * (len(values) - 2)

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
    rows = _runners_up(game, d, own)
    assert hard.last[0] == [v for v, _ in rows[:3]]


@pytest.mark.parametrize("gap_above", [True, False])
def test_ai_hard_looks_only_where_the_ais_runner_up_is_close(gap_above: bool):
    """With attacks and first activations left out, a look is spent only when the AI's best runner-up for the warrior
    scores within ``close`` of its own answer: here ``close`` is set just below or just above the real gap."""
    game = _round_eight()
    rows = _runners_up(game, game.pending, _hard_at(game)[2])
    gap = rows[0][1] - rows[1][1]
    knobs = attrs.evolve(ai_levels.HARD, attacks=False, first=False, close=gap - 1e-6 if gap_above else gap + 1e-6)
    d, hard, own = _hard_at(game, knobs)
    assert len(hard.candidates(View(game, d.player), d, own)) == (1 if gap_above else 3)


def test_ai_hard_looks_at_a_steps_first_activation_whatever_the_gap():
    game = _round_eight()
    knobs = attrs.evolve(ai_levels.HARD, attacks=False, close=-99.0)
    d, hard, own = _hard_at(game, knobs)
    view = View(game, d.player)
    assert len(hard.candidates(view, d, own)) == 3  # the first activation of red's Moves step in round 8
    assert hard.candidates(view, d, own) == [own]  # the same step again: no longer its first


def test_ai_hard_falls_back_to_keep_a_won_game_where_the_ai_advances():
    """Round 8, the last: red leads by 18 Fingers standing to 7 (:func:`_round_eight`). The AI sends its Berserker
    on toward blue's Monster; ai-hard's look to the end of the round sees that the Monster's charge and the morale
    checks that follow can still cost red the game and falls back instead. Played out to the end of the game on 120
    deals with common dice by the AI on both sides, falling back wins more of them than the AI's advance."""
    game = _round_eight()
    d, hard, own = _hard_at(game)
    answer = hard.decide(View(game, d.player), d)
    assert own == "r5|advance|b2" and answer == "r5|back"
    check = attrs.evolve(ai_levels.hard_levels(game.ruleset), evaluate=lambda g, seat: 0.0, until=None)
    rated = rate_options(View(game, d.player), d, check, [own, answer], samples=120, horizon=300, seed=12345)
    own_wins, its_wins = (sum(r > 0 for r in rs_) for rs_ in rated)
    assert its_wins > own_wins


def test_ai_hard_is_the_registered_level():
    reg = worker_registry()
    game = Game(reg.ruleset("chob-noggoth"), None, seed=3, keep_log=False)
    agent = ai_levels.make_hard(AgentContext(game.players[0], 1, game.ruleset, {}, game.players))
    assert isinstance(agent, ai_levels.HardAgent) and agent.knobs == ai_levels.HARD
    assert agent.levels.until is not None and agent.levels.samples == 12 and agent.levels.dice_key is ai_levels.actor
