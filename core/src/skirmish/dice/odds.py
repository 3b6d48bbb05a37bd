"""Exact outcome distributions as :class:`fractions.Fraction`.

A :class:`Distribution` stores integer counts over a common total, so sums of dice
are small integer dynamic programmes and fractions are only made when asked for.
Pool odds work per die (the hits one die scores, re-roll included) and then add
up ``n`` such dice. Per-die distributions are cached.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial, gcd, prod
from typing import Any

from skirmish.dice.faces import MAX_DICE, CustomDie, Die
from skirmish.dice.pool import REROLL_KINDS, check_pool, die_hits
from skirmish.errors import DiceError

Outcome = Hashable
MAX_OUTCOMES = 200_000
MAX_WORK = 10_000_000  # integer multiply-adds one exact computation may take (about a second)
#: multiply-adds weighted by the size of the integers (64-bit words): exact counts of many dice
#: with many outcomes grow to thousands of digits, and each step costs that much more
MAX_BIG_WORK = 250_000_000  # about a second of CPU here


def _check_cost(ops: int, total: int, n: int, what: str) -> None:
    """Refuse an exact computation of ``ops`` steps on integers up to ``total ** n`` that would take seconds."""
    words = max(1, (n * max(total, 2).bit_length()) // 64)
    if ops > MAX_WORK or ops * words > MAX_BIG_WORK:
        raise DiceError(f"{what} has too many outcomes to compute exactly in good time (use fewer dice or sides)")


def _sorted(counts: dict[Any, int]) -> dict[Any, int]:
    """Numeric outcomes in order; other outcomes (face labels, tallies) keep their first-seen order."""
    if all(isinstance(k, int | float | Fraction) for k in counts):
        return dict(sorted(counts.items()))
    return counts


class Distribution(Mapping[Any, Fraction]):
    """An exact probability distribution: outcome -> :class:`Fraction`.

    Built from integer ``counts`` (ways each outcome happens) out of ``total`` ways
    (default: the sum of the counts). Numeric outcomes are kept sorted; others
    (face labels, tallies) keep their first-seen order.
    ``+``/``-`` with another distribution or an int add independent results.
    """

    __slots__ = ("_counts", "_total")

    def __init__(self, counts: Mapping[Any, int], total: int | None = None) -> None:
        clean = {k: int(v) for k, v in counts.items() if v}
        if any(v < 0 for v in clean.values()):
            raise DiceError("a distribution cannot have negative counts")
        whole = sum(clean.values())
        if total is None:
            total = whole
        if total <= 0 or whole != total:
            raise DiceError(f"distribution counts add up to {whole}, not {total}")
        self._counts = _sorted(clean)
        self._total = total

    @classmethod
    def _raw(cls, counts: dict[Any, int], total: int) -> Distribution:
        new = cls.__new__(cls)
        new._counts = counts
        new._total = total
        return new

    @classmethod
    def from_probabilities(cls, pmf: Mapping[Any, Fraction | int]) -> Distribution:
        """From outcome -> probability (must add up to exactly 1)."""
        fractions = {k: Fraction(p) for k, p in pmf.items() if p}
        if sum(fractions.values()) != 1:
            raise DiceError("probabilities must add up to exactly 1")
        denom = 1
        for p in fractions.values():
            denom = denom * p.denominator // gcd(denom, p.denominator)
        return cls({k: p.numerator * (denom // p.denominator) for k, p in fractions.items()}, denom)

    @classmethod
    def uniform(cls, outcomes: Iterable[Any]) -> Distribution:
        """Each listed outcome equally likely (repeats count more than once)."""
        counts: dict[Any, int] = {}
        for o in outcomes:
            counts[o] = counts.get(o, 0) + 1
        return cls(counts)

    @classmethod
    def point(cls, outcome: Any) -> Distribution:
        """A certain outcome."""
        return cls._raw({outcome: 1}, 1)

    # -- mapping ---------------------------------------------------------
    def __getitem__(self, outcome: Any) -> Fraction:
        return Fraction(self._counts[outcome], self._total)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._counts

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        if self._counts.keys() != other._counts.keys():
            return False
        return all(c * other._total == other._counts[k] * self._total for k, c in self._counts.items())

    def __hash__(self) -> int:
        return hash(frozenset(self.items()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {v}" for k, v in self.items())
        return f"Distribution({{{inner}}})"

    # -- reading ---------------------------------------------------------
    @property
    def counts(self) -> dict[Any, int]:
        """Ways each outcome happens (a copy), out of :attr:`total`."""
        return dict(self._counts)

    @property
    def total(self) -> int:
        return self._total

    @property
    def outcomes(self) -> tuple[Any, ...]:
        return tuple(self._counts)

    def prob(self, outcome: Any) -> Fraction:
        """P(outcome); zero for an outcome that cannot happen."""
        return Fraction(self._counts.get(outcome, 0), self._total)

    def mean(self) -> Fraction:
        return Fraction(sum(k * c for k, c in self._counts.items()), self._total)

    def variance(self) -> Fraction:
        mean = self.mean()
        return Fraction(sum(k * k * c for k, c in self._counts.items()), self._total) - mean * mean

    def at_least(self, k: Any) -> Fraction:
        """P(outcome >= k)."""
        return Fraction(sum(c for o, c in self._counts.items() if o >= k), self._total)

    def at_most(self, k: Any) -> Fraction:
        """P(outcome <= k)."""
        return Fraction(sum(c for o, c in self._counts.items() if o <= k), self._total)

    def cdf(self) -> dict[Any, Fraction]:
        """Outcome -> P(outcome <= it), in outcome order."""
        out, running = {}, 0
        for o, c in self._counts.items():
            running += c
            out[o] = Fraction(running, self._total)
        return out

    def table(self) -> list[tuple[Any, Fraction, Fraction]]:
        """Rows of (outcome, P(exactly), P(at least)) in outcome order."""
        rows, left = [], self._total
        for o, c in self._counts.items():
            rows.append((o, Fraction(c, self._total), Fraction(left, self._total)))
            left -= c
        return rows

    def format_table(self, digits: int = 2) -> str:
        """The pmf table as aligned text with percentages."""
        rows = [(str(o), f"{float(p) * 100:.{digits}f}%", f"{float(a) * 100:.{digits}f}%") for o, p, a in self.table()]
        rows.insert(0, ("outcome", "exactly", "at least"))
        widths = [max(len(r[i]) for r in rows) for i in range(3)]
        return "\n".join(f"{a:>{widths[0]}}  {b:>{widths[1]}}  {c:>{widths[2]}}" for a, b, c in rows)

    # -- combining -------------------------------------------------------
    def map(self, fn: Callable[[Any], Any]) -> Distribution:
        """The distribution of ``fn(outcome)``."""
        counts: dict[Any, int] = {}
        for o, c in self._counts.items():
            key = fn(o)
            counts[key] = counts.get(key, 0) + c
        return Distribution._raw(_sorted(counts), self._total)

    def __add__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int):
            return self.map(lambda o: o + other)
        if not isinstance(other, Distribution):
            return NotImplemented
        counts: dict[Any, int] = {}
        for a, ca in self._counts.items():
            for b, cb in other._counts.items():
                key = a + b
                counts[key] = counts.get(key, 0) + ca * cb
        return Distribution._raw(_sorted(counts), self._total * other._total)

    __radd__ = __add__

    def __neg__(self) -> Distribution:
        return self.map(lambda o: -o)

    def __sub__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, Distribution | int):
            return self + (-other)
        return NotImplemented

    def repeat(self, n: int) -> Distribution:
        """The sum of ``n`` independent copies (integer outcomes)."""
        if n < 0:
            raise DiceError(f"cannot add up {n} copies")
        if n == 0:
            return Distribution.point(0)
        lo = min(self._counts)
        offsets = [0] * (max(self._counts) - lo + 1)
        for o, c in self._counts.items():
            offsets[o - lo] = c
        _check_cost(n * n * (len(offsets) - 1) * len(self._counts) // 2, self._total, n, f"the sum of {n} rolls")
        counts = _power(tuple(offsets), n)
        return Distribution._raw({lo * n + i: c for i, c in enumerate(counts) if c}, self._total**n)


def _power(die: tuple[int, ...], n: int) -> list[int]:
    """Counts of the sum of ``n`` dice whose outcome ``i`` happens ``die[i]`` ways."""
    faces = [(i, c) for i, c in enumerate(die) if c]
    acc = [1]
    for _ in range(n):
        nxt = [0] * (len(acc) + len(die) - 1)
        for i, c in faces:
            for j, a in enumerate(acc):
                if a:
                    nxt[i + j] += a * c
        acc = nxt
    return acc


def _check_n(n: int) -> None:
    if not 0 <= n <= MAX_DICE:
        raise DiceError(f"cannot compute odds for {n} dice (0..{MAX_DICE} allowed)")


@lru_cache(maxsize=256)
def die_distribution(sides: int) -> Distribution:
    """One numbered die: ``1..sides`` equally likely (a d3 halved from a d6 is the same)."""
    return Distribution.uniform(Die(sides).faces)


@lru_cache(maxsize=256)
def sum_distribution(n: int, sides: int) -> Distribution:
    """The total of ``n`` dice of ``sides`` faces."""
    _check_n(n)
    Die(sides)  # validates
    _check_cost(n * (n * (sides - 1) + 1), sides, n, f"{n}d{sides}")
    counts = [1]  # sum offset by the number of dice so far
    for _ in range(n):
        running, nxt = 0, []
        for i in range(len(counts) + sides - 1):  # sliding window of width `sides`
            running += counts[i] if i < len(counts) else 0
            running -= counts[i - sides] if i >= sides else 0
            nxt.append(running)
        counts = nxt
    return Distribution._raw({n + i: c for i, c in enumerate(counts)}, sides**n)


@lru_cache(maxsize=1)
def d66_distribution() -> Distribution:
    """A d66 (tens d6, units d6): 11..66, 36 outcomes equally likely."""
    return Distribution.uniform(10 * t + u for t in range(1, 7) for u in range(1, 7))


@lru_cache(maxsize=1024)
def _hits_per_die(
    target: int, sides: int, natural: bool, modifier: int, reroll: str, extra_on_six: int
) -> tuple[tuple[int, ...], int]:
    """Counts of hits one die scores (index = hits) and their total, re-roll included."""
    first = [0] * (2 + extra_on_six)
    for v in range(1, sides + 1):
        first[die_hits(v, target, sides=sides, natural=natural, modifier=modifier, extra_on_six=extra_on_six)] += 1
    if reroll == "none":
        return tuple(first), sides
    counts = [0] * len(first)
    for v in range(1, sides + 1):
        h = die_hits(v, target, sides=sides, natural=natural, modifier=modifier, extra_on_six=extra_on_six)
        again = {"misses": h == 0, "hits": h > 0, "ones": v == 1}[reroll]
        if again:
            for i, c in enumerate(first):
                counts[i] += c
        else:
            counts[h] += sides
    return tuple(counts), sides * sides


def pool_hits(
    n: int,
    target: int,
    *,
    sides: int = 6,
    natural: bool = True,
    modifier: int = 0,
    reroll: str = "none",
    extra_on_six: int = 0,
) -> Distribution:
    """Distribution of hits from :func:`~skirmish.dice.pool.roll_pool` plus an optional re-roll.

    ``reroll`` is ``"none"``, ``"misses"``, ``"hits"`` or ``"ones"`` (each die at most once).
    """
    check_pool(n, target, sides, modifier, extra_on_six)
    if reroll != "none" and reroll not in REROLL_KINDS:
        raise DiceError(f"unknown re-roll {reroll!r}: use none, misses, hits or ones")
    per_die, total = _hits_per_die(target, sides, natural, modifier, reroll, extra_on_six)
    _check_cost(n * n * (len(per_die) - 1) * sum(1 for c in per_die if c) // 2, total, n, f"a pool of {n} dice")
    counts = _power(per_die, n)
    return Distribution._raw({i: c for i, c in enumerate(counts) if c}, total**n)


def custom_die_distribution(die: CustomDie) -> Distribution:
    """One labelled die: face label -> probability (repeated faces add up)."""
    return Distribution.uniform(die.faces)


def count_faces(die: CustomDie | Die, n: int, face_set: Iterable[str | int] | str) -> Distribution:
    """How many of ``n`` dice show a face in ``face_set`` (labels, or numbers for a numbered die)."""
    _check_n(n)
    wanted = {face_set} if isinstance(face_set, str) else set(face_set)
    faces: tuple[Any, ...] = die.faces
    unknown = wanted - set(faces)
    if unknown:
        raise DiceError(f"{sorted(map(str, unknown))} not faces of {die} ({', '.join(map(str, dict.fromkeys(faces)))})")
    yes = sum(1 for f in faces if f in wanted)
    no = len(faces) - yes
    counts = {k: comb(n, k) * yes**k * no ** (n - k) for k in range(n + 1)}
    return Distribution({k: c for k, c in counts.items() if c}, len(faces) ** n)


def tally_distribution(die: CustomDie | Die, n: int) -> Distribution:
    """Joint distribution of how many of ``n`` dice show each face.

    Outcomes are tuples of ``(face, count)`` in face order, zero counts left out.
    """
    _check_n(n)
    faces: tuple[Any, ...] = die.faces
    labels = tuple(dict.fromkeys(faces))
    ways = [faces.count(lab) for lab in labels]
    if comb(n + len(labels) - 1, len(labels) - 1) > MAX_OUTCOMES:
        raise DiceError(f"{n} {die.name} dice have too many outcomes to compute exactly")
    fact_n = factorial(n)
    splits: list[tuple[tuple[int, ...], int]] = [((), n)]  # counts chosen so far, dice left
    for _ in labels[:-1]:
        splits = [((*parts, c), left - c) for parts, left in splits for c in range(left + 1)]
    counts: dict[Any, int] = {}
    for parts, left in splits:
        full = (*parts, left)
        ways_here = fact_n // prod(factorial(c) for c in full) * prod(w**c for w, c in zip(ways, full, strict=True))
        counts[tuple((lab, c) for lab, c in zip(labels, full, strict=True) if c)] = ways_here
    return Distribution(counts, len(faces) ** n)
