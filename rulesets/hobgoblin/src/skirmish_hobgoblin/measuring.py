"""Battle geometry on the core: engagement, contact edges and dice caps, line of sight, range and cover.

All of it is read from ``skirmish.geometry`` (closest distances, contact edges, sight lines);
this module only applies Hobgoblin's rules about which units and terrain count.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from skirmish.geometry import (
    Rect,
    area_fraction,
    closest_edge,
    contact_edges,
    distance,
    front_distance,
    segment_crosses,
    sight_line,
    touching,
)
from skirmish_hobgoblin.state import HobState, Unit, _rect, derived, layout_key, linked, table_of

#: how an enemy touches a unit, seen from the touched unit
FRONT, SIDE, REAR = "front", "side", "rear"


class _Arrangement:
    """Contacts worked out for one arrangement of units (a derived cache of the state, never game state): valid
    while no unit's place, size, side or status was set (``Derived.version``) and the state holds the same units."""

    __slots__ = ("version", "units", "contacts", "engaged", "outflanked", "seen", "seen_key", "kept", "sigs", "pairs")

    def __init__(self, version: int, units: tuple[Unit, ...], contacts: dict[str, list[str]]) -> None:
        self.version, self.units, self.contacts = version, units, contacts
        self.engaged: dict[str, list[Unit]] = {}
        self.outflanked: dict[str, list[Unit]] = {}
        #: sight, cover and Large answers, valid while ``seen_key`` (keywords, terrain, notes) holds
        self.seen: dict[tuple[Any, ...], bool] = {}
        self.seen_key: tuple[Any, ...] | None = None
        #: other modules' answers for this arrangement, each checked against what else it read (stats.courage)
        self.kept: dict[Any, Any] = {}
        #: each unit's (id, side, team, place, size, status) and the contact pairs, to work out the next one from
        self.sigs: tuple[Any, ...] = ()
        self.pairs: set[tuple[str, str]] = set()


_NOWHERE = _Arrangement(-1, (), {})


def _arranged(state: HobState) -> _Arrangement:
    d = linked(state)
    units = d.linked
    got = d.arranged or _NOWHERE
    if got.version == d.version and got.units is units:
        return got
    sigs = tuple([(u.id, u.side, u.team, u.x, u.y, u.facing, u.width, u.depth, u.status) for u in units])
    if len(got.units) == len(units) and all(a is b for a, b in zip(got.units, units, strict=True)):
        pairs = _pairs_again(units, sigs, got.sigs, got.pairs)  # the same units: only moved ones measured again
    else:
        pairs = _pairs(units)
    got = d.arranged = _Arrangement(d.version, units, _contact_lists(units, pairs))
    got.sigs, got.pairs = sigs, pairs
    return got


def _can_touch(a: Unit, b: Unit) -> bool:
    return not (a.side == b.side or a.team and a.team == b.team or abs(a.x - b.x) + abs(a.y - b.y) > _reach(a, b))


def _pairs(everyone: tuple[Unit, ...]) -> set[tuple[str, str]]:
    """Enemy units in base contact, as (earlier, later) id pairs in table order."""
    units = [u for u in everyone if u.in_play]
    out = set()
    for i, a in enumerate(units):
        ra = a.rect
        for b in units[i + 1:]:
            if _can_touch(a, b) and touching(ra, b.rect):
                out.add((a.id, b.id))
    return out


def _pairs_again(units: tuple[Unit, ...], sigs: tuple[Any, ...], old: tuple[Any, ...],
                 pairs: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """:func:`_pairs` from the last answer: pairs of unchanged units kept, each changed unit measured again
    against every unit in play (the same touching test, the same argument order)."""
    changed = {s[0] for s, o in zip(sigs, old, strict=True) if s != o}
    out = {p for p in pairs if p[0] not in changed and p[1] not in changed}
    live = [u for u in units if u.in_play]
    for i, a in enumerate(live):
        for b in live[i + 1:]:
            if (a.id in changed or b.id in changed) and _can_touch(a, b) and touching(a.rect, b.rect):
                out.add((a.id, b.id))
    return out


def _contact_lists(everyone: tuple[Unit, ...], pairs: set[tuple[str, str]]) -> dict[str, list[str]]:
    """Unit id -> enemy ids in contact, in table order (as the pairs were found, earlier units first)."""
    units = [u for u in everyone if u.in_play]
    out: dict[str, list[str]] = {u.id: [] for u in units}
    if pairs:
        near: dict[str, set[str]] = {}
        for a, b in pairs:
            near.setdefault(a, set()).add(b)
            near.setdefault(b, set()).add(a)
        for u in units:
            mine = near.get(u.id)
            if mine:
                out[u.id] = [v.id for v in units if v.id in mine]
    return out


def kept(state: HobState) -> dict[Any, Any]:
    """A scratch dict that lives as long as the arrangement of ``state``'s units (for derived caches that also
    check whatever else they read)."""
    return _arranged(state).kept


def contact_map(state: HobState) -> dict[str, list[str]]:
    """Unit id -> ids of the enemy units in base contact with it (worked out once per arrangement of units)."""
    return _arranged(state).contacts


def engaged(state: HobState, unit: Unit) -> list[Unit]:
    """Enemy units in base contact with ``unit`` (in table order)."""
    if not unit.in_play:
        return []
    got = _arranged(state)
    found = got.engaged.get(unit.id)
    if found is None:
        ids = got.contacts.get(unit.id, [])
        found = got.engaged[unit.id] = [state.units[i] for i in sorted(ids, key=list(state.units).index)] \
            if len(ids) > 1 else [state.units[i] for i in ids]
    return list(found)


def _reach(a: Unit, b: Unit) -> float:
    return (a.width + a.depth + b.width + b.depth) * 0.75 + 0.01


def is_engaged(state: HobState, unit: Unit) -> bool:
    return bool(engaged(state, unit))


def contact_side(unit: Unit, other: Unit | Rect) -> str:
    """Where ``other`` touches ``unit``: ``rear`` (rear edge), ``side`` (a side edge or rear corner) or ``front``.

    Touching both a side and the rear edge counts as the rear (ruling A12: the stricter cap).
    A contact at a front corner only is a front contact.
    """
    if isinstance(other, Unit):
        return _side_of(unit.x, unit.y, unit.facing, unit.width, unit.depth, other.x, other.y, other.facing,
                        other.width, other.depth)
    return _contact_side(unit.rect, getattr(other, "rect", other))


#: kept module-level (a bounded pure-math memo): two footprints' numbers -> "front", "side" or "rear"; no game
#: object, id or content
@lru_cache(maxsize=50_000)
def _side_of(x: float, y: float, f: float, w: float, d: float, ox: float, oy: float, of: float, ow: float,
             od: float) -> str:
    return _contact_side(_rect(x, y, w, d, f), _rect(ox, oy, ow, od, of))  # the units' own (shared) footprints


def _contact_side(rect: Rect, other: Rect) -> str:
    c = contact_edges(rect, other)
    if "rear" in c.edges:
        return REAR
    if c.edges & {"left", "right"} or c.corners & {"rear-left", "rear-right"}:
        return SIDE
    return FRONT


def dice_cap(unit: Unit, enemy: Unit | Rect, total: int, side_cap: int, rear_cap: int) -> int:
    """The most attack dice ``unit`` may give ``enemy`` (``side_cap`` on a side edge or rear corner,
    ``rear_cap`` on the rear edge)."""
    where = contact_side(unit, enemy)
    if where == REAR:
        return min(total, rear_cap)
    if where == SIDE:
        return min(total, side_cap)
    return total


def outmanoeuvring(state: HobState, unit: Unit) -> list[Unit]:
    """Enemies touching the unit's side edges, rear edge or rear corners."""
    if not unit.in_play or state.units.get(unit.id) is not unit:
        return [e for e in engaged(state, unit) if contact_side(unit, e) != FRONT]
    got = _arranged(state)
    found = got.outflanked.get(unit.id)
    if found is None:
        found = got.outflanked[unit.id] = [e for e in engaged(state, unit) if contact_side(unit, e) != FRONT]
    return list(found)


# ----------------------------------------------------------------------- sight, range, cover


#: the keywords that sight, cover and Large read
_SIGHT_KEYWORDS = frozenset({"Large", "Sightless Eyes"})


def _sight_memo(state: HobState, *units: Unit) -> dict[tuple[Any, ...], bool] | None:
    """Where sight, cover and Large answers about ``units`` are kept for this arrangement, or None when they are
    not this state's units (a derived cache: keyed on who is Large or has Sightless Eyes, the terrain, the
    Fortress roles)."""
    for u in units:
        if state.units.get(u.id) is not u:
            return None
    got = _arranged(state)
    ruled = bool(state.sight_rules)  # an expansion's sight rule (The Fortress: by the sides' roles)
    key = (state.layout_key, state.elevated_share, ruled,
           tuple(s.role for s in state.sides.values()) if ruled else (),
           tuple([(u.id, e.name) for u in got.units for e in u.keywords.entries if e.name in _SIGHT_KEYWORDS]))
    if got.seen_key != key:
        got.seen, got.seen_key = {}, key
    return got.seen


def is_large(state: HobState, unit: Unit) -> bool:
    """Large by keyword, or with more than half (Elevated's footprint_fraction) of its footprint on Elevated
    terrain."""
    memo = _sight_memo(state, unit)
    if memo is None:
        return _is_large(state, unit)
    found = memo.get(("large", unit.id))
    if found is None:
        found = memo["large", unit.id] = _is_large(state, unit)
    return found


def _is_large(state: HobState, unit: Unit) -> bool:
    if unit.has("Large"):
        return True
    table = table_of(state)
    share = state.elevated_share
    return any(area_fraction(unit.rect, t) > share for t in table.terrain_overlapping(unit.rect, ("elevated",)))


def _sight_blockers(state: HobState, a: Unit, b: Unit, large: bool) -> list[Unit]:
    out = []
    for u in state.in_play():
        if u.id == b.id:
            continue
        if large and u.id != a.id and not is_large(state, u):
            continue
        out.append(u)
    return out


def has_los(state: HobState, viewer: Unit, target: Unit, *, limit: float = 0.0) -> bool:
    """Line of sight from the centre of ``viewer``'s front edge to any point of ``target``.

    Units (the viewer too) and Blocking terrain block; Large lets units and terrain that are
    neither Large nor Elevated be ignored. Engaged units always see each other.
    """
    memo = _sight_memo(state, viewer, target)
    if memo is None:
        return _has_los(state, viewer, target, limit)
    key = ("los", viewer.id, target.id, limit)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _has_los(state, viewer, target, limit)
    return found


def _has_los(state: HobState, viewer: Unit, target: Unit, limit: float) -> bool:
    if viewer.id == target.id:
        return True
    if viewer.keywords.has("Sightless Eyes"):  # the spell: it sees every unit until the end of the round
        return True
    if touching(viewer.rect, target.rect):
        return True
    if limit and front_distance(viewer.rect, target.rect) > limit:
        return False
    table = table_of(state)
    large = is_large(state, viewer) or is_large(state, target)
    ignore = []
    if large:
        ignore = [t for t in table.terrain if not (t.has("large") or t.has("elevated"))]
    for rule in state.sight_rules:  # an expansion's (The Fortress: the Defender's units see over the wall)
        ignore = ignore + rule(state, viewer, table)
    units = _sight_blockers(state, viewer, target, large)
    origin = viewer.rect.front_centre
    key = None if state.sight_rules else _sight_key(state, viewer, target, large, origin, units)
    # sight answers by everything they read (a derived cache of the state that outlives arrangements)
    memo = derived(state).sight
    if key is not None:
        found = memo.get(key)
        if found is not None:
            return found
    seen = sight_line(table, origin, target.rect, [u.rect for u in units], ignore=ignore, spacing=0.5) is not None
    if key is not None:
        if len(memo) > 20_000:
            memo.clear()
        memo[key] = seen
    return seen


_SIGHT_MARGIN = 0.01


def _sight_key(state: HobState, viewer: Unit, target: Unit, large: bool, origin: Any, units: list[Unit]
               ) -> tuple[Any, ...]:
    """What :func:`_has_los` reads past its early answers: the terrain (layout; Large picks the terrain ignored),
    the viewer's and the target's footprints, and the footprints of the blocking units whose round hull meets the
    box around the origin and the target's round hull (the only ones that can cut a line from the origin to a
    point of the target), in table order (``units``: the blocking units, from :func:`_sight_blockers`)."""
    r = math.hypot(target.width, target.depth) / 2 + _SIGHT_MARGIN
    x0, x1 = min(target.x - r, origin.x - _SIGHT_MARGIN), max(target.x + r, origin.x + _SIGHT_MARGIN)
    y0, y1 = min(target.y - r, origin.y - _SIGHT_MARGIN), max(target.y + r, origin.y + _SIGHT_MARGIN)
    near = []
    for u in units:
        ru = math.hypot(u.width, u.depth) / 2
        if u.x + ru >= x0 and u.x - ru <= x1 and u.y + ru >= y0 and u.y - ru <= y1:
            near.append((u.x, u.y, u.facing, u.width, u.depth))
    layout = state.layout_key or layout_key(state.width, state.depth, state.pieces)
    return (layout, large, viewer.x, viewer.y, viewer.facing, viewer.width, viewer.depth,
            target.x, target.y, target.facing, target.width, target.depth, tuple(near))


def range_to(viewer: Unit, target: Unit) -> float:
    """Targeted range: from the centre of the front edge to the closest point of the target."""
    return front_distance(viewer.rect, target.rect)


def gap(a: Unit, b: Unit) -> float:
    """"Within x": the closest two points (memoised on both footprints)."""
    return _gap(a.x, a.y, a.facing, a.width, a.depth, b.x, b.y, b.facing, b.width, b.depth)


#: kept module-level (a bounded pure-math memo): two footprints' numbers -> their distance; no game object, id or
#: content
@lru_cache(maxsize=100_000)
def _gap(x: float, y: float, f: float, w: float, d: float, ox: float, oy: float, of: float, ow: float,
         od: float) -> float:
    return distance(_rect(x, y, w, d, f), _rect(ox, oy, ow, od, of))  # the units' own (shared) footprints


def in_cover(state: HobState, shooter: Unit, target: Unit) -> bool:
    """Cover: the line from the shooter's front-edge centre to the centre of the target's closest edge
    crosses Obscuring or Blocking terrain (terrain the shooter touches is ignored; Large ignores
    terrain that is neither Large nor Elevated). Units never give cover."""
    memo = _sight_memo(state, shooter, target)
    if memo is None:
        return _in_cover(state, shooter, target)
    key = ("cover", shooter.id, target.id)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _in_cover(state, shooter, target)
    return found


def _in_cover(state: HobState, shooter: Unit, target: Unit) -> bool:
    table = table_of(state)
    origin = shooter.rect.front_centre
    edge = closest_edge(target.rect, origin)
    aim = target.rect.edge_centre(edge)
    ignore = list(table.terrain_within(shooter.rect, 0.0))
    if is_large(state, shooter) or is_large(state, target):
        ignore += [t for t in table.terrain if not (t.has("large") or t.has("elevated"))]
    return bool(segment_crosses(table, origin, aim, ("obscuring", "blocking"), ignore))
