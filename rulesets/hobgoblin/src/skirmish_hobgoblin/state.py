"""The state of a Hobgoblin battle: units as oriented rectangles, sides, terrain, markers and the deck.

Plain attrs data only (deep-copied for clones, hashed for the save digest). Distances are
inches; the table runs from (0, 0) to (width, depth) and the centreline is ``y = depth / 2``.
Facings are degrees counter-clockwise from ``+x``: a unit facing 90 looks towards ``+y``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import attrs

from skirmish import Deck, Hand, KeywordSet
from skirmish.geometry import Circle, Polygon, Rect, Table, Terrain

__all__ = ["READY", "REMOVED", "RESERVE", "UNDEPLOYED", "Activation", "HobState", "Marker", "Piece", "Side",
           "Unit", "table_of"]

#: unit statuses: only READY units are in play
READY, UNDEPLOYED, RESERVE, REMOVED = "ready", "undeployed", "reserve", "removed"


#: bumped whenever a unit's place, size, side or status is set, so derived caches of the arrangement (contacts,
#: sight) keyed on it together with the units themselves see every move (keywords and Doom are not covered)
VERSION = [0]
_ARRANGEMENT_FIELDS = frozenset({"id", "side", "team", "x", "y", "facing", "width", "depth", "status"})


def _changed(_unit: Any, field: Any, value: Any) -> Any:
    if field.name in _ARRANGEMENT_FIELDS:
        VERSION[0] += 1
    return value


@attrs.define(on_setattr=_changed)
class Unit:
    """One unit: its type and statistics, where it stands, its Doom and its keywords."""

    id: str
    side: str
    name: str
    type: str
    type_name: str
    width: float
    depth: float
    speed: int
    strikes: int
    courage: int
    points: int
    keywords: KeywordSet
    x: float = 0.0
    y: float = 0.0
    facing: float = 90.0
    doom: int = 0
    status: str = UNDEPLOYED
    #: Courage added by the scenario or a twist for the whole game (Pendulum's Swing, Last Stand...)
    courage_bonus: int = 0
    #: inches advanced this round (Devastating Charge, Crushing Charge, Eager for Battle, Berserk)
    advanced: float = 0.0
    #: inches advanced this round towards an enemy it could see (Berserk)
    advanced_towards: float = 0.0
    removed_round: int = 0
    #: once-per-game and once-per-phase things used up (e.g. "grim", "terrifying")
    used: list[str] = attrs.field(factory=list)
    #: Unlikely Allies: the team of the unit's player ("" in a two-player game)
    team: str = ""

    @property
    def rect(self) -> Rect:
        return _rect(self.x, self.y, self.width, self.depth, self.facing)

    @property
    def in_play(self) -> bool:
        return self.status == READY

    def has(self, name: str) -> bool:
        for e in self.keywords.entries:  # noqa: SIM110 (KeywordSet.has as a plain loop: read very often)
            if e.name == name:
                return True
        return False

    def value(self, name: str) -> int:
        return int(self.keywords.value(name, 0) or 0)

    def place(self, rect: Rect) -> None:
        self.x, self.y, self.facing = round(rect.centre.x, 9), round(rect.centre.y, 9), round(rect.facing, 9) % 360


@lru_cache(maxsize=4096)
def _rect(x: float, y: float, w: float, d: float, f: float) -> Rect:
    return Rect((x, y), w, d, f)


@attrs.frozen(cache_hash=True)
class Piece:
    """A terrain piece: a polygon (corner points) with its terrain keywords (lower case)."""

    name: str
    kind: str
    points: tuple[tuple[float, float], ...] = attrs.field(converter=lambda ps: tuple(tuple(map(float, p))
                                                                                        for p in ps))
    keywords: tuple[str, ...] = attrs.field(converter=lambda ks: tuple(sorted(k.lower() for k in ks)))

    def has(self, keyword: str) -> bool:
        return keyword.lower() in self.keywords


@attrs.define
class Marker:
    """A marker on the table (objective, breach...): a circle with an owner and a state."""

    id: str
    kind: str
    x: float
    y: float
    radius: float = 0.625  # 32 mm across
    owner: str = ""
    removed: bool = False

    @property
    def circle(self) -> Circle:
        return Circle((self.x, self.y), self.radius)


@attrs.define
class Side:
    """One army: its player, hand of Fortune Cards, Mercury, deployment half and score."""

    player: str
    army: str
    hand: Hand
    points_limit: int = 3000
    mercury: int = 0
    half: str = ""  # "south" (y below the centreline) or "north"
    vp: int = 0
    #: "no cards until the end of this phase" was said in this phase (phase name)
    cards_off: str = ""
    role: str = ""  # Attacker / Defender in the scenarios that have them


@attrs.define
class Activation:
    """The unit moving now: movement points left and what the rules remember during its activation."""

    unit: str
    mp: float
    start: tuple[float, float, float]
    engaged_at_start: list[str]
    flown: bool = False
    flown_over: list[str] = attrs.field(factory=list)
    manoeuvres: int = 0
    no_punish: bool = False
    ignore_friends: bool = False
    #: computed moves and manoeuvres that came to nothing (not offered again this activation)
    failed: list[str] = attrs.field(factory=list)


@attrs.define
class HobState:
    """Everything that changes during a battle."""

    units: dict[str, Unit]
    sides: dict[str, Side]
    deck: Deck
    pieces: list[Piece] = attrs.field(factory=list)
    markers: list[Marker] = attrs.field(factory=list)
    width: float = 72.0
    depth: float = 48.0
    scenario: str = "bloodbath"
    first: str = ""
    activated: list[str] = attrs.field(factory=list)
    activation: Activation | None = None
    #: units engaged at the start of the Doom Phase (Who's Next?)
    engaged_at_doom: list[str] = attrs.field(factory=list)
    setup_step: str = ""
    notes: dict[str, int] = attrs.field(factory=dict)
    #: names the terrain layout (a digest of the pieces), so its prepared Table is built once
    layout_key: str = ""
    #: the share of a footprint on Elevated terrain above which a unit counts as Large (keywords.toml)
    elevated_share: float = 0.0
    #: Unlikely Allies: team name -> its players, the Warlord first (empty in a two-player game)
    teams: dict[str, list[str]] = attrs.field(factory=dict)
    #: the expansions' line-of-sight and movement rules for this game, asked once the scenario is prepared
    #: (``hobgoblin_sight_rule``, ``hobgoblin_move_rule``)
    sight_rules: list[Any] = attrs.field(factory=list)
    move_rules: list[Any] = attrs.field(factory=list)

    @property
    def second(self) -> str:
        return self.enemy_of(self.first)

    def enemy_of(self, player: str) -> str:
        """The other player (in team play: the enemy team's Warlord)."""
        if self.teams:
            return next(ps[0] for ps in self.teams.values() if player not in ps)
        return next(p for p in self.sides if p != player)

    def order(self) -> list[str]:
        """Players, First Player first (in team play: the First Player's team, Warlord first, then the other)."""
        if self.teams:
            lead = self.team_of(self.first) if self.first else next(iter(self.teams))
            return list(self.teams[lead]) + [p for t, ps in self.teams.items() if t != lead for p in ps]
        return [self.first, self.second] if self.first else list(self.sides)

    def pair(self) -> list[str]:
        """The two "players" of a normal game, First Player first (team play: the two Warlords)."""
        lead = self.order()[0]
        return [lead, self.enemy_of(lead)]

    def team_of(self, player: str) -> str:
        """The player's team (the player's own name outside team play)."""
        return next((t for t, ps in self.teams.items() if player in ps), player)

    def allies_of(self, player: str) -> list[str]:
        """The other players of the player's team."""
        return [p for p in self.teams.get(self.team_of(player), []) if p != player]

    def allied(self, a: str, b: str) -> bool:
        """Whether two players' units are friendly to each other (the same player, or Allies in team play)."""
        return a == b or bool(self.teams) and self.team_of(a) == self.team_of(b)

    def in_play(self) -> Iterator[Unit]:
        return (u for u in self.units.values() if u.status == READY)

    def of(self, player: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == player and u.status == READY]

    def enemies(self, unit: Unit) -> list[Unit]:
        if unit.team:  # Unlikely Allies: allied units count as friendly
            return [u for u in self.units.values() if u.team != unit.team and u.status == READY]
        return [u for u in self.units.values() if u.side != unit.side and u.status == READY]

    def friends(self, unit: Unit) -> list[Unit]:
        if unit.team:
            return [u for u in self.units.values() if u.team == unit.team and u.status == READY and u.id != unit.id]
        return [u for u in self.units.values() if u.side == unit.side and u.status == READY and u.id != unit.id]

    @property
    def centreline(self) -> float:
        return self.depth / 2


_TABLES: dict[str, Table] = {}


def layout_key(width: float, depth: float, pieces: list[Piece]) -> str:
    import hashlib

    text = repr((width, depth, [(p.name, p.points, p.keywords) for p in pieces]))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def table_of(state: HobState) -> Table:
    """The core Table (terrain prepared once per layout; a derived cache, not game state)."""
    key = state.layout_key or layout_key(state.width, state.depth, state.pieces)
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) > 256:
            _TABLES.clear()
        table = Table(state.width, state.depth,
                      tuple(Terrain(Polygon(p.points), frozenset(p.keywords), p.name) for p in state.pieces))
        _TABLES[key] = table
    return table
