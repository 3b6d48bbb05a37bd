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
from skirmish.levels import beats
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
    if os.environ.get("CHOB_HARD", "old") != "old":
        return make_playout(ctx)
    return LookAheadAgent(hard_levels(ctx.ruleset), ctx)


# --- ai-hard by playouts to the end of the game, spent where the AI's own choice is in doubt -----------------------

import os  # noqa: E402

#: verbs of an attack (a look is spent on any activation that attacks or could)
ATTACKS = frozenset({"charge", "acharge", "shoot", "boomstick", "fight", "cast"})


def _verb(value: Any) -> str:
    parts = value.split("|") if isinstance(value, str) else []
    return parts[1] if len(parts) > 1 else ""


@attrs.frozen
class Playout:
    """How ai-hard's look plays: ``until`` "game" (to the end, rated by the win plus the Fingers margin as a tie-break)
    or "round" (to the end of the round both sides play, rated by Fingers and position); ``close`` (Fingers): a look
    when the AI's runner-up for the warrior scores within this of its own answer; ``attacks``: also when an answer tried
    attacks; ``first``: also at the side's first activation of a round."""

    until: str = "game"
    samples: int = 8
    width: int = 3
    close: float = 0.1
    attacks: bool = True
    first: bool = True
    tie: float = 1.0
    confidence: float = 1.0
    margin: float = 0.0


def _knobs() -> Playout:
    """The playout settings, from ``CHOB_HARD`` (``key=value,...``) for studies."""
    raw = os.environ.get("CHOB_HARD", "")
    fields = {f.name: f.type for f in attrs.fields(Playout)}
    kw: dict[str, Any] = {}
    for part in filter(None, raw.split(",")):
        k, v = part.split("=")
        t = fields[k]
        kw[k] = v if t in ("str", str) else (v == "1") if t in ("bool", bool) else float(v) if t in ("float", float) \
            else int(v)
    return Playout(**kw)


def final(game: Any, seat: str) -> float:
    """The Fingers standing (a won game adds WIN in the look, so this only breaks ties)."""
    return evaluate(game, seat)


def _end_of_round(view: Any, game: Any) -> bool:
    return game.round != view.game_round


class HardAgent(LookAheadAgent):
    """ai-hard: the AI, but where its choice is in doubt (runners-up close to its answer, an attack, the first
    activation of a round) it plays its answer and its best runners-up for the same warrior out on copies (the same
    deals and dice for each) and takes the one whose copies end best, when its mean gain beats the noise."""

    def __init__(self, levels: Levels, ctx: AgentContext, knobs: Playout) -> None:
        super().__init__(levels, ctx)
        self.knobs = knobs
        self._rounds: set[tuple[int, str]] = set()

    def candidates(self, view: Any, decision: Any, own: Any) -> list[Any]:
        """The AI's own answer and the runners-up worth a look, or only its own where a look would not matter."""
        k = self.knobs
        first = (view.game_round, decision.kind) not in self._rounds
        self._rounds.add((view.game_round, decision.kind))
        if decision.kind not in ("moves", "actions") or len(decision.options) < 2 or not tries(decision, own):
            return [own]
        scored = sorted(self.base.scores(view, decision), key=lambda row: -row[1])
        score = dict(scored)
        who = actor(own) if _verb(own) and _verb(own) != "end" else None
        if who is not None:
            rows = [(v, s) for v, s in scored if actor(v) == who and v != own and tries(decision, v)]
            mine = score.get(own, 0.0)
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

    def decide(self, view: Any, decision: Any) -> Any:
        own = self.base.decide(view, decision)
        values = self.candidates(view, decision, own)
        if len(values) < 2:
            return own
        lv = self.levels
        try:
            rated = self._rate(view, decision, values, lv.samples, lv.horizon)
        except Exception:  # noqa: BLE001 - a copy the AI could not finish: keep its answer
            self.failed += 1
            return own
        better = [i for i in range(1, len(values)) if beats(rated[i], rated[0], lv.margin, lv.confidence)]
        answer = values[max(better, key=lambda i: sum(rated[i]))] if better else own
        self.last = (values, [sum(r) / len(r) for r in rated], answer)
        return self._given(answer, own)


def playout_levels(ruleset: Any = None, knobs: Playout | None = None) -> Levels:
    """ai-hard's record for :class:`HardAgent`'s look (see :class:`Playout`)."""
    k = knobs or _knobs()
    if k.until == "game":
        return attrs.evolve(levels(ruleset), evaluate=lambda g, s: k.tie * final(g, s), phase=None, horizon=400,
                            dice_key=actor, samples=k.samples, width=k.width, margin=k.margin,
                            confidence=k.confidence)
    return attrs.evolve(levels(ruleset), evaluate=evaluate_hard, phase=None, until=_end_of_round, horizon=200,
                        dice_key=actor, samples=k.samples, width=k.width, margin=k.margin, confidence=k.confidence)


def make_playout(ctx: AgentContext) -> HardAgent:
    k = _knobs()
    return HardAgent(playout_levels(ctx.ruleset, k), ctx, k)
