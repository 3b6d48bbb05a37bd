"""Hobgoblin's levels of play, ``ai-easy`` and ``ai-hard``, built on its AI by :mod:`skirmish.levels`.

``ai-easy`` (:class:`EasyHob`) rates a position by Victory Points and the points of units still in play on each side
(a unit gathering Doom counts for less) and departs from the AI at the choices an activation turns on (which unit
activates, which target it shoots or fights), taking one of the few best a short look rates; and it moves each unit by
one of the AI's best-rated choices for it, at random (:data:`EASY_MOVE_TOP`, :data:`EASY_MOVE_CLOSE`). (Departing at
Fortune Card windows too made it stronger than the AI while the AI skipped its hit-cutting cards in studies: the AI
won 48.7% of 117 games; left out.)

``ai-hard`` (:class:`HardAgent`) looks where the game is decided, the Movement Phase choice for each unit (charge or
not, which charge, hold, where to steer): it plays the AI's own best-ranked choices out to the end of the round on
copies of what its seat knows, the same deals and dice for each, and rates each copy as the AI weighs a position for
both seats (:func:`rate`); it keeps the AI's own choice unless another ends better on average by a margin. Against
Him (the printed solo opponent) His seat in the copies is played by His own procedure (:func:`seat_agent`).
"""

from __future__ import annotations

from typing import Any

import attrs

from skirmish import (
    AgentContext,
    Decision,
    EasyAgent,
    Levels,
    LookAheadAgent,
    SkirmishError,
    View,
    kinds_worth,
    outcome_value,
    stable_seed,
)
from skirmish_hobgoblin.agents import CARD_KEPT, HobgoblinAI, make_ai
from skirmish_hobgoblin.ai import combat, objectives, spots
from skirmish_hobgoblin.ai.board import centre, ready, units_of
from skirmish_hobgoblin.ai.movement import Choice, Planner
from skirmish_hobgoblin.rules import points_of

#: decision kinds worth a look-ahead
LOOKED_AT = frozenset({"activate", "shoot", "fight"})
#: decision kinds ai-hard gives the core look (the moves have their own, :class:`HardAgent`); "shoot" and "respond"
#: (the target of a volley, a Fortune Card the AI would play, by :func:`ranked_answers`) more than double what a game
#: costs, and are left out of the levels measured
HARD_LOOKED_AT: frozenset[str] = frozenset()
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


#: ai-easy's moves: at this share of units' first moves it takes one of the AI's best :data:`EASY_MOVE_TOP` choices
#: for the unit (charges, holding, places to steer to) at random, among those the AI rates within
#: :data:`EASY_MOVE_CLOSE` points of its own (no look: the AI's ranking is the plausibility). Five within 400: the AI
#: won 65.2% of 400 games against it (three within 150: 55.7% of 360; the AI's top three moves are about equally good)
EASY_MOVE_SHARE = 1.0
EASY_MOVE_TOP = 5
EASY_MOVE_CLOSE = 400.0


def unit_to_steer(base: Any, view: View, d: Decision) -> tuple[HobgoblinAI, dict[str, Any], float] | None:
    """For a level's look at a unit's move: the AI, the unit and its MP, when the unit is free to be steered (not
    engaged, and not in the middle of a plan the AI is steering to its goal); None otherwise."""
    if not isinstance(base, HobgoblinAI):
        return None
    uid = d.context.get("actor", "")
    me = units_of(view).get(uid)
    if not me or me.get("engaged") or base.planning(view, uid):
        return None
    return base, me, float(d.context.get("mp", me.get("speed", 8)))


class EasyHob(EasyAgent):
    """ai-easy: the core's easier AI (:class:`~skirmish.levels.EasyAgent` at the activations, volleys and fights),
    and at a share of units' first moves one of the AI's few best-rated choices for the unit at random."""

    def decide(self, view: View, decision: Decision) -> Any:
        if decision.kind == "move" and EASY_MOVE_SHARE > 0:
            answer = self._easy_move(view, decision)
            if answer is not None:
                return answer
        return super().decide(view, decision)

    def _easy_move(self, view: View, d: Decision) -> Any:
        mover = unit_to_steer(self.base, view, d)
        if mover is None or self.rng.random() >= EASY_MOVE_SHARE:
            return None
        base, me, mp = mover
        alts = base.choices(view, me, list(d.options), mp)
        near = [k for k in range(min(EASY_MOVE_TOP, len(alts))) if alts[k].value >= alts[0].value - EASY_MOVE_CLOSE]
        if len(near) < 2:
            return None
        pick = self.rng.choice(near)
        self.last = ([alts[k].why for k in near], [alts[k].value for k in near], alts[pick].why)
        order = [alts[pick], *(c for i, c in enumerate(alts) if i != pick)]
        return base.follow(view, me, order, d, mp, {o.value for o in d.options})


def make_easy(ctx: AgentContext) -> EasyAgent:
    return EasyHob(levels(ctx.ruleset), ctx)


def hard_levels(ruleset: Any = None) -> Levels:
    """ai-hard's record: :func:`levels` with the position rated too (:func:`evaluate_hard`)."""
    return attrs.evolve(levels(ruleset), evaluate=rate, worth=kinds_worth(HARD_LOOKED_AT), candidates=ranked_answers,
                        until=round_over, rule="mean", seat_agent=seat_agent, margin=MOVE_MARGIN,
                        samples=MOVE_SAMPLES, horizon=MOVE_HORIZON, width=MOVE_WIDTH)


#: ai-hard's move look: the most of the AI's ranked choices played out (its own first), and how close to the AI's own
#: rating (points) another must be to be played out at all
MOVE_WIDTH = 3
MOVE_CLOSE = 60.0
#: deals played out per choice (the same deals, dice included, for every choice), and the most decisions each
MOVE_SAMPLES = 2
MOVE_HORIZON = 200
#: how far a move look plays: 0 to the end of the round it began in; 1 on through the next round's Movement Phase
#: (the enemy's reply to the move: its charges and moves next round), stopping as that round's Combat Phase begins
MOVE_REACH = 0
#: another choice is taken when it ends better than the AI's own by this much on average (``evaluate_hard``'s units)
MOVE_MARGIN = 0.25
#: how much the AI's planner's view of next round (each unit's chances less the charges and shots it stands in) counts
#: in the rating at the end of a look
PROSPECTS = 0.5


def prospects(game: Any, seat: str) -> float:
    """Next round as the AI's planner sees it, mine less the enemy's, each side from its own view: for each ready unit
    not in a fight, the best charge or shot it has in reach less what the enemy would gain charging or shooting it
    (points)."""
    total = 0.0
    for p in game.state.sides:
        view = View(game, p)
        units = units_of(view)
        planner = Planner(view, p, units, moves_after=False)
        here = 0.0
        for u in units.values():
            if u["side"] == p and ready(u) and not u.get("engaged"):
                at = centre(u)
                here += planner.chances(u, at) - planner.danger(u, at) - planner.shot_danger(u, at)
        total += here if p == seat else -here
    return total


def kept(game: Any, seat: str) -> float:
    """The Fortune Cards in hand and the Mercury left, mine less the enemy's, at the AI's own prices (points): a card
    at :data:`~skirmish_hobgoblin.agents.CARD_KEPT`, a Mercury token at what the AI says one is worth."""
    total = 0.0
    for p, side in game.state.sides.items():
        mercury = side.mercury * (HobgoblinAI(AgentContext(p, 0, game.ruleset, {}, game.players))
                                  .mercury_worth(View(game, p)) if side.mercury else 0.0)
        here = CARD_KEPT * len(side.hand.cards) + mercury
        total += here if p == seat else -here
    return total


def rate(game: Any, seat: str) -> float:
    """ai-hard's rating where a look ends: :func:`evaluate_hard` plus :data:`PROSPECTS` times :func:`prospects` and
    what is kept in hand (:func:`kept`), in hundreds of points."""
    return evaluate_hard(game, seat) + (PROSPECTS * prospects(game, seat) + kept(game, seat)) / 100.0


def rate_round(game: Any, seat: str) -> float:
    """:func:`rate`, and :data:`~skirmish.levels.WIN` for a won game."""
    return outcome_value(game, seat, rate)


def is_him(game: Any, who: str) -> bool:
    """Whether seat ``who`` is Him, the printed solo opponent: His enemy's AI would say so (:func:`spots.versus_him`,
    every unit of the enemy Undistractable, as His solo rules make His units)."""
    return any(spots.versus_him(View(game, p), p) for p in game.players if p != who)


def seat_agent(game: Any, ctx: AgentContext) -> Any:
    """Who plays seat ``ctx.player`` in a look's copy: Him by His own procedure where the seat is His (the procedure
    is printed, so the seat that looks may know it; the AI would play His seat better than He does), the AI
    otherwise."""
    if is_him(game, ctx.player):
        from skirmish_hobgoblin.him.solo import make_him

        return make_him(ctx)
    return make_ai(ctx)


def round_over(view: View, game: Any) -> bool:
    """A look's copy stops when the round it began in is over."""
    return game.round != view.game_round


def ranked_answers(view: View, d: Decision, own: Any, width: int) -> list[Any]:
    """The answers a look tries, the AI's own first, then the others the AI rates best: for a volley, the targets by
    the AI's own worth of the shot; for a Fortune Card window where the AI plays a card, not playing it. No look when
    the AI holds its fire or passes (``[own]``)."""
    if own in ("done", "pass"):
        return [own]
    if d.kind == "respond":
        return [own, "pass"] if any(o.value == "pass" for o in d.options) else [own]
    if d.kind != "shoot":
        return [own]
    units = units_of(view)

    def worth(o: Any) -> float:
        data = o.data
        target, shooter = units.get(data.get("target", "")), units.get(data.get("actor", ""))
        if target is None or shooter is None:
            return -1e9
        value = combat.shot_value(view, shooter, target, int(data["dice"]), int(data["need"]))
        return value + (objectives.unit_worth(view, view.player, target) * 0.25 if value > 0 else 0.0)

    shots = sorted((o for o in d.options if o.data.get("action") == "shoot" and o.value != own),
                   key=lambda o: -worth(o))
    return [own, *(o.value for o in shots[:width - 1] if worth(o) > 0)]


class HardAgent(LookAheadAgent):
    """ai-hard: the AI, except that as a unit starts to move it plays the AI's best choices for it (its own ranking:
    charges, holding, places to steer to; those the AI rates within :data:`MOVE_CLOSE` of its own) out to the end of
    the round on copies of the game (the same deals and dice for each choice; the AI playing every seat) and takes
    the one that ends best by :func:`rate_round`, the AI's own unless another ends better by :data:`MOVE_MARGIN` on
    average. Other decisions: the core look of :func:`hard_levels`."""

    def __init__(self, levels: Levels, ctx: AgentContext) -> None:
        super().__init__(levels, ctx)
        #: move looks made, and those that took another choice than the AI's own
        self.moves_looked = 0
        self.moves_changed = 0

    def decide(self, view: View, decision: Decision) -> Any:
        if decision.kind == "move":
            answer = self._look_move(view, decision)
            if answer is not None:
                return answer
        return super().decide(view, decision)

    def _look_move(self, view: View, d: Decision) -> Any:
        if not isinstance(self.base, HobgoblinAI) or not self.base.expansion_goals:
            return None
        mover = unit_to_steer(self.base, view, d)
        if mover is None:
            return None
        base, me, mp = mover
        alts = base.choices(view, me, list(d.options), mp)
        pick = 0
        tried = [k for k in range(min(MOVE_WIDTH, len(alts))) if alts[k].value >= alts[0].value - MOVE_CLOSE]
        if len(tried) >= 2:
            try:
                pick = self._best_move(view, d, me["id"], alts, tried)
            except (SkirmishError, NotImplementedError):
                self.failed += 1
        order = [alts[pick], *(c for i, c in enumerate(alts) if i != pick)]
        return base.follow(view, me, order, d, mp, {o.value for o in d.options})

    def _best_move(self, view: View, d: Decision, uid: str, alts: list[Choice], tried: list[int]) -> int:
        self.moves_looked += 1
        seeds = [stable_seed(self.seed, view.game_round, uid, self.moves_looked, s) for s in range(MOVE_SAMPLES)]
        rated = {k: [self._play_move(view, d, uid, alts, k, s, seeds[s]) for s in range(MOVE_SAMPLES)] for k in tried}
        own = rated[0]
        gain = {k: _mean([a - b for a, b in zip(r, own, strict=True)]) for k, r in rated.items()}
        best = max(tried, key=lambda k: gain[k])
        if gain[best] <= MOVE_MARGIN:
            best = 0
        if best:
            self.moves_changed += 1
        self.last = ([alts[k].why for k in tried], [_mean(rated[k]) for k in tried], alts[best].why)
        return best

    def _play_move(self, view: View, d: Decision, uid: str, alts: list[Choice], k: int, sample: int,
                   seed: int) -> float:
        """Play the AI's choice ``k`` for unit ``uid`` on a copy (deal ``sample``) to the end of the round; the
        rating there."""
        game = view.sandbox(sample)
        game.rng.reseed(seed)  # the same dice for every choice
        seat = view.player
        ctx = self.ctx
        ai = make_ai(AgentContext(seat, ctx.seed, ctx.ruleset, ctx.options, ctx.players))
        v = View(game, seat)
        mine = units_of(v)[uid]
        order = [alts[k], *(c for i, c in enumerate(alts) if i != k)]
        asked = game.pending
        offered = {o.value for o in asked.options}
        game.answer(ai.follow(v, mine, order, asked, float(d.context.get("mp", 8)), offered), seat)
        agents: dict[str, Any] = {seat: ai}
        start = game.round
        for _ in range(MOVE_HORIZON * (1 + 2 * MOVE_REACH)):
            decision = game.pending
            if decision is None or _reached(game, start):
                break
            who = decision.player
            agent = agents.get(who)
            if agent is None:
                agent = agents[who] = seat_agent(game, AgentContext(who, stable_seed(seed, who), ctx.ruleset, {},
                                                                    ctx.players))
            game.answer(agent.decide(View(game, who), decision), who)
        return rate_round(game, seat)


def _reached(game: Any, start: int) -> bool:
    """Whether a move look that began in round ``start`` has played as far as :data:`MOVE_REACH` says."""
    if not MOVE_REACH:
        return game.round != start
    return game.round > start + 1 or (game.round == start + 1 and game.phase in ("Combat", "Doom"))


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def make_hard(ctx: AgentContext) -> LookAheadAgent:
    return HardAgent(hard_levels(ctx.ruleset), ctx)
