"""Region/space graphs for board games, and who stands where.

A :class:`RegionMap` is static: regions, spaces (each in at most one region) and
undirected adjacency edges. It is frozen, precomputes its adjacency, caches
distances, and is shared (not copied) when a game state is deep-copied.
:class:`Occupancy` is the mutable part: which occupant ids stand on which space.

The data shape (TOML-friendly; ``regions`` and ``spaces`` may also be tables keyed by id)::

    adjacency = [["tundra-outer", "tundra-spawn"], ["tundra-spawn", "gate"]]

    [[regions]]
    id = "tundra"
    name = "The Tundra"
    tags = ["outer"]

    [[spaces]]
    id = "tundra-spawn"
    region = "tundra"      # "" or left out: in no region (a village)
    tags = ["spawn"]

``adjacency`` may instead be a table from a space to the list of its neighbours.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from skirmish.errors import SetupError, SkirmishError
from skirmish.events import EventLog

Passable = Callable[[str], bool]


class NotOnMap(SkirmishError, KeyError):
    """A space or region id that the map does not have."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


def _tags(value: Iterable[str] | str) -> frozenset[str]:
    return frozenset([value] if isinstance(value, str) else value)


@attrs.frozen
class Region:
    """A named area of the board grouping spaces."""

    id: str
    name: str = ""
    tags: frozenset[str] = attrs.field(default=frozenset(), converter=_tags)

    @property
    def label(self) -> str:
        return self.name or self.id


@attrs.frozen
class Space:
    """A place a piece can stand. ``region`` is ``""`` for a space in no region."""

    id: str
    region: str = ""
    tags: frozenset[str] = attrs.field(default=frozenset(), converter=_tags)
    name: str = ""

    @property
    def label(self) -> str:
        return self.name or self.id


def _edges(value: Iterable[Iterable[str]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(edge) for edge in value)


@attrs.frozen
class RegionMap:
    """Regions, spaces and undirected adjacency; validated on creation (errors are :class:`SetupError`)."""

    regions: tuple[Region, ...] = attrs.field(converter=tuple)
    spaces: tuple[Space, ...] = attrs.field(converter=tuple)
    edges: tuple[tuple[str, ...], ...] = attrs.field(converter=_edges)
    name: str = ""
    _space: dict[str, Space] = attrs.field(init=False, repr=False, eq=False)
    _region: dict[str, Region] = attrs.field(init=False, repr=False, eq=False)
    _adj: dict[str, tuple[str, ...]] = attrs.field(init=False, repr=False, eq=False)
    _members: dict[str, tuple[str, ...]] = attrs.field(init=False, repr=False, eq=False)
    _dist: dict[str, dict[str, int]] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        where = f"region map {self.name!r}" if self.name else "region map"
        regions: dict[str, Region] = {}
        for r in self.regions:
            if not r.id:
                raise SetupError(f"{where}: a region has no id")
            if r.id in regions:
                raise SetupError(f"{where}: region id {r.id!r} is used twice")
            regions[r.id] = r
        spaces: dict[str, Space] = {}
        members: dict[str, list[str]] = {r: [] for r in regions}
        for s in self.spaces:
            if not s.id:
                raise SetupError(f"{where}: a space has no id")
            if s.id in spaces:
                raise SetupError(f"{where}: space id {s.id!r} is used twice")
            if s.region and s.region not in regions:
                raise SetupError(f"{where}: space {s.id!r} is in unknown region {s.region!r}")
            spaces[s.id] = s
            if s.region:
                members[s.region].append(s.id)
        order = {sid: i for i, sid in enumerate(spaces)}
        adj: dict[str, set[str]] = {sid: set() for sid in spaces}
        for i, edge in enumerate(self.edges):
            if len(edge) != 2:
                raise SetupError(f"{where}: edge {i + 1} {list(edge)} does not join exactly two spaces")
            a, b = edge
            for end in (a, b):
                if end not in spaces:
                    raise SetupError(f"{where}: edge {i + 1} ({a!r}, {b!r}) names unknown space {end!r}")
            if a == b:
                raise SetupError(f"{where}: edge {i + 1} joins space {a!r} to itself")
            adj[a].add(b)
            adj[b].add(a)
        set_ = object.__setattr__
        set_(self, "_space", spaces)
        set_(self, "_region", regions)
        set_(self, "_adj", {sid: tuple(sorted(n, key=order.__getitem__)) for sid, n in adj.items()})
        set_(self, "_members", {r: tuple(m) for r, m in members.items()})
        set_(self, "_dist", {})

    # -- building ----------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, name: str = "") -> RegionMap:
        """Build from the data shape in the module notes (as read from TOML or JSON)."""
        where = f"region map {name!r}" if name else "region map"
        unknown = set(data) - {"name", "regions", "spaces", "adjacency"}
        if unknown:
            raise SetupError(f"{where}: unknown key {sorted(unknown)[0]!r} (expected regions, spaces, adjacency)")
        name = name or str(data.get("name", ""))
        regions = [_entry(Region, e, "region", where) for e in _entries(data.get("regions", []), "regions", where)]
        spaces = [_entry(Space, e, "space", where) for e in _entries(data.get("spaces", []), "spaces", where)]
        raw = data.get("adjacency", [])
        edges: list[tuple[str, ...]] = []
        if isinstance(raw, Mapping):
            for a, neighbours in raw.items():
                if isinstance(neighbours, str):
                    neighbours = [neighbours]
                edges.extend((a, b) for b in neighbours)
        elif isinstance(raw, list | tuple):
            for i, edge in enumerate(raw):
                if isinstance(edge, str) or not isinstance(edge, list | tuple):
                    raise SetupError(f"{where}: adjacency entry {i + 1} should be a pair of space ids, not {edge!r}")
                edges.append(tuple(edge))
        else:
            raise SetupError(f"{where}: adjacency should be a list of pairs or a table of neighbour lists")
        return cls(regions, spaces, edges, name)

    def to_dict(self) -> dict[str, Any]:
        """The TOML-friendly data :meth:`from_dict` reads (no nulls, sorted tags)."""
        def entry(obj: Region | Space) -> dict[str, Any]:
            out: dict[str, Any] = {"id": obj.id}
            if isinstance(obj, Space) and obj.region:
                out["region"] = obj.region
            if obj.name:
                out["name"] = obj.name
            if obj.tags:
                out["tags"] = sorted(obj.tags)
            return out

        out: dict[str, Any] = {}
        if self.name:
            out["name"] = self.name
        out["adjacency"] = [list(e) for e in self.edges]
        out["regions"] = [entry(r) for r in self.regions]
        out["spaces"] = [entry(s) for s in self.spaces]
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> RegionMap:
        return self  # immutable: clones share it

    def __copy__(self) -> RegionMap:
        return self

    # -- looking up --------------------------------------------------------
    def __contains__(self, space: object) -> bool:
        return space in self._space

    @property
    def space_ids(self) -> tuple[str, ...]:
        return tuple(self._space)

    def space(self, space: str) -> Space:
        try:
            return self._space[space]
        except KeyError:
            raise NotOnMap(f"unknown space {space!r}") from None

    def region(self, region: str) -> Region:
        try:
            return self._region[region]
        except KeyError:
            raise NotOnMap(f"unknown region {region!r}") from None

    def region_of(self, space: str) -> Region | None:
        """The region the space lies in, or ``None``."""
        rid = self.space(space).region
        return self._region[rid] if rid else None

    def spaces_in(self, region: str) -> tuple[str, ...]:
        """Ids of the spaces in ``region``, in declaration order."""
        try:
            return self._members[region]
        except KeyError:
            raise NotOnMap(f"unknown region {region!r}") from None

    def tagged(self, tag: str, region: str | None = None) -> tuple[str, ...]:
        """Ids of the spaces carrying ``tag`` (only in ``region`` when given)."""
        pool = self.spaces_in(region) if region is not None else self._space
        return tuple(s for s in pool if tag in self._space[s].tags)

    # -- adjacency and distance --------------------------------------------
    def neighbours(self, space: str) -> tuple[str, ...]:
        """Spaces adjacent to ``space``, in declaration order."""
        try:
            return self._adj[space]
        except KeyError:
            raise NotOnMap(f"unknown space {space!r}") from None

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours(a)

    def distances_from(self, space: str) -> Mapping[str, int]:
        """Hops from ``space`` to every space it can reach (cached)."""
        cached = self._dist.get(space)
        if cached is None:
            cached, _ = self._bfs(space, None, None)
            self._dist[space] = cached
        return MappingProxyType(cached)

    def distance(self, a: str, b: str, *, passable: Passable | None = None) -> int | None:
        """Fewest moves from ``a`` to ``b`` (``None`` when unreachable).

        ``passable`` limits which spaces may be entered (the end space included).
        """
        self.space(b)
        if passable is None:
            return self.distances_from(a).get(b)
        return self._bfs(a, b, passable)[0].get(b)

    def path(self, a: str, b: str, *, passable: Passable | None = None) -> list[str] | None:
        """A shortest route ``[a, ..., b]`` (``None`` when unreachable); ties go to earlier-declared spaces."""
        self.space(b)
        dist, parent = self._bfs(a, b, passable)
        if b not in dist:
            return None
        route = [b]
        while route[-1] != a:
            route.append(parent[route[-1]])
        route.reverse()
        return route

    def within(self, space: str, n: int, *, passable: Passable | None = None) -> list[str]:
        """Spaces at most ``n`` moves from ``space`` (itself included), nearest first."""
        dist = self.distances_from(space) if passable is None else self._bfs(space, None, passable)[0]
        return [s for s, d in sorted(dist.items(), key=lambda item: item[1]) if d <= n]

    def _bfs(self, start: str, goal: str | None, passable: Passable | None) -> tuple[dict[str, int], dict[str, str]]:
        adj = self._adj
        if start not in adj:
            raise NotOnMap(f"unknown space {start!r}")
        dist = {start: 0}
        parent: dict[str, str] = {}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == goal:
                break
            step = dist[here] + 1
            for there in adj[here]:
                if there not in dist and (passable is None or passable(there)):
                    dist[there] = step
                    parent[there] = here
                    queue.append(there)
        return dist, parent


def _entries(raw: Any, key: str, where: str) -> list[Mapping[str, Any]]:
    if isinstance(raw, Mapping):  # a table keyed by id
        out = []
        for ident, entry in raw.items():
            if not isinstance(entry, Mapping):
                raise SetupError(f"{where}: {key}.{ident} should be a table")
            if "id" in entry and entry["id"] != ident:
                raise SetupError(f"{where}: {key}.{ident} has a different id {entry['id']!r}")
            out.append({**entry, "id": ident})
        return out
    if not isinstance(raw, list | tuple):
        raise SetupError(f"{where}: {key} should be a list of tables")
    for i, entry in enumerate(raw):
        if not isinstance(entry, Mapping):
            raise SetupError(f"{where}: {key} entry {i + 1} should be a table, not {entry!r}")
    return list(raw)


def _entry(cls: type[Region] | type[Space], entry: Mapping[str, Any], what: str, where: str) -> Any:
    allowed = {a.name for a in attrs.fields(cls)}
    unknown = set(entry) - allowed
    ident = entry.get("id", "?")
    if unknown:
        raise SetupError(f"{where}: {what} {ident!r} has unknown field {sorted(unknown)[0]!r}")
    if not isinstance(entry.get("id"), str):
        raise SetupError(f"{where}: a {what} needs a string id (got {ident!r})")
    return cls(**entry)


def _reindex(occupancy: Occupancy, attribute: Any, spaces: dict[str, list[str]]) -> dict[str, list[str]]:
    occupancy._at = _positions(spaces)
    return spaces


def _positions(spaces: dict[str, list[str]]) -> dict[str, str]:
    """occupant -> the first space listing it (what a scan of the spaces in order finds)."""
    at: dict[str, str] = {}
    for space, here in spaces.items():
        for occupant in here:
            at.setdefault(occupant, space)
    return at


@attrs.define(slots=False)
class Occupancy:
    """Which occupants (pieces, tokens, heroes; by id) stand on which space, in arrival order.

    Plain data, separate from the static map. Spaces are not checked against a map
    unless one is passed as ``check``. Change it through :meth:`place`, :meth:`move` and
    :meth:`remove` (or give it a new ``spaces`` table): it keeps a reverse index, occupant ->
    space, that :meth:`where` reads instead of scanning the board (not a field: equality,
    digests and views see only ``spaces``).
    """

    spaces: dict[str, list[str]] = attrs.field(factory=dict, on_setattr=_reindex)

    def __attrs_post_init__(self) -> None:
        self._at = _positions(self.spaces)

    def occupants(self, space: str) -> list[str]:
        """Who stands on ``space`` (a copy)."""
        return list(self.spaces.get(space, ()))

    def where(self, occupant: str) -> str | None:
        """The space ``occupant`` stands on, or ``None`` when it is not on the board."""
        return self._at.get(occupant)

    def __contains__(self, occupant: object) -> bool:
        return occupant in self._at

    def items(self) -> Iterator[tuple[str, list[str]]]:
        """``(space, occupants)`` for every occupied space."""
        return iter([(s, list(o)) for s, o in self.spaces.items()])

    def in_region(self, rmap: RegionMap, region: str) -> list[str]:
        """Everyone standing in ``region`` (space declaration order)."""
        return [o for s in rmap.spaces_in(region) for o in self.spaces.get(s, ())]

    def place(
        self,
        occupant: str,
        space: str,
        *,
        log: EventLog | None = None,
        rule: str = "",
        check: RegionMap | None = None,
    ) -> None:
        """Put an occupant that is not on the board onto ``space``."""
        if check is not None:
            check.space(space)
        now = self._at.get(occupant)
        if now is not None:
            raise ValueError(f"{occupant} is already on {now}")
        self.spaces.setdefault(space, []).append(occupant)
        self._at[occupant] = space
        if log is not None:
            log.emit("occupancy", f"{occupant} placed on {space}", rule=rule,
                     action="place", occupant=occupant, space=space)

    def move(
        self,
        occupant: str,
        to: str,
        *,
        log: EventLog | None = None,
        rule: str = "",
        check: RegionMap | None = None,
    ) -> str:
        """Move an occupant to ``to``; returns the space it left."""
        if check is not None:
            check.space(to)
        here = self._take(occupant)
        self.spaces.setdefault(to, []).append(occupant)
        self._at[occupant] = to
        if log is not None:
            log.emit("occupancy", f"{occupant} moves {here} -> {to}", rule=rule,
                     action="move", occupant=occupant, space=to, from_space=here)
        return here

    def remove(self, occupant: str, *, log: EventLog | None = None, rule: str = "") -> str:
        """Take an occupant off the board; returns the space it left."""
        here = self._take(occupant)
        if log is not None:
            log.emit("occupancy", f"{occupant} removed from {here}", rule=rule,
                     action="remove", occupant=occupant, space=here)
        return here

    def _take(self, occupant: str) -> str:
        here = self._at.pop(occupant, None)
        if here is None:
            raise ValueError(f"{occupant} is not on the board")
        crowd = self.spaces[here]
        crowd.remove(occupant)
        if not crowd:
            del self.spaces[here]
        return here
