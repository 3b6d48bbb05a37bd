"""The dice expression language: parsing, rolling, odds, round trips and errors."""

from __future__ import annotations

import re
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.dice import (
    D66,
    Const,
    Custom,
    CustomDie,
    Dice,
    Pool,
    Sum,
    d66_distribution,
    die_distribution,
    parse,
    pool_hits,
    register_die,
    sum_distribution,
    tally_distribution,
)
from skirmish.errors import DiceError
from skirmish.events import EventLog
from skirmish.rng import GameRNG

GOBLIN = CustomDie("goblin", ("star", "star", "blank", "blank", "essence", "uprising"))
register_die("tgoblin", GOBLIN)  # idempotent: the same die under a test-only name


def rolled(text: str, *values: int | str):
    rng = GameRNG(strict=True, log=EventLog())
    rng.load(values)
    return parse(text).roll(rng)


# -- parsing ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2d6", Sum([(1, Dice(2, 6))])),
        ("d6", Sum([(1, Dice(1, 6))])),
        ("1d6", Sum([(1, Dice(1, 6))])),
        ("3d6+2", Sum([(1, Dice(3, 6)), (1, Const(2))])),
        ("2d6-1", Sum([(1, Dice(2, 6)), (-1, Const(1))])),
        ("d3+2", Sum([(1, Dice(1, 3)), (1, Const(2))])),
        ("2d6+d3", Sum([(1, Dice(2, 6)), (1, Dice(1, 3))])),
        ("-d6+4", Sum([(-1, Dice(1, 6)), (1, Const(4))])),
        ("d66", Sum([(1, D66())])),
        ("7", Sum([(1, Const(7))])),
        ("10d6>=4", Pool(10, 6, 4)),
        ("10d6>=4!", Pool(10, 6, 4, natural=True)),
        ("10d6>=4r", Pool(10, 6, 4, reroll="misses")),
        ("10d6>=4rh", Pool(10, 6, 4, reroll="hits")),
        ("10d6>=4r1", Pool(10, 6, 4, reroll="ones")),
        ("10d6>=4x", Pool(10, 6, 4, extra=1)),
        ("10d6>=4x2", Pool(10, 6, 4, extra=2)),
        ("10d6>=4m-1", Pool(10, 6, 4, modifier=-1)),
        ("10d6>=5 ! r x m+1", Pool(10, 6, 5, True, "misses", 1, 1)),
        ("3xtgoblin", Custom(3, "tgoblin")),
        ("tgoblin", Custom(1, "tgoblin")),
        ("  2 D 6  +  D3 ", Sum([(1, Dice(2, 6)), (1, Dice(1, 3))])),
        ("3 X TGoblin", Custom(3, "tgoblin")),
        ("10D6 >= 4 R1 X2 M - 1", Pool(10, 6, 4, reroll="ones", extra=2, modifier=-1)),
    ],
)
def test_parse(text, expected):
    assert parse(text) == expected


@pytest.mark.parametrize(
    ("text", "canonical"),
    [(" 2D6 + 1 ", "2d6+1"), ("1d6", "d6"), ("10d6>=4 x1 r !", "10d6>=4!rx"), ("1xTGOBLIN", "tgoblin")],
)
def test_canonical_text(text, canonical):
    assert str(parse(text)) == canonical


# -- rolling ------------------------------------------------------------------


def test_roll_sum_with_loaded_dice():
    out = rolled("2d6+d3-1", 3, 5, 2)
    assert out.value == 9 and out.text == "2d6 [3 5] + d3 [2] - 1 = 9"
    assert rolled("-d6+4", 6).value == -2
    assert rolled("d66", 4, 2).value == 42


def test_roll_pool_with_reroll_shows_both_results():
    rng = GameRNG(strict=True, log=EventLog())
    rng.load([6, 1, 4, 2, 5, 3])
    out = parse("4d6>=4rx").roll(rng, rule="Volley")
    assert out.value == 4  # 6 (+1 extra), 5, 4; the re-rolled 2 became a 3
    assert out.pool is not None and out.pool.original == (6, 1, 4, 2)
    assert out.text == "4d6>=4rx: 6 1 4 2 | re-rolled 1->5 2->3 = 4 hits"
    texts = [e.text for e in rng.log.events]
    assert len(texts) == 2 and "6 1 4 2" in texts[0] and "was 1 2" in texts[1] and "5 3" in texts[1]
    assert all(e.rule == "Volley" for e in rng.log.events)


def test_roll_pool_natural_rule_and_modifier():
    assert rolled("2d6>=7", 6, 5).value == 0
    assert rolled("2d6>=7!", 6, 5).value == 1
    assert rolled("3d6>=4m+1", 3, 2, 1).value == 1
    assert rolled("2d6>=2m+1!", 1, 1).value == 0


def test_roll_custom_dice_tallies_faces():
    out = rolled("3xtgoblin", "star", "blank", 1)
    assert out.value == (("star", 2), ("blank", 1))
    assert out.text == "3xtgoblin: star blank star = star 2, blank 1"


@settings(max_examples=40, deadline=None)
@given(
    text=st.sampled_from(["2d6", "d3+2", "3d6-d3", "d66", "10d6>=4rx", "5d8>=6!r1m-1", "4xtgoblin"]),
    seed=st.integers(0, 2**32),
)
def test_rolls_are_deterministic_and_possible(text, seed):
    expr = parse(text)
    first = expr.roll(GameRNG(seed))
    assert first == expr.roll(GameRNG(seed))
    assert expr.distribution().prob(first.value) > 0


# -- odds ---------------------------------------------------------------------


def test_distributions():
    assert parse("2d6").distribution() == sum_distribution(2, 6)
    assert parse("d3+2").distribution() == die_distribution(3) + 2
    assert parse("d66").distribution() == d66_distribution()
    assert parse("2d6-d6").distribution().mean() == F(7, 2)
    assert parse("d6+d6+d6").distribution() == sum_distribution(3, 6)
    assert parse("10d6>=4!rx m-1").distribution() == pool_hits(
        10, 4, natural=True, reroll="misses", extra_on_six=1, modifier=-1
    )
    assert parse("10d6>=4").distribution() == pool_hits(10, 4, natural=False)
    assert parse("2xtgoblin").distribution() == tally_distribution(GOBLIN, 2)


def test_distribution_too_large():
    for text in ("200d1000", "d1000+d999+d998"):
        with pytest.raises(DiceError, match="too many outcomes"):
            parse(text).distribution()
    assert parse("d1000+d1000+d1000").distribution() == sum_distribution(3, 1000)
    assert parse("500d6+500d6").distribution() == sum_distribution(1000, 6)


# -- round trips --------------------------------------------------------------

sides = st.integers(2, 100).filter(lambda s: s != 66)
terms = st.one_of(st.builds(Const, st.integers(0, 99)), st.builds(Dice, st.integers(1, 20), sides), st.just(D66()))
sums = st.lists(st.tuples(st.sampled_from([1, -1]), terms), min_size=1, max_size=5).map(Sum)
pools = st.builds(
    Pool,
    count=st.integers(1, 50),
    sides=sides,
    target=st.integers(1, 20),
    natural=st.booleans(),
    reroll=st.sampled_from(["none", "misses", "hits", "ones"]),
    extra=st.integers(0, 3),
    modifier=st.integers(-3, 3),
)
customs = st.builds(Custom, st.integers(1, 20), st.just("tgoblin"))
exprs = st.one_of(sums, pools, customs)
TOKEN = re.compile(r"\d+|[a-z_][a-z0-9_]*|>=|\S")


@settings(max_examples=150, deadline=None)
@given(expr=exprs)
def test_str_then_parse_round_trips(expr):
    assert parse(str(expr)) == expr


@settings(max_examples=80, deadline=None)
@given(expr=exprs, data=st.data())
def test_parse_ignores_spacing_and_case(expr, data):
    tokens = TOKEN.findall(str(expr))
    spaces = data.draw(st.lists(st.sampled_from(["", " ", "  ", "\t"]), min_size=len(tokens), max_size=len(tokens)))
    messy = "".join(s + t for s, t in zip(spaces, tokens, strict=True))
    assert parse(messy.upper()) == expr


# -- errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2d", "bad dice expression '2d': expected number of sides after 'd', found the end at position 3"),
        ("", "it is empty at position 1"),
        ("   ", "it is empty at position 4"),
        ("2d6+", "expected a number, dice or a die name, found the end at position 5"),
        ("2d6 3", "expected '+', '-' or the end, found '3' at position 5"),
        ("2d6*2", "found '*' at position 4"),
        ("d6 d6", "found 'd' at position 4"),
        ("3xgobbo", "unknown die 'gobbo' (known: "),
        ("3x", "expected a die name, found the end at position 3"),
        ("3xd6", "numbered dice are written 3d6, not with 'x' at position 3"),
        ("1001d6", "number of dice must be 1..1000, not 1001 at position 1"),
        ("0d6", "number of dice must be 1..1000, not 0 at position 1"),
        ("d1001", "number of sides must be 2..1000, not 1001 at position 2"),
        ("d1", "number of sides must be 2..1000, not 1 at position 2"),
        ("99999999999d6", "not 99999999999 at position 1"),
        ("600d6+600d6", "1200 dice is too many (at most 1000)"),
        ("2d66", "d66 is rolled one at a time"),
        ("d66>=4", "a d66 cannot be a success pool"),
        ("10d6>=", "expected a target number after '>=', found the end at position 7"),
        ("10d6>=0", "a target number after '>=' must be 1..1000, not 0"),
        ("10d6>=4+1", "a success pool cannot be added to other terms"),
        ("1+10d6>=4", "a success pool cannot be added to other terms at position 3"),
        ("-10d6>=4", "a success pool cannot be added to other terms at position 1"),
        ("2d6+3xtgoblin", "custom dice cannot be added to other terms at position 5"),
        ("10d6>=4rr", "pool option 'r' given twice at position 9"),
        ("10d6>=4 q", "expected a pool option (!, r, rh, r1, x, m+N, m-N) or the end, found 'q' at position 9"),
        ("10d6>=4m1", "expected '+' or '-' after 'm', found '1' at position 9"),
        ("10d6>=4x101", "extra hits must be 0..100, not 101"),
        ("3xtgoblin+1", "expected the end after 3xtgoblin, found '+' at position 10"),
    ],
)
def test_errors_are_one_clear_line(text, message):
    with pytest.raises(DiceError) as err:
        parse(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value) and str(err.value).startswith(f"bad dice expression {text!r}: ")


def test_non_text_and_too_long():
    with pytest.raises(DiceError, match="must be text"):
        parse(6)  # type: ignore[arg-type]
    with pytest.raises(DiceError, match="too long"):
        parse("1+" * 600 + "1")


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Dice(0, 6), "number of dice"),
        (lambda: Dice(2, 66), "D66"),
        (lambda: Pool(3, 6, 4, reroll="sixes"), "unknown re-roll"),
        (lambda: Sum([]), "at least one term"),
        (lambda: Sum([(2, Const(1))]), "bad term"),
        (lambda: Sum([(1, Dice(600, 6)), (1, Dice(600, 6))]), "too many"),
    ],
)
def test_building_bad_expressions(build, message):
    with pytest.raises(DiceError, match=message):
        build()
