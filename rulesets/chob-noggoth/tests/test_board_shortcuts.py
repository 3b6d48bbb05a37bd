"""Board shortcuts give the same answers as the exact checks they skip."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.geometry import Circle, Vec, move_circle, path_clear
from skirmish_chob_noggoth import measuring
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
    table = measuring.table_of(state)
    if measuring._open_ground(table, ax, ay, bx, by, r):
        move = move_circle(Circle(Vec(ax, ay), r), Vec(bx, by))
        assert not table.terrain_overlapping(move.end, {"blocking"})
        assert path_clear(move, (), table, {"blocking"}) is None


@settings(max_examples=1500, deadline=None)
@given(wx=coord, wy=depth, angle=st.floats(0.0, 6.283), allowance=st.floats(0.5, 12.0), fly=st.booleans(),
       others=st.lists(st.tuples(st.floats(-3.0, 3.0), st.floats(-1.5, 1.5), st.sampled_from([0.5, 1.0])),
                       max_size=3),
       terrain=st.lists(st.tuples(st.floats(-2.0, 12.0), st.floats(-4.0, 4.0), st.floats(0.5, 5.0),
                                  st.floats(0.5, 5.0), st.sampled_from(["rect", "circle"]),
                                  st.sampled_from(["blocking", "area"])), max_size=3),
       ts=st.lists(st.floats(0.0, 12.0), min_size=1, max_size=12))
def test_known_probes_answer_as_the_exact_checks(wx, wy, angle, allowance, fly, others, terrain, ts) -> None:
    """Where the closed form answers a probe of the bisection, the exact checks answer the same."""
    mover, _bases, state, ux, uy = _layout(wx, wy, angle, others, terrain)
    want = min(allowance, 12.0)
    near = measuring._path_bases(state, mover, ux * want, uy * want)
    can = measuring._mover(state, mover, allowance, fly, near)
    known = measuring._known(state, mover, ux, uy, want, allowance, fly, near)
    if known is None:
        return
    for t in [*ts, want, want / 2, measuring.STAY, measuring.STAY + 1e-8, allowance + 1e-6]:
        sure = known(t)
        if sure is not None:
            assert sure == can(mover.x + ux * t, mover.y + uy * t), t
    # and the bisection takes the same stop as one that asks the exact checks at every probe
    lo, hi, best = 0.0, want, None
    if can(mover.x + ux * hi, mover.y + uy * hi):
        best = (mover.x + ux * hi, mover.y + uy * hi)
    else:
        for _ in range(10):
            mid = (lo + hi) / 2
            if can(mover.x + ux * mid, mover.y + uy * mid):
                lo, best = mid, (mover.x + ux * mid, mover.y + uy * mid)
            else:
                hi = mid
        if lo < 0.05:
            best = None
    assert measuring._bisect(state, mover, ux, uy, want, allowance, fly, near) == best


def _exact_terrain_sight(pieces, sx, sy, tx, ty, radius):
    """The terrain sight of :func:`measuring._terrain_sight` with the exact geometry tests only."""
    from skirmish.geometry import line_of_sight, segment_crosses

    table = measuring._table(36.0, 24.0, pieces)
    origin = Vec(sx, sy)
    if not line_of_sight(table, origin, Circle(Vec(tx, ty), radius), blocking_keywords={"blocking"}, spacing=0.3):
        return False, ()
    crossed: dict[str, None] = {}
    for px, py in measuring.silhouette(sx, sy, tx, ty, radius):
        for t in segment_crosses(table, origin, Vec(px, py), {"blocking", "area"}):
            crossed[t.name] = None
    return True, tuple(crossed)


piece_spec = st.tuples(st.floats(2.0, 34.0), st.floats(2.0, 22.0), st.floats(0.5, 6.0), st.floats(0.5, 6.0),
                       st.sampled_from(["rect", "circle"]), st.sampled_from(["blocking", "area"]))


@settings(max_examples=1500, deadline=None)
@given(sx=coord, sy=depth, tx=coord, ty=depth, radius=st.sampled_from([0.5, 1.0]),
       specs=st.lists(piece_spec, min_size=1, max_size=4),
       snap=st.sampled_from([None, "edge", "corner"]))
def test_sight_shortcuts_answer_as_the_exact_tests(sx, sy, tx, ty, radius, specs, snap) -> None:
    """Sight and cover with the closed-form line tests equal those of the exact geometry (lines grazing a
    piece's edge or corner included: ``snap`` puts the target's centre on one)."""
    pieces = tuple((f"t{i}", kind, shape, x, y, w, h) for i, (x, y, w, h, shape, kind) in enumerate(specs))
    if snap is not None:
        _pid, _kind, shape, x, y, w, h = pieces[0]
        tx, ty = (x + w / 2, y) if snap == "edge" or shape == "circle" else (x + w / 2, y + h / 2)
    got = measuring._terrain_sight.__wrapped__(pieces, 36.0, 24.0, sx, sy, tx, ty, radius)
    assert got == _exact_terrain_sight(pieces, sx, sy, tx, ty, radius)


@settings(max_examples=600, deadline=None)
@given(spec=piece_spec, offset=st.sampled_from([-3e-5, -1.1e-5, -9e-6, -1e-6, 0.0, 1e-6, 9e-6, 1.1e-5, 3e-5]),
       along=st.floats(-8.0, 8.0), tilt=st.floats(-1e-4, 1e-4), side=st.sampled_from(["top", "right", "corner"]))
def test_line_test_near_an_edge_answers_as_overlaps(spec, offset, along, tilt, side) -> None:
    """Lines grazing a piece within a few millionths of an inch: the closed form answers only where the exact
    test agrees."""
    from skirmish.geometry import Segment, overlaps
    from skirmish_chob_noggoth.terrain import piece_shape

    x, y, w, h, shape, kind = spec
    piece = ("t", kind, shape, x, y, w, h)
    edge = w / 2 if shape == "circle" else (h / 2 if side == "top" else w / 2)
    level = edge - 1e-6 + offset
    if side == "right" and shape != "circle":
        a, b = (x + level, y - 8 + along), (x + level + tilt, y + 8 + along)
    elif side == "corner" and shape != "circle":
        a, b = (x + w / 2 + offset - 8, y + h / 2 + offset + 8), (x + w / 2 + offset + 8, y + h / 2 + offset - 8)
        a, b = (a[0] - 1e-6 * 0.7071, a[1] - 1e-6 * 0.7071), (b[0] - 1e-6 * 0.7071, b[1] - 1e-6 * 0.7071)
    else:
        a, b = (x - 8 + along, y + level), (x + 8 + along, y + level + tilt)
    box = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
    sure = measuring._crosses(piece, a[0], a[1], b[0], b[1], *box)
    exact = overlaps(Segment(Vec(*a), Vec(*b)), piece_shape(Piece("t", "t", kind, shape, x, y, w, h)))
    if sure is not None:
        assert sure == exact


def _layout(wx, wy, angle, others, terrain):
    import math

    from chob_bench import warrior

    ux, uy = math.cos(angle), math.sin(angle)
    mover = warrior("m", "red", x=min(max(wx, 0.5), 35.5), y=min(max(wy, 0.5), 23.5))
    bases = [warrior(f"o{i}", "blue", x=mover.x + ux * along * 3 - uy * side, y=mover.y + uy * along * 3 + ux * side,
                     radius=rad) for i, (along, side, rad) in enumerate(others)]
    pieces = [Piece(f"t{i}", f"t{i}", kind, shape, mover.x + ux * along - uy * side, mover.y + uy * along + ux * side,
                    pw, ph) for i, (along, side, pw, ph, shape, kind) in enumerate(terrain)]
    return mover, bases, ChobState({w.id: w for w in [mover, *bases]}, {}, pieces, []), ux, uy


layouts = dict(wx=coord, wy=depth, angle=st.floats(0.0, 6.283), allowance=st.floats(0.5, 12.0),
               others=st.lists(st.tuples(st.floats(-3.0, 3.0), st.floats(-1.5, 1.5), st.sampled_from([0.5, 1.0])),
                               max_size=3),
               terrain=st.lists(st.tuples(st.floats(-2.0, 12.0), st.floats(-4.0, 4.0), st.floats(0.5, 5.0),
                                          st.floats(0.5, 5.0), st.sampled_from(["rect", "circle"]),
                                          st.sampled_from(["blocking", "area"])), max_size=3))


@settings(max_examples=1500, deadline=None)
@given(fly=st.booleans(), **layouts)
def test_closed_form_stop_is_legal_and_agrees_with_a_fine_bisection(wx, wy, angle, allowance, fly, others,
                                                                      terrain) -> None:
    """The closed-form stop of ``furthest_toward`` is a legal move (on the table, on no base, through none, out of
    blocking terrain) and is where a 60-step bisection of the exact checks stops: to 1e-6" against bases and the
    table's edges, to the terrain margin against blocking pieces. A flier has no legal stop further along."""
    import math

    mover, bases, state, ux, uy = _layout(wx, wy, angle, others, terrain)
    want = min(allowance, 12.0)
    near = measuring._path_bases(state, mover, ux * want, uy * want)
    can = measuring._mover(state, mover, allowance, fly, None)
    stop = measuring._closed_stop(state, mover, ux, uy, want, allowance, fly, near)
    if stop is not None:
        x, y = stop
        assert measuring.move_problem(state, mover, x, y, allowance, fly=fly) is None
        assert mover.radius - measuring.EPS <= x <= 36 - mover.radius + measuring.EPS
        assert mover.radius - measuring.EPS <= y <= 24 - mover.radius + measuring.EPS
        for o in bases:
            assert math.hypot(o.x - x, o.y - y) >= o.radius + mover.radius - measuring.EPS
    blocking = any(kind == "blocking" for *_rest, kind in terrain)
    along = 0.0 if stop is None else math.hypot(stop[0] - mover.x, stop[1] - mover.y)
    if fly:
        # nothing legal further along (a grid a thousandth of an inch apart, a margin past the stop)
        margin = 1e-3 if blocking else 1e-5
        for i in range(1, 400):
            t = along + margin + (want - along - margin) * i / 400
            if t >= 0.05 and t <= want - margin:
                assert not can(mover.x + ux * t, mover.y + uy * t), (t, along)
        return
    lo, hi = 0.0, want
    if can(mover.x + ux * hi, mover.y + uy * hi):
        lo = hi
    else:
        for _ in range(60):
            mid = (lo + hi) / 2
            if can(mover.x + ux * mid, mover.y + uy * mid):
                lo = mid
            else:
                hi = mid
    if abs(lo - 0.05) < 1e-3:
        return  # the threshold of "no progress": either answer is right
    if lo < 0.05:
        assert stop is None
        return
    assert stop is not None
    assert abs(along - lo) <= (5e-4 if blocking else 1e-6), (along, lo)


def test_moving_up_to_a_base_stops_at_contact_in_closed_form() -> None:
    """Advancing straight at a base in the way stops in base contact with it (1e-9" short of overlapping)."""
    import math

    from chob_bench import warrior

    mover = warrior("m", "red", x=5.0, y=10.0)
    wall = warrior("o", "blue", x=8.0, y=10.0)
    state = ChobState({"m": mover, "o": wall}, {}, [], [])
    x, y = measuring.furthest_toward(state, mover, 20.0, 10.0, 6.0)
    assert y == 10.0 and math.isclose(math.hypot(wall.x - x, wall.y - y), 1.0 - measuring.EPS, abs_tol=1e-8)
    assert measuring.move_problem(state, mover, x, y, 6.0) is None


@settings(max_examples=400, deadline=None)
@given(spots=st.lists(st.tuples(st.floats(0.5, 35.5), st.floats(0.5, 23.5), st.sampled_from([0.5, 1.0, 1.5]),
                                st.sampled_from(["red", "blue"])), min_size=2, max_size=8),
       dx=st.floats(-8.0, 8.0), dy=st.floats(-8.0, 8.0), fly=st.booleans(), touching=st.booleans())
def test_box_tests_skip_only_bases_out_of_reach(spots, dx, dy, fly, touching) -> None:
    """``contacts``, ``_path_bases`` and ``move_problem`` skip bases outside a box around the move or the base: they
    answer as measuring every base would."""
    import math

    from chob_bench import warrior

    ws = [warrior(f"w{i}", side, x=x, y=y, radius=r) for i, (x, y, r, side) in enumerate(spots)]
    if touching:  # one base exactly in contact with the first (gap 0.1) along a slant
        ws[1].x, ws[1].y = ws[0].x + (ws[0].radius + ws[1].radius + 0.1) * 0.6, ws[0].y + (
            ws[0].radius + ws[1].radius + 0.1) * 0.8
    state = ChobState({w.id: w for w in ws}, {}, [], [])
    w = ws[0]
    gaps = sorted((w.gap(e), e.id, e) for e in state.enemies(w))
    plain = [e for g, _, e in gaps if g <= state.contact]
    assert measuring.contacts(state, w) == plain
    ex, ey = w.x + dx, w.y + dy
    seg = measuring._segment_gap
    assert measuring._path_bases(state, w, dx, dy) == tuple(
        (o.id, o.x, o.y, o.radius) for o in ws[1:] if seg(w.x, w.y, ex, ey, o.x, o.y) < o.radius + w.radius)
    want = None
    dist = math.hypot(dx, dy)
    eps = measuring.EPS
    if dist > measuring.STAY and (w.radius - eps <= ex <= 36 - w.radius + eps
                                  and w.radius - eps <= ey <= 24 - w.radius + eps) and dist <= 12 + 1e-6:
        for o in ws[1:]:
            reach = o.radius + w.radius - measuring.EPS
            if math.hypot(o.x - ex, o.y - ey) < reach:
                want = f"that would end on top of {o.name}"
                break
            if not fly and measuring._segment_gap(w.x, w.y, ex, ey, o.x, o.y) < reach:
                want = f"the way is blocked by {o.name}"
                break
        assert measuring.move_problem(state, w, ex, ey, 12.0, fly=fly) == want


@settings(max_examples=400, deadline=None)
@given(spots=st.lists(st.tuples(st.floats(0.5, 35.5), st.floats(0.5, 23.5), st.sampled_from([0.5, 1.0, 1.5])),
                      min_size=3, max_size=9), beside=st.floats(-2.0, 2.0))
def test_cover_box_test_skips_only_bases_far_from_the_line(spots, beside) -> None:
    """``look`` names the same warriors giving cover as testing every base against every sight line does."""
    import math

    from chob_bench import warrior

    ws = [warrior(f"w{i}", "red" if i else "blue", x=x, y=y, radius=r) for i, (x, y, r) in enumerate(spots)]
    s, t = ws[0], ws[1]
    mid = ws[2]  # one base near the line, beside it by up to 2"
    length = math.hypot(t.x - s.x, t.y - s.y) or 1.0
    mid.x = min(max((s.x + t.x) / 2 - (t.y - s.y) / length * beside, 0.5), 35.5)
    mid.y = min(max((s.y + t.y) / 2 + (t.x - s.x) / length * beside, 0.5), 23.5)
    state = ChobState({w.id: w for w in ws}, {}, [], [])
    points = measuring.silhouette(s.x, s.y, t.x, t.y, t.radius)
    want = tuple(o.id for o in ws[2:]
                 if any(measuring._segment_gap(s.x, s.y, px, py, o.x, o.y) < o.radius - measuring.EPS
                        for px, py in points))
    assert measuring.look(state, s, t).warriors == want
