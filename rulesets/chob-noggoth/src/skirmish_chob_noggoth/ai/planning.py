"""The AI's planning: it scores every option it is offered and takes the best one.

Each decision offers every warrior's options (read from each option's ``data``, never from
its text), so the AI takes the best option overall (shooters act before movers because shots
score higher) and ends the step when nothing left beats doing nothing. A move is scored by how
the warrior's *position* improves: the best shot or charge it will have from there (less for
each move it still needs), less the worst charge or shot an enemy can make at it there, plus a
free shrine in reach; besides the named moves it tries moves to points of its own (toward the
enemies it wants, to just inside its range, away from the nearest enemy), and a named move is
measured exactly before it is taken. A step is planned at its first decision and the plan carried to the later
ones while the enemies are unchanged (see :class:`_Step`); a warrior's move to a point is scored only when one of
its options leads. Its *mood* (see :class:`~skirmish_chob_noggoth.ai.situation.
Situation`) shifts the weights. What each option is worth comes from
:mod:`~skirmish_chob_noggoth.ai.evaluation`.
"""

from __future__ import annotations

import heapq
import math
import random
from operator import is_
from typing import TYPE_CHECKING, Any

from skirmish_chob_noggoth import measuring, warrior_profile
from skirmish_chob_noggoth.ai.answers import DANGER, Answers
from skirmish_chob_noggoth.ai.evaluation import BOOMSTICK_WOUNDS, CACHE_LIMIT
from skirmish_chob_noggoth.ai.situation import FoeRow, PairValues, Situation
from skirmish_chob_noggoth.state import Warrior

if TYPE_CHECKING:
    from skirmish import AgentContext, Decision, Option, View

#: how much of a shot or charge it will have next turn a position is worth now; each extra move needed
#: to get there multiplies it by DECAY; and how much an enemy's charge or shot against it costs
#: (DANGER, for a charge, is shared with the answers: see :mod:`~skirmish_chob_noggoth.ai.answers`)
OFFENCE_NOW, CHARGE_LATER, DECAY, SHOT_DANGER = 0.55, 0.45, 0.6, 0.15
#: the same for a charge it will be able to make (MELEE_DECAY for each further move)
MELEE_DECAY = 0.6
#: threats one move further off count this much (a move then a charge, two moves in a Berserk Charge)
FAR, FAR_WEIGHT = 2.0, 0.5
#: a shrine the warrior can pray at next Actions step, in Fingers
SHRINE_SPOT = 0.2
#: a move to a point heads for (at most) this many of the enemies it most wants to shoot or charge
POINT_TARGETS = 3
#: a move to a point of the AI's own must beat the named moves by this much (it may be cut short)
POINT_DOUBT = 0.03
#: an option must beat doing nothing by this much
EPS = 1e-3
#: how many options of an activation decision are scored afresh at least (best first by the worth they had when
#: last scored); None scores every option afresh at every decision (see :meth:`ChobAI._ranked`: measured weaker,
#: benchmarks/README.md, Chob-Noggoth issue 24)
EXACT_TOP: int | None = None
#: carry a step's plan to its later decisions (see :class:`_Step`); score a warrior's move to a point only when one of
#: its options leads
PLAN_STEPS, DEFER_POINTS = True, True
_MOVE_VERBS = ("charge", "advance", "shrine", "back", "point")
_SHOTS = ("shoot", "boomstick")
#: each move verb as offered (a move made as an action starts with "a") and the move it is
_MOVE_BASE = {**{v: v for v in _MOVE_VERBS}, **{f"a{v}": v for v in _MOVE_VERBS}}


def activation_of(option: Option) -> tuple[str, str, str]:
    """(warrior id, verb, its argument) of an activation option, from its data: the verb of a move
    made as an action starts with "a" (``acharge``), the argument is the target or the shrine."""
    data = option.data
    action = str(data.get("action", ""))
    verb = f"a{action}" if data.get("move") == "action" else action
    return str(data.get("actor", "")), verb, str(data.get("target") or data.get("shrine") or "")


class ChobAI(Answers):
    """Scores each offered option by its expected worth in Fingers and takes the best one."""

    def __init__(self, ctx: AgentContext, *, exact_top: int | None = EXACT_TOP) -> None:
        self.player = ctx.player
        #: options scored afresh at least per activation decision (None: all of them, see :meth:`_ranked`)
        self.exact_top = exact_top
        #: each activation option's worth over doing nothing when it was last scored, by (warrior, verb, argument,
        #: step): the estimate that ranks it at later decisions (None: not worth taking then)
        self._carried: dict[tuple[str, str, str, str], float | None] = {}
        self.ruleset = ctx.ruleset
        self.rng = random.Random(ctx.seed)
        self.init_caches()
        self._tokens: dict[tuple[Any, ...], int] = {}
        #: each warrior's view at the last decision and the warrior rebuilt from it (see :func:`state_from_view`)
        self.warriors_seen: dict[str, Any] = {}
        #: what a loss costs a side beyond the warrior, by what it depends on (see :meth:`Situation.raw_knock_on`)
        self.knock_ons: dict[tuple[Any, ...], tuple[float, float]] = {}
        #: what the knock-on reads of each warrior, with the warrior object it was read from
        self.knock_rows: dict[str, tuple[Warrior, tuple[Any, ...]]] = {}
        #: per side: its warrior objects at the last decision, the side's flags, and what the knock-on came to
        self.knock_last: dict[str, tuple[tuple[Warrior, ...], tuple[Any, ...], tuple[float, float]]] = {}
        self._next_token = 0
        #: where a "move to a point" it chose is meant to go, by warrior id
        self._plan: dict[str, tuple[float, float]] = {}
        #: enemy tables and potentials where warriors stand, by warrior and enemies (they carry over
        #: between the decisions of a step)
        self._rows: dict[tuple[Any, ...], list[FoeRow]] = {}
        #: each activation option read (see :meth:`_acts_of`) and the worth of taking aim (see :meth:`_aim`)
        self._read: dict[int, tuple[Option, tuple[str, str, str]]] = {}
        self._aims: dict[tuple[Any, ...], float] = {}
        #: the values of one enemy row, by the two warriors' numbers and sides (see :meth:`foe_table`)
        self._pairs: dict[tuple[Any, ...], PairValues] = {}
        self._here: dict[tuple[Any, ...], float] = {}
        #: named moves measured exactly, by move and the whole table
        self._exact: dict[tuple[Any, ...], tuple[float | None]] = {}
        #: move scores by mover and enemies (see :meth:`score`)
        self._moves: dict[tuple[Any, ...], tuple[float | None, tuple[float, float] | None, bool]] = {}
        #: each shot option's cover as its data gave it at the decision that read it last (see :meth:`_acts_of`)
        self._covers: dict[tuple[str, str, str], bool] = {}
        #: the plan of the activation step under way (see :class:`_Step`)
        self._step: _Step | None = None

    def decide(self, view: View, decision: Decision) -> Any:
        handler = _HANDLERS.get(decision.kind)
        if handler is not None:
            try:
                answer = handler(self, view, decision)
            except (KeyError, ValueError, IndexError, AttributeError, StopIteration):  # an unforeseen table
                answer = None
            if answer is not None and view.check(answer) is None:
                return answer
        return self._generic(view, decision)

    def situation(self, view: View) -> Situation:
        return Situation(self, view)

    def token(self, key: tuple[Any, ...]) -> int:
        """A small number standing for ``key`` (cache keys that hold it hash fast)."""
        hit = self._tokens.get(key)
        if hit is None:
            if len(self._tokens) > CACHE_LIMIT:  # numbers are never reused, so old entries just go stale
                self._tokens.clear()
            self._next_token += 1
            hit = self._tokens[key] = self._next_token
        return hit

    def foe_table(self, sit: Situation, w: Warrior) -> list[FoeRow]:
        """Per enemy, what does not depend on where ``w`` stands (cached for the decision)."""
        rows: list[FoeRow] | None = sit.foe_rows.get(w.id)
        if rows is not None:
            return rows
        sw = (sit.stats.get(w.id) or self.stats(sit, w))
        key = (sw, w.side, w.status, sit.foes_key(self))
        rows = self._rows.get(key)  # the enemies have not changed since an earlier decision
        if rows is not None:
            sit.foe_rows[w.id] = rows
            return rows
        rows = []
        pairs = self._pairs
        if len(pairs) > CACHE_LIMIT:
            pairs.clear()
        for e in sit.foes:
            if e.id == w.id:
                continue
            se = sit.stats.get(e.id) or self.stats(sit, e)
            # a row's values read only the two warriors' numbers and which side each is on, so they are kept
            # per pair: when one enemy moves or is wounded, the other rows are not worked out again
            pair = (sw, se, w.side, w.status, e.side, e.status)
            values = pairs.get(pair)
            if values is None:
                shot = self.shot_value(sit, w, e, cover=False, aimed=False)[0] if sw.reach else 0.0
                charge = self.melee_value(sit, w, e, charged=True)
                danger = self.melee_value(sit, e, w, charged=True)
                e_shot = 0.0
                if se.reach:
                    v = self.shot_value(sit, e, w, cover=False, aimed=False)[0]
                    e_shot = -v if w.side == self.player else v
                # max(0.0, v) written out (v if v > 0.0 else 0.0 is what max returns: the first of the largest)
                shot = shot if shot > 0.0 else 0.0
                charge = charge if charge > 0.0 else 0.0
                danger = danger if danger > 0.0 else 0.0
                # the products :meth:`potential` needs, worked out once (same order of operations, same floats)
                values = pairs[pair] = (shot, charge, danger, se.move, e_shot, se.reach, OFFENCE_NOW * shot,
                                        CHARGE_LATER * charge, danger * FAR_WEIGHT, e_shot * FAR_WEIGHT,
                                        se.move + 0.3, se.move * FAR + 0.3, se.reach + se.move)
            rows.append((e.id, e.x, e.y, e.radius, *values))
        sit.foe_rows[w.id] = rows
        if len(self._rows) > CACHE_LIMIT:
            self._rows.clear()
        self._rows[key] = rows
        return rows

    def potential(self, sit: Situation, w: Warrior, x: float, y: float, *, ignore: str = "") -> float:
        """How good it is for ``w`` to stand at (x, y) before the next steps.

        The best shot or charge it will have (less for each further move it needs to get
        there), less the worst charge an enemy could make at it there and the worst shot,
        plus a little for a free shrine in reach.
        """
        sw = (sit.stats.get(w.id) or self.stats(sit, w))
        r = w.radius
        reach, move = sw.reach, sw.move
        if move < 1.0:  # max(sw.move, 1.0) written out
            move = 1.0
        in_charge = move + 0.2
        moves_left = sit.moves_left
        best = danger = shot_danger = 0.0
        hypot, ceil = math.hypot, math.ceil
        # a row's shot or charge counts only if it beats the best so far, and what it gives is at most shot_now
        # (or charge_now: a decay only lowers it), so a row that cannot beat it is skipped (the same maximum)
        for eid, ex, ey, er, _shot, _charge, threat, _e_move, e_shot, e_reach, shot_now, charge_now, far_threat, \
                far_shot, near_threat, far_reach, shot_far in (sit.foe_rows.get(w.id) or self.foe_table(sit, w)):
            if eid == ignore:
                continue
            gap = hypot(ex - x, ey - y) - r - er
            if shot_now > best:
                if gap <= reach:
                    best = shot_now
                else:
                    k = ceil((gap - reach) / move)
                    v = shot_now * DECAY ** k if k <= moves_left else 0.0
                    if v > best:
                        best = v
            if charge_now > best:
                if gap <= in_charge:
                    best = charge_now
                else:
                    k = ceil((gap - move) / move)
                    v = charge_now * MELEE_DECAY ** k if k <= moves_left else 0.0
                    if v > best:
                        best = v
            if threat > danger:
                if gap <= near_threat:
                    danger = threat
                elif gap <= far_reach and far_threat > danger:
                    danger = far_threat  # it could come on and charge later in the round
            if e_shot > shot_danger:
                if gap <= e_reach:
                    shot_danger = e_shot
                elif gap <= shot_far and far_shot > shot_danger:
                    shot_danger = far_shot
        value = best - sit.caution * (DANGER * danger + SHOT_DANGER * shot_danger)
        free = sit._free
        if free is None:
            free = sit.free_shrines()
        if free:  # sit.free_shrine(w, x, y) written out
            reach = sit.shrine_reach + r
            for sx, sy in free:
                if hypot(sx - x, sy - y) <= reach:
                    value += SHRINE_SPOT
                    break
        return value

    def rough_target(self, sit: Situation, w: Warrior, verb: str, arg: str, allowance: float
                     ) -> tuple[float, float] | None:
        """Where a named move would take ``w`` if nothing were in the way (a quick first guess)."""
        state = sit.state
        if verb == "advance":
            e = state.warriors[arg]
            return _toward(w, e.x, e.y, min(allowance, max(0.0, w.gap(e) - 0.3)))
        if verb == "shrine":
            s = next(s for s in state.shrines if s.id == arg)
            want = math.hypot(s.x - w.x, s.y - w.y) - w.radius - 0.6
            return _toward(w, s.x, s.y, min(allowance, max(0.0, want)))
        if verb == "back":
            if state.sides[w.side].edge == "south":
                return (w.x, max(w.radius, w.y - allowance))
            return (w.x, min(state.depth - w.radius, w.y + allowance))
        return None

    def move_target(self, sit: Situation, w: Warrior, verb: str, arg: str, allowance: float
                    ) -> tuple[float, float] | None:
        """Where a named move takes ``w``, measured as the rules measure it."""
        state, fly = sit.state, warrior_profile.flies(w)
        if verb == "advance":
            e = state.warriors[arg]
            tx, ty, stop_gap, target_radius = e.x, e.y, 0.3, e.radius
        elif verb == "shrine":
            s = next(s for s in state.shrines if s.id == arg)
            tx, ty, stop_gap, target_radius = s.x, s.y, 0.1, 0.5
        elif verb == "back":
            tx, ty, stop_gap, target_radius = w.x, 0.0 if state.sides[w.side].edge == "south" else state.depth, 0.0, 0.0
        else:
            return None
        return measuring.furthest_toward(state, w, tx, ty, allowance, stop_gap=stop_gap, target_radius=target_radius,
                                     fly=fly)

    def point_moves(self, sit: Situation, w: Warrior, allowance: float) -> list[tuple[float, float, float]]:
        """Spots worth trying for a move to a point: (score, x, y), best first, not yet checked.

        Toward each enemy; to just inside its range of the enemies it would most like to shoot
        (coming closer or backing off); and straight away from the nearest enemy.
        """
        sw = (sit.stats.get(w.id) or self.stats(sit, w))
        state = sit.state
        spots: list[tuple[float, float]] = []
        rows = self.foe_table(sit, w)
        nearest = None
        keen = {row[0] for row in sorted(rows, key=lambda row: -max(row[4], row[5]))[:POINT_TARGETS]}
        for e in sit.foes:
            gap = w.gap(e)
            if gap > 0.4 and e.id in keen:
                spots.append(_toward(w, e.x, e.y, min(allowance, gap - 0.3)))
            if nearest is None or gap < nearest[0]:
                nearest = (gap, e)
        if sw.reach and sw.reach < math.inf:
            targets = sorted((row for row in rows if row[4] > 0), key=lambda row: -row[4])[:2]
            for _eid, ex, ey, er, *_rest in targets:
                gap = math.hypot(ex - w.x, ey - w.y) - w.radius - er
                shift = gap - (sw.reach - 0.3)
                if abs(shift) > 0.3:
                    d = min(allowance, abs(shift))
                    spots.append(_toward(w, ex, ey, d) if shift > 0 else _away(w, ex, ey, d))
        if nearest is not None and nearest[0] < 9:
            spots.append(_away(w, nearest[1].x, nearest[1].y, allowance))
        out = []
        for x, y in spots:
            x = min(max(x, w.radius), state.width - w.radius)
            y = min(max(y, w.radius), state.depth - w.radius)
            if math.hypot(x - w.x, y - w.y) < 0.3:
                continue
            out.append((self.potential(sit, w, x, y), x, y))
        out.sort(reverse=True)
        return out

    def legal_point(self, sit: Situation, w: Warrior, x: float, y: float, allowance: float
                    ) -> tuple[float, float] | None:
        """(x, y), or a point part of the way there, that ``w`` can move to in a straight line."""
        fly = warrior_profile.flies(w)
        for f in (1.0, 0.75, 0.5):
            px, py = round(w.x + (x - w.x) * f, 2), round(w.y + (y - w.y) * f, 2)
            if math.hypot(px - w.x, py - w.y) < 0.3:
                break
            if measuring.move_problem(sit.state, w, px, py, allowance - 0.02, fly=fly) is None \
                    and not _touches_enemy(sit, w, px, py):
                return (px, py)
        return None

    def _activation(self, view: View, decision: Decision) -> Any:
        """The best option, its move measured exactly before it is taken (else "end").

        A step is planned at its first decision (every option scored) and the plan carried to its later decisions
        while the enemies, the mood and the round are as they were (see :class:`_Step`): then only the warriors
        that changed, prayers after a prayer and a warrior whose options changed are scored again."""
        sit = self.situation(view)
        if self.exact_top is not None:
            return self._activation_ranked(sit, decision)
        step, self._step = self._step, None
        heap: list[tuple[float, Any, int]]
        if step is None or not PLAN_STEPS or not step.carries(sit, view, decision):
            step = _Step(sit, view, decision)
            heap = step.first_heap(self, sit, decision)
        else:
            heap = step.later_heap(self, sit, decision)
        heapq.heapify(heap)
        parts = step.parts
        while heap:
            neg, value, how = heapq.heappop(heap)
            if -neg <= EPS:
                break
            wid, verb, arg = parts[value]
            w = sit.state.warriors[wid]
            # carried from an earlier decision: is it still offered, as it was? (else its warrior is scored again)
            if how & _UNCHECKED and wid not in step.checked and step.rescore_if_changed(self, sit, decision, w):
                heap = [item for item in heap if parts[item[1]][0] != wid] + step.items(wid)
                heapq.heapify(heap)
                continue
            if how & _ROUGH or (how & _NAMED and step.table.get(wid) != sit.table_key()):
                exact = self._measured(sit, w, verb, arg, decision.kind)
                if exact is not None:
                    heapq.heappush(heap, (-(exact - sit.baseline.get(wid, step.base.get(wid, 0.0))), value, 0))
                continue
            # its move to a point, scored only now that one of its options leads
            if wid in step.deferred and step.score_point(self, sit, decision.kind, w):
                heapq.heappush(heap, (neg, value, how))
                heapq.heappush(heap, step.entries[wid][-1])
                continue
            if verb.endswith("point") and not self._plan_point(sit, w, verb, decision.kind, step.points):
                continue
            step.acted = wid
            self._step = step
            return value
        return "end"

    def _activation_ranked(self, sit: Situation, decision: Decision) -> Any:
        """:meth:`_activation` with :attr:`exact_top` set: options ranked by carried worths (see :meth:`_ranked`)."""
        acts = self._acts_of(decision)
        parts = dict(acts)
        heap = self._ranked(sit, decision, acts)
        heapq.heapify(heap)
        chargers: dict[str, list[str]] | None = None
        while heap:
            neg, value, fresh = heapq.heappop(heap)
            if -neg <= EPS:
                break
            wid, verb, arg = parts[value]
            w = sit.state.warriors[wid]
            if not fresh:  # ranked by the worth it had when last scored: score it now, and rank it again
                if chargers is None:
                    chargers = _chargers(acts)
                score = self._score_one(sit, w, verb, arg, decision.kind, chargers)
                if score is not None:
                    heapq.heappush(heap, (-score - self.rng.random() * 1e-6, value, True))
                continue
            if (wid, verb, arg) in sit.rough:
                exact = self.exact_move(sit, w, verb, arg, decision.kind)
                if exact is not None:
                    heapq.heappush(heap, (-(exact - sit.baseline.get(wid, 0.0)), value, True))
                continue
            if verb.endswith("point") and not self._plan_point(sit, w, verb, decision.kind, sit.points):
                continue
            return value
        return "end"

    def _plan_point(self, sit: Situation, w: Warrior, verb: str, step: str, points: Any) -> bool:
        """Whether ``w``'s move to its scored point (in ``points``) is legal now; when it is, planned for the move."""
        spot = points.get(w.id)
        if spot is None:
            return False
        legal = self.legal_point(sit, w, spot[0], spot[1], self.allowance(sit, w, verb, step))
        if legal is None:
            return False
        self._plan[w.id] = legal
        return True

    def _measured(self, sit: Situation, w: Warrior, verb: str, arg: str, step: str) -> float | None:
        """:meth:`exact_move`, or its score kept for this table."""
        key = (sit.foes_key(self), self.stats(sit, w), w.x, w.y, verb, arg, step)
        hit = self._exact.get((key, sit.table_key()))
        if hit is not None:
            return hit[0]
        return self.exact_move(sit, w, verb, arg, step)

    def _ranked(self, sit: Situation, decision: Decision, acts: list[tuple[Any, tuple[str, str, str]]]
                ) -> list[tuple[float, Any, bool]]:
        """The heap of :meth:`_activation` scoring only some options afresh: (minus the worth, option, scored now).

        An option scored at an earlier decision is ranked by the worth it had then (carried in ``_carried``,
        whatever has moved since); the :attr:`exact_top` best of those, and every option never scored before,
        are scored now; one carried as not worth taking is left out. :meth:`_activation` scores the others when one
        reaches the top of the heap, so the option taken was always scored at this decision (lazily, best first: a
        worth that fell since sinks, one that rose is missed; measured weaker than scoring every option, 46 % of
        the decided games over 800: benchmarks/README.md, seventh round)."""
        step = decision.kind
        carried = self._carried
        if len(carried) > CACHE_LIMIT:
            carried.clear()
        heap: list[tuple[float, Any, bool]] = []
        later: list[tuple[float, Any]] = []
        chargers: dict[str, list[str]] | None = None
        rng = self.rng
        for value, (wid, verb, arg) in acts:
            if not wid:
                continue
            w = sit.state.warriors.get(wid)
            if w is None:
                continue
            if (wid, verb, arg, step) not in carried:
                if chargers is None:
                    chargers = _chargers(acts)
                score = self._score_one(sit, w, verb, arg, step, chargers)
                if score is not None:
                    heap.append((-score - rng.random() * 1e-6, value, True))
                continue
            known = carried[(wid, verb, arg, step)]
            if known is not None and known > EPS:
                later.append((-known, value))
        later.sort(key=_first)
        top = self.exact_top or 0
        for neg, value in later[top:]:
            heap.append((neg, value, False))
        if top and later:
            parts = dict(acts)
            for _neg, value in later[:top]:
                wid, verb, arg = parts[value]
                w = sit.state.warriors.get(wid)
                if w is None:
                    continue
                if chargers is None:
                    chargers = _chargers(acts)
                score = self._score_one(sit, w, verb, arg, step, chargers)
                if score is not None:
                    heap.append((-score - rng.random() * 1e-6, value, True))
        return heap

    def _score_one(self, sit: Situation, w: Warrior, verb: str, arg: str, step: str,
                   chargers: dict[str, list[str]]) -> float | None:
        """One activation option's worth over doing nothing now (as :meth:`_scores`), carried for later decisions."""
        wid = w.id
        base = sit.baseline.get(wid)
        if base is None:
            base = sit.baseline[wid] = self._aim(sit, w) if step == "actions" else 0.0
        score = self.score(sit, w, verb, arg, step)
        if score is not None:
            if verb in ("charge", "acharge") and len(chargers.get(arg, ())) > 1:
                score += self.support(sit, w, sit.state.warriors[arg], chargers[arg])
            score -= base
        self._carried[(wid, verb, arg, step)] = score
        return score

    def scores(self, view: View, decision: Decision) -> list[tuple[str, float]]:
        """Every activation option with its worth over doing nothing (options never taken are left out)."""
        return self._scores(self.situation(view), decision)

    def _scores(self, sit: Situation, decision: Decision, acts: list[tuple[Any, tuple[str, str, str]]] | None = None
                ) -> list[tuple[str, float]]:
        step = decision.kind
        out: list[tuple[str, float]] = []
        baseline: dict[str, float] = {}
        chargers: dict[str, list[str]] = {}  # who else could charge each enemy in this step
        if acts is None:
            acts = self._acts_of(decision)
        acts = [act for act in acts if act[1][0]]  # options with an actor
        for _value, (wid, verb, arg) in acts:
            if verb in ("charge", "acharge"):
                chargers.setdefault(arg, []).append(wid)
        for value, (wid, verb, arg) in acts:
            w = sit.state.warriors.get(wid)
            if w is None:
                continue
            if wid not in baseline:
                baseline[wid] = sit.baseline[wid] = self._aim(sit, w) if step == "actions" else 0.0
            score = self.score(sit, w, verb, arg, step)
            if score is None:
                continue
            if verb in ("charge", "acharge") and len(chargers.get(arg, ())) > 1:
                score += self.support(sit, w, sit.state.warriors[arg], chargers[arg])
            out.append((value, score - baseline[wid]))
        return out

    def _acts_of(self, decision: Decision) -> list[tuple[Any, tuple[str, str, str]]]:
        """(value, :func:`activation_of`) of each option. The rules keep a warrior's options between the decisions
        of a step (the same objects), so each is read once, kept with the option it was read from."""
        read = self._read
        if len(read) > CACHE_LIMIT:
            read.clear()
        return self._acts_of_options(decision.options)

    def _acts_of_options(self, options: tuple[Option, ...]) -> list[tuple[Any, tuple[str, str, str]]]:
        """(value, :func:`activation_of`) of some options (as :meth:`_acts_of`); a shot's cover as the rules
        measured it for the option (its data) is kept for :meth:`score`."""
        read, covers = self._read, self._covers
        out = []
        for o in options:
            hit = read.get(id(o))
            if hit is None or hit[0] is not o:
                hit = read[id(o)] = (o, activation_of(o))
            act = hit[1]
            if act[1] in _SHOTS:
                covers[act] = bool(o.data.get("cover"))
            out.append((o.value, act))
        return out

    def _aim(self, sit: Situation, w: Warrior) -> float:
        """:meth:`aim_value`, kept between decisions by all it reads: the warrior's numbers, side, Aimed tokens and
        place, and the enemies (their places and numbers, in :meth:`Situation.foes_key`)."""
        key = ((sit.stats.get(w.id) or self.stats(sit, w)), w.side, w.status, w.aimed, w.x, w.y, w.radius,
               sit.foes_key(self))
        hit = self._aims.get(key)
        if hit is None:
            if len(self._aims) > CACHE_LIMIT:
                self._aims.clear()
            hit = self._aims[key] = self.aim_value(sit, w)
        return hit

    def allowance(self, sit: Situation, w: Warrior, verb: str, step: str) -> float:
        sw = (sit.stats.get(w.id) or self.stats(sit, w))
        if verb.startswith("a") and verb[1:] in _MOVE_VERBS:
            return sw.amove
        return float(self.ruleset.content.movement.eager_move) if step == "eager" else sw.move

    def here(self, sit: Situation, w: Warrior) -> float:
        """The potential of ``w`` where it stands."""
        value = sit.here.get(w.id)
        if value is None:
            key = ((sit.stats.get(w.id) or self.stats(sit, w)), w.side, w.status, w.x, w.y, sit.foes_key(self))
            value = self._here.get(key)
            if value is None:
                if len(self._here) > CACHE_LIMIT:
                    self._here.clear()
                value = self._here[key] = self.potential(sit, w, w.x, w.y)
            sit.here[w.id] = value
        return value

    def score(self, sit: Situation, w: Warrior, verb: str, arg: str, step: str) -> float | None:
        """The worth of one activation option (None: never take it)."""
        base = _MOVE_BASE.get(verb)  # most options are moves: tell them first
        if base is not None:
            return self._move(sit, w, verb, base, arg, step)
        if verb == "hold":
            return 0.0
        if verb == "fight":
            return self.melee_value(sit, w, sit.state.warriors[arg], charged=False)
        if verb == "shoot":
            t = sit.state.warriors[arg]
            cover = self._covers.get((w.id, verb, arg))  # as the option's data says (the rules measured it)
            if cover is None:
                cover = self.cover(sit, w, t, mage=warrior_profile.sees_everything(sit.game, w))
            return self.shot_value(sit, w, t, cover=cover)[0]
        if verb == "boomstick":
            t = sit.state.warriors[arg]
            cover = self._covers.get((w.id, verb, arg))
            if cover is None:
                cover = self.cover(sit, w, t, mage=False)
            value, wounds = self.shot_value(sit, w, t, cover=cover, boomstick=True)
            return value if wounds >= BOOMSTICK_WOUNDS else None
        if verb == "cast":
            return self.cast_value(sit, w)
        if verb == "pray":
            return self.pray_value(sit, w)
        if verb == "heal":
            return self.heal_value(sit, w, sit.state.warriors[arg])
        return None

    def _move(self, sit: Situation, w: Warrior, verb: str, base: str, arg: str, step: str) -> float | None:
        """The worth of a move option (``verb`` as offered, ``base`` without the "a" of a move made as an action)."""
        # a move's worth depends only on the mover and the enemies, so it carries over between the
        # decisions of a step (usually only one warrior has moved since the last one)
        key = (sit.foes_key(self), (sit.stats.get(w.id) or self.stats(sit, w)), w.x, w.y, verb, arg, step)
        hit = self._moves.get(key)
        if hit is None:
            if len(self._moves) > CACHE_LIMIT:
                self._moves.clear()
            hit = self._moves[key] = self._move_score(sit, w, verb, base, arg, step)
        score, spot, exact = hit
        if spot is not None:
            sit.points[w.id] = spot
        if not exact:
            measured = self._exact.get((key, sit.table_key()))
            if measured is not None:
                return measured[0]
            sit.rough.add((w.id, verb, arg))
        return score

    def exact_move(self, sit: Situation, w: Warrior, verb: str, arg: str, step: str) -> float | None:
        """Score a named move again with its end point measured by the rules' own path finding
        (which also depends on where its allies stand)."""
        key = (sit.foes_key(self), self.stats(sit, w), w.x, w.y, verb, arg, step)
        base = verb[1:] if verb.startswith("a") and verb[1:] in _MOVE_VERBS else verb
        dest = self.move_target(sit, w, base, arg, self.allowance(sit, w, verb, step))
        score = None if dest is None else self.potential(sit, w, dest[0], dest[1]) - self.here(sit, w)
        if len(self._exact) > CACHE_LIMIT:
            self._exact.clear()
        self._exact[(key, sit.table_key())] = (score,)
        sit.rough.discard((w.id, verb, arg))
        return score

    def _move_score(self, sit: Situation, w: Warrior, verb: str, base: str, arg: str, step: str
                    ) -> tuple[float | None, tuple[float, float] | None, bool]:
        allowance = self.allowance(sit, w, verb, step)
        here = self.here(sit, w)
        if base == "charge":
            e = sit.state.warriors[arg]
            fight = self.melee_value(sit, w, e, charged=True)
            dx, dy = _toward(w, e.x, e.y, max(0.0, w.gap(e)))
            return fight + 0.5 * (self.potential(sit, w, dx, dy, ignore=e.id) - here) + 0.02, None, True
        if base == "point":
            spots = self.point_moves(sit, w, allowance)
            if not spots:
                return None, None, True
            best, x, y = spots[0]
            return best - here - POINT_DOUBT, (x, y), True
        dest = self.rough_target(sit, w, base, arg, allowance)
        if dest is None:
            return None, None, True
        return self.potential(sit, w, dest[0], dest[1]) - here, None, False


#: how a planned option is taken (bits): a named move scored on a straight-line guess, a named move measured
#: exactly at the table its warrior was scored on, an option carried from an earlier decision not yet checked
#: against its warrior's options now
_ROUGH, _NAMED, _UNCHECKED = 1, 2, 4
_NAMED_MOVES = ("advance", "shrine", "back")


class _Step:
    """An activation step planned at its first decision and carried to the later ones.

    Within a step only the AI's own side acts; after a move, a hold or a miss the enemies are the same objects
    (the view of an unchanged warrior gives the same :class:`Warrior`), and every option's worth reads only its
    warrior, the enemies, the round and the mood (the caches of :meth:`ChobAI._move` already carry them). So a
    later decision re-scores only the warriors that changed (or are new), prayers after the sides' divine points
    changed, and a warrior whose offered options differ from the plan's (checked when one of its options comes to
    the top of the heap, from that warrior's options alone). What the plan does not see: an ally that moved into a
    line of sight (cover), a second charger that has acted since (support), an option a warrior gained whose
    other options are not near the top: measured for strength (benchmarks/README.md, Chob-Noggoth ninth round).
    When the enemies, the round or the mood changed (a shot or a melee), the step is planned afresh.
    """

    __slots__ = ("acted", "base", "chargers", "checked", "deferred", "entries", "foes", "key", "mine", "mood",
                 "parts", "points", "sides", "table", "values")

    def __init__(self, sit: Situation, view: View, decision: Decision) -> None:
        self.key = (view.game_round, decision.kind)
        self.foes = sit.foes
        self.mood = _mood_of(sit)
        self.sides = tuple(sit.state.sides.values())
        #: the warrior whose option the plan answered last; the warriors checked at this decision
        self.acted = ""
        self.checked: set[str] = set()
        #: per warrior: the object it was scored as, its options' heap items, the values it was offered, the spot
        #: of its move to a point, the table it was scored at and its worth of doing nothing
        self.mine: dict[str, Warrior] = {}
        self.entries: dict[str, list[tuple[float, Any, int]]] = {}
        self.values: dict[str, set[Any]] = {}
        self.points: dict[str, tuple[float, float]] = {}
        self.table: dict[str, int] = {}
        self.base: dict[str, float] = {}
        self.parts: dict[Any, tuple[str, str, str]] = {}
        self.chargers: dict[str, list[str]] = {}
        #: each warrior's move to a point not scored yet (value, verb): scored when one of its options leads
        self.deferred: dict[str, tuple[Any, str]] = {}

    def first_heap(self, ai: ChobAI, sit: Situation, decision: Decision) -> list[tuple[float, Any, int]]:
        """Every option scored (the same scores and tie-breaks, in option order, as ever): the plan's items."""
        acts = ai._acts_of(decision)
        self.parts = dict(acts)
        self.chargers = _chargers(acts)
        for value, (wid, _verb, _arg) in acts:
            if wid:
                self.values.setdefault(wid, set()).add(value)
        rng = ai.rng
        heap = []
        rough, parts, entries = sit.rough, self.parts, self.entries
        now = []
        for act in acts:
            wid, verb, _arg = act[1]
            if DEFER_POINTS and _MOVE_BASE.get(verb) == "point":
                self.deferred[wid] = (act[0], verb)
            else:
                now.append(act)
        for value, score in ai._scores(sit, decision, now):
            wid, verb, arg = act = parts[value]
            item = (-score - rng.random() * 1e-6, value,
                    _ROUGH if act in rough else (_NAMED if _MOVE_BASE.get(verb) in _NAMED_MOVES else 0))
            heap.append(item)
            entries.setdefault(wid, []).append(item)
        table = sit.table_key()
        for wid in self.values:
            w = sit.state.warriors.get(wid)
            if w is not None:
                self.mine[wid] = w
                self.table[wid] = table
                self.base[wid] = sit.baseline.get(wid, 0.0)
                spot = sit.points.get(wid)
                if spot is not None:
                    self.points[wid] = spot
        return heap

    def carries(self, sit: Situation, view: View, decision: Decision) -> bool:
        """This plan holds at ``decision``: the same step, its last answer taken, the same enemies and mood."""
        families = getattr(decision, "families", None)
        if families is None or self.key != (view.game_round, decision.kind) or not self.acted \
                or self.acted in families:
            return False
        foes = sit.foes
        if len(foes) != len(self.foes) or not all(map(is_, foes, self.foes)):
            return False
        return self.mood == _mood_of(sit)

    def later_heap(self, ai: ChobAI, sit: Situation, decision: Decision) -> list[tuple[float, Any, int]]:
        """The plan's items for the warriors still to act, re-scoring those that changed, prayers after a prayer
        and charges at an enemy the warrior that acted could have charged (the support of a second charger)."""
        self.checked = set()
        warriors = sit.state.warriors
        families: tuple[str, ...] = decision.families  # type: ignore[attr-defined]
        sides = tuple(sit.state.sides.values())
        prayed = len(sides) != len(self.sides) or not all(map(is_, sides, self.sides))
        self.sides = sides
        acted, parts = self.acted, self.parts
        supported = set()
        for arg, who in self.chargers.items():
            if acted in who:
                who.remove(acted)
                supported.add(arg)
        heap: list[tuple[float, Any, int]] = []
        for wid in families:
            w = warriors.get(wid)
            if w is None:
                continue
            if self.mine.get(wid) is not w:
                self.rescore(ai, sit, decision.kind, w, decision.options_of(wid))  # type: ignore[attr-defined]
                heap.extend(self.entries.get(wid, ()))
                continue
            items = self.entries.get(wid, ())
            if (prayed or supported) and any(_again(parts[v], prayed, supported) for _n, v, _h in items):
                again = []
                for item in items:
                    if _again(parts[item[1]], prayed, supported):
                        fresh = self.score_again(ai, sit, decision.kind, w, item)
                        if fresh is not None:
                            again.append(fresh)
                    else:
                        again.append(item)
                items = self.entries[wid] = again
            heap.extend([(n, v, h | _UNCHECKED) for n, v, h in items])
        return heap

    def score_again(self, ai: ChobAI, sit: Situation, step: str, w: Warrior, item: tuple[float, Any, int]
                    ) -> tuple[float, Any, int] | None:
        """One carried option scored again as :meth:`rescore` scores it (None: no longer worth taking)."""
        _neg, value, how = item
        _wid, verb, arg = self.parts[value]
        score = ai.score(sit, w, verb, arg, step)
        if score is None:
            return None
        chargers = self.chargers
        if verb in ("charge", "acharge") and len(chargers.get(arg, ())) > 1:
            score += ai.support(sit, w, sit.state.warriors[arg], chargers[arg])
        return (-(score - self.base.get(w.id, 0.0)) - ai.rng.random() * 1e-6, value, how)

    def rescore(self, ai: ChobAI, sit: Situation, step: str, w: Warrior, options: tuple[Option, ...]) -> None:
        """Score ``w``'s options (as :meth:`ChobAI._scores` does) into the plan."""
        wid = w.id
        acts = ai._acts_of_options(options)
        self.values[wid] = {value for value, _act in acts}
        base = sit.baseline.get(wid)
        if base is None:
            base = sit.baseline[wid] = ai._aim(sit, w) if step == "actions" else 0.0
        rng, rough, parts, chargers = ai.rng, sit.rough, self.parts, self.chargers
        items = []
        self.deferred.pop(wid, None)
        for value, act in acts:
            parts[value] = act
            _wid, verb, arg = act
            if DEFER_POINTS and _MOVE_BASE.get(verb) == "point":
                self.deferred[wid] = (value, verb)
                continue
            score = ai.score(sit, w, verb, arg, step)
            if score is None:
                continue
            if verb in ("charge", "acharge") and len(chargers.get(arg, ())) > 1:
                score += ai.support(sit, w, sit.state.warriors[arg], chargers[arg])
            items.append((-(score - base) - rng.random() * 1e-6, value,
                          _ROUGH if act in rough else (_NAMED if _MOVE_BASE.get(verb) in _NAMED_MOVES else 0)))
        self.entries[wid] = items
        self.mine[wid] = w
        self.table[wid] = sit.table_key()
        self.base[wid] = base
        spot = sit.points.get(wid)
        if spot is not None:
            self.points[wid] = spot
        self.checked.add(wid)

    def score_point(self, ai: ChobAI, sit: Situation, step: str, w: Warrior) -> bool:
        """Score ``w``'s deferred move to a point into the plan (True: it is worth something, its item last)."""
        value, verb = self.deferred.pop(w.id)
        score = ai.score(sit, w, verb, "", step)
        if score is None:
            return False
        spot = sit.points.get(w.id)
        if spot is not None:
            self.points[w.id] = spot
        self.entries.setdefault(w.id, []).append((-(score - self.base.get(w.id, 0.0)) - ai.rng.random() * 1e-6,
                                                  value, 0))
        return True

    def items(self, wid: str) -> list[tuple[float, Any, int]]:
        return list(self.entries.get(wid, ()))

    def rescore_if_changed(self, ai: ChobAI, sit: Situation, decision: Decision, w: Warrior) -> bool:
        """Re-score ``w`` when the options it is offered now differ from the plan's (True), else mark it checked."""
        options = decision.options_of(w.id)  # type: ignore[attr-defined]
        if len(options) == len(self.values.get(w.id, ())) and all(o.value in self.values[w.id] for o in options):
            self.checked.add(w.id)
            return False
        self.rescore(ai, sit, decision.kind, w, options)
        return True


def _mood_of(sit: Situation) -> tuple[float, ...]:
    return (sit.caution, sit.piety, sit.boldness, sit.future, float(sit.moves_left), sit.horizon)


def _again(act: tuple[str, str, str], prayed: bool, supported: set[str]) -> bool:
    """A carried option to score again: a prayer after the divine points changed, a charge whose support did."""
    verb = act[1]
    return (prayed and verb == "pray") or (verb in ("charge", "acharge") and act[2] in supported)


def _first(row: tuple[float, Any]) -> float:
    return row[0]


def _chargers(acts: list[tuple[Any, tuple[str, str, str]]]) -> dict[str, list[str]]:
    """Who could charge each enemy in this step (a second charger adds :meth:`Evaluation.support`)."""
    out: dict[str, list[str]] = {}
    for _value, (wid, verb, arg) in acts:
        if wid and verb in ("charge", "acharge"):
            out.setdefault(arg, []).append(wid)
    return out


def _away(w: Warrior, x: float, y: float, dist: float) -> tuple[float, float]:
    dx, dy = w.x - x, w.y - y
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return (w.x, w.y)
    return (w.x + dx / length * dist, w.y + dy / length * dist)


def _touches_enemy(sit: Situation, w: Warrior, x: float, y: float) -> bool:
    """A move to (x, y) would end in base contact with an enemy (charges are for the charge option)."""
    return any(math.hypot(e.x - x, e.y - y) - e.radius - w.radius <= measuring.CONTACT + 0.05 for e in sit.foes
               if e.id != w.id)


def _toward(w: Warrior, x: float, y: float, dist: float) -> tuple[float, float]:
    dx, dy = x - w.x, y - w.y
    length = math.hypot(dx, dy)
    if length < 1e-9 or dist <= 0:
        return (w.x, w.y)
    dist = min(dist, length)
    return (w.x + dx / length * dist, w.y + dy / length * dist)


_HANDLERS = {
    "edge": ChobAI._edge,
    "deploy": ChobAI._deploy,
    "role": ChobAI._role,
    "moves": ChobAI._activation,
    "actions": ChobAI._activation,
    "eager": ChobAI._activation,
    "place": ChobAI._place,
    "move-to": ChobAI._move_to,
    "spell-stop": ChobAI._spell_stop,
    "spell-effect": ChobAI._spell_effect,
    "spell-target": ChobAI._spell_target,
    "divine-big-hand": ChobAI._big_hand,
    "divine-resurrect": ChobAI._resurrect,
}


def make_ai(ctx: AgentContext) -> ChobAI:
    """The agent factory registered as ``ai``."""
    return ChobAI(ctx)
