"""Chob-Noggoth's levels of play, ``ai-easy`` and ``ai-hard``, built on its AI by :mod:`skirmish.levels`.

A position is rated for a player by the Fingers each warband still has standing (the round-limit victory),
a wounded warrior counting for part of its cost; ``ai-easy``'s look goes to the activations and moves, and roles.
``ai-hard`` (:class:`HardAgent`) looks only where the AI's own choice is in doubt (its runners-up for the warrior
close to its answer, an attack, a step's first activation), plays the AI's answer and its runners-up with common
dice (:func:`actor`) to the end of the round, both sides acting, and rates the end by the Fingers standing and where
the warriors stand as the AI rates a spot (:func:`position`).
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


def tries(decision: Any, answer: Any) -> bool:
    """Any answer but a move to a point: the AI picks the point when it picks the move, which a copy cannot ask it."""
    return not (isinstance(answer, str) and answer.split("|")[1:2] in (["point"], ["apoint"]))


def actor(answer: Any) -> Any:
    """Whose dice an answer rolls: the warrior an activation names (its shot rolls the same dice whatever it shoots
    at, in every copy of a look), else the answer itself."""
    return answer.split("|", 1)[0] if isinstance(answer, str) else answer


#: verbs of an attack (a look is spent on any activation whose answer or runner-up attacks)
ATTACKS = frozenset({"charge", "acharge", "shoot", "boomstick", "fight", "cast"})


def _verb(value: Any) -> str:
    parts = value.split("|") if isinstance(value, str) else []
    return parts[1] if len(parts) > 1 else ""


@attrs.frozen
class Playout:
    """How ai-hard looks. ``until``: ``"round"`` plays each copy to the end of the round (both sides act) and rates it
    by :func:`evaluate_hard`; ``"game"`` to the end of the game, rated by the win (:data:`skirmish.levels.WIN`) with
    ``tie`` times the Fingers standing as a tie-break. A look is spent where the AI's best runner-up for the same
    warrior scores within ``close`` Fingers of its own answer, where an answer tried attacks (``attacks``) and at a
    side's first activation of a step (``first``); it tries ``width`` answers on ``samples`` deals, and leaves the AI's
    answer for one whose mean gain on the same deals beats ``margin`` by ``confidence`` standard errors."""

    until: str = attrs.field(default="round", validator=attrs.validators.in_(("round", "game")))
    samples: int = 12
    width: int = 3
    close: float = 0.1
    attacks: bool = True
    first: bool = True
    tie: float = 1.0
    confidence: float = 1.0
    margin: float = 0.0


#: ai-hard's settings, as measured in the README (the end of the round; 12 deals; three answers)
HARD = Playout()


def _end_of_round(view: Any, game: Any) -> bool:
    return game.round != view.game_round


class HardAgent(LookAheadAgent):
    """ai-hard: the AI, but where its choice is in doubt (a runner-up for the same warrior close to its answer, an
    attack, a step's first activation) it plays its answer and its best runners-up out on copies (the same deals and
    dice for each) and takes the one whose copies end best, when its mean gain beats the noise."""

    def __init__(self, levels: Levels, ctx: AgentContext, knobs: Playout = HARD) -> None:
        super().__init__(levels, ctx)
        self.knobs = knobs
        self._steps: set[tuple[int, str]] = set()

    def candidates(self, view: Any, decision: Any, own: Any) -> list[Any]:
        """The AI's own answer first and the runners-up worth a look (best first by :meth:`ChobAI.scores`): the same
        warrior's, or when the AI ends the step the best answer of each warrior left; only its own answer where a
        look would not matter."""
        k = self.knobs
        first = (view.game_round, decision.kind) not in self._steps
        self._steps.add((view.game_round, decision.kind))
        if decision.kind not in ("moves", "actions") or len(decision.options) < 2 or not tries(decision, own):
            return [own]
        scored = sorted(self.base.scores(view, decision), key=lambda row: -row[1])
        who = actor(own) if _verb(own) not in ("", "end") else None
        if who is not None:
            rows = [(v, s) for v, s in scored if actor(v) == who and v != own and tries(decision, v)]
            mine = dict(scored).get(own, 0.0)
        else:  # the AI ends the step: the best thing each warrior left could do, against doing nothing
            seen: set[str] = set()
            rows = []
            for v, s in scored:
                if actor(v) not in seen and tries(decision, v):
                    seen.add(actor(v))
                    rows.append((v, s))
            mine = 0.0
        rows = rows[:k.width - 1]
        if not rows:
            return [own]
        doubt = mine - rows[0][1] < k.close
        attack = k.attacks and any(_verb(v) in ATTACKS for v in [own, *(v for v, _ in rows)])
        if not (doubt or attack or (k.first and first)):
            return [own]
        return [own, *(v for v, _ in rows)]

    def _candidates(self, decision: Any, own: Any, width: int, view: Any = None) -> list[Any]:
        """The core look (:class:`~skirmish.LookAheadAgent`) tries :meth:`candidates`: rating, the rule for leaving
        the AI's answer and a copy that fails are the core's."""
        return self.candidates(view, decision, own)


def _every(view: Any, decision: Any) -> bool:
    """ai-hard asks :meth:`HardAgent.candidates` at every decision (it counts a step's activations there)."""
    return True


def hard_levels(ruleset: Any = None, knobs: Playout = HARD) -> Levels:
    """ai-hard's record for :class:`HardAgent`'s look (see :class:`Playout`), common dice by :func:`actor`."""
    k = knobs
    if k.until == "game":
        return attrs.evolve(levels(ruleset), evaluate=lambda g, s: k.tie * evaluate(g, s), worth=_every, phase=None,
                            horizon=400, dice_key=actor, samples=k.samples, width=k.width, margin=k.margin,
                            confidence=k.confidence)
    return attrs.evolve(levels(ruleset), evaluate=evaluate_hard, worth=_every, phase=None, until=_end_of_round,
                        horizon=200, dice_key=actor, samples=k.samples, width=k.width, margin=k.margin,
                        confidence=k.confidence)


def make_easy(ctx: AgentContext) -> EasyAgent:
    return EasyAgent(levels(ctx.ruleset), ctx)


def make_hard(ctx: AgentContext) -> HardAgent:
    return HardAgent(hard_levels(ctx.ruleset), ctx)
