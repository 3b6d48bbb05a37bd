"""``moves.wheel_sure`` (max_amount's wheel probes answered without the exact check where sure) gives the exact
check's answer whenever it answers, and ``max_amount`` with it equals the plain bisection."""

from __future__ import annotations

import math

from hob_bench import battle, unit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish_hobgoblin import measuring, moves, stats
from skirmish_hobgoblin.state import Activation

KINDS = ("wheel-left", "wheel-right", "wheel-back-left", "wheel-back-right")

#: where the mover stands: mid-table, and near the left and the bottom table edges
spots = st.sampled_from([(36.0, 24.0), (5.0, 24.0), (36.0, 4.0)])
others = st.lists(st.tuples(st.floats(-9, 9), st.floats(-9, 9), st.floats(0, 359.5), st.booleans()),
                  min_size=1, max_size=4)


def _game(facing: float, near: list[tuple[float, float, float, bool]], x: float = 36, y: float = 24
          ) -> tuple[object, object] | None:
    red = [{"name": "A", "x": x, "y": y, "facing": facing}]
    blue = []
    for i, (dx, dy, f, enemy) in enumerate(near):
        spot = {"name": f"O{i}", "x": x + dx, "y": y + dy, "facing": f}
        (blue if enemy else red).append(spot)
    blue.append({"name": "Far", "x": 5, "y": 45})
    g = battle(red, blue)
    a = unit(g, "A")
    for u in g.state.in_play():  # the mover must stand clear of every other unit (a legal start)
        if u is not a and a.rect.centre.distance_to(u.rect.centre) < 0.1:
            return None
    g.state.activation = Activation(a.id, float(stats.speed(a)), (a.x, a.y, a.facing),
                                    [e.id for e in measuring.engaged(g.state, a)])
    return g, a


def _plain_max(game, a, kind: str) -> float:
    """max_amount's bisection with the exact check only (the code before wheel_sure)."""
    top = min(math.floor(game.state.activation.mp + 1e-9) * moves.rate(game, kind), 2 * a.rect.width)
    lo, hi = 0.0, top
    if not moves.check(game, a, kind, hi).error:
        return hi
    if moves.check(game, a, kind, 0.05).error:
        return 0.0
    lo = 0.05
    for _ in range(7):
        mid = (lo + hi) / 2
        if moves.check(game, a, kind, mid).error:
            hi = mid
        else:
            lo = mid
    return math.floor(lo * 100 + 1e-6) / 100


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(facing=st.floats(0, 359.5), near=others, kind=st.sampled_from(KINDS), distracted=st.booleans(),
       amounts=st.lists(st.floats(0.05, 12.0), min_size=1, max_size=8), spot=spots, contacts=st.booleans())
def test_wheel_sure_answers_equal_the_exact_check(facing, near, kind, distracted, amounts, spot, contacts):
    made = _game(facing, near, *spot)
    if made is None:
        return
    g, a = made
    if distracted:
        a.keywords.add(stats.DISTRACTED)
    if moves.check(g, a, kind, 0.05).error:
        return  # wheel_sure is only asked once a 0.05" wheel passed
    sure = moves.wheel_sure(g, a, kind, contacts=contacts)
    if sure is None:
        return
    top = min(math.floor(g.state.activation.mp + 1e-9) * moves.rate(g, kind), 2 * a.rect.width)
    for t in [*amounts, top]:
        t = min(t, top)
        got = sure(t)
        if got is False or (got is True and contacts):  # without contacts only refusals are sure
            assert got == (not moves.check(g, a, kind, t).error), (kind, t)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(facing=st.floats(0, 359.5), near=others, kind=st.sampled_from(KINDS[:2]), spot=spots)
def test_max_amount_of_a_wheel_equals_the_plain_bisection(facing, near, kind, spot):
    made = _game(facing, near, *spot)
    if made is None:
        return
    g, a = made
    assert moves.max_amount(g, a, kind) == _plain_max(g, a, kind)


def test_wheel_sure_answers_a_wheel_into_a_unit_in_front():
    g, a = _game(90.0, [(0.0, 3.5, 270.0, True)])
    sure = moves.wheel_sure(g, a, "wheel-left")
    assert sure is not None
    assert sure(0.2) is True and moves.check(g, a, "wheel-left", 0.2).error == ""
    assert sure(6.0) is False and moves.check(g, a, "wheel-left", 6.0).error


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(facing=st.floats(0, 359.5), near=others, spot=spots)
def test_plan_engage_skipping_surely_blocked_wheels_equals_the_plain_plans(facing, near, spot):
    made = _game(facing, near, *spot)
    if made is None:
        return
    g, a = made
    mp = g.state.activation.mp
    for e in g.state.enemies(a):
        fast = moves._plan_engage(g, a, e, mp)
        kept = moves.wheel_sure
        moves.wheel_sure = lambda *args, **kw: None  # every wheel checked exactly
        try:
            plain = moves._plan_engage(g, a, e, mp)
        finally:
            moves.wheel_sure = kept
        assert fast == plain
