"""Region maps (static graph) and occupancy (who stands where)."""

from __future__ import annotations

import copy
import tomllib

import attrs
import cattrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.errors import SetupError
from skirmish.events import EventLog
from skirmish.regions import NotOnMap, Occupancy, Region, RegionMap, Space

RING = ["tundra", "mountains", "desert", "prairie", "forest", "corals"]


def _board_toml() -> str:
    """A small ring board in the suggested Goblin Uprising shape, written as TOML."""
    lines = ['name = "ring"', "adjacency = ["]
    for i, r in enumerate(RING):
        nxt = RING[(i + 1) % len(RING)]
        lines += [
            f'  ["{r}-outer", "{r}-spawn"], ["{r}-spawn", "{r}-inner"], ["{r}-inner", "gate"],',
            f'  ["{r}-spawn", "{nxt}-spawn"], ["village-{i + 1}", "{r}-outer"],',
        ]
    lines += ['  ["gate", "throne"],', "]", ""]
    lines += ["[[regions]]", 'id = "castle"', 'name = "The City and Castle"', ""]
    for r in RING:
        lines += ["[[regions]]", f'id = "{r}"', 'tags = ["outer"]', ""]
    lines += ["[[spaces]]", 'id = "gate"', 'region = "castle"', 'tags = ["spawn"]', ""]
    lines += ["[[spaces]]", 'id = "throne"', 'region = "castle"', ""]
    for i, r in enumerate(RING):
        lines += ["[[spaces]]", f'id = "{r}-outer"', f'region = "{r}"', 'tags = ["numbered"]', ""]
        lines += ["[[spaces]]", f'id = "{r}-spawn"', f'region = "{r}"', 'tags = ["spawn"]', ""]
        lines += ["[[spaces]]", f'id = "{r}-inner"', f'region = "{r}"', 'tags = ["numbered"]', ""]
        lines += ["[[spaces]]", f'id = "village-{i + 1}"', 'tags = ["village"]', ""]
    return "\n".join(lines)


@pytest.fixture(scope="module")
def board() -> RegionMap:
    return RegionMap.from_dict(tomllib.loads(_board_toml()))


def test_built_from_toml(board: RegionMap) -> None:
    assert board.name == "ring"
    assert len(board.space_ids) == 26
    assert board.spaces_in("tundra") == ("tundra-outer", "tundra-spawn", "tundra-inner")
    assert board.region_of("tundra-spawn") == Region("tundra", tags=frozenset({"outer"}))
    assert board.region_of("village-1") is None
    assert board.region("castle").label == "The City and Castle"
    assert board.space("gate").tags == {"spawn"}
    assert board.tagged("spawn", "desert") == ("desert-spawn",)
    assert len(board.tagged("numbered")) == 12
    assert "gate" in board and "nowhere" not in board


def test_neighbours_distance_path_within(board: RegionMap) -> None:
    assert board.neighbours("tundra-spawn") == ("tundra-outer", "tundra-inner", "mountains-spawn", "corals-spawn")
    assert board.adjacent("gate", "throne") and board.adjacent("throne", "gate")
    assert board.distance("village-1", "throne") == 5
    assert board.distance("village-1", "village-1") == 0
    assert board.path("village-1", "throne") == ["village-1", "tundra-outer", "tundra-spawn", "tundra-inner", "gate",
                                                   "throne"]
    assert board.within("gate", 1) == ["gate", "throne", *[f"{r}-inner" for r in RING]]
    assert set(board.within("throne", 0)) == {"throne"}
    assert board.distances_from("gate")["village-4"] == 4


def test_passable_limits_the_route(board: RegionMap) -> None:
    def no_gate(space: str) -> bool:
        return space != "gate"

    assert board.distance("tundra-inner", "desert-inner") == 2
    assert board.distance("tundra-inner", "desert-inner", passable=no_gate) == 4
    assert board.path("tundra-inner", "throne", passable=no_gate) is None
    assert board.distance("tundra-inner", "throne", passable=no_gate) is None
    assert "throne" not in board.within("tundra-inner", 9, passable=no_gate)


def test_unknown_ids_raise_not_on_map(board: RegionMap) -> None:
    for call in (lambda: board.neighbours("x"), lambda: board.distance("x", "gate"), lambda: board.path("gate", "x"),
                 lambda: board.spaces_in("x"), lambda: board.region_of("x"), lambda: board.within("x", 1)):
        with pytest.raises(NotOnMap) as err:
            call()
        assert str(err.value).startswith("unknown ")


def test_adjacency_as_table_and_tables_keyed_by_id() -> None:
    data = tomllib.loads(
        """
        [regions.hills]
        name = "Hills"
        [spaces.a]
        region = "hills"
        [spaces.b]
        [spaces.c]
        tags = "spawn"
        [adjacency]
        a = ["b"]
        b = "c"
        """
    )
    m = RegionMap.from_dict(data)
    assert m.neighbours("b") == ("a", "c")
    assert m.space("c").tags == {"spawn"}
    assert m.spaces_in("hills") == ("a",)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"spaces": [{"id": "a"}, {"id": "a"}]}, "space id 'a' is used twice"),
        ({"regions": [{"id": "r"}, {"id": "r"}]}, "region id 'r' is used twice"),
        ({"spaces": [{"id": "a"}], "adjacency": [["a", "zz"]]}, "names unknown space 'zz'"),
        ({"spaces": [{"id": "a"}], "adjacency": [["a", "a"]]}, "joins space 'a' to itself"),
        ({"spaces": [{"id": "a"}, {"id": "b"}], "adjacency": [["a", "b", "a"]]}, "exactly two"),
        ({"spaces": [{"id": "a"}], "adjacency": ["a"]}, "pair of space ids"),
        ({"spaces": [{"id": "a", "region": "r"}]}, "unknown region 'r'"),
        ({"spaces": [{"id": "a", "tag": ["x"]}]}, "unknown field 'tag'"),
        ({"spaces": [{"region": "r"}]}, "needs a string id"),
        ({"space": []}, "unknown key 'space'"),
        ({"spaces": "a"}, "should be a list"),
        ({"adjacency": {"a": ["b"]}}, "unknown space 'a'"),
    ],
)
def test_validation_errors_are_one_line_setup_errors(data: dict, message: str) -> None:
    with pytest.raises(SetupError, match=message) as err:
        RegionMap.from_dict(data, name="test")
    assert "\n" not in str(err.value)
    assert str(err.value).startswith("region map 'test': ")


def test_to_dict_round_trip_and_cattrs(board: RegionMap) -> None:
    again = RegionMap.from_dict(board.to_dict())
    assert again == board
    assert cattrs.structure(cattrs.unstructure(board), RegionMap) == board


def test_map_is_shared_by_clones_but_occupancy_is_not(board: RegionMap) -> None:
    @attrs.define
    class State:
        board: RegionMap
        occupancy: Occupancy

    state = State(board, Occupancy())
    state.occupancy.place("hero", "village-1")
    clone = copy.deepcopy(state)
    assert clone.board is board
    clone.occupancy.move("hero", "tundra-outer")
    assert state.occupancy.where("hero") == "village-1"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        board.name = "other"  # type: ignore[misc]


def test_occupancy(board: RegionMap) -> None:
    log = EventLog()
    occ = Occupancy()
    occ.place("troop-1", "tundra-spawn", log=log, rule="Setup", check=board)
    occ.place("troop-2", "tundra-spawn", log=log)
    occ.place("hero", "village-1", log=log)
    assert occ.occupants("tundra-spawn") == ["troop-1", "troop-2"]
    assert occ.in_region(board, "tundra") == ["troop-1", "troop-2"]
    assert occ.move("hero", "tundra-outer", log=log, rule="Move 1") == "village-1"
    assert occ.where("hero") == "tundra-outer" and "hero" in occ
    assert occ.in_region(board, "tundra") == ["hero", "troop-1", "troop-2"]
    assert occ.remove("troop-1", log=log, rule="Combat") == "tundra-spawn"
    assert occ.where("troop-1") is None and "troop-1" not in occ
    assert occ.occupants("village-1") == [] and "village-1" not in occ.spaces
    assert dict(occ.items()) == {"tundra-spawn": ["troop-2"], "tundra-outer": ["hero"]}
    actions = [(e.data["action"], e.data["occupant"], e.data["space"]) for e in log]
    assert actions == [("place", "troop-1", "tundra-spawn"), ("place", "troop-2", "tundra-spawn"),
                       ("place", "hero", "village-1"), ("move", "hero", "tundra-outer"),
                       ("remove", "troop-1", "tundra-spawn")]
    assert log.events[3].data["from_space"] == "village-1" and log.events[3].rule == "Move 1"
    with pytest.raises(ValueError, match="already on"):
        occ.place("hero", "gate")
    with pytest.raises(ValueError, match="not on the board"):
        occ.move("ghost", "gate")
    with pytest.raises(NotOnMap):
        occ.move("hero", "nowhere", check=board)
    assert occ.where("hero") == "tundra-outer"
    assert cattrs.structure(cattrs.unstructure(occ), Occupancy) == occ


# -- properties on random graphs ------------------------------------------------------------
@st.composite
def graphs(draw) -> RegionMap:
    n = draw(st.integers(1, 12))
    ids = [f"s{i}" for i in range(n)]
    pairs = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]]
    edges = draw(st.lists(st.sampled_from(pairs), max_size=20)) if pairs else []
    return RegionMap((), [Space(s) for s in ids], edges)


@given(graphs(), st.data())
def test_distance_is_a_metric_and_paths_are_shortest(m: RegionMap, data) -> None:
    pick = st.sampled_from(m.space_ids)
    a, b, c = data.draw(pick), data.draw(pick), data.draw(pick)
    ab, ba = m.distance(a, b), m.distance(b, a)
    assert ab == ba
    assert m.distance(a, a) == 0
    bc, ac = m.distance(b, c), m.distance(a, c)
    if ab is not None and bc is not None:
        assert ac is not None and ac <= ab + bc
    route = m.path(a, b)
    if ab is None:
        assert route is None
    else:
        assert route is not None and route[0] == a and route[-1] == b and len(route) == ab + 1
        assert all(m.adjacent(x, y) for x, y in zip(route, route[1:], strict=False))
    for k in range(3):
        assert set(m.within(a, k)) == {s for s in m.space_ids if (d := m.distance(a, s)) is not None and d <= k}
