"""Chob-Noggoth's ai-hard rates a position as the AI rates a spot (``ai_levels.position``), so a short look tells
moves apart that the Fingers standing alone rate alike."""

from __future__ import annotations

from skirmish import AgentContext, View
from skirmish.engine import Game
from skirmish.levels import rate_options
from skirmish.plugins import worker_registry
from skirmish_chob_noggoth import ai_levels
from skirmish_chob_noggoth.ai import make_ai


def _first_moves(seed: int) -> Game:
    """A game played by the AI up to its first Moves step decision."""
    rs = worker_registry().ruleset("chob-noggoth")
    game = Game(rs, None, seed=seed, keep_log=False)
    ais = {p: make_ai(AgentContext(p, 1, rs, {}, game.players)) for p in game.players}
    while game.pending is not None and game.pending.kind != "moves":
        d = game.pending
        game.answer(ais[d.player].decide(View(game, d.player), d), d.player)
    assert game.pending is not None
    return game


def test_ai_hard_look_rates_where_a_move_ends():
    game = _first_moves(3)
    d = game.pending
    view = View(game, d.player)
    # one warrior's moves: towards an enemy, back to its edge, or stay; no die is rolled and nobody falls
    actor = next(o.data["actor"] for o in d.options if o.data.get("action") == "back")
    moves = [o.value for o in d.options if o.data.get("actor") == actor
             and o.data.get("action") in ("advance", "back", "hold")]
    assert len(moves) == 3
    fingers = rate_options(view, d, ai_levels.levels(), moves, samples=1, horizon=0, seed=1)
    rated = rate_options(view, d, ai_levels.hard_levels(), moves, samples=1, horizon=0, seed=1)
    assert len({r[0] for r in fingers}) == 1  # the Fingers standing cannot tell them apart
    assert len({round(r[0], 6) for r in rated}) == 3  # where the warrior stands can
    for value, (rating,) in zip(moves, rated, strict=True):
        copy = view.sandbox(0)
        copy.answer(value, d.player)
        expected = ai_levels.evaluate(copy, d.player) + ai_levels.POSITION * ai_levels.position(copy, d.player)
        assert abs(rating - expected) < 1e-9


def test_position_is_mine_less_the_enemys():
    game = _first_moves(3)
    red, blue = game.players
    assert ai_levels.position(game, red) == -ai_levels.position(game, blue)
    assert ai_levels.position(game, red) != 0.0


def test_ai_hard_plays_with_the_position_term():
    rs = worker_registry().ruleset("chob-noggoth")
    agent = ai_levels.make_hard(AgentContext("red", 1, rs, {}, ("red", "blue")))
    assert agent.levels.evaluate is ai_levels.evaluate_hard
    easy = ai_levels.make_easy(AgentContext("red", 1, rs, {}, ("red", "blue")))
    assert easy.levels.evaluate is ai_levels.evaluate  # ai-easy's short look rates the Fingers only, as measured
