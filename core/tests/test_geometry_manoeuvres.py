"""Manoeuvres, swept regions, path checks and travel limits (skirmish.geometry.manoeuvres)."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import assume, given
from hypothesis import strategies as st

from skirmish.geometry import (
    MAX_ARC_ERROR,
    TABLE_EDGE,
    Circle,
    Polygon,
    Rect,
    Table,
    Terrain,
    Vec,
    advance,
    distance,
    max_advance,
    max_move,
    max_retreat,
    max_shuffle,
    move_circle,
    overlaps,
    path_clear,
    retreat,
    rotate,
    shuffle,
    to_shapely,
    touching,
    travel_limit,
    wheel,
    wheel_angle,
    wheel_chord,
)

coord = st.floats(-20, 20, allow_nan=False)
points = st.builds(Vec, coord, coord)
rects = st.builds(Rect, points, st.floats(0.5, 8), st.floats(0.5, 6), st.floats(0, 360))
circles = st.builds(Circle, points, st.floats(0.2, 2))


def close(a: Vec, b: Vec, tol: float = 1e-9) -> bool:
    return a.distance_to(b) <= tol


def dense_union(rects: list[Rect]) -> shapely.Geometry:
    return shapely.unary_union([to_shapely(r) for r in rects])


def unit(x: float, y: float, facing: float = 90, width: float = 4, depth: float = 2) -> Rect:
    return Rect(Vec(x, y), width, depth, facing)


# ----------------------------------------------------------------------- straight moves


def test_advance_moves_forwards_and_sweeps_the_strip():
    r = unit(10, 10)
    end, swept = advance(r, 3)
    assert close(end.centre, Vec(10, 13)) and end.facing == r.facing
    assert swept.area == pytest.approx(4 * 5)
    assert swept.geom.covers(to_shapely(r)) and swept.geom.buffer(1e-9).covers(to_shapely(end))
    with pytest.raises(ValueError):
        advance(r, -1)


def test_retreat_and_shuffle():
    r = unit(10, 10)
    assert close(retreat(r, 1.5).end.centre, Vec(10, 8.5))
    assert retreat(r, 1.5).end.facing == 90
    assert close(shuffle(r, 2).end.centre, Vec(12, 10))  # facing +y, right is +x
    assert close(shuffle(r, -2).end.centre, Vec(8, 10))
    assert shuffle(r, 2).swept.area == pytest.approx(6 * 2)
    with pytest.raises(ValueError):
        retreat(r, -1)


# ---------------------------------------------------------------------------- wheeling


def test_wheel_ninety_degrees_about_the_left_corner():
    r = unit(0, 0)  # front-left (-2, 1), front-right (2, 1)
    end, swept = wheel(r, 4 * math.sqrt(2), pivot="left")
    assert end.facing == pytest.approx(180)  # turned to its left
    assert close(end.corner("front-left"), Vec(-2, 1))
    assert close(end.corner("front-right"), Vec(-2, 5))  # swung forwards like a door
    steps = [r.rotated(90 * i / 720, about=Vec(-2, 1)) for i in range(721)]
    truth = dense_union(steps)
    assert truth.difference(swept.geom).area < 1e-9  # nothing swept is missed
    arc = math.hypot(4, 2) * math.pi / 2
    assert swept.geom.difference(truth).area < arc * MAX_ARC_ERROR  # and little extra is claimed
    assert swept.area == pytest.approx(truth.area, abs=arc * MAX_ARC_ERROR)


def test_wheel_right_and_backwards():
    r = unit(0, 0)
    end = wheel(r, 2, pivot="right").end
    assert end.facing < 90 and close(end.corner("front-right"), r.corner("front-right"))
    back = wheel(r, 2, pivot="left", backwards=True).end
    assert back.facing < 90 and close(back.corner("front-left"), r.corner("front-left"))
    moved = back.corner("front-right") - r.corner("front-right")
    assert moved.dot(r.forward) < 0  # the swinging corner went backwards
    assert moved.length() == pytest.approx(2)


def test_wheel_limits_and_helpers():
    assert wheel_angle(4, 4 * math.sqrt(2)) == pytest.approx(90)
    assert wheel_chord(4, 90) == pytest.approx(4 * math.sqrt(2))
    assert wheel_chord(4, wheel_angle(4, 3)) == pytest.approx(3)
    with pytest.raises(ValueError):
        wheel(unit(0, 0), 8.5)
    with pytest.raises(ValueError):
        wheel(unit(0, 0), 1, pivot="middle")
    r = unit(0, 0)
    assert wheel(r, 0).end == r


def test_rotate_about_the_centre_sweeps_the_turning_circle():
    r = unit(5, 5)
    end, swept = rotate(r, 180)
    assert end.centre == r.centre and end.facing == 180
    truth = dense_union([r.rotated(90 * i / 720) for i in range(721)])
    assert truth.difference(swept.geom).area < 1e-9
    assert swept.geom.difference(truth).area < 4 * math.hypot(2, 1) * math.pi / 2 * MAX_ARC_ERROR
    assert rotate(r, -90).end.facing == 270  # the short way round: clockwise
    assert rotate(r, 90).swept.parts == (r, r)


# ------------------------------------------------------------------------ path checks


def test_path_clear_reports_what_is_in_the_way():
    table = Table(48, 48, (Terrain(Rect(Vec(30, 20), 4, 4, 0), {"impassable"}, "tower"),))
    r = unit(10, 10)
    enemy = unit(10, 16, 270)
    assert path_clear(advance(r, 4), [enemy]) is None  # ends in contact: allowed
    assert path_clear(advance(r, 4.1), [enemy]) == enemy
    assert path_clear(advance(r, 10), [unit(14, 14)]) is None  # flush alongside the path
    beside = unit(14, 10)  # flush on the right
    assert path_clear(shuffle(r, 0.5), [beside]) == beside
    assert path_clear(shuffle(r, 0.5), [unit(30, 30), beside]) == beside
    r2 = unit(30, 10)
    assert path_clear(advance(r2, 7), table=table) is None
    assert path_clear(advance(r2, 8), table=table) == table.terrain[0]
    assert path_clear(advance(r2, 8), table=table, ignore=table.terrain) is None
    assert path_clear(advance(unit(10, 44), 4), table=table) == TABLE_EDGE
    assert path_clear(advance(unit(10, 44), 3), table=table) is None


def test_wheel_path_hits_what_the_door_swings_through():
    r = unit(0, 0)
    post = Circle(Vec(1, 2.5), 0.2)  # in the arc of the front-right corner
    assert path_clear(wheel(r, 4 * math.sqrt(2)), [post]) == post
    assert path_clear(wheel(r, 1), [post]) is None
    behind_hinge = Circle(Vec(-3, 0), 0.5)  # to the left of the hinge corner: never swept
    assert path_clear(wheel(r, 4), [behind_hinge]) is None


def test_move_circle_sweeps_a_capsule():
    c = Circle(Vec(0, 0), 0.5)
    end, swept = move_circle(c, Vec(4, 0))
    assert end.centre == Vec(4, 0)
    assert swept.area == pytest.approx(math.pi * 0.25 + 4, rel=1e-3)
    assert path_clear(swept, [Circle(Vec(2, 1), 0.5)]) is None  # touches the side of the path
    assert path_clear(swept, [Circle(Vec(2, 0.9), 0.5)]) is not None
    assert move_circle(c, Vec(0, 0)).swept.parts == (c,)


# ----------------------------------------------------------------------- travel limits


def test_max_advance_against_units_terrain_and_edge():
    r = unit(10, 10)
    assert max_advance(r, [unit(10, 16, 270)], 10) == pytest.approx(4)
    assert max_advance(r, [unit(13.5, 16, 270)], 10) == pytest.approx(4)  # overlaps the lane by 0.5
    assert max_advance(r, [unit(14, 16, 270)], 10) == 10  # flush with the lane: slides past
    assert max_advance(r, [unit(10, 5)], 10) == 10  # behind
    assert max_advance(r, [Circle(Vec(12.5, 15), 1)], 10) == pytest.approx(4 - math.sqrt(0.75))  # hits the corner
    diamond = Rect(Vec(10, 16), 2, 2, 45)
    assert max_advance(r, [diamond], 10) == pytest.approx(5 - math.sqrt(2))
    table = Table(48, 20, (Terrain(Polygon([(9, 14), (10, 17), (8, 17)]), {"impassable"}),))
    assert max_advance(r, [], 10, table) == pytest.approx(3)  # the triangle's tip
    assert max_advance(unit(20, 10), [], 100, table) == pytest.approx(9)  # the table edge
    assert travel_limit(unit(20, 10), "forward", [], 100, table)[1] == TABLE_EDGE
    assert max_advance(unit(2, 10), [], 100, Table(48, 48)) == pytest.approx(37)  # flush with the side edge


def test_travel_limit_names_what_stops_it():
    r = unit(10, 10)
    near, far = unit(10, 16, 270), unit(10, 20, 270)
    assert travel_limit(r, "forward", [far, near], 10) == (pytest.approx(4), near)
    assert travel_limit(r, "forward", [far], 2) == (2, None)
    table = Table(48, 48, (Terrain(Rect(Vec(10, 14), 6, 1, 0), {"impassable"}, "chasm"),))
    assert travel_limit(r, "forward", [], 10, table)[1] is table.terrain[0]
    assert max_advance(r, [], 10, table, ignore=table.terrain) == 10
    assert max_advance(r, [], 10, table, terrain_keywords={"rough"}) == 10
    assert max_advance(r, [r], 5) == 5  # the mover never blocks itself
    with pytest.raises(ValueError):
        travel_limit(r, "up", [])


def test_max_retreat_and_shuffle():
    r = unit(10, 10)
    assert max_retreat(r, [unit(10, 5)], 10) == pytest.approx(3)
    assert max_shuffle(r, [unit(20, 10)], 10) == pytest.approx(6)
    assert max_shuffle(r, [unit(20, 10)], 10, left=True) == 10
    assert max_shuffle(r, [], 100, Table(48, 48), left=True) == pytest.approx(8)


def test_max_move_for_round_bases():
    c = Circle(Vec(0, 0), 0.5)
    assert max_move(c, Vec(10, 0), [Circle(Vec(5, 0), 0.5)]) == pytest.approx(4)
    assert max_move(c, Vec(10, 0), [Circle(Vec(5, 0.9), 0.5)]) == pytest.approx(5 - math.sqrt(1 - 0.81))
    assert max_move(c, Vec(10, 0), [Circle(Vec(5, 1), 0.5)]) == pytest.approx(10)  # grazes past
    assert max_move(c, Vec(10, 0), [Rect(Vec(5, 0), 2, 2, 0)]) == pytest.approx(3.5)
    assert max_move(c, Vec(10, 0), [Rect(Vec(5, 1.2), 2, 2, 0)]) == pytest.approx(4 - math.sqrt(0.25 - 0.04))
    assert max_move(c, Vec(3, 0), []) == pytest.approx(3)


# --------------------------------------------------------------------------- properties


@given(rects, st.floats(0, 10), st.floats(-5, 5), st.floats(0, 1), st.booleans(), st.booleans(), st.floats(0, 360))
def test_manoeuvres_preserve_area(r, dist, side, frac, right, backwards, facing):
    for move in (
        advance(r, dist),
        retreat(r, dist),
        shuffle(r, side),
        wheel(r, frac * 2 * r.width, "right" if right else "left", backwards),
        rotate(r, facing),
    ):
        assert move.end.area == pytest.approx(r.area)
        assert move.end.width == r.width and move.end.depth == r.depth


@given(rects, st.floats(0, 1), st.booleans(), st.booleans())
def test_wheel_keeps_the_pivot_and_moves_the_corner_the_chord(r, frac, right, backwards):
    travel = frac * 2 * r.width
    end = wheel(r, travel, "right" if right else "left", backwards).end
    hinge, swing = ("front-right", "front-left") if right else ("front-left", "front-right")
    assert close(end.corner(hinge), r.corner(hinge), 1e-9)
    assert end.corner(swing).distance_to(r.corner(swing)) == pytest.approx(travel, abs=1e-9)
    assert end.centre.distance_to(r.corner(hinge)) == pytest.approx(r.centre.distance_to(r.corner(hinge)))


@given(rects, st.floats(0.01, 1), st.booleans(), st.booleans())
def test_wheel_swept_region_covers_every_step(r, frac, right, backwards):
    move = wheel(r, frac * 2 * r.width, "right" if right else "left", backwards)
    turn = wheel_angle(r.width, frac * 2 * r.width) * (-1 if right != backwards else 1)
    hinge = r.corner("front-right" if right else "front-left")
    steps = [r.rotated(turn * i / 24, about=hinge) for i in range(25)]
    assert dense_union(steps).difference(move.swept.geom).area < 1e-6


@given(rects, st.floats(-179, 179))
def test_rotate_swept_region_covers_every_step(r, turn):
    move = rotate(r, r.facing + turn)
    steps = [r.rotated(turn * i / 24) for i in range(25)]
    assert dense_union(steps).difference(move.swept.geom).area < 1e-6
    assert abs((move.end.facing - r.facing - turn + 180) % 360 - 180) < 1e-9


@given(rects, st.floats(0, 20))
def test_advance_then_retreat_returns_to_start(r, dist):
    back = retreat(advance(r, dist).end, dist).end
    assert close(back.centre, r.centre, 1e-9) and back.facing == r.facing


@given(rects, st.floats(-10, 10))
def test_shuffle_there_and_back(r, dist):
    assert close(shuffle(shuffle(r, dist).end, -dist).end.centre, r.centre, 1e-9)


def _bisect_advance(r: Rect, obstacles: list, limit: float) -> float:
    """Reference: the largest advance (to 1e-4) whose swept strip overlaps nothing."""
    if not any(advance(r, limit).swept.overlaps(o) for o in obstacles):
        return limit
    lo, hi = 0.0, limit
    while hi - lo > 1e-4:
        mid = (lo + hi) / 2
        if any(advance(r, mid).swept.overlaps(o) for o in obstacles):
            hi = mid
        else:
            lo = mid
    return lo


@given(rects, st.lists(st.one_of(rects, circles), max_size=4), st.floats(0.5, 15))
def test_max_advance_matches_a_search(r, obstacles, limit):
    obstacles = [o for o in obstacles if distance(r, o) > 1e-3]
    got = max_advance(r, obstacles, limit)
    assert got == pytest.approx(_bisect_advance(r, obstacles, limit), abs=0.01)
    end = advance(r, got).end
    assert not any(overlaps(end, o) for o in obstacles)
    if got < limit:
        assert any(touching(end, o, tol=1e-6) for o in obstacles)


@given(circles, points, st.lists(st.one_of(rects, circles), max_size=4))
def test_max_move_stops_at_first_contact(c, to, obstacles):
    obstacles = [o for o in obstacles if distance(c, o) > 1e-3]
    assume(c.centre.distance_to(to) > 1e-3)
    got = max_move(c, to, obstacles)
    step = (to - c.centre).normalized()
    end = Circle(c.centre + step * got, c.radius)
    assert not any(overlaps(end, o) for o in obstacles)
    assert not any(move_circle(c, end.centre).swept.overlaps(o) for o in obstacles)
    if got < c.centre.distance_to(to) - 1e-9:
        assert any(touching(end, o, tol=1e-6) for o in obstacles)
