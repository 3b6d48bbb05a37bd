"""Measuring on the table: base contact, moves and their paths, sight and cover, push-backs.

Warriors are round bases (plain math); terrain goes through :mod:`skirmish.geometry`
(its table is built once per set of pieces and shared by clones).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import attrs

from skirmish.geometry import (
    Circle,
    Segment,
    Table,
    Terrain,
    Vec,
    line_of_sight,
    move_circle,
    overlaps,
    path_clear,
    segment_meets_box,
)
from skirmish_chob_noggoth.state import ChobState, Piece, Warrior
from skirmish_chob_noggoth.terrain import piece_shape

#: bases this close count as in base contact unless the content says otherwise (``combat.base_contact``;
#: a game uses ``state.contact``)
CONTACT = 0.1
EPS = 1e-6
#: a destination this close to where a warrior stands means it stays put
STAY = 0.02


_Box = tuple[float, float, float, float]


@attrs.frozen(slots=True)
class _Measured(Table):
    """A geometry table with the bounding boxes of its pieces worked out with it: all of them, and the blocking
    ones (for the quick checks of :func:`_open_ground` and :func:`_terrain_sight`)."""

    boxes: tuple[_Box, ...] = attrs.field(default=(), eq=False)
    blocking: tuple[_Box, ...] = attrs.field(default=(), eq=False)


# a pure memo: the same numbers give the same (immutable) table, shared by every game with that terrain; bounded
@lru_cache(maxsize=64)
def _table(width: float, depth: float, pieces: tuple[tuple[str, str, str, float, float, float, float], ...]
           ) -> _Measured:
    terrain = [Terrain(piece_shape(Piece(pid, pid, kind, shape, x, y, w, h)), {kind}, name=pid)
               for pid, kind, shape, x, y, w, h in pieces]
    return _Measured(width, depth, terrain, tuple(t.bounds for t in terrain),
                     tuple(t.bounds for t in terrain if t.has("blocking")))


def table_of(state: ChobState) -> _Measured:
    """The geometry table for the current terrain (cached: terrain changes rarely)."""
    return _table(state.width, state.depth, _terrain_key(state))


def base(w: Warrior, x: float | None = None, y: float | None = None) -> Circle:
    return Circle(Vec(w.x if x is None else x, w.y if y is None else y), w.radius)


def in_contact(a: Warrior, b: Warrior, contact: float = CONTACT) -> bool:
    """The two bases touch (a gap of at most ``contact``; pass ``state.contact`` in a game)."""
    return a.gap(b) <= contact


def contacts(state: ChobState, w: Warrior) -> list[Warrior]:
    """Enemies in base contact with ``w``, closest first."""
    contact = state.contact
    wx, wy, reach = w.x, w.y, w.radius + contact + _CLEAR
    near = []
    for e in state.enemies(w):
        # an enemy further off along either axis than the two radii and the contact distance has a gap over it
        # (the margin keeps rounding from deciding): only the others' gaps are measured, as before
        far = reach + e.radius
        if not (-far <= e.x - wx <= far and -far <= e.y - wy <= far):
            continue
        g = w.gap(e)
        if g <= contact:
            near.append((g, e.id, e))
    near.sort()
    return [e for _, _, e in near]


#: a margin for the box tests that skip measuring bases surely out of reach (rounding is a million times smaller)
_CLEAR = 1e-9


def point_gap(w: Warrior, x: float, y: float, radius: float = 0.0) -> float:
    gap = math.hypot(w.x - x, w.y - y) - w.radius - radius
    return gap if gap > 0.0 else 0.0


def within_of(state: ChobState, x: float, y: float, reach: float, radius: float = 0.0) -> list[Warrior]:
    """Warriors on the table whose base is within ``reach`` of a point (or of a marker of ``radius``)."""
    return [w for w in state.on_table() if point_gap(w, x, y, radius) <= reach + EPS]


# ------------------------------------------------------------------------------------- moving


def move_problem(state: ChobState, w: Warrior, x: float, y: float, allowance: float, *,
                 fly: bool = False) -> str | None:
    """Why ``w`` cannot move in a straight line to (x, y), or ``None`` when it can.

    Moves are straight lines of at most ``allowance`` inches (centre to centre), stay on
    the table, never cross blocking terrain, and never pass through another warrior's
    base (a flyer passes over warriors and area terrain but must not end overlapping).
    """
    dist = math.hypot(x - w.x, y - w.y)
    if dist <= STAY:
        return None  # staying put (answers are rounded to 0.01") is always allowed
    if not (w.radius - EPS <= x <= state.width - w.radius + EPS and w.radius - EPS <= y <= state.depth - w.radius
            + EPS):
        return "that would leave the table"
    if dist > allowance + 1e-6:
        return f"that is {dist:.1f}\" away; {w.name} can move {allowance:g}\""
    # a base outside the move's box widened by both radii (and a margin) can neither overlap the end spot nor
    # touch the way: only the others are measured (in the same order, so the same one is named)
    x0, x1 = (w.x, x) if w.x <= x else (x, w.x)
    y0, y1 = (w.y, y) if w.y <= y else (y, w.y)
    for o in state.warriors.values():
        if o.id == w.id or o.status not in _ON_TABLE:
            continue
        reach = o.radius + w.radius - EPS
        far = reach + _CLEAR
        if not (x0 - far <= o.x <= x1 + far and y0 - far <= o.y <= y1 + far):
            continue
        if math.hypot(o.x - x, o.y - y) < reach:
            return f"that would end on top of {o.name}"
        if not fly and _segment_gap(w.x, w.y, x, y, o.x, o.y) < reach:
            return f"the way is blocked by {o.name}"
    table = table_of(state)
    if table.terrain and not _open_ground(table, w.x, w.y, x, y, w.radius):
        move = move_circle(base(w), Vec(x, y))
        if table.terrain_overlapping(move.end, {"blocking"}):
            return "that would end inside impassable terrain"
        if not fly and path_clear(move, (), table, {"blocking"}) is not None:
            return "the way is blocked by impassable terrain"
    return None


_ON_TABLE = ("ready", "berserk")


def _mover(state: ChobState, w: Warrior, allowance: float, fly: bool,
           near: tuple[tuple[str, float, float, float], ...] | None = None,
           table: Table | None = None) -> Callable[[float, float], bool]:
    """``move_problem(state, w, x, y, allowance, fly=fly) is None`` as a function of (x, y), with the other
    bases and the table looked up once (for the probes of one straight line). ``near``: only these bases
    (id, x, y, radius) can fail a probe (see :func:`_path_bases`), so only they are checked."""
    wx, wy, r = w.x, w.y, w.radius
    x0, x1, y0, y1 = r - EPS, state.width - r + EPS, r - EPS, state.depth - r + EPS
    if near is None:
        others = [(o.x, o.y, o.radius + r - EPS) for o in state.warriors.values()
                  if o.id != w.id and o.status in _ON_TABLE]
    else:
        others = [(ox, oy, orad + r - EPS) for _oid, ox, oy, orad in near]
    if table is None:
        table = table_of(state)
    terrain = bool(table.terrain)
    hypot, seg, open_ground = math.hypot, _segment_gap, _open_ground
    limit = allowance + 1e-6

    def can(x: float, y: float) -> bool:
        dist = hypot(x - wx, y - wy)
        if dist <= STAY:
            return True
        if not (x0 <= x <= x1 and y0 <= y <= y1) or dist > limit:
            return False
        for ox, oy, reach in others:
            if hypot(ox - x, oy - y) < reach or (not fly and seg(wx, wy, x, y, ox, oy) < reach):
                return False
        if terrain and not open_ground(table, wx, wy, x, y, r):
            move = move_circle(base(w), Vec(x, y))
            if table.terrain_overlapping(move.end, {"blocking"}):
                return False
            if not fly and path_clear(move, (), table, {"blocking"}) is not None:
                return False
        return True

    return can


def _open_ground(table: _Measured, ax: float, ay: float, bx: float, by: float, r: float) -> bool:
    """A base of radius ``r`` moving straight from a to b stays 0.01" clear of the table edges and of the
    bounding box of every blocking piece, so the exact terrain checks of a move (the end spot, the swept
    path and the table edge, all within that box) would find nothing: they can be skipped."""
    x0, y0 = (ax if ax < bx else bx) - r - 0.01, (ay if ay < by else by) - r - 0.01
    x1, y1 = (ax if ax > bx else bx) + r + 0.01, (ay if ay > by else by) + r + 0.01
    if x0 < 0.0 or y0 < 0.0 or x1 > table.width or y1 > table.depth:
        return False
    return not any(px0 <= x1 and x0 <= px1 and py0 <= y1 and y0 <= py1 for px0, py0, px1, py1 in table.blocking)


#: stops of :func:`furthest_toward` by what they depend on: a pure memo of numbers (positions, radii, allowance and
#: the terrain's numbers in, a point out), the same for every game, bounded (cleared past 20000)
_STOPS: dict[tuple[Any, ...], tuple[tuple[float, float] | None]] = {}


def _path_bases(state: ChobState, w: Warrior, dx: float, dy: float) -> tuple[tuple[str, float, float, float], ...]:
    """(id, x, y, radius) of the other bases on the table that a move of ``w`` along (dx, dy) could meet: every
    probe of the bisection is a point of that line, and a base further from it than its radius and the mover's
    fails none of them."""
    wx, wy, r = w.x, w.y, w.radius
    ex, ey = wx + dx, wy + dy
    # a base outside the line's box widened by both radii (and a margin) is surely further than that from it
    x0, x1 = (wx, ex) if wx <= ex else (ex, wx)
    y0, y1 = (wy, ey) if wy <= ey else (ey, wy)
    out = []
    for o in state.warriors.values():
        if o.id == w.id or o.status not in _ON_TABLE:
            continue
        ox, oy, reach = o.x, o.y, o.radius + r
        far = reach + _CLEAR
        if x0 - far <= ox <= x1 + far and y0 - far <= oy <= y1 + far and _segment_gap(wx, wy, ex, ey, ox, oy) < reach:
            out.append((o.id, ox, oy, o.radius))
    return tuple(out)


def furthest_toward(state: ChobState, w: Warrior, tx: float, ty: float, allowance: float, *, stop_gap: float = 0.0,
                    target_radius: float = 0.0, fly: bool = False) -> tuple[float, float] | None:
    """The furthest legal straight-line stop toward (tx, ty), at most ``allowance`` away.

    With ``target_radius`` the move stops ``stop_gap`` short of touching a base of that
    radius at the target point. ``None`` when no progress is possible. The stop depends only on the
    mover, the terrain, the arguments and the bases near the line (:func:`_path_bases`), so it is kept by
    them: the AI's measure of a move and the rules' own are often the same.
    """
    dx, dy = tx - w.x, ty - w.y
    length = math.hypot(dx, dy)
    if length < EPS:
        return None
    want = length - w.radius - target_radius - stop_gap if target_radius or stop_gap else length
    want = min(max(want, 0.0), allowance)
    if want < 0.05:
        return None
    ux, uy = dx / length, dy / length
    near = _path_bases(state, w, ux * want, uy * want)
    key = (w.id, w.x, w.y, w.radius, tx, ty, allowance, stop_gap, target_radius, fly, state.width, state.depth,
           _terrain_key(state), near)
    hit = _STOPS.get(key)
    if hit is None:
        if len(_STOPS) > 20000:
            _STOPS.clear()
        hit = _STOPS[key] = (_closed_stop(state, w, ux, uy, want, allowance, fly, near),)
    return hit[0]


def what_stops(state: ChobState, w: Warrior, x: float, y: float, *, fly: bool = False) -> str:
    """What a straight move of ``w`` to (x, y) runs into, as a person reads it (a warrior's name, a terrain piece's,
    "the table edge"), or ``""`` when nothing refuses it (whatever its length): :func:`move_problem`'s tests, for a
    menu's words only."""
    why = move_problem(state, w, x, y, math.inf, fly=fly)
    if why is None:
        return ""
    if why == "that would leave the table":
        return "the table edge"
    if why.endswith("impassable terrain"):
        move = move_circle(base(w), Vec(x, y))
        table = table_of(state)
        hit = None if fly else path_clear(move, (), table, {"blocking"})
        if not isinstance(hit, Terrain):
            hit = next(iter(table.terrain_overlapping(move.end, {"blocking"})), None)
        pid = getattr(hit, "name", "")
        return next((p.name for p in state.pieces if p.id == pid and p.name), "impassable terrain")
    for lead in ("the way is blocked by ", "that would end on top of "):
        if why.startswith(lead):
            return why[len(lead):]
    return ""


#: how far short of a boundary :func:`_closed_stop` stops (then tries in turn where the exact checks refuse)
_BACK_OFF = (1e-9, 1e-7, 1e-5)
#: a boundary crossed more steeply than this (a base's half chord, a direction's share across an edge) is
#: placed by the floats to well under the back-off: a stop short of it needs no exact check
_STEEP = 1e-2


def _closed_stop(state: ChobState, w: Warrior, ux: float, uy: float, want: float, allowance: float, fly: bool,
                 near: tuple[tuple[str, float, float, float], ...]) -> tuple[float, float] | None:
    """The stop of :func:`furthest_toward` along the unit direction (ux, uy), up to ``want``, in closed form: where
    the centre's ray leaves the table's bounds (with :func:`move_problem`'s tolerance), and per base ``near`` the
    line and per blocking piece the first contact (a quadratic for a round base or piece; a rect piece widened by
    the base is two boxes and four corner circles). A walker stops short of the first of them; a flier (only its
    end spot counts) at the furthest point not inside a base or a piece.

    The stop is :data:`_BACK_OFF` short of a base or an edge crossed steeply (the floats place those surely) and
    twice :data:`_TERRAIN_MARGIN` short of a walker's first contact with blocking terrain (where :func:`_known`
    answers for the exact terrain checks). Near any other boundary the stop is checked as :func:`move_problem`
    does, and where the exact checks refuse it even a little shorter, the bisection decides."""
    wx, wy, r = w.x, w.y, w.radius
    # (from, to, margin, sure): an open interval of t where a stop fails, how far short of it to stop, and
    # whether that margin is sure without the exact checks
    spans: list[tuple[float, float, float, bool]] = []
    edge = math.inf
    m = _BACK_OFF[0]
    for u, c, lo_edge, hi_edge in ((ux, wx, r - EPS, state.width - r + EPS), (uy, wy, r - EPS, state.depth - r + EPS)):
        if not lo_edge <= c <= hi_edge:
            return _bisect(state, w, ux, uy, want, allowance, fly, near)  # it starts off the table
        if abs(u) > 1e-12:
            t = (hi_edge - c) / u if u > 0 else (lo_edge - c) / u
            edge = min(edge, t)
            spans.append((t, math.inf, m, abs(u) >= _STEEP))
    for _oid, ox, oy, orad in near:
        hit = _circle_hit(wx, wy, ux, uy, ox, oy, orad + r - EPS)
        if hit is not None:
            tc, h = hit
            if tc + h > 0:
                spans.append((tc - h, tc + h, m, h >= _STEEP))
    stop = _stop_before(spans, want, fly)
    table = table_of(state)
    terrain = False
    if table.terrain and stop > 0.0 and _open_until(table, wx, wy, ux, uy, r) < stop + _TERRAIN_MARGIN:
        # near or past the end of open ground: the blocking pieces count too
        for p in state.pieces:
            if p.kind == "blocking":
                span = _piece_span(p, wx, wy, ux, uy, r)
                if span is not None and span[1] > 0:
                    terrain = True
                    spans.append((*span, 2 * _TERRAIN_MARGIN, not fly))
        stop = _stop_before(spans, stop, fly)
    if stop < 0.05:
        return None
    # the exact checks tell where a boundary that is not sure lies near the stop, or terrain near an edge
    exact = any(not sure and a - 1e-3 < stop < b + 1e-3 or (not fly and not sure and a - 1e-3 < stop)
                for a, b, _m, sure in spans) \
        or (terrain and not _TERRAIN_MARGIN < stop < edge - _TERRAIN_MARGIN)
    if not exact:
        return (wx + ux * stop, wy + uy * stop)
    can = _mover(state, w, allowance, fly, near, table)
    for back in (0.0, *_BACK_OFF[1:]):
        t = stop - back
        if t < 0.05:
            return None
        if can(wx + ux * t, wy + uy * t):
            return (wx + ux * t, wy + uy * t)
    return _bisect(state, w, ux, uy, want, allowance, fly, near)


def _stop_before(spans: list[tuple[float, float, float, bool]], end: float, fly: bool) -> float:
    """The furthest t up to ``end`` that the ``spans`` leave legal, each with its margin: a walker's path fails
    from a span's start on; a flier's end spot only inside one."""
    if fly:
        moved = True
        while moved:
            moved = False
            for a, b, margin, _sure in spans:
                if a - margin < end < b + margin:
                    end, moved = a - margin, True
        return end
    for a, _b, margin, _sure in spans:
        if a - margin < end:
            end = a - margin
    return end


_Span = tuple[float, float] | None


def _piece_span(p: Piece, wx: float, wy: float, ux: float, uy: float, r: float) -> _Span:
    """The open interval of t where a base of radius ``r`` centred on (wx, wy) + t (ux, uy) overlaps the piece
    (None: never): the ray through the piece widened by ``r``, a convex shape, so one interval."""
    if p.shape == "circle":
        return _circle_span(wx, wy, ux, uy, p.x, p.y, p.w / 2 + r)
    x0, x1, y0, y1 = p.x - p.w / 2, p.x + p.w / 2, p.y - p.h / 2, p.y + p.h / 2
    parts = [_box_span(wx, wy, ux, uy, x0 - r, x1 + r, y0, y1), _box_span(wx, wy, ux, uy, x0, x1, y0 - r, y1 + r),
             *(_circle_span(wx, wy, ux, uy, cx, cy, r) for cx in (x0, x1) for cy in (y0, y1))]
    found = [part for part in parts if part is not None]
    if not found:
        return None
    return min(a for a, _b in found), max(b for _a, b in found)


def _circle_hit(wx: float, wy: float, ux: float, uy: float, cx: float, cy: float, rho: float) -> _Span:
    """Where (wx, wy) + t (ux, uy) meets the circle: (t of the point nearest the centre, half the chord), or None."""
    tc = (cx - wx) * ux + (cy - wy) * uy
    d2 = (cx - wx) ** 2 + (cy - wy) ** 2 - tc * tc
    if d2 >= rho * rho:
        return None
    return tc, math.sqrt(rho * rho - d2)


def _circle_span(wx: float, wy: float, ux: float, uy: float, cx: float, cy: float, rho: float) -> _Span:
    """The open interval of t where (wx, wy) + t (ux, uy) is inside the circle (None: never)."""
    hit = _circle_hit(wx, wy, ux, uy, cx, cy, rho)
    if hit is None:
        return None
    tc, h = hit
    return (tc - h, tc + h)


def _box_span(wx: float, wy: float, ux: float, uy: float, x0: float, x1: float, y0: float, y1: float) -> _Span:
    """The open interval of t where (wx, wy) + t (ux, uy) is inside the box (None: never)."""
    enter, leave = -math.inf, math.inf
    for c, u, lo, hi in ((wx, ux, x0, x1), (wy, uy, y0, y1)):
        if abs(u) < 1e-12:
            if not lo < c < hi:
                return None
            continue
        a, b = (lo - c) / u, (hi - c) / u
        if a > b:
            a, b = b, a
        enter, leave = max(enter, a), min(leave, b)
    return (enter, leave) if enter < leave else None


def _bisect(state: ChobState, w: Warrior, ux: float, uy: float, want: float, allowance: float, fly: bool,
            near: tuple[tuple[str, float, float, float], ...]) -> tuple[float, float] | None:
    """The bisection of :func:`furthest_toward` along the unit direction (ux, uy), up to ``want``, checking
    only the bases ``near`` the line."""
    best = None
    lo, hi = 0.0, want
    can = _mover(state, w, allowance, fly, near)
    known = _known(state, w, ux, uy, want, allowance, fly, near)
    wx, wy = w.x, w.y
    sure = known(hi) if known is not None else None
    if can(wx + ux * hi, wy + uy * hi) if sure is None else sure:
        return (wx + ux * hi, wy + uy * hi)
    for _ in range(10):
        mid = (lo + hi) / 2
        sure = known(mid) if known is not None else None
        if can(wx + ux * mid, wy + uy * mid) if sure is None else sure:
            lo, best = mid, (wx + ux * mid, wy + uy * mid)
        else:
            hi = mid
    if best is None or lo < 0.05:
        return None
    return best


#: how far (in inches along the line) from a boundary a probe of :func:`_bisect` must be for :func:`_known` to
#: answer for the exact checks (rounding in the probes' points is a million times smaller)
_MARGIN = 1e-7


def _known(state: ChobState, w: Warrior, ux: float, uy: float, want: float, allowance: float, fly: bool,
           near: tuple[tuple[str, float, float, float], ...]) -> Callable[[float], bool | None] | None:
    """What :func:`_mover`'s ``can`` answers at the point ``t`` inches along the unit direction (ux, uy), worked
    out in closed form where that is sure: True or False when ``t`` is more than :data:`_MARGIN` from every
    boundary of its tests (the stay-put distance, the table's edges, the allowance, the circles around the bases
    ``near``), None when only ``can`` itself can tell (near a boundary, or terrain on the way). The bisection asks
    ``can`` only then, so it probes the same points and takes the same ones: the same stop, fewer exact checks."""
    m = _MARGIN
    wx, wy, r = w.x, w.y, w.radius
    # the table's edges: the points in bounds are those with t in [in_lo, in_hi]
    in_lo, in_hi = -math.inf, math.inf
    for u, c, lo_edge, hi_edge in ((ux, wx, r - EPS, state.width - r + EPS), (uy, wy, r - EPS, state.depth - r + EPS)):
        if abs(u) < 1e-9:
            if not lo_edge + m <= c <= hi_edge - m:
                return None  # moving along an edge (or off it): leave it to the exact checks
            continue
        a, b = (lo_edge - c) / u, (hi_edge - c) / u
        if a > b:
            a, b = b, a
        in_lo, in_hi = max(in_lo, a), min(in_hi, b)
    limit = allowance + 1e-6
    # each base near the line fails the points in an open interval of t (a flier's end spot only; a walker's
    # path from the start, so every t past the first one)
    fails: list[tuple[float, float, float, float]] = []  # (sure from, sure to, maybe from, maybe to)
    for _oid, ox, oy, orad in near:
        reach = orad + r - EPS
        tc = (ox - wx) * ux + (oy - wy) * uy
        d = abs((ox - wx) * uy - (oy - wy) * ux)
        if d >= reach + m:
            continue
        h_out = math.sqrt((reach + m) ** 2 - d * d)
        h_in = math.sqrt((reach - m) ** 2 - d * d) if d < reach - m else -1.0
        if fly:
            sure = (tc - h_in + m, tc + h_in - m) if h_in >= 0 else (math.inf, -math.inf)
            fails.append((*sure, tc - h_out - m, tc + h_out + m))
        else:
            if tc + h_out + m <= 0:
                continue  # behind the start
            sure_from = max(tc - h_in, 0.0) + m if h_in >= 0 and tc + h_in - m > 0 else math.inf
            fails.append((sure_from, math.inf, max(tc - h_out, 0.0) - m, math.inf))
    table = table_of(state)
    open_to = _open_until(table, wx, wy, ux, uy, r) if table.terrain else math.inf
    # past open ground a walker's path meets blocking terrain from the first contact of its base on (a wider
    # margin: the exact checks have tolerances of their own); a flier's end spot is left to the exact checks
    hits = math.inf if fly or open_to >= want else _first_contact(state, wx, wy, ux, uy, r)
    mt = _TERRAIN_MARGIN

    def known(t: float) -> bool | None:
        if t < STAY - m:
            return True
        if t <= STAY + m:
            return None
        if t < in_lo - m or t > in_hi + m or t > limit + m:
            return False
        maybe = not (in_lo + m < t < in_hi - m and t < limit - m)
        for sure_from, sure_to, maybe_from, maybe_to in fails:
            if sure_from < t < sure_to:
                return False
            if maybe_from <= t <= maybe_to:
                maybe = True
        if t < open_to - m:
            return None if maybe else True
        if t > hits + mt:
            return False
        return None if maybe or fly or t >= hits - mt or not in_lo + mt < t < in_hi - mt else True

    return known


#: the margin of :func:`_known` around where a walker's path first meets blocking terrain, and the table's edges
_TERRAIN_MARGIN = 1e-4


def _first_contact(state: ChobState, wx: float, wy: float, ux: float, uy: float, r: float) -> float:
    """How far a base of radius ``r`` moves from (wx, wy) along the unit direction (ux, uy) before it overlaps a
    blocking piece (0 if it does where it stands, infinity if never): the first entry of the centre's ray into a
    piece widened by ``r`` (a round piece: a circle; a rect: two boxes and four corner circles)."""
    first = math.inf
    for p in state.pieces:
        if p.kind != "blocking":
            continue
        if p.shape == "circle":
            first = min(first, _ray_circle(wx, wy, ux, uy, p.x, p.y, p.w / 2 + r))
            continue
        x0, x1, y0, y1 = p.x - p.w / 2, p.x + p.w / 2, p.y - p.h / 2, p.y + p.h / 2
        first = min(first, _ray_box(wx, wy, ux, uy, x0 - r, x1 + r, y0, y1),
                    _ray_box(wx, wy, ux, uy, x0, x1, y0 - r, y1 + r),
                    *(_ray_circle(wx, wy, ux, uy, cx, cy, r) for cx in (x0, x1) for cy in (y0, y1)))
    return first


def _ray_circle(wx: float, wy: float, ux: float, uy: float, cx: float, cy: float, rho: float) -> float:
    """The first t >= 0 at which (wx, wy) + t (ux, uy) is inside the circle (infinity: never)."""
    tc = (cx - wx) * ux + (cy - wy) * uy
    d2 = (cx - wx) ** 2 + (cy - wy) ** 2 - tc * tc
    if d2 >= rho * rho:
        return math.inf
    h = math.sqrt(rho * rho - d2)
    if tc + h <= 0:
        return math.inf
    return max(tc - h, 0.0)


def _ray_box(wx: float, wy: float, ux: float, uy: float, x0: float, x1: float, y0: float, y1: float) -> float:
    """The first t >= 0 at which (wx, wy) + t (ux, uy) is inside the box (infinity: never)."""
    enter, leave = 0.0, math.inf
    for c, u, lo, hi in ((wx, ux, x0, x1), (wy, uy, y0, y1)):
        if abs(u) < 1e-12:
            if not lo < c < hi:
                return math.inf
            continue
        a, b = (lo - c) / u, (hi - c) / u
        if a > b:
            a, b = b, a
        enter, leave = max(enter, a), min(leave, b)
    return enter if enter < leave else math.inf


def _open_until(table: _Measured, wx: float, wy: float, ux: float, uy: float, r: float) -> float:
    """How far along the unit direction (ux, uy) a move from (wx, wy) stays on :func:`_open_ground` (its box,
    widened by ``r`` and 0.01", inside the table and meeting no blocking piece's box): the box only grows with the
    move, so every shorter move is open ground too."""
    e = r + 0.01
    until = math.inf
    # the table's edges: the box's far side moves with the end point
    for u, c, size in ((ux, wx, table.width), (uy, wy, table.depth)):
        if c - e < 0.0 or c + e > size:
            return 0.0
        if u > 0:
            until = min(until, (size - e - c) / u)
        elif u < 0:
            until = min(until, (c - e) / -u)
    for px0, py0, px1, py1 in table.blocking:
        need = 0.0
        for u, c, lo, hi in ((ux, wx, px0, px1), (uy, wy, py0, py1)):
            if c - e <= hi and lo <= c + e:
                continue  # the box meets this piece's along this axis from the start
            if u > 0 and c + e < lo:
                need = max(need, (lo - (c + e)) / u)
            elif u < 0 and c - e > hi:
                need = max(need, ((c - e) - hi) / -u)
            else:
                need = math.inf  # it never reaches the piece along this axis
        until = min(until, need)
    return until


def charge_point(state: ChobState, w: Warrior, target: Warrior, allowance: float, *,
                 fly: bool = False) -> tuple[float, float] | None:
    """Where ``w`` stops in base contact with ``target`` moving straight at it, if it can reach."""
    dx, dy = target.x - w.x, target.y - w.y
    length = math.hypot(dx, dy)
    need = length - w.radius - target.radius
    if need <= state.contact:
        return None
    if need > allowance + 1e-6:
        return None
    travel = need - 0.01  # stop just short: a gap of 0.01" is base contact, never an overlap
    x, y = w.x + dx / length * travel, w.y + dy / length * travel
    if move_problem(state, w, x, y, allowance, fly=fly) is not None:
        return None
    return (x, y)


def push_back(state: ChobState, w: Warrior, fx: float, fy: float, dist: float, *,
              through: bool = False) -> tuple[float, float, bool, list[Warrior]]:
    """Move ``w`` ``dist`` inches directly away from (fx, fy).

    Stops at the first warrior or blocking terrain (``through``: passes through warriors and
    reports them). Returns the end point, whether it left the table, and the warriors passed.
    """
    dx, dy = w.x - fx, w.y - fy
    length = math.hypot(dx, dy)
    if length < EPS:
        dx, dy, length = 0.0, (1.0 if w.y < state.depth / 2 else -1.0), 1.0
    ux, uy = dx / length, dy / length
    ex, ey = w.x + ux * dist, w.y + uy * dist
    passed: list[Warrior] = []
    if through:
        for o in state.on_table():
            if o.id != w.id and _segment_gap(w.x, w.y, ex, ey, o.x, o.y) < o.radius + w.radius - EPS:
                passed.append(o)
    steps = max(1, int(dist / 0.1))
    last = (w.x, w.y)
    table = table_of(state)
    for i in range(1, steps + 1):
        t = dist * i / steps
        px, py = w.x + ux * t, w.y + uy * t
        if not (w.radius <= px <= state.width - w.radius and w.radius <= py <= state.depth - w.radius):
            return px, py, True, passed
        circle = Circle(Vec(px, py), w.radius)
        if table.terrain_overlapping(circle, {"blocking"}):
            break
        if not through and any(o.id != w.id and math.hypot(o.x - px, o.y - py) < o.radius + w.radius - EPS
                               for o in state.on_table()):
            break
        last = (px, py)
    if through and any(o.id != w.id and math.hypot(o.x - last[0], o.y - last[1]) < o.radius + w.radius - EPS
                       for o in state.on_table()):
        # may pass through warriors but not stop on them: step back until clear
        for i in range(steps, -1, -1):
            t = dist * i / steps
            px, py = w.x + ux * t, w.y + uy * t
            if not any(o.id != w.id and math.hypot(o.x - px, o.y - py) < o.radius + w.radius - EPS
                       for o in state.on_table()):
                last = (px, py)
                break
    return last[0], last[1], False, passed


def _segment_gap(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> float:
    """Distance from point p to the segment a-b."""
    vx, vy = bx - ax, by - ay
    denom = vx * vx + vy * vy
    t = 0.0 if denom < EPS else max(0.0, min(1.0, ((px - ax) * vx + (py - ay) * vy) / denom))
    return math.hypot(ax + vx * t - px, ay + vy * t - py)


def on_line(state: ChobState, a: Warrior, b: Warrior) -> list[Warrior]:
    """Warriors (other than ``a`` and ``b``) whose base the line between the two centres passes through."""
    return [o for o in state.on_table() if o.id not in (a.id, b.id)
            and _segment_gap(a.x, a.y, b.x, b.y, o.x, o.y) < o.radius - EPS]


# ------------------------------------------------------------------------------ sight and cover


#: how many points across a target's base the sight lines for cover run to (its outline as seen
#: from the shooter: both edges, the centre and between)
SIGHT_POINTS = 5


def sight(state: ChobState, shooter: Warrior, target: Warrior, *, mage: bool = False) -> tuple[bool, bool]:
    """(can see, target in cover) for a shot. Mages always see and ignore cover (ruling CN-28).

    Sight: a straight line from the shooter's centre reaches some point of the target's base
    without crossing blocking terrain. Cover: the target is not entirely visible, i.e. one of
    the lines to points across its base (see :func:`silhouette`) crosses terrain or another
    warrior's base.
    """
    if mage:
        return True, False
    found = look(state, shooter, target)
    return found.seen, found.cover


@attrs.frozen
class Look:
    """What a shooter sees of a target: whether it sees it, and what hides part of it."""

    seen: bool
    terrain: tuple[str, ...] = ()  # ids of the terrain pieces a sight line crosses
    warriors: tuple[str, ...] = ()  # ids of the warriors a sight line crosses

    @property
    def cover(self) -> bool:
        return self.seen and bool(self.terrain or self.warriors)


def look(state: ChobState, shooter: Warrior, target: Warrior) -> Look:
    """Sight and cover between two warriors, with what gives the cover (terrain first, then warriors)."""
    seen, crossed = _terrain_sight(_terrain_key(state), state.width, state.depth, shooter.x, shooter.y, target.x,
                                   target.y, target.radius)
    if not seen:
        return Look(False)
    sx, sy, tx, ty, tr = shooter.x, shooter.y, target.x, target.y, target.radius
    points = silhouette(sx, sy, tx, ty, tr)
    # every sight line ends within the target's radius of its centre, so a base further than that (and a
    # margin) from the centre line is crossed by none of them: only nearer ones are checked line by line
    # _segment_gap(sx, sy, tx, ty, o.x, o.y) written out with the line's numbers worked out once (same floats)
    vx, vy = tx - sx, ty - sy
    denom = vx * vx + vy * vy
    hypot = math.hypot
    hiding = []
    # and a base outside the line's box widened by that much (and a margin) is surely further from it
    x0, x1 = (sx, tx) if sx <= tx else (tx, sx)
    y0, y1 = (sy, ty) if sy <= ty else (ty, sy)
    for o in state.warriors.values():
        if o.status not in _ON_TABLE or o.id == shooter.id or o.id == target.id:
            continue
        ox, oy = o.x, o.y
        far = o.radius + tr + 0.01 + _CLEAR
        if not (x0 - far <= ox <= x1 + far and y0 - far <= oy <= y1 + far):
            continue
        t = 0.0 if denom < EPS else max(0.0, min(1.0, ((ox - sx) * vx + (oy - sy) * vy) / denom))
        if hypot(sx + vx * t - ox, sy + vy * t - oy) < o.radius + tr + 0.01 \
                and any(_segment_gap(sx, sy, px, py, ox, oy) < o.radius - EPS for px, py in points):
            hiding.append(o.id)
    return Look(True, crossed, tuple(hiding))


def silhouette(sx: float, sy: float, tx: float, ty: float, radius: float) -> list[tuple[float, float]]:
    """Points across a base as seen from (sx, sy): its two edges, its centre and between them."""
    dx, dy = tx - sx, ty - sy
    length = math.hypot(dx, dy)
    if length < EPS or radius <= 0:
        return [(tx, ty)]
    px, py = -dy / length, dx / length
    reach = radius * 0.98  # just inside the edge, so a base beside the target does not count by a hair
    steps = [2 * i / (SIGHT_POINTS - 1) - 1 for i in range(SIGHT_POINTS)]
    return [(tx + px * reach * f, ty + py * reach * f) for f in steps]


def _terrain_key(state: ChobState) -> tuple[tuple[str, str, str, float, float, float, float], ...]:
    """The terrain's numbers (what the tables and sight memos are keyed by)."""
    return tuple([(p.id, p.kind, p.shape, p.x, p.y, p.w, p.h) for p in state.pieces])


# a pure memo of numbers (the terrain's and two points' in, a flag and piece names out), bounded
@lru_cache(maxsize=8192)
def _terrain_sight(pieces: tuple[tuple[str, str, str, float, float, float, float], ...], width: float, depth: float,
                   sx: float, sy: float, tx: float, ty: float, radius: float) -> tuple[bool, tuple[str, ...]]:
    """Sight, and the terrain pieces that hide part of the target, between two points (cached: positions
    repeat between decisions)."""
    if not pieces:
        return True, ()
    table = _table(width, depth, pieces)
    # every line looked along stays in the box of the shooter and the target's base: no piece's box meets it,
    # no piece hides any of it (the exact checks below would find nothing)
    x0, y0 = min(sx, tx - radius) - 0.01, min(sy, ty - radius) - 0.01
    x1, y1 = max(sx, tx + radius) + 0.01, max(sy, ty + radius) + 0.01
    if not any(px0 <= x1 and x0 <= px1 and py0 <= y1 and y0 <= py1 for px0, py0, px1, py1 in table.boxes):
        return True, ()
    origin = Vec(sx, sy)
    if not _clear_to_nearest(pieces, sx, sy, tx, ty, radius) \
            and not line_of_sight(table, origin, Circle(Vec(tx, ty), radius), blocking_keywords={"blocking"},
                                  spacing=0.3):
        return False, ()
    crossed: dict[str, None] = {}
    for px, py in silhouette(sx, sy, tx, ty, radius):
        lx0, lx1 = (sx, px) if sx < px else (px, sx)
        ly0, ly1 = (sy, py) if sy < py else (py, sy)
        for piece, terrain in zip(pieces, table.terrain, strict=True):
            if piece[1] not in _SEEN_THROUGH:
                continue
            sure = _crosses(piece, sx, sy, px, py, lx0, ly0, lx1, ly1)
            if sure is None:  # too near its edge to tell: the exact test
                sure = overlaps(Segment(origin, Vec(px, py)), terrain.shape)
            if sure:
                crossed[terrain.name] = None
    return True, tuple(crossed)


#: the kinds of terrain a sight line is checked against for cover
_SEEN_THROUGH = ("blocking", "area")
#: how far from the edge of a piece's interior (as :func:`skirmish.geometry.overlaps` draws it, 1e-6 inside the
#: outline) a line must pass for :func:`_crosses` to answer without the exact test
_LINE_MARGIN = 1e-5
_INSIDE = 1e-6


def _crosses(piece: tuple[str, str, str, float, float, float, float], ax: float, ay: float, bx: float, by: float,
             lx0: float, ly0: float, lx1: float, ly1: float) -> bool | None:
    """Whether the segment a-b (its box ``lx0..ly1``) passes through the interior of a piece (a rect drawn along
    the axes, or a circle): True or False when it passes more than :data:`_LINE_MARGIN` from the edge of what the
    exact test counts as inside, None when only that test can tell."""
    _pid, _kind, shape, cx, cy, w, h = piece
    if shape == "circle":
        rho = w / 2
        if lx1 < cx - rho or lx0 > cx + rho or ly1 < cy - rho or ly0 > cy + rho:
            return False
        d = _segment_gap(ax, ay, bx, by, cx, cy)
        inner = rho - _INSIDE
        if d < inner - _LINE_MARGIN:
            return True
        return False if d > inner + _LINE_MARGIN else None
    hw, hd = w / 2, h / 2
    if lx1 < cx - hw or lx0 > cx + hw or ly1 < cy - hd or ly0 > cy + hd:
        return False
    u0, v0, u1, v1 = ax - cx, ay - cy, bx - cx, by - cy
    inner_w, inner_h = hw - _INSIDE, hd - _INSIDE
    if inner_w <= _LINE_MARGIN or inner_h <= _LINE_MARGIN:
        return None
    if segment_meets_box(inner_w - _LINE_MARGIN, inner_h - _LINE_MARGIN, u0, v0, u1, v1):
        return True
    return None if segment_meets_box(inner_w + _LINE_MARGIN, inner_h + _LINE_MARGIN, u0, v0, u1, v1) else False


def _clear_to_nearest(pieces: tuple[tuple[str, str, str, float, float, float, float], ...], sx: float, sy: float,
                      tx: float, ty: float, radius: float) -> bool:
    """The line from (sx, sy) to the nearest point of the target's base surely crosses no blocking piece (then
    that line is the sight line :func:`skirmish.geometry.line_of_sight` tries first, and finds clear)."""
    dx, dy = sx - tx, sy - ty
    n = math.hypot(dx, dy)
    if n <= radius + _LINE_MARGIN:
        return False  # the shooter stands on (or by) the target's base: the exact test
    ex, ey = tx + dx * (radius / n), ty + dy * (radius / n)
    lx0, lx1 = (sx, ex) if sx < ex else (ex, sx)
    ly0, ly1 = (sy, ey) if sy < ey else (ey, sy)
    return not any(piece[1] == "blocking" and _crosses(piece, sx, sy, ex, ey, lx0, ly0, lx1, ly1) is not False
                   for piece in pieces)
