"""Hobgoblin's levels of play, ``ai-easy`` and ``ai-hard``, built on its AI by :mod:`skirmish.levels`.

A position is rated for a player by Victory Points and by the points of units still in play on each side (a
unit gathering Doom counts for less); look-ahead goes to the choices an activation turns on (which unit
activates, which target it shoots or fights), not to single steering manoeuvres, which the AI plans as a whole,
nor to Fortune Card responses (a 30-decision look rated every card and a pass alike).
"""

from __future__ import annotations

from typing import Any

import attrs

from skirmish import AgentContext, Decision, EasyAgent, Levels, LookAheadAgent, View, kinds_worth
from skirmish_hobgoblin.agents import make_ai
from skirmish_hobgoblin.ai import objectives
from skirmish_hobgoblin.ai.board import centre, ready, units_of
from skirmish_hobgoblin.rules import points_of

#: decision kinds worth a look-ahead
LOOKED_AT = frozenset({"activate", "shoot", "fight"})
#: a Victory Point counts as this many points of units in play
VP_WORTH = 150.0
#: a unit's worth falls by this share for each Doom token on it (at most half)
DOOM_SHARE = 0.08
#: ai-hard: how much the objectives' worth of where units stand (:func:`position`) counts
POSITION = 1.0


def evaluate(game: Any, seat: str) -> float:
    """Victory Points and units in play, mine less the enemy's, in hundreds of points."""
    state = game.state
    total = 0.0
    for p, side in state.sides.items():
        sign = 1.0 if p == seat else -1.0
        units = sum(u.points * (1.0 - min(0.5, DOOM_SHARE * u.doom)) for u in state.of(p))
        total += sign * (units / max(1, points_of(game.setup, p)) * 3000 + VP_WORTH * side.vp)
    return total / 100.0


def position(game: Any, seat: str) -> float:
    """What the scenario's objectives make of the units in play, as the AI rates them: where each stands
    (:func:`objectives.place_value`: markers held, touched or near) and what it scores while it stands
    (:func:`objectives.unit_worth`: a Character in Bathed in Glory, a building in Burn Them Out), in points, mine less
    the enemy's, each side from its own view."""
    total = 0.0
    for p in game.state.sides:
        view = View(game, p)
        here = sum(objectives.place_value(view, p, u, centre(u)) + objectives.unit_worth(view, p, u)
                   for u in units_of(view).values() if u["side"] == p and ready(u))
        total += here if p == seat else -here
    return total


def evaluate_hard(game: Any, seat: str) -> float:
    """ai-hard's rating, in hundreds of points: units in play (less for Doom) and Victory Points at the AI's own
    price (:data:`objectives.VP`), plus :data:`POSITION` times :func:`position`."""
    state = game.state
    total = 0.0
    for p, side in state.sides.items():
        sign = 1.0 if p == seat else -1.0
        units = sum(u.points * (1.0 - min(0.5, DOOM_SHARE * u.doom)) for u in state.of(p))
        total += sign * (units + objectives.VP * side.vp)
    return (total + POSITION * position(game, seat)) / 100.0


worth = kinds_worth(LOOKED_AT)


def tries(decision: Decision, answer: Any) -> bool:
    """Any answer but ending the side's activations: the AI decides when to stop (a look that stops reaches
    further into the round in as many decisions, and rated it best for that)."""
    return answer != "done"


def levels(ruleset: Any = None) -> Levels:
    return Levels(base=make_ai, evaluate=evaluate, worth=worth, tries=tries, samples=2, horizon=30, width=4, margin=0.3,
                  easy_share=1.0, easy_top=3, easy_horizon=15, blunder=1.0)


def make_easy(ctx: AgentContext) -> EasyAgent:
    return EasyAgent(levels(ctx.ruleset), ctx)


def hard_levels(ruleset: Any = None) -> Levels:
    """ai-hard's record: :func:`levels` with the position rated too (:func:`evaluate_hard`)."""
    return attrs.evolve(levels(ruleset), evaluate=evaluate_hard)


def make_hard(ctx: AgentContext) -> LookAheadAgent:
    return LookAheadAgent(hard_levels(ctx.ruleset), ctx)
