"""Shapes, distances, overlap, contact and area (skirmish.geometry.shapes)."""

from __future__ import annotations

import math

import cattrs
import pytest
import shapely
from hypothesis import given
from hypothesis import strategies as st

from skirmish.geometry import (
    EPS,
    Circle,
    Contact,
    Polygon,
    Rect,
    Segment,
    Vec,
    area_fraction,
    closest_edge,
    closest_point,
    contact_edges,
    contains,
    distance,
    front_distance,
    mm,
    overlaps,
    to_shapely,
    touching,
    within,
)

# ----------------------------------------------------------------------- strategies

coord = st.floats(-20, 20, allow_nan=False)
size = st.floats(0.5, 8, allow_nan=False)
angle = st.floats(0, 360, allow_nan=False)
points = st.builds(Vec, coord, coord)
rects = st.builds(Rect, points, size, size, angle)
circles = st.builds(Circle, points, st.floats(0.2, 3))
segments = st.builds(Segment, points, points)
plain_shapes = st.one_of(rects, circles, segments, points)


def rigid(shape, degrees: float, about: Vec, offset: Vec):
    """Rotate ``shape`` about ``about`` then translate it."""
    if isinstance(shape, Rect):
        return shape.rotated(degrees, about).translated(offset)
    if isinstance(shape, Circle):
        return Circle(shape.centre.rotated(degrees, about) + offset, shape.radius)
    if isinstance(shape, Segment):
        return Segment(shape.a.rotated(degrees, about) + offset, shape.b.rotated(degrees, about) + offset)
    return shape.rotated(degrees, about) + offset


def approx_vec(v: Vec, x: float, y: float, tol: float = 1e-9) -> bool:
    return abs(v.x - x) <= tol and abs(v.y - y) <= tol


# ----------------------------------------------------------------------------- Vec


def test_mm_converts_to_inches():
    assert mm(25.4) == pytest.approx(1.0)
    assert mm(100) == pytest.approx(3.937, abs=1e-3)


def test_vec_arithmetic_and_angles():
    a, b = Vec(1, 2), Vec(3, -1)
    assert a + b == Vec(4, 1)
    assert a - b == Vec(-2, 3)
    assert a * 2 == 2 * a == Vec(2, 4)
    assert a.dot(b) == 1
    assert Vec(1, 0).cross(Vec(0, 1)) == 1  # counter-clockwise is positive
    assert Vec(3, 4).length() == 5
    assert approx_vec(Vec(1, 0).rotated(90), 0, 1)
    assert approx_vec(Vec(2, 1).rotated(180, about=Vec(1, 1)), 0, 1)
    assert Vec(0, 2).angle() == pytest.approx(90)
    assert approx_vec(Vec.polar(90, 2), 0, 2)
    assert tuple(Vec(1, 2)) == (1, 2)
    with pytest.raises(ValueError):
        Vec(0, 0).normalized()


# ----------------------------------------------------------------------------- Rect


def test_rect_corners_edges_and_front():
    r = Rect(Vec(0, 0), 4, 2, 90)  # facing +y: front edge at y = 1, right is +x
    fl, fr, rr, rl = r.corners
    assert approx_vec(fl, -2, 1) and approx_vec(fr, 2, 1)
    assert approx_vec(rr, 2, -1) and approx_vec(rl, -2, -1)
    assert approx_vec(r.front_centre, 0, 1)
    assert approx_vec(r.edge_centre("right"), 2, 0)
    assert approx_vec(r.edge_centre("rear"), 0, -1)
    assert approx_vec(r.edge_centre("left"), -2, 0)
    front = r.edge("front")
    assert approx_vec(front.a, -2, 1) and approx_vec(front.b, 2, 1)
    assert list(r.edges) == ["front", "right", "rear", "left"]
    assert r.area == 8
    assert approx_vec(r.corner("rear-left"), -2, -1)


def test_rect_facing_zero_points_along_x():
    r = Rect(Vec(0, 0), 4, 2, 0)
    assert approx_vec(r.front_centre, 1, 0)
    assert approx_vec(r.corner("front-left"), 1, 2)  # left of +x is +y
    assert approx_vec(r.to_local(Vec(1, -2)), 2, 1)  # local: x to the right, y forwards
    assert approx_vec(r.to_world(Vec(2, 1)), 1, -2)


def test_rect_copies():
    r = Rect((1, 1), 4, 2, 90)
    assert approx_vec(r.moved(forward=3).centre, 1, 4)
    assert approx_vec(r.moved(right=2).centre, 3, 1)
    assert r.rotated(450).facing == pytest.approx(180)
    assert Rect((0, 0), 1, 1, -90).facing == 270
    turned = r.rotated(90, about=r.corner("front-left"))
    assert approx_vec(turned.corner("front-left"), *r.corner("front-left"))
    assert r.translated(Vec(1, 1)).centre == Vec(2, 2)
    with pytest.raises(ValueError):
        Rect((0, 0), 0, 2)


def test_shapes_round_trip_through_cattrs():
    conv = cattrs.Converter()
    r = Rect(Vec(1.5, 2), 4, 2, 45)
    p = Polygon([(0, 0), (1, 0), (0, 1)], {"Rough"}, "scree")
    assert conv.structure(conv.unstructure(r), Rect) == r
    assert conv.structure(conv.unstructure(p), Polygon) == p
    assert conv.structure(conv.unstructure(Circle((1, 1), 0.5)), Circle) == Circle(Vec(1, 1), 0.5)


def test_polygon_keywords_and_validation():
    p = Polygon([(0, 0), (2, 0), (2, 2), (0, 2)], ["Blocking", "IMPASSABLE"], "tower")
    assert p.keywords == {"blocking", "impassable"}
    assert p.has("Blocking") and not p.has("rough")
    assert p.area == pytest.approx(4)
    assert Polygon([(0, 0), (1, 0), (0, 1)], "Rough").keywords == {"rough"}
    with pytest.raises(ValueError):
        Polygon([(0, 0), (1, 1)])
    circle_poly = Polygon.from_shape(Circle((0, 0), 1))
    assert circle_poly.area == pytest.approx(math.pi, rel=1e-2)


# ------------------------------------------------------------------------- distance


def test_rect_rect_distances():
    a = Rect(Vec(0, 0), 4, 2, 90)
    assert distance(a, Rect(Vec(0, 5), 4, 2, 90)) == pytest.approx(3)
    assert distance(a, Rect(Vec(5, 4), 2, 2, 0)) == pytest.approx(math.hypot(2, 2))  # corner to corner
    diamond = Rect(Vec(0, 3 + math.sqrt(2)), 2, 2, 45)  # a corner pointing at the front edge
    assert distance(a, diamond) == pytest.approx(2)
    assert distance(a, Rect(Vec(1, 1), 1, 1, 30)) == 0.0


def test_front_distance_measures_from_the_front_edge_centre():
    shooter = Rect(Vec(0, 0), 4, 2, 90)
    target = Rect(Vec(6, 5), 2, 2, 0)  # ahead and off to the right
    assert distance(shooter, target) == pytest.approx(math.hypot(3, 3))
    assert front_distance(shooter, target) == pytest.approx(math.hypot(5, 3))


def test_circle_and_mixed_distances():
    a, b = Circle(Vec(0, 0), 0.5), Circle(Vec(3, 4), 1)
    assert distance(a, b) == pytest.approx(3.5)
    assert distance(Rect(Vec(0, 0), 2, 2, 0), Circle(Vec(4, 0), 1)) == pytest.approx(2)
    assert distance(Vec(0, 0), Segment(Vec(-1, 2), Vec(1, 2))) == pytest.approx(2)
    assert distance(Segment(Vec(-5, 0), Vec(5, 0)), Rect(Vec(0, 0), 1, 1, 10)) == 0.0
    poly = Polygon([(10, 0), (12, 0), (12, 2), (10, 2)])
    assert distance(Rect(Vec(0, 1), 2, 2, 0), poly) == pytest.approx(9)
    assert distance(Circle(Vec(0, 1), 1), poly) == pytest.approx(9)
    assert distance(poly, Vec(11, 1)) == 0.0


def test_within_and_contains():
    r = Rect(Vec(0, 0), 2, 2, 0)
    assert within(r, Circle(Vec(5, 0), 1), 3)
    assert not within(r, Circle(Vec(5, 0), 1), 2.9)
    assert contains(r, Vec(1, 1)) and contains(r, Vec(0, 0)) and not contains(r, Vec(1.1, 0))
    assert contains(Circle(Vec(0, 0), 1), Vec(0, 1)) and not contains(Circle(Vec(0, 0), 1), Vec(0, 1.01))
    assert contains(Polygon([(0, 0), (2, 0), (0, 2)]), Vec(1, 1))


def test_closest_point_and_edge():
    r = Rect(Vec(0, 0), 4, 2, 90)
    assert approx_vec(closest_point(r, Vec(5, 5)), 2, 1)
    assert approx_vec(closest_point(r, Vec(0, 0.5)), 0, 0.5)
    assert approx_vec(closest_point(Circle(Vec(0, 0), 1), Vec(3, 0)), 1, 0)
    assert closest_edge(r, Vec(0, 10)) == "front"
    assert closest_edge(r, Vec(10, 0.5)) == "right"
    assert closest_edge(r, Vec(-1, -7)) == "rear"


# ------------------------------------------------------------------ overlap, contact


def test_touching_is_not_overlap():
    a = Rect(Vec(0, 0), 4, 2, 90)
    flush = Rect(Vec(0, 2), 4, 2, 270)
    assert touching(a, flush) and not overlaps(a, flush)
    into = flush.translated(Vec(0, -0.001))
    assert overlaps(a, into) and not touching(a, into)
    gap = flush.translated(Vec(0, 0.05))
    assert not touching(a, gap) and touching(a, gap, tol=0.1)
    assert touching(Circle(Vec(0, 0), 0.5), Circle(Vec(1, 0), 0.5))
    assert not overlaps(Circle(Vec(0, 0), 0.5), Circle(Vec(1, 0), 0.5))


def test_overlaps_with_polygons_and_segments():
    poly = Polygon([(0, 0), (4, 0), (4, 4), (0, 4)])
    assert overlaps(Rect(Vec(4.5, 2), 2, 2, 0), poly)
    assert not overlaps(Rect(Vec(5, 2), 2, 2, 0), poly)  # flush against it
    assert overlaps(Circle(Vec(5, 2), 1.1), poly) and not overlaps(Circle(Vec(5, 2), 1), poly)
    assert overlaps(Segment(Vec(-1, 2), Vec(5, 2)), poly)
    assert not overlaps(Segment(Vec(-1, 0), Vec(5, 0)), poly)  # along an edge
    assert not overlaps(Segment(Vec(-1, 0), Vec(5, 0)), Rect(Vec(2, 1), 2, 2, 0))  # grazes the rect's edge
    assert overlaps(Segment(Vec(-1, 0.5), Vec(5, 0.5)), Rect(Vec(2, 1), 2, 2, 0))
    assert not overlaps(Vec(1, 1), poly)


def test_contact_on_front_edge():
    unit = Rect(Vec(0, 0), 4, 2, 90)
    enemy = Rect(Vec(0, 2), 4, 2, 270)  # face to face, exactly aligned
    assert contact_edges(unit, enemy) == Contact(frozenset({"front"}), frozenset({"front-left", "front-right"}))
    narrower = Rect(Vec(0.5, 2), 2, 2, 270)
    assert contact_edges(unit, narrower) == Contact(frozenset({"front"}), frozenset())


def test_contact_on_flank_and_rear():
    unit = Rect(Vec(0, 0), 4, 2, 90)
    flanker = Rect(Vec(3, 0), 2, 2, 180)  # against the right edge, facing it
    assert contact_edges(unit, flanker).edges == {"right"}
    assert contact_edges(unit, flanker).corners == {"front-right", "rear-right"}
    behind = Rect(Vec(-1, -2), 2, 2, 90)  # against the rear edge, covering the rear-left corner
    contact = contact_edges(unit, behind)
    assert contact.edges == {"rear"} and contact.corners == {"rear-left"}
    short_flank = Rect(Vec(-3, -0.25), 1.5, 2, 0)  # on the left edge, flush with the rear
    contact = contact_edges(unit, short_flank)
    assert contact.edges == {"left"} and contact.corners == {"rear-left"}


def test_contact_at_rear_corner_only():
    unit = Rect(Vec(0, 0), 4, 2, 90)
    corner_to_corner = Rect(Vec(3, -2), 2, 2, 90)  # its front-left touches our rear-right
    assert contact_edges(unit, corner_to_corner) == Contact(frozenset(), frozenset({"rear-right"}))
    tilted = Rect(Vec(0, 0), 2, 2, 30)
    tip = max(tilted.corners, key=lambda c: c.y - c.x)  # the corner nearest the unit's rear-right
    tilted = tilted.translated(Vec(2, -1) - tip)  # now wholly in x - y >= 3, meeting the unit at (2, -1) only
    assert distance(unit, tilted) == pytest.approx(0, abs=1e-9)
    assert contact_edges(unit, tilted).edges == frozenset()
    assert contact_edges(unit, tilted).corners == {"rear-right"}


def test_contact_by_a_corner_in_the_middle_of_an_edge():
    unit = Rect(Vec(0, 0), 4, 2, 90)
    diamond = Rect(Vec(-2 - math.sqrt(2), 0), 2, 2, 45)  # its corner pokes the middle of our left edge
    contact = contact_edges(unit, diamond)
    assert contact.edges == {"left"} and contact.corners == frozenset()
    assert contact_edges(unit, Circle(Vec(0, -1.5), 0.5)) == Contact(frozenset({"rear"}), frozenset())
    assert contact_edges(unit, Circle(Vec(2.5, 1.5), 0.5)).edges == frozenset()


def test_contact_with_tolerance_and_none():
    unit = Rect(Vec(0, 0), 4, 2, 90)
    near = Rect(Vec(0, 2.05), 4, 2, 270)
    assert not contact_edges(unit, near)
    assert contact_edges(unit, near, tol=0.1).edges == {"front"}
    assert not contact_edges(unit, Circle(Vec(10, 10), 1))


# ------------------------------------------------------------------------------ area


def test_area_fraction():
    hill = Polygon([(0, 0), (10, 0), (10, 10), (0, 10)], {"elevated"})
    assert area_fraction(Rect(Vec(5, 5), 2, 2, 33), hill) == 1.0
    assert area_fraction(Rect(Vec(10, 5), 2, 2, 0), hill) == pytest.approx(0.5)
    assert area_fraction(Rect(Vec(10.4, 5), 2, 2, 0), hill) == pytest.approx(0.3)
    assert area_fraction(Rect(Vec(20, 5), 2, 2, 0), hill) == 0.0
    assert area_fraction(Circle(Vec(0, 5), 1), hill) == pytest.approx(0.5, abs=1e-3)
    assert area_fraction(Rect(Vec(0, 0), 2, 2, 0), Rect(Vec(1, 0), 2, 2, 0)) == pytest.approx(0.5)


# ----------------------------------------------------------------------- properties


@given(plain_shapes, plain_shapes)
def test_distance_symmetric_and_non_negative(a, b):
    d = distance(a, b)
    assert d >= 0.0
    assert d == pytest.approx(distance(b, a), abs=1e-9)


@given(plain_shapes, plain_shapes, angle, points, points)
def test_distance_invariant_under_rotation_and_translation(a, b, degrees, about, offset):
    moved = distance(rigid(a, degrees, about, offset), rigid(b, degrees, about, offset))
    assert moved == pytest.approx(distance(a, b), abs=1e-6)


@given(st.one_of(rects, circles), st.one_of(rects, circles))
def test_zero_distance_iff_overlap_or_touching(a, b):
    d = distance(a, b)
    if overlaps(a, b):
        assert d == 0.0
        assert not touching(a, b)
    if d > EPS:
        assert not overlaps(a, b) and not touching(a, b)
    assert (d <= EPS) == (overlaps(a, b) or touching(a, b))


@given(rects, size, st.floats(-1, 1), st.floats(0, 360))
def test_rect_placed_flush_touches_without_overlap(a, depth, slide, turn):
    """A rect placed against a's front edge (any sideways offset that still meets it) touches a."""
    other = Rect(a.centre, a.width, depth, a.facing + 180).moved(forward=-(a.depth + depth) / 2, right=slide * a.width)
    assert distance(a, other) <= 1e-9
    assert touching(a, other) and not overlaps(a, other)
    contact = contact_edges(a, other)
    if abs(slide) < 0.9:
        assert "front" in contact.edges
    assert not contact.edges & {"rear"}


@given(points, points, st.floats(0.1, 3), st.floats(0.1, 3))
def test_circle_distance_is_centre_distance_minus_radii(c1, c2, r1, r2):
    assert distance(Circle(c1, r1), Circle(c2, r2)) == pytest.approx(max(0.0, c1.distance_to(c2) - r1 - r2), abs=1e-12)


@given(rects, rects)
def test_rect_distance_matches_shapely(a, b):
    assert distance(a, b) == pytest.approx(to_shapely(a).distance(to_shapely(b)), abs=1e-6)


@given(rects, circles)
def test_rect_circle_distance_matches_shapely(r, c):
    expected = max(0.0, to_shapely(r).distance(shapely.Point(c.centre.x, c.centre.y)) - c.radius)
    assert distance(r, c) == pytest.approx(expected, abs=1e-6)


@given(rects, rects)
def test_rect_overlap_agrees_with_shapely(a, b):
    ga, gb = to_shapely(a), to_shapely(b)
    if overlaps(a, b):
        assert ga.intersects(gb)
    if ga.intersection(gb).area > 1e-3:
        assert overlaps(a, b)


@given(rects, rects)
def test_rect_polygon_overlap_matches_rect_rect(a, b):
    assert overlaps(a, Polygon.from_shape(b)) == overlaps(a, b)
    assert Polygon.from_shape(b).convex


@given(rects, st.floats(-3, 3), st.floats(-3, 3))
def test_overlap_with_a_concave_polygon_matches_shapely(r, dx, dy):
    ell = Polygon([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    assert not ell.convex
    moved = r.translated(Vec(dx, dy))
    area = to_shapely(moved).intersection(ell.geom).area
    if overlaps(moved, ell):
        assert area > 0
    if area > 1e-4:
        assert overlaps(moved, ell)


@given(rects, segments)
def test_segment_rect_distance_matches_shapely(r, s):
    assert distance(r, s) == pytest.approx(to_shapely(r).distance(to_shapely(s)), abs=1e-6)


@given(rects, st.floats(-6, 6), st.floats(-6, 6))
def test_area_fraction_agrees_with_overlap(r, dx, dy):
    other = r.translated(Vec(dx, dy))
    frac = area_fraction(r, other)
    assert 0.0 <= frac <= 1.0
    if not overlaps(r, other):
        assert frac == pytest.approx(0.0, abs=1e-5)
    if frac > 1e-4:
        assert overlaps(r, other)
    assert area_fraction(r, r) == 1.0
