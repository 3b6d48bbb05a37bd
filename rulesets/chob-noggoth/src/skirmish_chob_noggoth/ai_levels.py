"""Chob-Noggoth's levels of play, ``ai-easy`` and ``ai-hard``, built on its AI by :mod:`skirmish.levels`.

A position is rated for a player by the Fingers each warband still has standing (the round-limit victory),
a wounded warrior counting for part of its cost; look-ahead goes to the activations and moves, and roles.
"""

from __future__ import annotations

from typing import Any

from skirmish import AgentContext, EasyAgent, Levels, LookAheadAgent, kinds_worth
from skirmish_chob_noggoth.ai import make_ai
from skirmish_chob_noggoth.state import READY, UNDEPLOYED

#: decision kinds worth a look-ahead
LOOKED_AT = frozenset({"actions", "moves", "role"})
#: the share of a warrior's cost that rides on its wounds (the rest is kept while it stands)
WOUNDED = 0.5


def evaluate(game: Any, seat: str) -> float:
    """Fingers standing, mine less the enemy's (a warrior counted down by its lost wounds)."""
    total = 0.0
    for w in game.state.warriors.values():
        if w.status not in (READY, UNDEPLOYED):
            continue
        share = 1.0 - WOUNDED * (1.0 - w.wounds / max(1, w.max_wounds))
        total += w.cost * share if w.side == seat else -w.cost * share
    return total


worth = kinds_worth(LOOKED_AT)


def levels(ruleset: Any = None) -> Levels:
    return Levels(base=make_ai, evaluate=evaluate, worth=worth, samples=2, horizon=12, width=4, margin=1.0,
                  easy_share=0.9, easy_top=3, easy_horizon=6, blunder=1.0)


def make_easy(ctx: AgentContext) -> EasyAgent:
    return EasyAgent(levels(ctx.ruleset), ctx)


def make_hard(ctx: AgentContext) -> LookAheadAgent:
    return LookAheadAgent(levels(ctx.ruleset), ctx)
