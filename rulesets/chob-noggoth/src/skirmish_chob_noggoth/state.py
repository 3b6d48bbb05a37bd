"""The state of a Chob-Noggoth game: warriors on the table, terrain, shrines, sides and the round.

Plain attrs data only (deep-copied for clones, hashed for the save digest).
Distances are in inches on a 36" x 24" table; the long edges are y = 0 and y = 24.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import attrs

from skirmish_chob_noggoth.terrain import Shrine
from skirmish_chob_noggoth.terrain import TerrainPiece as Piece

__all__ = ["BERSERK", "DEAD", "FLED", "READY", "UNDEPLOYED", "ChobState", "Piece", "Shrine", "Side", "Warrior"]

#: statuses a warrior can have; only "ready" warriors are on the table and controlled
READY, UNDEPLOYED, DEAD, FLED, BERSERK = "ready", "undeployed", "dead", "fled", "berserk"
_ON = (READY, BERSERK)


@attrs.define
class Warrior:
    """One figure. ``kind`` is its type; a Hero also has ``roles`` and the ``role`` it acts as this round."""

    id: str
    side: str
    name: str
    kind: str
    quality: str = "standard"
    roles: list[str] = attrs.field(factory=list)
    role: str = ""
    mounted: bool = False
    rules: list[str] = attrs.field(factory=list)
    traits: list[str] = attrs.field(factory=list)
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
