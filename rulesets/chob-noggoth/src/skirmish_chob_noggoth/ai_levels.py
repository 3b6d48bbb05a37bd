"""Chob-Noggoth's levels of play, ``ai-easy`` and ``ai-hard``, built on its AI by :mod:`skirmish.levels`.

A position is rated for a player by the Fingers each warband still has standing (the round-limit victory),
a wounded warrior counting for part of its cost; look-ahead goes to the activations and moves (ai-easy: roles too).
"""

from __future__ import annotations

from typing import Any

import attrs

from skirmish import AgentContext, Decision, EasyAgent, Levels, LookAheadAgent
from skirmish_chob_noggoth.ai import make_ai
from skirmish_chob_noggoth.state import READY, UNDEPLOYED

#: decision kinds worth a look-ahead
LOOKED_AT = frozenset({"actions", "moves", "role"})
HARD_LOOKED_AT = frozenset({"actions", "moves"})
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
    """ai-hard's record: :func:`levels` looking at activations and moves only, over three deals, never ending a step
    the AI would go on with (nor looking when the AI ends it). Rating the warriors' places as the AI does
    (``ChobAI.potential``) on top of the Fingers was measured weaker (12.5 of 37 games against the AI)."""
    return attrs.evolve(levels(ruleset), worth=hard_worth, tries=tries, samples=3)


def make_hard(ctx: AgentContext) -> LookAheadAgent:
    return LookAheadAgent(hard_levels(ctx.ruleset), ctx)
