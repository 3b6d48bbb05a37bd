"""Levels of play built on any ruleset's AI: an easier one and a look-ahead one.

A ruleset describes its AI to this module once, in a :class:`Levels` record (its AI's factory, how it
rates a position, which decisions are worth a look), and gets two agents:

- :class:`EasyAgent`: the AI, except that at some decisions worth a look it takes one of the few answers a
  short look rates best, at random; never one rated a blunder (well below the best) when a better exists;
- :class:`LookAheadAgent`: the AI, except that at decisions worth a look it plays each of a few answers
  (drawn at random, or the AI's own runners-up when the record can ``rank`` them) out on copies of the game
  (the AI playing every seat for ``horizon`` decisions, or to the end of a step or round) and keeps the answer
  whose copies end best, when it beats the AI's own answer by a margin on every deal (or, with ``confidence``,
  on the mean of the same deals by that many standard errors).

Every copy comes from :meth:`skirmish.agents.View.sandbox`: the ruleset's ``determinize`` re-deals what
the seat cannot know (other hands, deck order) and the future dice, so a look-ahead never reads another
seat's hidden cards. See ``docs/levels.rst`` for giving a homebrew ruleset its levels.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from skirmish.agents import View
from skirmish.errors import SkirmishError
from skirmish.specs import AgentContext

if TYPE_CHECKING:
    from skirmish.decisions import Decision
    from skirmish.engine import Game

__all__ = ["EasyAgent", "Levels", "LookAheadAgent", "beats", "outcome_value", "plausible", "rate_options"]

#: what a won game is worth in a look-ahead (a lost one: minus this), above any position's rating
WIN = 1000.0


def many_options(view: View, decision: Decision) -> bool:
    """The default of :attr:`Levels.worth`: any decision offering at least two answers (options, or a form's
    examples)."""
    return len(decision.options or decision.examples) >= 2


def kinds_worth(kinds: Iterable[str]) -> Callable[[View, Decision], bool]:
    """A :attr:`Levels.worth` for decisions of these kinds that offer at least two options."""
    looked_at = frozenset(kinds)

    def worth(view: View, decision: Decision) -> bool:
        return decision.kind in looked_at and len(decision.options) >= 2

    return worth


@attrs.frozen
class Levels:
    """How a ruleset's AI plays at other levels.

    ``base`` builds the ruleset's AI (it answers every decision not worth a look, and plays every seat in
    the look-ahead); ``evaluate(game, seat)`` rates a position for ``seat``'s side, higher better (a finished
    game adds :data:`WIN` for a win); ``worth(view, decision)`` says where a look pays.
    """

    base: Callable[[AgentContext], Any]
    evaluate: Callable[[Game, str], float]
    worth: Callable[[View, Decision], bool] = many_options
    #: which answers a look may try besides the AI's own (``tries(decision, answer)``; by default all): leave out
    #: answers a short look cannot rate fairly (ending a turn reaches further into the game in as many decisions);
    #: when the AI's own answer is one of those, there is no look
    tries: Callable[[Decision, Any], bool] | None = None
    #: look-ahead (ai-hard): deals of the unknown per answer, decisions played out, answers tried
    samples: int = 2
    horizon: int = 30
    width: int = 5
    #: how much better than the AI's own answer another must rate to be taken instead (in ``evaluate``'s units)
    margin: float = 0.0
    #: the AI's runners-up, ``rank(ai, view, decision, own)``: the answers worth comparing with its own answer ``own``,
    #: best first by the AI's own ratings (``ai`` is the agent ``base`` built, that gave ``own``). When given, a look
    #: tries the first ``width - 1`` of them, not answers drawn at random; None keeps the random draw
    rank: Callable[[Any, View, Decision, Any], Sequence[Any]] | None = None
    #: where a look stops besides ``horizon``: when ``phase(game)`` (a step, a round) has changed ``phases`` times
    #: since the answer was given, so every copy stops at the same point of the game (None: ``horizon`` only)
    phase: Callable[[Game], Any] | None = None
    phases: int = 1
    #: common dice, ``dice_key(answer)``: in a copy, the dice after each answer are drawn from a seed made of the deal,
    #: the step (round and phase), the seat and ``dice_key`` of the answer (say, the piece that acts), so copies where
    #: that piece acts at that step roll the same dice for it, whatever came before: what differs between two answers'
    #: copies is then what the answers did, not how the dice fell (otherwise one answer that rolls a die more shifts
    #: every later roll). None: one seed per deal, at the start
    dice_key: Callable[[Any], Any] | None = None
    #: the rule for leaving the AI's answer: None, better by ``margin`` on every deal; a number z, its mean gain
    #: over the AI's own on the same deals beats ``margin`` by z standard errors of that mean (for many deals)
    confidence: float | None = None
    #: (another way to the same end as ``rank``) which answers a look tries, best first
    #: (``candidates(view, decision, own, width)``: the AI's own answer first, at most ``width`` in all; only
    #: ``[own]`` for no look); by default the AI's own and others drawn at random
    candidates: Callable[[View, Decision, Any, int], list[Any]] | None = None
    #: where a look's copy stops before ``horizon`` decisions (``until(view, game)``: ``view`` the seat's view where
    #: the look began, ``game`` the copy; the end of the round, say); by default only the decision count
    until: Callable[[View, Game], bool] | None = None
    #: how another answer beats the AI's own: ``"every"`` by more than ``margin`` on every deal, ``"mean"`` by more
    #: than ``margin`` on average over the deals (the same deals and dice for every answer; ``confidence`` 0)
    rule: str = attrs.field(default="every", validator=attrs.validators.in_(("every", "mean")))
    #: who plays a seat in a look's copies, ``seat_agent(game, ctx)`` (``game`` the copy, ``ctx`` the seat's
    #: context): an opponent whose procedure is public (a printed solo opponent) may be played by it, not by the AI;
    #: by default ``base(ctx)`` for every seat
    seat_agent: Callable[[Game, AgentContext], Any] | None = None
    #: ai-easy: the share of decisions worth a look where it departs from the AI, among how many of the best,
    #: with what short look; an answer rated ``blunder`` below the best is never its pick
    easy_share: float = 0.5
    easy_top: int = 3
    easy_horizon: int = 10
    blunder: float = 1.0


def outcome_value(game: Game, seat: str, evaluate: Callable[[Game, str], float]) -> float:
    """A position's worth for ``seat``: ``evaluate``, plus :data:`WIN` for a won game (minus for a lost one)."""
    value = evaluate(game, seat)
    result = game.result
    if result is not None and not result.draw:
        value += WIN if seat in result.winning_seats else -WIN
    return value


def stable_seed(*parts: Any) -> int:
    """A seed from ``parts`` that is the same in every process (``hash`` of a string is not)."""
    return zlib.crc32(repr(parts).encode())


def rollout(view: View, value: Any, levels: Levels, sample: int, horizon: int, seed: int) -> float:
    """Answer ``value`` on a copy holding what ``view``'s seat knows, let the AI play every seat for
    ``horizon`` decisions, and rate the result for the seat."""
    game = view.sandbox(sample)
    game.rng.reseed(stable_seed(seed, view.game_round, game.decisions, sample))
    seat = view.player
    phase = levels.phase
    mark = phase(game) if phase is not None else None
    changes = 0
    key = levels.dice_key
    if key is not None:
        game.rng.reseed(stable_seed(seed, sample, game.round, game.phase, seat, key(value)))
    game.answer(value, seat)
    agents: dict[str, Any] = {}
    ruleset = game.ruleset
    players = game.players
    until = levels.until
    for _ in range(horizon):
        decision = game.pending
        if decision is None or (until is not None and until(view, game)):
            break
        if phase is not None:
            now = phase(game)
            if now != mark:
                changes, mark = changes + 1, now
                if changes >= levels.phases:
                    break
        who = decision.player
        agent = agents.get(who)
        if agent is None:
            ctx = AgentContext(who, stable_seed(seed, who, sample), ruleset, {}, players)
            agent = agents[who] = levels.base(ctx) if levels.seat_agent is None else levels.seat_agent(game, ctx)
        answer = agent.decide(View(game, who), decision)
        if key is not None:
            game.rng.reseed(stable_seed(seed, sample, game.round, game.phase, who, key(answer)))
        game.answer(answer, who)
    return outcome_value(game, seat, levels.evaluate)


def rate_options(view: View, decision: Decision, levels: Levels, values: Sequence[Any], *, samples: int,
                 horizon: int, seed: int) -> list[list[float]]:
    """The rating of each answer in ``values`` on each of ``samples`` deals (the same deals for every answer)."""
    return [[rollout(view, value, levels, s, horizon, seed) for s in range(samples)] for value in values]


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def answers_of(decision: Decision) -> list[Any]:
    """The answers a look may try: the options, or a form's examples."""
    return [o.value for o in decision.options] if decision.options else list(decision.examples)


def _same(a: Any, b: Any) -> bool:
    return a == b or (isinstance(a, str) and isinstance(b, str) and a.lower() == b.lower())


class _Leveled:
    """Common ground: the ruleset's AI, a seeded rng, and the candidates for a look."""

    def __init__(self, levels: Levels, ctx: AgentContext) -> None:
        self.levels = levels
        self.ctx = ctx
        self.player = ctx.player
        self.seed = ctx.seed
        self.rng = random.Random(ctx.seed ^ 0x5EED)
        self.base = levels.base(ctx)
        #: decisions looked at and look-aheads that failed (a rollout the AI could not finish), for studies
        self.looked = 0
        self.failed = 0
        #: the last look: the answers rated, their ratings and the answer given (for tests and explanations)
        self.last: tuple[list[Any], list[float], Any] | None = None

    def _given(self, answer: Any, own: Any) -> Any:
        """``answer`` given instead of the AI's ``own``: the AI may have planned for its own (a route, a point
        to move to), so it is made afresh and plans again from the next decision."""
        if not _same(answer, own):
            self.base = self.levels.base(self.ctx)
        return answer

    def _candidates(self, decision: Decision, own: Any, width: int, view: View | None = None) -> list[Any]:
        """The AI's own answer first, then up to ``width - 1`` other options (:attr:`Levels.candidates`' list, or the
        AI's runners-up when the record can ``rank`` them and ``view`` is given, else at random when more are
        offered); none when the AI's own is one a look may not try (a look could not rate it fairly against the
        others)."""
        tries = self.levels.tries
        if self.levels.candidates is not None and view is not None:
            return self.levels.candidates(view, decision, own, width)
        if tries is not None and not tries(decision, own):
            return [own]
        rank = self.levels.rank
        if rank is not None and view is not None:
            offered = answers_of(decision)
            ranked = [v for v in rank(self.base, view, decision, own) if any(_same(v, o) for o in offered)]
        else:
            ranked = answers_of(decision)
        others = []
        for v in ranked:
            if not _same(v, own) and (tries is None or tries(decision, v)) and not any(_same(v, o) for o in others):
                others.append(v)
        if len(others) > width - 1:
            others = others[:width - 1] if rank is not None and view is not None else self.rng.sample(others, width - 1)
        return [own, *others]

    def _rate(self, view: View, decision: Decision, values: list[Any], samples: int,
              horizon: int) -> list[list[float]]:
        self.looked += 1
        return rate_options(view, decision, self.levels, values, samples=samples, horizon=horizon,
                            seed=stable_seed(self.seed, view.game_round, self.looked))


class LookAheadAgent(_Leveled):
    """ai-hard: the ruleset's AI with look-ahead at the decisions worth it (see the module notes)."""

    def decide(self, view: View, decision: Decision) -> Any:
        own = self.base.decide(view, decision)
        lv = self.levels
        if not lv.worth(view, decision):
            return own
        values = self._candidates(decision, own, lv.width, view)
        if len(values) < 2:
            return own
        try:
            rated = self._rate(view, decision, values, lv.samples, lv.horizon)
        except (SkirmishError, NotImplementedError):
            self.failed += 1
            return own
        confidence = 0.0 if lv.confidence is None and lv.rule == "mean" else lv.confidence
        better = [i for i in range(1, len(values)) if beats(rated[i], rated[0], lv.margin, confidence)]
        answer = values[max(better, key=lambda i: _mean(rated[i]))] if better else own
        self.last = (values, [_mean(r) for r in rated], answer)
        return self._given(answer, own)


class EasyAgent(_Leveled):
    """ai-easy: the ruleset's AI, but at a share of the decisions worth a look it takes one of the few answers a
    short look rates best, at random, and never one rated a blunder when a better one exists."""

    def decide(self, view: View, decision: Decision) -> Any:
        own = self.base.decide(view, decision)
        lv = self.levels
        if not lv.worth(view, decision) or self.rng.random() >= lv.easy_share:
            return own
        values = self._candidates(decision, own, max(lv.width, lv.easy_top + 1), view)
        if len(values) < 2:
            return own
        try:
            rated = [_mean(r) for r in self._rate(view, decision, values, 1, lv.easy_horizon)]
        except (SkirmishError, NotImplementedError):
            self.failed += 1
            return own
        answer = self.rng.choice(plausible(values, rated, lv.easy_top, lv.blunder))
        self.last = (values, rated, answer)
        return self._given(answer, own)


def beats(rated: Sequence[float], own: Sequence[float], margin: float, confidence: float | None) -> bool:
    """Whether an answer rated ``rated`` on each deal beats the AI's own (``own``, the same deals).

    Without ``confidence``, it must be better by ``margin`` on every deal: one lucky deal (a game won in a copy)
    must not carry it. With it, its mean gain must beat ``margin`` by ``confidence`` standard errors of the mean
    gain (the deals are shared, so the gains are paired and what both answers would suffer alike cancels)."""
    gains = [r - o for r, o in zip(rated, own, strict=True)]
    if confidence is None:
        return min(gains) > margin
    n = len(gains)
    mean = sum(gains) / n
    spread = (sum((g - mean) ** 2 for g in gains) / (n - 1)) ** 0.5 if n > 1 else 0.0
    return mean > margin + confidence * spread / n ** 0.5


def plausible(values: list[Any], rated: list[float], top: int, blunder: float) -> list[Any]:
    """The ``top`` best-rated answers, less any rated ``blunder`` or more below the best (the best stays)."""
    order = sorted(range(len(values)), key=lambda i: -rated[i])
    best = rated[order[0]]
    return [values[i] for i in order[:top] if rated[i] > best - blunder or i == order[0]]
