"""The state of a Chob-Noggoth game: warriors on the table, terrain, shrines, sides and the round.

Plain attrs data only (deep-copied for clones, hashed for the save digest).
Distances are in inches on a 36" x 24" table; the long edges are y = 0 and y = 24.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Iterable, Iterator
from typing import Any, NoReturn

import attrs

from skirmish_chob_noggoth.terrain import Shrine
from skirmish_chob_noggoth.terrain import TerrainPiece as Piece

__all__ = ["BERSERK", "DEAD", "FLED", "READY", "UNDEPLOYED", "ChobState", "Names", "Piece", "Shrine", "Side",
           "Warrior"]

#: statuses a warrior can have; only "ready" warriors are on the table and controlled
READY, UNDEPLOYED, DEAD, FLED, BERSERK = "ready", "undeployed", "dead", "fled", "berserk"
_ON = (READY, BERSERK)


_OBJ_SETATTR = object.__setattr__
#: the change clock: every new warrior and every assignment to a warrior's field takes the next number
_CLOCK = itertools.count(1)
#: which clock issued a stamp: this process's (a forked child gets another pid, a spawned one another nonce too)
_NONCE = int.from_bytes(os.urandom(8), "big")


def _origin() -> tuple[int, int]:
    return os.getpid(), _NONCE


class Names(list):  # type: ignore[type-arg]
    """A warrior's list of names (rules, traits, roles) that cannot be changed in place.

    Rules code assigns a new list instead (``w.rules = [*w.rules, name]``), so every change to a warrior goes
    through an assignment and is counted by its :attr:`Warrior.stamp`; changing one in place raises.
    """

    __slots__ = ()

    def _refuse(self, *_args: Any, **_kwargs: Any) -> NoReturn:
        raise TypeError("a warrior's list is not changed in place: assign a new list to the field")

    append = extend = insert = remove = pop = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse

    def __reduce_ex__(self, _protocol: Any) -> tuple[Any, ...]:
        return Names, (list(self),)

    def __copy__(self) -> Names:
        return self  # it never changes

    def __deepcopy__(self, _memo: Any) -> Names:
        return self


def _names(value: Iterable[str]) -> Names:
    return value if type(value) is Names else Names(value)


def _changed(w: Any, a: attrs.Attribute, value: Any) -> Any:  # type: ignore[type-arg]
    """Every assignment to a warrior's field: a new stamp, and the field's converter (Aimed tokens, lists)."""
    _OBJ_SETATTR(w, "stamp", next(_CLOCK))
    c = a.converter
    return value if c is None else c(value)


class _Stamped:
    __slots__ = ("stamp",)


@attrs.define(on_setattr=_changed)
class Warrior(_Stamped):
    """One figure. ``kind`` is its type; a Hero also has ``roles`` and the ``role`` it acts as this round.

    ``stamp`` (not a field: not compared, shown, saved or hashed) is the number of the warrior's last change,
    from a clock shared by all warriors: made, any field assigned (the list fields are :class:`Names`, never
    changed in place) or copied with its stamp. Two warriors with the same stamp hold the same fields, so
    what was worked out from a warrior can be kept by its stamp.
    """

    id: str
    side: str
    name: str
    kind: str
    quality: str = "standard"
    roles: list[str] = attrs.field(factory=Names, converter=_names)
    role: str = ""
    mounted: bool = False
    rules: list[str] = attrs.field(factory=Names, converter=_names)
    traits: list[str] = attrs.field(factory=Names, converter=_names)
    wounds: int = 1
    max_wounds: int = 1
    x: float = 0.0
    y: float = 0.0
    radius: float = 0.5
    status: str = READY
    #: Aimed tokens held (at most ``combat.max_aimed``)
    aimed: int = attrs.field(default=0, converter=int)
    boomstick_used: bool = False
    mercenary: str = ""
    #: wounds suffered in the melee being fought now (for who lost it)
    melee_wounds: int = 0
    #: the Finger value it was hired for (victory on points)
    cost: int = 0

    def __attrs_post_init__(self) -> None:
        _OBJ_SETATTR(self, "stamp", next(_CLOCK))

    def __getstate__(self) -> dict[str, Any]:
        """Its fields and its stamp (a copy holds the same fields, so it keeps the stamp)."""
        state = {name: getattr(self, name) for name in _FIELDS}
        state["stamp"] = self.stamp
        state["stamp_origin"] = _origin()
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """A copy made in this process keeps the stamp; one from another process (a pickle sent or stored) takes a
        new one, as that process's clock may have given the same number to other fields."""
        origin = state.get("stamp_origin")
        for name, value in state.items():
            if name != "stamp_origin":
                _OBJ_SETATTR(self, name, value)
        if "stamp" not in state or origin != _origin():
            _OBJ_SETATTR(self, "stamp", next(_CLOCK))

    @property
    def acting_as(self) -> str:
        """The type whose values it uses now (a Hero's role this round)."""
        return self.role or self.kind

    @property
    def on_table(self) -> bool:
        return self.status in (READY, BERSERK)

    @property
    def controlled(self) -> bool:
        return self.status == READY

    def has(self, rule: str) -> bool:
        """A bonus rule or Monster trait (a rule held twice applies once)."""
        return rule in self.rules or rule in self.traits

    def gap(self, other: Warrior) -> float:
        """Closest distance between the two bases (0 when touching or overlapping)."""
        gap = math.hypot(self.x - other.x, self.y - other.y) - self.radius - other.radius
        return gap if gap > 0.0 else 0.0  # max(0.0, gap) without the call (a hot path)

    def centre_distance(self, x: float, y: float) -> float:
        return math.hypot(self.x - x, self.y - y)


_FIELDS = tuple(a.name for a in attrs.fields(Warrior))


@attrs.define
class Side:
    """One warband: its player, its edge, Divine Intervention points this round, flags."""

    player: str
    warband: str
    letter: str = ""  # "A" or "B" once the roll-off is made
    edge: str = ""  # "south" (y = 0) or "north" (y = 24)
    starting: int = 0
    divine_points: int = 0
    heroic_death: bool = False
    warband_rule: str = ""


@attrs.define
class ChobState:
    """Everything that changes during a game."""

    warriors: dict[str, Warrior]
    sides: dict[str, Side]
    pieces: list[Piece] = attrs.field(factory=list)
    shrines: list[Shrine] = attrs.field(factory=list)
    width: float = 36.0
    depth: float = 24.0
    round_type: str = ""
    round_roll: int = 0
    #: warriors that have already activated in the current step
    activated: list[str] = attrs.field(factory=list)
    #: who fought whom in this step (pairs "a|b"), so a pair fights at most once a step
    fought: list[str] = attrs.field(factory=list)
    next_piece: int = 1
    #: bases this close count as touching (``combat.base_contact``, copied here when the game is made)
    contact: float = 0.1

    def side_letter(self, letter: str) -> Side:
        return next(s for s in self.sides.values() if s.letter == letter)

    def player_of(self, letter: str) -> str:
        return self.side_letter(letter).player

    def enemy_of(self, player: str) -> str:
        return next(p for p in self.sides if p != player)

    def on_table(self) -> Iterator[Warrior]:
        return (w for w in self.warriors.values() if w.on_table)

    def of_side(self, player: str, *, statuses: tuple[str, ...] = (READY,)) -> list[Warrior]:
        return [w for w in self.warriors.values() if w.side == player and w.status in statuses]

    def enemies(self, w: Warrior) -> list[Warrior]:
        """Warriors on the table that are hostile to ``w`` (a Berserk warrior is hostile to all)."""
        if w.status == BERSERK:
            return [o for o in self.warriors.values() if o.status in _ON and o is not w]
        side = w.side
        return [o for o in self.warriors.values()
                if (o.status == READY and o.side != side) or (o.status == BERSERK and o is not w)]

    def allies(self, w: Warrior) -> list[Warrior]:
        if w.status == BERSERK:
            return []
        return [o for o in self.warriors.values() if o.id != w.id and o.side == w.side and o.status == READY]
