"""Board shortcuts give the same answers as the exact checks they skip."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.geometry import Circle, Vec, move_circle, path_clear
from skirmish_chob_noggoth import board
from skirmish_chob_noggoth.state import ChobState, Piece

coord = st.floats(min_value=0.0, max_value=36.0, allow_nan=False)
depth = st.floats(min_value=0.0, max_value=24.0, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(ax=coord, ay=depth, bx=coord, by=depth, r=st.sampled_from([0.5, 1.0]),
       px=coord, py=depth, pw=st.floats(0.5, 6), ph=st.floats(0.5, 6), shape=st.sampled_from(["rect", "circle"]),
       kind=st.sampled_from(["blocking", "area"]))
def test_open_ground_means_the_exact_terrain_checks_find_nothing(ax, ay, bx, by, r, px, py, pw, ph, shape,
                                                                   kind) -> None:
    state = ChobState({}, {}, [Piece("t1", "t1", kind, shape, px, py, pw, ph)], [])
    table = board.table_of(state)
    if board._open_ground(table, ax, ay, bx, by, r):
        move = move_circle(Circle(Vec(ax, ay), r), Vec(bx, by))
        assert not table.terrain_overlapping(move.end, {"blocking"})
        assert path_clear(move, (), table, {"blocking"}) is None
