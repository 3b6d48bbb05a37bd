"""The state of a Hobgoblin battle: units as oriented rectangles, sides, terrain, markers and the deck.

Plain attrs data only (deep-copied for clones, hashed for the save digest). Distances are
inches; the table runs from (0, 0) to (width, depth) and the centreline is ``y = depth / 2``.
Facings are degrees counter-clockwise from ``+x``: a unit facing 90 looks towards ``+y``.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from functools import lru_cache
from operator import is_ as _is
from typing import Any

import attrs

from skirmish import Deck, Hand, KeywordSet
from skirmish.geometry import Circle, Polygon, Rect, Table, Terrain

__all__ = ["READY", "REMOVED", "RESERVE", "UNDEPLOYED", "Activation", "Derived", "HobState", "Marker", "Piece",
           "Side", "Unit", "derived", "linked", "table_of"]

#: unit statuses: only READY units are in play
READY, UNDEPLOYED, RESERVE, REMOVED = "ready", "undeployed", "reserve", "removed"


_ARRANGEMENT_FIELDS = frozenset({"id", "side", "team", "x", "y", "facing", "width", "depth", "status"})


def _changed(unit: Any, field: Any, value: Any) -> Any:
    """Setting a unit's place, size, side or status bumps ``version`` of the derived caches of every state it was
    linked to (:func:`linked`), so caches of the arrangement keyed on it see every move (keywords and Doom are not
    covered)."""
    if field.name in _ARRANGEMENT_FIELDS:
        for home in getattr(unit, "_homes", ()):
            d = home()
            if d is not None:
                d.version += 1
    return value


class _Linked:
    """A slot outside the attrs fields (so never copied, saved, compared or hashed): weak references to the derived
    caches of the states this unit was linked to (weak: a finished game's state and caches go as soon as it does)."""

    __slots__ = ("_homes",)


@attrs.define(on_setattr=_changed)
class Unit(_Linked):
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


#: kept module-level (a bounded pure-math memo): five numbers -> a frozen Rect; no game object, id or content
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


class Units(dict):  # type: ignore[type-arg]
    """The state's units by id: a plain dict (compared, copied, saved and hashed as one) that counts the changes of
    which unit objects it holds (``gen``), so :func:`linked` sees a unit put in without looking at every unit."""

    __slots__ = ("gen",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.gen = 0

    def __reduce__(self) -> tuple[Any, ...]:
        return Units, (dict(self),)

    def __setitem__(self, key: str, value: Unit) -> None:
        self.gen += 1
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        self.gen += 1
        super().__delitem__(key)

    def __ior__(self, other: Any) -> Units:
        self.gen += 1
        return super().__ior__(other)  # type: ignore[no-any-return]

    def pop(self, *args: Any) -> Any:
        self.gen += 1
        return super().pop(*args)

    def popitem(self) -> tuple[str, Unit]:
        self.gen += 1
        return super().popitem()

    def clear(self) -> None:
        self.gen += 1
        super().clear()

    def update(self, *args: Any, **kwargs: Any) -> None:
        self.gen += 1
        super().update(*args, **kwargs)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self.gen += 1
        return super().setdefault(key, default)


class _Derives:
    """A slot outside the attrs fields (so never copied with clones, saved, compared or in the digest): the state's
    :class:`Derived` caches, made on first use."""

    __slots__ = ("_derived",)


@attrs.define
class HobState(_Derives):
    """Everything that changes during a battle."""

    units: dict[str, Unit] = attrs.field(converter=lambda us: us if type(us) is Units else Units(us))
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


class Derived:
    """The derived caches of one state (speed only, never game state): they live on the state, die with it and are
    left out of its clones, saves, comparisons and digest; a clone makes its own on first use.

    ``version`` counts the changes of place, size, side or status of the units linked to it (:func:`linked`);
    the other fields belong to the modules named."""

    __slots__ = ("version", "ref", "linked", "held", "tables", "arranged", "sight", "checked", "plans", "bounds",
                 "impassable", "holders", "holders_placed", "placed", "stable", "quiet", "changes", "courage",
                 "keywords_text", "unit_data", "terrain", "ai", "__weakref__")

    def __init__(self) -> None:
        self.version = 0
        #: what the linked units hold of it (a weak reference)
        self.ref = weakref.ref(self)
        #: the units linked so far (their moves bump ``version``), as :func:`linked` last saw them, and the units
        #: dict with its ``gen`` then
        self.linked: tuple[Unit, ...] = ()
        self.held: tuple[Any, int] = (None, -1)
        #: :func:`table_of`: layout key -> its prepared Table
        self.tables: dict[str, Table] = {}
        #: measuring: the contacts of the arrangement of units (``measuring._Arrangement``, made there) and sight
        #: answers
        self.arranged: Any = None
        self.sight: dict[tuple[Any, ...], bool] = {}
        #: moves: manoeuvre checks and engage plans
        self.checked: dict[tuple[Any, ...], Any] = {}
        self.plans: dict[tuple[Any, ...], Any] = {}
        #: moves: swept regions' bounds by the region's id (the region kept beside it)
        self.bounds: dict[int, tuple[Any, tuple[float, float, float, float]]] = {}
        #: deployment: the table's Impassable pieces (the table, the pieces)
        self.impassable: tuple[Any, list[Any]] | None = None
        #: stats: Command holders read, Courage and refresh inputs per unit, the refresh key and its change count
        self.holders: list[Any] = [None, None]
        self.holders_placed: list[Any] = [None, None]
        self.placed: dict[str, tuple[Unit, tuple[Any, ...], int]] = {}
        self.stable: Any = None
        self.quiet: dict[str, tuple[Unit, tuple[Any, ...]]] = {}
        self.changes = 0
        #: render: every unit's Courage (key, values), keyword texts and view data per unit, terrain entries
        self.courage: tuple[Any, ...] = (None, {})  # (stable key, Courage by unit id, contact map)
        self.keywords_text: dict[str, tuple[tuple[Any, ...], str]] = {}
        self.unit_data: dict[str, tuple[Unit, tuple[Any, ...], dict[str, Any]]] = {}
        self.terrain: tuple[tuple[Any, ...], list[Any]] = ((), [])
        #: the AI's memos by name (``ai.board.memo``: its views carry them)
        self.ai: dict[str, dict[Any, Any]] = {}


def derived(state: HobState) -> Derived:
    """The state's derived caches (made on first use)."""
    try:
        return state._derived
    except AttributeError:
        d = state._derived = Derived()
        return d


def linked(state: HobState) -> Derived:
    """The state's derived caches with every unit it holds linked to them (``Derived.linked``, in table order), so
    that any later move of one of them bumps ``version``."""
    try:
        d = state._derived
    except AttributeError:
        d = state._derived = Derived()
    units = state.units
    held = d.held
    if held[0] is not units or held[1] != units.gen:  # type: ignore[attr-defined]
        now = tuple(units.values())
        ref = d.ref
        for u in now:
            homes = getattr(u, "_homes", ())
            if ref not in homes:
                u._homes = (*[h for h in homes if h() is not None], ref)
        if len(now) != len(d.linked) or not all(map(_is, now, d.linked)):
            d.linked = now
        d.held = (units, units.gen)  # type: ignore[attr-defined]
    return d


def layout_key(width: float, depth: float, pieces: list[Piece]) -> str:
    from skirmish import sha256

    text = repr((width, depth, [(p.name, p.points, p.keywords) for p in pieces]))
    return sha256(text.encode()).hexdigest()[:24]


def table_of(state: HobState) -> Table:
    """The core Table (terrain prepared once per layout; a derived cache of the state, not game state)."""
    key = state.layout_key or layout_key(state.width, state.depth, state.pieces)
    try:
        tables = state._derived.tables
    except AttributeError:
        tables = derived(state).tables
    table = tables.get(key)
    if table is None:
        if len(tables) > 16:
            tables.clear()
        table = Table(state.width, state.depth,
                      tuple(Terrain(Polygon(p.points), frozenset(p.keywords), p.name) for p in state.pieces))
        tables[key] = table
    return table
