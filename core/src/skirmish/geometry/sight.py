"""Terrain, the table, and line of sight.

Line of sight to *any point* of a target is decided by sampling: the target's
closest point to the origin, then the corners and evenly spaced points (at most
``spacing`` inches apart) along the part of its outline that faces the origin (a
line to any other point of the target enters it through that part first). A line
is clear when it passes through the interior of no blocker and no blocking terrain;
grazing an edge or a corner does not block. So sight is found whenever some sampled
point is visible; a sight line that exists only through a gap narrower than
``spacing`` may be missed. The target itself never blocks.

Rules that let some units or terrain be ignored (Large, Elevated, terrain the unit
touches) are the caller's business: pass only the blockers that count, the terrain
to ``ignore``, and which ``blocking_keywords`` block.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from skirmish.geometry.shapes import (
    _EDGE_CORNERS,
    EDGE_NAMES,
    Circle,
    Polygon,
    Rect,
    Segment,
    _bounding_circle,
    _box_dist,
    _clip_box,
    _local,
    _seg_point_dist,
    _shapely,
    _unwrap,
    as_keywords,
    bounds,
    closest_point,
    contains,
    distance,
    overlaps,
    segment_in_convex,
)
from skirmish.geometry.vec import EPS, Vec

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

BLOCKING = frozenset({"blocking"})
#: Above this many pieces, terrain queries go through the STRtree instead of a bounds scan.
_TREE_MIN = 16


@attrs.frozen(slots=True, cache_hash=True)
class Terrain:
    """A terrain piece: a footprint (polygon, rect or circle) with keywords.

    Keywords are lower case. A polygon's own keywords and name are merged in.
    """

    shape: Polygon | Rect | Circle
    keywords: frozenset[str] = attrs.field(default=frozenset(), converter=as_keywords)
    name: str = ""

    def __attrs_post_init__(self) -> None:
        if isinstance(self.shape, Polygon):
            if not self.shape.keywords <= self.keywords:
                object.__setattr__(self, "keywords", self.keywords | self.shape.keywords)
            if not self.name and self.shape.name:
                object.__setattr__(self, "name", self.shape.name)

    def has(self, *keywords: str) -> bool:
        """True when the piece has any of ``keywords`` (case-insensitive)."""
        return any(k.lower() in self.keywords for k in keywords)

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        return self.shape.bounds

    @cached_property
    def geom(self) -> Any:  # shapely geometry (attrs needs a runtime-resolvable hint)
        """Prepared shapely geometry (circles approximated, see ``CIRCLE_QUAD_SEGS``)."""
        if isinstance(self.shape, Polygon):
            return self.shape.geom
        geom = self.shape.to_shapely()
        _shapely().prepare(geom)
        return geom

    def to_shapely(self) -> BaseGeometry:
        return self.geom


def _boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


@attrs.frozen(slots=True)
class Table:
    """The play area, ``width`` x ``depth`` inches from (0, 0), with its terrain.

    Terrain geometries are prepared once. Queries scan the pieces' bounding boxes, or,
    on tables with more than 16 pieces, a shapely ``STRtree`` built once on first use
    (for a handful of pieces the scan is faster).
    """

    width: float
    depth: float
    terrain: tuple[Terrain, ...] = attrs.field(default=(), converter=tuple)

    @cached_property
    def _tree(self) -> Any:
        return _shapely().STRtree([t.geom for t in self.terrain])

    @cached_property
    def _boxes(self) -> tuple[tuple[float, float, float, float, Terrain], ...]:
        """Each piece's bounding box and the piece, for the scan in :meth:`candidates`."""
        return tuple((*t.bounds, t) for t in self.terrain)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        return (0.0, 0.0, float(self.width), float(self.depth))

    @property
    def centre(self) -> Vec:
        return Vec(self.width / 2, self.depth / 2)

    def edge_overlap(self, shape: Any) -> bool:
        """True when ``shape`` crosses a table edge or lies off the table (flush is fine)."""
        x0, y0, x1, y1 = bounds(shape)
        return x0 < -EPS or y0 < -EPS or x1 > self.width + EPS or y1 > self.depth + EPS

    def pieces(self, *keywords: str) -> list[Terrain]:
        """Terrain with any of ``keywords`` (all terrain when none are given)."""
        if not keywords:
            return list(self.terrain)
        return [t for t in self.terrain if t.has(*keywords)]

    def candidates(
        self,
        box: tuple[float, float, float, float],
        keywords: Collection[str] | None = None,
        ignore: Iterable[Any] = (),
    ) -> list[Terrain]:
        """Terrain whose bounding box meets ``box``, with any of ``keywords``, not in ``ignore``."""
        if len(self.terrain) > _TREE_MIN:
            hits = self._tree.query(_shapely().box(*box)).tolist()
            found = [self.terrain[i] for i in sorted(hits)]
        else:  # _boxes_meet written out
            bx0, by0, bx1, by1 = box
            found = [t for x0, y0, x1, y1, t in self._boxes if x0 <= bx1 and bx0 <= x1 and y0 <= by1 and by0 <= y1]
        if not found or (keywords is None and not ignore):
            return found
        skip = set(ignore)
        return [t for t in found if t not in skip and (keywords is None or t.has(*keywords))]

    def terrain_within(self, shape: Any, x: float = 0.0, keywords: Collection[str] | None = None) -> list[Terrain]:
        """Terrain within ``x`` inches of ``shape`` (``x=0``: touching or under it)."""
        x0, y0, x1, y1 = bounds(shape)
        box = (x0 - x - EPS, y0 - x - EPS, x1 + x + EPS, y1 + x + EPS)
        return [t for t in self.candidates(box, keywords) if distance(shape, t.shape) <= x + EPS]

    def terrain_overlapping(self, shape: Any, keywords: Collection[str] | None = None) -> list[Terrain]:
        """Terrain whose interior ``shape`` overlaps."""
        return [t for t in self.candidates(bounds(shape), keywords) if overlaps(shape, t.shape)]

    def terrain_at(self, point: Vec, keywords: Collection[str] | None = None) -> list[Terrain]:
        """Terrain under ``point`` (boundary included)."""
        return [t for t in self.candidates(bounds(point), keywords) if contains(t.shape, point)]


# ----------------------------------------------------------------------- crossing


def _seg_box(a: Vec, b: Vec) -> tuple[float, float, float, float]:
    return (min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y))


def segment_crosses(
    table: Table | None,
    a: Vec,
    b: Vec,
    keywords: Collection[str] | None = None,
    ignore: Iterable[Terrain] = (),
) -> list[Terrain]:
    """Terrain (with any of ``keywords``; all when ``None``) whose interior the line a-b crosses.

    For cover: pass ``ignore`` = the pieces the attacker is touching.
    """
    if table is None:
        return []
    seg = Segment(a, b)
    return [t for t in table.candidates(_seg_box(a, b), keywords, ignore) if overlaps(seg, t.shape)]


def crossed_shapes(a: Vec, b: Vec, shapes: Iterable[Any]) -> list[Any]:
    """The shapes (e.g. units) whose interior the line a-b passes through."""
    seg = Segment(a, b)
    return [s for s in shapes if overlaps(seg, _unwrap(s))]


# ----------------------------------------------------------------------- sampling


def _spaced(a: Vec, b: Vec, spacing: float) -> list[Vec]:
    n = max(1, math.ceil(a.distance_to(b) / spacing))
    return [Vec(a.x + (b.x - a.x) * i / n, a.y + (b.y - a.y) * i / n) for i in range(n + 1)]


def _rect_samples(rect: Rect, origin: Vec, spacing: float) -> list[Vec]:
    normals = {"front": rect.forward, "right": rect.right}
    normals["rear"], normals["left"] = -normals["front"], -normals["right"]
    corners = rect.corners
    ends: list[Vec] = []
    inner: list[Vec] = []
    for name in EDGE_NAMES:
        i, j = _EDGE_CORNERS[name]
        if (origin - rect.edge_centre(name)).dot(normals[name]) > 0.0:
            pts = _spaced(corners[i], corners[j], spacing)
            ends += (pts[0], pts[-1])
            inner += pts[1:-1]
    return ends + inner


def _circle_samples(circle: Circle, origin: Vec, spacing: float) -> list[Vec]:
    c, r = circle.centre, circle.radius
    dist = origin.distance_to(c)
    if r == 0.0 or dist <= r:
        return [c]
    towards = math.atan2(origin.y - c.y, origin.x - c.x)
    half = math.acos(r / dist)
    n = max(2, math.ceil(2 * half * r / spacing))
    angles = [towards - half + 2 * half * i / n for i in range(n + 1)]
    pts = [Vec(c.x + r * math.cos(t), c.y + r * math.sin(t)) for t in angles]
    return [pts[0], pts[-1], *pts[1:-1]]


def _polygon_samples(poly: Polygon, origin: Vec, spacing: float) -> list[Vec]:
    pts = poly.points
    ccw = sum(pts[i - 1].cross(pts[i]) for i in range(len(pts))) > 0
    ends: list[Vec] = []
    inner: list[Vec] = []
    for i in range(len(pts)):
        a, b = pts[i - 1], pts[i]
        edge = b - a
        outward = Vec(edge.y, -edge.x) if ccw else Vec(-edge.y, edge.x)
        if (origin - a).dot(outward) > 0.0:
            spaced = _spaced(a, b, spacing)
            ends += (spaced[0], spaced[-1])
            inner += spaced[1:-1]
    return ends + inner


def sample_points(target: Any, origin: Vec, spacing: float = 0.25) -> list[Vec]:
    """Points of ``target`` to draw sight lines to: the closest first, then the outline facing ``origin``."""
    target = _unwrap(target)
    first = closest_point(target, origin)
    if isinstance(target, Rect):
        rest = _rect_samples(target, origin, spacing)
    elif isinstance(target, Circle):
        rest = _circle_samples(target, origin, spacing)
    elif isinstance(target, Polygon):
        rest = _polygon_samples(target, origin, spacing)
    elif isinstance(target, Segment):
        rest = _spaced(target.a, target.b, spacing)
    else:
        rest = []
    seen = {(first.x, first.y)}
    out = [first]
    for p in rest:
        key = (p.x, p.y)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


# ------------------------------------------------------------------ line of sight

_TAU = 2 * math.pi
_ANGLE_SLACK = 1e-9


class _Blocker(NamedTuple):
    """A shape that may block, with a cheap outline of where it is as seen from the origin."""

    shape: Any
    near: float  # at least this far from the origin
    lo: float  # the angles (radians, relative to a reference direction, maybe beyond +-pi) it may cover
    hi: float

    def covers(self, theta: float) -> bool:
        lo, hi = self.lo, self.hi
        return lo <= theta <= hi or lo <= theta + _TAU <= hi or lo <= theta - _TAU <= hi

    def meets(self, lo: float, hi: float) -> bool:
        return any(self.lo <= hi + k and self.hi >= lo + k for k in (-_TAU, 0.0, _TAU))


def _rel_angle(rx: float, ry: float, vx: float, vy: float) -> float:
    """Angle of (vx, vy) counter-clockwise from the direction (rx, ry), in (-pi, pi]."""
    return math.atan2(rx * vy - ry * vx, rx * vx + ry * vy)


def _span(shape: Any, near: float, lo: float, hi: float) -> _Blocker:
    return _Blocker(shape, near, lo - _ANGLE_SLACK, hi + _ANGLE_SLACK)


def _outline(shape: Any, ox: float, oy: float, rx: float, ry: float) -> _Blocker:
    """Where ``shape`` may be, seen from (ox, oy): a lower bound on its distance and the angles it may cover."""
    anywhere = _Blocker(shape, 0.0, -math.inf, math.inf)
    cx, cy, r = _bounding_circle(shape)
    cx, cy = cx - ox, cy - oy
    dist = math.hypot(cx, cy)
    if dist > r + EPS:  # outside the bounding circle: that circle is a cheap, safe outline
        mid, half = _rel_angle(rx, ry, cx, cy), math.asin(r / dist)
        return _span(shape, dist - r, mid - half, mid + half)
    if dist <= EPS:
        return anywhere
    mid = _rel_angle(rx, ry, cx, cy)
    if isinstance(shape, Circle):  # origin on or in the circle: lines heading away from it are clear
        return anywhere if dist < r - EPS else _span(shape, 0.0, mid - math.pi / 2, mid + math.pi / 2)
    if isinstance(shape, Rect):  # e.g. the acting unit, seen from its own front edge
        f = shape._frame
        u, v = _local(f, ox, oy)
        if abs(u) < f[4] - EPS and abs(v) < f[5] - EPS:
            return anywhere
        rel = [_rel_angle(cx, cy, x - ox, y - oy) for x, y in shape._corner_xy]
        return _span(shape, _box_dist(f[4], f[5], u, v), mid + min(rel), mid + max(rel))
    return anywhere


def _blocks(shape: Any, ox: float, oy: float, px: float, py: float, line: list[Any]) -> bool:
    """True when the segment (ox, oy)-(px, py) passes through the interior of ``shape``."""
    if isinstance(shape, Rect):
        cx, cy, fx, fy, hw, hd = shape._frame
        if hw <= EPS or hd <= EPS:
            return False
        ax, ay, bx, by = ox - cx, oy - cy, px - cx, py - cy
        u0, v0, u1, v1 = ax * fy - ay * fx, ax * fx + ay * fy, bx * fy - by * fx, bx * fx + by * fy
        return _clip_box(hw - EPS, hd - EPS, u0, v0, u1, v1) is not None
    if isinstance(shape, Circle):
        return _seg_point_dist(ox, oy, px, py, shape.centre.x, shape.centre.y) < shape.radius - EPS
    if isinstance(shape, Polygon):
        if shape.convex and (ox != px or oy != py):
            return segment_in_convex(shape._xy, ox, oy, px, py)
        if not line:
            line.append(_shapely().linestrings([(ox, oy), (px, py)]))
        return bool(shape._inner.intersects(line[0]))
    return overlaps(Segment(Vec(ox, oy), Vec(px, py)), shape)


def _blocker_of(origin: Vec, point: Vec, blockers: Sequence[_Blocker], ref: tuple[float, float]) -> _Blocker | None:
    """The first blocker cutting the line origin-point (skipping those out of its direction or reach)."""
    ox, oy, px, py = origin.x, origin.y, point.x, point.y
    dist = math.hypot(px - ox, py - oy)
    theta = _rel_angle(ref[0], ref[1], px - ox, py - oy)
    line: list[Any] = []
    for b in blockers:
        if b.near < dist and b.covers(theta) and _blocks(b.shape, ox, oy, px, py, line):
            return b
    return None


def sight_line(
    table: Table | None,
    origin: Vec,
    target: Any,
    blockers: Iterable[Any] = (),
    ignore: Iterable[Terrain] = (),
    blocking_keywords: Collection[str] = BLOCKING,
    spacing: float = 0.25,
) -> Segment | None:
    """A clear straight line from ``origin`` to some point of ``target``, or ``None``.

    ``blockers`` are shapes (units) whose interior blocks; terrain with any of
    ``blocking_keywords`` blocks unless it is in ``ignore``. See the module docstring
    for how points of the target are sampled.
    """
    target = _unwrap(target)
    if contains(target, origin):
        return Segment(origin, origin)
    shapes = [s for s in map(_unwrap, blockers) if s is not target and s != target]
    if table is not None:
        tx0, ty0, tx1, ty1 = bounds(target)
        box = (min(tx0, origin.x), min(ty0, origin.y), max(tx1, origin.x), max(ty1, origin.y))
        shapes += [t.shape for t in table.candidates(box, blocking_keywords, ignore)]
    first = closest_point(target, origin)
    ref = (first.x - origin.x, first.y - origin.y)
    outlines = [_outline(s, origin.x, origin.y, *ref) for s in shapes]
    if _blocker_of(origin, first, outlines, ref) is None:
        return Segment(origin, first)
    # The nearest point is hidden: try the rest of the outline facing the origin.
    points = sample_points(target, origin, spacing)[1:]
    if not points:
        return None
    angles = [_rel_angle(ref[0], ref[1], p.x - origin.x, p.y - origin.y) for p in points]
    reach = max(origin.distance_to(p) for p in points)
    lo, hi = min(angles), max(angles)
    outlines = [b for b in outlines if b.near < reach and b.meets(lo, hi)]
    for point in points:
        hit = _blocker_of(origin, point, outlines, ref)
        if hit is None:
            return Segment(origin, point)
        if hit is not outlines[0]:  # neighbouring lines are usually cut by the same shape
            outlines.remove(hit)
            outlines.insert(0, hit)
    return None


def line_of_sight(
    table: Table | None,
    origin: Vec,
    target: Any,
    blockers: Iterable[Any] = (),
    ignore: Iterable[Terrain] = (),
    blocking_keywords: Collection[str] = BLOCKING,
    spacing: float = 0.25,
) -> bool:
    """True when some straight line from ``origin`` reaches a point of ``target`` unblocked (see :func:`sight_line`)."""
    return sight_line(table, origin, target, blockers, ignore, blocking_keywords, spacing) is not None
