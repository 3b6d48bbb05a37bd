"""Footprints on the table and the questions rules ask about them.

All lengths are inches. :class:`Rect` (units on rectangular bases or trays) and
:class:`Circle` (round bases, markers) move constantly, so every query between them
is plain math. :class:`Polygon` (terrain) is backed by a prepared shapely geometry,
built once per polygon; shapely is imported only when a polygon needs it.

Conventions: angles are degrees counter-clockwise from ``+x``; a rect's *front* edge
is the edge its ``facing`` points out of, and its local frame has ``+y`` forwards
and ``+x`` to its right. "Touching" allows a gap of ``tol`` (+ ``EPS``); "overlap"
means the interiors overlap by more than ``EPS``, so shapes in base contact never
overlap.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

import attrs

from skirmish.geometry.vec import EPS, Vec, as_vec

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

EDGE_NAMES = ("front", "right", "rear", "left")
CORNER_NAMES = ("front-left", "front-right", "rear-right", "rear-left")
#: Segments per quarter circle when a circle has to become a shapely polygon.
CIRCLE_QUAD_SEGS = 32
# Each edge runs clockwise between two corners (indices into ``Rect.corners``).
_EDGE_CORNERS = {"front": (0, 1), "right": (1, 2), "rear": (2, 3), "left": (3, 0)}


def _shapely() -> Any:
    import shapely  # lazy: importing shapely costs ~75 ms

    return shapely


def _norm_deg(value: float) -> float:
    deg = float(value) % 360.0
    return 0.0 if deg == 360.0 else deg


def as_keywords(value: Iterable[str] | str) -> frozenset[str]:
    """Keywords as a lower-case frozenset (a single string is one keyword)."""
    if isinstance(value, str):
        value = (value,)
    return frozenset(str(k).strip().lower() for k in value)


def _as_points(value: Iterable[Any]) -> tuple[Vec, ...]:
    return tuple(as_vec(p) for p in value)


# --------------------------------------------------------------------------- shapes


@attrs.frozen(slots=True)
class Segment:
    """A straight line from ``a`` to ``b``."""

    a: Vec = attrs.field(converter=as_vec)
    b: Vec = attrs.field(converter=as_vec)

    @property
    def length(self) -> float:
        return self.a.distance_to(self.b)

    @property
    def midpoint(self) -> Vec:
        return Vec((self.a.x + self.b.x) / 2, (self.a.y + self.b.y) / 2)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        a, b = self.a, self.b
        return (min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y))

    def point_at(self, t: float) -> Vec:
        """The point a fraction ``t`` of the way from ``a`` to ``b``."""
        return Vec(self.a.x + (self.b.x - self.a.x) * t, self.a.y + (self.b.y - self.a.y) * t)

    def to_shapely(self) -> BaseGeometry:
        return _shapely().linestrings([self.a.as_tuple(), self.b.as_tuple()])


@attrs.frozen(slots=True, init=False)
class Circle:
    """A round base or marker."""

    centre: Vec = attrs.field(converter=as_vec)
    radius: float

    def __init__(self, centre: Vec | tuple[float, float], radius: float) -> None:
        # attrs' generated __init__ (converter, then the check) with the slots set through their descriptors
        centre = centre if type(centre) is Vec else as_vec(centre)
        if not radius >= 0:
            raise ValueError(f"a Circle needs a radius >= 0, got {radius}")
        _circle_centre(self, centre)
        _circle_radius(self, radius)

    @property
    def area(self) -> float:
        return math.pi * self.radius * self.radius

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        c, r = self.centre, self.radius
        return (c.x - r, c.y - r, c.x + r, c.y + r)

    def translated(self, offset: Vec) -> Circle:
        return Circle(self.centre + offset, self.radius)

    def moved_to(self, point: Vec) -> Circle:
        return Circle(point, self.radius)

    def to_shapely(self, quad_segs: int = CIRCLE_QUAD_SEGS) -> BaseGeometry:
        """A polygon approximating the circle (vertices on the circle)."""
        return _shapely().Point(self.centre.x, self.centre.y).buffer(self.radius, quad_segs=quad_segs)


_circle_centre, _circle_radius = Circle.__dict__["centre"].__set__, Circle.__dict__["radius"].__set__


@attrs.frozen(slots=True)
class Rect:
    """An oriented rectangle: ``width`` along the front edge, ``depth`` front to back."""

    centre: Vec = attrs.field(converter=as_vec)
    width: float
    depth: float
    facing: float = attrs.field(default=0.0, converter=_norm_deg)

    def __attrs_post_init__(self) -> None:
        if not (self.width > 0 and self.depth > 0):
            raise ValueError(f"a Rect needs a positive width and depth, got {self.width} x {self.depth}")

    @cached_property
    def _frame(self) -> tuple[float, float, float, float, float, float]:
        """(centre x, centre y, forward x, forward y, half width, half depth)."""
        rad = math.radians(self.facing)
        return (self.centre.x, self.centre.y, math.cos(rad), math.sin(rad), self.width / 2, self.depth / 2)

    @cached_property
    def _corner_xy(self) -> tuple[tuple[float, float], ...]:
        cx, cy, fx, fy, hw, hd = self._frame
        ax, ay, bx, by = fx * hd, fy * hd, fy * hw, -fx * hw
        return ((cx + ax - bx, cy + ay - by), (cx + ax + bx, cy + ay + by),
                (cx - ax + bx, cy - ay + by), (cx - ax - bx, cy - ay - by))  # fmt: skip

    @property
    def forward(self) -> Vec:
        """Unit vector the front edge faces."""
        return Vec(self._frame[2], self._frame[3])

    @property
    def right(self) -> Vec:
        """Unit vector to the rect's right."""
        return Vec(self._frame[3], -self._frame[2])

    @property
    def corners(self) -> tuple[Vec, Vec, Vec, Vec]:
        """Front-left, front-right, rear-right, rear-left (clockwise)."""
        a, b, c, d = (Vec(x, y) for x, y in self._corner_xy)
        return (a, b, c, d)

    def corner(self, name: str) -> Vec:
        """One corner by name: ``front-left``, ``front-right``, ``rear-right`` or ``rear-left``."""
        x, y = self._corner_xy[CORNER_NAMES.index(name)]
        return Vec(x, y)

    def edge(self, name: str) -> Segment:
        """One edge by name (``front``, ``right``, ``rear``, ``left``), running clockwise."""
        i, j = _EDGE_CORNERS[name]
        return Segment(Vec(*self._corner_xy[i]), Vec(*self._corner_xy[j]))

    @property
    def edges(self) -> dict[str, Segment]:
        return {name: self.edge(name) for name in EDGE_NAMES}

    def edge_centre(self, name: str) -> Vec:
        i, j = _EDGE_CORNERS[name]
        (ax, ay), (bx, by) = self._corner_xy[i], self._corner_xy[j]
        return Vec((ax + bx) / 2, (ay + by) / 2)

    @property
    def front_centre(self) -> Vec:
        cx, cy, fx, fy, _, hd = self._frame
        return Vec(cx + fx * hd, cy + fy * hd)

    @property
    def area(self) -> float:
        return self.width * self.depth

    @property
    def radius(self) -> float:
        """Half the diagonal: the radius of the smallest circle around the rect."""
        return math.hypot(self.width, self.depth) / 2

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y), worked out once per rect (rects are frozen)."""
        xs = [p[0] for p in self._corner_xy]
        ys = [p[1] for p in self._corner_xy]
        return (min(xs), min(ys), max(xs), max(ys))

    def to_local(self, point: Vec) -> Vec:
        """``point`` in the rect's frame: ``x`` to its right, ``y`` forwards, origin at the centre."""
        return Vec(*_local(self._frame, point.x, point.y))

    def to_world(self, local: Vec) -> Vec:
        cx, cy, fx, fy, _, _ = self._frame
        return Vec(cx + local.x * fy + local.y * fx, cy - local.x * fx + local.y * fy)

    def translated(self, offset: Vec) -> Rect:
        return Rect(self.centre + offset, self.width, self.depth, self.facing)

    def moved(self, forward: float = 0.0, right: float = 0.0) -> Rect:
        """A copy moved ``forward`` inches forwards and ``right`` inches to the right (negative: back/left)."""
        cx, cy, fx, fy, _, _ = self._frame
        centre = Vec(cx + forward * fx + right * fy, cy + forward * fy - right * fx)
        return Rect(centre, self.width, self.depth, self.facing)

    def rotated(self, degrees: float, about: Vec | None = None) -> Rect:
        """A copy turned ``degrees`` counter-clockwise about its centre (or ``about``)."""
        centre = self.centre if about is None else self.centre.rotated(degrees, about)
        return Rect(centre, self.width, self.depth, self.facing + degrees)

    def with_facing(self, facing: float) -> Rect:
        return Rect(self.centre, self.width, self.depth, facing)

    def to_shapely(self) -> BaseGeometry:
        return _shapely().polygons(self._corner_xy)


@attrs.frozen(slots=True, cache_hash=True)
class Polygon:
    """A simple polygon (terrain, zones), with keywords and an optional name."""

    points: tuple[Vec, ...] = attrs.field(converter=_as_points)
    keywords: frozenset[str] = attrs.field(default=frozenset(), converter=as_keywords)
    name: str = ""

    def __attrs_post_init__(self) -> None:
        if len(self.points) < 3:
            raise ValueError(f"a Polygon needs at least 3 points, got {len(self.points)}")

    @classmethod
    def from_shape(cls, shape: Rect | Circle, keywords: Iterable[str] = (), name: str = "") -> Polygon:
        """A polygon with the outline of a rect or (approximately) a circle."""
        if isinstance(shape, Rect):
            return cls(shape.corners, keywords, name)
        coords = list(shape.to_shapely().exterior.coords)[:-1]
        return cls(coords, keywords, name)

    @cached_property
    def geom(self) -> Any:  # shapely geometry (attrs needs a runtime-resolvable hint)
        """The prepared shapely polygon (built once)."""
        shp = _shapely()
        geom = shp.make_valid(shp.polygons([p.as_tuple() for p in self.points]))
        shp.prepare(geom)
        return geom

    @cached_property
    def _inner(self) -> Any:  # shapely geometry (attrs needs a runtime-resolvable hint)
        """The polygon shrunk by ``EPS``: anything meeting it overlaps the interior."""
        shp = _shapely()
        geom = self.geom.buffer(-EPS, join_style="mitre")
        shp.prepare(geom)
        return geom

    @property
    def area(self) -> float:
        return float(self.geom.area)

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        xs = [p.x for p in self.points]
        ys = [p.y for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))

    @cached_property
    def _xy(self) -> tuple[tuple[float, float], ...]:
        return tuple((p.x, p.y) for p in self.points)

    @cached_property
    def convex(self) -> bool:
        """True for a convex polygon (either winding; collinear points allowed)."""
        pts = self._xy
        n = len(pts)
        signs = set()
        for i in range(n):
            (ax, ay), (bx, by), (cx, cy) = pts[i - 2], pts[i - 1], pts[i]
            turn = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
            if abs(turn) > 1e-12:
                signs.add(turn > 0)
        return len(signs) == 1

    @property
    def centroid(self) -> Vec:
        c = self.geom.centroid
        return Vec(c.x, c.y)

    @property
    def edges(self) -> list[Segment]:
        pts = self.points
        return [Segment(pts[i - 1], pts[i]) for i in range(len(pts))]

    def has(self, *keywords: str) -> bool:
        """True when the polygon has any of ``keywords`` (case-insensitive)."""
        return any(k.lower() in self.keywords for k in keywords)

    def translated(self, offset: Vec) -> Polygon:
        return Polygon(tuple(p + offset for p in self.points), self.keywords, self.name)

    def rotated(self, degrees: float, about: Vec | None = None) -> Polygon:
        about = self.centroid if about is None else about
        return Polygon(tuple(p.rotated(degrees, about) for p in self.points), self.keywords, self.name)

    def to_shapely(self) -> BaseGeometry:
        return self.geom


#: Anything the distance and overlap functions accept.
Shape = Rect | Circle | Polygon | Segment | Vec
_SHAPE_TYPES = frozenset({Rect, Circle, Polygon, Segment, Vec})


@attrs.frozen(slots=True)
class Contact:
    """Which edges and corners of a rect another shape touches."""

    edges: frozenset[str] = frozenset()
    corners: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.edges or self.corners)


# ------------------------------------------------------------------ float primitives


def _local(frame: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    """World point to a rect frame: (across, along)."""
    cx, cy, fx, fy, _, _ = frame
    dx, dy = x - cx, y - cy
    return (dx * fy - dy * fx, dx * fx + dy * fy)


def _box_dist(hw: float, hd: float, u: float, v: float) -> float:
    """Distance from local point (u, v) to the box |u| <= hw, |v| <= hd (0 inside)."""
    dx = abs(u) - hw
    dy = abs(v) - hd
    if dx > 0.0:
        return math.hypot(dx, dy) if dy > 0.0 else dx
    return dy if dy > 0.0 else 0.0


def _seg_point_dist(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> float:
    dx, dy = bx - ax, by - ay
    den = dx * dx + dy * dy
    t = 0.0 if den == 0.0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / den))
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def _clip_box(hw: float, hd: float, u0: float, v0: float, u1: float, v1: float) -> tuple[float, float] | None:
    """Liang-Barsky: the parameter range of segment (u0,v0)->(u1,v1) inside the closed box."""
    t0, t1 = 0.0, 1.0
    du, dv = u1 - u0, v1 - v0
    for p, q in ((-du, u0 + hw), (du, hw - u0), (-dv, v0 + hd), (dv, hd - v0)):
        if p == 0.0:
            if q < 0.0:
                return None
            continue
        r = q / p
        if p < 0.0:
            if r > t1:
                return None
            t0 = max(t0, r)
        else:
            if r < t0:
                return None
            t1 = min(t1, r)
    return (t0, t1)


def segment_meets_box(hw: float, hd: float, u0: float, v0: float, u1: float, v1: float) -> bool:
    """The segment (u0, v0)-(u1, v1) meets the closed box of half sizes ``hw``, ``hd`` about the origin."""
    return _clip_box(hw, hd, u0, v0, u1, v1) is not None


def _circle_interval(
    x0: float, y0: float, dx: float, dy: float, cx: float, cy: float, r: float
) -> tuple[float, float] | None:
    """Parameter range in [0, 1] of p0 + t*d inside the closed disc (c, r)."""
    fx, fy = x0 - cx, y0 - cy
    a = dx * dx + dy * dy
    c = fx * fx + fy * fy - r * r
    if a == 0.0:
        return (0.0, 1.0) if c <= 0.0 else None
    b = fx * dx + fy * dy
    disc = b * b - a * c
    if disc < 0.0:
        return None
    root = math.sqrt(disc)
    t0, t1 = max(0.0, (-b - root) / a), min(1.0, (-b + root) / a)
    return (t0, t1) if t0 <= t1 else None


def _seg_seg_dist(a: Segment, b: Segment) -> float:
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = a.a, a.b, b.a, b.b
    d1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    d2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
    d3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
    d4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return 0.0
    return min(
        _seg_point_dist(ax, ay, bx, by, cx, cy),
        _seg_point_dist(ax, ay, bx, by, dx, dy),
        _seg_point_dist(cx, cy, dx, dy, ax, ay),
        _seg_point_dist(cx, cy, dx, dy, bx, by),
    )


def _rect_penetration(a: Rect, b: Rect, stop: float = -math.inf) -> float:
    """Separating-axis overlap depth: > 0 overlap, 0 touching, < 0 apart (returns early once below ``stop``)."""
    acx, acy, afx, afy, ahw, ahd = a._frame
    bcx, bcy, bfx, bfy, bhw, bhd = b._frame
    dx, dy = bcx - acx, bcy - acy
    best = math.inf
    for nx, ny in ((afx, afy), (afy, -afx), (bfx, bfy), (bfy, -bfx)):
        ra = ahw * abs(afy * nx - afx * ny) + ahd * abs(afx * nx + afy * ny)
        rb = bhw * abs(bfy * nx - bfx * ny) + bhd * abs(bfx * nx + bfy * ny)
        pen = ra + rb - abs(dx * nx + dy * ny)
        if pen < best:
            best = pen
            if best < stop:
                break
    return best


def _min_box_dist2(frame: tuple[float, ...], pts: Iterable[tuple[float, float]]) -> float:
    """Smallest squared distance from ``pts`` to the box of a rect frame."""
    cx, cy, fx, fy, hw, hd = frame
    best = math.inf
    for x, y in pts:
        dx, dy = x - cx, y - cy
        u = abs(dx * fy - dy * fx) - hw
        v = abs(dx * fx + dy * fy) - hd
        d2 = (u * u if u > 0.0 else 0.0) + (v * v if v > 0.0 else 0.0)
        if d2 < best:
            best = d2
    return best


# -------------------------------------------------------------------- pair distances


def _d_point_point(a: Vec, b: Vec) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def _d_point_rect(p: Vec, r: Rect) -> float:
    f = r._frame
    return _box_dist(f[4], f[5], *_local(f, p.x, p.y))


def _d_point_circle(p: Vec, c: Circle) -> float:
    return max(0.0, math.hypot(p.x - c.centre.x, p.y - c.centre.y) - c.radius)


def _d_point_segment(p: Vec, s: Segment) -> float:
    return _seg_point_dist(s.a.x, s.a.y, s.b.x, s.b.y, p.x, p.y)


def _d_rect_rect(a: Rect, b: Rect) -> float:
    if _rect_penetration(a, b, 0.0) >= 0.0:
        return 0.0
    # Apart: the gap between two convex polygons is from a corner of one to the other.
    return math.sqrt(min(_min_box_dist2(b._frame, a._corner_xy), _min_box_dist2(a._frame, b._corner_xy)))


def _d_rect_circle(r: Rect, c: Circle) -> float:
    return max(0.0, _d_point_rect(c.centre, r) - c.radius)


def _d_rect_segment(r: Rect, s: Segment) -> float:
    f = r._frame
    u0, v0 = _local(f, s.a.x, s.a.y)
    u1, v1 = _local(f, s.b.x, s.b.y)
    if _clip_box(f[4], f[5], u0, v0, u1, v1) is not None:
        return 0.0
    best = min(_box_dist(f[4], f[5], u0, v0), _box_dist(f[4], f[5], u1, v1))
    return min(best, min(_seg_point_dist(s.a.x, s.a.y, s.b.x, s.b.y, x, y) for x, y in r._corner_xy))


def _d_circle_circle(a: Circle, b: Circle) -> float:
    return max(0.0, math.hypot(a.centre.x - b.centre.x, a.centre.y - b.centre.y) - a.radius - b.radius)


def _d_circle_segment(c: Circle, s: Segment) -> float:
    return max(0.0, _d_point_segment(c.centre, s) - c.radius)


def _d_circle_polygon(c: Circle, p: Polygon) -> float:
    return max(0.0, _d_point_polygon(c.centre, p) - c.radius)


def _d_point_polygon(pt: Vec, p: Polygon) -> float:
    return float(p.geom.distance(_shapely().Point(pt.x, pt.y)))


def _d_rect_polygon(r: Rect, p: Polygon) -> float:
    """Closed form against a convex polygon (0 when they meet, else the nearest corner-to-edge gap)."""
    if not p.convex:
        return _d_shapely(r, p)
    return convex_gap(r._corner_xy, p._xy)


def convex_gap(pa: Sequence[tuple[float, float]], pb: Sequence[tuple[float, float]]) -> float:
    """The distance between two convex polygons: 0 when they meet (no separating axis), else the least
    distance from a corner of one to an edge of the other."""
    separated = False
    for pts in (pa, pb):
        x0, y0 = pts[-1]
        for x1, y1 in pts:
            nx, ny = y1 - y0, x0 - x1
            x0, y0 = x1, y1
            if nx == 0.0 and ny == 0.0:
                continue
            lo_a = min(nx * x + ny * y for x, y in pa)
            hi_a = max(nx * x + ny * y for x, y in pa)
            lo_b = min(nx * x + ny * y for x, y in pb)
            hi_b = max(nx * x + ny * y for x, y in pb)
            if hi_a < lo_b or hi_b < lo_a:
                separated = True
                break
        if separated:
            break
    if not separated:
        return 0.0
    best = math.inf
    for pts, other in ((pa, pb), (pb, pa)):
        x0, y0 = other[-1]
        for x1, y1 in other:
            for cx, cy in pts:
                d = _seg_point_dist(x0, y0, x1, y1, cx, cy)
                if d < best:
                    best = d
            x0, y0 = x1, y1
    return best


def _d_shapely(a: Any, b: Any) -> float:
    return float(to_shapely(a).distance(to_shapely(b)))


_DIST: dict[tuple[type, type], Any] = {
    (Vec, Vec): _d_point_point,
    (Vec, Rect): _d_point_rect,
    (Vec, Circle): _d_point_circle,
    (Vec, Segment): _d_point_segment,
    (Vec, Polygon): _d_point_polygon,
    (Rect, Rect): _d_rect_rect,
    (Rect, Circle): _d_rect_circle,
    (Rect, Segment): _d_rect_segment,
    (Rect, Polygon): _d_rect_polygon,
    (Circle, Circle): _d_circle_circle,
    (Circle, Segment): _d_circle_segment,
    (Circle, Polygon): _d_circle_polygon,
    (Segment, Segment): _seg_seg_dist,
}


def _unwrap(shape: Any) -> Any:
    """Terrain pieces and other wrappers expose their footprint as ``.shape``."""
    if type(shape) in _SHAPE_TYPES:
        return shape
    inner = getattr(shape, "shape", None)
    return shape if inner is None else inner


def distance(a: Any, b: Any) -> float:
    """Closest-point distance between two shapes in inches; 0 when they touch or overlap."""
    fn = _DIST.get((type(a), type(b)))
    if fn is not None:
        return float(fn(a, b))
    fn = _DIST.get((type(b), type(a)))
    if fn is not None:
        return float(fn(b, a))
    ua, ub = _unwrap(a), _unwrap(b)
    if ua is not a or ub is not b:
        return distance(ua, ub)
    return _d_shapely(a, b)


def front_distance(rect: Rect, shape: Any) -> float:
    """Distance from the centre of ``rect``'s front edge to the closest point of ``shape``."""
    return distance(rect.front_centre, shape)


def within(a: Any, b: Any, x: float) -> bool:
    """True when the closest points of ``a`` and ``b`` are at most ``x`` inches apart."""
    return distance(a, b) <= x + EPS


def contains(shape: Any, point: Vec) -> bool:
    """True when ``point`` lies in ``shape`` or on its boundary (within ``EPS``)."""
    return distance(point, shape) <= EPS


# ---------------------------------------------------------------------------- overlap


def _o_rect_rect(a: Rect, b: Rect) -> bool:
    return _rect_penetration(a, b, EPS) > EPS


def _o_rect_circle(r: Rect, c: Circle) -> bool:
    return _d_point_rect(c.centre, r) < c.radius - EPS


def _o_circle_circle(a: Circle, b: Circle) -> bool:
    return math.hypot(a.centre.x - b.centre.x, a.centre.y - b.centre.y) < a.radius + b.radius - EPS


def _o_segment_rect(s: Segment, r: Rect) -> bool:
    """The segment passes through the rect's interior (deeper than ``EPS``)."""
    f = r._frame
    hw, hd = f[4] - EPS, f[5] - EPS
    if hw <= 0.0 or hd <= 0.0:
        return False
    u0, v0 = _local(f, s.a.x, s.a.y)
    u1, v1 = _local(f, s.b.x, s.b.y)
    return _clip_box(hw, hd, u0, v0, u1, v1) is not None


def _o_segment_circle(s: Segment, c: Circle) -> bool:
    return _d_point_segment(c.centre, s) < c.radius - EPS


def _o_circle_polygon(c: Circle, p: Polygon) -> bool:
    if _boxes_apart(c.bounds, p.bounds):
        return False
    return _d_point_polygon(c.centre, p) < c.radius - EPS


def _convex_penetration(pa: Sequence[tuple[float, float]], pb: Sequence[tuple[float, float]]) -> float:
    """Separating-axis overlap depth of two convex polygons (stops early once <= ``EPS``)."""
    best = math.inf
    hypot = math.hypot
    for pts in (pa, pb):
        x0, y0 = pts[-1]
        for x1, y1 in pts:  # each edge (pts[i - 1], pts[i]) in order
            nx, ny = y1 - y0, x0 - x1
            x0, y0 = x1, y1
            norm = hypot(nx, ny)
            if norm == 0.0:
                continue
            nx, ny = nx / norm, ny / norm
            lo_a = hi_a = None
            for x, y in pa:  # min and max of the projections, as min(...) and max(...) of their list would give
                p = x * nx + y * ny
                if lo_a is None:
                    lo_a = hi_a = p
                elif p < lo_a:
                    lo_a = p
                elif p > hi_a:
                    hi_a = p
            lo_b = hi_b = None
            for x, y in pb:
                p = x * nx + y * ny
                if lo_b is None:
                    lo_b = hi_b = p
                elif p < lo_b:
                    lo_b = p
                elif p > hi_b:
                    hi_b = p
            gap = (hi_b if hi_b < hi_a else hi_a) - (lo_b if lo_b > lo_a else lo_a)  # min(), max() of the two
            if gap < best:
                best = gap
            if best <= EPS:
                return best
    return best


def _boxes_apart(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def _o_rect_polygon(r: Rect, p: Polygon) -> bool:
    if _boxes_apart(r.bounds, p.bounds):
        return False
    if p.convex:
        return _convex_penetration(r._corner_xy, p._xy) > EPS
    return bool(p._inner.intersects(r.to_shapely()))


def _o_any_polygon(a: Any, p: Polygon) -> bool:
    if _boxes_apart(a.bounds, p.bounds):
        return False
    if isinstance(a, Polygon) and p.convex:
        return polygon_in_convex(a._xy, p._xy)
    return bool(p._inner.intersects(to_shapely(a)))


def polygon_in_convex(subject: Sequence[tuple[float, float]], pts: Sequence[tuple[float, float]]) -> bool:
    """Whether the polygon ``subject`` (its outline and inside) meets the convex polygon ``pts`` shrunk by
    ``EPS``: ``subject`` clipped by each edge's line moved ``EPS`` inwards (Sutherland-Hodgman), in closed form
    (swept moves against convex terrain without shapely)."""
    poly = list(subject)
    for nx, ny, x0, y0 in _inward_edges(pts):
        c = nx * x0 + ny * y0 + EPS  # inside: nx * x + ny * y >= c
        out: list[tuple[float, float]] = []
        px, py = poly[-1]
        pv = nx * px + ny * py - c
        for qx, qy in poly:
            qv = nx * qx + ny * qy - c
            if qv >= 0.0:
                if pv < 0.0:
                    t = pv / (pv - qv)
                    out.append((px + t * (qx - px), py + t * (qy - py)))
                out.append((qx, qy))
            elif pv >= 0.0:
                t = pv / (pv - qv)
                out.append((px + t * (qx - px), py + t * (qy - py)))
            px, py, pv = qx, qy, qv
        if not out:
            return False
        poly = out
    return True


def _inward_edges(pts: Sequence[tuple[float, float]]) -> list[tuple[float, float, float, float]]:
    """Each edge of the convex polygon ``pts`` (either winding) that has a length, as its unit normal pointing
    inside and its start: ``(nx, ny, x0, y0)`` (inside is left of each edge when counter-clockwise)."""
    area2 = 0.0
    x0, y0 = pts[-1]
    for x1, y1 in pts:
        area2 += x0 * y1 - x1 * y0
        x0, y0 = x1, y1
    sign = 1.0 if area2 > 0 else -1.0
    edges = []
    x0, y0 = pts[-1]
    for x1, y1 in pts:
        ex, ey = x1 - x0, y1 - y0
        length = math.hypot(ex, ey)
        if length > 0.0:
            edges.append((-ey * sign / length, ex * sign / length, x0, y0))
        x0, y0 = x1, y1
    return edges


def _o_segment_polygon(s: Segment, p: Polygon) -> bool:
    """A segment through a polygon's interior shrunk by ``EPS``; a convex polygon in closed form
    (:func:`segment_in_convex`), so cover and sight lines through convex terrain do not import shapely."""
    if _boxes_apart(s.bounds, p.bounds):
        return False
    if not p.convex or (s.a.x == s.b.x and s.a.y == s.b.y):
        return bool(p._inner.intersects(to_shapely(s)))
    return segment_in_convex(p._xy, s.a.x, s.a.y, s.b.x, s.b.y)


def segment_in_convex(pts: Sequence[tuple[float, float]], ax: float, ay: float, bx: float, by: float) -> bool:
    """Whether the segment a-b meets the convex polygon ``pts`` (either winding) shrunk by ``EPS``: the segment
    clipped by each edge's line moved ``EPS`` inwards (what shapely's mitred inner buffer of it gives)."""
    dx, dy = bx - ax, by - ay
    lo, hi = 0.0, 1.0
    for nx, ny, x0, y0 in _inward_edges(pts):
        num = nx * (ax - x0) + ny * (ay - y0) - EPS  # the segment's start, inside this edge's moved line
        den = nx * dx + ny * dy
        if den == 0.0:
            if num < 0.0:
                return False
        elif den > 0.0:
            t = -num / den
            if t > lo:
                lo = t
        else:
            t = -num / den
            if t < hi:
                hi = t
        if lo > hi:
            return False
    return True


def _o_never(a: Any, b: Any) -> bool:
    return False


_OVERLAP: dict[tuple[type, type], Any] = {
    (Rect, Rect): _o_rect_rect,
    (Rect, Circle): _o_rect_circle,
    (Circle, Circle): _o_circle_circle,
    (Segment, Rect): _o_segment_rect,
    (Segment, Circle): _o_segment_circle,
    (Circle, Polygon): _o_circle_polygon,
    (Rect, Polygon): _o_rect_polygon,
    (Segment, Polygon): _o_segment_polygon,
    (Polygon, Polygon): _o_any_polygon,
    (Segment, Segment): _o_never,
}


def overlaps(a: Any, b: Any) -> bool:
    """True when the interiors of ``a`` and ``b`` overlap by more than ``EPS``.

    Touching is not overlap. A :class:`Segment` overlaps a shape when it passes through
    the shape's interior; points, and two segments, never overlap anything.
    """
    fn = _OVERLAP.get((type(a), type(b)))
    if fn is not None:
        return bool(fn(a, b))
    fn = _OVERLAP.get((type(b), type(a)))
    if fn is not None:
        return bool(fn(b, a))
    if isinstance(a, Vec) or isinstance(b, Vec):
        return False
    ua, ub = _unwrap(a), _unwrap(b)
    if ua is not a or ub is not b:
        return overlaps(ua, ub)
    raise TypeError(f"cannot test overlap of {type(a).__name__} and {type(b).__name__}")


def touching(a: Any, b: Any, tol: float = 0.0) -> bool:
    """Base contact: the gap is at most ``tol`` (+ ``EPS``) and the shapes do not overlap."""
    return distance(a, b) <= tol + EPS and not overlaps(a, b)


# ---------------------------------------------------------------------------- contact


def _near_interval(other: Any, p0: Vec, p1: Vec, reach: float) -> tuple[float, float] | None:
    """Parameter range of segment p0->p1 within ``reach`` of ``other`` (one interval)."""
    x0, y0, dx, dy = p0.x, p0.y, p1.x - p0.x, p1.y - p0.y
    if isinstance(other, Vec):
        return _circle_interval(x0, y0, dx, dy, other.x, other.y, reach)
    if isinstance(other, Circle):
        return _circle_interval(x0, y0, dx, dy, other.centre.x, other.centre.y, other.radius + reach)
    if isinstance(other, Rect):
        return _near_rect_interval(other, p0, p1, reach)
    return _near_shapely_interval(other, p0, p1, reach)


def _near_rect_interval(r: Rect, p0: Vec, p1: Vec, reach: float) -> tuple[float, float] | None:
    f = r._frame
    hw, hd = f[4], f[5]
    u0, v0 = _local(f, p0.x, p0.y)
    u1, v1 = _local(f, p1.x, p1.y)
    du, dv = u1 - u0, v1 - v0
    parts = [_clip_box(hw + reach, hd, u0, v0, u1, v1), _clip_box(hw, hd + reach, u0, v0, u1, v1)]
    parts += [_circle_interval(u0, v0, du, dv, sx * hw, sy * hd, reach) for sx in (-1, 1) for sy in (-1, 1)]
    found = [p for p in parts if p is not None]
    if not found:
        return None
    return (min(p[0] for p in found), max(p[1] for p in found))


def _near_shapely_interval(other: Any, p0: Vec, p1: Vec, reach: float) -> tuple[float, float] | None:
    geom = to_shapely(other)
    if reach > 0:
        geom = geom.buffer(reach)
    near = Segment(p0, p1).to_shapely().intersection(geom)
    if near.is_empty:
        return None
    dx, dy = p1.x - p0.x, p1.y - p0.y
    den = dx * dx + dy * dy
    coords = _shapely().get_coordinates(near).tolist()
    ts = [((x - p0.x) * dx + (y - p0.y) * dy) / den for x, y in coords]
    return (max(0.0, min(ts)), min(1.0, max(ts)))


def contact_edges(rect: Rect, other: Any, tol: float = 0.0) -> Contact:
    """Which of ``rect``'s edges and corners ``other`` touches (gap <= ``tol``).

    A corner is touched when ``other`` is within ``tol`` of it. An edge is touched when
    ``other`` comes within ``tol`` of some part of the edge away from its two corners
    (more than ``2 * tol`` from each); so a unit flush against the front edge touches
    the front edge (and perhaps the front corners) but not the side edges, and two
    units meeting corner to corner touch corners only.
    """
    other = _unwrap(other)
    reach = tol + EPS
    margin = 2.0 * reach
    corners = rect.corners
    touched_corners = frozenset(n for n, c in zip(CORNER_NAMES, corners, strict=True) if distance(c, other) <= reach)
    edges = []
    for name in EDGE_NAMES:
        i, j = _EDGE_CORNERS[name]
        span = _near_interval(other, corners[i], corners[j], reach)
        if span is None:
            continue
        length = rect.width if name in ("front", "rear") else rect.depth
        if span[1] * length > margin and span[0] * length < length - margin:
            edges.append(name)
    return Contact(frozenset(edges), touched_corners)


def closest_edge(rect: Rect, point: Vec) -> str:
    """The name of ``rect``'s edge nearest ``point`` (ties go to the nearer edge centre)."""

    def key(name: str) -> tuple[float, float]:
        seg = rect.edge(name)
        return (round(_d_point_segment(point, seg), 9), point.distance_to(seg.midpoint))

    return min(EDGE_NAMES, key=key)


def closest_point(shape: Any, point: Vec) -> Vec:
    """The point of ``shape`` nearest ``point`` (``point`` itself when inside)."""
    shape = _unwrap(shape)
    if isinstance(shape, Rect):
        f = shape._frame
        u, v = _local(f, point.x, point.y)
        return shape.to_world(Vec(max(-f[4], min(f[4], u)), max(-f[5], min(f[5], v))))
    if isinstance(shape, Circle):
        off = point - shape.centre
        n = off.length()
        return point if n <= shape.radius else shape.centre + off * (shape.radius / n)
    if isinstance(shape, Segment):
        d = shape.b - shape.a
        den = d.dot(d)
        t = 0.0 if den == 0.0 else max(0.0, min(1.0, (point - shape.a).dot(d) / den))
        return shape.point_at(t)
    if isinstance(shape, Vec):
        return shape
    shp = _shapely()
    line = shp.shortest_line(to_shapely(shape), shp.Point(point.x, point.y))
    x, y = line.coords[0]
    return Vec(x, y)


# ------------------------------------------------------------------------ area, misc


def to_shapely(shape: Any) -> BaseGeometry:
    """The shapely geometry of a shape (circles become polygons; see ``CIRCLE_QUAD_SEGS``)."""
    if isinstance(shape, Vec):
        return _shapely().Point(shape.x, shape.y)
    if hasattr(shape, "to_shapely"):
        return shape.to_shapely()
    inner = _unwrap(shape)
    if inner is not shape:
        return to_shapely(inner)
    raise TypeError(f"not a shape: {type(shape).__name__}")


def _bounding_circle(shape: Any) -> tuple[float, float, float]:
    """(centre x, centre y, radius) of a circle around the shape (not always the smallest)."""
    if isinstance(shape, (Circle, Rect)):
        return (shape.centre.x, shape.centre.y, shape.radius)
    x0, y0, x1, y1 = bounds(shape)
    return ((x0 + x1) / 2, (y0 + y1) / 2, math.hypot(x1 - x0, y1 - y0) / 2)


def bounds(shape: Any) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of a shape."""
    if isinstance(shape, Vec):
        return (shape.x, shape.y, shape.x, shape.y)
    return _unwrap(shape).bounds


def area_fraction(shape: Rect | Circle | Polygon, region: Any) -> float:
    """The fraction (0..1) of ``shape``'s footprint that lies over ``region`` (a terrain piece or shape)."""
    ax0, ay0, ax1, ay1 = bounds(shape)
    bx0, by0, bx1, by1 = bounds(region)
    if ax0 >= bx1 or bx0 >= ax1 or ay0 >= by1 or by0 >= ay1:
        return 0.0
    own = to_shapely(shape)
    other = to_shapely(region)
    if other.contains(own):
        return 1.0
    total = own.area
    if total <= 0.0:
        return 0.0
    return max(0.0, min(1.0, float(own.intersection(other).area) / total))
