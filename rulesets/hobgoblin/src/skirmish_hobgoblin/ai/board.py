"""What the AI reads off a player's view: units by id, keywords, footprints, gaps and terrain along a path.

Everything here works on the plain view data (``view.state``), never on the game objects.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

Unit = dict[str, Any]
Point = tuple[float, float]


def keywords_of(unit: Unit) -> Mapping[str, int | None]:
    """A view's keyword text ("Hero [3], Tough [1], Elite") as {name: value or None} (shared, so read-only)."""
    return _keywords(str(unit.get("keywords", "")))


def memo(view: Any, name: str) -> dict[Any, Any]:
    """The AI's memo ``name`` for this game: kept with the game's state (the view data Hobgoblin builds carries the
    memos: :class:`skirmish_hobgoblin.render.ViewData`), so it dies with the game; a view built otherwise gets an
    empty one (nothing kept)."""
    memos = getattr(view.state, "memos", None)
    if memos is None:
        return {}
    found = memos.get(name)
    if found is None:
        found = memos[name] = {}
    return found  # type: ignore[no-any-return]


#: kept module-level (a bounded memo of a pure text parse): a keyword text -> a read-only mapping; no game object or id
#: (about ten texts a game, read some ten thousand times)
@lru_cache(maxsize=4096)
def _keywords(text: str) -> Mapping[str, int | None]:
    out: list[tuple[str, int | None]] = []
    for part in text.split(", "):
        if not part:
            continue
        name, _, rest = part.partition(" [")
        try:
            out.append((name, int(rest.rstrip("]").lstrip("+")) if rest else None))
        except ValueError:
            out.append((name, None))
    return MappingProxyType(dict(out))


def p_hit(need: int) -> float:
    """Chance one die hits a target number (a 6 always hits, a 1 always misses)."""
    need = max(2, min(6, need))
    return (7 - need) / 6


def units_of(view: Any) -> dict[str, Unit]:
    """Units by id; in team play an Ally's units are given the viewer's side, so the AI counts them as friends
    (it still only acts with the units its options name)."""
    state = view.state
    teams = state.get("teams")
    if not teams:
        return {u["id"]: u for u in state.get("units", [])}
    me = getattr(view, "player", None)
    mine = next((ps for ps in teams["teams"].values() if me in ps), [me])
    return {u["id"]: ({**u, "side": me} if u["side"] in mine else u) for u in state.get("units", [])}


def ready(unit: Unit) -> bool:
    return unit.get("status") == "ready"


def centre(unit: Unit) -> Point:
    return float(unit["x"]), float(unit["y"])


def dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def corners(x: float, y: float, facing: float, width: float, depth: float) -> list[Point]:
    """The four corners of a footprint (front left, front right, back right, back left)."""
    fx, fy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
    rx, ry = fy, -fx  # the unit's right hand
    hw, hd = width / 2, depth / 2
    return [(x + fx * hd - rx * hw, y + fy * hd - ry * hw), (x + fx * hd + rx * hw, y + fy * hd + ry * hw),
            (x - fx * hd + rx * hw, y - fy * hd + ry * hw), (x - fx * hd - rx * hw, y - fy * hd - ry * hw)]


def unit_corners(unit: Unit, at: Point | None = None, facing: float | None = None) -> list[Point]:
    x, y = at if at is not None else centre(unit)
    return corners(x, y, float(unit.get("facing", 0.0)) if facing is None else facing,
                   float(unit.get("width", 4.0)), float(unit.get("depth", 2.0)))


def _seg_point(p: Point, a: Point, b: Point) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    n = ax * ax + ay * ay
    if n == 0:
        t = 0.0
    else:  # max(0.0, min(1.0, v)) written as comparisons (the same value)
        t = ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / n
        t = t if t < 1.0 else 1.0
        t = t if t > 0.0 else 0.0
    return math.hypot(p[0] - a[0] - t * ax, p[1] - a[1] - t * ay)


def inside(p: Point, poly: list[Point]) -> bool:
    """Point in polygon (even-odd rule)."""
    if not poly:
        return False
    x, y = p
    hit = False
    xj, yj = poly[-1]
    for xi, yi in poly:  # each edge from the previous corner (the last one first)
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / ((yj - yi) or 1e-12) + xi:
            hit = not hit
        xj, yj = xi, yi
    return hit


def _boxes_apart(a: list[Point], b: list[Point]) -> bool:
    ax0, ay0, ax1, ay1 = _bbox(a)
    bx0, by0, bx1, by1 = _bbox(b)
    return ax1 < bx0 or bx1 < ax0 or ay1 < by0 or by1 < ay0


def _inside_any(points: list[Point], poly: list[Point]) -> bool:
    """``any(inside(p, poly) for p in points)`` as one loop."""
    for p in points:  # noqa: SIM110 (a loop: no generator per test)
        if inside(p, poly):
            return True
    return False


def poly_gap(a: list[Point], b: list[Point]) -> float:
    """Closest distance between two convex polygons (0 when they touch or overlap)."""
    if not _boxes_apart(a, b) and (_inside_any(a, b) or _inside_any(b, a)):
        return 0.0
    best = math.inf
    hypot = math.hypot
    for poly, other in ((a, b), (b, a)):
        n = len(other)
        edges = []  # each edge's start, direction and squared length, worked out once for every point
        for i in range(n):
            (sx, sy), (ex, ey) = other[i], other[(i + 1) % n]
            ax, ay = ex - sx, ey - sy
            edges.append((sx, sy, ax, ay, ax * ax + ay * ay))
        for px, py in poly:
            for sx, sy, ax, ay, m in edges:
                if m == 0:
                    t = 0.0
                else:  # max(0.0, min(1.0, v)) written as comparisons (the same value)
                    t = ((px - sx) * ax + (py - sy) * ay) / m
                    t = t if t < 1.0 else 1.0
                    t = t if t > 0.0 else 0.0
                g = hypot(px - sx - t * ax, py - sy - t * ay)
                if g < best:
                    best = g
    return best


def _radius(u: Unit) -> float:
    return math.hypot(float(u.get("width", 4.0)), float(u.get("depth", 2.0))) / 2


def gap(a: Unit, b: Unit, at: Point | None = None) -> float:
    """Closest distance between two units' footprints (``a`` moved to ``at`` when given); beyond a few inches
    apart, the gap between their enclosing circles (a slight underestimate)."""
    here = at if at is not None else centre(a)
    rough = dist(here, centre(b)) - _radius(a) - _radius(b)
    if rough > 3.0:
        return rough
    return poly_gap(unit_corners(a, at), unit_corners(b))


def point_gap(p: Point, poly: list[Point]) -> float:
    """Distance from ``p`` to the polygon (0 inside): :func:`inside`, then :func:`_seg_point` to each edge, the
    smallest kept (written out in one function: the same arithmetic)."""
    if inside(p, poly):
        return 0.0
    px, py = p
    hypot = math.hypot
    best = math.nan
    first = True
    sx, sy = poly[0]
    for ex, ey in poly[1:] + poly[:1]:  # edges poly[i] -> poly[(i + 1) % n], in order
        ax, ay = ex - sx, ey - sy
        n = ax * ax + ay * ay
        if n == 0:
            t = 0.0
        else:  # max(0.0, min(1.0, v)) written as comparisons (the same value)
            t = ((px - sx) * ax + (py - sy) * ay) / n
            t = t if t < 1.0 else 1.0
            t = t if t > 0.0 else 0.0
        g = hypot(px - sx - t * ax, py - sy - t * ay)
        if first:
            best, first = g, False
        elif g < best:
            best = g
        sx, sy = ex, ey
    return best


def _bbox(poly: list[Point]) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of the points (min and max as comparisons: the same values)."""
    x0 = x1 = poly[0][0]
    y0 = y1 = poly[0][1]
    for x, y in poly:
        if x < x0:
            x0 = x
        elif x > x1:
            x1 = x
        if y < y0:
            y0 = y
        elif y > y1:
            y1 = y
    return x0, y0, x1, y1


def _within(p: Point, poly: list[Point], box: tuple[float, float, float, float], r: float) -> bool:
    """Whether ``p`` is within ``r`` of the polygon (the box rules most points out cheaply)."""
    if p[0] < box[0] - r or p[0] > box[2] + r or p[1] < box[1] - r or p[1] > box[3] + r:
        return False
    return point_gap(p, poly) <= r


def terrain(view: Any, keyword: str) -> list[list[Point]]:
    """The outlines of the terrain pieces with ``keyword`` (kept in the view's own state dict once read)."""
    cache = view.state.setdefault("_ai_terrain", {})
    if keyword not in cache:
        cache[keyword] = [[(float(q[0]), float(q[1])) for q in t["points"]] for t in view.state.get("terrain", [])
                          if keyword in t.get("keywords", [])]
    return cache[keyword]


def _boxes(view: Any, keyword: str) -> list[tuple[list[Point], tuple[float, float, float, float]]]:
    """The outlines of ``keyword`` terrain with their bounding boxes (cached like :func:`terrain`)."""
    cache = view.state.setdefault("_ai_boxes", {})
    if keyword not in cache:
        cache[keyword] = [(poly, _bbox(poly)) for poly in terrain(view, keyword)]
    return cache[keyword]


def _box_gap(p: Point, box: tuple[float, float, float, float]) -> float:
    """Distance from ``p`` to a bounding box (a lower bound on its distance to what the box holds)."""
    dx = box[0] - p[0]  # max(box[0] - p[0], 0.0, p[0] - box[2]) as comparisons (the same value)
    if dx < 0.0:
        dx = 0.0
    if p[0] - box[2] > dx:
        dx = p[0] - box[2]
    dy = box[1] - p[1]
    if dy < 0.0:
        dy = 0.0
    if p[1] - box[3] > dy:
        dy = p[1] - box[3]
    return math.hypot(dx, dy)


def inches_through(view: Any, keyword: str, a: Point, b: Point, half_width: float) -> float:
    """Roughly how many inches of the straight path a -> b a unit ``2 * half_width`` wide spends over terrain
    with ``keyword`` (sampled every half inch)."""
    shapes = _boxes(view, keyword)
    if not shapes:
        return 0.0
    length = dist(a, b)
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    reach = length / 2 + half_width + 0.5
    boxed = [(poly, box) for poly, box in shapes if _box_gap(mid, box) <= reach]
    if not boxed:
        return 0.0
    steps = max(1, int(length / 0.75))
    total = 0.0
    for i in range(steps + 1):
        t = i / steps
        p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        if any(_within(p, poly, box, half_width) for poly, box in boxed):
            total += length / (steps + 1)
    return total


def blocked(view: Any, p: Point, unit: Unit) -> bool:
    """Whether a footprint centred at ``p`` would sit on impassable terrain or off the table."""
    w, d = view.state.get("table", [72.0, 48.0])
    cs = unit_corners(unit, p)
    if any(not (0.0 < c[0] < w and 0.0 < c[1] < d) for c in cs):
        return True
    return any(poly_gap(cs, poly) <= 0.0 for poly in terrain(view, "impassable"))


def obstacles(view: Any, unit: Unit) -> list[list[Point]]:
    """Outlines a unit may not move through: impassable terrain and every other unit in play."""
    polys = list(terrain(view, "impassable"))
    polys += [unit_corners(u) for u in view.state.get("units", []) if u["id"] != unit["id"] and ready(u)]
    return polys


Boxed = list[tuple[list[Point], tuple[float, float, float, float]]]


def boxed(polys: list[list[Point]]) -> Boxed:
    """Outlines with their bounding boxes, to pass to :func:`free_run` many times."""
    return [(poly, _bbox(poly)) for poly in polys]


def free_run(view: Any, unit: Unit, a: Point, b: Point, polys: list[list[Point]] | Boxed | None = None) -> float:
    """How far along the straight path a -> b the unit's centre gets before its body (a disc half as wide as
    the unit) would meet an obstacle or the table edge (sampled every half inch). ``polys``: the obstacles
    (outlines, or :func:`boxed` outlines), by default :func:`obstacles`."""
    polys = obstacles(view, unit) if polys is None else polys
    shapes = polys if polys and isinstance(polys[0], tuple) else boxed(polys)  # type: ignore[arg-type]
    w, d = view.state.get("table", [72.0, 48.0])
    r = 0.45 * float(unit.get("width", 4.0))
    half_depth = float(unit.get("depth", 2.0)) / 2
    length = dist(a, b)
    steps = max(1, int(length / 0.75))
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    reach = length / 2 + r + 0.5
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    # every sample lies in the path's box (a margin for rounding): an outline whose grown box misses it is never
    # tested below, so it is left out before its start gap is measured
    px0, px1 = (ax, b[0]) if dx >= 0 else (b[0], ax)
    py0, py1 = (ay, b[1]) if dy >= 0 else (b[1], ay)
    px0, px1, py0, py1 = px0 - 1e-6, px1 + 1e-6, py0 - 1e-6, py1 + 1e-6
    # an outline the body already reaches where it starts (a friend just behind) stops it only if the way brings it
    # nearer
    # (each box grown by r once: the same bounds as growing it at every step)
    grown = []
    mx, my = mid
    hypot = math.hypot
    for poly, box in shapes:
        bx0, by0, bx1, by1 = box
        gx = bx0 - mx  # _box_gap(mid, box) written out (the same comparisons and value)
        if gx < 0.0:
            gx = 0.0
        if mx - bx1 > gx:
            gx = mx - bx1
        gy = by0 - my
        if gy < 0.0:
            gy = 0.0
        if my - by1 > gy:
            gy = my - by1
        if hypot(gx, gy) > reach:
            continue
        x0, x1, y0, y1 = bx0 - r, bx1 + r, by0 - r, by1 + r
        if x0 > px1 or x1 < px0 or y0 > py1 or y1 < py0:
            continue
        grown.append((poly, x0, x1, y0, y1, point_gap(a, poly)))
    x_lo, x_hi, y_lo, y_hi = half_depth, w - half_depth, half_depth, d - half_depth
    for i in range(1, steps + 1):
        t = i / steps
        px, py = ax + dx * t, ay + dy * t
        if not (x_lo < px < x_hi and y_lo < py < y_hi):
            return length * (i - 1) / steps
        for poly, x0, x1, y0, y1, was in grown:  # _within(p, poly, box, r) and point_gap(p, poly) < r, measured once
            if px < x0 or px > x1 or py < y0 or py > y1:
                continue
            g = point_gap((px, py), poly)
            if g < r and not (was < r and g >= was - 1e-9):
                return length * (i - 1) / steps
    return length


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments a-b and c-d cross (touching ends do not count)."""
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


def swept_band(unit: Unit, a: Point, b: Point) -> list[Point]:
    """The area a unit's footprint sweeps advancing straight from centre ``a`` to centre ``b`` (facing that way):
    a rectangle as wide as the unit, from its back edge at ``a`` to its front edge at ``b``."""
    length = dist(a, b)
    facing = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) if length > 1e-9 else float(unit.get("facing", 0.0))
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    return corners(mid[0], mid[1], facing, float(unit.get("width", 4.0)), float(unit.get("depth", 2.0)) + length)


def overlaps(view: Any, keyword: str, poly: list[Point]) -> bool:
    """Whether the convex outline ``poly`` overlaps terrain with ``keyword`` (as the rules' swept area test does: a
    corner clipping a piece counts)."""
    shapes = _discs(view, keyword)
    if not shapes:
        return False
    box = _bbox(poly)
    for piece, pb, mid, radius in shapes:
        if pb[2] < box[0] or pb[0] > box[2] or pb[3] < box[1] or pb[1] > box[3]:
            continue
        gap = point_gap(mid, poly)  # the piece's middle: inside the outline, or further off than the piece reaches
        if gap <= 0.0:
            return True
        if gap <= radius + 1e-9 and _meet(poly, piece):
            return True
    return False


def _discs(view: Any, keyword: str) -> list[tuple[list[Point], tuple[float, float, float, float], Point, float]]:
    """The outlines of ``keyword`` terrain with their bounding boxes, middles and the distance from the middle to
    their furthest corner (cached like :func:`terrain`)."""
    cache = view.state.setdefault("_ai_discs", {})
    if keyword not in cache:
        out = []
        for poly, box in _boxes(view, keyword):
            mid = (sum(q[0] for q in poly) / len(poly), sum(q[1] for q in poly) / len(poly))
            out.append((poly, box, mid, max(dist(mid, q) for q in poly)))
        cache[keyword] = out
    return cache[keyword]


def near(view: Any, keywords: list[str] | tuple[str, ...], box: tuple[float, float, float, float]) -> bool:
    """Whether any terrain piece with one of ``keywords`` has its bounding box within ``box`` (a cheap first
    test before sweeping a move against terrain)."""
    for keyword in keywords:
        for _poly, pb in _boxes(view, keyword):
            if not (pb[2] < box[0] or pb[0] > box[2] or pb[3] < box[1] or pb[1] > box[3]):
                return True
    return False


def around(points: list[Point], pad: float) -> tuple[float, float, float, float]:
    """The bounding box of ``points`` grown by ``pad`` on every side."""
    x0, y0, x1, y1 = _bbox(points)
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def _meet(a: list[Point], b: list[Point]) -> bool:
    """Whether two outlines overlap: a corner of one inside the other, or two edges crossing (a long thin band
    across a wall has neither corner inside the other). Outlines that only touch along an edge do not count."""
    if any(inside(p, b) for p in a) or any(inside(p, a) for p in b):
        return True
    na, nb = len(a), len(b)
    return any(_crosses(a[i], a[(i + 1) % na], b[j], b[(j + 1) % nb]) for i in range(na) for j in range(nb))


def line_through(view: Any, keyword: str, a: Point, b: Point) -> bool:
    """Whether the straight line a -> b passes through terrain with ``keyword`` (an end inside counts)."""
    box = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
    for poly, pb in _boxes(view, keyword):
        if pb[2] < box[0] or pb[0] > box[2] or pb[3] < box[1] or pb[1] > box[3]:
            continue
        n = len(poly)
        if inside(a, poly) or inside(b, poly) or any(_crosses(a, b, poly[i], poly[(i + 1) % n]) for i in range(n)):
            return True
    return False
