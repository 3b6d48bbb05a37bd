"""The game's one source of randomness: a seeded RNG that logs every draw.

Loaded dice force the next die results ("the next rolls are 6, 1, 4"), for tests
and for rehearsing a situation. Only :meth:`GameRNG.roll` (die rolls) consumes
loaded values; shuffles and other draws always use the seeded generator.

Rolls are logged as ``roll`` events that say what the roll needed when the caller
says so (``need=4``: "Dreg saves 4+: rolled 3, fails"). Draws that are not dice
(random picks, shuffles) are logged as ``draw`` events, which players are not shown
as rolls.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from skirmish.errors import DiceError, DiceExhausted

if TYPE_CHECKING:
    from skirmish.events import EventLog

T = TypeVar("T")


class GameRNG:
    """Seeded ``random.Random`` plus a queue of loaded results and a draw counter.

    ``log`` receives a ``roll``/``draw`` event for every draw when given.
    ``strict`` makes an empty loaded queue an error instead of falling back to
    the seeded generator (useful in tests that must account for every die).
    """

    __slots__ = ("seed", "_random", "loaded", "log", "strict", "rolls", "draws")

    def __init__(self, seed: int = 0, *, log: EventLog | None = None, strict: bool = False) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self.loaded: deque[int | str] = deque()
        self.log = log
        self.strict = strict
        self.rolls = 0  # dice rolled
        self.draws = 0  # every draw, dice included

    # -- loaded dice -----------------------------------------------------
    def load(self, values: Iterable[int | str]) -> None:
        """Queue results for the next die rolls, in order."""
        self.loaded.extend(values)

    def _forced(self, sides: int, faces: Sequence[str] | None) -> int | None:
        if not self.loaded:
            if self.strict:
                raise DiceExhausted("a die was rolled but no loaded result is left")
            return None
        value = self.loaded.popleft()
        if isinstance(value, str):
            if faces is None:
                raise DiceError(f"loaded face {value!r} given for a d{sides}, which has numbered faces")
            try:
                return faces.index(value) + 1
            except ValueError:
                raise DiceError(f"loaded face {value!r} is not a face of this die ({', '.join(faces)})") from None
        if not 1 <= value <= sides:
            raise DiceError(f"loaded result {value} does not fit a {sides}-sided die")
        return value

    # -- draws -----------------------------------------------------------
    def roll(
        self,
        sides: int = 6,
        *,
        rule: str = "",
        why: str = "",
        faces: Sequence[str] | None = None,
        log: bool = True,
        need: int | None = None,
    ) -> int:
        """Roll one die of ``sides`` faces; returns 1..sides (a face index for labelled dice).

        ``need`` is the result the roll must reach for the log to say so ("save 4+: rolled 3, fails").
        """
        forced = self._forced(sides, faces) if self.loaded or self.strict else None
        if forced is not None:
            value = forced
        elif type(sides) is int and sides > 0 and _RANDBELOW:
            value = self._random._randbelow(sides) + 1  # what randint(1, sides) draws, two calls fewer
        else:
            value = self._random.randint(1, sides)
        self.rolls += 1
        self.draws += 1
        events = self.log
        if log and events is not None:
            if not (events.keep or events.listeners):  # nobody keeps or hears the event: count it, build nothing
                events.count += 1
                return value
            shown = faces[value - 1] if faces else value
            if need is not None:
                text = f"{why or 'roll'} {need}+: rolled {shown}, {'passes' if value >= need else 'fails'}"
            else:
                text = f"{why or 'roll'}: d{sides} -> {shown}"
            self.log.emit(
                "roll",
                text + (" (loaded)" if forced is not None else ""),
                rule=rule,
                sides=sides,
                value=value,
                loaded=forced is not None,
                **({"need": need, "passed": value >= need} if need is not None else {}),
            )
        return value

    def rolls_of(self, n: int, sides: int = 6, *, rule: str = "", why: str = "", need: int | None = None,
                 verdict: Callable[[list[int]], str] | None = None, needs: str = "") -> list[int]:
        """Roll ``n`` dice and log them as one event.

        ``need`` (each die passes on ``need``+) adds how many passed ("attack 4+: 3d6 -> 6 4 1, 2 pass");
        ``verdict(values)`` words the outcome instead (e.g. "2 hits"), and ``needs`` says what was needed
        when it is more than a number (e.g. "4+ (-1)").
        """
        values = []
        forced_any = False
        if not (self.loaded or self.strict) and type(sides) is int and sides > 0 and _RANDBELOW:
            below = self._random._randbelow  # what randint(1, sides) draws, two calls fewer
            values = [below(sides) + 1 for _ in range(n)]
        else:
            for _ in range(n):
                forced = self._forced(sides, None)
                forced_any |= forced is not None
                values.append(forced if forced is not None else self._random.randint(1, sides))
        self.rolls += n
        self.draws += n
        events = self.log
        if events is not None and n and not (events.keep or events.listeners):
            events.count += 1  # nobody keeps or hears the event: count it, build nothing
            return values
        if events is not None and n:
            wanted = needs or (f"{need}+" if need is not None else "")
            text = f"{why or 'roll'}{' ' + wanted if wanted else ''}: {n}d{sides} -> {' '.join(map(str, values))}"
            if verdict is not None:
                text += f", {verdict(values)}"
            elif need is not None:
                text += f", {sum(v >= need for v in values)} pass"
            self.log.emit(
                "roll",
                text + (" (loaded)" if forced_any else ""),
                rule=rule,
                sides=sides,
                values=values,
                **({"need": need} if need is not None else {}),
            )
        return values

    def _note(self, what: str, rule: str, **data: Any) -> None:
        self.draws += 1
        events = self.log
        if events is not None:
            if events.keep or events.listeners:
                events.emit("draw", what, rule=rule, **data)
            else:  # nobody keeps or hears it: counted, not built
                events.count += 1


    # draws that are not dice: logged as "draw" events, never worded as rolls
    def randint(self, a: int, b: int, *, rule: str = "", why: str = "") -> int:
        value = self._random.randint(a, b)
        self._note(f"{why or 'picked at random'}: {value}", rule, value=value, low=a, high=b)
        return value

    def uniform(self, a: float, b: float, *, rule: str = "", why: str = "") -> float:
        value = self._random.uniform(a, b)
        self._note(f"{why or 'picked at random'}: {value:.2f}", rule, value=value, low=a, high=b)
        return value

    def choice(self, items: Sequence[T], *, rule: str = "", why: str = "") -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        index = self._random.randrange(len(items))
        self._note(f"{why or 'picked at random'}: {items[index]}", rule, index=index)
        return items[index]

    def shuffle(self, items: MutableSequence[Any], *, rule: str = "", why: str = "") -> None:
        self._random.shuffle(items)
        self._note(why or f"shuffled {len(items)} items", rule, size=len(items))

    def sample(self, items: Sequence[T], k: int, *, rule: str = "", why: str = "") -> list[T]:
        picked = self._random.sample(list(items), k)
        self._note(why or f"picked {k} of {len(items)} at random", rule, size=len(items), k=k)
        return picked

    def reseed(self, seed: int) -> None:
        """Continue with another seed (look-ahead copies must not see the real game's future dice)."""
        self._random.seed(seed)
        self.loaded.clear()

    # -- state -----------------------------------------------------------
    def getstate(self) -> tuple[Any, ...]:
        return (self._random.getstate(), tuple(self.loaded), self.rolls, self.draws)

    def setstate(self, state: tuple[Any, ...]) -> None:
        inner, loaded, self.rolls, self.draws = state
        self._random.setstate(inner)
        self.loaded = deque(loaded)

    def __deepcopy__(self, memo: dict[int, Any]) -> GameRNG:
        import copy

        new = GameRNG.__new__(GameRNG)
        new.seed = self.seed
        new._random = random.Random()
        new._random.setstate(self._random.getstate())
        new.loaded = deque(self.loaded)
        new.log = copy.deepcopy(self.log, memo)
        new.strict = self.strict
        new.rolls = self.rolls
        new.draws = self.draws
        memo[id(self)] = new
        return new


def _randbelow_is_randint() -> bool:
    """True when ``Random._randbelow(n) + 1`` draws what ``Random.randint(1, n)`` draws (CPython 3.2 on)."""
    a, b = random.Random(20), random.Random(20)
    if not callable(getattr(b, "_randbelow", None)):
        return False
    return all(a.randint(1, n) == b._randbelow(n) + 1 for n in (1, 2, 3, 6, 7, 10, 12, 20, 100, 1000) * 3)


_RANDBELOW = _randbelow_is_randint()
