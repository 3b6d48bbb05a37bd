"""Terrain, the table and line of sight (skirmish.geometry.sight)."""

from __future__ import annotations

import cattrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.geometry import (
    EPS,
    Circle,
    Polygon,
    Rect,
    Segment,
    Table,
    Terrain,
    Vec,
    crossed_shapes,
    distance,
    line_of_sight,
    sample_points,
    segment_crosses,
    sight_line,
)


def box(x0: float, y0: float, x1: float, y1: float, *keywords: str, name: str = "") -> Terrain:
    return Terrain(Polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)]), keywords, name)


TOWER = box(20, 20, 24, 24, "blocking", "impassable", name="tower")
WOOD = box(20, 30, 26, 34, "obscuring", "rough", name="wood")
TABLE = Table(48, 48, (TOWER, WOOD))


def unit(x: float, y: float, facing: float = 90, width: float = 4, depth: float = 2) -> Rect:
    return Rect(Vec(x, y), width, depth, facing)


# ------------------------------------------------------------------------ terrain, table


def test_terrain_merges_polygon_keywords_and_name():
    t = Terrain(Polygon([(0, 0), (1, 0), (0, 1)], {"Blocking"}, "rock"), {"Large"})
    assert t.keywords == {"blocking", "large"} and t.name == "rock"
    assert t.has("LARGE") and not t.has("rough")
    round_pond = Terrain(Circle(Vec(5, 5), 2), "rough")
    assert round_pond.keywords == {"rough"}
    assert distance(unit(5, 8.5), round_pond) == pytest.approx(0.5)


def test_table_round_trips_through_cattrs():
    conv = cattrs.Converter()
    table = Table(48, 36, (TOWER, Terrain(Rect(Vec(5, 5), 3, 3, 0), {"rough"})))
    assert conv.structure(conv.unstructure(table), Table) == table


def test_edge_overlap():
    table = Table(48, 36)
    assert not table.edge_overlap(unit(10, 10))
    assert not table.edge_overlap(unit(2, 1))  # flush with two edges
    assert table.edge_overlap(unit(1.9, 10))
    assert table.edge_overlap(unit(100, 10))
    assert table.edge_overlap(Circle(Vec(47.5, 10), 1))
    assert not table.edge_overlap(Circle(Vec(47, 10), 1))
    assert table.edge_overlap(Rect(Vec(46, 10), 4, 2, 45))


def test_terrain_queries():
    assert TABLE.terrain_within(unit(22, 17), 0) == []
    assert TABLE.terrain_within(unit(22, 19), 0) == [TOWER]  # front edge flush with the tower
    assert TABLE.terrain_within(unit(22, 17), 2.0) == [TOWER]
    assert TABLE.terrain_within(unit(22, 17), 20, keywords={"rough"}) == [WOOD]
    assert TABLE.terrain_overlapping(unit(22, 19)) == []
    assert TABLE.terrain_overlapping(unit(22, 19.5)) == [TOWER]
    assert TABLE.terrain_at(Vec(21, 31)) == [WOOD]
    assert TABLE.pieces("blocking") == [TOWER]


def test_many_pieces_use_the_index_with_the_same_answers():
    pieces = tuple(box(x, y, x + 1, y + 1, "blocking") for x in range(0, 40, 5) for y in range(0, 40, 10))
    table = Table(48, 48, pieces)
    assert len(pieces) > 16
    probe = (4.5, 4.5, 16, 12)
    expected = [
        t for t in pieces if t.bounds[0] <= 16 and t.bounds[2] >= 4.5 and t.bounds[1] <= 12 and t.bounds[3] >= 4.5
    ]
    assert table.candidates(probe) == expected
    assert table.terrain_at(Vec(10.5, 10.5)) == [pieces[9]]


# ----------------------------------------------------------------------- line of sight


def test_clear_sight_on_an_empty_table():
    shooter, target = unit(10, 5), unit(30, 40)
    assert line_of_sight(Table(48, 48), shooter.front_centre, target)
    assert line_of_sight(None, shooter.front_centre, target)


def test_unit_in_between_blocks_when_it_covers_the_target():
    shooter, target = unit(10, 5), unit(10, 25, 270)
    wall_of_troops = unit(10, 15, 90, width=12, depth=2)
    assert not line_of_sight(None, shooter.front_centre, target, blockers=[wall_of_troops])


def test_target_visible_around_a_narrow_unit():
    shooter, target = unit(10, 5), unit(10, 25, 270, width=6)
    skirmishers = unit(10, 15, 90, width=2, depth=1)
    line = sight_line(None, shooter.front_centre, target, blockers=[skirmishers])
    assert line is not None
    assert distance(line.b, target) <= EPS  # it ends on the target...
    assert crossed_shapes(line.a, line.b, [skirmishers]) == []  # ...and misses the blocker
    assert abs(line.b.x - 10) > 1  # not the closest point, which is hidden


def test_blocking_terrain_blocks_and_obscuring_does_not():
    shooter = unit(22, 10)
    behind_tower = unit(22, 27, width=2)
    behind_wood = unit(23, 38, width=2)
    assert not line_of_sight(TABLE, shooter.front_centre, behind_tower)
    assert line_of_sight(TABLE, shooter.front_centre, behind_wood.translated(Vec(10, 0)))
    assert line_of_sight(TABLE, Vec(23, 28), behind_wood)  # through the wood
    assert not line_of_sight(TABLE, Vec(23, 28), behind_wood, blocking_keywords={"blocking", "obscuring"})


def test_ignored_terrain_does_not_block():
    shooter, target = unit(22, 10), unit(22, 27, width=2)
    assert line_of_sight(TABLE, shooter.front_centre, target, ignore=[TOWER])
    assert line_of_sight(TABLE, shooter.front_centre, target, blocking_keywords=())


def test_large_units_ignore_what_is_not_large():
    """A Large exception is the caller's choice of blockers and terrain."""
    big_rock = box(20, 20, 24, 24, "blocking", "large")
    table = Table(48, 48, (TOWER.__class__(TOWER.shape, {"blocking"}, "hut"), big_rock))
    shooter, target = unit(22, 10), unit(22, 27, width=2)
    hut = table.terrain[0]
    assert not line_of_sight(table, shooter.front_centre, target)
    not_large = [t for t in table.terrain if not t.has("large", "elevated")]
    assert not_large == [hut]
    assert not line_of_sight(table, shooter.front_centre, target, ignore=not_large)  # the large rock still blocks
    assert line_of_sight(Table(48, 48, (hut,)), shooter.front_centre, target, ignore=not_large)


def test_grazing_a_corner_or_edge_does_not_block():
    table = Table(48, 48, (box(4, 0, 6, 2, "blocking"),))
    assert line_of_sight(table, Vec(0, 0), Vec(10, 0))  # along the bottom edge
    assert line_of_sight(table, Vec(0, 5), Vec(10, 0))  # touches the corner (6, 2) only
    assert not line_of_sight(table, Vec(0, 4), Vec(10, 0))  # cuts across the corner
    assert not line_of_sight(table, Vec(0, 1), Vec(10, 1))


def test_acting_unit_blocks_lines_through_itself():
    me = unit(10, 10)
    ahead, behind = unit(10, 20), unit(10, 0, width=2)
    assert line_of_sight(None, me.front_centre, ahead, blockers=[me, ahead])  # the target itself never blocks
    assert not line_of_sight(None, me.front_centre, behind, blockers=[me])
    beside = unit(20, 10)
    assert line_of_sight(None, me.front_centre, beside, blockers=[me])  # its front half is in view


def test_round_bases_and_partial_cover():
    archer, goblin = Circle(Vec(0, 0), 0.5), Circle(Vec(10, 0), 0.5)
    in_the_way = Circle(Vec(5, 0.1), 0.2)
    assert line_of_sight(None, archer.centre, goblin, blockers=[in_the_way])  # one side still in view
    assert not line_of_sight(None, archer.centre, goblin, blockers=[Circle(Vec(5, 0), 0.5)])
    assert crossed_shapes(archer.centre, goblin.centre, [in_the_way]) == [in_the_way]  # but it gives cover
    boulder = Terrain(Circle(Vec(5, 0), 1.5), {"blocking"})
    table = Table(24, 36, (boulder,))
    assert not line_of_sight(table, archer.centre, goblin)
    assert segment_crosses(table, archer.centre, goblin.centre, {"blocking"}) == [boulder]


def test_polygon_blockers_and_terrain_shapes():
    shooter = Vec(0, 0)
    target = Circle(Vec(10, 0), 0.5)
    wreck = Polygon([(4, -2), (6, -2), (6, 2), (4, 2)])  # any shape may block, e.g. a wreck marker
    assert not line_of_sight(None, shooter, target, blockers=[wreck])
    assert line_of_sight(None, shooter, target, blockers=[wreck.translated(Vec(0, 2.5))])
    hedge = Terrain(Rect(Vec(5, 5), 6, 0.5, 0), {"blocking"})  # 6" long, running along y from 2 to 8
    table = Table(24, 24, (hedge,))
    assert not line_of_sight(table, Vec(1, 5), Circle(Vec(10, 5), 0.5))
    assert line_of_sight(table, Vec(1, 5), Circle(Vec(10, 14), 0.5))


def test_origin_on_a_round_base_sees_outwards_only():
    me = Circle(Vec(0, 0), 0.5)
    eye = Vec(0.5, 0)  # on the base's edge
    assert line_of_sight(None, eye, Circle(Vec(5, 0), 0.5), blockers=[me])
    assert not line_of_sight(None, eye, Circle(Vec(-5, 0), 0.5), blockers=[me])


def test_origin_inside_the_target_sees_it():
    target = unit(10, 10)
    assert sight_line(None, Vec(10, 10), target) == Segment(Vec(10, 10), Vec(10, 10))


def test_segment_crosses_for_cover():
    a, b = Vec(23, 10), Vec(23, 40)
    assert segment_crosses(TABLE, a, b) == [TOWER, WOOD]
    assert segment_crosses(TABLE, a, b, {"obscuring", "blocking"}, ignore=[TOWER]) == [WOOD]
    assert segment_crosses(TABLE, a, b, {"arcane"}) == []
    assert segment_crosses(TABLE, Vec(0, 20), Vec(48, 20)) == []  # along the tower's edge
    assert segment_crosses(None, a, b) == []


def test_sample_points_cover_the_facing_outline():
    target = unit(0, 10, 270)  # 4 wide, 2 deep, centred at (0, 10)
    pts = sample_points(target, Vec(0, 0), spacing=0.5)
    assert pts[0] == pytest.approx(Vec(0, 9)) or distance(pts[0], Vec(0, 9)) < 1e-9
    assert all(distance(p, target) <= 1e-9 for p in pts)
    assert all(p.y <= 9 + 1e-9 for p in pts)  # only the side facing the origin
    xs = sorted(p.x for p in pts)
    assert xs[0] == pytest.approx(-2) and xs[-1] == pytest.approx(2)
    assert max(b - a for a, b in zip(xs, xs[1:], strict=False)) <= 0.5 + 1e-9
    arc = sample_points(Circle(Vec(0, 10), 1), Vec(0, 0), spacing=0.1)
    assert all(abs(p.distance_to(Vec(0, 10)) - 1) < 1e-9 and p.y < 10 for p in arc)


# --------------------------------------------------------------------------- properties

coord = st.floats(1, 47, allow_nan=False)
rects = st.builds(Rect, st.builds(Vec, coord, coord), st.floats(0.5, 6), st.floats(0.5, 3), st.floats(0, 360))


@given(rects, rects, st.lists(rects, max_size=6))
def test_sight_lines_end_on_the_target_and_miss_blockers(shooter, target, blockers):
    origin = shooter.front_centre
    line = sight_line(TABLE, origin, target, blockers=[shooter, *blockers])
    if line is None or line.a == line.b:  # no sight, or the origin is inside the target
        return
    assert distance(line.b, target) <= 1e-6
    assert crossed_shapes(line.a, line.b, [s for s in [shooter, *blockers] if s != target]) == []
    assert segment_crosses(TABLE, line.a, line.b, {"blocking"}) == []


@given(rects, rects, st.lists(rects, max_size=4), rects)
def test_more_blockers_never_restore_sight(shooter, target, blockers, extra):
    origin = shooter.front_centre
    before = line_of_sight(TABLE, origin, target, blockers=blockers)
    after = line_of_sight(TABLE, origin, target, blockers=[*blockers, extra])
    assert after <= before or extra == target


@given(rects, rects)
def test_nothing_in_the_way_means_sight(shooter, target):
    assert line_of_sight(None, shooter.front_centre, target)
