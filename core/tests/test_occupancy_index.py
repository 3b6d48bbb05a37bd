"""``Occupancy`` keeps a reverse index (occupant -> space): it always agrees with a scan of the spaces."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.engine import canonical
from skirmish.regions import Occupancy

SPACES = ["a", "b", "c", "d"]
PIECES = ["x", "y", "z", "w", "v"]


def scan(occ: Occupancy, occupant: str) -> str | None:
    """What ``where`` answered before the index: the first space listing the occupant."""
    return next((space for space, here in occ.spaces.items() if occupant in here), None)


def agrees(occ: Occupancy) -> None:
    for piece in PIECES:
        assert occ.where(piece) == scan(occ, piece)
        assert (piece in occ) == (scan(occ, piece) is not None)


_ops = st.lists(st.tuples(st.sampled_from(["place", "move", "remove", "copy", "assign"]), st.sampled_from(PIECES),
                          st.sampled_from(SPACES)), max_size=40)


@settings(max_examples=200, deadline=None)
@given(_ops)
def test_where_agrees_with_a_scan_after_any_moves(ops: list[tuple[str, str, str]]) -> None:
    occ = Occupancy()
    for op, piece, space in ops:
        on_board = scan(occ, piece) is not None
        if op == "place":
            if on_board:
                with pytest.raises(ValueError, match="already on"):
                    occ.place(piece, space)
            else:
                occ.place(piece, space)
        elif op in ("move", "remove"):
            if not on_board:
                with pytest.raises(ValueError, match="not on the board"):
                    occ.move(piece, space) if op == "move" else occ.remove(piece)
            elif op == "move":
                left = scan(occ, piece)
                assert occ.move(piece, space) == left
            else:
                occ.remove(piece)
        elif op == "copy":
            occ = copy.deepcopy(occ) if space in "ab" else pickle.loads(pickle.dumps(occ))
        else:  # a new table given whole
            occ.spaces = {s: list(here) for s, here in reversed(list(occ.spaces.items()))}
        agrees(occ)
        assert all(here for here in occ.spaces.values())  # no empty space is left listed


@given(st.dictionaries(st.sampled_from(SPACES), st.lists(st.sampled_from(PIECES), min_size=1, max_size=3,
                                                           unique=True), max_size=4))
def test_an_occupancy_made_from_a_table_indexes_it(table: dict[str, list[str]]) -> None:
    occ = Occupancy({s: list(here) for s, here in table.items()})
    agrees(occ)
    assert Occupancy(**attrs.asdict(occ)).spaces == occ.spaces


def test_the_index_is_not_part_of_equality_fields_or_views() -> None:
    one, two = Occupancy(), Occupancy()
    one.place("x", "a")
    two.place("x", "b")
    two.move("x", "a")
    assert one == two
    assert [f.name for f in attrs.fields(Occupancy)] == ["spaces"]
    assert canonical(one) == {"spaces": {"a": ["x"]}} == attrs.asdict(one)
    assert "_at" not in repr(one)


def test_move_returns_the_space_left() -> None:
    occ: Any = Occupancy()
    occ.place("x", "a")
    assert occ.move("x", "b") == "a"
    assert occ.remove("x") == "b"
    assert occ.where("x") is None and "x" not in occ
