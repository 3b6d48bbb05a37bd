"""Die types, loaded dice, the d3-from-d6 mapping and the registry of named dice."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.dice import (
    D3,
    D6,
    CustomDie,
    Die,
    d66,
    get_die,
    register_die,
    registered_dice,
    sum_of,
    unregister_die,
)
from skirmish.errors import DiceError, DiceExhausted
from skirmish.events import EventLog
from skirmish.rng import GameRNG

GOBLIN = CustomDie("goblin", ("star", "star", "blank", "blank", "essence", "uprising"))


def logged() -> tuple[GameRNG, EventLog]:
    log = EventLog()
    return GameRNG(7, log=log), log


@pytest.fixture
def goblin_registered():
    register_die("t_goblin", GOBLIN)
    yield GOBLIN
    unregister_die("t_goblin")


# -- numbered dice ------------------------------------------------------------


def test_loaded_d6_rolls_are_logged_with_rule_and_reason():
    rng, log = logged()
    rng.load([6, 1, 4])
    assert [D6.roll(rng, rule="Shooting", why="to hit") for _ in range(3)] == [6, 1, 4]
    assert [e.data["value"] for e in log.events] == [6, 1, 4]
    assert all(e.rule == "Shooting" and e.data["loaded"] for e in log.events)
    assert "to hit: d6 -> 6 (loaded)" in log.events[0].text


def test_rolls_logs_one_event_for_plain_dice():
    rng, log = logged()
    rng.load([2, 3, 5])
    assert D6.rolls(rng, 3, why="charge") == [2, 3, 5]
    assert len(log.events) == 1 and log.events[0].data["values"] == [2, 3, 5]


def test_die_names_and_faces():
    assert str(Die(8)) == "d8" and Die(8).faces == tuple(range(1, 9))
    assert D3 == Die(3) == Die(3, halve=True) and D3.faces == (1, 2, 3)
    assert not Die(3, halve=False).halve


@pytest.mark.parametrize("sides", [0, 1, 1001])
def test_bad_sides(sides):
    with pytest.raises(DiceError, match="sides"):
        Die(sides)


def test_too_many_dice():
    with pytest.raises(DiceError, match="1001 dice"):
        D6.rolls(GameRNG(), 1001)


@pytest.mark.parametrize("loaded", [1, 2, 3])
def test_loaded_d3_takes_the_d3_result(loaded):
    rng, log = logged()
    rng.load([loaded])
    assert D3.roll(rng, why="damage") == loaded
    event = log.events[0]
    assert event.data["sides"] == 6 and (event.data["value"] + 1) // 2 == loaded
    assert "d3 = d6 halved" in event.text


def test_loaded_d3_out_of_range():
    rng = GameRNG()
    rng.load([4])
    with pytest.raises(DiceError, match="loaded result 4 does not fit a d3"):
        D3.roll(rng)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_d3_is_a_d6_halved_rounding_up(seed):
    raw = GameRNG(seed).roll(6)
    assert D3.roll(GameRNG(seed)) == {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}[raw]


def test_true_three_sided_die_takes_loaded_values_directly():
    rng = GameRNG()
    rng.load([3])
    assert Die(3, halve=False).roll(rng) == 3


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(0, 20), sides=st.sampled_from([3, 6, 8, 20]))
def test_seeded_rolls_are_deterministic_and_in_range(seed, n, sides):
    first = Die(sides).rolls(GameRNG(seed), n)
    assert first == Die(sides).rolls(GameRNG(seed), n)
    assert all(1 <= v <= sides for v in first)


def test_strict_rng_refuses_unloaded_rolls():
    rng = GameRNG(strict=True)
    with pytest.raises(DiceExhausted):
        D3.roll(rng)


# -- custom dice --------------------------------------------------------------


def test_custom_die_loaded_by_label_or_index():
    rng, log = logged()
    rng.load(["essence", 6, "blank", 1])
    assert GOBLIN.rolls(rng, 4) == ["essence", "uprising", "blank", "star"]
    assert "goblin die: d6 -> essence (loaded)" in log.events[0].text


def test_custom_die_bad_loaded_label():
    rng = GameRNG()
    rng.load(["skull"])
    with pytest.raises(DiceError, match="not a face"):
        GOBLIN.roll(rng)


def test_custom_die_labels_values_and_validation():
    die = CustomDie("fate", ["+", "+", " ", " ", "-", "-"], values=[1, 1, 0, 0, -1, -1])
    assert die.faces == ("+", "+", " ", " ", "-", "-") and die.labels == ("+", " ", "-")
    assert die.value_of("-") == -1 and die.sides == 6
    with pytest.raises(DiceError, match="values given"):
        CustomDie("bad", ("a", "b"), values=(1,))
    with pytest.raises(DiceError, match="faces"):
        CustomDie("one", ("a",))
    with pytest.raises(DiceError, match="non-empty"):
        CustomDie("blank", ("a", ""))
    with pytest.raises(DiceError, match="no face values"):
        GOBLIN.value_of("star")
    with pytest.raises(DiceError, match="not a face"):
        die.value_of("star")
    with pytest.raises(dataclasses.FrozenInstanceError):
        die.name = "other"  # type: ignore[misc]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_custom_rolls_are_deterministic(seed):
    assert GOBLIN.rolls(GameRNG(seed), 5) == GOBLIN.rolls(GameRNG(seed), 5)


# -- registry -----------------------------------------------------------------


def test_registry_round_trip(goblin_registered):
    assert get_die("T_Goblin") is goblin_registered
    assert "t_goblin" in registered_dice()
    register_die("t_goblin", GOBLIN)  # the same die again is fine
    with pytest.raises(DiceError, match="already registered"):
        register_die("t_goblin", CustomDie("other", ("a", "b")))
    register_die("t_goblin", D6, replace=True)
    assert get_die("t_goblin") == D6


def test_registry_numbered_and_unknown():
    assert get_die("d6") == D6 and get_die("D3") == D3
    with pytest.raises(DiceError, match="unknown die 'nope'"):
        get_die("nope")


@pytest.mark.parametrize("name", ["d", "d6", "d3x", "2x", "a-b", "", "gob lin"])
def test_registry_refuses_names_that_clash_with_expressions(name):
    with pytest.raises(DiceError, match="bad die name"):
        register_die(name, GOBLIN)


def test_registry_refuses_non_dice():
    with pytest.raises(DiceError, match="not a Die"):
        register_die("thing", "d6")  # type: ignore[arg-type]


# -- helpers ------------------------------------------------------------------


def test_d66_loaded_is_tens_then_units():
    rng, log = logged()
    rng.load([3, 5])
    assert d66(rng, why="mutation") == 35
    assert log.events[0].data["values"] == [3, 5]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_d66_range(seed):
    value = d66(GameRNG(seed))
    assert 1 <= value // 10 <= 6 and 1 <= value % 10 <= 6


def test_sum_of():
    rng = GameRNG()
    rng.load([2, 6, 3])
    assert sum_of(rng, 3) == 11
    rng.load([1, 3])
    assert sum_of(rng, 2, 3) == 4  # loaded d3 results
