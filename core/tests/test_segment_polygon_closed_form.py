"""A segment through a convex polygon is answered in closed form (start-up, issue 24: no shapely import for cover);
every answer must be shapely's (the polygon's interior shrunk by EPS, intersected with the segment)."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.geometry.shapes import Polygon, Segment, _o_any_polygon, _o_segment_polygon
from skirmish.geometry.vec import EPS, Vec


def _shapely_answer(seg: Segment, poly: Polygon) -> bool:
    return bool(poly._inner.intersects(seg.to_shapely()))


def _convex(rng: random.Random) -> Polygon:
    cx, cy, r = rng.uniform(0, 20), rng.uniform(0, 20), rng.uniform(0.5, 6)
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(rng.randint(3, 8)))
    if rng.random() < 0.5:
        angles.reverse()  # both windings
    return Polygon([(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles])


def test_segment_through_convex_polygon_matches_shapely_on_random_shapes() -> None:
    rng = random.Random(24)
    checked = crossing = 0
    for _ in range(3000):
        poly = _convex(rng)
        if not poly.convex:
            continue
        x0, y0, x1, y1 = poly.bounds
        a = Vec(rng.uniform(x0 - 3, x1 + 3), rng.uniform(y0 - 3, y1 + 3))
        b = Vec(rng.uniform(x0 - 3, x1 + 3), rng.uniform(y0 - 3, y1 + 3))
        seg = Segment(a, b)
        got = _o_segment_polygon(seg, poly)
        assert got == _shapely_answer(seg, poly), (poly.points, a, b)
        checked += 1
        crossing += got
    assert checked > 2500 and 300 < crossing < checked - 300  # both answers were exercised


@settings(max_examples=300, deadline=None)
@given(st.floats(-2, 12), st.floats(-2, 12), st.floats(-2, 12), st.floats(-2, 12))
def test_segment_near_a_square_edge_matches_shapely(ax: float, ay: float, bx: float, by: float) -> None:
    square = Polygon([(0, 0), (10, 0), (10, 10), (0, 10)])
    seg = Segment(Vec(ax, ay), Vec(bx, by))
    if seg.a == seg.b:
        return
    assert _o_segment_polygon(seg, square) == _shapely_answer(seg, square)


def test_sight_blocker_test_on_a_convex_polygon_matches_shapely() -> None:
    from skirmish.geometry.sight import _blocks

    rng = random.Random(7)
    for _ in range(500):
        poly = _convex(rng)
        x0, y0, x1, y1 = poly.bounds
        ox, oy, px, py = (rng.uniform(x0 - 3, x1 + 3), rng.uniform(y0 - 3, y1 + 3),
                          rng.uniform(x0 - 3, x1 + 3), rng.uniform(y0 - 3, y1 + 3))
        expected = bool(poly._inner.intersects(Segment(Vec(ox, oy), Vec(px, py)).to_shapely()))
        assert _blocks(poly, ox, oy, px, py, []) == expected


def test_segment_grazing_inside_the_eps_margin_does_not_cross() -> None:
    square = Polygon([(0, 0), (10, 0), (10, 10), (0, 10)])
    assert not _o_segment_polygon(Segment(Vec(-1, EPS / 2), Vec(11, EPS / 2)), square)
    assert _o_segment_polygon(Segment(Vec(-1, 3 * EPS), Vec(11, 3 * EPS)), square)
    assert not _o_segment_polygon(Segment(Vec(-5, -5), Vec(-1, 20)), square)


def test_polygon_against_convex_polygon_matches_shapely_on_random_shapes() -> None:
    """Swept moves (polygons, convex or not) against convex terrain: the closed form answers as shapely does."""
    rng = random.Random(11)
    checked = crossing = 0
    for _ in range(2000):
        terrain = _convex(rng)
        x0, y0, x1, y1 = terrain.bounds
        cx, cy = rng.uniform(x0 - 4, x1 + 4), rng.uniform(y0 - 4, y1 + 4)
        n = rng.randint(3, 7)
        angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
        moved = Polygon([(cx + rng.uniform(0.2, 4) * math.cos(a), cy + rng.uniform(0.2, 4) * math.sin(a))
                         for a in angles])  # star-shaped: often not convex
        if not terrain.convex or _boxes_apart_or_invalid(moved):
            continue
        got = _o_any_polygon(moved, terrain)
        assert got == bool(terrain._inner.intersects(moved.geom)), (terrain.points, moved.points)
        checked += 1
        crossing += got
    assert checked > 1500 and 200 < crossing < checked - 200


def _boxes_apart_or_invalid(p: Polygon) -> bool:
    return not p.geom.is_valid or p.geom.geom_type != "Polygon"


def test_rect_to_convex_polygon_distance_matches_shapely() -> None:
    from skirmish.geometry.shapes import Rect, distance

    rng = random.Random(5)
    touching = 0
    for _ in range(1500):
        terrain = _convex(rng)
        x0, y0, x1, y1 = terrain.bounds
        rect = Rect(Vec(rng.uniform(x0 - 4, x1 + 4), rng.uniform(y0 - 4, y1 + 4)), rng.uniform(0.2, 3),
                    rng.uniform(0.2, 3), rng.uniform(0, 360))
        got = distance(rect, terrain)
        expected = float(rect.to_shapely().distance(terrain.geom))
        assert abs(got - expected) <= 1e-9, (rect, terrain.points)
        touching += got == 0.0
    assert 100 < touching < 1400
