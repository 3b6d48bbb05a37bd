"""Battle geometry on the core: engagement, contact edges and dice caps, line of sight, range and cover.

All of it is read from ``skirmish.geometry`` (closest distances, contact edges, sight lines);
this module only applies Hobgoblin's rules about which units and terrain count.
"""

from __future__ import annotations

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
from skirmish_hobgoblin.state import HobState, Unit, table_of

#: how an enemy touches a unit, seen from the touched unit
FRONT, SIDE, REAR = "front", "side", "rear"


_MEMO: dict[str, object] = {"key": None, "map": {}}


def contact_map(state: HobState) -> dict[str, list[str]]:
    """Unit id -> ids of the enemy units in base contact with it (worked out once per arrangement of units;
    a derived cache keyed by every unit's side, place and size)."""
    key = tuple((u.id, u.side, u.x, u.y, u.facing, u.width, u.depth) for u in state.units.values() if u.in_play)
    if _MEMO["key"] == key:
        return _MEMO["map"]  # type: ignore[return-value]
    units = [u for u in state.units.values() if u.in_play]
    out: dict[str, list[str]] = {u.id: [] for u in units}
    for i, a in enumerate(units):
        ra = a.rect
        for b in units[i + 1:]:
            if a.side == b.side or a.team and a.team == b.team or abs(a.x - b.x) + abs(a.y - b.y) > _reach(a, b):
                continue
            if touching(ra, b.rect):
                out[a.id].append(b.id)
                out[b.id].append(a.id)
    _MEMO["key"], _MEMO["map"] = key, out
    return out


def engaged(state: HobState, unit: Unit) -> list[Unit]:
    """Enemy units in base contact with ``unit`` (in table order)."""
    if not unit.in_play:
        return []
    ids = contact_map(state).get(unit.id, [])
    return [state.units[i] for i in sorted(ids, key=list(state.units).index)] if len(ids) > 1 else \
        [state.units[i] for i in ids]


def _reach(a: Unit, b: Unit) -> float:
    return (a.width + a.depth + b.width + b.depth) * 0.75 + 0.01


def is_engaged(state: HobState, unit: Unit) -> bool:
    return bool(engaged(state, unit))


def contact_side(unit: Unit, other: Unit | Rect) -> str:
    """Where ``other`` touches ``unit``: ``rear`` (rear edge), ``side`` (a side edge or rear corner) or ``front``.

    Touching both a side and the rear edge counts as the rear (ruling A12: the stricter cap).
    A contact at a front corner only is a front contact.
    """
    c = contact_edges(unit.rect, getattr(other, "rect", other))
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
    return [e for e in engaged(state, unit) if contact_side(unit, e) != FRONT]


# ----------------------------------------------------------------------- sight, range, cover


def is_large(state: HobState, unit: Unit) -> bool:
    """Large by keyword, or with more than half (Elevated's footprint_fraction) of its footprint on Elevated
    terrain."""
    if unit.has("Large"):
        return True
    table = table_of(state)
    share = state.elevated_share
    return any(area_fraction(unit.rect, t) > share for t in table.terrain_overlapping(unit.rect, ("elevated",)))


def _sight_blockers(state: HobState, a: Unit, b: Unit, large: bool) -> list[Rect]:
    out = []
    for u in state.in_play():
        if u.id == b.id:
            continue
        if large and u.id != a.id and not is_large(state, u):
            continue
        out.append(u.rect)
    return out


def has_los(state: HobState, viewer: Unit, target: Unit, *, limit: float = 0.0) -> bool:
    """Line of sight from the centre of ``viewer``'s front edge to any point of ``target``.

    Units (the viewer too) and Blocking terrain block; Large lets units and terrain that are
    neither Large nor Elevated be ignored. Engaged units always see each other.
    """
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
    if state.notes.get("fortress"):  # The Fortress: the Defender's units touching the wall see over it
        from skirmish_hobgoblin.narrative.fortress import sight_ignores

        ignore = ignore + sight_ignores(state, viewer, table)
    blockers = _sight_blockers(state, viewer, target, large)
    return sight_line(table, viewer.rect.front_centre, target.rect, blockers, ignore=ignore, spacing=0.5) is not None


def range_to(viewer: Unit, target: Unit) -> float:
    """Targeted range: from the centre of the front edge to the closest point of the target."""
    return front_distance(viewer.rect, target.rect)


def gap(a: Unit, b: Unit) -> float:
    """"Within x": the closest two points."""
    return distance(a.rect, b.rect)


def in_cover(state: HobState, shooter: Unit, target: Unit) -> bool:
    """Cover: the line from the shooter's front-edge centre to the centre of the target's closest edge
    crosses Obscuring or Blocking terrain (terrain the shooter touches is ignored; Large ignores
    terrain that is neither Large nor Elevated). Units never give cover."""
    table = table_of(state)
    origin = shooter.rect.front_centre
    edge = closest_edge(target.rect, origin)
    aim = target.rect.edge_centre(edge)
    ignore = list(table.terrain_within(shooter.rect, 0.0))
    if is_large(state, shooter) or is_large(state, target):
        ignore += [t for t in table.terrain if not (t.has("large") or t.has("elevated"))]
    return bool(segment_crosses(table, origin, aim, ("obscuring", "blocking"), ignore))
