"""parse_answer for the richer form fields: subsets, assignments, points and poses, as people type them."""

from __future__ import annotations

import pytest

from skirmish.answer_text import matching_options, parse_answer
from skirmish.decisions import Decision, Option, Param, choose
from skirmish.errors import IllegalAnswer

PICK = Decision("a", "pick", "which?", params=(Param("units", "subset", 1, 2, choices=("u1", "u2", "Ogre")),))
SPLIT = Decision("a", "dice", "split your dice", params=(Param("dice", "assign", choices=("u1", "u2"), total=5),))
PLACE = Decision("a", "place", "where?", params=(Param("at", "point", bounds=(0, 0, 36, 24)),))
POSE = Decision("a", "deploy", "where, facing?", params=(Param("at", "pose", bounds=(0, 0, 36, 24)),))
XY = Decision("a", "place", "where?", params=(Param("x", "float", 0, 36), Param("y", "float", 0, 24)))


def checked(d: Decision, text: str) -> object:
    """The checked answer; a one-field form gives that field's value."""
    value, err = d.check(None, parse_answer(d, text))
    assert err is None, err
    return value[d.params[0].name] if len(d.params) == 1 else value


@pytest.mark.parametrize(("text", "value"), [
    ("u1,u2", ["u1", "u2"]), ("u2", ["u2"]), ("u1 ogre", ["u1", "Ogre"]), ("units=U2,og", ["u2", "Ogre"]),
])
def test_a_subset_is_items_joined_by_commas_any_case_or_unique_start(text: str, value: list[str]) -> None:
    assert checked(PICK, text) == value


def test_none_is_the_empty_subset_and_the_size_limits_are_the_fields() -> None:
    d = Decision("a", "pick", "which?", params=(Param("units", "subset", 0, 0, choices=("u1", "u2")),))
    assert checked(d, "none") == []
    _, err = PICK.check(None, parse_answer(PICK, "u1,u2,ogre"))
    assert err is not None and "1 to 2" in err


@pytest.mark.parametrize(("text", "value"), [
    ("u1=3 u2=2", {"u1": 3, "u2": 2}), ("u1=5", {"u1": 5, "u2": 0}), ("u1:1,u2:4", {"u1": 1, "u2": 4}),
    ("4,1", {"u1": 4, "u2": 1}), ("dice=u2:5", {"u1": 0, "u2": 5}), ("U1=2 U2=3", {"u1": 2, "u2": 3}),
])
def test_an_assignment_is_item_equals_number(text: str, value: dict[str, int]) -> None:
    assert checked(SPLIT, text) == value


def test_an_assignment_that_does_not_add_up_is_refused_with_the_sum() -> None:
    _, err = SPLIT.check(None, parse_answer(SPLIT, "u1=1 u2=1"))
    assert err == "dice must add up to 5 (these add up to 2)"
    with pytest.raises(IllegalAnswer, match="one number to each of u1, u2"):
        parse_answer(SPLIT, "1,2,2")
    with pytest.raises(IllegalAnswer, match="item:N"):
        parse_answer(SPLIT, "u1:1,u2")


@pytest.mark.parametrize("text", ["10,1", "x=10 y=1", "10 1", "at=10,1", "y=1 x=10", " 10 , 1 "])
def test_a_point_is_x_comma_y_or_named(text: str) -> None:
    assert checked(PLACE, text) == {"x": 10, "y": 1}


@pytest.mark.parametrize("text", ["10,1,90", "x=10 y=1 facing=90", "10 1 90", "10,1,450"])
def test_a_pose_adds_the_facing(text: str) -> None:
    assert checked(POSE, text) == {"x": 10, "y": 1, "facing": 90}


def test_separate_x_and_y_fields_take_a_comma_pair_too() -> None:
    assert checked(XY, "10,1") == {"x": 10, "y": 1}
    assert checked(XY, "x=3.5 y=2") == {"x": 3.5, "y": 2}


@pytest.mark.parametrize(("d", "text", "says"), [
    (PLACE, "10", "needs x, y"), (PLACE, "40,1", "within x 0..36"), (PLACE, "ten,1", "number"),
    (POSE, "1,2", "needs x, y, facing"), (PICK, "u3", "not one of"),
])
def test_bad_values_are_refused_with_a_reason(d: Decision, text: str, says: str) -> None:
    _, err = d.check(None, parse_answer(d, text))
    assert err is not None and says in err


def test_an_unknown_named_part_is_refused() -> None:
    with pytest.raises(IllegalAnswer, match=r"unknown field 'z' \(fields: at\)"):
        parse_answer(PLACE, "x=1 z=3")
    with pytest.raises(IllegalAnswer, match="too many values"):
        parse_answer(PLACE, "1,2 3,4")


def test_matching_options_finds_a_piece_by_name_in_labels_or_data() -> None:
    d = choose("a", "act", "what now?", [Option("m1", "Nib: move", data={"actor": "r6"}),
                                         Option("s1", "Nib: shoot", data={"actor": "r6"}),
                                         Option("m2", "Wart: move", data={"actor": "r4"})])
    assert matching_options(d, "nib") == [0, 1]
    assert matching_options(d, "r4") == [2]
    assert matching_options(d, "zzz") == [] and matching_options(d, " ") == []


def test_matching_options_takes_several_words_in_any_order() -> None:
    d = choose("a", "act", "what now?", [Option("m1", "Big Gutz [Brawler]: advance toward Abbot Quill"),
                                         Option("m2", "Big Gutz [Brawler]: do nothing"),
                                         Option("m3", "Grub [Brawler]: advance toward Abbot Quill")])
    assert matching_options(d, "gutz adv") == [0]
    assert matching_options(d, "advance  GUTZ") == [0]
    assert matching_options(d, "brawler advance") == [0, 2]
    assert matching_options(d, "gutz fly") == []
