"""Type-ahead: reading 'wheel left 2' as an option and the words for the next question; choices not on offer."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.answer_text import answer_ahead, matching_options, read_answer, why_not_offered
from skirmish.decisions import Decision, Option
from skirmish.errors import IllegalAnswer

MOVE = Decision("red", "move", "what next?", options=(
    Option("end", "end the activation"),
    Option("advance", "advance N (inches forwards)", data={"actor": "r1"}),
    Option("wheel-left", "wheel left N (inches)", data={"actor": "r1"}),
    Option("wheel-back-left", "wheel back left N (inches)", data={"actor": "r1"}),
    Option("shuffle-left", "shuffle left N (inches)", data={"actor": "r1"}),
), context={"not_offered": {"shuffle right": "Long Rifles is in the way", "fly": "no Flying keyword"}})


@pytest.mark.parametrize(("text", "value", "rest"), [
    ("advance 3.5", "advance", "3.5"),
    ("wheel left 2", "wheel-left", "2"),
    ("wheel back left 1.5", "wheel-back-left", "1.5"),
    ("WHEEL-LEFT 2", "wheel-left", "2"),
    ("shuffle left 0.5", "shuffle-left", "0.5"),
    ("2 3.5", "advance", "3.5"),
    ("end", "end", ""),
    ("advance", "advance", ""),
])
def test_an_option_then_the_words_for_the_next_question(text: str, value: str, rest: str) -> None:
    assert read_answer(MOVE, text) == (value, rest)


def test_the_words_after_an_option_never_pick_another_through_an_actor_id() -> None:
    """'advance 1' is the option advance and 1, not the only option holding 'advance' and '1' (in 'r1')."""
    assert read_answer(MOVE, "advance 1") == ("advance", "1")


def test_a_choice_not_on_offer_is_refused_with_the_rulesets_reason() -> None:
    with pytest.raises(IllegalAnswer, match="shuffle right is not possible now: Long Rifles is in the way"):
        read_answer(MOVE, "shuffle right 1")
    assert why_not_offered(MOVE, "fly 14") == "fly is not possible now: no Flying keyword"
    assert why_not_offered(MOVE, "flying 14") == ""  # whole words only
    assert why_not_offered(MOVE, "advance 2") == ""


def test_hyphens_match_spaces_when_searching_options() -> None:
    plain = Decision("red", "move", "?", options=(Option("wheel-left", "wheel-left"), Option("end", "end")))
    assert matching_options(plain, "wheel left") == [0]
    assert answer_ahead(plain, "wheel left 2") == ("wheel-left", "2")


def test_nothing_is_read_ahead_for_a_form_or_an_unknown_start() -> None:
    assert answer_ahead(MOVE, "charge 3") is None
    with pytest.raises(IllegalAnswer):
        read_answer(MOVE, "charge 3")


@given(st.text(max_size=30))
def test_any_text_is_an_answer_or_one_illegal_answer_error(text: str) -> None:
    try:
        value, rest = read_answer(MOVE, text)
    except IllegalAnswer:
        return
    assert rest == "" or rest == " ".join(rest.split())


@pytest.mark.parametrize("text", ["0", "10", "-1", "+3"])
def test_a_bare_number_out_of_range_names_no_option_by_its_text(text: str) -> None:
    rest = Decision("red", "turn", "?", options=(Option("rest", "Rest: regain 2 HP (HP 10)"), Option("end", "end")))
    assert matching_options(rest, text) == []
    with pytest.raises(IllegalAnswer):
        read_answer(rest, text)


def test_partial_typing_prefers_whole_words_to_letters_inside_a_word() -> None:
    d = Decision("alice", "act", "what now?", options=(
        Option("forest", "move into the Forest"), Option("rest", "rest (recover a wound)"),
        Option("arrest", "arrest the mayor"), Option("advance", "advance 3"), Option("nadv", "canadvise")))
    assert matching_options(d, "rest") == [1]
    assert read_answer(d, "rest")[0] == "rest"
    assert matching_options(d, "adv") == [3]  # the start of a word before letters inside one
    assert matching_options(d, "ores") == [0]  # nothing better: inside a word still matches
    assert matching_options(d, "the") == [0, 2]
