"""Goblin Uprising's levels of play for the heroes, ``ai-easy`` and ``ai-hard``, built on its AI hero by
:mod:`skirmish.levels`.

The heroes play together against the Tyrant, so a position is rated for every hero alike: the Tyrant's
Health lost, schemes foiled, the destruction track held back, heroes standing and their Health; look-ahead
goes to a hero's actions and the dice it keeps.
"""

from __future__ import annotations

from typing import Any

from skirmish import AgentContext, EasyAgent, Levels, LookAheadAgent, kinds_worth
from skirmish_goblin_uprising.ai import make_ai

#: decision kinds worth a look-ahead
LOOKED_AT = frozenset({"action", "roll"})
#: what each figure is worth to the heroes
TYRANT_HP, FOILED, MARKER, REMOVED, HERO_HP, KILLS, PROGRESS = 3.0, 4.0, 1.0, 6.0, 0.3, 0.5, 1.0


def evaluate(game: Any, seat: str) -> float:
    """The heroes' standing (the same for every hero: they win or lose together)."""
    s = game.state
    heroes = s.heroes.values()
    return (-TYRANT_HP * s.hp + FOILED * len(s.foiled) - MARKER * s.marker
            - REMOVED * sum(1 for h in heroes if h.removed) + HERO_HP * sum(h.hp for h in heroes if not h.removed)
            + KILLS * sum(h.kills for h in heroes) + PROGRESS * s.progress)


worth = kinds_worth(LOOKED_AT)


def levels(ruleset: Any = None) -> Levels:
    return Levels(base=make_ai, evaluate=evaluate, worth=worth, samples=2, horizon=40, width=3, margin=1.0,
                  easy_share=0.7, easy_top=3, easy_horizon=30, blunder=1.0)


def make_easy(ctx: AgentContext) -> EasyAgent:
    return EasyAgent(levels(ctx.ruleset), ctx)


def make_hard(ctx: AgentContext) -> LookAheadAgent:
    return LookAheadAgent(levels(ctx.ruleset), ctx)
