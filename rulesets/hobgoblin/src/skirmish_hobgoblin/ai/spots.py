"""Spots on the table the AI picks: where it deploys its units (lanes clear of harm, a shooting army's back row)
and where it puts the objective markers a scenario asks it to place (as near its own side as the rules allow,
so its units reach them soonest).

- The Wages of Sin (markers in the opposing half, scored by a unit of mine within 4" with no enemy within 8"):
  just over the centreline, nearest the middle of the table first.
- Desperate Search, as the Attacker (markers in the Defender's zone, found by my General or Battle Standard):
  on the zone's edge nearest the centreline, the first two just over the 16" apart the rules ask, either side
  of the middle, so that a wide General standing midway finds both at once (or walks from one to the next).
"""

from __future__ import annotations

from typing import Any

from skirmish_hobgoblin.ai.board import corners, inside, keywords_of, line_through, overlaps, swept_band, terrain
from skirmish_hobgoblin.ai.objectives import MARKER, markers, role, scenario
from skirmish_hobgoblin.ai.steering import harmful

#: how far past the rules' 16" the markers go (the check is "more than 16"")
SPARE = 0.5
#: Desperate Search: how far past 16" apart the first two markers go, so that a General at least 2 * (8 + MARKER
#: - 4) (about 6.8") wide standing midway is within 4" of both (it finds the two at once)
SEARCH_SPARE = 0.02


#: what a square inch of terrain in a half of the table costs when the First Player picks where to deploy: Perilous
#: hurts every unit that moves through it, Rough Distracts (or Dooms) them, Impassable is in the way. On Cavern
#: Crossing the south half holds the Noxious Pools, the rubble and the corpse pile: AI v AI over 400 games the
#: army in the north won 57% (52-62%) when the token holder always took the south
HALF_COST = {"perilous": 3.0, "rough": 1.0, "impassable": 1.0}


def half_cost(view: Any, half: str) -> float:
    """The terrain in ``half`` ("south": y below the centreline), each square inch weighed by :data:`HALF_COST`
    (sampled at the centre of every inch square)."""
    width, depth = (float(v) for v in view.state.get("table", [72.0, 48.0]))
    lo, hi = (0.0, depth / 2) if half == "south" else (depth / 2, depth)
    total = 0.0
    for kind, weight in HALF_COST.items():
        polys = [p for p in terrain(view, kind)
                 if max(q[1] for q in p) > lo and min(q[1] for q in p) < hi]
        for poly in polys:
            x0, x1 = max(0.0, min(q[0] for q in poly)), min(width, max(q[0] for q in poly))
            y0, y1 = max(lo, min(q[1] for q in poly)), min(hi, max(q[1] for q in poly))
            total += weight * sum(inside((x + 0.5, y + 0.5), poly)
                                  for x in range(int(x0), int(x1) + 1) for y in range(int(y0), int(y1) + 1)
                                  if lo <= y + 0.5 < hi)
    return total


def better_half(view: Any, options: list[Any]) -> Any:
    """The half to deploy in (the First Player's choice): the offered one with the least terrain in the way
    (:func:`half_cost`), the first offered when they are level."""
    halves = [o for o in options if o.data.get("half") in ("south", "north")]
    if not halves:
        return options[0].value
    return min(halves, key=lambda o: (half_cost(view, o.data["half"]), halves.index(o))).value


def marker_spot(view: Any, player: str, decision: Any) -> dict[str, float] | None:
    """A legal centre for the marker ``decision`` asks for, or None to take the suggested one."""
    params = {p.name: p for p in decision.params}
    if "x" not in params or "y" not in params:
        return None
    name = scenario(view)
    if name not in ("wages-of-sin", "desperate-search"):
        return None
    width, depth = (float(v) for v in view.state.get("table", [72.0, 48.0]))
    lo, hi = float(params["y"].low), float(params["y"].high)
    centreline = depth / 2
    near_side = lo if lo >= centreline - 1e-6 else hi  # the edge of the range nearest the centreline
    inward = 1.0 if near_side == lo else -1.0
    y = near_side + inward * (MARKER + 0.05 if name == "wages-of-sin" else 0.0)
    mid = width / 2
    placed = [(float(m["x"]), float(m["y"])) for m in markers(view)]
    if name == "desperate-search" and len([m for m in markers(view) if m.get("kind") == "objective"]) < 2:
        placed_x = [p[0] for p in placed]
        if not placed_x:
            mid = pair_centre(view, y, width, depth)
        wants = [placed_x[0] + 16.0 + SEARCH_SPARE, placed_x[0] - 16.0 - SEARCH_SPARE] if placed_x else \
            [mid - 8.0 - SEARCH_SPARE / 2, mid + 8.0 + SEARCH_SPARE / 2]
    else:
        wants = [mid]
    spots = [{"x": float(x) / 2, "y": round(y, 2)} for x in range(8, int(2 * width) - 7)]
    if name == "desperate-search":  # the exact spots first: a wide General between two of them finds both
        spots = [{"x": round(w, 2), "y": round(y, 2)} for w in wants] + spots
    legal = [s for s in spots if not view.check(s)]
    if not legal:
        return None

    def cost(s: dict[str, float]) -> float:
        far = min(abs(s["x"] - w) for w in wants)
        crowd = sum(1 for p in placed if abs(p[0] - s["x"]) < 16.0 + SPARE)  # room for the next
        return far + 0.01 * crowd

    return min(legal, key=cost)


#: Desperate Search: the terrain a searcher's lane to the spot between the first two markers should keep clear of
LANE_BLOCKS = ("impassable", "perilous")
#: how far either side of a lane's centre line it is tested (half a wide General's width)
LANE_HALF = 4.0


def pair_centre(view: Any, y: float, width: float, depth: float) -> float:
    """Desperate Search: where along the marker row ``y`` to centre the first two markers: nearest the middle of
    the table where the straight lane from the Attacker's side to the spot between them (and the spot itself) is
    clear of impassable and Perilous terrain."""
    back = depth - y + (-4.0 if y > depth / 2 else 4.0)  # behind the mirrored row, on the Attacker's side
    ahead = y + (2.0 if y > depth / 2 else -2.0)

    def blocked(cx: float) -> bool:
        return any(line_through(view, k, (cx + dx, back), (cx + dx, ahead))
                   for k in LANE_BLOCKS for dx in (-LANE_HALF, -LANE_HALF / 2, 0.0, LANE_HALF / 2, LANE_HALF))

    mid = width / 2
    options = [mid + sign * step / 2 for step in range(0, int(width) - 34) for sign in (1, -1)]
    options = [cx for cx in options if 16.5 <= cx <= width - 16.5]  # the pair 8" either side, 8.5" in
    return next((cx for cx in options if not blocked(cx)), mid)


def deploy_x(view: Any, player: str, unit: dict[str, Any]) -> float | None:
    """Desperate Search, the Attacker's General or Battle Standard: deploy opposite the middle of the two
    markers nearest each other (it has to walk to them); None elsewhere."""
    if scenario(view) != "desperate-search" or role(view, player) != "Attacker":
        return None
    kw = keywords_of(unit)
    if "General" not in kw and "Battle Standard" not in kw:
        return None
    xs = sorted(float(m["x"]) for m in markers(view))
    if len(xs) < 2:
        return xs[0] if xs else None
    a, b = min(zip(xs, xs[1:], strict=False), key=lambda p: p[1] - p[0])
    return (a + b) / 2


def walled_off(view: Any, spot: dict[str, float], width: float) -> bool:
    """Whether impassable terrain stands in the band a unit ``width`` wide sweeps on the straight way from a
    deployment ``spot`` to the nearest marker (a searcher deployed there would have to go round it)."""
    ms = markers(view)
    x, y = float(spot["x"]), float(spot["y"])

    def blocked(m: dict[str, Any]) -> bool:
        return any(line_through(view, "impassable", (x + dx, y), (float(m["x"]) + dx, float(m["y"])))
                   for dx in (-width / 2, 0.0, width / 2))

    if not ms:
        return False
    return blocked(min(ms, key=lambda m: (float(m["x"]) - x) ** 2 + (float(m["y"]) - y) ** 2))


#: how far round a deployment spot the AI wants to be clear of terrain that hurts the unit (its first wheel)
HURT_MARGIN = 1.5


def hurts_at(view: Any, player: str, unit: dict[str, Any], x: float, y: float) -> bool:
    """Whether a unit deployed centred at (x, y), facing the enemy, stands on or within :data:`HURT_MARGIN` of
    terrain that hurts it when it moves: Perilous (a die per MP of every manoeuvre that touches it), and Rough
    for a Wild unit that is not a Skirmisher (a Doom for every such manoeuvre)."""
    kinds = harmful(unit)
    half = view.state.get("sides", {}).get(player, {}).get("half", "south")
    facing = 90.0 if half == "south" else 270.0
    outline = corners(x, y, facing, float(unit.get("width", 4.0)) + 2 * HURT_MARGIN,
                      float(unit.get("depth", 2.0)) + 2 * HURT_MARGIN)
    return any(overlaps(view, k, outline) for k in kinds)


def lane_hurts(view: Any, player: str, unit: dict[str, Any], x: float, y: float) -> bool:
    """Whether the lane a unit deployed at (x, y) would first advance along (its Speed straight at the enemy's
    side) crosses terrain that hurts it (as :func:`hurts_at`), so that it must go round before it can close."""
    kinds = harmful(unit)
    half = view.state.get("sides", {}).get(player, {}).get("half", "south")
    ahead = float(unit.get("speed", 8)) * (1.0 if half == "south" else -1.0)
    band = swept_band(unit, (x, y), (x, y + ahead))
    return any(overlaps(view, k, band) for k in kinds)


def more_spots(view: Any, unit: dict[str, Any], rows: list[float], good: Any,
               step: float = 2.0) -> list[dict[str, float]]:
    """Deployment centres along ``rows`` (every ``step`` inches across the table) that ``good`` accepts."""
    width = float(view.state.get("table", [72.0, 48.0])[0])
    half = float(unit.get("width", 4.0)) / 2
    out = []
    for y in rows:
        x = half + 1.0
        while x <= width - half - 1.0:
            spot = {"x": round(x, 2), "y": y}
            if good(spot):
                out.append(spot)
            x += step
    return out


def back_row(view: Any, spots: list[dict[str, float]]) -> list[dict[str, float]]:
    """The ``spots`` furthest from the centreline (the back row of a deployment zone)."""
    centreline = float(view.state.get("table", [72.0, 48.0])[1]) / 2
    far = max(abs(e["y"] - centreline) for e in spots)
    return [e for e in spots if abs(abs(e["y"] - centreline) - far) < 0.01]


def versus_him(view: Any, player: str) -> bool:
    """Whether the enemy is Him (the solo opponent): His solo rules make every one of His units Undistractable."""
    theirs = [u for u in view.state.get("units", []) if u["side"] != player]
    return bool(theirs) and all("Undistractable" in keywords_of(u) for u in theirs)


def him_flank(view: Any, side: str) -> float | None:
    """The x a packed deployment packs towards ("left": the low x edge, "right": the high, "centre": the middle),
    None for none."""
    width = float(view.state.get("table", [72.0, 48.0])[0])
    return {"left": 0.0, "right": width, "centre": width / 2}.get(side)


def shooting(view: Any, player: str) -> tuple[float, float]:
    """The share of my army's points and of the enemy's in units with Ranged."""

    def share(mine: bool) -> float:
        units = [u for u in view.state.get("units", []) if (u["side"] == player) == mine]
        total = sum(float(u.get("points", 0)) for u in units) or 1.0
        return sum(float(u.get("points", 0)) for u in units if "Ranged" in keywords_of(u)) / total

    return share(True), share(False)


#: against Him, an army with at least this share of its points in Ranged units deploys at the table edge of its zone
#: (Iron Grudge Hold, 38%; Bog Coven, 26%): His units walk two rounds or more through its shooting and arrive strung
#: out. Normal, seeds 0-399 against the AI before: Iron Grudge Hold 86 wins of 100 against 64, Bog Coven 60 against
#: 32; the Sky Lancers (20%) lost more there (11 of 85 against 18). 0 for off
HIM_BACK_EDGE = 0.25


def him_back_edge(view: Any, player: str, unit: dict[str, Any], spots: list[dict[str, float]]
                  ) -> list[dict[str, float]]:
    """Against Him (:data:`HIM_BACK_EDGE`), for a unit of an army that shoots: the suggested ``spots`` moved back to
    the table edge of its zone (half its depth and half an inch in), those the rules allow; [] otherwise. (The
    suggestions are the rules' free spots, a unit's width and 4" apart: packed towards a flank, the army stands in a
    line that far apart from the flank's edge.)"""
    if not HIM_BACK_EDGE or not versus_him(view, player) or shooting(view, player)[0] < HIM_BACK_EDGE:
        return []
    depth = float(view.state.get("table", [72.0, 48.0])[1])
    half = float(unit.get("depth", 2.0)) / 2 + 0.5
    south = view.state.get("sides", {}).get(player, {}).get("half", "south") == "south"
    y = round(half if south else depth - half, 2)
    return [e for e in ({"x": s["x"], "y": y} for s in spots) if not view.check(e)]
