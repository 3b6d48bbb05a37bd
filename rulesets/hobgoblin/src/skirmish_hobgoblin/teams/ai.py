"""The AI's goals in Unlikely Allies team play: the team objectives in play (view ``teams``), weighed in points
like :mod:`.objectives` (``VP`` a Victory Point); :mod:`.objectives` dispatches here in team games.

- Combined Arms: an enemy unit an Ally's unit is fighting is worth more to break with my units on it too, and
  a place within charge reach of it worth a share of a tick (Hands Around Their Throats too).
- Brothers-in-Arms: my Command units keep near the Allies' units that are close to breaking.
- Hands Around Their Throats: a charge into the flank or rear of an enemy an Ally's unit is fighting.
- United in Death: what a unit broken does to the chance of having the smaller difference (2 VP): breaking the
  poorer enemy player's units widens theirs, losing the poorer Ally's units widens ours (never a reason to
  spare an enemy or spend an own unit).
- Combined Arms and Hands Around Their Throats (won only by fighting beside an Ally): a pull towards the nearest
  enemy unit, so that the team comes to grips; the battle AI's points-weighted fights do the rest. Shared Slaughter
  and United in Death count points left in play: the battle AI's own weighing of points is what they ask for
  (a pull towards the enemy cost the team units and VP against the same AI ignoring the objectives).
- Shared Ruination: the Warlord places the team's markers on the near edge of the enemy's zone, spread; each
  unit makes for the team's markers, more so where an Ally's unit is near (two players' units remove one), and
  keeps near the enemy's markers in its own zone; a marker is worth the VP step its removal reaches (the first
  removed gives none: a share only, so units do not walk into the enemy's zone for it).

Units in the view carry their real owner in ``side`` (:func:`skirmish_hobgoblin.ai.board.units_of` gives
Allies' units the viewer's side, so the owner is read back from the plain view).
"""

from __future__ import annotations

import math
from typing import Any

from skirmish_hobgoblin.ai.board import Point, Unit, dist, ready
from skirmish_hobgoblin.ai.objectives import EXPANSION_GOALS, VP

#: objectives every AI seat weighs as if not in play (benchmarks: which objective's weighing helps)
IGNORED: set[str] = set()
#: a tick not yet worth a VP still brings the next step nearer
TICK_LATER = 0.3 * VP
#: Command reaches 8"; a unit this close to breaking may need it
COMMAND_RANGE, NEAR_BREAK = 8.0, 2
#: Shared Ruination: a marker removed (two left: 1 VP at one, 2 at none)
RUIN = 1.2 * VP
RUIN_REACH = 4.0
#: United in Death: 2 VP; the points of difference over which the chance of having the smaller one turns
UNITED_SCALE = 150.0
#: Combined Arms, Hands Around Their Throats: standing within charge reach of an enemy an Ally's unit fights
JOIN_IN = 0.5
#: the objectives won only by fighting beside an Ally, and the pull towards the nearest enemy they give
KILLING = ("combined-arms", "hands-around-their-throats")
CLOSE_IN = 0.8 * VP


def _teams(view: Any) -> dict[str, Any]:
    return dict(view.state.get("teams") or {})


def in_play(view: Any, player: str) -> bool:
    return EXPANSION_GOALS.get() and bool(_teams(view))


def objectives_in_play(view: Any) -> list[str]:
    return [o for o in _teams(view).get("objectives", []) if o not in IGNORED]


def team_of(view: Any, player: str) -> str:
    return next((t for t, ps in _teams(view).get("teams", {}).items() if player in ps), "")


def allies(view: Any, player: str) -> list[str]:
    """The other players of ``player``'s team."""
    return [p for p in _teams(view).get("teams", {}).get(team_of(view, player), []) if p != player]


def owner(view: Any, unit: Unit) -> str:
    """The player whose unit it is (the plain view's side, not the Ally-as-friend one)."""
    raw = view.state.get("_ai_owner")
    if raw is None:  # (built once per view: setdefault would build the dict at every call)
        raw = view.state["_ai_owner"] = {u["id"]: u["side"] for u in view.state.get("units", [])}
    return str(raw.get(unit["id"], unit.get("side", "")))


def _raw(view: Any) -> dict[str, Unit]:
    return {u["id"]: u for u in view.state.get("units", [])}


def _ticks(view: Any, oid: str, team: str) -> int:
    return int(_teams(view).get("ticks", {}).get(oid, {}).get(team, 0))


def tick_worth(view: Any, player: str, oid: str) -> float:
    """What one more tick of objective ``oid`` is worth to ``player``'s team: the VP step it reaches, or a share of
    the next one."""
    from skirmish_hobgoblin.teams.objectives import catalogue

    steps = catalogue().get(oid, {}).get("vp", [])
    n = _ticks(view, oid, team_of(view, player))

    def vp(k: int) -> int:
        return max([v for need, v in steps if k >= need], default=0)

    gain = vp(n + 1) - vp(n)
    return gain * VP if gain else (TICK_LATER if any(need > n for need, _ in steps) else 0.0)


def _with_ally(view: Any, player: str, them: Unit) -> bool:
    """Whether an Ally's unit is fighting the enemy unit ``them``."""
    mine = set(allies(view, player))
    raw = _raw(view)
    return any(raw.get(e, {}).get("side") in mine for e in them.get("engaged", []) or [])


def _with_me(view: Any, player: str, them: Unit) -> bool:
    raw = _raw(view)
    return any(raw.get(e, {}).get("side") == player for e in them.get("engaged", []) or [])


# ------------------------------------------------------------------------------------------------ values


def remaining(view: Any, player: str) -> float:
    return float(sum(u.get("points", 0) for u in view.state.get("units", []) if u["side"] == player and ready(u)))


def _ahead(x: float) -> float:
    """How surely a team whose difference is ``x`` points smaller than the other's gains United in Death's 2 VP
    (equal: both do, so half)."""
    return 1.0 / (1.0 + math.exp(-x / UNITED_SCALE))


def united_worth(view: Any, player: str, unit: Unit) -> float:
    """United in Death: what breaking ``unit`` does to my team's chance of the smaller difference (2 VP), in
    points, when that is a gain (an enemy) or a loss (an own unit); otherwise 0."""
    who = owner(view, unit)
    teams_ = _teams(view).get("teams", {})
    mine = team_of(view, player)
    if not who or len(teams_) != 2:
        return 0.0
    left = {p: remaining(view, p) for ps in teams_.values() for p in ps}

    def gap(t: str) -> float:
        vals = [left[p] for p in teams_[t]]
        return max(vals) - min(vals)

    other = next(t for t in teams_ if t != mine)
    before = gap(other) - gap(mine)
    left[who] -= float(unit.get("points", 0))
    after = gap(other) - gap(mine)
    swing = 2.0 * VP * (_ahead(after) - _ahead(before))
    # only as a reason to break an enemy (or keep an own unit): never to spare an enemy or spend an own unit,
    # which would upset every fight for 2 VP
    return max(0.0, swing if team_of(view, who) != mine else -swing)


def unit_worth(view: Any, player: str, unit: Unit) -> float:
    """What breaking ``unit`` is worth beyond its points under the team objectives in play."""
    if not in_play(view, player) or not ready(unit):
        return 0.0
    objs = objectives_in_play(view)
    enemy = team_of(view, owner(view, unit)) != team_of(view, player)
    worth = 0.0
    if "combined-arms" in objs and enemy and _with_ally(view, player, unit) and _with_me(view, player, unit):
        worth += tick_worth(view, player, "combined-arms")
    if "united-in-death" in objs:
        worth += united_worth(view, player, unit)
    return worth


def engage_bonus(view: Any, player: str, me: Unit, them: Unit, data: dict[str, Any]) -> float:
    """A charge into an enemy an Ally's unit is fighting: Hands Around Their Throats on its flank or rear, and
    Combined Arms (a tick if it breaks with both on it: weighed by a rough even chance)."""
    if not in_play(view, player) or not _with_ally(view, player, them):
        return 0.0
    objs = objectives_in_play(view)
    bonus = 0.0
    if "hands-around-their-throats" in objs and data.get("edge") in ("side", "rear"):
        bonus += tick_worth(view, player, "hands-around-their-throats")
    if "combined-arms" in objs:
        from skirmish_hobgoblin.ai import combat

        f = combat.fight(view, me, them, str(data.get("edge", "front")), float(data.get("advance", 0.0)))
        bonus += tick_worth(view, player, "combined-arms") * f.theirs_break
    return bonus


def _ruination(view: Any, team: str, mine: bool) -> list[dict[str, Any]]:
    """Ruination markers still in play: the team's own (``mine``) or the other team's."""
    teams = _teams(view).get("teams", {})
    out = []
    for m in view.state.get("markers", []):
        if m.get("kind") != "ruination" or m.get("removed"):
            continue
        theirs = next((t for t, ps in teams.items() if m.get("owner") in ps), "")
        if (theirs == team) == mine:
            out.append(m)
    return out


def _toward(d: float, within: float, scale: float) -> float:
    return 1.0 if d <= within else max(0.0, 1.0 - (d - within) / scale)


def _gap(unit: Unit, p: Point, q: Point) -> float:
    return max(0.0, dist(p, q) - min(float(unit.get("width", 4)), float(unit.get("depth", 2))) / 2)


def ruin_worth(view: Any, team: str) -> float:
    """What removing one more of ``team``'s Ruination markers is worth: the VP step it reaches (the second marker
    gone: 1 VP, the third: 2) or, for the first (no VP of its own), :data:`TICK_LATER`."""
    from skirmish_hobgoblin.teams.objectives import catalogue

    p = catalogue().get("shared-ruination", {}).get("params", {})
    mine = [m for m in view.state.get("markers", []) if m.get("kind") == "ruination"
            and team_of(view, str(m.get("owner", ""))) == team]
    left = sum(1 for m in mine if not m.get("removed"))

    def vp(k: int) -> int:
        return int(p.get("vp_none_left", 2)) if k == 0 else int(p.get("vp_one_left", 1)) if k == 1 else 0

    gain = vp(left - 1) - vp(left) if left > 0 else 0
    return gain * VP if gain else (TICK_LATER if left > 0 else 0.0)


def ruination_value(view: Any, player: str, unit: Unit, p: Point) -> float:
    team = team_of(view, player)
    mates = allies(view, player)
    units = [u for u in view.state.get("units", []) if ready(u) and u["id"] != unit["id"]]
    best = 0.0
    mine_worth = RUIN * ruin_worth(view, team) / VP
    theirs = next((t for t in _teams(view).get("teams", {}) if t != team), "")
    their_worth = RUIN * ruin_worth(view, theirs) / VP
    for m in _ruination(view, team, mine=True):
        at = (float(m["x"]), float(m["y"]))
        ally_near = any(u["side"] in mates and _gap(u, (u["x"], u["y"]), at) <= RUIN_REACH + 6.0 for u in units)
        own_near = sum(1 for u in units if u["side"] == player and _gap(u, (u["x"], u["y"]), at) <= RUIN_REACH)
        need_other = bool(mates)  # two players' units (a one-player team: any two)
        share = (1.5 if ally_near or not need_other else 1.0) / (1 + (own_near if need_other else 0))
        best = max(best, mine_worth * share * _toward(_gap(unit, p, at), RUIN_REACH - 0.5, 36.0))
    for m in _ruination(view, team, mine=False):  # stand by the enemy's markers in my zone: they need two units
        at = (float(m["x"]), float(m["y"]))
        best = max(best, 0.3 * their_worth * _toward(_gap(unit, p, at), RUIN_REACH, 10.0))
    return best


def brothers_value(view: Any, player: str, unit: Unit, p: Point) -> float:
    """Brothers-in-Arms: a Command unit of mine within 8" of Allies' units close to breaking whose own player's
    Command does not reach them."""
    from skirmish_hobgoblin.ai.board import keywords_of

    mine = keywords_of(unit).get("Command")
    if not mine:
        return 0.0
    mates = set(allies(view, player))
    raw = list(view.state.get("units", []))
    total = 0.0
    for a in raw:
        if a["side"] not in mates or not ready(a):
            continue
        left = int(a.get("courage", 10)) - int(a.get("doom", 0))
        if left > NEAR_BREAK + int(mine):
            continue
        own = max((keywords_of(c).get("Command") or 0 for c in raw if c["side"] == a["side"] and ready(c)
                   and dist((c["x"], c["y"]), (a["x"], a["y"])) <= COMMAND_RANGE), default=0)
        if own >= int(mine):
            continue
        if dist(p, (a["x"], a["y"])) <= COMMAND_RANGE + 1.0:
            total += tick_worth(view, player, "brothers-in-arms")
    return total


def place_value(view: Any, player: str, unit: Unit, p: Point) -> float:
    """The team objectives' worth of ``unit`` ending its move centred at ``p``."""
    if not in_play(view, player) or not ready(unit):
        return 0.0
    objs = objectives_in_play(view)
    value = 0.0
    if "shared-ruination" in objs:
        value += ruination_value(view, player, unit, p)
    if "brothers-in-arms" in objs:
        value += brothers_value(view, player, unit, p)
    joint = [o for o in ("combined-arms", "hands-around-their-throats") if o in objs]
    if joint:
        value += join_in_value(view, player, unit, p, joint)
    if any(o in objs for o in KILLING):
        value += close_in_value(view, player, unit, p)
    return value


def close_in_value(view: Any, player: str, unit: Unit, p: Point) -> float:
    """The objectives won by breaking enemies (no markers to hold): a pull towards the nearest enemy unit, so
    that an army facing one that keeps back still comes to grips (the fights themselves are valued as ever)."""
    team = team_of(view, player)
    gaps = [_gap(unit, p, (e["x"], e["y"])) for e in view.state.get("units", [])
            if ready(e) and team_of(view, e["side"]) != team]
    return CLOSE_IN * max(0.0, 1.0 - min(gaps) / 48.0) if gaps else 0.0


def join_in_value(view: Any, player: str, unit: Unit, p: Point, objs: list[str]) -> float:
    """Combined Arms, Hands Around Their Throats: within charge reach next round of an enemy an Ally's unit is
    fighting (a share of a tick)."""
    reach = float(unit.get("speed", 8)) + 1.0
    worth = max(tick_worth(view, player, o) for o in objs)
    mates = set(allies(view, player))
    raw = _raw(view)
    for e in raw.values():
        if not ready(e) or team_of(view, e["side"]) == team_of(view, player):
            continue
        if any(raw.get(x, {}).get("side") in mates for x in e.get("engaged", []) or []) \
                and _gap(unit, p, (e["x"], e["y"])) <= reach:
            return JOIN_IN * worth
    return 0.0


def goal_points(view: Any, player: str, unit: Unit) -> list[tuple[Point, str, str]]:
    """The team's Ruination markers (already among the markers) need nothing more; Brothers-in-Arms: beside an
    Ally's unit close to breaking."""
    if not in_play(view, player) or "brothers-in-arms" not in objectives_in_play(view):
        return []
    mates = set(allies(view, player))
    return [((float(a["x"]), float(a["y"]) + (3.0 if a["y"] < unit["y"] else -3.0)), f"command {a['id']}", "")
            for a in view.state.get("units", []) if a["side"] in mates and ready(a)
            and int(a.get("courage", 10)) - int(a.get("doom", 0)) <= NEAR_BREAK + 1]


def marker_spot(view: Any, player: str, decision: Any) -> dict[str, float] | None:
    """Shared Ruination: the team's markers on the edge of the enemy's zone nearest the centreline, spread along
    it (more than 16" apart), so that the team's units reach them soonest."""
    if not in_play(view, player):
        return None

    if decision.context.get("kind") != "ruination":
        return None
    p = {q.name: q for q in decision.params}
    if "x" not in p or "y" not in p:
        return None
    lo, hi = float(p["y"].low), float(p["y"].high)
    depth = float(view.state.get("table", [72.0, 48.0])[1])
    y = lo if abs(lo - depth / 2) < abs(hi - depth / 2) else hi
    width = float(view.state.get("table", [72.0, 48.0])[0])
    for yy in (y, (y + (hi if y == lo else lo)) / 2):
        for x in (width / 2, width / 2 - 18.0, width / 2 + 18.0, 10.0, width - 10.0, width / 2 - 9.0,
                  width / 2 + 9.0):
            answer = {"x": round(x, 2), "y": round(yy, 2)}
            if not view.check(answer):
                return answer
    return None


def position_spot(view: Any, player: str, decision: Any) -> dict[str, float] | None:
    return None
