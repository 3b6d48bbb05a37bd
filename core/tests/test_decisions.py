"""Decisions: options and forms, how answers are coerced, checked, refused and described."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.decisions import Decision, Option, Param, choose, normalize
from skirmish.errors import IllegalAnswer

# -- Param.check ---------------------------------------------------------------------------


@pytest.mark.parametrize(("given_value", "expected"), [(2, 2), ("3", 3), ("0", 0), (2.0, 2), ("1e0", 1)])
def test_int_param_coerces_whole_numbers_to_int(given_value: Any, expected: int) -> None:
    value, err = Param("n", "int", 0, 3).check(given_value)
    assert err is None
    assert value == expected and type(value) is int


def test_int_param_refuses_fractions() -> None:
    assert Param("n", "int", 0, 3).check(2.5) == (2.5, "n must be a whole number")
    assert Param("n", "int", 0, 3).check("1.5")[1] == "n must be a whole number"


@pytest.mark.parametrize("bad", ["many", "", None, [1], {"a": 1}])
def test_number_param_refuses_what_is_not_a_number(bad: Any) -> None:
    for kind in ("int", "float"):
        value, err = Param("n", kind, 0, 3).check(bad)
        assert err == "n must be a number"
        assert value is bad


@pytest.mark.parametrize("bad", ["nan", "inf", "-inf", float("nan"), float("inf")])
def test_number_param_refuses_non_finite_numbers(bad: Any) -> None:
    for kind in ("int", "float"):
        assert Param("n", kind, 0, 3).check(bad)[1] == "n must be a finite number"


def test_number_param_refuses_values_outside_its_range_naming_the_range() -> None:
    p = Param("inches", "int", 1, 6)
    assert p.check(0)[1] == "inches must be between 1 and 6"
    assert p.check(7)[1] == "inches must be between 1 and 6"
    assert p.check(1) == (1, None)
    assert p.check(6) == (6, None)
    assert Param("x", "float", 0.5, 2.5).check(3)[1] == "x must be between 0.5 and 2.5"


@settings(max_examples=50, deadline=None)
@given(st.integers(-20, 20), st.integers(-20, 20), st.integers(-40, 40))
def test_int_param_accepts_exactly_the_whole_numbers_in_range(low: int, high: int, n: int) -> None:
    value, err = Param("n", "int", low, high).check(n)
    assert (err is None) == (low <= n <= high)
    if err is None:
        assert value == n


@pytest.mark.parametrize(("step", "given_value", "expected"), [
    (0.01, 1.234, 1.23), (0.01, "2.006", 2.01), (0.5, 1.2, 1.0), (0.5, 1.3, 1.5), (0.25, "0.9", 1.0), (1, 2.4, 2),
])
def test_float_param_rounds_to_its_step(step: float, given_value: Any, expected: float) -> None:
    value, err = Param("x", "float", 0, 3, step=step).check(given_value)
    assert err is None
    assert value == pytest.approx(expected)


def test_float_param_checks_the_range_after_rounding() -> None:
    p = Param("x", "float", 0, 1, step=0.5)
    assert p.check(1.2) == (1.0, None)
    assert p.check(1.3)[1] == "x must be between 0 and 1"


@settings(max_examples=50, deadline=None)
@given(st.floats(min_value=0, max_value=10, allow_nan=False))
def test_float_param_result_is_a_multiple_of_its_step(x: float) -> None:
    value, err = Param("x", "float", 0, 10, step=0.25).check(x)
    assert err is None
    assert abs(value * 4 - round(value * 4)) < 1e-9
    assert abs(value - x) <= 0.125 + 1e-9


@pytest.mark.parametrize("yes", [True, "yes", "Y", "true", "TRUE", "1", 1])
def test_bool_param_reads_yes(yes: Any) -> None:
    assert Param("ok", "bool").check(yes) == (True, None)


@pytest.mark.parametrize("no", [False, "no", "N", "false", "0", 0])
def test_bool_param_reads_no(no: Any) -> None:
    assert Param("ok", "bool").check(no) == (False, None)


@pytest.mark.parametrize("bad", ["maybe", "2", 2, ""])
def test_bool_param_refuses_other_answers(bad: Any) -> None:
    assert Param("ok", "bool").check(bad)[1] == "ok must be yes or no"


def test_choice_param_returns_the_choice_itself_matched_by_text() -> None:
    p = Param("size", "choice", choices=(1, 2, "big"))
    assert p.check("2") == (2, None)
    assert p.check(1) == (1, None)
    assert p.check("big") == ("big", None)


def test_choice_param_refuses_others_listing_the_choices() -> None:
    assert Param("side", "choice", choices=("left", "right")).check("up") == ("up", "side must be one of left, right")


# -- normalize -------------------------------------------------------------------------------


def test_normalize_turns_tuples_into_lists_recursively() -> None:
    assert normalize((1, ("a", (2,)))) == [1, ["a", [2]]]
    assert normalize({"k": (1, 2)}) == {"k": [1, 2]}


def test_normalize_makes_table_keys_strings() -> None:
    assert normalize({1: "a", "b": {2: True}}) == {"1": "a", "b": {"2": True}}


def test_normalize_keeps_plain_values() -> None:
    for value in ("x", 3, 2.5, True, [], {}):
        assert normalize(value) == value


@pytest.mark.parametrize("empty", [None, [1, None], {"a": None}, ((None,),)])
def test_normalize_refuses_none_anywhere(empty: Any) -> None:
    with pytest.raises(IllegalAnswer, match="cannot be empty"):
        normalize(empty)


def test_option_values_are_normalized() -> None:
    assert Option((1, 2), "pair").value == [1, 2]
    assert str(Option("x", "the x")) == "the x"
    assert str(Option("x")) == "x"


# -- Decision ------------------------------------------------------------------------------

def _form(validator: Any = None) -> Decision:
    return Decision("alice", "move", "how far?", params=(Param("inches", "int", 0, 6), Param("side", "choice",
                    choices=("left", "right")), Param("run", "bool")), validator=validator, rule="Movement")


def test_decision_needs_options_or_params() -> None:
    with pytest.raises(ValueError, match="'move' needs options or params"):
        Decision("alice", "move", "?")


def test_decision_cannot_have_both_options_and_params() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        Decision("alice", "move", "?", options=(Option("a"),), params=(Param("n"),))


def test_decision_examples_are_normalized_and_is_form_says_which_kind() -> None:
    d = Decision("a", "k", "?", params=(Param("n"),), examples=({"n": 0},))
    assert d.is_form
    assert not choose("a", "k", "?", ["x"]).is_form
    assert Decision("a", "k", "?", params=(Param("n"),), examples=[(1, 2)]).examples == ([1, 2],)


def test_check_accepts_an_offered_option_and_returns_its_value() -> None:
    d = choose("alice", "target", "shoot whom?", [("bob", "Bob"), (["x", 1], "a pair")])
    assert d.check(None, "bob") == ("bob", None)
    assert d.check(None, ("x", 1)) == (["x", 1], None)


def test_check_refuses_an_answer_not_offered_quoting_the_prompt() -> None:
    d = choose("alice", "target", "shoot whom?", ["bob", "carol"])
    value, err = d.check(None, "dave")
    assert err == "'dave' is not one of the answers to 'shoot whom?'"


def test_check_refuses_none() -> None:
    assert choose("a", "k", "?", ["x"]).check(None, None)[1] == "an answer cannot be empty (None)"


def test_check_form_coerces_every_field() -> None:
    value, err = _form().check(None, {"inches": "3", "side": "left", "run": "yes"})
    assert err is None
    assert value == {"inches": 3, "side": "left", "run": True}


def test_check_form_wants_a_table_naming_the_fields() -> None:
    assert _form().check(None, 3)[1] == "'how far?' wants inches, side, run"


def test_check_form_refuses_unknown_and_missing_fields() -> None:
    assert _form().check(None, {"inches": 1, "side": "left", "run": True, "fly": 1})[1] == \
        "unknown field 'fly' (expected inches, side, run)"
    assert _form().check(None, {"inches": 1, "run": True})[1] == "missing side"


def test_check_form_passes_on_the_field_refusal() -> None:
    assert _form().check(None, {"inches": 9, "side": "left", "run": True})[1] == "inches must be between 0 and 6"


def test_check_form_runs_the_validator_on_coerced_values_and_returns_its_message() -> None:
    seen: list[Any] = []

    def validator(game: Any, answer: dict[str, Any]) -> str | None:
        seen.append((game, answer))
        return "cannot run sideways" if answer["run"] and answer["inches"] > 3 else None

    d = _form(validator)
    game = object()
    value, err = d.check(game, {"inches": "5", "side": "right", "run": "y"})
    assert err == "cannot run sideways"
    assert value == {"inches": 5, "side": "right", "run": True}
    assert seen == [(game, {"inches": 5, "side": "right", "run": True})]
    assert d.check(game, {"inches": 2, "side": "right", "run": True}) == (
        {"inches": 2, "side": "right", "run": True}, None)


def test_check_form_does_not_call_the_validator_when_a_field_is_refused() -> None:
    calls: list[Any] = []
    d = _form(lambda g, a: calls.append(a))
    d.check(object(), {"inches": 99, "side": "left", "run": True})
    assert calls == []


def test_option_for_finds_the_option_by_normalized_value() -> None:
    d = choose("a", "k", "?", [(("x", 1), "pair"), ("y", "why")])
    assert d.option_for(("x", 1)).label == "pair"
    assert d.option_for("z") is None


def test_choose_accepts_options_pairs_and_bare_values() -> None:
    d = choose("alice", "pick", "which?", [Option("a", "Alpha"), ("b", "Beta"), "c", 4], rule="R")
    assert [(o.value, o.label) for o in d.options] == [("a", "Alpha"), ("b", "Beta"), ("c", "c"), (4, "4")]
    assert d.rule == "R" and d.player == "alice"


def test_describe_lists_numbered_options() -> None:
    d = choose("alice", "pick", "which?", [("a", "Alpha"), "b"])
    assert d.describe() == "which?\n  1. Alpha\n  2. b"


def test_describe_explains_how_to_fill_a_form() -> None:
    d = Decision("a", "k", "where?", params=(Param("x", "float", 0.5, 12), Param("side", "choice",
                 choices=("left", "right")), Param("go", "bool")))
    assert d.describe() == "where?\n  answer with x=0.5..12 side in {left, right} go=yes|no"
