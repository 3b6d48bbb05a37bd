"""Issue 11: set-up, layout and warband files that are not what they seem give one clear SetupError line, fast."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish import Game, SetupError
from skirmish_chob_noggoth.rules import ChobNoggoth
from skirmish_chob_noggoth.terrain import MAX_PIECES, MAX_SHRINES, parse_layout
from skirmish_chob_noggoth.warband import SHOWN_PROBLEMS, clean_name, parse_warband

RULES = ChobNoggoth()
GOOD_WARBAND = {"name": "Grubs", "warriors": [{"name": "Grub", "type": "Brawler", "quality": "standard"}]}


def setup_error(setup: dict[str, Any]) -> str:
    with pytest.raises(SetupError) as err:
        RULES.check_setup(setup)
    text = str(err.value)
    assert "\n" not in text
    return text


@pytest.mark.parametrize("spot", ["here", [1, 2, 3], [10**400, 2], [float("nan"), 2], [1, float("inf")],
                                  [True, 2], {"x": 1}, ["1", 2]])
def test_bad_positions_are_refused_before_the_game_starts(spot: Any) -> None:
    assert "position of r1" in setup_error({"positions": {"red": {"r1": spot}}})


def test_every_position_problem_is_reported_with_unknown_names_and_sides() -> None:
    text = setup_error({"warbands": {"red": GOOD_WARBAND},
                        "positions": {"red": {"Grub": "here", "Nobody": [1, 1]}, "green": {"x": [1, 1]}}})
    assert "3 problems" in text
    assert "no warrior of that name" in text and "no player 'green'" in text and "must be [x, y]" in text


def test_good_positions_by_name_or_id_are_accepted() -> None:
    setup = RULES.check_setup({"warbands": {"red": GOOD_WARBAND}, "positions": {"red": {"Grub": [5, 2]},
                                                                              "blue": {"b1": [5.5, 22]}}})
    assert setup["positions"]["red"]["Grub"] == [5, 2]


def test_a_bad_position_never_reaches_a_save() -> None:
    with pytest.raises(SetupError):
        Game(RULES, {"positions": {"red": {"r1": "here"}}}, seed=1)


@pytest.mark.parametrize("value", ["no", 0, "false", [], 1.0])
def test_option_limits_of_the_wrong_type_is_refused(value: Any) -> None:
    assert "option limits must be true or false" in setup_error({"options": {"limits": value}})


def test_layout_counts_are_bounded_with_a_clear_message() -> None:
    shrines = [{"x": 1.0 + i % 30, "y": 5.0 + i // 30 * 0.1} for i in range(2000)]
    with pytest.raises(SetupError, match=f"at most {MAX_PIECES} pieces and {MAX_SHRINES} shrines"):
        parse_layout({"name": "many", "shrines": shrines})
    pieces = [{"kind": "area", "shape": "circle", "x": 5.0, "y": 10.0, "w": 1.0} for _ in range(10_000)]
    with pytest.raises(SetupError, match="10000 terrain pieces"):
        parse_layout({"name": "many", "pieces": pieces})


def test_layout_error_text_is_capped_to_the_first_problems_and_a_count() -> None:
    pieces = [{"id": f"p{i}", "kind": "area", "shape": "circle", "x": 18.0, "y": 12.0, "w": 2.0}
              for i in range(MAX_PIECES)]
    with pytest.raises(SetupError) as err:
        parse_layout({"name": "pile", "pieces": pieces})
    text = str(err.value)
    pairs = MAX_PIECES * (MAX_PIECES - 1) // 2
    assert text.count("overlap") == SHOWN_PROBLEMS and f"{pairs} problems" in text
    assert f"and {pairs - SHOWN_PROBLEMS} more" in text and len(text) < 2000


def test_the_indexed_overlap_check_finds_the_same_pairs_as_every_pair() -> None:
    pieces = [{"id": "a", "kind": "area", "shape": "circle", "x": 10.0, "y": 12.0, "w": 4.0},
              {"id": "b", "kind": "area", "shape": "rect", "x": 12.5, "y": 12.0, "w": 2.0, "h": 2.0},
              {"id": "c", "kind": "area", "shape": "circle", "x": 30.0, "y": 12.0, "w": 2.0},
              {"id": "d", "kind": "area", "shape": "circle", "x": 10.0, "y": 14.5, "w": 2.0}]
    with pytest.raises(SetupError) as err:
        parse_layout({"name": "some", "pieces": pieces, "shrines": [{"x": 20, "y": 12}, {"x": 21, "y": 12}]})
    text = str(err.value)
    assert "'a' and 'b' overlap" in text and "'a' and 'd' overlap" in text and "'c'" not in text
    assert "shrines 's1' and 's2' are 1.0\" apart" in text


def test_control_characters_are_stripped_from_names_at_load() -> None:
    band = parse_warband({"name": "\x1b[31mRed\x1b]0;pwned\x07 Band\u202e", "warriors": [
        {"name": "Gr\x1b[2Jub\r\n", "type": "Brawler", "quality": "standard"}]}, RULES.content)
    assert band.name == "[31mRed]0;pwned Band" and band.warriors[0].name == "Gr[2Jub"
    assert all(ch.isprintable() for ch in band.name + band.warriors[0].name)
    assert clean_name("\x00\x9b\t ok ") == "ok"
    layout = parse_layout({"name": "Bog\x1b[1m", "pieces": [
        {"id": "t\x1b1", "name": "Rock\x07", "kind": "area", "shape": "circle", "x": 18.0, "y": 12.0, "w": 2.0}]})
    assert layout.name == "Bog[1m" and layout.pieces[0].name == "Rock" and layout.pieces[0].id == "t1"


def test_a_name_of_only_control_characters_is_no_name() -> None:
    with pytest.raises(SetupError, match="needs a name"):
        parse_warband({"name": "\x1b\x07", "warriors": GOOD_WARBAND["warriors"]}, RULES.content)


# ------------------------------------------------------------------------------------------- fuzz

_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12))
_values = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                         st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                       max_leaves=12)
_keys = st.sampled_from(["name", "rule", "warriors", "type", "quality", "rules", "roles", "traits", "mercenary",
                         "mounted", "gun", "winged", "players", "warbands", "layout", "options", "positions",
                         "limits", "max_rounds", "divine_die", "pieces", "shrines", "x", "y", "w", "h", "kind",
                         "shape", "id", "red", "blue", "r1", "Grub"])
_tables = st.recursive(st.dictionaries(_keys, _values, max_size=5),
                       lambda inner: st.dictionaries(_keys, st.one_of(inner, st.lists(inner, max_size=3), _values),
                                                     max_size=5), max_leaves=20)


def _one_clear_line(fn: Any, *args: Any) -> None:
    try:
        fn(*args)
    except SetupError as exc:
        assert str(exc) and "\n" not in str(exc) and len(str(exc)) < 5000


@settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(_tables)
def test_fuzz_any_warband_table_gives_a_warband_or_one_clear_line(data: dict[str, Any]) -> None:
    _one_clear_line(parse_warband, data, RULES.content)


@settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(_tables)
def test_fuzz_any_set_up_gives_a_set_up_or_one_clear_line(data: dict[str, Any]) -> None:
    _one_clear_line(RULES.check_setup, data)


@settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(_tables)
def test_fuzz_any_layout_gives_a_layout_or_one_clear_line(data: dict[str, Any]) -> None:
    _one_clear_line(parse_layout, data)


@settings(max_examples=100, deadline=2000)
@given(st.text(max_size=200))
def test_fuzz_any_text_as_a_warband_file_gives_one_clear_line(text: str) -> None:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return
    _one_clear_line(parse_warband, data, RULES.content)
