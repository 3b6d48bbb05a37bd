"""The AI's goals in the narrative scenarios, read off the view (terrain, markers, roles, Weak Point Doom).

- The Chasm: the Attacker crosses a bridge (lined up with it, most of its width on it) and makes for a spot within
  2" of two objective markers (it places them in pairs astride a bridge, its fastest units at the fronts of the
  bridge columns); the way there is counted in MP, turns included, and a place come to askew by the edge as a dead
  end. The Defender blocks the bridge ends and guards those spots. A place the unit could only reach over the chasm
  off a bridge is worth nothing.
- The Fortress: the Attacker lines up in front of the standing Weak Points and touches them (one or two units to
  each, the most battered first; a Sneaky one where no friend is lined up), never through the wall, square on (the
  way counted in MP, turns included; a lane that keeps the unit clear of the plain wall beside the Weak Point); the
  Defender plugs the gaps by the Weak Points (a unit on a gate keeps the marker out of reach) and charges Attackers
  battering one.
- The Breach: both sides make for the ground within 8" of the Breach Marker, more so as the game's end nears, and
  breaking an enemy unit there (or keeping one's own) counts like a marker.

Values are points, like :mod:`.objectives` (``VP`` a Victory Point); :mod:`.objectives` dispatches here.
"""

from __future__ import annotations

import math
from typing import Any

from skirmish_hobgoblin.ai import steering
from skirmish_hobgoblin.ai.board import Point, Unit, dist, keywords_of, memo, point_gap, ready, unit_corners
from skirmish_hobgoblin.ai.objectives import EXPANSION_GOALS, MARKER, VP, markers, role, rounds_after, scenario

#: a place the unit cannot reach that way (over the chasm off a bridge, through a standing gate)
INVALID = -5.0 * VP
#: The Chasm: a spot within 2" of two markers wins at the round's end; one marker needs a second unit
CHASM_WIN, CHASM_ONE = 5.0 * VP, 1.5 * VP
#: the inches of route over which the Attacker's pull falls to nothing
CHASM_ROUTE = 80.0
#: an Attacker's unit over the chasm (the hard part done)
CHASM_ACROSS = 1.0 * VP
CHASM_NEAR = 2.0
#: a place by the chasm's edge but off a bridge's line
EDGE = 0.4 * VP
#: The Fortress: a standing Weak Point touched, the pull towards one, the Defender's plug and watch
FORT_TOUCH, FORT_PULL, FORT_PLUG, FORT_WATCH = 8.0 * VP, 6.0 * VP, 2.0 * VP, 0.8 * VP
FORT_RANGE = 40.0
WEAK_COURAGE, WEAK_NEEDED = 7, 3
#: The Fortress: a place by the wall come to askew (or off a Weak Point's line): the unit never gets flush there; it
#: counts as this many inches further from touching (backing off and coming again square)
FORT_AGAIN = 10.0
#: The Fortress: a unit behind a friend in a Weak Point's lane counts as this many units' worth of lane cost
FORT_STACKED = 6.0
#: how far in front of the wall face the Attacker's front edge stops (the marker sticks out 0.5")
FACE_GAP = 0.3
#: The Breach: the ground within 8" of the marker
BREACH_NEAR = 8.0
#: a unit within 8" of the Breach Marker in the last round
BREACH = 2.0 * VP
#: the Defender's units keeping to the ground by the breach, from the start
BREACH_HOLD = 3.0 * VP


def in_play(view: Any, player: str) -> bool:
    return EXPANSION_GOALS.get()


def _half(unit: Unit) -> tuple[float, float]:
    return float(unit.get("width", 4.0)) / 2, float(unit.get("depth", 2.0)) / 2


def _bounds(poly: list[Any]) -> tuple[float, float, float, float]:
    xs = [float(q[0]) for q in poly]
    ys = [float(q[1]) for q in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _cached(view: Any, key: str, make: Any) -> Any:
    got = view.state.get(key)
    if got is None:
        got = view.state[key] = make(view)
    return got


def _friends(view: Any, player: str, unit: Unit) -> list[Unit]:
    return [u for u in view.state.get("units", []) if u["side"] == player and ready(u) and u["id"] != unit["id"]]


def _toward(d: float, within: float, scale: float) -> float:
    return 1.0 if d <= within else max(0.0, 1.0 - (d - within) / scale)


# ------------------------------------------------------------------------------------------------ The Chasm


def chasm(view: Any) -> dict[str, Any]:
    """The chasm's band (y0, y1) and the bridges' x extents, from the terrain."""

    def make(v: Any) -> dict[str, Any]:
        band = [_bounds(t["points"]) for t in v.state.get("terrain", []) if "chasm" in t.get("keywords", [])]
        bridges = [_bounds(t["points"]) for t in v.state.get("terrain", []) if str(t["name"]).startswith("Bridge")]
        y0 = min((b[1] for b in band), default=0.0)
        y1 = max((b[3] for b in band), default=0.0)
        return {"y0": y0, "y1": y1, "mid": (y0 + y1) / 2, "bridges": sorted((b[0], b[2]) for b in bridges)}

    return _cached(view, "_ai_chasm", make)


def _on_bridge(c: dict[str, Any], x0: float, x1: float) -> bool:
    """The engine's overhang rule: more than half of the extent x0..x1 over one bridge."""
    width = max(x1 - x0, 1e-9)
    return any(min(x1, b1) - max(x0, b0) > width / 2 + 0.2 for b0, b1 in c["bridges"])


def chasm_reachable(view: Any, unit: Unit, p: Point) -> bool:
    """Whether ``unit`` may end centred at ``p`` coming straight from where it stands: not over the chasm off a
    bridge, and crossing it only lined up on a bridge."""
    c = chasm(view)
    hw, hd = _half(unit)
    if "Flying" in keywords_of(unit):  # a Fly passes over (at half speed); it may not end over it
        return not (p[1] + hd > c["y0"] and p[1] - hd < c["y1"]) or _on_bridge(c, p[0] - hw, p[0] + hw)
    x, y = steering.predict(unit, p, 99.0)[3]  # where it stands once turned to face p, before advancing
    over = p[1] + hd > c["y0"] and p[1] - hd < c["y1"]
    crosses = (y < c["mid"]) != (p[1] < c["mid"])
    if not over and not crosses:
        return True
    lean = abs(p[0] - x) / max(1e-6, abs(p[1] - y)) if abs(p[1] - y) > 0.1 else 0.0
    if lean > 0.12:  # a slanting path sweeps wider than any bridge
        return False
    return _on_bridge(c, min(x, p[0]) - hw, max(x, p[0]) + hw)


def _chasm_sides(view: Any, player: str) -> tuple[float, float]:
    """(+1 or -1) towards the Defender's side, and the Defender's chasm edge."""
    c = chasm(view)
    attacker_south = (view.state["sides"][player]["half"] == "south") == (role(view, player) == "Attacker")
    return (1.0, c["y1"]) if attacker_south else (-1.0, c["y0"])


def win_spots(view: Any, unit: Unit) -> list[Point]:
    """Spots where ``unit`` alone is within 2" of two objective markers (between two markers close enough)."""
    hw, _ = _half(unit)
    objs = [m for m in markers(view) if m.get("kind") == "objective"]
    out = []
    for i, a in enumerate(objs):
        for b in objs[i + 1:]:
            if dist((a["x"], a["y"]), (b["x"], b["y"])) <= 2 * hw + 2 * (CHASM_NEAR + MARKER - HOLD_SLACK):
                out.append(((a["x"] + b["x"]) / 2, (a["y"] + b["y"]) / 2))
    return out


def _speed(unit: Unit) -> float:
    """The inches the unit advances in a Movement Phase (the view's Speed: Slow already taken off)."""
    return max(1.0, float(unit.get("speed", 6)))


def _facing_at(unit: Unit, p: Point, view: Any = None) -> float:
    """How ``unit`` faces once steered to ``p`` (its own facing where it stands). Given the ``view``, a facing
    other than the unit's own there is taken as the facing it ends with (the planner's, after its wheel)."""
    if dist((float(unit["x"]), float(unit["y"])), p) <= 0.3:
        return float(unit.get("facing", 0.0))
    if view is not None:
        now = next((u for u in view.state.get("units", []) if u["id"] == unit.get("id")), None)
        if now is not None and abs(float(now.get("facing", 0.0)) - float(unit.get("facing", 0.0))) > 1e-6:
            return float(unit.get("facing", 0.0))
    return float(steering.predict(unit, p, 99.0)[1])


#: a place the unit steers to holds a marker only with this much to spare (the moves end up to half an inch and
#: a few degrees off the plan)
HOLD_SLACK = 0.4


def held(view: Any, unit: Unit, p: Point, facing: float | None = None, slack: float = 0.05) -> set[str]:
    """The objective markers within 2" of ``unit`` standing at ``p`` (the rules' test: its footprint's gap), with
    ``slack`` to spare."""
    objs = [m for m in markers(view) if m.get("kind") == "objective"]
    near = [m for m in objs if dist(p, (float(m["x"]), float(m["y"]))) <= max(_half(unit)) * 1.5 + CHASM_NEAR + 1.0]
    if not near:
        return set()
    poly = unit_corners(unit, p, _facing_at(unit, p) if facing is None else facing)
    return {str(m["id"]) for m in near
            if point_gap((float(m["x"]), float(m["y"])), poly) - float(m.get("radius", MARKER)) <= CHASM_NEAR - slack}


def friends_held(view: Any, player: str, unit: Unit) -> set[str]:
    """The objective markers ``player``'s other units hold where they stand."""
    out: set[str] = set()
    for f in _friends(view, player, unit):
        out |= held(view, f, (float(f["x"]), float(f["y"])), float(f.get("facing", 0.0)))
    return out


def chasm_targets(view: Any, player: str, unit: Unit, theirs: set[str] | None = None) -> list[tuple[Point, float]]:
    """Where the Attacker's ``unit`` wins: spots within 2" of two markers (worth ``CHASM_WIN``), and each marker
    (``CHASM_WIN`` when a friend holds another one, else ``CHASM_ONE``, less for each friend already going to
    it). ``theirs``: :func:`friends_held`, when the caller has it already."""
    out: list[tuple[Point, float]] = [(at, CHASM_WIN) for at in win_spots(view, unit)]
    friends = _friends(view, player, unit)
    if theirs is None:
        theirs = friends_held(view, player, unit)
    for m in markers(view):
        if m.get("kind") != "objective":
            continue
        at = (float(m["x"]), float(m["y"]))
        if theirs - {m["id"]}:
            out.append((at, CHASM_WIN))
            continue
        n = sum(1 for f in friends if dist((f["x"], f["y"]), at) <= CHASM_NEAR + 3.0)
        out.append((at, CHASM_ONE / (1 + n)))
    return out


def in_time(view: Any, unit: Unit, r: float) -> float:
    """How much a goal ``r`` inches of route away counts for a unit not yet there (:func:`held` says when it is):
    much while it can still get there in the rounds left at its speed (less for each inch), little once it
    cannot (it needs one more move at least)."""
    moves = max(1, math.ceil(r / _speed(unit) - 1e-6))
    if moves <= rounds_after(view):
        return 0.85 - 0.015 * r
    return max(0.0, 0.25 - r / CHASM_ROUTE * 0.25)


def turn_mp(unit: Unit, facing: float, heading: float) -> float:
    """The MP ``unit`` facing ``facing`` spends to face ``heading``: the wheel's swinging corner's travel, or a
    Reform where that is cheaper and allowed (nothing for a turn too small to bother with)."""
    turn = abs(steering.turn_between(facing, heading))
    if turn <= steering.SLACK:
        return 0.0
    wheel = steering.chord(float(unit.get("width", 4.0)), turn)
    reform = steering._reform_mp(unit)
    return min(wheel, float(reform)) if reform is not None else wheel


def _heading(a: Point, b: Point) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


def path_mp(unit: Unit, facing: float, path: list[Point]) -> float:
    """The MP of walking ``path`` (legs shorter than an inch need no turn) starting faced ``facing``: each leg's
    inches and each turn onto it (:func:`turn_mp`)."""
    total = 0.0
    for a, b in zip(path, path[1:], strict=False):
        d = dist(a, b)
        if d < 1.0:
            total += d
            continue
        h = _heading(a, b)
        total += d + turn_mp(unit, facing, h)
        facing = h
    return total


def _route(view: Any, player: str, unit: Unit, p: Point, to: Point, facing: float | None = None) -> float:
    """The MP from ``p`` to ``to``, by a bridge when they are on opposite sides of the chasm, turns counted from
    ``facing`` (inches only without it)."""
    c = chasm(view)
    walk = (lambda path: path_mp(unit, facing, path)) if facing is not None else \
        (lambda path: sum(dist(a, b) for a, b in zip(path, path[1:], strict=False)))
    if (p[1] < c["mid"]) == (to[1] < c["mid"]):
        return walk([p, to])
    hw, hd = _half(unit)
    best = math.inf
    for b0, b1 in c["bridges"]:
        bx = bridge_lane(view, unit, b0, b1)
        sign = 1.0 if p[1] < c["mid"] else -1.0
        near = (bx, (c["y0"] - hd - hw - 1.0) if sign > 0 else (c["y1"] + hd + hw + 1.0))
        far = (bx, (c["y1"] + hd + 1.0) if sign > 0 else (c["y0"] - hd - 1.0))
        lined = abs(p[0] - bx) <= 0.5 and abs(p[1] - c["mid"]) <= hd + hw + 4.0
        best = min(best, walk([p, far, to] if lined else [p, near, far, to]))
    return best


def bridge_lane(view: Any, unit: Unit, b0: float, b1: float) -> float:
    """The x of the straight lane over the bridge b0..b1 for ``unit`` (more than half its width on the bridge): its
    own x when that is such a lane and the way ahead is clear, else the cheapest lane by :func:`lane_cost` (from
    12" short of the chasm to 6" past it; ties: nearest the unit)."""
    c = chasm(view)
    hw, hd = _half(unit)
    here = float(unit["x"]) if unit.get("status", "ready") == "ready" else (b0 + b1) / 2
    y = float(unit["y"]) if unit.get("status", "ready") == "ready" else None
    south = y < c["mid"] if y is not None else _chasm_sides(view, str(unit["side"]))[0] > 0
    zone = c["y0"] - 12.0 - hd if south else c["y1"] + 12.0 + hd
    end = c["y1"] + hd + 6.0 if south else c["y0"] - hd - 6.0

    def on(x: float) -> bool:
        return min(x + hw, b1) - max(x - hw, b0) > hw + 0.3

    if y is not None and on(here):  # from where it stands (whole inches: kept answers)
        ahead = end - math.copysign(math.ceil(min(abs(end - y), 40.0)), end - y)
        if lane_cost(view, unit, (here, ahead), (here, end)) == 0.0:
            return here
    y = zone
    xs = [x for x in ((b0 + b1) / 2 + k * 0.25 for k in range(-int(hw / 0.25 + 12), int(hw / 0.25 + 12) + 1)) if on(x)]
    if not xs:
        return (b0 + b1) / 2
    return min(xs, key=lambda x: (lane_cost(view, unit, (x, y), (x, end)), abs(x - here)))


def bridge_cost(view: Any, player: str, x: float) -> float:
    """What crossing the bridge at ``x`` costs ``player``'s units that move, together: each one's cheapest lane
    (:func:`bridge_lane`, :func:`lane_cost`) from 12" short of the chasm to 6" past it."""
    c = chasm(view)
    b0, b1 = next(((b0, b1) for b0, b1 in c["bridges"] if b0 <= x <= b1), (x - 1.0, x + 1.0))
    sign, _ = _chasm_sides(view, player)
    total = 0.0
    for u in view.state.get("units", []):
        if u["side"] != player or "Immobile" in keywords_of(u) or u.get("status") in ("removed", "destroyed"):
            continue
        ghost = dict(u, status="undeployed")
        _, hd = _half(u)
        lx = bridge_lane(view, ghost, b0, b1)
        y0 = c["y0"] - 12.0 - hd if sign > 0 else c["y1"] + 12.0 + hd
        y1 = c["y1"] + hd + 6.0 if sign > 0 else c["y0"] - hd - 6.0
        total += min(lane_cost(view, ghost, (lx, y0), (lx, y1)), 10 * LANE_HURT)
    return total


def lined_up(view: Any, p: Point, slack: float = 1.5) -> bool:
    """Whether a unit centred at ``p`` is in line with a bridge (it may cross straight ahead)."""
    return any(abs(p[0] - (b0 + b1) / 2) <= slack for b0, b1 in chasm(view)["bridges"])


#: The Chasm: a place by the chasm's edge on the Attacker's side (or on a bridge) come to askew counts this many MP
#: further from the goal (a wheel there swings over the drop: it backs off and comes again square)
CHASM_AGAIN = 10.0


def _askew_at_edge(view: Any, unit: Unit, p: Point, facing: float, sign: float) -> bool:
    """Whether ``unit`` at ``p`` facing ``facing`` stands with its front within a wheel's swing of the chasm (its
    width plus an inch) on the Attacker's side, or on a bridge, and not square to the chasm."""
    c = chasm(view)
    hw, hd = _half(unit)
    gap = (c["y0"] - (p[1] + hd)) if sign > 0 else ((p[1] - hd) - c["y1"])  # the front's way to the edge
    behind = (p[1] - hd < c["y1"]) if sign > 0 else (p[1] + hd > c["y0"])  # its rear not yet past the chasm
    if gap > 2 * hw + 1.0 or not behind:
        return False
    square = 90.0 if sign > 0 else 270.0
    return abs(steering.turn_between(square, facing)) > steering.SLACK


def chasm_value(view: Any, player: str, unit: Unit, p: Point) -> float:
    if not chasm_reachable(view, unit, p):
        return INVALID
    c = chasm(view)
    hw, hd = _half(unit)
    # off a bridge's line, the chasm's edge is a dead end where a wheel would swing over the drop
    lined = lined_up(view, p) or _on_bridge(c, p[0] - hw, p[0] + hw)  # in a bridge's lane
    edge = -EDGE if p[1] + hd + hw > c["y0"] - 1.0 and p[1] - hd - hw < c["y1"] + 1.0 and not lined else 0.0
    if role(view, player) == "Attacker":
        facing = _facing_at(unit, p, view)
        stays = dist((float(unit["x"]), float(unit["y"])), p) <= 0.3
        mine = held(view, unit, p, facing, 0.05 if stays else HOLD_SLACK)
        theirs = friends_held(view, player, unit)
        if mine and len(mine | theirs) >= 2:
            return CHASM_WIN + CHASM_ACROSS  # the game won at the round's end
        best = CHASM_ONE if mine - theirs else 0.0
        reach = _half(unit)[1] + CHASM_NEAR + MARKER - 0.5  # a marker is held from this far (front edge on)
        sign, _ = _chasm_sides(view, player)
        again = CHASM_AGAIN if _askew_at_edge(view, unit, p, facing, sign) else 0.0
        for at, worth in chasm_targets(view, player, unit, theirs):
            r = max(0.0, _route(view, player, unit, p, at, facing) + again - reach)
            best = max(best, worth * in_time(view, unit, r))
        across = CHASM_ACROSS if (p[1] - c["mid"]) * sign > hd else 0.0  # over: the bridge is behind it
        return best + edge + across
    sign, _edge = _chasm_sides(view, player)
    mine = (p[1] > c["mid"]) == (sign > 0)
    if not mine:
        return edge
    friends = _friends(view, player, unit)
    best = 0.0
    for b0, b1 in c["bridges"]:  # stand at the bridge's end on my side: nothing crosses without fighting me
        spot = ((b0 + b1) / 2, (c["y1"] + hd + 0.2) if sign > 0 else (c["y0"] - hd - 0.2))
        n = sum(1 for f in friends if dist((f["x"], f["y"]), spot) <= 4.0)
        best = max(best, FORT_PLUG * _toward(dist(p, spot), 1.0, 20.0) / (1 + n))
    for at in win_spots(view, unit) or [(float(m["x"]), float(m["y"])) for m in markers(view)]:
        n = sum(1 for f in friends if dist((f["x"], f["y"]), at) <= 4.0)
        best = max(best, FORT_WATCH * _toward(dist(p, at), 2.0, 20.0) / (1 + n))
    return best + edge


def chasm_goals(view: Any, player: str, unit: Unit) -> list[tuple[Point, str, str]]:
    c = chasm(view)
    hw, hd = _half(unit)
    out: list[tuple[Point, str, str]] = []
    sign, _ = _chasm_sides(view, player)  # towards the Defender's side
    for i, (b0, b1) in enumerate(c["bridges"], 1):
        bx = (b0 + b1) / 2
        if role(view, player) == "Attacker":
            bx = bridge_lane(view, unit, b0, b1)
            back = hd + hw + 1.0  # room to wheel square to the bridge without swinging over the chasm
            start = c["y1"] + back if sign < 0 else c["y0"] - back
            out.append(((bx, start), f"bridge {i}", ""))
            out.append(((bx, (c["y0"] - hd - 6.0) if sign < 0 else (c["y1"] + hd + 6.0)), f"over bridge {i}", ""))
        else:
            out.append(((bx, (c["y1"] + hd + 0.2) if sign > 0 else (c["y0"] - hd - 0.2)), f"hold bridge {i}", ""))
    if role(view, player) == "Attacker":
        targets = [at for at, _w in chasm_targets(view, player, unit)]
        out += [(at, "objective", "") for at in targets]
        out += straight_goals(view, unit, targets)
    return out


def straight_goals(view: Any, unit: Unit, targets: list[Point]) -> list[tuple[Point, str, str]]:
    """Places straight ahead of ``unit`` (no wheel: a wheel swings the front off the line the markers stand on)
    level with each target, when that is ahead and within two moves."""
    f = math.radians(float(unit.get("facing", 0.0)))
    fx, fy = math.cos(f), math.sin(f)
    here = (float(unit["x"]), float(unit["y"]))
    reach = 2.0 * _speed(unit)
    out: list[tuple[Point, str, str]] = []
    for at in targets:
        t = (at[0] - here[0]) * fx + (at[1] - here[1]) * fy
        side = abs((at[0] - here[0]) * fy - (at[1] - here[1]) * fx)
        if 0.5 < t <= reach and side <= max(_half(unit)) + CHASM_NEAR + MARKER:
            out.append(((here[0] + fx * t, here[1] + fy * t), "objective, straight on", ""))
    return out


def chasm_markers(view: Any, player: str, decision: Any) -> dict[str, float] | None:
    """The Attacker's objective markers: two astride a bridge (one unit between them wins), the third at the other
    bridge, each on the nearest allowed line to the chasm."""
    p = {q.name: q for q in decision.params}
    if "x" not in p or "y" not in p:
        return None
    c = chasm(view)
    lo, hi = float(p["y"].low), float(p["y"].high)
    y = hi if hi <= c["y0"] else lo
    xs = [(b0 + b1) / 2 for b0, b1 in c["bridges"]]
    if not xs:
        return None
    xs.sort(key=lambda x: bridge_cost(view, player, x))  # the pair astride the bridge the army crosses best
    placed = [m for m in markers(view) if m.get("kind") == "objective"]
    first = xs[0]
    half = 4.0 + MARKER + 0.075  # "8" away from another" marker, edge to edge (markers are 32 mm across)
    wants = [(first - half, y), (first + half, y)] + [(x, y) for x in xs[1:]] + [(x + half, y) for x in xs[1:]]
    for x, yy in wants[len(placed):] + wants:
        answer = {"x": round(x, 2), "y": round(yy, 2)}
        if not view.check(answer):
            return answer
    return None


# ------------------------------------------------------------------------------------------------ The Fortress


def fortress(view: Any) -> dict[str, Any]:
    """The wall's band (y0, y1), its gates (x0, x1, weak point id) and the Weak Points' Doom."""

    def make(v: Any) -> dict[str, Any]:
        walls = [_bounds(t["points"]) for t in v.state.get("terrain", []) if str(t["name"]).startswith("Fortress wall")]
        y0 = min((b[1] for b in walls), default=0.0)
        y1 = max((b[3] for b in walls), default=0.0)
        gates = sorted((b[0], b[2], "weakpoint" + t["name"].rsplit(" ", 1)[-1]) for t, b in
                       ((t, _bounds(t["points"])) for t in v.state.get("terrain", []))
                       if "fortress-gate" in t.get("keywords", []))
        return {"y0": y0, "y1": y1, "mid": (y0 + y1) / 2, "gates": gates}

    f = _cached(view, "_ai_fortress", make)
    return {**f, "doom": dict(view.state.get("narrative", {}).get("weak_points", {}))}


def standing(view: Any) -> list[dict[str, Any]]:
    """The Weak Points not yet Broken, most battered first."""
    doom = fortress(view)["doom"]
    pts = [m for m in markers(view) if m.get("kind") == "weak point" and doom.get(m["id"], 0) < WEAK_COURAGE]
    return sorted(pts, key=lambda m: -doom.get(m["id"], 0))


def _attacker_outside(view: Any, player: str) -> float:
    """+1 when the Attacker's side of the wall is north (larger y), else -1."""
    defender_south = (view.state["sides"][player]["half"] == "south") == (role(view, player) == "Defender")
    return 1.0 if defender_south else -1.0


def touch_spot(view: Any, player: str, unit: Unit, m: dict[str, Any], inside: bool = False) -> Point:
    """Where the Attacker's ``unit`` stands square to the wall, its front just short of the wall by Weak Point
    ``m`` (the marker reaches past the face): outside the fortress, or ``inside`` it (through a Broken one); across
    the wall from where it stands when that touches the marker and the way there is clear (no wheel needed), else
    in the clearest lane that touches it (:func:`lane_x`)."""
    f = fortress(view)
    _, hd = _half(unit)
    out = _attacker_outside(view, player) * (-1.0 if inside else 1.0)
    face = f["y1"] if out > 0 else f["y0"]
    y = face + out * (hd + FACE_GAP)
    return lane_x(view, unit, float(m["x"]), y, out), y


#: how far (inches) a lane may run off the Weak Point's centre: the unit's front still overlaps the marker
LANE_OVERLAP = 0.7
#: what an inch of a lane through Perilous (or, for a Wild unit, Rough) terrain costs against an inch sideways
LANE_HURT, LANE_ROUGH = 10.0, 0.5


def _terrain_key(view: Any) -> Any:
    return _cached(view, "_ai_terrain_key", lambda v: tuple((t["name"], _bounds(t["points"]))
                                                             for t in v.state.get("terrain", [])))


def lane_cost(view: Any, unit: Unit, a: Point, b: Point) -> float:
    """What walking the straight lane a -> b costs ``unit``: Impassable terrain bars it (infinite), Perilous inches
    count :data:`LANE_HURT`, Rough ones :data:`LANE_ROUGH` (a Wild unit's as Perilous; Skirmishers none)."""
    from skirmish_hobgoblin.ai.board import inches_through

    hw, _ = _half(unit)
    key = (_terrain_key(view), round(hw, 2), round(a[0], 2), round(a[1], 1), round(b[0], 2), round(b[1], 1))
    lanes = memo(view, "lanes")  # the game's lanes worked out so far
    got = lanes.get(key)
    if got is None:
        kw = keywords_of(unit)
        if len(lanes) > 20000:
            lanes.clear()
        if _blocked(view, unit, a, b):
            got = math.inf
        else:
            rough = 0.0 if "Skirmishers" in kw else inches_through(view, "rough", a, b, hw)
            got = LANE_HURT * inches_through(view, "perilous", a, b, hw) + \
                (LANE_HURT if "Wild" in kw else LANE_ROUGH) * rough
        lanes[key] = got
    return got


def _blocked(view: Any, unit: Unit, a: Point, b: Point) -> bool:
    """Impassable terrain on the lane other than the fortress wall (which a lane ends against)."""
    from skirmish_hobgoblin.ai.board import _within

    hw, _ = _half(unit)
    shapes = _cached(view, "_ai_lane_blocks", lambda v: [
        ([(float(q[0]), float(q[1])) for q in t["points"]], _bounds(t["points"])) for t in v.state.get("terrain", [])
        if "impassable" in t.get("keywords", []) and not str(t["name"]).startswith("Fortress wall")])
    lo, hi = min(a[0], b[0]) - hw, max(a[0], b[0]) + hw
    y0, y1 = min(a[1], b[1]) - hw, max(a[1], b[1]) + hw
    shapes = [(poly, box) for poly, box in shapes if box[0] <= hi and box[2] >= lo and box[1] <= y1 and box[3] >= y0]
    if not shapes:
        return False
    n = max(1, int(dist(a, b) / 0.75))
    for i in range(n + 1):
        p = (a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n)
        if any(_within(p, poly, box, hw - 0.05) for poly, box in shapes):
            return True
    return False


def lane_x(view: Any, unit: Unit, mx: float, y: float, out: float) -> float:
    """The x of the straight lane (square to the wall, from the Attacker's zone to ``y``) in which ``unit`` touches
    the marker at ``mx``: its own x when that touches the marker and the lane ahead is clear, else the cheapest lane
    by :func:`lane_cost` (ties: nearest the unit)."""
    hw, hd = _half(unit)
    reach = max(0.0, hw - LANE_OVERLAP)
    here = float(unit.get("x", mx)) if unit.get("status", "ready") == "ready" else mx
    start = y + out * 14.0  # the lane from the Attacker's zone (12" back) to the wall
    gate = next(((g0, g1) for g0, g1, _ in fortress(view)["gates"] if g0 <= mx <= g1), (mx - 4.0, mx + 4.0))
    # the steering sees the unit as a disc 0.45 of its width round its centre: where that reaches the wall beside
    # the Weak Point's stretch, it plans to stop short of touching
    side = math.sqrt(max(0.0, (0.45 * 2 * hw) ** 2 - (hd + FACE_GAP) ** 2))

    def clear(x: float) -> bool:
        return gate[0] + side <= x <= gate[1] - side

    if unit.get("status", "ready") == "ready" and (float(unit["y"]) - y) * out > 0:
        ahead = y + out * math.ceil(abs(float(unit["y"]) - y))  # from where it stands (whole inches: kept answers)
        if abs(here - mx) <= reach and clear(here) and lane_cost(view, unit, (here, ahead), (here, y)) == 0.0:
            return here
    xs = [mx + k * 0.25 for k in range(-int(reach / 0.25), int(reach / 0.25) + 1)]
    return min(xs, key=lambda x: (not clear(x), lane_cost(view, unit, (x, start), (x, y)), abs(x - here)))


def _gates_open(view: Any) -> list[float]:
    f = fortress(view)
    broken = {m for m, d in f["doom"].items() if d >= WEAK_COURAGE}
    return [(g[0] + g[1]) / 2 for g in f["gates"] if g[2] in broken]


def _wall_route(view: Any, player: str, unit: Unit, p: Point, to: Point) -> float:
    """Inches from ``p`` to ``to`` for an Attacker's unit: straight on one side of the wall, else through the
    nearest Broken Weak Point (infinite while none is)."""
    f = fortress(view)
    if (p[1] < f["mid"]) == (to[1] < f["mid"]):
        return dist(p, to)
    _, hd = _half(unit)
    best = math.inf
    for gx in _gates_open(view):
        a, b = (gx, f["y0"] - hd - 1.0), (gx, f["y1"] + hd + 1.0)
        if p[1] > f["mid"]:
            a, b = b, a
        best = min(best, dist(p, a) + dist(a, b) + dist(b, to))
    return best


def _wall_mp(view: Any, player: str, unit: Unit, p: Point, facing: float, spot: Point, inside: bool) -> float:
    """The MP from ``p`` (facing ``facing``) to stand square at the touch ``spot``: the inches
    (:func:`_wall_route`), the turn onto the way there and, on arrival, the turn square to the wall."""
    d = _wall_route(view, player, unit, p, spot)
    if d < 1.0 or d == math.inf:
        return d
    square = 90.0 if (_attacker_outside(view, player) < 0) != inside else 270.0
    f = fortress(view)
    if (p[1] < f["mid"]) != (spot[1] < f["mid"]):  # through a breach: the turns onto the gate and off it
        gx = min(_gates_open(view), key=lambda g: abs(g - p[0]) + abs(g - spot[0]))
        h = _heading(p, (gx, f["mid"]))
        return d + turn_mp(unit, facing, h) + turn_mp(unit, h, _heading((gx, f["mid"]), spot)) + \
            turn_mp(unit, _heading((gx, f["mid"]), spot), square)
    h = _heading(p, spot)
    return d + turn_mp(unit, facing, h) + turn_mp(unit, h, square)


def fortress_reachable(view: Any, player: str, unit: Unit, p: Point) -> bool:
    """An Attacker's unit never stands on the wall, and passes it only by a Broken Weak Point."""
    if role(view, player) != "Attacker":
        return True
    f = fortress(view)
    hw, hd = _half(unit)
    if p[1] + hd > f["y0"] + 1e-6 and p[1] - hd < f["y1"] - 1e-6:
        return False
    x, y = float(unit["x"]), float(unit["y"])
    if (y < f["mid"]) == (p[1] < f["mid"]):
        return True
    t = (f["mid"] - y) / (p[1] - y) if abs(p[1] - y) > 1e-6 else 0.0
    xc = x + (p[0] - x) * t
    return any(abs(xc - gx) <= 4.0 - hw for gx in _gates_open(view))


def _by_the_wall(view: Any, unit: Unit, p: Point, xs: list[float]) -> bool:
    """A place with the front within 4" of the wall but not lined up with a Weak Point, or come to at a slant:
    no room there to wheel or reform (the steering does not back off)."""
    f = fortress(view)
    hw, hd = _half(unit)
    gap = min(abs(p[1] - f["y0"]), abs(p[1] - f["y1"])) - hd
    if gap >= min(4.0, hw + 1.0):
        return False
    if not any(abs(p[0] - x) <= max(1.0, hw - LANE_OVERLAP) + 0.05 for x in xs):  # its front off the marker
        return True
    square = 90.0 if p[1] < f["mid"] else 270.0
    return abs(steering.turn_between(square, _facing_at(unit, p))) > 10.0


def fortress_value(view: Any, player: str, unit: Unit, p: Point) -> float:
    if not fortress_reachable(view, player, unit, p):
        return INVALID
    f = fortress(view)
    friends = _friends(view, player, unit)
    pts = standing(view)
    broken = sum(1 for d in f["doom"].values() if d >= WEAK_COURAGE)
    if role(view, player) == "Attacker":
        if broken >= WEAK_NEEDED:
            return 0.0
        best = 0.0
        xs = [float(m["x"]) for m in pts] + _gates_open(view)
        # askew by the wall: it never gets flush there, it must back off and come again square
        again = FORT_AGAIN if _by_the_wall(view, unit, p, xs) else 0.0
        facing = _facing_at(unit, p, view)
        for m in pts:
            at = (float(m["x"]), float(m["y"]))
            n = sum(1 for u in friends if dist((u["x"], u["y"]), at) <= 6.0)
            worth = (1.0 + f["doom"].get(m["id"], 0) / WEAK_COURAGE) / (1 + 0.7 * n)
            for inside in (False, True):
                d = _wall_mp(view, player, unit, p, facing, touch_spot(view, player, unit, m, inside), inside) + again
                best = max(best, FORT_TOUCH * worth if d <= 0.1 else  # (0.3" short of the spot touches nothing)
                           FORT_PULL * worth * max(0.0, 1.0 - d / FORT_RANGE))
        return best - (EDGE if again else 0.0)
    out = _attacker_outside(view, player)
    _, hd = _half(unit)
    inside = (p[1] - f["mid"]) * out < 0 or abs(p[1] - f["mid"]) <= hd
    best = 0.0
    for m in pts:
        plug = (float(m["x"]), f["mid"])
        n = sum(1 for u in friends if dist((u["x"], u["y"]), plug) <= 4.0)
        best = max(best, FORT_PLUG * _toward(dist(p, plug), 0.8, 24.0) / (1 + 1.5 * n))
        if inside:
            n2 = sum(1 for u in friends if dist((u["x"], u["y"]), plug) <= 10.0)
            best = max(best, FORT_WATCH * _toward(dist(p, plug), 8.0, 16.0) / (1 + n2))
    return best


def fortress_goals(view: Any, player: str, unit: Unit) -> list[tuple[Point, str, str]]:
    out: list[tuple[Point, str, str]] = []
    f = fortress(view)
    o = _attacker_outside(view, player)
    _, hd = _half(unit)
    attacker = role(view, player) == "Attacker"
    for m in standing(view):
        if attacker:
            for inside in (False, True):
                x, y = touch_spot(view, player, unit, m, inside)
                out.append(((x, y), f"touch {m['id']}", ""))
                out.append(((x, y + (-o if inside else o) * 4.0), f"before {m['id']}", ""))
        else:
            out.append(((float(m["x"]), f["mid"]), f"plug {m['id']}", ""))
    if attacker:
        for gx in _gates_open(view):  # straight through a Broken Weak Point, either way
            out.append(((gx, f["y0"] - hd - 3.0), "through the breach", ""))
            out.append(((gx, f["y1"] + hd + 3.0), "through the breach", ""))
    return out


def on_weak_point(view: Any, them: Unit) -> bool:
    """Whether the (Attacker's) unit ``them`` stands by a standing Weak Point, battering it."""
    _, hd = _half(them)
    return any(dist((them["x"], them["y"]), (m["x"], m["y"])) <= hd + 2.0 for m in standing(view))


# ------------------------------------------------------------------------------------------------ The Breach


def breach(view: Any) -> Point | None:
    m = next((m for m in markers(view) if m.get("kind") == "breach"), None)
    return (float(m["x"]), float(m["y"])) if m else None


def _breach_gap(unit: Unit, p: Point, b: Point) -> float:
    """Roughly how far the unit's nearest point is from the Breach Marker's centre."""
    hw, hd = _half(unit)
    return max(0.0, dist(p, b) - min(hw, hd) - 0.3 * abs(hw - hd))


def breach_value(view: Any, player: str, unit: Unit, p: Point) -> float:
    b = breach(view)
    if b is None:
        return 0.0
    rnd = max(1, int(getattr(view, "game_round", 0) or 0))
    weight = 0.5 + 0.25 * (rnd - 1)  # 0.5 in round 1, 1.5 in round 5: only the end counts
    g = _breach_gap(unit, p, b)
    if role(view, player) == "Defender":
        return BREACH_HOLD * _toward(g, BREACH_NEAR - 0.5, 8.0)  # it starts there: all it must do is stay
    return BREACH * weight * (1.0 if g <= BREACH_NEAR - 0.5 else max(0.0, 0.9 - (g - BREACH_NEAR) / 40.0))


def breach_goals(view: Any, player: str, unit: Unit) -> list[tuple[Point, str, str]]:
    b = breach(view)
    if b is None:
        return []
    x, y = float(unit["x"]), float(unit["y"])
    d = max(1e-6, dist((x, y), b))
    ux, uy = (x - b[0]) / d, (y - b[1]) / d
    r = BREACH_NEAR - 1.5
    _, hd = _half(unit)
    w, depth = view.state.get("table", [72.0, 48.0])
    inward = 1.0 if b[1] < depth / 2 else -1.0
    return [((b[0] + ux * r, b[1] + uy * r), "breach", ""), ((b[0], b[1] + inward * (hd + 1.5)), "breach", "")]


# ------------------------------------------------------------------------------------------------ dispatch


def place_value(view: Any, player: str, unit: Unit, p: Point) -> float:
    """The scenario worth of ``unit`` ending its move centred at ``p``."""
    if not ready(unit) or not in_play(view, player):
        return 0.0
    name = scenario(view)
    if name == "the-chasm":
        return chasm_value(view, player, unit, p)
    if name == "the-fortress":
        return fortress_value(view, player, unit, p)
    if name == "the-breach":
        return breach_value(view, player, unit, p)
    return 0.0


def goal_points(view: Any, player: str, unit: Unit) -> list[tuple[Point, str, str]]:
    """Places worth steering to beyond the markers and enemies: bridges, Weak Points, the breach."""
    if not in_play(view, player):
        return []
    name = scenario(view)
    if name == "the-chasm":
        return chasm_goals(view, player, unit)
    if name == "the-fortress":
        return fortress_goals(view, player, unit)
    if name == "the-breach":
        return breach_goals(view, player, unit)
    return []


def unit_worth(view: Any, player: str, unit: Unit) -> float:
    """What breaking ``unit`` is worth beyond its points: an Attacker across the chasm or at a Weak Point (to the
    Defender), a unit near the breach (to either side, more at the end)."""
    if not in_play(view, player) or not ready(unit):
        return 0.0
    name = scenario(view)
    enemy = unit["side"] != player
    if name == "the-chasm" and enemy:
        sign, _ = _chasm_sides(view, player)
        c = chasm(view)
        if role(view, player) == "Defender" and (float(unit["y"]) > c["mid"]) == (sign > 0):
            return VP * 0.8  # an Attacker over the chasm
        if role(view, player) == "Attacker" and blocking(view, unit):
            return VP * 0.6  # a Defender holding a bridge or a marker
    if name == "the-fortress" and enemy and on_weak_point(view, unit):
        return VP * (0.8 if role(view, player) == "Defender" else 0.5)  # battering one, or plugging its gate
    if name == "the-breach":
        b = breach(view)
        if b is not None and _breach_gap(unit, (float(unit["x"]), float(unit["y"])), b) <= BREACH_NEAR + 6.0:
            rnd = max(1, int(getattr(view, "game_round", 0) or 0))
            return VP * (0.3 + 0.15 * rnd) * (1.0 if enemy else 0.6)
    return 0.0


def blocking(view: Any, them: Unit) -> bool:
    """Whether ``them`` stands at a bridge's end (nothing crosses there without fighting it) or by an objective
    marker (in the way of the Attacker's units reaching it)."""
    c = chasm(view)
    x, y = float(them["x"]), float(them["y"])
    hw, hd = _half(them)
    near = y + hd > c["y0"] - 4.0 and y - hd < c["y1"] + 4.0
    if near and any(x - hw < b1 and x + hw > b0 for b0, b1 in c["bridges"]):
        return True
    return any(dist((x, y), (float(m["x"]), float(m["y"]))) <= max(hw, hd) + CHASM_NEAR + 2.0
               for m in markers(view) if m.get("kind") == "objective")


def engage_bonus(view: Any, player: str, me: Unit, them: Unit, data: dict[str, Any]) -> float:
    """Engaging beyond the fight: the Defender's charge into an Attacker battering a Weak Point stops the
    battering, the Attacker's into a unit plugging one (or blocking a bridge's end) starts clearing the way."""
    if not in_play(view, player):
        return 0.0
    name = scenario(view)
    if name == "the-fortress":  # the Attacker's charge pins a unit plugging a Weak Point's gap
        mine = 0.8 if role(view, player) == "Defender" else 1.0
        return VP * mine if on_weak_point(view, them) else 0.0
    if name == "the-chasm" and role(view, player) == "Attacker":
        return VP * 0.5 if blocking(view, them) else 0.0
    return 0.0


def marker_spot(view: Any, player: str, decision: Any) -> dict[str, float] | None:
    if not in_play(view, player) or scenario(view) != "the-chasm":
        return None
    return chasm_markers(view, player, decision)


def _columns(view: Any, player: str, unit: Unit, xs: list[float], front: float, towards: float,
             costs: list[float] | None = None, stacked: float = 1.0) -> list[Point]:
    """Deployment spots in columns at ``xs``: the least filled column first (a lane's ``costs`` count as more
    units in it, three for each :data:`LANE_HURT`), each unit behind the last one deployed there (``front``: the
    zone's edge nearest the enemy, ``towards``: +1 when that is north)."""
    _, hd = _half(unit)
    placed = _friends(view, player, unit)
    out: list[tuple[float, Point]] = []
    for i, x in enumerate(xs):
        col = [f for f in placed if abs(float(f["x"]) - x) < _half(f)[0] + _half(unit)[0] - 0.2]  # in the way
        if col:
            last = min(col, key=lambda f: float(f["y"]) * towards)
            y = float(last["y"]) - towards * (float(last.get("depth", 2)) / 2 + hd + column_gap(last))
        else:
            y = front - towards * (hd + 0.05)
        out.append((stacked * len(col) + (3.0 * costs[i] / LANE_HURT if costs else 0.0), (x, y)))
    out.sort(key=lambda t: t[0])
    return [pt for _, pt in out]


def column_gap(front: Unit) -> float:
    """The gap (inches) left behind ``front`` in a column: room for its body as the steering sees it (a disc
    0.45 of its width round its centre, :func:`board.free_run`), so that a friend just behind does not stop its
    first advance."""
    return max(0.3, 0.45 * float(front.get("width", 4.0)) - float(front.get("depth", 2.0)) / 2 + 0.3)


def _aside_lanes(view: Any, player: str, unit: Unit, lanes: list[float], front: float, towards: float) -> list[Point]:
    """Deployment spots for an Immobile unit: on the zone's front edge clear of every lane (a unit that never moves
    there would stop the column behind it for the whole game), nearest the lanes' middle first."""
    hw, hd = _half(unit)
    width = float(view.state.get("table", [72.0, 48.0])[0])
    xs = [hw + 0.5 + k * 0.5 for k in range(int((width - 2 * hw - 1.0) / 0.5) + 1)]
    mid = sum(lanes) / len(lanes) if lanes else width / 2

    def room(x: float) -> float:  # the gap to the nearest lane's unit (3.5": half a wide column)
        return min((abs(x - lx) - hw - 3.5 for lx in lanes), default=99.0)

    clear = [x for x in xs if room(x) >= 0]
    y = front - towards * (hd + 0.05)
    if clear:
        return [(x, y) for x in sorted(clear, key=lambda x: abs(x - mid))]
    return [(x, y) for x in sorted(xs, key=lambda x: -room(x))]  # no room: as far from the lanes as can be


def deploy_spots(view: Any, player: str, unit: Unit) -> list[Point]:
    """Where ``unit`` would best deploy in a narrative scenario, best first (checked against the rules by the
    caller): lined up behind the bridges or Weak Points, at the bridges' ends, on the Defender's win spots."""
    name = scenario(view)
    _, hd = _half(unit)
    if name == "the-chasm":
        c = chasm(view)
        xs = [(b0 + b1) / 2 for b0, b1 in c["bridges"]]
        sign, _ = _chasm_sides(view, player)  # towards the Defender's side
        if role(view, player) == "Attacker":
            back = float(view.ruleset.scenarios["the-chasm"].params.get("attacker_back", 12.0)) \
                if hasattr(view, "ruleset") else 12.0
            front = (c["y0"] - back) if sign > 0 else (c["y1"] + back)
            lanes = []  # each bridge's clearest lane for this unit, the cheaper first among equally filled columns
            hw, _ = _half(unit)
            ghost = dict(unit, status="undeployed")  # its lanes from the zone, centred where clear
            for b0, b1 in c["bridges"]:
                x = bridge_lane(view, ghost, b0, b1)
                y = front - sign * 2.0
                pair = any(b0 <= sx <= b1 for sx, _ in win_spots(view, unit))  # one unit between them wins
                lanes.append((lane_cost(view, unit, (x, y), (x, (c["y1"] + hd + 6.0) if sign > 0 else
                                                          (c["y0"] - hd - 6.0))), 0 if pair else 1, x))
            lanes.sort()
            if "Immobile" in keywords_of(unit):
                return _aside_lanes(view, player, unit, [x for _, _, x in lanes], front, sign)
            return _columns(view, player, unit, [x for _, _, x in lanes], front, sign, [k for k, _, _ in lanes])
        friends = _friends(view, player, unit)
        spots = [(x, (c["y1"] + hd + 0.1) if sign > 0 else (c["y0"] - hd - 0.1)) for x in xs]
        spots += win_spots(view, unit)
        return sorted(spots, key=lambda q: sum(1 for f in friends if dist((f["x"], f["y"]), q) <= 6.0))
    if name == "the-fortress":
        f = fortress(view)
        xs = [float(m["x"]) for m in standing(view)]
        out = _attacker_outside(view, player)
        if role(view, player) == "Attacker":
            back = 12.0
            front = (f["y1"] + back) if out > 0 else (f["y0"] - back)
            face = f["y1"] if out > 0 else f["y0"]
            _, hd = _half(unit)
            lanes = []  # each standing Weak Point's clearest lane, the cheaper first among equally filled columns
            for m in standing(view):
                y = face + out * (hd + FACE_GAP)
                x = lane_x(view, dict(unit, status="undeployed"), float(m["x"]), y, out)
                cost = lane_cost(view, unit, (x, y + out * 14.0), (x, y))
                if cost < math.inf:
                    lanes.append((cost, x))
            lanes.sort()
            if "Immobile" in keywords_of(unit):
                return _aside_lanes(view, player, unit, [x for _, x in lanes], front, -out)
            # a unit battering a Weak Point stays there: one behind it waits all game, so any lane that is not
            # Perilous beats a place behind a friend
            return _columns(view, player, unit, [x for _, x in lanes], front, -out, [k for k, _ in lanes],
                            stacked=FORT_STACKED)
        front = f["y0"] if out > 0 else f["y1"]
        return _columns(view, player, unit, xs, front, out)
    return []


def position_spot(view: Any, player: str, decision: Any) -> dict[str, float] | None:
    """A deployment answer: the first of :func:`deploy_spots` (or a little to either side) the rules allow."""
    if not in_play(view, player):
        return None

    uid = decision.context.get("actor", "")
    unit = next((u for u in view.state.get("units", []) if u["id"] == uid), None)
    if unit is None:
        return None
    for x, y in deploy_spots(view, player, unit):
        for dx, dy in ((0.0, 0.0), (0.6, 0.0), (-0.6, 0.0), (0.0, 1.0), (0.0, -1.0), (1.2, 0.0), (-1.2, 0.0)):
            answer = {"x": round(x + dx, 2), "y": round(y + dy, 2)}
            if not view.check(answer):
                return answer
    return None


# ------------------------------------------------------------------------------------------------ Sneaky units

#: the Attacker's Sneaky unit arriving: inches of route to the goal traded against each enemy within this reach
ARRIVE_THREAT = 12.0


def deploy_option(view: Any, player: str, decision: Any) -> Any:
    """The Attacker of The Chasm or The Fortress sets its Sneaky units aside: they arrive later anywhere more than
    8" from the enemy (The Chasm: within 4" of it, either side), much nearer the markers or Weak Points than its
    zone, 12" back."""
    if not in_play(view, player) or role(view, player) != "Attacker" or \
            scenario(view) not in ("the-chasm", "the-fortress"):
        return None

    aside = next((o.value for o in decision.options if o.data.get("action") == "aside"), None)
    if aside is not None:
        return aside
    units = {u["id"]: u for u in view.state.get("units", [])}
    deploys = [(o, units.get(o.data.get("actor", ""))) for o in decision.options
               if o.data.get("action") == "deploy"]
    deploys = [(o, u) for o, u in deploys if u is not None]
    if not deploys:
        return None
    fastest = scenario(view) == "the-chasm"
    return min(deploys, key=lambda ou: deploy_rank(ou[1], fastest))[0].value


def deploy_rank(unit: Unit, fastest: bool = False) -> tuple[float, ...]:
    """The Attacker's deployment order in The Chasm and The Fortress: the slowest movers first (they take the
    fronts of the columns, the only places they reach the goal from in time; faster ones fill in behind), the
    bigger first among equals; Immobile units last (out of the lanes). ``fastest``: the fastest first (The Chasm:
    one lane a bridge, and a column goes no faster than its front)."""
    immobile = "Immobile" in keywords_of(unit)
    return (1.0 if immobile else 0.0, -_speed(unit) if fastest else _speed(unit), -float(unit.get("points", 0)))


def _arrival_targets(view: Any, player: str, unit: Unit) -> list[tuple[Point, float]]:
    """Where an arriving Attacker's unit wants to be: (spot, worth)."""
    if scenario(view) == "the-chasm":
        return chasm_targets(view, player, unit)
    if scenario(view) == "the-fortress":  # lined up where it stands and the way clear, else the Weak Point's x
        f = fortress(view)
        hw, hd = _half(unit)
        x, y = float(unit["x"]), float(unit["y"])
        out: list[tuple[Point, float]] = []
        for m in standing(view):
            for inside in (False, True):
                o = _attacker_outside(view, player) * (-1.0 if inside else 1.0)
                ty = (f["y1"] if o > 0 else f["y0"]) + o * (hd + FACE_GAP)
                lined = abs(x - float(m["x"])) <= hw - LANE_OVERLAP and (y - ty) * o >= 0 and \
                    lane_cost(view, unit, (x, round(y)), (x, ty)) == 0.0
                worth = FORT_TOUCH * (1.0 + f["doom"].get(m["id"], 0) / WEAK_COURAGE) * (0.8 if inside else 1.0)
                worth /= 1.0 + 0.7 * len(_in_lane(view, player, unit, m, inside))  # a friend is on its way there
                out.append(((x, ty) if lined else (float(m["x"]), ty), worth))
        return out
    return []


def _in_lane(view: Any, player: str, unit: Unit, m: dict[str, Any], inside: bool = False) -> list[Unit]:
    """``player``'s other units lined up with Weak Point ``m`` on the Attacker's side of the wall (or ``inside``):
    their fronts overlap the marker straight ahead, within 16" of the wall."""
    f = fortress(view)
    o = _attacker_outside(view, player) * (-1.0 if inside else 1.0)
    mx = float(m["x"])
    return [u for u in _friends(view, player, unit) if "Immobile" not in keywords_of(u)
            and abs(float(u["x"]) - mx) <= _half(u)[0] + MARKER
            and 0.0 < (float(u["y"]) - f["mid"]) * o <= 16.0]


def _facing(view: Any, player: str) -> float:
    """How ``player``'s units face when placed: towards the far half."""
    return 90.0 if view.state["sides"][player]["half"] == "south" else 270.0


def arrival_value(view: Any, player: str, unit: Unit, p: Point) -> float:
    """What arriving centred at ``p`` is worth: the best goal's worth falling off with the way there (a Fortress
    spot only on its own side of the wall), less for each enemy that could reach the unit there, and (The Chasm)
    much less in the lane ahead of a friend on its way."""
    best = 0.0
    wall = fortress(view) if scenario(view) == "the-fortress" else None
    there = dict(unit, x=p[0], y=p[1], status="ready", facing=_facing(view, player))
    for at, worth in _arrival_targets(view, player, there):
        if wall is not None and (at[1] < wall["mid"]) != (p[1] < wall["mid"]):
            continue
        if wall is not None and abs(at[0] - p[0]) > 0.05:
            worth *= 0.5  # not lined up: by the wall there is no room to wheel
        way = dist(p, at)
        if wall is None:  # The Chasm: a unit coming at the markers askew swings its front off their line
            way += 1.5 * max(0.0, abs(at[0] - p[0]) - 0.5)
        best = max(best, worth * max(0.0, 1.0 - way / 30.0))
    enemies = [u for u in view.state.get("units", []) if u["side"] != player and ready(u)]
    near = sum(1 for e in enemies if dist(p, (float(e["x"]), float(e["y"]))) <= float(e.get("speed", 8)) + 4.0)
    if wall is None and _ahead_of_friend(view, player, unit, p):
        best *= BLOCKS_FRIEND
    return best * (1.0 - 0.15 * min(near, 4))


#: The Chasm: what arriving in the lane straight ahead of a friend (the way it is going) keeps of its worth
BLOCKS_FRIEND = 0.3


def _ahead_of_friend(view: Any, player: str, unit: Unit, p: Point) -> bool:
    """Whether ``unit`` centred at ``p`` stands in a moving friend's lane ahead of it (towards the Defender's side,
    within two moves), where the friend would have to stop behind it."""
    sign, _ = _chasm_sides(view, player)
    hw, _ = _half(unit)
    for f in _friends(view, player, unit):
        if "Immobile" in keywords_of(f):
            continue
        ahead = (p[1] - float(f["y"])) * sign
        if abs(p[0] - float(f["x"])) < hw + _half(f)[0] and 0.0 < ahead <= 2 * _speed(f) + 4.0:
            return True
    return False


def arrive_spot(view: Any, player: str, decision: Any) -> dict[str, float] | None:
    """A Sneaky Attacker's arrival in The Chasm or The Fortress: the legal spot (a 1" grid) worth most by
    :func:`arrival_value`; None elsewhere (the first suggested spot)."""
    if not in_play(view, player) or role(view, player) != "Attacker" or \
            scenario(view) not in ("the-chasm", "the-fortress"):
        return None

    uid = decision.context.get("actor", "")
    unit = next((u for u in view.state.get("units", []) if u["id"] == uid), None)
    p = {q.name: q for q in decision.params}
    if unit is None or "x" not in p or "y" not in p:
        return None
    xs = [float(p["x"].low) + i * 0.5 for i in range(int((float(p["x"].high) - float(p["x"].low)) / 0.5) + 1)]
    ys = [float(p["y"].low) + i * 0.5 for i in range(int((float(p["y"].high) - float(p["y"].low)) / 0.5) + 1)]
    hw, hd = _half(unit)
    if scenario(view) == "the-chasm":  # it arrives at least partly within 4" of the chasm
        c = chasm(view)
        ys = [y for y in ys if c["y0"] - 4.0 - hd - hw <= y <= c["y1"] + 4.0 + hd + hw]
    else:  # The Fortress: lined up with a Weak Point, within 12" of the wall
        f = fortress(view)
        wps = [float(m["x"]) for m in standing(view)]
        xs = [x for x in xs if any(abs(x - mx) <= hw - LANE_OVERLAP for mx in wps)]
        ys = [y for y in ys if min(abs(y - f["y0"]), abs(y - f["y1"])) <= 12.0 + hd]
        ys += [f["y0"] - hd - FACE_GAP, f["y1"] + hd + FACE_GAP]  # touching, square in front of the marker
    enemies = [(float(e["x"]), float(e["y"]), min(_half(e))) for e in view.state.get("units", [])
               if e["side"] != player and ready(e)]

    def clear(x: float, y: float) -> bool:  # surely too near an enemy (the rules' 8" between the outlines)
        return all(dist((x, y), (ex, ey)) > 8.0 + min(hw, hd) + r for ex, ey, r in enemies)

    ranked = sorted(((arrival_value(view, player, unit, (x, y)), x, y) for x in xs for y in ys if clear(x, y)),
                    reverse=True)
    for v, x, y in ranked[:300]:
        if v <= 0:
            break
        answer = {"x": round(x, 2), "y": round(y, 2)}
        if not view.check(answer):
            return answer
    return None
