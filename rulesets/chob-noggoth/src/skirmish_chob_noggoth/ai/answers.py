"""The AI's answers to the decisions other than activations: the edge, deployment, a Hero's role,
placing a warrior, a move to a point it planned, spells, the Big Hand and resurrection.

Each reads the decision's ``context`` (who acts, which effect, which target) and its options'
``data``, never their text, and scores the choices with :mod:`~skirmish_chob_noggoth.ai.evaluation`
and the positions of :mod:`~skirmish_chob_noggoth.ai.planning`.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from skirmish_chob_noggoth import measuring
from skirmish_chob_noggoth.ai import odds as ai_odds
from skirmish_chob_noggoth.ai.evaluation import Evaluation
from skirmish_chob_noggoth.state import READY

if TYPE_CHECKING:
    from skirmish import Decision, View
    from skirmish_chob_noggoth.ai.situation import Situation
    from skirmish_chob_noggoth.state import Warrior

#: how the AI deploys its warband
DEPLOYMENT = "centre"
#: how much an enemy's charge against a warrior costs it (roles here, positions in planning)
DANGER = 0.6


class Answers(Evaluation):
    """Answers to set-up, role, placement, spell and divine decisions (the AI, :class:`~skirmish_chob_noggoth.ai.
    planning.ChobAI`, builds on them; one line of classes, as a compiled build needs)."""

    rng: random.Random
    _plan: dict[str, tuple[float, float]]
    warriors_seen: dict[str, Any]

    def situation(self, view: View) -> Situation:
        """The table at this decision (made by the planning half)."""
        raise NotImplementedError

    def potential(self, sit: Situation, w: Warrior, x: float, y: float, *, ignore: str = "") -> float:
        """How good it is for ``w`` to stand at (x, y) (worked out by the planning half)."""
        raise NotImplementedError

    def _edge(self, view: View, decision: Decision) -> Any:
        """The long edge with the shrines nearer to it (its warriors will pray there), else either."""
        data = view.state
        best, best_score = None, -math.inf
        for o in decision.options:
            home = o.data.get("y")
            if home is None:
                continue
            score = sum(max(0.0, 12 - abs(sh["y"] - home)) for sh in data.get("shrines", ()))
            score += self.rng.random() * 1e-6
            if score > best_score:
                best, best_score = o.value, score
        return best if best is not None else self.rng.choice(decision.options).value

    def _deploy(self, view: View, decision: Decision) -> Any:
        """Bunched in the centre: the warband meets the enemy sooner and together (in 2000 games
        against the random agent this won 84% against 80% for a line along the whole edge)."""
        values = [o.value for o in decision.options]
        return next((v for v in (DEPLOYMENT, "line") if v in values), values[0])

    def _role(self, view: View, decision: Decision) -> Any:
        sit = self.situation(view)
        w = sit.state.warriors[decision.context["actor"]]
        best, best_score = None, -math.inf
        try:
            for o in decision.options:
                w.role = o.data["role"]
                sit.forget(w)
                score = self.role_score(sit, w) + self.rng.random() * 1e-6
                if score > best_score:
                    best, best_score = o.value, score
        finally:
            self.warriors_seen.pop(w.id, None)  # its role was changed here: make it afresh next time
        return best

    def role_score(self, sit: Situation, w: Warrior) -> float:
        """How well ``w`` would do acting as its current role this round (by the round's type)."""
        sw = self.stats(sit, w)
        kind = sit.state.round_type
        shot = melee = danger = 0.0
        for e in sit.foes:
            gap = w.gap(e)
            if sw.reach and gap <= sw.reach + (0 if kind == "blast-em" else sw.amove):
                shot = max(shot, self.shot_value(sit, w, e, cover=False, aimed=w.aimed)[0])
            se = self.stats(sit, e)
            moves = 2 * sw.move if kind == "berserk-charge" else sw.move + sw.amove
            if gap <= moves + 0.2:
                melee = max(melee, self.melee_value(sit, w, e, charged=True))
            if gap <= se.move + se.amove + 0.3:
                danger = max(danger, self.melee_value(sit, e, w, charged=True))
        if sw.mage:
            shot = max(shot, self.cast_value(sit, w))
        if kind == "blast-em":
            return shot
        if kind == "bombardment":  # nothing to do but weather the storm: the better save
            return -sw.worth * ai_odds.fail_save(sw, w.wounds)
        if kind == "berserk-charge":
            return melee - DANGER * danger
        return max(shot, melee) - DANGER * danger

    def _move_to(self, view: View, decision: Decision) -> Any:
        """The point it planned when it chose to move to a point (else the best example)."""
        sit = self.situation(view)
        w = sit.state.warriors[decision.context["actor"]]
        plan = self._plan.pop(w.id, None)
        if plan is not None:
            answer = {"x": plan[0], "y": plan[1]}
            if view.check(answer) is None:
                return answer
        ranked = sorted(decision.examples, key=lambda ex: -self.potential(sit, w, ex["x"], ex["y"]))
        return next((ex for ex in ranked if view.check(ex) is None), None)

    def _place(self, view: View, decision: Decision) -> Any:
        """Drop Troops and other placements: next to a juicy enemy it can charge, or a safe example."""
        sit = self.situation(view)
        w = sit.state.warriors[decision.context["actor"]]
        spots: list[tuple[float, dict[str, float]]] = []
        for e in sit.foes:
            for k in range(8):
                angle = k * math.pi / 4
                d = e.radius + w.radius + 0.8
                spot = {"x": round(e.x + d * math.cos(angle), 2), "y": round(e.y + d * math.sin(angle), 2)}
                spots.append((self.potential(sit, w, spot["x"], spot["y"]), spot))
        for sh in sit.state.shrines:  # by a shrine, to pray
            for k in range(4):
                angle = k * math.pi / 2 + math.pi / 4
                spot = {"x": round(sh.x + 1.5 * math.cos(angle), 2), "y": round(sh.y + 1.5 * math.sin(angle), 2)}
                spots.append((self.potential(sit, w, spot["x"], spot["y"]), spot))
        for ex in decision.examples:
            spots.append((self.potential(sit, w, ex["x"], ex["y"]), ex))
        spots.sort(key=lambda s: -s[0])
        return next((spot for _score, spot in spots[:30] if view.check(spot) is None), None)

    def _spell_stop(self, view: View, decision: Decision) -> Any:
        sit = self.situation(view)
        ctx = decision.context
        mage, target = sit.state.warriors[ctx["actor"]], sit.state.warriors[ctx["target"]]
        value = self.spell_value(sit, mage, ctx["effect"], target)
        stop = self._stopped(sit, mage, value) > value
        return next(o.value for o in decision.options if o.data.get("stop") is stop)

    def _spell_effect(self, view: View, decision: Decision) -> Any:
        sit = self.situation(view)
        ctx = decision.context
        mage = sit.state.warriors[ctx["actor"]]
        target = sit.state.warriors.get(ctx.get("target", ""))
        candidates = [target] if target is not None else list(sit.state.on_table())
        best, best_score = None, -math.inf
        for o in decision.options:
            effect = o.data["effect"]
            score = max(self.spell_value(sit, mage, effect, t) for t in candidates) + self.rng.random() * 1e-6
            if score > best_score:
                best, best_score = o.value, score
        return best

    def _spell_target(self, view: View, decision: Decision) -> Any:
        sit = self.situation(view)
        mage, effect = sit.state.warriors[decision.context["actor"]], decision.context["effect"]
        best, best_score = None, -math.inf
        for o in decision.options:
            t = sit.state.warriors.get(o.data["target"])
            if t is None:
                continue
            score = self.spell_value(sit, mage, effect, t) + self.rng.random() * 1e-6
            if score > best_score:
                best, best_score = o.value, score
        return best

    def _big_hand(self, view: View, decision: Decision) -> Any:
        """Bring the hand down where the morale checks cost the enemy most and us least."""
        sit = self.situation(view)
        radius = float(decision.context.get("radius", self.ruleset.content.divine_rules.big_hand_radius))
        best, best_score = None, 0.0
        for e in sit.foes:
            score = 0.0
            for o in sit.state.on_table():
                if measuring.point_gap(o, e.x, e.y) <= radius:
                    so = self.stats(sit, o)
                    v = (1 - so.hold_divine) * so.damage(1)
                    score += -v if o.side == self.player and o.status == READY else v
            if score > best_score:
                best, best_score = {"x": round(e.x, 2), "y": round(e.y, 2)}, score
        return best

    def _resurrect(self, view: View, decision: Decision) -> Any:
        sit = self.situation(view)
        w = sit.state.warriors[decision.context["actor"]]
        ranked = sorted(decision.examples, key=lambda ex: -self.potential(sit, w, ex["x"], ex["y"]))
        return next((ex for ex in ranked if view.check(ex) is None), None)

    def _generic(self, view: View, decision: Decision) -> Any:
        """Any other decision: the first option, or the first legal example of a form."""
        if decision.options:
            return decision.options[0].value
        for ex in decision.examples:
            if view.check(ex) is None:
                return ex
        for _ in range(60):
            answer = {p.name: _sample(self.rng, p) for p in decision.params}
            if view.check(answer) is None:
                return answer
        return decision.examples[0] if decision.examples else {p.name: _sample(self.rng, p) for p in decision.params}


def _sample(rng: random.Random, p: Any) -> Any:
    """A random value of one form field."""
    if p.kind == "choice":
        return rng.choice(p.choices)
    if p.kind == "bool":
        return rng.random() < 0.5
    if p.kind == "int":
        return rng.randint(int(p.low), int(p.high))
    return round(rng.uniform(p.low, p.high), 2)
