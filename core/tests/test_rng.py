"""GameRNG: seeded, logged, loadable dice; the game's one source of randomness."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.errors import DiceError, DiceExhausted
from skirmish.events import EventLog
from skirmish.rng import GameRNG

seeds = st.integers(min_value=0, max_value=2**32)
FACES = ("blank", "hit", "crit")


def _sequence(rng: GameRNG) -> list[object]:
    """A mix of every kind of draw, as plain values."""
    out: list[object] = [rng.roll(6), rng.roll(20), *rng.rolls_of(4, 8), rng.randint(-5, 5)]
    out.append(round(rng.uniform(0, 1), 12))
    out.append(rng.choice("abcdefg"))
    items = list(range(10))
    rng.shuffle(items)
    out.append(items)
    out.append(rng.sample(range(30), 4))
    return out


# -- seeding --------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(seeds)
def test_same_seed_gives_same_sequence_of_draws(seed: int) -> None:
    assert _sequence(GameRNG(seed)) == _sequence(GameRNG(seed))


def test_different_seeds_give_different_sequences() -> None:
    sequences = {repr(_sequence(GameRNG(seed))) for seed in range(5)}
    assert len(sequences) == 5


def test_rolls_stay_within_the_die() -> None:
    rng = GameRNG(7)
    values = {rng.roll(4) for _ in range(200)}
    assert values == {1, 2, 3, 4}


# -- loaded dice ----------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(seeds, st.lists(st.integers(min_value=1, max_value=6), max_size=5))
def test_loaded_dice_come_first_and_leave_the_seeded_sequence_untouched(seed: int, loaded: list[int]) -> None:
    plain = GameRNG(seed)
    rigged = GameRNG(seed)
    rigged.load(loaded)
    got = [rigged.roll(6) for _ in range(len(loaded) + 5)]
    assert got[: len(loaded)] == loaded
    assert got[len(loaded):] == [plain.roll(6) for _ in range(5)]


def test_loaded_dice_are_consumed_in_the_order_given_across_load_calls() -> None:
    rng = GameRNG(0)
    rng.load([2, 5])
    rng.load([3])
    assert [rng.roll(6), rng.roll(6), rng.roll(6)] == [2, 5, 3]
    assert not rng.loaded


def test_a_loaded_roll_is_logged_as_loaded_and_a_seeded_one_is_not() -> None:
    log = EventLog()
    rng = GameRNG(1, log=log)
    rng.load([4])
    rng.roll(6, rule="Shooting", why="to hit")
    rng.roll(6, rule="Shooting", why="to hit")
    first, second = log.events
    assert first.kind == second.kind == "roll"
    assert first.text == "to hit: d6 -> 4 (loaded)"
    assert first.rule == "Shooting"
    assert first.data["loaded"] is True and first.data["value"] == 4
    assert "(loaded)" not in second.text
    assert second.data["loaded"] is False


def test_rolls_of_consumes_loaded_dice_then_the_seed_and_marks_the_event_loaded() -> None:
    log = EventLog()
    rng = GameRNG(3, log=log)
    plain = GameRNG(3)
    rng.load([6, 6])
    values = rng.rolls_of(3, 6, why="sprint")
    assert values[:2] == [6, 6]
    assert values[2] == plain.roll(6)
    (event,) = log.events
    assert event.text == f"sprint: 3d6 -> 6 6 {values[2]} (loaded)"
    assert event.data["values"] == values


def test_loaded_face_label_picks_that_face_of_a_custom_die() -> None:
    log = EventLog()
    rng = GameRNG(0, log=log)
    rng.load(["crit", "blank"])
    assert rng.roll(3, faces=FACES, why="attack") == 3
    assert rng.roll(3, faces=FACES, why="attack") == 1
    assert [e.text for e in log] == ["attack: d3 -> crit (loaded)", "attack: d3 -> blank (loaded)"]


def test_custom_die_rolled_from_the_seed_logs_its_face_label() -> None:
    log = EventLog()
    rng = GameRNG(5, log=log)
    value = rng.roll(3, faces=FACES)
    assert log.events[0].text == f"roll: d3 -> {FACES[value - 1]}"


def test_unknown_loaded_face_label_is_a_dice_error_listing_the_faces() -> None:
    rng = GameRNG(0)
    rng.load(["miss"])
    with pytest.raises(DiceError, match=r"loaded face 'miss' is not a face of this die \(blank, hit, crit\)"):
        rng.roll(3, faces=FACES)


def test_loaded_face_label_for_a_numbered_die_is_a_dice_error() -> None:
    rng = GameRNG(0)
    rng.load(["hit"])
    with pytest.raises(DiceError, match="loaded face 'hit' given for a d6, which has numbered faces"):
        rng.roll(6)


@pytest.mark.parametrize("value", [0, 7, -1, 100])
def test_loaded_value_out_of_range_is_a_dice_error_naming_value_and_die(value: int) -> None:
    rng = GameRNG(0)
    rng.load([value])
    with pytest.raises(DiceError, match=f"loaded result {value} does not fit a 6-sided die"):
        rng.roll(6)


def test_loaded_value_out_of_range_in_a_pool_is_a_dice_error() -> None:
    rng = GameRNG(0)
    rng.load([3, 9])
    with pytest.raises(DiceError, match="loaded result 9 does not fit a 8-sided die"):
        rng.rolls_of(2, 8)


def test_only_die_rolls_consume_loaded_values() -> None:
    rng = GameRNG(11)
    plain = GameRNG(11)
    rng.load([1])
    items, plain_items = list(range(8)), list(range(8))
    rng.shuffle(items)
    plain.shuffle(plain_items)
    assert items == plain_items
    assert rng.randint(1, 100) == plain.randint(1, 100)
    assert list(rng.loaded) == [1]
    assert rng.roll(6) == 1


# -- strict mode -----------------------------------------------------------------------
def test_strict_mode_raises_dice_exhausted_when_no_loaded_result_is_left() -> None:
    rng = GameRNG(0, strict=True)
    rng.load([5])
    assert rng.roll(6) == 5
    with pytest.raises(DiceExhausted, match="no loaded result is left"):
        rng.roll(6)


def test_strict_mode_pool_raises_dice_exhausted() -> None:
    rng = GameRNG(0, strict=True)
    rng.load([1, 2])
    with pytest.raises(DiceExhausted):
        rng.rolls_of(3, 6)


def test_strict_mode_still_allows_draws_that_are_not_dice() -> None:
    rng = GameRNG(0, strict=True)
    items = [1, 2, 3]
    rng.shuffle(items)
    assert sorted(items) == [1, 2, 3]
    assert 1 <= rng.randint(1, 3) <= 3


# -- counters and logging --------------------------------------------------------------
def test_roll_counts_one_roll_and_one_draw_and_logs_one_roll_event() -> None:
    log = EventLog()
    rng = GameRNG(0, log=log)
    rng.roll(6)
    assert (rng.rolls, rng.draws, len(log)) == (1, 1, 1)
    assert log.events[0].kind == "roll"


def test_rolls_of_counts_every_die_but_logs_one_event() -> None:
    log = EventLog()
    rng = GameRNG(0, log=log)
    rng.rolls_of(5, 6)
    assert (rng.rolls, rng.draws, len(log)) == (5, 5, 1)


def test_rolls_of_zero_dice_counts_and_logs_nothing() -> None:
    log = EventLog()
    rng = GameRNG(0, log=log)
    assert rng.rolls_of(0) == []
    assert (rng.rolls, rng.draws, len(log)) == (0, 0, 0)


def test_roll_with_log_false_still_counts_but_logs_nothing() -> None:
    log = EventLog()
    rng = GameRNG(0, log=log)
    rng.roll(6, log=False)
    assert (rng.rolls, rng.draws, len(log)) == (1, 1, 0)


@pytest.mark.parametrize(
    "draw",
    [
        lambda rng: rng.randint(1, 10, rule="R"),
        lambda rng: rng.uniform(0.0, 2.0, rule="R"),
        lambda rng: rng.choice(["a", "b", "c"], rule="R"),
        lambda rng: rng.shuffle([1, 2, 3, 4], rule="R"),
        lambda rng: rng.sample(range(10), 3, rule="R"),
    ],
    ids=["randint", "uniform", "choice", "shuffle", "sample"],
)
def test_every_other_draw_counts_one_draw_no_roll_and_logs_a_draw_event(draw) -> None:
    log = EventLog()
    rng = GameRNG(0, log=log)
    draw(rng)
    assert (rng.rolls, rng.draws, len(log)) == (0, 1, 1)
    assert log.events[0].kind == "draw"
    assert log.events[0].rule == "R"


def test_choice_from_an_empty_sequence_raises_index_error_and_counts_nothing() -> None:
    rng = GameRNG(0)
    with pytest.raises(IndexError):
        rng.choice([])
    assert rng.draws == 0


def test_draws_without_a_log_still_count() -> None:
    rng = GameRNG(0)
    rng.roll(6)
    rng.rolls_of(2)
    rng.shuffle([1, 2])
    assert (rng.rolls, rng.draws) == (3, 4)


# -- state and copies ------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=20), st.lists(st.integers(min_value=1, max_value=6), max_size=4))
def test_deepcopy_continues_exactly_like_the_original(seed: int, before: int, loaded: list[int]) -> None:
    rng = GameRNG(seed, log=EventLog())
    for _ in range(before):
        rng.roll(6)
    rng.load(loaded)
    twin = copy.deepcopy(rng)
    assert (twin.rolls, twin.draws, twin.seed) == (rng.rolls, rng.draws, rng.seed)
    assert _sequence(twin) == _sequence(rng)
    assert (twin.rolls, twin.draws) == (rng.rolls, rng.draws)


def test_deepcopy_has_its_own_log_and_loaded_queue() -> None:
    log = EventLog()
    rng = GameRNG(0, log=log)
    rng.load([6, 6])
    twin = copy.deepcopy(rng)
    assert twin.log is not log
    twin.roll(6)
    assert len(log) == 0
    assert len(twin.log) == 1
    assert list(rng.loaded) == [6, 6]
    assert list(twin.loaded) == [6]


def test_setstate_restores_generator_loaded_dice_and_counters() -> None:
    rng = GameRNG(9)
    rng.roll(6)
    rng.load([2])
    saved = rng.getstate()
    first = [rng.roll(6) for _ in range(4)]
    counts = (rng.rolls, rng.draws)
    rng.setstate(saved)
    assert [rng.roll(6) for _ in range(4)] == first
    assert first[0] == 2
    assert (rng.rolls, rng.draws) == counts
