"""The AI's Movement Phase choice for one unit: every offered engagement and a handful of places to steer to
(towards each objective, each enemy, or staying put), each valued as

    the fight it starts (two rounds, exact odds) or the scenario worth of the place
    + the chances it sets up for next round (a fight it would win, a target in range)
    - the enemy charges it invites (what each enemy that can reach it would gain)
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
    centre,
    dist,
    free_run,
    gap,
    inches_through,
    keywords_of,
    obstacles,
    p_hit,
    ready,
)

#: a chance set up for next round is worth this share of its value now
OPPORTUNITY = 0.8
#: enemies that move after us this round threaten fully; otherwise (next round, maybe after us) this much
LATER = 0.3
#: and enemies that still move after us this round
NOW = 0.3
#: Doom a unit does to itself (Perilous dice) counts this many times its share of the unit's points: it is
#: certain, and it leaves the unit easy to break by shooting
HARM = 3.0
#: Perilous terrain: one die per MP spent in it, hitting as a War Wagon does
PERILOUS_ATTACKER = "war-wagon"


@attrs.define
class Choice:
    value: float
    option: Any = None  # an option value to answer with, or None to steer
    goal: Point | None = None
    why: str = ""
    target: str = ""  # the marker or enemy the goal is (the engine's own "towards" move may reach it better)


def _range(unit: Unit) -> float:
    kw = keywords_of(unit)
    value = float(kw.get("Ranged") or 0)
    return value / 2 if "Short-Ranged" in kw else value


def doom_cost(unit: Unit) -> float:
    """What one more Doom on the unit is worth (more as it nears breaking)."""
    left = max(1, combat.breaks_at(unit) - int(unit.get("doom", 0)))
    return float(unit.get("points", 300)) / left


def terrain_cost(view: Any, unit: Unit, a: Point, b: Point) -> float:
    kw = keywords_of(unit)
    if "Flying" in kw and dist(a, b) >= 12:
        return 0.0
    half = float(unit.get("width", 4)) / 2  # the band an advance sweeps
    inches = inches_through(view, "perilous", a, b, half)
    cost = 0.0
    if inches > 0:
        dice = math.ceil(inches) + 1
        cost += dice * p_hit(combat.chart(view, PERILOUS_ATTACKER, str(unit.get("type", "")))) * doom_cost(unit) * HARM
    if "Skirmishers" not in kw and inches_through(view, "rough", a, b, half) > 0:
        cost += doom_cost(unit) * (2.0 if "Wild" in kw else 0.3)  # Wild: a Doom for each manoeuvre in it
    return cost


def _edge_facing(me: Unit, at: Point, other: Point) -> str:
    """Which of my edges an enemy coming from ``other`` would most likely meet."""
    ang = math.degrees(math.atan2(other[1] - at[1], other[0] - at[0])) - float(me.get("facing", 0.0))
    ang = abs((ang + 180.0) % 360.0 - 180.0)
    return "front" if ang <= 60 else "side" if ang <= 130 else "rear"


@attrs.define
class Planner:
    view: Any
    player: str
    units: dict[str, Unit]
    moves_after: bool  # the enemy still moves after this unit in this Movement Phase

    def enemies(self) -> list[Unit]:
        return [u for u in self.units.values() if u["side"] != self.player and ready(u)]

    def danger(self, me: Unit, at: Point, skip: str = "", facing: float | None = None) -> float:
        """What enemies that can reach ``me`` standing at ``at`` would gain by charging it."""
        threats = []
        moved = dict(me, x=at[0], y=at[1], facing=me.get("facing", 0.0) if facing is None else facing)
        for e in self.enemies():
            kw = keywords_of(e)
            if e["id"] == skip or e.get("engaged") or "Immobile" in kw:
                continue
            reach = float(e.get("speed", 8)) + (12.0 if "Flying" in kw else 0.0)
            g = gap(moved, e)
            if g > reach + 0.5:
                continue
            edge = _edge_facing(moved, at, centre(e))
            f = combat.fight(self.view, e, moved, edge, charge=g)
            worth = objectives.unit_worth(self.view, self.player, me)
            threats.append(max(0.0, f.value + worth * f.theirs_break - 0.0))
        if not threats:
            return 0.0
        threats.sort(reverse=True)
        return (threats[0] + 0.3 * sum(threats[1:])) * (NOW if self.moves_after else LATER)

    def shot_danger(self, me: Unit, at: Point) -> float:
        """Enemy shooting that can reach ``at`` next Shooting Phase (a rough share of one volley)."""
        total = 0.0
        for e in self.enemies():
            reach = _range(e)
            if reach and not e.get("engaged") and dist(at, centre(e)) <= reach + 2:
                need = combat.chart(self.view, str(e.get("type", "")), str(me.get("type", "")))
                total += 0.4 * combat.shot_value(self.view, e, dict(me, x=at[0], y=at[1]), 5, need)
        return total

    def chances(self, me: Unit, at: Point) -> float:
        """Next round's prospects from ``at``: the best fight within reach, or the best target in range."""
        moved = dict(me, x=at[0], y=at[1])
        reach = _range(me)
        best = 0.0
        for e in self.enemies():
            d = gap(moved, e)
            if reach:
                if d <= reach - 0.5:
                    need = combat.chart(self.view, str(me.get("type", "")), str(e.get("type", "")))
                    best = max(best, combat.shot_value(self.view, me, e, 5, need))
                continue
            speed = float(me.get("speed", 8))
            near = 1.0 if d <= speed - 1 else max(0.0, 1.0 - (d - speed + 1) / 20.0)
            if near <= 0:
                continue
            f = combat.fight(self.view, moved, e, "front", charge=speed)
            worth = objectives.unit_worth(self.view, self.player, e) + objectives.guard_value(self.view, self.player, e)
            best = max(best, (f.value + worth * f.theirs_break) * near)
        return OPPORTUNITY * best

    def place(self, me: Unit, at: Point, start: Point, facing: float | None = None) -> float:
        return (objectives.place_value(self.view, self.player, me, at) + self.chances(me, at)
                - self.danger(me, at, facing=facing) - self.shot_danger(me, at)
                - terrain_cost(self.view, me, start, at))

    def engage_value(self, me: Unit, data: dict[str, Any]) -> float:
        them = self.units.get(data.get("target", ""))
        if them is None:
            return -math.inf
        edge = data.get("edge", "front")
        f = combat.fight(self.view, me, them, edge, charge=float(data.get("advance", 0.0)))
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
        value -= 0.5 * self.danger(me, spot, skip=them["id"])
        return value

    def choose(self, me: Unit, options: list[Any], data_of: Any, mp: float) -> Choice:
        start = centre(me)
        berserk = 2.0 * HARM * doom_cost(me) if "Berserk" in keywords_of(me) else 0.0  # D3 Doom unless it advances 6"
        best = Choice(self.place(me, start, start) - berserk, option="end", why="hold")
        polys = obstacles(self.view, me)
        for o in options:
            data = data_of(o)
            if data.get("action") == "engage":
                v = self.engage_value(me, data)
                if v > best.value:
                    best = Choice(v, option=o.value, why=f"engage {data.get('target')} {data.get('edge')}")
        for goal, why, target in self.goals(me):
            end, facing, _go, turned = steering.predict(me, goal, mp)
            run = free_run(self.view, me, turned, end, polys)
            if run < dist(turned, end) - 0.01:
                t = run / max(1e-6, dist(turned, end))
                end = (turned[0] + (end[0] - turned[0]) * t, turned[1] + (end[1] - turned[1]) * t)
            if dist(end, start) < 0.5:
                continue
            v = self.place(me, end, start, facing) - 2.0  # a small cost to moving at all (no dithering)
            if dist(end, turned) < 6.0 or why.startswith(("marker", "fall back")):
                v -= berserk
            if v > best.value:
                best = Choice(v, goal=goal, why=why, target=target)
        return best

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
        for goal, why, _target in out:
            d = dist(here, goal)
            if d < 4:
                continue
            ang = math.atan2(goal[1] - here[1], goal[0] - here[0])
            step = min(d, float(me.get("speed", 8)))
            for turn in (-40, 40):
                a = ang + math.radians(turn)
                detours.append(((here[0] + math.cos(a) * step, here[1] + math.sin(a) * step), f"{why}, around", ""))
        out += detours
        side = self.view.state.get("sides", {}).get(self.player, {}).get("half", "")
        depth = float(self.view.state.get("table", [72, 48])[1])
        home = 2.0 if side == "south" else depth - 2.0
        out.append(((here[0], home), "fall back", ""))
        return out
