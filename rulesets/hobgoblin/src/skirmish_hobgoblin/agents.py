"""Hobgoblin's ``ai`` agent: values its options with the exact odds, the scenario's objectives and the enemy's
reach (see :mod:`skirmish_hobgoblin.ai`); what an expansion's rules mean for it comes through the ``hobgoblin_ai_*``
hooks (spells, Chaos of War pieces, the narrative and team goals). The solo opponent's ``him`` agent is in
:mod:`skirmish_hobgoblin.him.solo`.

Agents read only their view, the decision's ``context`` and each option's ``data``; never prompt text.
"""

from __future__ import annotations

import random
from typing import Any

from skirmish import AgentContext, Decision
from skirmish_hobgoblin import expansions, moves
from skirmish_hobgoblin.ai import cards, combat, initiative, objectives, spots, steering
from skirmish_hobgoblin.ai.board import centre, dist, gap, keywords_of, p_hit, ready, units_of
from skirmish_hobgoblin.ai.movement import AROUND, Choice, Planner, doom_cost, terrain_cost

__all__ = ["HobgoblinAI", "keywords_of", "make_ai", "p_hit"]

#: the most manoeuvres the AI makes while steering one activation (a guard against dithering)
MAX_STEPS = 8
#: the choices kept for an activation, tried in turn while the better ones cannot start
ALTERNATIVES = 5
#: a searcher's deployment spot with impassable terrain between it and every marker counts as this many inches
#: further off
WALLED = 30.0
#: a deployment spot on or by terrain that hurts the unit when it moves counts as this many inches further off
HURT = 12.0
#: against Him, an army with at least this share of its points in Ranged units deploys on the back row of the
#: suggested spots: His units advance on it anyway (Iron Grudge Hold, 38%, won 94 of 100 games at Easy so, 81 on the
#: front row; deploying every army so lost Red Howl Horde games). Not against random play, which need not come on
SHOOTING_ARMY = 0.3
#: against Him, the flank the whole army packs towards ("left", "right", "centre"; "" for none): one flank on the
#: table edge, and His units from the far sections of His zone wheel and come across the table late, one at a time.
#: Normal, seeds 0-199, with the AI of d6910d8: right 63 wins (margin of points in play -420 a game), left 52
#: (-526), none 50 (-692); the right flank's south corner has the corpse pile and the ruined building, the left the
#: Mushroom Forest on the centreline
HIM_FLANK = "right"
#: against Him with a flank deployment, how much the terrain that would hurt a unit weighs against its distance
#: from the flank (inches: :data:`HURT` by a hurting lane, twice on the terrain). 0: none. Weighed in full, Wild units
#: kept off lanes through the ruined building and the corpse pile and the army spread out again: Normal, seeds 0-199,
#: 60 wins (margin -542 a game) against 75 (-358) with the flank packed by distance alone
HIM_FLANK_HURT = 0.0
#: against Him with a flank deployment, the cheapest units deploy first (nearest the edge), the dearest last (on
#: the open side, where His units come in); False: the dearest first, as against other opponents
HIM_SMALL_FIRST = False
#: no path stop read from the decision (a question that does not say: read its context)
_ASK = object()
#: against Him with a flank deployment, a Berserk Fragile unit that is no Character (it must run at His units and
#: is lost early) deploys at least this far (inches, edge to edge) from every friend, and they from it, so that its
#: Panic reaches none when it breaks; 0: packed with the rest. Sky Lancers' Scythe Chariots, Normal, seeds 0-399:
#: 23 wins of 100 against 15 packed (margin of points in play +350 a game); apart from all Berserk units (Red Howl
#: Horde's Ogre Brutes too) 8 wins of 31 against 14
HIM_LONER = 8.0
#: how far a blocked unit shuffles aside (inches) before steering again
SIDESTEP = 2.0
#: the Doom a Cowardly unit expects when it activates without the choice of Distracted (D3)
COWARDLY_DOOM = 2.0
#: what a Fortune Card kept in hand is worth (points), against a Force of Will re-roll
CARD_KEPT = 45.0
#: the cards that help a unit in the fight it is in (played in the Combat Phase, on the unit with most at stake)
FIGHT_CARDS = ("Famous Blade", "Moment of Glory", "Heroic Last Stand")


class HobgoblinAI:
    """A heuristic player: shoots and charges where the exact odds favour it (flank and rear first), plays
    each scenario's objectives, keeps out of charges it would lose, steers around Perilous terrain, keeps its
    fortune cards for the moments that save units, and asks the magic expansion (``hobgoblin_ai_cast``) what its
    spells are worth."""

    def __init__(self, ctx: AgentContext) -> None:
        self.player = ctx.player
        self.rng = random.Random(ctx.seed)
        self._plan: dict[str, Any] = {}  # the current activation's choice: key, goal, option, steps
        self._amount: float | None = None
        self._short = False  # the last steering manoeuvre was cut short by something in the way
        self._carded = -1  # the attack (its hits event) a hit-cutting card was played on
        #: off (agent option ``expansion_goals=False``): the expansions' goals are not played (benchmarks measure them)
        self.expansion_goals = bool(ctx.options.get("expansion_goals", True))
        #: off (agent option ``paths=False``): a move is answered one manoeuvre at a time, each amount in its form
        self.paths = bool(ctx.options.get("paths", True))
        self._snaps: list[tuple[dict[str, Any], bool]] = []  # the AI's plan before and after each step of its path
        self._steps: list[str] = []  # the steps of its last path

    # -- helpers -------------------------------------------------------------------------
    def _units(self, view: Any) -> dict[str, dict[str, Any]]:
        return units_of(view)

    def _chart(self, view: Any, a: str, d: str) -> int:
        return combat.chart(view, a, d)

    def decide(self, view: Any, decision: Decision) -> Any:
        if self.expansion_goals:
            return self._decide(view, decision)
        token = objectives.EXPANSION_GOALS.set(False)
        try:
            return self._decide(view, decision)
        finally:
            objectives.EXPANSION_GOALS.reset(token)

    def _decide(self, view: Any, decision: Decision) -> Any:
        kind = decision.kind
        handler = getattr(self, "on_" + kind.replace("-", "_"), None)
        if handler is not None:
            answer = handler(view, decision)
            if answer is not None:
                return answer
        if decision.options:
            return decision.options[0].value
        if decision.examples:
            return decision.examples[0]
        return {p.name: (p.choices[0] if p.kind == "choice" else p.low) for p in decision.params}

    def _pick(self, decision: Decision, action: str) -> Any:
        for o in decision.options:
            if o.data.get("action") == action or o.value == action:
                return o.value
        return None

    def exchange(self, view: Any, me: dict[str, Any], them: dict[str, Any], edge: str = "front",
                 charge: float = 0.0) -> float:
        """Points-weighted worth of ``me`` fighting ``them`` on ``edge`` of ``them`` for up to two rounds (exact
        odds; positive when it favours me)."""
        return combat.fight(view, me, them, edge, charge).value

    # -- set-up ------------------------------------------------------------------------------
    def on_call(self, view: Any, d: Decision) -> Any:
        return "odd"

    def on_first_player(self, view: Any, d: Decision) -> Any:
        """Take the First Player token only when a charge is already in reach (:mod:`ai.initiative`)."""
        if d.context.get("phase") == "Set-up" or initiative.wants_first(view, self.player):
            return self._pick(d, "take")
        return self._pick(d, "give")

    def on_initiative(self, view: Any, d: Decision) -> Any:
        return self._pick(d, "keep" if initiative.wants_first(view, self.player) else "pass")

    def on_half(self, view: Any, d: Decision) -> Any:
        return spots.better_half(view, list(d.options))  # the half with less terrain in the way

    def on_deploy(self, view: Any, d: Decision) -> Any:
        pick = objectives.deploy_option(view, self.player, d)  # the narrative goals: Sneaky units set aside
        if pick is not None:
            return pick
        units = self._units(view)
        deploys = [o for o in d.options if o.data.get("action") == "deploy"]
        # a searcher first (Desperate Search: its spot opposite the markers), then biggest first, so they get the
        # front line spots
        small = bool(HIM_SMALL_FIRST and HIM_FLANK and spots.versus_him(view, self.player))

        def order(o: Any) -> tuple[bool, float]:
            u = units.get(o.data.get("actor", ""), {})
            return spots.deploy_x(view, self.player, u) is None, u.get("points", 0) * (1 if small else -1)

        deploys.sort(key=order)
        return deploys[0].value if deploys else d.options[0].value

    def on_placement(self, view: Any, d: Decision) -> Any:
        return self._pick(d, "exact")  # its own spacing rule (on_position) over the computed places

    def on_position(self, view: Any, d: Decision) -> Any:
        spot = objectives.position_spot(view, self.player, d)  # the narrative and team goals' own spots
        if spot is not None:
            return spot
        examples = list(d.examples)
        if not examples:
            return None
        mid = view.state["table"][0] / 2
        units = self._units(view)
        actor = units.get(d.context.get("actor", ""), {})
        ranged = "Ranged" in actor.get("keywords", "")
        front = [e for e in examples if e["y"] == examples[0]["y"]]
        pool = front if front and not ranged else examples
        him = spots.versus_him(view, self.player)
        edge = spots.him_back_edge(view, self.player, actor, examples) if actor and him else []
        if edge:
            pool = edge  # an army that shoots, against Him: at the table edge of its zone
        elif him and spots.shooting(view, self.player)[0] >= SHOOTING_ARMY:
            pool = spots.back_row(view, examples)  # a shooting army against Him: He comes to it through its volleys
        flank = spots.him_flank(view, HIM_FLANK) if him else None
        friends = [u for u in units.values() if u["side"] == self.player and u["status"] == "ready"]
        goal = spots.deploy_x(view, self.player, actor) if actor else None
        if goal is not None:
            mid = goal

        def hurt(e: dict[str, float]) -> float:
            if not actor:
                return 0.0
            return 2 * HURT if spots.hurts_at(view, self.player, actor, e["x"], e["y"]) else \
                HURT if spots.lane_hurts(view, self.player, actor, e["x"], e["y"]) else 0.0

        if goal is not None and pool:  # a searcher: the spot exactly opposite its goal, when it is free
            exact = {"x": round(goal, 2), "y": pool[0]["y"]}
            if not view.check(exact):
                pool = [exact] + pool
        if actor and all(hurt(e) for e in pool):  # every suggested spot hurts: look along the same rows
            pool = pool + spots.more_spots(view, actor, sorted({e["y"] for e in pool}),
                                             lambda e: not hurt(e) and not view.check(e))
        if flank is not None and pool and HIM_LONER > 0 and actor:
            loner = self._loner(actor)
            apart = [e for e in pool if all(abs(e["x"] - f["x"]) - (float(f.get("width", 4)) +
                                                                     float(actor.get("width", 4))) / 2 > HIM_LONER
                                            for f in friends if f["id"] != actor["id"] and
                                            (loner or self._loner(f)))]
            if apart:  # a Berserk unit away from the pack: its Panic reaches no friend when it breaks
                pool = apart
        if flank is not None and pool:  # against Him, packed on one flank: His far units come late, one by one
            return min(pool, key=lambda e: abs(e["x"] - flank) + HIM_FLANK_HURT * hurt(e))  # (terrain that hurts)

        def spread(e: dict[str, float]) -> float:  # keep 8" between units where possible (panic)
            gap = min((abs(e["x"] - f["x"]) for f in friends), default=99.0)
            walled = WALLED if goal is not None and spots.walled_off(view, e, float(actor.get("width", 4))) \
                else 0.0
            return -min(gap, 10.0) + abs(e["x"] - mid) / (1 if goal is not None else 12) + walled + hurt(e) \
                + self.rng.random() * 0.1

        return min(pool, key=spread)

    @staticmethod
    def _loner(unit: dict[str, Any]) -> bool:
        """A unit that deploys apart from its friends against Him (:data:`HIM_LONER`): Berserk, Fragile and no
        Character (lost early, and its Panic hits the friends round it)."""
        kw = keywords_of(unit)
        return "Berserk" in kw and "Fragile" in kw and not objectives.is_character(unit)

    def on_arrive(self, view: Any, d: Decision) -> Any:
        return objectives.arrive_spot(view, self.player, d)  # None: the first suggested spot

    def on_marker(self, view: Any, d: Decision) -> Any:
        spot = expansions.view_hook(view, "hobgoblin_ai_marker_spot", player=self.player, decision=d)
        if spot is not None:  # (a Chaos of War piece: where it helps my army)
            return spot
        spot = objectives.marker_spot(view, self.player, d)  # the narrative and team goals' own spots
        if spot is not None:
            return spot
        spot = spots.marker_spot(view, self.player, d)  # the battle scenarios: near my side
        if spot is not None:
            return spot
        return d.examples[0] if d.examples else None

    def on_building(self, view: Any, d: Decision) -> Any:
        return d.examples[0] if d.examples else None

    # -- shooting -------------------------------------------------------------------------------
    def on_shoot(self, view: Any, d: Decision) -> Any:
        units = self._units(view)
        best, score = None, 5.0
        for o in d.options:
            data = o.data
            if data.get("action") != "shoot":
                continue
            target = units.get(data["target"])
            shooter = units.get(data.get("actor", ""))
            if target is None or shooter is None:
                continue
            value = combat.shot_value(view, shooter, target, int(data["dice"]), int(data["need"]))
            if value > 0:  # a shot that can place no Doom (the shooting cap reached) is worth nothing, a building too
                value += objectives.unit_worth(view, self.player, target) * 0.25
            if value > score:
                best, score = o.value, value
        return best if best is not None else self._pick(d, "done")

    # -- movement -------------------------------------------------------------------------------
    def on_activate(self, view: Any, d: Decision) -> Any:
        units = self._units(view)
        acts = [o for o in d.options if o.data.get("action") == "activate"]
        if not acts:
            return self._pick(d, "done")
        enemies = [u for u in units.values() if u["side"] != self.player and ready(u)]

        def nearest(o: Any) -> tuple[bool, float]:
            u = units[o.data["actor"]]
            # a searcher first (Desperate Search): before friends moving up fill its way to the markers
            return (not objectives.searcher(view, self.player, u),
                    min((dist(centre(u), centre(e)) for e in enemies), default=0.0))

        # the first in that order that is not costly (sorted is stable: min's pick among the keen ones), so the
        # planner runs only for the costly-looking units before it
        for o in sorted(acts, key=nearest):
            if not self._costly(view, units, units[o.data["actor"]], enemies):
                return o.value
        return self._pick(d, "done")  # the rest hold: moving would only cost them Doom

    def _costly(self, view: Any, units: dict[str, Any], u: dict[str, Any], enemies: list[dict[str, Any]]) -> bool:
        """A Cowardly unit that may not take Distracted (Wild, no Character within 4") gains D3 Doom when it
        activates: not worth it when that Doom may break it, nor unless an enemy is within its reach or a move
        (out of the enemy's shots and charges, say) gains more than the Doom costs."""
        kw = keywords_of(u)
        if "Cowardly" not in kw or "Wild" not in kw or "Berserk" in kw:
            return False
        if any(objectives.is_character(f) and f["side"] == self.player and ready(f) and f["id"] != u["id"]
               and dist(centre(f), centre(u)) <= 4 + (float(f.get("width", 4)) + float(u.get("width", 4))) / 2
               for f in units.values()):
            return False
        if combat.breaks_at(u) - int(u.get("doom", 0)) <= 3:
            return True  # D3 Doom may break it: it would panic its friends and lose its points for nothing
        reach = float(u.get("speed", 8)) + 2
        if any(dist(centre(u), centre(e)) <= reach + float(e.get("width", 4)) / 2 for e in enemies):
            return False
        choices = self._planner(view).ranked(u, [], lambda o: o.data, float(u.get("speed", 8)))
        hold = next((c.value for c in choices if c.option == "end"), 0.0)
        return choices[0].value - hold <= COWARDLY_DOOM * doom_cost(u)

    def _planner(self, view: Any) -> Planner:
        first = view.state.get("first") == self.player
        return Planner(view, self.player, self._units(view), moves_after=first)

    # -- planning, for a look-ahead (ai-hard, skirmish_hobgoblin.ai_levels) ---------------------------
    def planning(self, view: Any, uid: str) -> bool:
        """Whether unit ``uid``'s activation this round already follows a plan of mine (a charge, holding or a
        place to steer to, chosen at its first move)."""
        return self._plan.get("key") == (getattr(view, "game_round", 0), uid)

    def choices(self, view: Any, me: dict[str, Any], options: list[Any], mp: float) -> list[Choice]:
        """My ranking of unit ``me``'s Movement Phase choices with ``mp`` MP (charges on offer, holding, places
        to steer to), best first, the few I would fall back on: the list :meth:`follow` takes. Changes nothing."""
        return self._planner(view).ranked(me, list(options), lambda o: o.data, mp)[:ALTERNATIVES]

    def follow(self, view: Any, me: dict[str, Any], choices: list[Choice], d: Decision, mp: float,
               offered: Any) -> Any:
        """Plan unit ``me``'s activation this round on ``choices`` in that order (from :meth:`choices`, reordered
        by the caller) and answer the move question ``d`` by the first that applies; the next questions of the
        activation steer that plan as if it were my own."""
        plan = self._plan = {"key": (getattr(view, "game_round", 0), me["id"]), "steps": 0, "start": centre(me),
                             "alts": list(choices)}
        return self._follow_next(view, me, plan, d, mp, offered)

    def mercury_worth(self, view: Any) -> float:
        """What I reckon a Mercury token kept is worth (points). Changes nothing."""
        return self._mercury_worth(view)

    def on_move(self, view: Any, d: Decision) -> Any:
        units = self._units(view)
        stop = getattr(d, "path_stop", _ASK)
        act = view.state.get("activation") or {} if stop is not _ASK else {}
        if act:  # the rules' movement question: who moves and the MP from the view, how far a path went from the
            # question itself, so that neither the context nor the whole option list is built unless read
            uid, mp, stopped, paths = act.get("unit", ""), float(act.get("mp", 0.0)), stop, True
            offered: Any = steering.Asked(d)
        else:
            ctx = d.context
            uid, mp, stopped, paths = ctx.get("actor", ""), None, ctx.get("path"), bool(ctx.get("paths"))
            offered = None
        me = units.get(uid, {})
        if not me or me.get("engaged"):
            return "end" if act else self._pick(d, "end")
        if mp is None:
            mp = float(ctx.get("mp", me.get("speed", 8)))
        again = ""  # the step the last path stopped before (not made, not tried)
        if stopped is not None and not stopped.get("tried") and not stopped.get("asked") \
                and int(stopped.get("made", 0)) < len(self._steps):
            again = self._steps[int(stopped.get("made", 0))].split()[0]
        if stopped is not None and self._snaps:  # the last path stopped: steer on from where it did
            at = int(stopped.get("made", 0)) + (1 if stopped.get("tried") else 0)
            self._restore(self._snaps[min(at, len(self._snaps) - 1)])
            if "went" in stopped and at - 1 < len(self._steps):  # cut short or cancelled, as the form would
                kind, want = self._steps[at - 1].split()
                self._short = bool(stopped["refused"]) or (kind != "reform" and stopped["went"] < float(want) - 0.05)
        self._snaps = []
        if offered is None:
            offered = {o.value for o in d.options}
        before = self._snapshot()
        answer = self._move(view, d, me, mp, offered)
        if answer == again or not self.paths or not paths or not isinstance(answer, str) or answer == "end":
            return answer  # (the step a path stopped before, chosen again: as asked, its amount in the form)
        return self._whole(view, d, me, mp, offered, answer, before)

    # -- a move as a whole path -------------------------------------------------------------------
    def _snapshot(self) -> tuple[dict[str, Any], bool]:
        plan = dict(self._plan)
        if "alts" in plan:
            plan["alts"] = list(plan["alts"])
        return plan, self._short

    def _restore(self, snap: tuple[dict[str, Any], bool]) -> None:
        plan, self._short = snap
        self._plan = dict(plan)
        if "alts" in plan:
            self._plan["alts"] = list(plan["alts"])
        self._amount = None

    def _whole(self, view: Any, d: Decision, me: dict[str, Any], mp: float, offered: set[str], first: str,
               before: tuple[dict[str, Any], bool]) -> Any:
        """The answer ``first`` and what the AI would answer after it, as one path (``{"path": [...]}``): each
        manoeuvre's amount as the form would take it, the unit moved where the manoeuvre leaves it, the next
        step steered from there, until the steering ends the activation (``end``), reaches ground it cannot
        foresee (a manoeuvre not offered now, contact with an enemy, a computed move) or runs out of MP. The
        rules make the steps while they are legal in full; where they stop, the question comes again saying how
        far the path went, and the AI takes up its plan from there (:meth:`on_move`)."""
        snaps = [before]
        if first not in moves.KINDS:  # a computed move: the activation ends after it once it moved the unit
            snaps.append(self._snapshot())
            self._snaps = snaps
            return {"path": [first, "end"]}
        steps: list[str] = []
        kind, want = first, self._amount
        enemies = [u for u in self._units(view).values() if u.get("side") != self.player and ready(u)]
        while True:
            value = steering.as_asked(kind, want)
            if value is None:
                break  # too small to make (the form's answer would cancel it)
            steps.append(f"{kind} {value!r}")
            self._amount, self._short = None, False
            snaps.append(self._snapshot())
            me = steering.moved(me, kind, value)
            mp -= steering.cost(me, kind, value)
            if mp < 1 or len(steps) >= steering.PATH_STEPS or any(gap(me, e) < 0.05 for e in enemies):
                break  # no question would follow, or contact: the engine says what it touches
            mark = self._snapshot()
            seen = steering.Offered(offered)
            answer = self._move(view, d, me, mp, seen)
            if seen.unsure or (answer != "end" and answer not in moves.KINDS):
                self._restore(mark)
                break
            if answer == "end":
                steps.append("end")
                snaps.append(self._snapshot())
                break
            kind, want = answer, self._amount
        self._amount = None
        if not steps:  # the first step is too small for a path: asked as before
            self._restore(before)
            return self._move(view, d, me, mp, offered)
        self._snaps, self._steps = snaps, steps
        return {"path": steps}

    def _move(self, view: Any, d: Decision, me: dict[str, Any], mp: float, offered: Any) -> Any:
        """The next answer to the movement question for ``me`` with ``mp`` left (``offered``: the answers offered)."""
        uid = me["id"]
        key = (getattr(view, "game_round", 0), uid)
        plan = self._plan
        here = centre(me)
        if plan.get("key") != key:
            plan = self._plan = {"key": key, "steps": 0, "start": here}
            plan["alts"] = self._planner(view).ranked(me, list(d.options), lambda o: o.data, mp)[:ALTERNATIVES]
            return self._follow_next(view, me, plan, d, mp, offered)
        if "engine" in plan and dist(plan.pop("engine"), here) > 0.05:
            plan["done"] = True  # it went; when refused, steer instead
        if plan.get("done") or plan.get("goal") is None or plan["steps"] >= MAX_STEPS:
            return "end"
        blocked = self._stuck(plan.get("at"), me)  # its last manoeuvre went nowhere (a Reform turns on the spot)
        step = None if blocked else steering.next_step(me, plan["goal"], mp)
        if step is not None and step[0] not in offered and step[0] != "advance" and "advance" in offered:
            step = ("advance", float(int(mp)))  # cannot turn further: go on as it faces
        if self._short and step is not None and step[0].startswith("wheel"):
            step = steering.unjam(me, plan["goal"], mp, offered, plan.get("backed", False))  # not a degree at a time
            if step is None:
                return "end"
            plan["backed"] = plan.get("backed", False) or step[0] == "retreat"
        self._short = False
        if step is None or step[0] not in offered:
            engine = f"towards {plan['target'].lstrip(AROUND)}" if plan.get("target") else ""
            if (blocked or step is not None) and engine in offered and not plan.get("tried") \
                    and self._clear(view, me, plan["goal"]) and not steering.berserk(me):
                plan["tried"] = True
                plan["engine"] = here  # the engine's route may go around what stopped it (a shuffle first)
                plan.pop("at", None)
                return engine
            side = "shuffle-left" if steering.turn_to(float(me.get("facing", 0.0)), here, plan["goal"]) > 0 \
                else "shuffle-right"
            if blocked and not plan.get("sidestep") and side in offered and mp >= 2:
                plan["sidestep"] = True  # something is in front: step aside towards the goal, then steer again
                return self._steer(view, me, plan, (side, min(SIDESTEP, mp * steering.SHUFFLE_PER_MP)), mp,
                                   offered)
            if plan.get("alts") and dist(here, plan.get("start", here)) < 0.05:
                return self._follow_next(view, me, plan, d, mp, offered)  # stuck where it started: the next best
            return "end"
        return self._steer(view, me, plan, step, mp, offered)

    def _follow_next(self, view: Any, me: dict[str, Any], plan: dict[str, Any], d: Decision, mp: float,
                     offered: Any) -> Any:
        """Take the best choice left in the plan: an option to answer with, or a goal to steer to."""
        while plan["alts"]:
            choice = plan["alts"].pop(0)
            if choice.option is not None:
                if choice.option in offered:
                    plan["done"] = True
                    return choice.option
                continue
            if choice.retreat:
                if "retreat" not in offered:
                    continue
                plan["goal"] = None  # one Retreat, then the activation ends
                return self._step(plan, ("retreat", choice.retreat), (*centre(me), float(me.get("facing", 0.0))))
            plan["goal"], plan["target"] = choice.goal, choice.target
            for k in ("done", "at", "tried"):
                plan.pop(k, None)
            plan["hazard"] = choice.hazard  # crossing terrain that hurts was weighed: no stopping short of it
            engine = f"towards {choice.target}" if choice.target and not choice.target.startswith(AROUND) else ""
            if engine in offered and self._clear(view, me, choice.goal) and not steering.berserk(me):
                plan["engine"] = centre(me)  # the engine's own route (around units and terrain) to the same place
                plan["tried"] = True
                return engine
            step = steering.next_step(me, choice.goal, mp)
            if step is not None and step[0] in offered:
                return self._steer(view, me, plan, step, mp, offered)
        plan["done"] = True
        return "end"

    def _steer(self, view: Any, me: dict[str, Any], plan: dict[str, Any], step: tuple[str, float], mp: float,
               offered: Any) -> Any:
        """Make a steering step; an advance stops short of terrain that would hurt the unit unless the plan
        weighed crossing it (a corner clipping Perilous terrain costs a die for every MP of the advance)."""
        if steering.berserk(me) and step[0] != "advance" and "advance" in offered and \
                steering.turn_costs_berserk(me, step, mp, plan.get("advanced", 0.0)) and \
                steering.enemy_ahead(me, self._units(view).values()):
            step = ("advance", float(int(mp)))  # the 6" a Berserk unit must advance before a turn eats the MP
        if not plan.get("hazard"):
            go = steering.safe_amount(view, me, step[0], step[1])
            if abs(go) < (5.0 if step[0] == "reform" else 0.5):
                alt = ("advance", float(int(step[1] if step[0] == "advance" else mp)))
                if step[0] == "advance" or "advance" not in offered or \
                        abs(steering.safe_amount(view, me, *alt)) < 0.5:
                    plan["done"] = True
                    return "end"
                go = steering.safe_amount(view, me, *alt)  # cannot turn that way without harm: on as it faces
                step = alt
            step = (step[0], go)
        return self._step(plan, step, (*centre(me), float(me.get("facing", 0.0))))

    @staticmethod
    def _stuck(at: tuple[float, float, float] | None, me: dict[str, Any]) -> bool:
        """Whether ``me`` stands where its last manoeuvre started (``at``: centre and facing), facing the same way."""
        if at is None or dist((at[0], at[1]), centre(me)) >= 0.01:
            return False
        return abs(steering.turn_between(at[2], float(me.get("facing", 0.0)))) < 0.5

    def _step(self, plan: dict[str, Any], step: tuple[str, float], at: tuple[float, float, float]) -> str:
        if step[0] == "advance":
            plan["advanced"] = plan.get("advanced", 0.0) + step[1]
        plan["steps"] += 1
        plan["at"] = at
        self._amount = step[1]
        return step[0]

    def _clear(self, view: Any, me: dict[str, Any], goal: Any) -> bool:
        """No Perilous or (for a Wild unit) Rough terrain on the straight way to ``goal``."""
        return goal is not None and terrain_cost(view, me, centre(me), goal) <= 0.0

    def on_manoeuvre(self, view: Any, d: Decision) -> Any:
        if not d.params:
            return d.examples[0] if d.examples else None
        p = d.params[0]
        want = self._amount
        self._amount = None
        tries = []
        if want is not None:
            value = max(float(p.low), min(float(p.high), want)) if p.name != "degrees" else want
            self._short = value < want - 0.05
            if abs(value) < 0.1:
                return {p.name: 0.0}  # blocked: not worth a sliver
            if not view.check({p.name: round(value, 2)}):
                return {p.name: round(value, 2)}
            self._short = True  # refused as asked: cancel rather than take a suggestion (a Reform's is any turn)
            return {p.name: 0.0}
        tries += list(d.examples)
        for t in tries:
            if not view.check(t):
                return t
        return {p.name: 0.0}

    # -- combat --------------------------------------------------------------------------------
    def on_fight(self, view: Any, d: Decision) -> Any:
        return d.options[0].value

    def on_assign(self, view: Any, d: Decision) -> Any:
        units = self._units(view)
        me = units.get(d.context.get("actor", ""), {})

        def value(o: Any) -> float:
            data = o.data
            total = 0.0
            for tid, n in zip(data["targets"], data["dice"], strict=True):
                them = units.get(tid)
                if them is None or not me:
                    continue
                dist_ = combat.close_dist(view, me, them, int(n))
                left = max(1, combat.breaks_at(them) - int(them.get("doom", 0)))
                tough = keywords_of(them).get("Tough") or 0
                p_break = combat.at_least(dist_, left + tough)
                worth = float(them.get("points", 300)) + objectives.unit_worth(view, self.player, them)
                total += worth * (p_break + combat.WEAR * min(1.0, combat.mean(dist_) / left))
            return total

        assigns = [o for o in d.options if o.data.get("action") == "assign"]
        return max(assigns, key=value).value if assigns else d.options[0].value

    def on_force_of_will(self, view: Any, d: Decision) -> Any:
        """Re-roll a miss when the hit it may bring is worth more than the Mercury (or card) spent."""
        units = self._units(view)
        ctx = d.context
        target = units.get(ctx.get("target", ""), {})
        if not target or target.get("side") == self.player:
            return self._pick(d, "keep")
        hits = int(ctx.get("hits", 0))
        kw = keywords_of(target)
        doom = int(target.get("doom", 0))
        shooting = ctx.get("kind") == "shooting"
        placed = hits if not shooting or "Skirmishers" in kw else min(hits, max(0, 5 - doom))
        if shooting and "Skirmishers" not in kw and doom + placed >= 5:
            return self._pick(d, "keep")  # the shooting cap: another hit places nothing
        tough = 0 if shooting else (kw.get("Tough") or 0)
        left = combat.breaks_at(target) - doom - max(0, placed - tough)
        if left <= 0:
            return self._pick(d, "keep")
        worth = float(target.get("points", 300)) + objectives.unit_worth(view, self.player, target)
        if shooting and "Skirmishers" not in kw and combat.breaks_at(target) > 5:
            gain = worth * combat.WEAR / max(1, combat.breaks_at(target) - doom)
        else:
            gain = worth * (0.8 if left == 1 else 0.25 if left <= 3 else combat.WEAR / left)
        gain *= p_hit(int(ctx.get("need", 4)))
        mercury_cost = self._mercury_worth(view)
        best, cost = None, gain
        for o in d.options:
            data = o.data
            if data.get("action") != "reroll":
                continue
            price = mercury_cost if data.get("pay") == "mercury" else CARD_KEPT
            if price < cost:
                best, cost = o.value, price
        return best if best is not None else self._pick(d, "keep")

    def _mercury_worth(self, view: Any) -> float:
        """A Mercury token kept: what the magic module says it is worth (Force of Will later, or a spell)."""
        worth = expansions.view_hook(view, "hobgoblin_ai_mercury_worth", player=self.player)
        return 0.0 if worth is None else worth

    # -- magic -----------------------------------------------------------------------------------
    def on_cast(self, view: Any, d: Decision) -> Any:
        """A casting decision: the magic expansion's AI values each offered spell (``hobgoblin_ai_cast``)."""
        return expansions.view_hook(view, "hobgoblin_ai_cast", player=self.player, decision=d)

    # -- other decisions -------------------------------------------------------------------------
    def on_punish(self, view: Any, d: Decision) -> Any:
        return "punish"

    def on_rough(self, view: Any, d: Decision) -> Any:
        return "distracted"

    def on_cowardly(self, view: Any, d: Decision) -> Any:
        return "distracted"

    def on_harvest(self, view: Any, d: Decision) -> Any:
        hand = view.state["sides"][self.player]["hand"]
        return "card" if isinstance(hand, list) and len(hand) < 4 else "mercury"

    def on_whos_next(self, view: Any, d: Decision) -> Any:
        for o in d.options:
            if str(o.value).startswith("face "):
                return o.value
        return d.options[0].value

    # -- fortune cards -------------------------------------------------------------------------
    def on_respond(self, view: Any, d: Decision) -> Any:
        phase = view.phase
        names = {o.data.get("name", "") for o in d.options if o.data.get("action") == "card"}
        if not names & (_WANTED | _WANTED_IN.get(phase, frozenset())):
            return self._pick(d, "pass")  # the cheap answer at most windows: nothing it would play here
        units = self._units(view)
        hit_cards = self._hit_cards(view, d, units)
        fight = self._fight_card(view, d, units) if phase == "Combat" else None
        for o in d.options:
            data = o.data
            if data.get("action") != "card":
                continue
            name = data.get("name", "")
            if name in cards.HIT_CARDS:
                if o.value == hit_cards:
                    return o.value
                continue
            unit = units.get(data.get("target", ""), {})
            doom, courage = unit.get("doom", 0), unit.get("courage", 10)
            if name == "Carpe Diem" and (view.state.get("first") == self.player) == \
                    initiative.wants_first(view, self.player):
                continue  # the token is already where it wants it
            if name in ("Vial of Mercury", "Hopelessness", "Carpe Diem", "Against All Odds", "Go Down Fighting",
                        "Eager for Battle", "Crushing Charge", "Take Heart"):
                return o.value
            if name == "Healing Potion" and doom >= 3:
                return o.value
            if name == "Hold!" and phase == "Doom" and doom >= courage - 3:
                return o.value
            if name in FIGHT_CARDS and o.value == fight:
                return o.value
        return self._pick(d, "pass")

    def _fight_card(self, view: Any, d: Decision, units: dict[str, Any]) -> Any:
        """The card among :data:`FIGHT_CARDS` to play on an engaged unit now, on the unit with most at stake (its
        points and those of the enemies it fights), or None."""
        best, stake = None, 0.0
        for o in d.options:
            data = o.data
            unit = units.get(data.get("target", ""), {})
            if data.get("action") != "card" or data.get("name") not in FIGHT_CARDS or not unit.get("engaged"):
                continue
            here = float(unit.get("points", 0)) + sum(float(units.get(e, {}).get("points", 0))
                                                      for e in unit["engaged"])
            if here > stake:
                best, stake = o.value, here
        return best


    def _hit_cards(self, view: Any, d: Decision, units: dict[str, Any]) -> Any:
        """The hit-cutting card worth playing on the attack now resolving (one per attack), or None."""
        ctx = d.context
        if ctx.get("moment") != "hits":
            return None
        # the window says which attack (read from the log only where a window does not: the log is not kept in
        # studies and look-aheads, and the AI must play the same there)
        last = (int(ctx["attack"]), str(ctx["target"]), int(ctx["hits"])) if "attack" in ctx else cards.last_hits(view)
        if last is None or last[0] == self._carded:
            return None
        seq, target, hits = last
        unit = units.get(target)
        if unit is None:
            return None
        shooting = view.phase == "Shooting"
        best, score = None, CARD_KEPT
        for o in d.options:
            data = o.data
            if data.get("action") == "card" and data.get("target") == target and data.get("name") in cards.HIT_CARDS:
                worth = cards.saving(unit, hits, cards.cut(data["name"], hits), shooting)
                if worth > score:
                    best, score = o.value, worth
        if best is not None:
            self._carded = seq
        return best


#: the Fortune Cards the AI may play at a window whatever the phase, and those it plays only in one phase
_WANTED = frozenset(("Vial of Mercury", "Hopelessness", "Carpe Diem", "Against All Odds", "Go Down Fighting",
                     "Eager for Battle", "Crushing Charge", "Take Heart", "Healing Potion", *cards.HIT_CARDS))
_WANTED_IN = {"Combat": frozenset(("Famous Blade", "Moment of Glory", "Heroic Last Stand")),
              "Doom": frozenset(("Hold!",))}


def make_ai(ctx: AgentContext) -> HobgoblinAI:
    return HobgoblinAI(ctx)
