"""parse_answer: turning what a person typed into an answer for the pending decision."""

from __future__ import annotations

import pytest

from skirmish.answer_text import parse_answer
from skirmish.decisions import Decision, Option, Param, choose
from skirmish.errors import IllegalAnswer

MOVE = choose("alice", "move", "how do you move?", [
    Option("sprint", "sprint (roll 3 dice)"),
    Option("jog", "jog (move some inches)"),
    Option("boost1-0", "play boost1-0"),
    Option("boost2-3", "play boost2-3"),
])
FORM = Decision("alice", "shoot", "shoot how?", params=(
    Param("target", "choice", choices=("bob", "carol")), Param("range", "float", 0, 24), Param("aimed", "bool"),
))


# -- lists of options ---------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [("1", "sprint"), ("2", "jog"), (" 4 ", "boost2-3")])
def test_a_number_picks_that_option(text: str, value: str) -> None:
    assert parse_answer(MOVE, text) == value


@pytest.mark.parametrize("text", ["0", "5", "99"])
def test_a_number_out_of_range_says_which_numbers_are_allowed(text: str) -> None:
    with pytest.raises(IllegalAnswer, match="choose a number from 1 to 4"):
        parse_answer(MOVE, text)


@pytest.mark.parametrize(("text", "value"), [
    ("jog", "jog"), ("JOG", "jog"), ("play boost2-3", "boost2-3"), ("Sprint (Roll 3 Dice)", "sprint"),
    ("boost1-0", "boost1-0"),
])
def test_an_option_value_or_label_is_matched_ignoring_case(text: str, value: str) -> None:
    assert parse_answer(MOVE, text) == value


@pytest.mark.parametrize(("text", "value"), [("spr", "sprint"), ("j", "jog"), ("play boost1", "boost1-0"),
                                             ("boost2", "boost2-3")])
def test_a_unique_prefix_picks_that_option(text: str, value: str) -> None:
    assert parse_answer(MOVE, text) == value


def test_an_ambiguous_prefix_lists_what_it_could_be() -> None:
    with pytest.raises(IllegalAnswer, match=r"^'play' could be any of: play boost1-0, play boost2-3$"):
        parse_answer(MOVE, "play")


def test_an_unknown_answer_says_how_to_answer() -> None:
    with pytest.raises(IllegalAnswer, match=r"^'fly' is not an answer here; choose 1 to 4 \(or type help\)$"):
        parse_answer(MOVE, "fly")


@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_line_is_refused(text: str) -> None:
    with pytest.raises(IllegalAnswer, match="empty answer"):
        parse_answer(MOVE, text)


def test_json_is_accepted_for_an_option_with_a_structured_value() -> None:
    d = choose("a", "place", "where?", [(["x", 1], "square x1"), ({"at": [2, 3]}, "corner")])
    assert parse_answer(d, '["x", 1]') == ["x", 1]
    assert parse_answer(d, '{"at": [2, 3]}') == {"at": [2, 3]}
    assert d.check(None, parse_answer(d, '["x", 1]')) == (["x", 1], None)


def test_a_quoted_json_string_is_read_as_that_string() -> None:
    assert parse_answer(MOVE, '"jog"') == "jog"


def test_numbers_pick_positions_even_when_option_values_are_numbers() -> None:
    d = choose("a", "dice", "how many dice?", [3, 2, 1])
    assert parse_answer(d, "1") == 3
    assert parse_answer(d, "3") == 1


# -- forms --------------------------------------------------------------------------------

def test_a_form_reads_name_value_pairs_in_any_order() -> None:
    assert parse_answer(FORM, "range=12.5 aimed=yes target=carol") == {"range": "12.5", "aimed": "yes",
                                                                        "target": "carol"}


def test_a_form_reads_values_in_field_order() -> None:
    assert parse_answer(FORM, "bob 6 no") == {"target": "bob", "range": "6", "aimed": "no"}


def test_positional_values_fill_the_fields_not_named() -> None:
    assert parse_answer(FORM, "range=3 carol yes") == {"range": "3", "target": "carol", "aimed": "yes"}


def test_parsed_form_answers_pass_the_decision_check_with_coerced_values() -> None:
    value, err = FORM.check(None, parse_answer(FORM, "carol range=7.255 y"))
    assert err is None
    assert value == {"target": "carol", "range": 7.26, "aimed": True}


def test_a_form_accepts_quoted_values() -> None:
    d = Decision("a", "name", "call it", params=(Param("name", "choice", choices=("big gun", "small gun")),))
    assert parse_answer(d, "'big gun'") == {"name": "big gun"}
    assert parse_answer(d, 'name="small gun"') == {"name": "small gun"}


def test_a_form_accepts_a_json_object() -> None:
    assert parse_answer(FORM, '{"target": "bob", "range": 3, "aimed": false}') == {"target": "bob", "range": 3,
                                                                                   "aimed": False}


def test_bad_json_for_a_form_names_the_problem_and_column() -> None:
    with pytest.raises(IllegalAnswer, match=r"^bad JSON answer: .* at column \d+$"):
        parse_answer(FORM, '{"target": }')


def test_an_unknown_field_is_refused_listing_the_fields() -> None:
    with pytest.raises(IllegalAnswer, match=r"^unknown field 'speed' \(fields: target, range, aimed\)$"):
        parse_answer(FORM, "speed=3")


def test_too_many_values_are_refused() -> None:
    with pytest.raises(IllegalAnswer, match=r"too many values \(fields: target, range, aimed\)"):
        parse_answer(FORM, "bob 3 yes extra")


def test_unbalanced_quotes_are_refused_with_a_message() -> None:
    with pytest.raises(IllegalAnswer, match="cannot read the answer"):
        parse_answer(FORM, "'bob")


@pytest.mark.parametrize("text", ["\u00b2", "\u2460", "1\u00b2"])
def test_digit_like_characters_that_are_not_numbers_are_refused_not_a_crash(text: str) -> None:
    # str.isdigit() is true for superscripts and circled digits, which int() cannot read
    with pytest.raises(IllegalAnswer, match="is not an answer here"):
        parse_answer(MOVE, text)


def test_other_scripts_decimal_digits_still_pick_an_option() -> None:
    assert parse_answer(MOVE, "\u0662") == "jog"  # ARABIC-INDIC DIGIT TWO
