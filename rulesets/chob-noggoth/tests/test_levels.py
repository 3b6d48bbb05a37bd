"""Chob-Noggoth's ai-hard looks where a short look can tell answers apart: the activations and moves, never a role
(it lasts the game) and never ending a step (a look that stops reaches further in as many decisions)."""

from __future__ import annotations

from skirmish import AgentContext, View
from skirmish.engine import Game
from skirmish.plugins import worker_registry
from skirmish_chob_noggoth import ai_levels
from skirmish_chob_noggoth.ai import make_ai


def _to(kind: str, seed: int) -> Game:
    """A game played by the AI up to its first decision of ``kind``."""
    rs = worker_registry().ruleset("chob-noggoth")
    game = Game(rs, None, seed=seed, keep_log=False)
    ais = {p: make_ai(AgentContext(p, 1, rs, {}, game.players)) for p in game.players}
    while game.pending is not None and game.pending.kind != kind:
        d = game.pending
        game.answer(ais[d.player].decide(View(game, d.player), d), d.player)
    assert game.pending is not None
    return game


def _hard(game: Game) -> object:
    return ai_levels.make_hard(AgentContext(game.pending.player, 1, game.ruleset, {}, game.players))


def test_ai_hard_takes_the_ais_role_without_a_look():
    game = _to("role", 3)
    d = game.pending
    assert len(d.options) >= 2
    hard = _hard(game)
    own = make_ai(AgentContext(d.player, 1, game.ruleset, {}, game.players)).decide(View(game, d.player), d)
    assert hard.decide(View(game, d.player), d) == own
    assert hard.looked == 0  # ai-easy would look here: ai_levels.levels() still lists roles
    assert ai_levels.levels().worth(View(game, d.player), d)


def test_ai_hard_looks_at_moves_but_never_tries_ending_the_step():
    game = _to("moves", 3)
    d = game.pending
    hard = _hard(game)
    assert "end" in {o.value for o in d.options}
    own = next(o.value for o in d.options if o.value != "end")
    for _ in range(20):
        tried = hard._candidates(d, own, 4)
        assert tried[0] == own and "end" not in tried and len(tried) == 4
    hard.decide(View(game, d.player), d)
    assert hard.looked == 1 and hard.failed == 0
