"""A small dice expression language for the CLI.

Case-insensitive; spaces are allowed between any two tokens. An expression is one of:

Sums of numbered dice and numbers::

    sum    := ['+'|'-'] term (('+'|'-') term)*
    term   := N | [N] 'd' S | 'd66'

``2d6``, ``d6``, ``3d6+2``, ``2d6-1``, ``2d6+d3``. ``d3`` is a d6 halved rounding
up; ``d66`` is a tens d6 and a units d6 (11..66) and is always rolled singly.

A success pool, standing alone::

    pool   := [N] 'd' S '>=' T flag*
    flag   := '!'                 natural top face always hits, natural 1 always misses
            | 'r' | 'rh' | 'r1'   re-roll misses / hits / natural 1s (each die once; one of these)
            | 'x' [E]             E extra hits (default 1) for each natural top face that hits
            | 'm' ('+'|'-') M     add M to (or take it from) each die before comparing with T

``10d6>=4`` counts dice showing 4+; ``10d6>=4!rx m-1`` also applies the natural
rule, re-rolls misses, scores an extra hit per 6 and takes 1 from each die. Without
``!`` the comparison is plain (``10d6>=7`` never hits).

Custom dice registered with :func:`~skirmish.dice.faces.register_die`, standing alone::

    custom := [N 'x'] NAME

``3xgoblin`` rolls three goblin dice; the outcome counts each face, as a tuple of
``(face, count)`` pairs in face order (zero counts left out).

At most 1000 dice in all and 1000 sides; bad input raises :class:`DiceError` with
one line naming the problem and its 1-based position.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from skirmish.dice.faces import MAX_DICE, MAX_SIDES, CustomDie, Die, d66, get_die, registered_dice
from skirmish.dice.pool import PoolResult, check_pool, reroll, roll_pool
from skirmish.errors import DiceError
from skirmish.rng import GameRNG

if TYPE_CHECKING:  # the odds are imported when first asked for: they need fractions, a game's dice do not
    from skirmish.dice.odds import Distribution

MAX_NUMBER = 1_000_000
MAX_WORK = 2_000_000  # outcome pairs when adding distributions of several terms
Tally = tuple[tuple[Any, int], ...]
REROLL_FLAGS = {"none": "", "misses": "r", "hits": "rh", "ones": "r1"}


@dataclasses.dataclass(frozen=True, slots=True)
class RollOutcome:
    """What an expression rolled: ``value`` (a number, or a face tally for custom dice) and a breakdown."""

    value: int | Tally
    text: str
    pool: PoolResult | None = None

    def __str__(self) -> str:
        return self.text


class Expr:
    """A parsed dice expression."""

    __slots__ = ()

    def roll(self, rng: GameRNG, *, rule: str = "", why: str = "") -> RollOutcome:
        raise NotImplementedError

    def distribution(self) -> Distribution:
        """Exact odds of :meth:`roll`'s value; :class:`DiceError` when too large to compute."""
        raise NotImplementedError


def _in_range(what: str, lo: int, hi: int, value: int) -> None:
    if not lo <= value <= hi:
        raise DiceError(f"{what} must be {lo}..{hi}, not {value}")


def _sides(sides: int) -> None:
    if not 2 <= sides <= MAX_SIDES:
        raise DiceError(f"a die needs 2..{MAX_SIDES} sides, not {sides}")
    if sides == 66:
        raise DiceError("d66 is a tens-and-units roll: use D66()")


@dataclasses.dataclass(frozen=True, slots=True)
class Const(Expr):
    """A fixed number."""

    value: int

    def __post_init__(self) -> None:
        _in_range("a number", 0, MAX_NUMBER, self.value)

    def roll(self, rng: GameRNG, *, rule: str = "", why: str = "") -> RollOutcome:
        return RollOutcome(self.value, str(self.value))

    def distribution(self) -> Distribution:
        from skirmish.dice.odds import Distribution

        return Distribution.point(self.value)

    def __str__(self) -> str:
        return str(self.value)


@dataclasses.dataclass(frozen=True, slots=True)
class Dice(Expr):
    """The total of ``count`` numbered dice."""

    count: int
    sides: int

    def __post_init__(self) -> None:
        _in_range("number of dice", 1, MAX_DICE, self.count)
        _sides(self.sides)

    def roll(self, rng: GameRNG, *, rule: str = "", why: str = "") -> RollOutcome:
        values = Die(self.sides).rolls(rng, self.count, rule=rule, why=why or str(self))
        return RollOutcome(sum(values), f"{self} [{' '.join(map(str, values))}]")

    def distribution(self) -> Distribution:
        from skirmish.dice.odds import sum_distribution

        return sum_distribution(self.count, self.sides)

    def __str__(self) -> str:
        return f"{'' if self.count == 1 else self.count}d{self.sides}"


@dataclasses.dataclass(frozen=True, slots=True)
class D66(Expr):
    """A d66: tens d6 and units d6."""

    def roll(self, rng: GameRNG, *, rule: str = "", why: str = "") -> RollOutcome:
        value = d66(rng, rule=rule, why=why)
        return RollOutcome(value, f"d66 [{value}]")

    def distribution(self) -> Distribution:
        from skirmish.dice.odds import d66_distribution

        return d66_distribution()

    def __str__(self) -> str:
        return "d66"


Term = Const | Dice | D66


def _support(term: Term) -> int:
    if isinstance(term, Dice):
        return term.count * (term.sides - 1) + 1
    return 36 if isinstance(term, D66) else 1


def _check_parts(parts: tuple[tuple[int, Term], ...]) -> None:
    if not parts:
        raise DiceError("a sum needs at least one term")
    for sign, term in parts:
        if sign not in (1, -1) or not isinstance(term, Const | Dice | D66):
            raise DiceError(f"bad term {sign!r}, {term!r} in a sum")
    dice = sum(t.count if isinstance(t, Dice) else 2 if isinstance(t, D66) else 0 for _, t in parts)
    if dice > MAX_DICE:
        raise DiceError(f"{dice} dice in one expression is too many (at most {MAX_DICE})")


@dataclasses.dataclass(frozen=True, slots=True)
class Sum(Expr):
    """Terms added or taken away: ``parts`` is a tuple of ``(sign, term)`` with sign ``+1``/``-1``."""

    parts: tuple[tuple[int, Term], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "parts", tuple(self.parts))
        _check_parts(self.parts)

    def roll(self, rng: GameRNG, *, rule: str = "", why: str = "") -> RollOutcome:
        total, text = 0, ""
        for i, (sign, term) in enumerate(self.parts):
            out = term.roll(rng, rule=rule, why=why or str(self))
            assert isinstance(out.value, int)
            total += sign * out.value
            text += ("-" if sign < 0 else "") if i == 0 else (" - " if sign < 0 else " + ")
            text += out.text
        return RollOutcome(total, f"{text} = {total}")

    def distribution(self) -> Distribution:
        from skirmish.dice.odds import Distribution

        offset, dice, others = 0, {}, []
        for sign, term in self.parts:  # like dice are added up in one go, numbers shift the result
            if isinstance(term, Const):
                offset += sign * term.value
            elif isinstance(term, Dice):
                dice[sign, term.sides] = dice.get((sign, term.sides), 0) + term.count
            else:
                others.append((sign, term))
        terms = [(sign, Dice(count, sides)) for (sign, sides), count in dice.items()] + others
        work, size = 0, 1
        for _, term in terms:
            work += size * _support(term)
            size += _support(term) - 1
        if work > MAX_WORK:
            raise DiceError(f"{self} has too many outcomes to compute exactly")
        result = Distribution.point(offset)
        for sign, term in terms:
            dist = term.distribution()
            result = result + dist if sign > 0 else result - dist
        return result

    def __str__(self) -> str:
        text = ""
        for i, (sign, term) in enumerate(self.parts):
            text += ("-" if sign < 0 else "") if i == 0 else ("-" if sign < 0 else "+")
            text += str(term)
        return text


def _check_reroll(value: str) -> None:
    if value not in REROLL_FLAGS:
        raise DiceError(f"unknown re-roll {value!r}: use none, misses, hits or ones")


@dataclasses.dataclass(frozen=True, slots=True)
class Pool(Expr):
    """``count`` dice hitting on ``target``+; the value is the number of hits."""

    count: int
    sides: int
    target: int
    natural: bool = False
    reroll: str = "none"
    extra: int = 0
    modifier: int = 0

    def __post_init__(self) -> None:
        _in_range("number of dice", 1, MAX_DICE, self.count)
        _sides(self.sides)
        _check_reroll(self.reroll)
        check_pool(self.count, self.target, self.sides, self.modifier, self.extra)

    def roll(self, rng: GameRNG, *, rule: str = "", why: str = "") -> RollOutcome:
        result = roll_pool(
            rng,
            self.count,
            self.target,
            sides=self.sides,
            natural=self.natural,
            modifier=self.modifier,
            extra_on_six=self.extra,
            rule=rule,
            why=why or str(self),
        )
        if self.reroll != "none":
            result = reroll(rng, result, self.reroll, rule=rule)
        return RollOutcome(result.hits, f"{self}: {result.describe()}", result)

    def distribution(self) -> Distribution:
        from skirmish.dice.odds import pool_hits

        return pool_hits(
            self.count,
            self.target,
            sides=self.sides,
            natural=self.natural,
            modifier=self.modifier,
            reroll=self.reroll,
            extra_on_six=self.extra,
        )

    def __str__(self) -> str:
        text = f"{'' if self.count == 1 else self.count}d{self.sides}>={self.target}"
        text += "!" if self.natural else ""
        text += REROLL_FLAGS[self.reroll]
        text += "" if not self.extra else "x" if self.extra == 1 else f"x{self.extra}"
        return text + (f"m{self.modifier:+d}" if self.modifier else "")


@dataclasses.dataclass(frozen=True, slots=True)
class Custom(Expr):
    """``count`` registered dice called ``name``; the value is a tally of faces."""

    count: int
    name: str

    def __post_init__(self) -> None:
        _in_range("number of dice", 1, MAX_DICE, self.count)
        object.__setattr__(self, "name", str.lower(self.name))

    @property
    def die(self) -> CustomDie | Die:
        return get_die(self.name)

    def roll(self, rng: GameRNG, *, rule: str = "", why: str = "") -> RollOutcome:
        die = self.die
        rolled: list[Any] = die.rolls(rng, self.count, rule=rule, why=why or str(self))
        order = tuple(dict.fromkeys(die.faces))
        tally = tuple((face, rolled.count(face)) for face in order if face in rolled)
        shown = ", ".join(f"{face} {n}" for face, n in tally)
        return RollOutcome(tally, f"{self}: {' '.join(map(str, rolled))} = {shown}")

    def distribution(self) -> Distribution:
        from skirmish.dice.odds import tally_distribution

        return tally_distribution(self.die, self.count)

    def __str__(self) -> str:
        return self.name if self.count == 1 else f"{self.count}x{self.name}"


class _Parser:
    """Recursive-descent parser over the lowercased text; positions in errors are 1-based."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.s = text.lower()
        self.pos = 0

    def fail(self, what: str, pos: int | None = None) -> DiceError:
        at = self.pos if pos is None else pos
        return DiceError(f"bad dice expression {self.text!r}: {what} at position {at + 1}")

    def ws(self) -> None:
        while self.pos < len(self.s) and self.s[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.ws()
        return self.s[self.pos] if self.pos < len(self.s) else ""

    def found(self) -> str:
        char = self.peek()
        return f"found {self.text[self.pos]!r}" if char else "found the end"

    def number(self, what: str, lo: int, hi: int) -> int:
        self.ws()
        start = self.pos
        while self.pos < len(self.s) and self.s[self.pos] in "0123456789":
            self.pos += 1
        digits = self.s[start : self.pos]
        if not digits:
            raise self.fail(f"expected {what}, {self.found()}")
        if len(digits) > 7 or not lo <= int(digits) <= hi:
            raise self.fail(f"{what} must be {lo}..{hi}, not {digits}", start)
        return int(digits)

    def name(self) -> str:
        self.ws()
        start = self.pos
        if self.pos < len(self.s) and "a" <= self.s[self.pos] <= "z":
            self.pos += 1
            while self.pos < len(self.s) and (
                self.s[self.pos].isascii() and self.s[self.pos].isalnum() or self.s[self.pos] == "_"
            ):
                self.pos += 1
        if start == self.pos:
            raise self.fail(f"expected a die name, {self.found()}")
        return self.s[start : self.pos]

    def expression(self) -> Expr:
        if not self.peek():
            raise self.fail("it is empty")
        parts: list[tuple[int, Term]] = []
        sign_pos = None
        sign = 1
        if self.peek() in "+-":
            sign, sign_pos = (-1 if self.peek() == "-" else 1), self.pos
            self.pos += 1
        while True:
            start = self.pos
            term = self.term()
            if isinstance(term, Pool | Custom):
                if parts or sign_pos is not None:
                    raise self.fail(
                        f"{'a success pool' if isinstance(term, Pool) else 'custom dice'} "
                        "cannot be added to other terms",
                        start if parts else sign_pos,
                    )
                if self.peek():
                    raise self.fail(f"expected the end after {term}, {self.found()}")
                return term
            parts.append((sign, term))
            char = self.peek()
            if not char:
                break
            if char not in "+-":
                raise self.fail(f"expected '+', '-' or the end, {self.found()}")
            sign = -1 if char == "-" else 1
            self.pos += 1
        dice = sum(t.count if isinstance(t, Dice) else 2 if isinstance(t, D66) else 0 for _, t in parts)
        if dice > MAX_DICE:
            raise self.fail(f"{dice} dice is too many (at most {MAX_DICE})", 0)
        return Sum(tuple(parts))

    def term(self) -> Expr:
        char = self.peek()
        start = self.pos
        if char.isdigit():
            count = self.number("a number", 0, MAX_NUMBER)
            char = self.peek()
            if char == "d":
                return self.dice(count, start)
            if char == "x":
                self.pos += 1
                return self.custom(count, start)
            return Const(count)
        if char == "d" and not self.s[self.pos + 1 : self.pos + 2].isalpha():
            return self.dice(None, start)
        if char.isalpha():
            return self.custom(None, start)
        raise self.fail(f"expected a number, dice or a die name, {self.found()}")

    def dice(self, count: int | None, start: int) -> Expr:
        if count is not None and not 1 <= count <= MAX_DICE:
            raise self.fail(f"number of dice must be 1..{MAX_DICE}, not {count}", start)
        self.pos += 1  # the 'd'
        if not self.peek().isdigit():
            raise self.fail(f"expected number of sides after 'd', {self.found()}")
        sides_at = self.pos
        sides = self.number("number of sides", 2, MAX_SIDES)
        if sides == 66:
            if count is not None:
                raise self.fail("d66 is rolled one at a time (write d66+d66 for two)", start)
            self.ws()
            if self.s.startswith(">=", self.pos):
                raise self.fail("a d66 cannot be a success pool", sides_at)
            return D66()
        self.ws()
        if self.s.startswith(">=", self.pos):
            self.pos += 2
            return self.pool(count or 1, sides)
        return Dice(count or 1, sides)

    def pool(self, count: int, sides: int) -> Pool:
        target = self.number("a target number after '>='", 1, MAX_SIDES)
        options: dict[str, Any] = {}
        while char := self.peek():
            at = self.pos
            self.pos += 1
            if char == "!":
                key, value = "natural", True
            elif char == "r":
                key, value = "reroll", {"h": "hits", "1": "ones"}.get(self.peek(), "misses")
                if value != "misses":
                    self.pos += 1
            elif char == "x":
                key = "extra"
                value = self.number("extra hits", 0, 100) if self.peek().isdigit() else 1
            elif char == "m":
                key, mark = "modifier", self.peek()
                if mark not in ("+", "-"):
                    raise self.fail(f"expected '+' or '-' after 'm', {self.found()}")
                self.pos += 1
                value = self.number("a modifier", 0, MAX_SIDES) * (-1 if mark == "-" else 1)
            elif char in "+-":
                raise self.fail(
                    "a success pool cannot be added to other terms (modifiers to each die are m+N, m-N)", at
                )
            else:
                raise self.fail(
                    f"expected a pool option (!, r, rh, r1, x, m+N, m-N) or the end, found {self.text[at]!r}", at
                )
            if key in options:
                raise self.fail(f"pool option {char!r} given twice", at)
            options[key] = value
        try:
            return Pool(count, sides, target, **options)
        except DiceError as err:
            raise self.fail(str(err), len(self.s)) from None

    def custom(self, count: int | None, start: int) -> Custom:
        if count is not None and not 1 <= count <= MAX_DICE:
            raise self.fail(f"number of dice must be 1..{MAX_DICE}, not {count}", start)
        self.ws()
        name_at = self.pos
        name = self.name()
        if name not in registered_dice():
            if name[0] == "d" and name[1:].isdigit():
                raise self.fail(f"numbered dice are written {count or 1}{name}, not with 'x'", name_at)
            known = ", ".join(registered_dice()) or "none registered"
            raise self.fail(f"unknown die {name!r} (known: {known})", name_at)
        return Custom(count or 1, name)


def parse(text: str) -> Expr:
    """Parse a dice expression (see the module docstring for the grammar)."""
    if not isinstance(text, str):
        raise DiceError(f"a dice expression must be text, not {type(text).__name__}")
    if len(text) > 1000:
        raise DiceError(f"dice expression is too long ({len(text)} characters, at most 1000)")
    return _Parser(text).expression()
