"""Form fields for the games' choices: subsets, numbers assigned across targets, points and poses; context data."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.agents import sample_param
from skirmish.decisions import Decision, Option, Param, choose


def test_a_subset_takes_distinct_choices_within_the_count() -> None:
    p = Param("cards", "subset", low=1, high=2, choices=("a", "b", "c"))
    assert p.check(["c", "a"]) == (["c", "a"], None)
    assert p.check("a, b") == (["a", "b"], None)
    assert p.check(["a", "a"])[1] == "a is named twice in cards"
    assert p.check(["a", "b", "c"])[1] == "cards takes 1 to 2 of a, b, c, not 3"
    assert p.check(["z"])[1] == "z is not one of a, b, c (cards)"
    assert p.check([])[1] is not None


def test_an_assignment_shares_exactly_the_total_with_a_cap_per_target() -> None:
    p = Param("dice", "assign", high=5, choices=("u1", "u2"), total=8)
    assert p.check({"u1": 5, "u2": "3"}) == ({"u1": 5, "u2": 3}, None)
    assert p.check({"u1": 4, "u2": 3})[1] == "dice must add up to 8 (these add up to 7)"
    assert p.check({"u1": 6, "u2": 2})[1] == "dice: at most 5 to u1"
    assert p.check({"u1": -1, "u2": 9})[1] == "dice for u1 cannot be negative"
    assert p.check({"u3": 8})[1] == "u3 is not one of u1, u2 (dice)"
    assert p.check({"u1": 2.5, "u2": 5.5})[1] == "dice for u1 must be a whole number"
    assert Param("dice", "assign", choices=("u1", "u2"), total=3).check({"u2": 3}) == ({"u1": 0, "u2": 3}, None)


def test_a_point_is_read_from_a_table_a_pair_or_text_and_kept_in_bounds() -> None:
    p = Param("at", "point", bounds=(0, 0, 72, 48), step=0.5)
    assert p.check({"x": 10.2, "y": 1}) == ({"x": 10.0, "y": 1.0}, None)
    assert p.check([10, 1]) == ({"x": 10.0, "y": 1.0}, None)
    assert p.check("10,1") == ({"x": 10.0, "y": 1.0}, None)
    assert p.check({"x": 80, "y": 1})[1] == "at must lie within x 0..72, y 0..48"
    assert p.check({"x": "nan", "y": 1})[1] == "at x must be a finite number"
    assert p.check([1, 2, 3])[1] == "at needs x, y"


def test_a_pose_adds_a_facing_turned_into_0_to_360() -> None:
    p = Param("where", "pose", bounds=(0, 0, 72, 48), step=0.5)
    assert p.check("10,1,450") == ({"x": 10.0, "y": 1.0, "facing": 90.0}, None)
    assert p.check({"x": 1, "y": 1})[1] == "where needs x, y, facing"


def test_an_unknown_field_kind_is_refused_when_the_decision_is_built() -> None:
    with pytest.raises(ValueError):
        Param("x", "colour")


def test_decisions_and_options_carry_structured_data_that_is_not_part_of_their_identity() -> None:
    d = choose("red", "target", "shoot whom?", [Option("b1", "Brute", data={"target": "b1", "dice": 3})],
               context={"actor": "r1", "action": "shoot"})
    assert d.context == {"actor": "r1", "action": "shoot"}
    assert d.options[0].data["dice"] == 3
    assert Option("b1", "Brute", data={"x": 1}) == Option("b1", "Brute")
    assert d == choose("red", "target", "shoot whom?", [Option("b1", "Brute")])


def test_describe_tells_how_to_type_each_new_kind() -> None:
    d = Decision("p", "deploy", "where?", params=(Param("at", "pose", bounds=(0, 0, 72, 48)),
                                                  Param("dice", "assign", choices=("a", "b"), total=4)))
    text = d.describe()
    assert "at=x,y,facing (x 0..72, y 0..48)" in text and "dice: 4 shared as a=N b=N" in text


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), total=st.integers(0, 12), n=st.integers(1, 5), cap=st.integers(0, 6),
       low=st.integers(0, 3))
def test_random_values_of_every_kind_are_legal(seed: int, total: int, n: int, cap: int, low: int) -> None:
    rng = random.Random(seed)
    choices = tuple(f"t{i}" for i in range(n))
    if cap and cap * n < total:
        cap = 0
    params = [Param("a", "assign", high=cap, choices=choices, total=total),
              Param("s", "subset", low=min(low, n), high=0, choices=choices),
              Param("p", "point", bounds=(0, 0, 36, 24), step=0.25),
              Param("q", "pose", bounds=(-1, -1, 1, 1))]
    for p in params:
        value, err = p.check(sample_param(rng, p))
        assert err is None, (p.kind, err)
