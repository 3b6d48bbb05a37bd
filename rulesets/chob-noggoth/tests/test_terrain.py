"""Terrain: built-in and random layouts, layout checks, shrine placement and the geometry shapes."""

from __future__ import annotations

import functools
import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish import GameRNG, SetupError
from skirmish.geometry import Circle, Rect, Terrain, Vec, distance, line_of_sight, overlaps
from skirmish_chob_noggoth.content import Content, load_content
from skirmish_chob_noggoth.terrain import (
    Layout,
    Shrine,
    TerrainPiece,
    builtin_layouts,
    layout_to_dict,
    parse_layout,
    piece_shape,
    place_shrines,
    random_layout,
    roll_shrine_count,
    shrine_shape,
    to_geometry,
    to_table,
)


@functools.cache
def cached_content() -> Content:
    """Loaded once for this module (hypothesis tests cannot use function fixtures)."""
    return load_content()


@pytest.fixture(scope="module")
def content() -> Content:
    return cached_content()


def piece(pid="p", kind="blocking", shape="rect", x=18.0, y=12.0, w=4.0, h=2.0, name="") -> TerrainPiece:
    return TerrainPiece(pid, name or pid, kind, shape, x, y, w, h if shape == "rect" else w)


def check_layout(layout: Layout, content: Content) -> None:
    """Everything a sound layout keeps: on the table, strips clear of blocking terrain, no overlaps."""
    strip = content.table.deployment_depth
    for p in layout.pieces:
        x0, y0, x1, y1 = piece_shape(p).bounds
        assert x0 >= -1e-9 and x1 <= 36 + 1e-9 and y0 >= -1e-9 and y1 <= 24 + 1e-9, p
        if p.kind == "blocking":
            assert y0 >= strip - 1e-9 and y1 <= 24 - strip + 1e-9, p
    for a, b in itertools.combinations(layout.pieces, 2):
        assert not overlaps(piece_shape(a), piece_shape(b)), (a, b)
    check_shrines(layout.shrines, layout.pieces, content)


def check_shrines(shrines, pieces, content, spacing: float | None = None) -> None:
    spacing = content.table.shrine_spacing if spacing is None else spacing
    for s in shrines:
        marker = shrine_shape(s, content)
        assert 3.5 - 1e-9 <= s.y <= 20.5 + 1e-9 and 0.5 - 1e-9 <= s.x <= 35.5 + 1e-9, s
        assert not any(overlaps(marker, piece_shape(p)) for p in pieces if p.kind == "blocking"), s
    for a, b in itertools.combinations(shrines, 2):
        assert math.hypot(a.x - b.x, a.y - b.y) >= spacing - 1e-9, (a, b)


# -------------------------------------------------------------------------- geometry


def test_rect_piece_has_w_along_x_and_h_along_y():
    shape = piece_shape(piece(x=10, y=12, w=6, h=2))
    assert isinstance(shape, Rect)
    assert shape.bounds == pytest.approx((7, 11, 13, 13))


def test_circle_piece_is_w_across():
    shape = piece_shape(piece(shape="circle", x=5, y=6, w=4))
    assert shape == Circle(Vec(5, 6), 2)


def test_to_geometry_gives_terrain_with_its_kind_as_keyword():
    rock = to_geometry(piece(pid="rock", kind="blocking"))
    bog = to_geometry(piece(pid="bog", kind="area", shape="circle"))
    assert isinstance(rock, Terrain) and rock.keywords == {"blocking"} and rock.name == "rock"
    assert bog.keywords == {"area"} and isinstance(bog.shape, Circle)


def test_blocking_pieces_block_sight_and_area_pieces_do_not():
    wall = piece(pid="wall", kind="blocking", x=18, y=12, w=2, h=10)
    table = to_table([wall])
    target = Circle(Vec(24, 12), 0.5)
    assert not line_of_sight(table, Vec(12, 12), target)
    hedge = piece(pid="hedge", kind="area", x=18, y=12, w=2, h=10)
    assert line_of_sight(to_table([hedge]), Vec(12, 12), target)
    assert table.width == 36 and table.depth == 24


def test_shrine_marker_is_one_inch(content):
    assert shrine_shape(Shrine("s", 3, 4), content) == Circle(Vec(3, 4), 0.5)


# ------------------------------------------------------------------------- built-ins


@pytest.fixture(scope="module")
def layouts(content) -> dict[str, Layout]:
    return builtin_layouts(content)


def test_at_least_three_builtin_layouts(layouts):
    assert len(layouts) >= 3


def test_builtin_layouts_are_sound(content, layouts):
    for layout in layouts.values():
        assert 5 <= len(layout.pieces) <= 7, layout.name
        assert {p.kind for p in layout.pieces} == {"blocking", "area"}
        assert all(3 <= p.w <= 6 and 2 <= p.h <= 6 for p in layout.pieces), layout.name
        assert len(layout.shrines) in (0, 3, 4, 5)
        check_layout(layout, content)
        assert parse_layout(layout_to_dict(layout), content=content) == layout


def test_builtin_layouts_spread_terrain_over_the_table(layouts):
    for layout in layouts.values():
        xs = [p.x for p in layout.pieces]
        ys = [p.y for p in layout.pieces]
        assert min(xs) < 12 and max(xs) > 24 and min(ys) < 12 and max(ys) > 12, layout.name


def test_builtin_layouts_with_and_without_fixed_shrines(layouts):
    assert any(layout.shrines for layout in layouts.values())
    assert any(not layout.shrines for layout in layouts.values())


# --------------------------------------------------------------------------- parsing


def layout(*pieces: dict, shrines: list | None = None, name: str = "Test") -> dict:
    data: dict = {"name": name, "pieces": list(pieces)}
    if shrines is not None:
        data["shrines"] = shrines
    return data


ROCK = {"id": "rock", "kind": "blocking", "shape": "circle", "x": 10, "y": 12, "w": 4}
BOG = {"id": "bog", "kind": "area", "shape": "rect", "x": 26, "y": 12, "w": 5, "h": 3}
THREE_SHRINES = [{"x": 18, "y": 6}, {"x": 18, "y": 18}, {"x": 30, "y": 18}]


def problem(data, content) -> str:
    with pytest.raises(SetupError) as info:
        parse_layout(data, "ground.toml", content=content)
    text = str(info.value)
    assert "\n" not in text
    return text


def test_parse_layout(content):
    parsed = parse_layout(layout(ROCK, BOG, shrines=THREE_SHRINES), content=content)
    assert parsed.name == "Test"
    assert parsed.pieces == (TerrainPiece("rock", "rock", "blocking", "circle", 10, 12, 4, 4),
                             TerrainPiece("bog", "bog", "area", "rect", 26, 12, 5, 3))
    assert parsed.shrines == (Shrine("s1", 18, 6), Shrine("s2", 18, 18), Shrine("s3", 30, 18))


def test_parse_layout_accepts_any_case_for_kind_and_shape(content):
    parsed = parse_layout(layout({**ROCK, "kind": "Blocking", "shape": "CIRCLE"}), content=content)
    assert parsed.pieces[0].kind == "blocking" and parsed.pieces[0].shape == "circle"


def test_parse_layout_defaults_ids(content):
    parsed = parse_layout(layout({k: v for k, v in ROCK.items() if k != "id"}), content=content)
    assert parsed.pieces[0].id == "t1"


LAYOUT_MESSAGES = [
    (layout(ROCK, {**BOG, "x": 11}), "pieces 'rock' and 'bog' overlap"),
    (layout({**BOG, "x": 34}), "piece 'bog' runs off the 36\" x 24\" table"),
    (layout({**ROCK, "y": 4}), "piece 'rock' is blocking terrain inside a 3\" deployment strip"),
    (layout(ROCK, shrines=[{"x": 18, "y": 6}, {"x": 18, "y": 11}, {"x": 30, "y": 18}]),
     "shrines 's1' and 's2' are 5.0\" apart (at least 6\")"),
    (layout(ROCK, shrines=[{"x": 10, "y": 12}, *THREE_SHRINES[1:], {"x": 30, "y": 6}]),
     "shrine 's1' is inside blocking terrain"),
    (layout(ROCK, shrines=[{"x": 18, "y": 2}, *THREE_SHRINES[1:]]), "shrine 's1' is inside a 3\" deployment strip"),
    (layout(ROCK, shrines=[{"x": 40, "y": 12}, *THREE_SHRINES[1:]]), "shrine 's1' is off the table"),
    (layout(ROCK, shrines=THREE_SHRINES[:2]),
     "2 shrines given; the table needs d3+2 (3-5), or none to roll for them"),
    (layout({**ROCK, "colour": "grey"}), "piece 1 'rock': unknown key 'colour'"),
    (layout({**ROCK, "shap": "circle"}), "piece 1 'rock': unknown key 'shap' (did you mean shape?)"),
    (layout(ROCK, shrines=[{"x": 18, "y": 6, "z": 1}, *THREE_SHRINES[1:]]), "shrine 1: unknown key 'z'"),
    ({**layout(ROCK), "shrine": []}, "unknown key 'shrine' (did you mean shrines?)"),
    (layout({**ROCK, "kind": "hill"}), "piece 1 'rock': kind must be blocking or area, not 'hill'"),
    (layout({**ROCK, "shape": "star"}), "piece 1 'rock': shape must be circle or rect, not 'star'"),
    (layout({**ROCK, "w": 0}), "piece 1 'rock': w and h must be more than 0"),
    (layout({**ROCK, "x": "left"}), "piece 1 'rock': 'x' must be a number, not 'left'"),
    (layout({k: v for k, v in BOG.items() if k != "h"}), "piece 1 'bog': 'h' must be a number"),
    (layout({**ROCK, "h": 3}), "piece 1 'rock': a circle is w across; leave out 'h' or make it equal to w"),
    (layout(ROCK, {**BOG, "id": "rock"}), "the id 'rock' is used more than once"),
    ({"pieces": []}, "the layout needs a name"),
    ({"name": "x", "pieces": {}}, "'pieces' must be a list of tables ([[pieces]])"),
    (layout("rock"), "piece 1: is not a table of keys"),
]


@pytest.mark.parametrize(("data", "message"), LAYOUT_MESSAGES, ids=[m for _, m in LAYOUT_MESSAGES])
def test_layout_message(content, data, message):
    assert problem(data, content) == f"ground.toml: {message}"


def test_several_layout_problems_are_numbered(content):
    text = problem(layout(ROCK, {**BOG, "x": 11, "kind": "hill"}, {**ROCK, "id": "rock2", "x": 35}), content)
    assert text.startswith("ground.toml: 2 problems: (1) piece 2 'bog': kind must be")
    assert "(2) piece 'rock2' runs off" in text


def test_area_terrain_may_sit_in_a_deployment_strip(content):
    parse_layout(layout({**BOG, "y": 2}), content=content)


def test_layout_not_a_table(content):
    assert problem(["x"], content) == "ground.toml: a layout must be a table of keys"


# --------------------------------------------------------------------------- random


@pytest.mark.parametrize("seed", range(60))
def test_random_layouts_are_sound(content, seed):
    ground = random_layout(GameRNG(seed), content=content)
    assert len(ground.pieces) == 6 and ground.shrines == ()
    assert sorted(p.kind for p in ground.pieces) == ["area"] * 3 + ["blocking"] * 3
    strip = content.table.deployment_depth
    for p in ground.pieces:
        assert 3 <= p.w <= 6 and 3 <= p.h <= 6
        x0, y0, x1, y1 = piece_shape(p).bounds
        assert y0 >= strip and y1 <= 24 - strip
    for a, b in itertools.combinations(ground.pieces, 2):
        assert distance(piece_shape(a), piece_shape(b)) >= 2 - 1e-9
    check_layout(ground, content)
    assert parse_layout(layout_to_dict(ground), content=content) == ground


def test_random_layout_with_shrines(content):
    for seed in range(30):
        ground = random_layout(GameRNG(seed), content=content, shrines=True)
        assert 3 <= len(ground.shrines) <= 5
        check_layout(ground, content)


@pytest.mark.parametrize("count", [0, 1, 3, 4, 5, 8])
def test_random_layout_piece_counts(content, count):
    ground = random_layout(random.Random(count), content=content, count=count)
    assert len(ground.pieces) == count
    check_layout(ground, content)


def test_random_layout_is_reproducible(content):
    assert random_layout(GameRNG(11), content=content, shrines=True) == random_layout(GameRNG(11), content=content,
                                                                                       shrines=True)


def test_random_layout_without_content_loads_it():
    assert len(random_layout(random.Random(3)).pieces) == 6


# --------------------------------------------------------------------------- shrines


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 5), layout_seed=st.integers(0, 1000))
def test_placed_shrines_keep_their_spacing(seed, count, layout_seed):
    content = cached_content()
    pieces = random_layout(random.Random(layout_seed), content=content).pieces
    shrines = place_shrines(GameRNG(seed), count, pieces, content=content)
    assert len(shrines) == count
    assert len({s.id for s in shrines}) == count
    check_shrines(shrines, pieces, content)


def test_shrines_on_a_crowded_table_are_placed_without_chance(content):
    # Blocking terrain leaves only a narrow lane at x 16-20: five shrines cannot be 6" apart.
    walls = [piece(pid="west", x=8, y=12, w=16, h=18), piece(pid="east", x=28, y=12, w=16, h=18)]
    a = place_shrines(GameRNG(1), 5, walls, content=content)
    b = place_shrines(GameRNG(2), 5, walls, content=content)
    assert a == b and len(a) == 5
    check_shrines(a, walls, content, spacing=3)


def test_shrine_fallback_keeps_the_spacing_when_the_table_allows(content, monkeypatch):
    from skirmish_chob_noggoth import terrain

    class Unlucky:
        """An rng whose random spots always collide, forcing the fallback."""

        def randint(self, a, b):
            return a

        def choice(self, items):
            return items[0]

    shrines = terrain.place_shrines(Unlucky(), 5, [], content=content)
    assert len(shrines) == 5
    check_shrines(shrines, [], content)


def test_no_shrines(content):
    assert place_shrines(GameRNG(1), 0, [], content=content) == ()


def test_shrine_count_is_d3_plus_2(content):
    for seed in range(40):
        assert 3 <= roll_shrine_count(GameRNG(seed), content) <= 5
        assert 3 <= roll_shrine_count(random.Random(seed), content) <= 5
    rng = GameRNG(0)
    rng.load([1, 2, 3])
    assert [roll_shrine_count(rng, content) for _ in range(3)] == [3, 4, 5]
