"""The AI's Movement Phase choice for one unit: every offered engagement and a handful of places to steer to
(towards each objective, each enemy, or staying put), each valued as

    the fight it starts (two rounds, exact odds) or the scenario worth of the place
    + the chances it sets up for next round (a fight it would win, a target in range)
    - the enemy charges it invites (what each enemy that can reach it would gain: in full from those that still
      move after it this round)
    - the friends it leaves to break (those only its Command keeps from breaking), or breaking itself by leaving
      the Command that holds it
    - the terrain it crosses (Perilous dice, Rough Doom)

and the best taken."""

from __future__ import annotations

import math
from typing import Any

import attrs

from skirmish_hobgoblin.ai import combat, objectives, steering
from skirmish_hobgoblin.ai.board import (
    Point,
    Unit,
    _radius,
    around,
    boxed,
    centre,
    dist,
    free_run,
    gap,
    keywords_of,
    line_through,
    near,
    obstacles,
    overlaps,
    p_hit,
    poly_gap,
    ready,
    swept_band,
    terrain,
    unit_corners,
)

#: a chance set up for next round is worth this share of its value now
OPPORTUNITY = 0.8
#: enemies that can reach a unit threaten it next round (they may move first, or it may move away first) this much
LATER = 0.5
#: and enemies that still move after it this round in full: whatever charge favours them is theirs to make
NOW = 1.0
#: against Him (the solo opponent, who charges whatever He can reach): a charge next round at one of His units that can
#: reach this unit first counts for nothing in its prospects (He charges first: the fight is His, counted as danger)
HIM_PREEMPT = True
#: against Him with :data:`HIM_PREEMPT`, such a charge counts as the chance that I move first next round (see
#: :meth:`Planner.him_first`) instead of not at all
HIM_PREEMPT_TOKEN = False
#: against Him, next round's charges count this much (He keeps the First Player token on a roll above the round
#: number, and then moves all His units first); 1.0 measured no better
HIM_LATER = 0.5
#: against Him, next round's charges count as the chance that He moves first next round (He keeps the token on a roll
#: above the round number; the AI, holding it, keeps it on such a roll) instead of :data:`HIM_LATER`
HIM_TOKEN = True
#: against Him, who charges whatever He reaches whatever the odds: a place where one of His units alone can reach the
#: unit in a fight that favours the unit counts that fight (this many times) in its favour (bait). Normal, seeds
#: 0-199, with :data:`HIM_TOKEN`: 1.0 83 wins (margin of points in play +37 a game on the AI before), 0 77 (+42),
#: 2.0 88 (+31 on 1.0, se 26)
HIM_BAIT = 2.0
#: against Him, the charges He may make at my General or at a Fragile unit count this many times (the General holds
#: its friends' Courage; a Fragile unit breaks at half its Courage and its Panic hits the friends round it). Normal,
#: seeds 0-199: 2.0 86 wins against 83 (margin +3, se 29)
HIM_PRECIOUS = 2.0
#: against Him, a fight in the last round is valued as the one round of combat left, where Doom on a unit left
#: standing counts for nothing (His game is won on points of units in play at the end)
HIM_LAST = True
#: against Him, His units that never charge (Ranged Infantry move by Cautious Behaviour, Artillery is Immobile)
#: are left out of the danger
HIM_CAUTIOUS = ("ranged-infantry", "artillery")
#: against Him, the shares of its MP a unit may spend backing off (a Retreat keeping its facing); () for none
BACK_OFF = (1.0, 0.5)
#: against Him, no fall back that leaves the unit turned more than this (degrees) from where it faces: it backs off
#: instead, facing Him (the Lance Knights turned round to their own edge and spent the next two rounds turning back)
HIM_TURN_AWAY = 90.0
#: against Him, an engagement with one of His units that friends already fight counts the Doom they are expected to
#: give it this combat (a second unit in is what breaks it; He spreads His dice over both)
HIM_GANG = True
#: Command reaches friends within this many inches
COMMAND_RANGE = 8.0
#: how a shooter sees a place
SEEN, COVER, HIDDEN = "seen", "cover", "hidden"
#: the chance an enemy shooter in range picks this unit (it has others to choose from)
TARGETED = 0.5
#: Doom a unit does to itself (Perilous dice) counts this many times its share of the unit's points: it is
#: certain, and it leaves the unit easy to break by shooting
HARM = 3.0
#: marks a detour's target (the engine's own move towards it is the fallback when steering is blocked, not the
#: first try)
AROUND = "~"
#: the turns (degrees) of the detours tried round the straight way to a goal, and when that way crosses terrain
#: that hurts the unit
NARROW = (-40, 40)
WIDE = (-75, -40, 40, 75)
#: the terrain a move may pay for
HURTING = ("perilous", "rough")
#: a unit falls back to where its corners, turning about its centre, stay this far inside its own table edge
FALL_BACK_ROOM = 0.5
#: Perilous terrain: one die per MP spent in it, hitting as a War Wagon does
PERILOUS_ATTACKER = "war-wagon"


@attrs.define
class Choice:
    value: float
    option: Any = None  # an option value to answer with, or None to steer
    goal: Point | None = None
    why: str = ""
    target: str = ""  # the marker or enemy the goal is (the engine's own "towards" move may reach it better)
    end: Point | None = None  # where the unit is expected to stand after it
    hazard: bool = False  # the way there crosses terrain that hurts the unit, and that was weighed
    retreat: float = 0.0  # a Retreat of this many inches (keeping its facing) instead of steering


def _range(unit: Unit) -> float:
    kw = keywords_of(unit)
    value = float(kw.get("Ranged") or 0)
    return value / 2 if "Short-Ranged" in kw else value


def doom_cost(unit: Unit) -> float:
    """What one more Doom on the unit is worth (more as it nears breaking)."""
    left = max(1, combat.breaks_at(unit) - int(unit.get("doom", 0)))
    return float(unit.get("points", 300)) / left


def _hurt_cost(view: Any, unit: Unit, area: list[Point], mp: float, rough: bool = True) -> float:
    """What one manoeuvre of ``mp`` MP sweeping ``area`` costs in terrain: a die for every MP when it touches
    Perilous terrain (the rules count the whole manoeuvre, so a corner clipping a piece costs as much as crossing
    it); Rough (unless ``rough`` is False): a Doom (Wild) or Distracted."""
    kw = keywords_of(unit)
    cost = 0.0
    if overlaps(view, "perilous", area):
        dice = max(1, math.ceil(mp - 1e-6))
        cost += dice * p_hit(combat.chart(view, PERILOUS_ATTACKER, str(unit.get("type", "")))) * doom_cost(unit) * HARM
    if rough and "Skirmishers" not in kw and overlaps(view, "rough", area):
        cost += doom_cost(unit) * (2.0 if "Wild" in kw else 0.3)  # Wild: a Doom for each manoeuvre in it
    return cost


def terrain_cost(view: Any, unit: Unit, a: Point, b: Point) -> float:
    """What advancing straight from ``a`` to ``b`` costs in terrain (see :func:`_hurt_cost`)."""
    length = dist(a, b)
    if ("Flying" in keywords_of(unit) and length >= 12) or length < 0.05:
        return 0.0
    if not near(view, HURTING, around([a, b], _radius(unit) + 0.1)):
        return 0.0
    return _hurt_cost(view, unit, swept_band(unit, a, b), length)


def path_cost(view: Any, unit: Unit, turned: Point, facing: float, end: Point) -> float:
    """What steering costs in terrain: the turn that faces ``facing`` (a wheel about a front corner to ``turned``,
    or a Reform where it stands) and the advance from ``turned`` to ``end``, each swept as the executor sweeps it
    (:func:`steering.swept`) against the terrain that hurts the unit; Rough that only Distracts it, on the centre
    line."""
    here = centre(unit)
    kinds = steering.harmful(unit)
    wild = "rough" in kinds
    cost = 0.0
    if "Skirmishers" not in keywords_of(unit) and not wild and line_through(view, "rough", here, end):
        cost += doom_cost(unit) * 0.3  # Distracted: the centre line is close enough for what it costs
    if not near(view, kinds, around([here, turned, end], _radius(unit) + 0.1)):
        return cost
    delta = (facing - float(unit.get("facing", 0.0)) + 180.0) % 360.0 - 180.0
    if abs(delta) > steering.SLACK:
        if dist(turned, centre(unit)) < 1e-6:
            cost += _hurt_cost(view, unit, steering.swept(unit, "reform", delta), steering.REFORM_MP, wild)
        else:
            travel = steering.chord(float(unit.get("width", 4.0)), delta)
            kind = "wheel-left" if delta > 0 else "wheel-right"
            cost += _hurt_cost(view, unit, steering.swept(unit, kind, travel), travel, wild)
    length = dist(turned, end)
    if length >= 0.05:
        cost += _hurt_cost(view, unit, swept_band(unit, turned, end), length, wild)
    return cost


def _toward(d: float, within: float, scale: float = 20.0) -> float:
    """1 within ``within``, falling off linearly to 0 at ``within + scale``."""
    return 1.0 if d <= within else max(0.0, 1.0 - (d - within) / scale)


def _edge_facing(me: Unit, at: Point, other: Point) -> str:
    """Which of my edges an enemy coming from ``other`` would most likely meet."""
    ang = math.degrees(math.atan2(other[1] - at[1], other[0] - at[0])) - float(me.get("facing", 0.0))
    ang = abs((ang + 180.0) % 360.0 - 180.0)
    return "front" if ang <= 60 else "side" if ang <= 130 else "rear"


def contact_spot(me: Unit, them: Unit, edge: str) -> tuple[Point, float]:
    """Roughly where ``me`` stands, and facing which way, once it has engaged ``them`` on ``edge``: square on to that
    edge, centred on it (for a side, the one nearer ``me``)."""
    tx, ty = centre(them)
    f = math.radians(float(them.get("facing", 0.0)))
    fwd, right = (math.cos(f), math.sin(f)), (math.sin(f), -math.cos(f))
    depth = float(me.get("depth", 2.0)) / 2
    if edge == "front":
        normal, off = fwd, float(them.get("depth", 2.0)) / 2
    elif edge == "rear":
        normal, off = (-fwd[0], -fwd[1]), float(them.get("depth", 2.0)) / 2
    else:
        mx, my = centre(me)
        sign = 1.0 if (mx - tx) * right[0] + (my - ty) * right[1] >= 0 else -1.0
        normal, off = (right[0] * sign, right[1] * sign), float(them.get("width", 4.0)) / 2
    at = (tx + normal[0] * (off + depth), ty + normal[1] * (off + depth))
    return at, math.degrees(math.atan2(-normal[1], -normal[0])) % 360.0


def _facing_share(me: Unit, at: Point, target: Point, facing: float | None) -> float:
    """How much of a charge next round a unit at ``at`` facing ``facing`` keeps: all with the target ahead, less as
    it stands further round (a wide wheel eats the move; a turn after Reform leaves it Distracted)."""
    f = float(me.get("facing", 0.0)) if facing is None else facing
    ang = abs(steering.turn_to(f, at, target))
    return 1.0 if ang <= 45.0 else 0.75 if ang <= 100.0 else 0.5


def _taken(end: Point, facing: float, seen: list[tuple[Point, float]]) -> bool:
    """Whether another goal already ends within half an inch of ``end`` facing within 20 degrees of ``facing``."""
    ex, ey = end
    hypot = math.hypot
    for (px, py), f in seen:  # noqa: SIM110 (a loop: no generator per test)
        if hypot(ex - px, ey - py) < 0.5 and abs((f - facing + 180) % 360 - 180) < 20:
            return True
    return False


@attrs.define
class Planner:
    view: Any
    player: str
    units: dict[str, Unit]
    moves_after: bool  # the enemy still moves after this unit in this Movement Phase
    #: values that do not depend on where the moving unit stands (fights, volleys, worths), by key
    memo: dict[Any, Any] = attrs.field(factory=dict, init=False)

    def enemies(self) -> list[Unit]:
        got = self.memo.get("enemies")
        if got is None:
            got = self.memo["enemies"] = [u for u in self.units.values() if u["side"] != self.player and ready(u)]
        return got

    def solo(self) -> bool:
        """Whether the enemy is Him (the solo opponent)."""
        got = self.memo.get("solo")
        if got is None:
            got = self.memo["solo"] = objectives.solo_enemy(self.view, self.player)
        return bool(got)

    def _gap(self, moved: Unit, e: Unit) -> float:
        """:func:`board.gap` with each enemy's outline and radius worked out once."""
        shape = self.memo.get(e["id"])
        if shape is None:
            shape = self.memo[e["id"]] = (centre(e), _radius(e), unit_corners(e))
        mine = self.memo.get("moved")  # the moved unit's centre, radius and outline, kept while it is the same dict
        if mine is None or mine[0] is not moved:
            mine = self.memo["moved"] = [moved, centre(moved), _radius(moved), None]
        rough = dist(mine[1], shape[0]) - mine[2] - shape[1]
        if rough > 3.0:
            return rough
        if mine[3] is None:
            mine[3] = unit_corners(moved)
        return poly_gap(mine[3], shape[2])

    def _key(self, me: Unit) -> tuple[Any, ...]:
        return (me.get("id"), combat._profile(me), tuple(me.get("engaged", []) or ()))

    def _charges(self, me: Unit) -> list[tuple[Unit, float, dict[tuple[str, bool], float]]]:
        """The enemies that may charge ``me``: (enemy, reach, threat by (edge, charged) filled as asked)."""
        key = ("charges", self._key(me))
        got = self.memo.get(key)
        if got is None:
            got = []
            solo = self.solo()
            for e in self.enemies():
                kw = keywords_of(e)
                if e.get("engaged") or "Immobile" in kw or (solo and e.get("type") in HIM_CAUTIOUS):
                    continue
                got.append((e, float(e.get("speed", 8)) + (12.0 if "Flying" in kw else 0.0), {}))
            self.memo[key] = got
        return got

    def danger(self, me: Unit, at: Point, skip: str = "", facing: float | None = None) -> float:
        """What enemies that can reach ``me`` standing at ``at`` would gain by charging it."""
        threats = []
        moved = dict(me, x=at[0], y=at[1], facing=me.get("facing", 0.0) if facing is None else facing)
        worth = None
        for e, reach, seen in self._charges(me):
            if e["id"] == skip:
                continue
            g = self._gap(moved, e)
            if g > reach + 0.5:
                continue
            edge = _edge_facing(moved, at, centre(e))
            threat = seen.get((edge, g >= 6.0))
            if threat is None:
                f = combat.fight(self.view, e, moved, edge, charge=g, last=self.last_fight())
                if worth is None:
                    worth = objectives.unit_worth(self.view, self.player, me)
                threat = seen[(edge, g >= 6.0)] = f.value + worth * f.theirs_break
            threats.append(threat)
        if not threats:
            return 0.0
        threats.sort(reverse=True)
        solo = self.solo()
        if solo and HIM_BAIT and len(threats) == 1 and threats[0] < 0:
            total = HIM_BAIT * threats[0]  # He charges it anyway, into a fight that favours my unit
        else:
            total = max(0.0, threats[0]) + 0.3 * sum(max(0.0, t) for t in threats[1:])
        if solo and total > 0 and HIM_PRECIOUS != 1.0 and self._precious(me):
            total *= HIM_PRECIOUS
        if self.moves_after:
            return total * NOW
        return total * (self.him_first() if solo and HIM_TOKEN else (HIM_LATER if solo else LATER) * self.later())

    @staticmethod
    def _precious(me: Unit) -> bool:
        """My General or a Fragile unit (see :data:`HIM_PRECIOUS`)."""
        kw = keywords_of(me)
        return "General" in kw or "Fragile" in kw

    def last_fight(self) -> bool:
        """Against Him (:data:`HIM_LAST`), whether a fight begun now has one round of combat left, the game's last."""
        return bool(HIM_LAST and self.solo() and not self.later())

    def him_first(self) -> float:
        """Against Him: the chance that He moves first next round (0 in the last round). The holder of the First
        Player token keeps it on a D6 above the next round's number, else it passes: He always keeps it; the AI is
        taken to keep it too."""
        got = self.memo.get("him_first")
        if got is None:
            nxt = objectives.ROUNDS - objectives.rounds_after(self.view) + 1
            if nxt > objectives.ROUNDS:
                got = 0.0
            else:
                keep = max(0.0, min(1.0, (6 - nxt) / 6))
                got = keep if self.view.state.get("first") != self.player else 1.0 - keep
            self.memo["him_first"] = got
        return got

    def later(self) -> float:
        """1 while rounds remain after this one, 0 in the last (next round's charges and shots never come)."""
        return 1.0 if objectives.rounds_after(self.view) > 0 else 0.0

    def _volleys(self, me: Unit) -> list[tuple[Point, float, tuple[float, ...], tuple[float, ...]]]:
        """The enemy shooters: (where, range + 2, the exact hits of one volley at ``me``, and in cover)."""
        key = ("volleys", self._key(me))
        got = self.memo.get(key)
        if got is None:
            got = []
            for e in self.enemies():
                reach = _range(e)
                if reach and not e.get("engaged"):
                    need = combat.chart(self.view, str(e.get("type", "")), str(me.get("type", "")))
                    got.append((centre(e), reach + 2, combat.hits(combat.SHOTS, need),
                                combat.hits(combat.SHOTS, need + 1)))  # in cover: +1 to the number needed
            self.memo[key] = got
        return got

    def shot_danger(self, me: Unit, at: Point) -> float:
        """What the enemy shooters that can reach ``at`` next Shooting Phase are expected to take off ``me``:
        their volleys together (exact odds), each at ``me`` with :data:`TARGETED` chance, so that a Fragile or
        Skirmisher unit (which shooting can break) counts the break a combined volley brings."""
        if not self.later():
            return 0.0
        near = tuple((i, self._sight(where, at)) for i, (where, reach, _d, _c) in enumerate(self._volleys(me))
                     if dist(at, where) <= reach)
        near = tuple(n for n in near if n[1] != HIDDEN)
        if not near:
            return 0.0
        key = ("shot", self._key(me), near)
        got = self.memo.get(key)
        if got is None:
            volleys = self._volleys(me)
            got = self.memo[key] = combat.volleys_value(
                me, [volleys[i][3] if sight == COVER else volleys[i][2] for i, sight in near], TARGETED)
        return got

    def _sight(self, shooter: Point, at: Point) -> str:
        """How a shooter at ``shooter`` sees a unit standing at ``at``: Blocking terrain on the line hides it,
        Obscuring (or Blocking) gives it cover (the line between centres, a rough stand-in for the rules' lines)."""
        if line_through(self.view, "blocking", shooter, at):
            return HIDDEN
        return COVER if line_through(self.view, "obscuring", shooter, at) else SEEN

    def _prospects(self, me: Unit) -> list[tuple[Unit, float, float]]:
        """Each enemy with what ``me`` would gain next round by shooting it (0 without Ranged) and by
        charging it."""
        key = ("prospects", self._key(me))
        got = self.memo.get(key)
        if got is None:
            got = []
            ranged = bool(_range(me))
            speed = float(me.get("speed", 8))
            for e in self.enemies():
                shot = 0.0
                if ranged:
                    need = combat.chart(self.view, str(me.get("type", "")), str(e.get("type", "")))
                    shot = combat.shot_value(self.view, me, e, 5, need)
                f = combat.fight(self.view, me, e, "front", charge=speed)
                worth = objectives.unit_worth(self.view, self.player, e) \
                    + objectives.guard_value(self.view, self.player, e)
                got.append((e, shot, f.value + worth * f.theirs_break))
            self.memo[key] = got
        return got

    def _first_charges(self, me: Unit) -> dict[str, float]:
        """Against Him: the reach of each of His units that may charge ``me`` (see :meth:`_charges`)."""
        return {e["id"]: reach + 0.5 for e, reach, _seen in self._charges(me)}

    def chances(self, me: Unit, at: Point, stale: frozenset[str] = frozenset(), facing: float | None = None) -> float:
        """Next round's prospects from ``at``: the best target in range or fight within reach (those a little
        further off count for less, so a unit walks towards them). ``stale``: enemies whose charge does not
        count (within reach now, yet no engagement is on offer: waiting here will not bring it)."""
        moved = dict(me, x=at[0], y=at[1])
        reach = _range(me)
        speed = float(me.get("speed", 8))
        best = 0.0
        first = self._first_charges(me) if HIM_PREEMPT and self.solo() else {}
        for e, shot, charge in self._prospects(me):
            if shot <= 0 and charge <= 0:
                continue
            d = self._gap(moved, e)
            if charge > 0 and d <= first.get(e["id"], -1.0):  # He charges first (when He moves first): His fight
                charge = charge * (1.0 - self.him_first()) if HIM_PREEMPT_TOKEN else 0.0
            if shot > 0:
                best = max(best, shot * _toward(d, reach - 0.5))
            if charge > 0 and e["id"] not in stale:
                best = max(best, charge * _toward(d, speed - 1) * _facing_share(me, at, centre(e), facing))
        return OPPORTUNITY * best * self.later()

    def place(self, me: Unit, at: Point, start: Point, facing: float | None = None,
              stale: frozenset[str] = frozenset(), terrain: float | None = None) -> float:
        """The worth of ``me`` ending its move at ``at``; ``terrain``: what the way there costs (default: a straight
        advance from ``start``)."""
        if terrain is None:
            terrain = terrain_cost(self.view, me, start, at)
        faced = me if facing is None else dict(me, facing=facing)
        return (objectives.place_value(self.view, self.player, faced, at) + self.chances(me, at, stale, facing)
                - self.danger(me, at, facing=facing) - self.shot_danger(me, at) - terrain
                - self.command_cost(me, at))

    def command_cost(self, me: Unit, at: Point) -> float:
        """The units that break when ``me`` ends at ``at``: friends that keep their nerve only by ``me``'s Command
        (8"), left behind; or ``me`` itself, walking out of the Command that holds it. Each costs its points."""
        key = ("command", self._key(me))
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = self._commanded(me)
        if not got:
            return 0.0
        moved = unit_corners(dict(me, x=at[0], y=at[1]))
        cost = 0.0
        for f, need, alone in got:
            if f is me or f["id"] == me["id"]:
                if all(poly_gap(moved, unit_corners(c)) > COMMAND_RANGE for c in need):
                    cost += alone
            elif poly_gap(moved, unit_corners(f)) > COMMAND_RANGE:
                cost += alone
        return cost

    def _commanded(self, me: Unit) -> list[tuple[Unit, list[Unit], float]]:
        """(unit, the commanders that alone keep it from breaking, its points) for ``me`` and for each friend
        that only ``me``'s Command keeps from breaking now."""
        friends = [u for u in self.units.values() if u["side"] == self.player and ready(u)]
        leaders = [(u, int(keywords_of(u).get("Command") or 0)) for u in friends]
        leaders = [(u, x) for u, x in leaders if x > 0]
        if not leaders:
            return []
        out = []
        for f in friends:
            if "Broken" in keywords_of(f):
                continue
            own = int(keywords_of(f).get("Command") or 0)
            near = [(c, x) for c, x in leaders if c["id"] != f["id"] and gap(f, c) <= COMMAND_RANGE]
            best = max([own] + [x for _c, x in near])
            if best <= own:
                continue  # no Command from others holds it
            base = int(f.get("courage", 10)) - best
            if f["id"] == me["id"]:
                moving = [c for c, x in near if x > own]
                fall = own
            else:
                if not any(c["id"] == me["id"] for c, _x in near):
                    continue
                rest = [x for c, x in near if c["id"] != me["id"]]
                fall = max([own, *rest])
                moving = [me]
            if fall >= best:
                continue
            if int(f.get("doom", 0)) >= combat.breaks_at(f, base + fall):
                worth = float(f.get("points", 300)) + objectives.unit_worth(self.view, self.player, f)
                out.append((f, moving, worth))
        return out

    def engage_value(self, me: Unit, data: dict[str, Any]) -> float:
        them = self.units.get(data.get("target", ""))
        if them is None:
            return -math.inf
        edge = data.get("edge", "front")
        if HIM_GANG and self.solo():
            them = self._ganged(them, me)
        f = combat.fight(self.view, me, them, edge, charge=float(data.get("advance", 0.0)), last=self.last_fight())
        value = f.value
        value += (objectives.unit_worth(self.view, self.player, them)
                  + objectives.guard_value(self.view, self.player, them)) * f.theirs_break
        value -= objectives.unit_worth(self.view, self.player, me) * f.mine_break
        value += 10.0 if data.get("flush") else 0.0
        value += objectives.engage_bonus(self.view, self.player, me, them, data)
        hazard = float(data.get("hazard", 0.0))
        if hazard:
            value -= hazard * p_hit(combat.chart(self.view, PERILOUS_ATTACKER, str(me.get("type", "")))) \
                * doom_cost(me) * HARM
        spot = centre(them)
        value -= 0.5 * self.danger(me, spot, skip=them["id"]) + self.command_cost(me, spot)
        at, facing = contact_spot(me, them, edge)
        value += objectives.place_value(self.view, self.player, dict(me, facing=facing), at)  # like holding's
        return value

    def _ganged(self, them: Unit, me: Unit) -> Unit:
        """``them`` with the Doom my units already engaged with it are expected to give it in this combat (each
        friend's dice shared evenly over the enemies it fights; Tough ignores its share of hits)."""
        extra = 0.0
        tough = int(keywords_of(them).get("Tough") or 0)
        for fid in them.get("engaged", []) or ():
            f = self.units.get(fid)
            if f is None or f["side"] != self.player or f["id"] == me["id"] or not ready(f):
                continue
            dice = combat.strikes(f) // max(1, len(f.get("engaged", []) or ()))
            extra += max(0.0, combat.mean(combat.close_dist(self.view, f, them, dice)) - tough)
        if extra < 0.5:
            return them
        return dict(them, doom=int(them.get("doom", 0)) + int(round(extra)))

    def choose(self, me: Unit, options: list[Any], data_of: Any, mp: float) -> Choice:
        return self.ranked(me, options, data_of, mp)[0]

    def ranked(self, me: Unit, options: list[Any], data_of: Any, mp: float) -> list[Choice]:
        """Holding, each offered engagement and each place to steer to, best first (places that end within
        an inch of a better one left out)."""
        start = centre(me)
        berserk = 2.0 * HARM * doom_cost(me) if "Berserk" in keywords_of(me) else 0.0  # D3 Doom unless it advances 6"
        out = []
        offered = set()
        for o in options:
            data = data_of(o)
            if data.get("action") == "engage":
                offered.add(data.get("target"))
                out.append(Choice(self.engage_value(me, data), option=o.value,
                                  why=f"engage {data.get('target')} {data.get('edge')}"))
        here = dict(me)
        speed = float(me.get("speed", 8))
        stale = frozenset(e["id"] for e in self.enemies() if e["id"] not in offered and self._gap(here, e) <= speed - 1)
        hemmed = berserk * self.later()  # next round's D3 Doom too, for a Berserk unit left facing such terrain
        hold = self.place(me, start, start, stale=stale) - berserk
        if hemmed and self.hemmed(me, start, float(me.get("facing", 0.0))):
            hold -= hemmed
        out.append(Choice(hold, option="end", why="hold", end=start))
        polys = boxed(obstacles(self.view, me))
        seen: list[tuple[Point, float]] = []
        solo = self.solo()
        for goal, why, target in self.goals(me):
            end, facing, _go, turned, flew = steering.predict(me, goal, mp)
            if solo and why == "fall back" and BACK_OFF and \
                    abs(steering.turn_between(float(me.get("facing", 0.0)), facing)) > HIM_TURN_AWAY:
                continue  # against Him, a back-off keeps the front to Him (a fall back turned round stays so)
            if flew:
                end = self._landing(me, turned, end, facing, polys)
                if end is None:
                    continue
            else:
                if dist(turned, start) > 0.01 and self._jammed(me, turned, facing, polys):
                    continue  # the turn itself would run into a unit or impassable terrain next to it
                run = free_run(self.view, me, turned, end, polys)
                if run < dist(turned, end) - 0.01:
                    t = run / max(1e-6, dist(turned, end))
                    end = (turned[0] + (end[0] - turned[0]) * t, turned[1] + (end[1] - turned[1]) * t)
            if dist(end, start) < 0.5 or _taken(end, facing, seen):
                continue  # (nearly) where another goal already takes it
            seen.append((end, facing))
            if flew:  # the turn before a Fly is made on the ground: Perilous dice for a turn in the pools
                hazard = path_cost(self.view, me, turned, facing, turned)
            else:
                hazard = path_cost(self.view, me, turned, facing, end)
            v = self.place(me, end, start, facing, terrain=hazard) - 2.0  # a small cost to moving (no dithering)
            if (dist(end, turned) < 6.0 and not flew) or why.startswith(("marker", "fall back")):
                v -= berserk
            if hemmed and not flew and self.hemmed(me, end, facing):
                v -= hemmed
            out.append(Choice(v, goal=end if flew else goal, why=why + (", flying" if flew else ""),
                              target="" if flew else target, end=end, hazard=hazard > 0))
        out += self._backs(me, start, mp, polys, berserk, seen)
        out.sort(key=lambda c: -c.value)
        kept: list[Choice] = []
        ends: list[Point] = []  # the kept choices' ends
        hypot = math.hypot
        for c in out:
            end = c.end
            if end is None:
                kept.append(c)
                continue
            ex, ey = end
            for kx, ky in ends:  # all(dist(k.end, end) > 1.0) as a loop
                if not hypot(kx - ex, ky - ey) > 1.0:
                    break
            else:
                kept.append(c)
                ends.append(end)
        return kept

    def _backs(self, me: Unit, start: Point, mp: float, polys: Any, berserk: float,
               seen: list[tuple[Point, float]]) -> list[Choice]:
        """Against Him, backing off (a Retreat, 1 MP a half inch): the unit keeps facing the enemy, so it can still
        charge next round and is not caught in the flank or rear, where a fall back that turns round and walks away
        leaves it facing its own table edge. Not for Wild units (a Retreat leaves it Distracted) nor Berserk ones."""
        kw = keywords_of(me)
        if not BACK_OFF or not self.solo() or "Wild" in kw or berserk or steering.berserk(me):
            return []
        facing = float(me.get("facing", 0.0))
        f = math.radians(facing)
        out = []
        whole = math.floor(mp + 1e-9)
        for share in BACK_OFF:
            go = math.floor(whole * share) * steering.SHUFFLE_PER_MP
            if go < 1.0:
                continue
            end = (start[0] - math.cos(f) * go, start[1] - math.sin(f) * go)
            run = free_run(self.view, me, start, end, polys)
            if run < go - 0.01:
                go = math.floor(run * 2) / 2
                if go < 1.0:
                    continue
                end = (start[0] - math.cos(f) * go, start[1] - math.sin(f) * go)
            if any(dist(end, p) < 0.5 and abs((fc - facing + 180) % 360 - 180) < 20 for p, fc in seen):
                continue
            seen.append((end, facing))
            hazard = _hurt_cost(self.view, me, swept_band(me, start, end), go * 2)
            v = self.place(me, end, start, facing, terrain=hazard) - 2.0
            out.append(Choice(v, goal=end, why=f"back off {go:g}", end=end, hazard=hazard > 0, retreat=go))
        return out

    @staticmethod
    def _jammed(me: Unit, at: Point, facing: float, polys: Any) -> bool:
        """Whether ``me`` turned to stand at ``at`` facing ``facing`` would overlap an obstacle (``polys``, boxed)."""
        cs = unit_corners(me, at, facing)
        x0, y0, x1, y1 = around(cs, 0.0)
        for poly, box in polys:
            if box[0] > x1 or box[2] < x0 or box[1] > y1 or box[3] < y0:
                continue
            if poly_gap(cs, poly) <= 0.0:
                return True
        return False

    def hemmed(self, me: Unit, at: Point, facing: float) -> bool:
        """Whether ``me`` standing at ``at`` facing ``facing`` has terrain that hurts it (Perilous; Rough for a
        Wild unit) in the 6" straight ahead, or impassable terrain or the table edge within them, so that next round
        it must pay for it, turn, or stay (Berserk)."""
        f = math.radians(facing)
        ahead = (at[0] + math.cos(f) * steering.BERSERK_ADVANCE, at[1] + math.sin(f) * steering.BERSERK_ADVANCE)
        walls = self.memo.get("walls")
        if walls is None:
            walls = self.memo["walls"] = boxed(terrain(self.view, "impassable"))
        if free_run(self.view, dict(me, facing=facing), at, ahead, walls) < steering.BERSERK_ADVANCE - 0.5:
            return True
        kinds = steering.harmful(me)
        if not near(self.view, kinds, around([at, ahead], _radius(me) + 0.1)):
            return False
        band = swept_band(dict(me, facing=facing), at, ahead)
        return any(overlaps(self.view, k, band) for k in kinds)

    def _landing(self, me: Unit, turned: Point, end: Point, facing: float, polys: Any) -> Point | None:
        """Where a Fly from ``turned`` towards ``end`` may finish: the furthest spot (at least 12") whose
        footprint is on the table and overlaps no obstacle nor terrain that hurts the unit, in 1" steps back; None
        when there is none."""
        length = dist(turned, end)
        w, d = self.view.state.get("table", [72.0, 48.0])
        go = length
        while go >= steering.FLY_MIN - 1e-9:
            t = go / max(1e-6, length)
            p = (turned[0] + (end[0] - turned[0]) * t, turned[1] + (end[1] - turned[1]) * t)
            cs = unit_corners(me, p, facing)
            if all(0.0 < c[0] < w and 0.0 < c[1] < d for c in cs) and \
                    not any(poly_gap(cs, poly) <= 0.05 for poly, _box in polys) and \
                    not any(overlaps(self.view, k, cs) for k in steering.harmful(me)):
                return p  # (not in terrain that hurts it: every way out would cost it)
            go -= 1.0
        return None

    def goals(self, me: Unit) -> list[tuple[Point, str, str]]:
        """Places worth steering to: objective markers, enemies (and points short of them), and back; each
        with the marker or enemy it heads for."""
        here = centre(me)
        out: list[tuple[Point, str, str]] = []
        for m in objectives.markers(self.view):
            out.append(((float(m["x"]), float(m["y"])), f"marker {m['id']}", str(m["id"])))
        out += objectives.goal_points(self.view, self.player, me)
        for e in sorted(self.enemies(), key=lambda e: dist(here, centre(e)))[:3]:
            there = centre(e)
            d = dist(here, there)
            out.append((there, f"towards {e['id']}", str(e["id"])))
            for keep in (float(e.get("speed", 8)) + 3.0, _range(me) - 1.0):
                if keep > 1 and d > keep + 1:  # stop short: out of its charge, or just in my range
                    t = (d - keep) / d
                    out.append(((here[0] + (there[0] - here[0]) * t, here[1] + (there[1] - here[1]) * t),
                                f"short of {e['id']}", ""))
        detours = []
        hurt = [k for k in steering.harmful(me) if terrain(self.view, k)]  # wider detours round it
        for goal, why, target in out:
            d = dist(here, goal)
            if d < 4:
                continue
            ang = math.atan2(goal[1] - here[1], goal[0] - here[0])
            step = min(d, float(me.get("speed", 8)))
            turns = WIDE if hurt and any(line_through(self.view, k, here, goal) for k in hurt) else NARROW
            for turn in turns:
                a = ang + math.radians(turn)
                detours.append(((here[0] + math.cos(a) * step, here[1] + math.sin(a) * step), f"{why}, around",
                                AROUND + target if target else ""))
        out += detours
        side = self.view.state.get("sides", {}).get(self.player, {}).get("half", "")
        depth = float(self.view.state.get("table", [72, 48])[1])
        margin = max(2.0, _radius(me) + FALL_BACK_ROOM)  # room to Reform about its centre there, to face the enemy
        home = margin if side == "south" else depth - margin
        out.append(((here[0], home), "fall back", ""))
        return out
