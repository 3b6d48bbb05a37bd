"""Manoeuvres of units (oriented rects) and figures (circles), with the region each sweeps.

Every manoeuvre returns a :class:`Move`: the footprint at the end and the
:class:`Swept` region passed over on the way (start, end and everything between),
kept as a few convex parts so path checks against units stay plain math. Arcs
(wheels, rotations) are replaced by polygons drawn just *outside* the true arc, at
most ``max_error`` inches out, so a path check never misses a real collision.

:func:`travel_limit` (and :func:`max_advance` and friends) answer "how far can it
go before it touches something" exactly, by sweeping the mover's leading outline
against the obstacles' edges.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from skirmish.geometry.shapes import (
    Circle,
    Polygon,
    Rect,
    Segment,
    _bounding_circle,
    _shapely,
    _unwrap,
    bounds,
    overlaps,
)
from skirmish.geometry.vec import EPS, Vec

if TYPE_CHECKING:
    from skirmish.geometry.sight import Table

#: What :func:`path_clear` and :func:`travel_limit` report when the table edge is in the way.
TABLE_EDGE = "table edge"
IMPASSABLE = frozenset({"impassable"})
#: How far outside a true arc the swept polygons may lie, in inches.
MAX_ARC_ERROR = 0.005


@attrs.frozen(slots=True)
class Swept:
    """The region a move passes over: the union of ``parts``."""

    parts: tuple[Rect | Circle | Polygon | Segment, ...]

    def overlaps(self, shape: Any) -> bool:
        """True when some part overlaps the interior of ``shape`` (touching is fine)."""
        shape = _unwrap(shape)
        return any(overlaps(part, shape) for part in self.parts)

    @cached_property
    def geom(self) -> Any:  # shapely geometry (attrs needs a runtime-resolvable hint)
        """The swept region as one shapely geometry (circles approximated)."""
        return _shapely().unary_union([part.to_shapely() for part in self.parts])

    @property
    def area(self) -> float:
        return float(self.geom.area)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        boxes = [bounds(p) for p in self.parts]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


class Move(NamedTuple):
    """The footprint after a manoeuvre and the region it swept."""

    end: Rect | Circle
    swept: Swept


# --------------------------------------------------------------------- straight moves


def _slide(rect: Rect, forward: float, right: float) -> Move:
    """Move along one of the rect's own axes (exactly one of forward/right is non-zero)."""
    end = rect.moved(forward, right)
    if forward == 0.0 and right == 0.0:
        return Move(end, Swept((rect,)))
    mid = rect.moved(forward / 2, right / 2).centre
    hull = Rect(mid, rect.width + abs(right), rect.depth + abs(forward), rect.facing)
    return Move(end, Swept((hull,)))


def _check_distance(dist: float, what: str) -> None:
    if not dist >= 0.0:
        raise ValueError(f"{what} distance must be >= 0, got {dist}")


def advance(rect: Rect, dist: float) -> Move:
    """Move straight forwards ``dist`` inches (``dist >= 0``; see :func:`retreat`)."""
    _check_distance(dist, "advance")
    return _slide(rect, dist, 0.0)


def retreat(rect: Rect, dist: float) -> Move:
    """Move straight backwards ``dist`` inches, keeping the facing."""
    _check_distance(dist, "retreat")
    return _slide(rect, -dist, 0.0)


def shuffle(rect: Rect, dist: float) -> Move:
    """Slide sideways: ``dist`` inches to the right (negative: to the left)."""
    return _slide(rect, 0.0, dist)


def move_circle(circle: Circle, to_point: Vec) -> Move:
    """Move a round base in a straight line so its centre ends at ``to_point``; sweeps a capsule."""
    end = Circle(to_point, circle.radius)
    step = to_point - circle.centre
    length = step.length()
    if length == 0.0:
        return Move(end, Swept((circle,)))
    if circle.radius == 0.0:
        return Move(end, Swept((Segment(circle.centre, to_point),)))
    mid = (circle.centre + to_point) / 2
    body = Rect(mid, 2 * circle.radius, length, step.angle())
    return Move(end, Swept((circle, end, body)))


# --------------------------------------------------------------------------- turning


def _sector(centre: Vec, start: Vec, degrees: float, max_error: float) -> Polygon | None:
    """Convex polygon just outside the sector ``start`` sweeps turning ``degrees`` about ``centre``."""
    radius = start.distance_to(centre)
    span = math.radians(abs(degrees))
    if radius <= EPS or span <= 1e-9:
        return None
    max_step = 2.0 * math.acos(radius / (radius + max_error))
    n = max(1, math.ceil(span / max_step))
    step = span / n
    sign = 1.0 if degrees > 0 else -1.0
    cx, cy = centre.x, centre.y
    a0 = math.atan2(start.y - cy, start.x - cx)
    outer = radius / math.cos(step / 2)
    cos, sin = math.cos, math.sin
    pts = [centre, start]
    pts += [Vec(cx + outer * cos(ang), cy + outer * sin(ang))  # the same arithmetic as a plain loop, names local
            for ang in [a0 + sign * (k + 0.5) * step for k in range(n)]]
    end = a0 + sign * span
    pts.append(Vec(cx + radius * cos(end), cy + radius * sin(end)))
    return Polygon(pts)


def wheel_angle(width: float, corner_travel: float) -> float:
    """Degrees a rect of ``width`` turns when its moving front corner travels ``corner_travel`` (chord)."""
    if not 0.0 <= corner_travel <= 2.0 * width + EPS:
        raise ValueError(f"a wheel's corner travel must be between 0 and {2 * width:g} (twice the width)")
    return math.degrees(2.0 * math.asin(min(1.0, corner_travel / (2.0 * width))))


def wheel_chord(width: float, degrees: float) -> float:
    """Straight-line travel of the moving front corner when a rect of ``width`` wheels ``degrees``."""
    return 2.0 * width * math.sin(math.radians(abs(degrees)) / 2.0)


def wheel(
    rect: Rect, corner_travel: float, pivot: str = "left", backwards: bool = False, max_error: float = MAX_ARC_ERROR
) -> Move:
    """Hinge about one front corner (``pivot`` "left" or "right") like a door.

    The other front corner swings forwards (or ``backwards``) and ends exactly
    ``corner_travel`` inches, in a straight line, from where it started.
    """
    if pivot not in ("left", "right"):
        raise ValueError(f"pivot must be 'left' or 'right', got {pivot!r}")
    degrees = wheel_angle(rect.width, corner_travel)
    turn = degrees if (pivot == "left") != backwards else -degrees
    hinge = rect.corner("front-left" if pivot == "left" else "front-right")
    end = rect.rotated(turn, about=hinge)
    far = rect.corner("rear-right" if pivot == "left" else "rear-left")
    sector = _sector(hinge, far, turn, max_error)
    parts: tuple[Rect | Polygon, ...] = (rect, end) if sector is None else (rect, end, sector)
    return Move(end, Swept(parts))


def rotate(rect: Rect, new_facing: float, max_error: float = MAX_ARC_ERROR) -> Move:
    """Turn about the centre to ``new_facing``, the shorter way round."""
    turn = (new_facing - rect.facing + 180.0) % 360.0 - 180.0
    end = rect.with_facing(new_facing)
    parts: list[Rect | Polygon] = [rect, end]
    for corner in rect.corners:
        sector = _sector(rect.centre, corner, turn, max_error)
        if sector is not None:
            parts.append(sector)
    return Move(end, Swept(tuple(parts)))


# ------------------------------------------------------------------------ path checks


def path_clear(
    swept: Swept | Move,
    obstacles: Iterable[Any] = (),
    table: Table | None = None,
    terrain_keywords: Collection[str] = IMPASSABLE,
    ignore: Iterable[Any] = (),
) -> Any | None:
    """What blocks the path, or ``None`` when it is clear.

    Checks ``obstacles`` (shapes or terrain) in the order given, then the table's
    terrain with any of ``terrain_keywords`` (except ``ignore``), then the table edge
    (reported as :data:`TABLE_EDGE`). Touching is allowed; overlapping is not.
    """
    if isinstance(swept, Move):
        swept = swept.swept
    for ob in obstacles:
        if swept.overlaps(ob):
            return ob
    if table is None:
        return None
    for piece in table.candidates(swept.bounds, terrain_keywords, ignore):
        if swept.overlaps(piece.shape):
            return piece
    if any(table.edge_overlap(part) for part in swept.parts):
        return TABLE_EDGE
    return None


# ----------------------------------------------------------------------- travel limits


def _obstacle_edges(shape: Any) -> list[tuple[Vec, Vec]]:
    if isinstance(shape, Rect):
        c = shape.corners
        return [(c[i - 1], c[i]) for i in range(4)]
    if isinstance(shape, Polygon):
        p = shape.points
        return [(p[i - 1], p[i]) for i in range(len(p))]
    if isinstance(shape, Segment):
        return [(shape.a, shape.b)]
    return []


class _Frame(NamedTuple):
    """Travel frame: origin at the mover's centre, ``+y`` along the travel, ``+x`` to its right."""

    cx: float
    cy: float
    ux: float
    uy: float

    def local(self, p: Vec) -> tuple[float, float]:
        dx, dy = p.x - self.cx, p.y - self.cy
        return (dx * self.uy - dy * self.ux, dx * self.ux + dy * self.uy)


def _lead_gap(half: float, radius: float, x: float) -> float:
    """How far ahead of the mover's centre its leading outline is at lane position ``x``."""
    if radius > 0.0:
        return math.sqrt(max(0.0, radius * radius - x * x))
    return half


def _edge_travel(x0: float, y0: float, x1: float, y1: float, lane: float, lead: float, radius: float) -> float:
    """Travel until the mover (a box ``lane`` x ``lead`` half-sizes, or a circle) meets the edge.

    Only the part of the edge inside the mover's lane matters. That part lies wholly
    ahead of the mover, wholly behind it, or crosses it (already overlapping: 0).
    """
    if x0 > x1:
        x0, y0, x1, y1 = x1, y1, x0, y0
    lo, hi = max(x0, -lane + EPS), min(x1, lane - EPS)
    if lo > hi:
        return math.inf
    if x1 - x0 <= 1e-12:  # parallel to the travel
        if max(y0, y1) <= 0.0:
            return math.inf
        return max(0.0, min(y0, y1) - _lead_gap(lead, radius, x0))
    m = (y1 - y0) / (x1 - x0)
    ya, yb = y0 + m * (lo - x0), y0 + m * (hi - x0)
    if max(ya, yb) <= 0.0:
        return math.inf
    if min(ya, yb) < 0.0:
        return 0.0
    xs = [lo, hi]
    if radius > 0.0:  # the circle's leading arc meets a line first where their slopes match
        xs.append(max(lo, min(hi, -m * radius / math.sqrt(1.0 + m * m))))
    return max(0.0, min(y0 + m * (x - x0) - _lead_gap(lead, radius, x) for x in xs))


def _circle_travel(frame: _Frame, ob: Circle, lane: float, lead: float, radius: float) -> float:
    ox, oy = frame.local(ob.centre)
    if oy < 0.0:
        return math.inf
    if radius > 0.0:
        reach = radius + ob.radius
        if abs(ox) >= reach - EPS:
            return math.inf
        return max(0.0, oy - math.sqrt(reach * reach - ox * ox))
    side = abs(ox) - lane
    if side <= 0.0:
        return max(0.0, oy - ob.radius - lead)
    if side >= ob.radius - EPS:
        return math.inf
    return max(0.0, oy - math.sqrt(ob.radius * ob.radius - side * side) - lead)


def _shape_travel(frame: _Frame, shape: Any, lane: float, lead: float, radius: float) -> float:
    if isinstance(shape, Circle):
        return _circle_travel(frame, shape, lane, lead, radius)
    best = math.inf
    for a, b in _obstacle_edges(shape):
        best = min(best, _edge_travel(*frame.local(a), *frame.local(b), lane, lead, radius))
    return best


def _table_travel(mover: Rect | Circle, ux: float, uy: float, table: Table) -> float:
    if isinstance(mover, Circle):
        r = mover.radius
        points = [(mover.centre.x, mover.centre.y)]
        lo_x, lo_y, hi_x, hi_y = r, r, table.width - r, table.depth - r
    else:
        points = list(mover._corner_xy)
        lo_x, lo_y, hi_x, hi_y = 0.0, 0.0, table.width, table.depth
    best = math.inf
    for px, py in points:
        if ux > 1e-12:
            best = min(best, (hi_x + EPS - px) / ux)
        elif ux < -1e-12:
            best = min(best, (lo_x - EPS - px) / ux)
        if uy > 1e-12:
            best = min(best, (hi_y + EPS - py) / uy)
        elif uy < -1e-12:
            best = min(best, (lo_y - EPS - py) / uy)
    return max(0.0, best)


_RECT_DIRECTIONS = ("forward", "back", "right", "left")


def _travel_setup(mover: Rect | Circle, direction: str | Vec) -> tuple[_Frame, float, float, float]:
    """(frame, lane half-width, lead half-length, radius) for a mover and direction."""
    if isinstance(mover, Circle):
        if not isinstance(direction, Vec):
            raise TypeError("a circle's travel direction is a Vec")
        u = direction.normalized()
        return (_Frame(mover.centre.x, mover.centre.y, u.x, u.y), mover.radius, mover.radius, mover.radius)
    if direction not in _RECT_DIRECTIONS:
        raise ValueError(f"a rect travels 'forward', 'back', 'right' or 'left', not {direction!r}")
    u = {"forward": mover.forward, "back": -mover.forward, "right": mover.right, "left": -mover.right}[direction]
    across, along = (mover.width, mover.depth) if direction in ("forward", "back") else (mover.depth, mover.width)
    return (_Frame(mover.centre.x, mover.centre.y, u.x, u.y), across / 2, along / 2, 0.0)


def travel_limit(
    mover: Rect | Circle,
    direction: str | Vec,
    obstacles: Iterable[Any] = (),
    limit: float = math.inf,
    table: Table | None = None,
    terrain_keywords: Collection[str] = IMPASSABLE,
    ignore: Iterable[Any] = (),
) -> tuple[float, Any | None]:
    """How far ``mover`` can travel before it touches something, and what that is.

    A rect travels along its own axes (``direction`` "forward", "back", "right" or
    "left"); a circle along any ``Vec``. Obstacles are shapes or terrain; with a
    ``table``, its terrain with ``terrain_keywords`` (except ``ignore``) and its edges
    count too. Returns ``(limit, None)`` when nothing is reached within ``limit``.
    Obstacles behind the mover never stop it; one it already overlaps ahead stops it at 0.
    """
    frame, lane, lead, radius = _travel_setup(mover, direction)
    best, hit = limit, None
    found: list[Any] = [ob for ob in obstacles if ob is not mover and ob != mover]
    if table is not None:
        reach = limit if math.isfinite(limit) else max(table.width, table.depth) * 2
        x0, y0, x1, y1 = bounds(mover)
        box = (x0 - reach, y0 - reach, x1 + reach, y1 + reach)
        found += table.candidates(box, terrain_keywords, ignore)
    for ob in found:
        shape = _unwrap(ob)
        cx, cy, r = _bounding_circle(shape)
        x, y = frame.local(Vec(cx, cy))
        if abs(x) >= lane + r or y + r <= 0.0 or y - r - lead >= best:
            continue  # beside the lane, behind, or no nearer than what already stops it
        dist = _shape_travel(frame, shape, lane, lead, radius)
        if dist < best:
            best, hit = dist, ob
    if table is not None:
        dist = _table_travel(mover, frame.ux, frame.uy, table)
        if dist < best:
            best, hit = dist, TABLE_EDGE
    return (best, hit)


def max_advance(
    rect: Rect,
    obstacles: Iterable[Any] = (),
    limit: float = math.inf,
    table: Table | None = None,
    terrain_keywords: Collection[str] = IMPASSABLE,
    ignore: Iterable[Any] = (),
) -> float:
    """How far ``rect`` can advance (up to ``limit``) before touching an obstacle (see :func:`travel_limit`)."""
    return travel_limit(rect, "forward", obstacles, limit, table, terrain_keywords, ignore)[0]


def max_retreat(
    rect: Rect,
    obstacles: Iterable[Any] = (),
    limit: float = math.inf,
    table: Table | None = None,
    terrain_keywords: Collection[str] = IMPASSABLE,
    ignore: Iterable[Any] = (),
) -> float:
    """How far ``rect`` can move straight back before touching an obstacle."""
    return travel_limit(rect, "back", obstacles, limit, table, terrain_keywords, ignore)[0]


def max_shuffle(
    rect: Rect,
    obstacles: Iterable[Any] = (),
    limit: float = math.inf,
    table: Table | None = None,
    left: bool = False,
    terrain_keywords: Collection[str] = IMPASSABLE,
    ignore: Iterable[Any] = (),
) -> float:
    """How far ``rect`` can slide right (or ``left``) before touching an obstacle."""
    return travel_limit(rect, "left" if left else "right", obstacles, limit, table, terrain_keywords, ignore)[0]


def max_move(
    circle: Circle,
    to_point: Vec,
    obstacles: Iterable[Any] = (),
    table: Table | None = None,
    terrain_keywords: Collection[str] = IMPASSABLE,
    ignore: Iterable[Any] = (),
) -> float:
    """How far a round base can go towards ``to_point`` (at most all the way) before touching an obstacle."""
    step = to_point - circle.centre
    if step.length() == 0.0:
        return 0.0
    return travel_limit(circle, step, obstacles, step.length(), table, terrain_keywords, ignore)[0]
