"""What roll events say: what a roll needed and what it gave; random picks are draws, not rolls."""

from __future__ import annotations

from skirmish.dice.pool import reroll, roll_pool
from skirmish.events import EventLog
from skirmish.rng import GameRNG


def rng_with_log(*loaded: int) -> tuple[GameRNG, EventLog]:
    log = EventLog()
    rng = GameRNG(1, log=log)
    rng.load(loaded)
    return rng, log


def test_a_roll_with_a_need_says_what_it_needed_and_whether_it_passed() -> None:
    rng, log = rng_with_log(3, 4)
    rng.roll(6, why="save", need=4)
    rng.roll(6, why="Dreg saves", need=4)
    assert [e.text for e in log] == ["save 4+: rolled 3, fails (loaded)", "Dreg saves 4+: rolled 4, passes (loaded)"]
    assert log.events[0].data["need"] == 4 and log.events[0].data["passed"] is False


def test_a_roll_without_a_need_reads_as_before() -> None:
    rng, log = rng_with_log(5)
    rng.roll(6, why="red rolls")
    assert log.events[0].text == "red rolls: d6 -> 5 (loaded)"


def test_several_dice_with_a_need_count_the_passes_or_use_the_verdict() -> None:
    rng, log = rng_with_log(6, 4, 1, 2, 5)
    rng.rolls_of(3, 6, why="attack", need=4)
    rng.rolls_of(2, 6, why="morale", verdict=lambda vs: "holds" if sum(vs) <= 7 else "breaks")
    assert [e.text for e in log] == ["attack 4+: 3d6 -> 6 4 1, 2 pass (loaded)", "morale: 2d6 -> 2 5, holds (loaded)"]


def test_a_pool_says_what_it_needed_and_how_many_hits() -> None:
    rng, log = rng_with_log(6, 4, 1, 3, 2, 2, 6)
    result = roll_pool(rng, 4, 4, why="Ogre attacks", modifier=-1)
    assert log.events[-1].text == "Ogre attacks 4+ (-1): 4d6 -> 6 4 1 3, 1 hit (loaded)"
    result = reroll(rng, result, "misses")
    assert log.events[-1].text == "re-roll misses (was 4 1 3): 3d6 -> 2 2 6, now 2 hits (loaded)"
    assert result.hits == 2


def test_a_pool_without_a_name_is_called_pool() -> None:
    rng, log = rng_with_log(5, 5)
    roll_pool(rng, 2, 3)
    assert log.events[-1].text == "pool 3+: 2d6 -> 5 5, 2 hits (loaded)"


def test_random_picks_are_draws_worded_without_ranges() -> None:
    rng, log = rng_with_log()
    rng.randint(0, 5)
    rng.choice(["north", "south"], why="the wind blows")
    rng.sample([1, 2, 3], 2)
    kinds = {e.kind for e in log}
    assert kinds == {"draw"}
    assert log.events[0].text.startswith("picked at random: ")
    assert "0..5" not in log.events[0].text and "random number" not in log.events[0].text
    assert log.events[1].text.startswith("the wind blows: ")
    assert log.events[2].text == "picked 2 of 3 at random"
