"""Dice pools: roll N dice against a target number and count the hits.

A die hits when ``value + modifier >= target``. With ``natural`` (the default) a
natural top face (a 6 on a d6) always hits and a natural 1 always misses, which
matters only when modifiers push the target outside ``2..sides``. A natural top
face that hits scores ``1 + extra_on_six`` hits.

Re-rolls keep both results: :attr:`PoolResult.rerolls` records each die's value
before and after, the log shows both, and a die is re-rolled at most once unless
``again=True``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from skirmish.dice.faces import MAX_DICE, MAX_SIDES, Die
from skirmish.errors import DiceError
from skirmish.rng import GameRNG

REROLL_KINDS = ("misses", "hits", "ones")


def die_hits(
    value: int, target: int, *, sides: int = 6, natural: bool = True, modifier: int = 0, extra_on_six: int = 0
) -> int:
    """Hits scored by one die showing ``value``."""
    if natural and value == 1:
        return 0
    if (natural and value == sides) or value + modifier >= target:
        return 1 + extra_on_six if value == sides else 1
    return 0


def check_pool(n: int, target: int, sides: int, modifier: int, extra_on_six: int) -> None:
    """Refuse pool settings that make no sense."""
    if not 0 <= n <= MAX_DICE:
        raise DiceError(f"cannot roll a pool of {n} dice (0..{MAX_DICE} allowed)")
    if not 2 <= sides <= MAX_SIDES:
        raise DiceError(f"a die needs 2..{MAX_SIDES} sides, not {sides}")
    if not 1 <= target <= MAX_SIDES:
        raise DiceError(f"target {target} is out of range (1..{MAX_SIDES})")
    if abs(modifier) > MAX_SIDES:
        raise DiceError(f"modifier {modifier:+d} is out of range")
    if not 0 <= extra_on_six <= 100:
        raise DiceError(f"extra hits per top face must be 0..100, not {extra_on_six}")


@dataclasses.dataclass(frozen=True, slots=True)
class Reroll:
    """One die re-rolled: its index in the pool and its value before and after."""

    index: int
    before: int
    after: int


@dataclasses.dataclass(frozen=True, slots=True)
class PoolResult:
    """A rolled pool. ``values`` are the current values (after any re-rolls)."""

    values: tuple[int, ...]
    target: int
    sides: int = 6
    natural: bool = True
    modifier: int = 0
    extra_on_six: int = 0
    rerolls: tuple[Reroll, ...] = ()
    hits: int = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", tuple(self.values))
        object.__setattr__(self, "rerolls", tuple(self.rerolls))
        object.__setattr__(self, "hits", sum(self.hits_of(v) for v in self.values))

    def hits_of(self, value: int) -> int:
        """Hits a die showing ``value`` scores in this pool."""
        return die_hits(
            value,
            self.target,
            sides=self.sides,
            natural=self.natural,
            modifier=self.modifier,
            extra_on_six=self.extra_on_six,
        )

    def is_hit(self, index: int) -> bool:
        return self.hits_of(self.values[index]) > 0

    @property
    def misses(self) -> int:
        """Dice that scored no hit."""
        return sum(1 for v in self.values if self.hits_of(v) == 0)

    @property
    def original(self) -> tuple[int, ...]:
        """The values as first rolled, before any re-roll."""
        values = list(self.values)
        for r in reversed(self.rerolls):
            values[r.index] = r.before
        return tuple(values)

    @property
    def rerolled(self) -> frozenset[int]:
        """Indexes of dice that have been re-rolled."""
        return frozenset(r.index for r in self.rerolls)

    def describe(self) -> str:
        """One line: ``6 5 3 1 | re-rolled 3->4 1->2 = 4 hits``."""
        text = " ".join(map(str, self.original))
        if self.rerolls:
            text += " | re-rolled " + " ".join(f"{r.before}->{r.after}" for r in self.rerolls)
        return f"{text} = {self.hits} hit{'' if self.hits == 1 else 's'}"


def roll_pool(
    rng: GameRNG,
    n: int,
    target: int,
    *,
    sides: int = 6,
    natural: bool = True,
    modifier: int = 0,
    extra_on_six: int = 0,
    rule: str = "",
    why: str = "",
) -> PoolResult:
    """Roll ``n`` dice hitting on ``target``+ (after ``modifier``) and count the hits."""
    check_pool(n, target, sides, modifier, extra_on_six)
    mod = f" ({modifier:+d})" if modifier else ""

    def hits(values: list[int]) -> str:  # the log line says what was needed and what it gave
        return _hits_text(PoolResult(values, target, sides, natural, modifier, extra_on_six).hits)

    die = Die(sides)
    if die.halve:
        values = die.rolls(rng, n, rule=rule, why=f"{why or 'pool'} {target}+{mod}")
    else:
        values = rng.rolls_of(n, sides, rule=rule, why=why or "pool", needs=f"{target}+{mod}", verdict=hits)
    return PoolResult(values, target, sides, natural, modifier, extra_on_six)


def _hits_text(hits: int) -> str:
    return f"{hits} hit{'' if hits == 1 else 's'}"


def reroll(
    rng: GameRNG,
    result: PoolResult,
    which: str | Sequence[int] = "misses",
    *,
    rule: str = "",
    why: str = "",
    again: bool = False,
) -> PoolResult:
    """Re-roll dice of ``result``: ``"misses"``, ``"hits"``, ``"ones"`` (natural 1s) or a list of indexes.

    Dice already re-rolled are skipped (or, when named by index, refused) unless ``again``.
    Returns a new result that records each die's value before and after.
    """
    done = set() if again else result.rerolled
    if isinstance(which, str):
        if which not in REROLL_KINDS:
            raise DiceError(f"cannot re-roll {which!r}: use misses, hits, ones or a list of dice")
        pick = {
            "misses": lambda i: not result.is_hit(i),
            "hits": lambda i: result.is_hit(i),
            "ones": lambda i: result.values[i] == 1,
        }[which]
        indexes = [i for i in range(len(result.values)) if i not in done and pick(i)]
        label = which
    else:
        indexes = list(which)
        for i in indexes:
            if not isinstance(i, int) or not 0 <= i < len(result.values):
                raise DiceError(f"no die {i!r} to re-roll in a pool of {len(result.values)}")
            if i in done:
                raise DiceError(f"die {i} has already been re-rolled")
        if len(set(indexes)) != len(indexes):
            raise DiceError(f"a die is named twice in re-roll {indexes}")
        label = "chosen dice"
    if not indexes:
        return result
    before = [result.values[i] for i in indexes]
    text = f"{why or 're-roll ' + label} (was {' '.join(map(str, before))})"

    def now(new: list[int]) -> str:  # the pool's hits after this re-roll
        values = list(result.values)
        for i, v in zip(indexes, new, strict=True):
            values[i] = v
        return f"now {_hits_text(dataclasses.replace(result, values=tuple(values)).hits)}"

    die = Die(result.sides)
    if die.halve:
        after = die.rolls(rng, len(indexes), rule=rule, why=text)
    else:
        after = rng.rolls_of(len(indexes), result.sides, rule=rule, why=text, verdict=now)
    values = list(result.values)
    for i, new in zip(indexes, after, strict=True):
        values[i] = new
    records = tuple(Reroll(i, old, new) for i, old, new in zip(indexes, before, after, strict=True))
    return dataclasses.replace(result, values=tuple(values), rerolls=result.rerolls + records)
