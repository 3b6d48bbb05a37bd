"""Fuzzing the parsers that read what people and files give: any input is a result or one clear error.

Save files (bytes and parsed tables), dice expressions (text, rolled and their odds) and typed
answers. An unexpected exception type, or a message over one line, fails the test.
"""

from __future__ import annotations

import string
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish.answer_text import parse_answer
from skirmish.decisions import Decision, Option, Param
from skirmish.dice.expr import parse
from skirmish.errors import DiceError, IllegalAnswer, SaveError, SkirmishError
from skirmish.rng import GameRNG
from skirmish.saves import parse_save, read_save, replay
from skirmish.testing.samples import DiceRace

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)


def _one_line(exc: BaseException) -> None:
    text = str(exc)
    assert text and "\n" not in text, repr(text)


@FUZZ
@given(data=st.dictionaries(st.sampled_from(["format", "ruleset", "ruleset_version", "seed", "setup", "answers",
                                             "digest", "agents", "finished", "x"]), plain, max_size=9))
def test_any_table_is_a_save_or_one_save_error(data: dict) -> None:
    try:
        save = parse_save(data)
    except SaveError as exc:
        _one_line(exc)
        return
    try:
        replay(save, DiceRace())
    except SaveError as exc:
        _one_line(exc)


@FUZZ
@given(blob=st.binary(max_size=400) | st.text(alphabet=string.printable + "[]{}=\"'", max_size=400).map(str.encode))
def test_any_bytes_on_disk_are_a_save_or_one_save_error(tmp_path: Path, blob: bytes) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_bytes(blob)
    try:
        read_save(path)
    except SaveError as exc:
        _one_line(exc)


dice_text = st.text(alphabet="0123456789dDxX+-*/<>=!rR()[], goblinhe", max_size=24)


@FUZZ
@given(text=dice_text | st.text(max_size=30))
def test_any_dice_expression_parses_rolls_and_gives_odds_or_one_dice_error(text: str) -> None:
    try:
        expr = parse(text)
    except DiceError as exc:
        _one_line(exc)
        return
    try:
        expr.roll(GameRNG(1))
        expr.distribution()
    except DiceError as exc:
        _one_line(exc)


LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"  # a typed answer is one line
_DECISIONS = [
    Decision("p", "pick", "pick one", options=(Option("a", "Alpha"), Option(2, "two"), Option(["x", 1], "pair"))),
    Decision("p", "form", "fill in", params=(Param("n", "int", 0, 10), Param("f", "float", -1, 1),
                                            Param("ok", "bool"), Param("c", "choice", choices=("l", "r")))),
    Decision("p", "kinds", "all kinds", params=(Param("s", "subset", 0, 2, choices=("a", "b", "c")),
                                               Param("d", "assign", choices=("u", "v"), total=3),
                                               Param("at", "pose", bounds=(0, 0, 10, 10)))),
]


@FUZZ
@given(text=st.text(st.characters(blacklist_characters=LINE_BREAKS), max_size=40),
       which=st.integers(0, len(_DECISIONS) - 1))
def test_any_typed_answer_is_an_answer_or_one_illegal_answer_error(text: str, which: int) -> None:
    decision = _DECISIONS[which]
    try:
        value = parse_answer(decision, text)
    except IllegalAnswer as exc:
        _one_line(exc)
        return
    _, err = decision.check(None, value)
    assert err is None or "\n" not in err


def test_the_fuzzed_errors_are_skirmish_errors() -> None:
    assert issubclass(SaveError, SkirmishError) and issubclass(DiceError, SkirmishError)
