"""Chob-Noggoth's levels of play, ``ai-easy`` and ``ai-hard``, built on its AI by :mod:`skirmish.levels`.

A position is rated for a player by the Fingers each warband still has standing (the round-limit victory),
a wounded warrior counting for part of its cost; look-ahead goes to the activations and moves, and roles.
``ai-hard`` also rates where the warriors stand as the AI does (:func:`position`), tries the AI's own runners-up
(:func:`rank`) with common dice (:func:`actor`) and plays each to the end of the next step (:func:`step`).
"""

from __future__ import annotations

from typing import Any

import attrs

from skirmish import AgentContext, EasyAgent, Levels, LookAheadAgent, View, kinds_worth
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

#: ai-hard: how much each warrior's place counts at the end of a look (the AI's potential where it stands: the shot
#: or charge it will have, less the danger it stands in), each side rated by an AI of its own seat
POSITION = 0.5
_raters: dict[tuple[int, str], Any] = {}


def position(game: Any, seat: str) -> float:
    """The AI's rating of where the warriors stand, mine less the enemy's, each side from its own view."""
    total = 0.0
    for p in game.players:
        key = (id(game.ruleset), p)
        ai = _raters.get(key)
        if ai is None:
            ai = _raters[key] = make_ai(AgentContext(p, 0, game.ruleset, {}, game.players))
        sit = ai.situation(View(game, p))
        mine = sum(ai.potential(sit, w, w.x, w.y) for w in sit.mine)
        total += mine if p == seat else -mine
    return total


def evaluate_hard(game: Any, seat: str) -> float:
    """:func:`evaluate` with where the warriors stand (:func:`position`, weighed by POSITION)."""
    return evaluate(game, seat) + POSITION * position(game, seat)


def levels(ruleset: Any = None) -> Levels:
    return Levels(base=make_ai, evaluate=evaluate, worth=worth, samples=2, horizon=12, width=4, margin=1.0,
                  easy_share=0.9, easy_top=3, easy_horizon=6, blunder=1.0)


def rank(ai: Any, view: Any, decision: Any, own: Any) -> list[Any]:
    """The AI's runners-up at an activation, best first by its own scores: the other things the warrior it picked
    could do (which warrior acts first changes little: the AI activates the others after it), or, when it ends the
    step, the best thing each warrior left could do. Other decisions (a Hero's role): the options as offered."""
    if decision.kind not in ("moves", "actions", "eager"):
        return [o.value for o in decision.options]
    actor = own.split("|", 1)[0] if isinstance(own, str) and "|" in own else None
    scored = sorted(ai.scores(view, decision), key=lambda row: -row[1])
    if actor is not None:
        return [value for value, _score in scored if value.split("|", 1)[0] == actor]
    seen: set[str] = set()
    best = []
    for value, _score in scored:
        who = value.split("|", 1)[0]
        if who not in seen:
            seen.add(who)
            best.append(value)
    return best


def tries(decision: Any, answer: Any) -> bool:
    """Any answer but a move to a point: the AI picks the point when it picks the move, which a copy cannot ask it."""
    return not (isinstance(answer, str) and answer.split("|")[1:2] in (["point"], ["apoint"]))


def actor(answer: Any) -> Any:
    """Whose dice an answer rolls: the warrior an activation names (its shot rolls the same dice whatever it shoots
    at, in every copy of a look), else the answer itself."""
    return answer.split("|", 1)[0] if isinstance(answer, str) else answer


def step(game: Any) -> tuple[int, str]:
    """Which step of which round a game is in (a look plays to the end of a step)."""
    return game.round, game.phase


def hard_levels(ruleset: Any = None) -> Levels:
    """ai-hard's record: at each activation it plays the AI's own answer and the two next best the AI rates for the
    same warrior (or, when the AI ends the step, the best two warriors left) on eight deals with common dice, to the
    end of the next step, rates the end by the Fingers standing and where the warriors stand (:func:`evaluate_hard`),
    and leaves the AI's answer for one whose mean gain beats 0.05 by 1.5 standard errors."""
    return attrs.evolve(levels(ruleset), evaluate=evaluate_hard, rank=rank, tries=tries, phase=step, phases=2,
                        dice_key=actor, samples=8, horizon=40, width=3, margin=0.05, confidence=1.5)


def make_easy(ctx: AgentContext) -> EasyAgent:
    return EasyAgent(levels(ctx.ruleset), ctx)


def make_hard(ctx: AgentContext) -> LookAheadAgent:
    return LookAheadAgent(hard_levels(ctx.ruleset), ctx)
