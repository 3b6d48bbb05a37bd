"""Die types and the registry of named dice.

Every roll goes through :class:`~skirmish.rng.GameRNG` so it is seeded, logged and
can be loaded. A :class:`Die` has numbered faces ``1..sides``; a d3 is a d6 halved
and rounded up (1-2 -> 1, 3-4 -> 2, 5-6 -> 3) and takes loaded results as d3
results ``1..3``. A :class:`CustomDie` has labelled faces (which may repeat) and
takes loaded results as face labels or 1-based face indexes.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable

from skirmish.errors import DiceError
from skirmish.rng import GameRNG

MAX_DICE = 1000
MAX_SIDES = 1000


def _check_sides(sides: int) -> None:
    if not 2 <= sides <= MAX_SIDES:
        raise DiceError(f"a die needs 2..{MAX_SIDES} sides, not {sides}")


def _check_count(n: int) -> None:
    if not 0 <= n <= MAX_DICE:
        raise DiceError(f"cannot roll {n} dice (0..{MAX_DICE} allowed)")


@dataclasses.dataclass(frozen=True, slots=True)
class Die:
    """A die numbered ``1..sides``.

    ``halve`` rolls a die of twice the sides and halves it rounding up; it is on by
    default for the d3 (a halved d6), so ``Die(3)`` is the d3 of tabletop games.
    """

    sides: int
    #: ``None`` when made means "the default": set to ``True`` for the d3, ``False`` otherwise
    halve: bool | None = None

    def __post_init__(self) -> None:
        _check_sides(self.sides)
        if self.halve is None:
            object.__setattr__(self, "halve", self.sides == 3)

    @property
    def name(self) -> str:
        return f"d{self.sides}"

    @property
    def faces(self) -> tuple[int, ...]:
        """The results the die can show, each equally likely."""
        return tuple(range(1, self.sides + 1))

    def roll(self, rng: GameRNG, *, rule: str = "", why: str = "") -> int:
        """Roll once; returns ``1..sides``."""
        if not self.halve:
            return rng.roll(self.sides, rule=rule, why=why)
        physical = 2 * self.sides
        if rng.loaded and isinstance(rng.loaded[0], int):
            wanted = rng.loaded[0]
            if not 1 <= wanted <= self.sides:
                raise DiceError(f"loaded result {wanted} does not fit a {self.name}")
            rng.loaded[0] = str(wanted)  # the label of the first d6 face that halves to it
        labels = tuple(str((i + 1) // 2) for i in range(1, physical + 1))
        raw = rng.roll(physical, rule=rule, why=f"{why or 'roll'} [{self.name} = d{physical} halved]", faces=labels)
        return (raw + 1) // 2

    def rolls(self, rng: GameRNG, n: int, *, rule: str = "", why: str = "") -> list[int]:
        """Roll ``n`` of these dice (one log event for plain dice)."""
        _check_count(n)
        if not self.halve:
            return rng.rolls_of(n, self.sides, rule=rule, why=why)
        return [self.roll(rng, rule=rule, why=why) for _ in range(n)]

    def __str__(self) -> str:
        return self.name


D6 = Die(6)
D3 = Die(3)


def _to_faces(faces: Iterable[str]) -> tuple[str, ...]:
    return tuple(faces)


def _to_values(values: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if values is None else tuple(values)


@dataclasses.dataclass(frozen=True, slots=True)
class CustomDie:
    """A die with labelled faces, e.g. ``("star", "star", "blank", "blank", "essence", "uprising")``.

    Faces may repeat. ``values`` optionally gives a number per face (same order).
    """

    name: str
    faces: tuple[str, ...]
    values: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", _to_faces(self.faces))
        object.__setattr__(self, "values", _to_values(self.values))
        if not 2 <= len(self.faces) <= MAX_SIDES:
            raise DiceError(f"die {self.name!r} needs 2..{MAX_SIDES} faces, not {len(self.faces)}")
        if any(not isinstance(f, str) or not f for f in self.faces):
            raise DiceError(f"die {self.name!r}: every face needs a non-empty text label")
        if self.values is not None and len(self.values) != len(self.faces):
            raise DiceError(f"die {self.name!r}: {len(self.values)} values given for {len(self.faces)} faces")

    @property
    def sides(self) -> int:
        return len(self.faces)

    @property
    def labels(self) -> tuple[str, ...]:
        """The distinct face labels, in face order."""
        return tuple(dict.fromkeys(self.faces))

    def value_of(self, face: str) -> int:
        """The numeric value of ``face`` (its first occurrence)."""
        if self.values is None:
            raise DiceError(f"die {self.name!r} has no face values")
        return self.values[self._index(face)]

    def _index(self, face: str) -> int:
        try:
            return self.faces.index(face)
        except ValueError:
            raise DiceError(f"{face!r} is not a face of die {self.name!r} ({', '.join(self.labels)})") from None

    def roll(self, rng: GameRNG, *, rule: str = "", why: str = "") -> str:
        """Roll once; returns the face label."""
        index = rng.roll(len(self.faces), rule=rule, why=why or f"{self.name} die", faces=self.faces)
        return self.faces[index - 1]

    def rolls(self, rng: GameRNG, n: int, *, rule: str = "", why: str = "") -> list[str]:
        """Roll ``n`` of these dice (one log event each)."""
        _check_count(n)
        return [self.roll(rng, rule=rule, why=why) for _ in range(n)]

    def __str__(self) -> str:
        return self.name


AnyDie = Die | CustomDie

_NAME = re.compile(r"[a-z][a-z0-9_]*")
_NUMBERED = re.compile(r"d(\d*)")
_RESERVED = re.compile(r"d(\d.*)?")  # would read as numbered dice in an expression
_REGISTRY: dict[str, AnyDie] = {}
#: dice registered by plugins (``skirmish_register_dice``), replaced as a whole by each new registry
_PLUGIN_DICE: dict[str, AnyDie] = {}


def _normal(name: str) -> str:
    return name.strip().lower()


def check_die(name: str, die: object) -> str:
    """The normalised name of a die to register; raise :class:`DiceError` for a bad name or die."""
    key = _normal(name) if isinstance(name, str) else ""
    if not _NAME.fullmatch(key) or _RESERVED.fullmatch(key):
        raise DiceError(f"bad die name {name!r}: use a letter then letters, digits or '_' (not 'd' then a digit)")
    if not isinstance(die, Die | CustomDie):
        raise DiceError(f"cannot register {die!r} as die {name!r}: not a Die or CustomDie")
    return key


@dataclasses.dataclass(frozen=True, slots=True)
class DieSpec:
    """What a plugin returns from ``skirmish_register_dice``: a named die and a line saying what it is for."""

    name: str
    die: AnyDie
    help: str = ""

    def describe(self) -> str:
        """``name: faces`` as ``skirmish roll --help`` lists it."""
        faces = ", ".join(map(str, self.die.faces))
        return f"{self.help} ({faces})" if self.help else faces


def register_die(name: str, die: AnyDie, *, replace: bool = False) -> None:
    """Make ``die`` known by ``name`` (case-insensitive) to :func:`get_die` and dice expressions.

    Names are a letter then letters, digits or ``_``; ``d`` alone or followed by a
    digit is reserved for numbered dice. Registering the same die twice is harmless; a
    different die under a taken name needs ``replace=True``. Plugins register dice through
    the ``skirmish_register_dice`` hook instead (:class:`DieSpec`).
    """
    key = check_die(name, die)
    old = _REGISTRY.get(key, _PLUGIN_DICE.get(key))
    if old is not None and old != die and not replace:
        raise DiceError(f"a different die is already registered as {key!r}")
    _REGISTRY[key] = die


def set_plugin_dice(dice: dict[str, AnyDie]) -> None:
    """Replace the dice registered by plugins (the registry calls this; names are checked by :func:`check_die`).

    A die registered directly with :func:`register_die` under the same name wins.
    """
    _PLUGIN_DICE.clear()
    _PLUGIN_DICE.update({check_die(name, die): die for name, die in dice.items()})


def unregister_die(name: str) -> None:
    """Forget a registered die (no error if unknown)."""
    _REGISTRY.pop(_normal(name), None)


def registered_dice() -> tuple[str, ...]:
    """Names of the registered dice (directly and by plugins), sorted."""
    return tuple(sorted({*_REGISTRY, *_PLUGIN_DICE}))


def get_die(name: str) -> AnyDie:
    """A registered die, or a numbered die for ``d<sides>`` (``d3`` is a halved d6)."""
    key = _normal(name)
    numbered = _NUMBERED.fullmatch(key)
    if numbered and numbered.group(1):
        return Die(int(numbered.group(1)))
    try:
        return _REGISTRY[key] if key in _REGISTRY else _PLUGIN_DICE[key]
    except KeyError:
        known = ", ".join(registered_dice()) or "none registered"
        raise DiceError(f"unknown die {name!r} (known: {known})") from None


def d66(rng: GameRNG, *, rule: str = "", why: str = "") -> int:
    """Roll a d66: a tens d6 then a units d6, giving 11..66."""
    tens, units = rng.rolls_of(2, 6, rule=rule, why=f"{why or 'd66'} (tens, units)")
    return 10 * tens + units


def sum_of(rng: GameRNG, n: int, sides: int = 6, *, rule: str = "", why: str = "") -> int:
    """Roll ``n`` numbered dice and add them up (``sides=3`` rolls halved d6s)."""
    return sum(Die(sides).rolls(rng, n, rule=rule, why=why))
