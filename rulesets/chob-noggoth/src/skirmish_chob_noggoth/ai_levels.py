"""Chob-Noggoth's levels of play, ``ai-easy`` and ``ai-hard``, built on its AI by :mod:`skirmish.levels`.

A position is rated for a player by the Fingers each warband still has standing (the round-limit victory),
a wounded warrior counting for part of its cost; look-ahead goes to the activations and moves, and roles.
"""

from __future__ import annotations

from typing import Any

import attrs

from skirmish import AgentContext, Decision, EasyAgent, Levels, LookAheadAgent, View
from skirmish_chob_noggoth.ai import make_ai
from skirmish_chob_noggoth.ai.situation import Situation
from skirmish_chob_noggoth.state import READY, UNDEPLOYED

#: decision kinds worth a look-ahead
LOOKED_AT = frozenset({"actions", "moves", "role"})
HARD_LOOKED_AT = frozenset({"actions", "moves"})
#: the share of a warrior's cost that rides on its wounds (the rest is kept while it stands)
WOUNDED = 0.5
#: ai-hard: how much the warriors' positions (:func:`position`) count beside the Fingers standing
POSITION = 1.0


def evaluate(game: Any, seat: str) -> float:
    """Fingers standing, mine less the enemy's (a warrior counted down by its lost wounds)."""
    total = 0.0
    for w in game.state.warriors.values():
        if w.status not in (READY, UNDEPLOYED):
            continue
        share = 1.0 - WOUNDED * (1.0 - w.wounds / max(1, w.max_wounds))
        total += w.cost * share if w.side == seat else -w.cost * share
    return total


def position(game: Any, seat: str) -> float:
    """Where the warriors stand, as the AI rates a spot (:meth:`ChobAI.potential`: the best shot or charge a warrior
    will have, less the worst an enemy can make at it, a shrine in reach), mine less the enemy's; each side rated
    by an AI of its own seat, in Fingers."""
    total = 0.0
    for p in game.state.sides:
        ai = make_ai(AgentContext(p, 0, game.ruleset, {}, game.players))
        sit = Situation(ai, View(game, p))
        here = sum(ai.here(sit, w) for w in sit.mine)
        total += here if p == seat else -here
    return total


def evaluate_hard(game: Any, seat: str) -> float:
    """:func:`evaluate` plus :data:`POSITION` times :func:`position` (ai-hard's rating: a short look then tells
    a move that sets up a charge or a shot, or keeps out of one, from one that does not)."""
    return evaluate(game, seat) + POSITION * position(game, seat)


def worth(view: Any, decision: Decision) -> bool:
    return decision.kind in LOOKED_AT and len(decision.options) >= 2


def levels(ruleset: Any = None) -> Levels:
    return Levels(base=make_ai, evaluate=evaluate, worth=worth, samples=2, horizon=12, width=4, margin=1.0,
                  easy_share=0.9, easy_top=3, easy_horizon=6, blunder=1.0)


def make_easy(ctx: AgentContext) -> EasyAgent:
    return EasyAgent(levels(ctx.ruleset), ctx)


def hard_worth(view: Any, decision: Decision) -> bool:
    """ai-hard looks at activations and moves, not at roles: a role lasts the game, far beyond a look."""
    return decision.kind in HARD_LOOKED_AT and len(decision.options) >= 2


def tries(decision: Decision, answer: Any) -> bool:
    """Any answer but ending the step: the AI decides when to stop (a look that stops reaches further into the
    round in as many decisions)."""
    return answer != "end"


def hard_levels(ruleset: Any = None) -> Levels:
    """ai-hard's record: :func:`levels` with the position rated too (:func:`evaluate_hard`), activations and moves
    looked at over three deals, never ending a step the AI would go on with."""
    return attrs.evolve(levels(ruleset), evaluate=evaluate_hard, worth=hard_worth, tries=tries, samples=3)


def make_hard(ctx: AgentContext) -> LookAheadAgent:
    return LookAheadAgent(hard_levels(ctx.ruleset), ctx)
