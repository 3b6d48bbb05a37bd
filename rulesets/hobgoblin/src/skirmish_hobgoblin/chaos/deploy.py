"""Chaos of War Deployment entries: where each unit may deploy (and arrive as Reinforcements).

Active only when the battle has a Deployment entry; :mod:`skirmish_hobgoblin.deployment` then asks these
functions instead of its own half-table zones. A unit's zone is checked as a whole ("" = allowed):
the y band of its half (12" back for Forced March, Rushing Arrival, Early Sighting), a third of it
(Surprise Engagement), circles (Tunnel Entrances, Last Stand, Huddled Together, Pets) and exclusions
(Scouts 16" from enemies, No Man's Land markers, Tunnel Fighting side edges).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from skirmish import Decision, Param
from skirmish.geometry import Rect, Vec, distance, overlaps
from skirmish_hobgoblin.chaos.catalogue import RULE, Entry
from skirmish_hobgoblin.state import READY, RESERVE, UNDEPLOYED, Unit, table_of

if TYPE_CHECKING:
    from skirmish import Game

STASH = "hobgoblin-chaos"


def entries(game: Game) -> list[Entry]:
    from skirmish_hobgoblin.chaos.rules import active

    return [e for e in active(game) if e.table == "deployment"]


def _ids(game: Game) -> set[str]:
    return {e.id for e in entries(game)}


def active(game: Game) -> bool:
    """True when a Deployment entry decides where units deploy."""
    return bool(game.stash.get(STASH, {}).get("entries")) and bool(entries(game))


def _data(game: Game) -> dict[str, Any]:
    return game.stash.setdefault(STASH, {})


def _param(game: Game, eid: str, key: str, default: float) -> float:
    for e in entries(game):
        if e.id == eid:
            return float(e.params.get(key, default))
    return default


# ----------------------------------------------------------------------------- zones


def _half_band(game: Game, unit: Unit, back: float) -> tuple[float, float]:
    from skirmish_hobgoblin.deployment import SOUTH

    state = game.state
    gap = game.ruleset.rules.table.deploy_gap + back
    if "scouts" in _ids(game):
        gap = 0.0
    if state.sides[unit.side].half == SOUTH:
        return 0.0, state.centreline - gap
    return state.centreline + gap, state.depth


def _forced_back(game: Game, unit: Unit) -> bool:
    """Forced March: this unit must stand 12" back when the player still owes that many back-line units."""
    state = game.state
    mine = [u for u in state.units.values() if u.side == unit.side and u.status in (READY, UNDEPLOYED)]
    need = math.ceil(len(mine) / 2)
    done = sum(1 for u in mine if u.status == READY and u.id in _data(game).get("back", []))
    left = sum(1 for u in mine if u.status == UNDEPLOYED)
    return need - done >= left


def back_of(game: Game, unit: Unit) -> float:
    """Inches beyond the usual 8" this unit must keep from the centreline."""
    ids = _ids(game)
    gap = game.ruleset.rules.table.deploy_gap
    back = 0.0
    if "rushing-arrival" in ids and unit.speed <= _param(game, "rushing-arrival", "speed", 8):
        back = max(back, _param(game, "rushing-arrival", "back", 12) - gap)
    if "early-sighting" in ids and not unit.has("Skirmishers"):
        back = max(back, _param(game, "early-sighting", "back", 12) - gap)
    if "forced-march" in ids and unit.status == UNDEPLOYED and _forced_back(game, unit):
        back = max(back, _param(game, "forced-march", "back", 12) - gap)
    return back


def _fully_in_circle(rect: Rect, x: float, y: float, r: float) -> bool:
    return all(math.hypot(c.x - x, c.y - y) <= r + 1e-9 for c in rect.corners)


def _near_point(rect: Rect, x: float, y: float) -> float:
    return distance(Vec(x, y), rect)


def _markers(game: Game, kind: str, owner: str | None = None) -> list[dict[str, Any]]:
    return [m for m in _data(game).get("markers", []) if m["kind"] == kind and (owner is None or m["owner"] == owner)]


def zone_error(game: Game, unit: Unit, rect: Rect, arriving: bool = False) -> str:
    """Why ``unit`` may not deploy (or arrive) at ``rect`` under the Deployment entries ("" when it may)."""
    state = game.state
    ids = _ids(game)
    x0, y0, x1, y1 = rect.bounds
    if x0 < -1e-9 or x1 > state.width + 1e-9 or y0 < -1e-9 or y1 > state.depth + 1e-9:
        return f"{unit.name} must be on the table"
    region = _region_error(game, unit, rect, ids, arriving)
    if region:
        return region
    if "tunnel-fighting" in ids and abs(state.width - state.depth) < 1e-9:
        edge = _param(game, "tunnel-fighting", "edge", 8)
        if x0 < edge - 1e-9 or x1 > state.width - edge + 1e-9:
            return f"Tunnel Fighting: no unit deploys within {edge:g}\" of the side table edges"
    if "scouts" in ids and not arriving:
        away = _param(game, "scouts", "away", 16)
        near = next((e for e in state.enemies(unit) if distance(rect, e.rect) < away - 1e-9), None)
        if near is not None:
            return f"Scouts: {unit.name} must be at least {away:g}\" from {near.name}"
    if "no-mans-land" in ids:
        away = _param(game, "no-mans-land", "away", 8)
        for m in _markers(game, "no-mans-land"):
            if _near_point(rect, m["x"], m["y"]) <= away + 1e-9:
                return f"No Man's Land: {unit.name} may not deploy within {away:g}\" of marker {m['id']}"
    if "huddled-together" in ids and "Infantry" in unit.type_name and not arriving:
        reach = _param(game, "huddled-together", "reach", 12)
        mine = _markers(game, "huddled-together", unit.side)
        if mine and all(_near_point(rect, m["x"], m["y"]) > reach + 1e-9 for m in mine):
            return f"Huddled Together: {unit.name} must be at least partly within {reach:g}\" of its marker"
    if "pets" in ids and unit.type in PETS and not arriving:
        general = next((u for u in state.of(unit.side) if u.has("General")), None)
        reach = _param(game, "pets", "reach", 12)
        if general is not None and distance(rect, general.rect) > reach + 1e-9:
            return f"Pets: {unit.name} must be at least partly within {reach:g}\" of {general.name}"
    return base_error(game, unit, rect)


def base_error(game: Game, unit: Unit, rect: Rect) -> str:
    """On the table, on no other unit, on no impassable terrain (nor a chasm or a fortress gate)."""
    state = game.state
    x0, y0, x1, y1 = rect.bounds
    if x0 < -1e-9 or x1 > state.width + 1e-9 or y0 < -1e-9 or y1 > state.depth + 1e-9:
        return f"{unit.name} must be on the table"
    for other in state.in_play():
        if other.id != unit.id and overlaps(rect, other.rect):
            return f"{unit.name} would overlap {other.name}"
    bad = table_of(state).terrain_overlapping(rect, ("impassable", "chasm", "fortress-gate"))
    if bad:
        return f"{unit.name} may not be placed on impassable terrain ({bad[0].name})"
    return ""


PETS = ("monster", "beasts")


def _region_error(game: Game, unit: Unit, rect: Rect, ids: set[str], arriving: bool) -> str:
    """The area itself: Last Stand, Tunnel Entrances, Surprise Engagement's third, Vanguard's side strips,
    else the half's band."""
    state = game.state
    x0, y0, x1, y1 = rect.bounds
    if "last-stand" in ids:
        cx, cy = state.width / 2, state.depth / 2
        if state.sides[unit.side].role == "Defender":
            r = _param(game, "last-stand", "defender", 10)
            return "" if _fully_in_circle(rect, cx, cy, r) else \
                f"Last Stand: the Defender deploys fully within {r:g}\" of the centre of the table"
        r = _param(game, "last-stand", "attacker", 16)
        return "" if _near_point(rect, cx, cy) >= r - 1e-9 else \
            f"Last Stand: the Attacker deploys at least {r:g}\" from the centre of the table"
    if "tunnel-entrances" in ids:
        r = _param(game, "tunnel-entrances", "reach", 8)
        mine = _markers(game, "tunnel-entrance", unit.side)
        return "" if any(_fully_in_circle(rect, m["x"], m["y"], r) for m in mine) else \
            f"Tunnel Entrances: {unit.name} deploys fully within {r:g}\" of an entrance {unit.side} controls"
    if "vanguard-skirmish" in ids and arriving:
        strip = _param(game, "vanguard-skirmish", "strip", 4)
        if x0 >= -1e-9 and x1 <= strip + 1e-9 or x0 >= state.width - strip - 1e-9 and x1 <= state.width + 1e-9:
            return ""
    lo, hi = _half_band(game, unit, back_of(game, unit))
    if y0 < lo - 1e-9 or y1 > hi + 1e-9:
        return f"{unit.name} must be fully within its deployment zone (y {lo:g} to {hi:g})"
    if "surprise-engagement" in ids and not arriving:
        third = _data(game).get("third", {}).get(unit.id)
        if third:
            w = state.width / 3
            a, b = (third - 1) * w, third * w
            if x0 < a - 1e-9 or x1 > b + 1e-9:
                return f"Surprise Engagement: {unit.name} deploys in section {third} (x {a:g} to {b:g})"
    return ""


def facing_at(game: Game, unit: Unit, x: float, y: float) -> float:
    """The facing a unit deploys with: towards the enemy half, into the table from an edge entrance or a side
    strip, and away from the centre for Last Stand's Defender (ruling CW-11)."""
    from skirmish_hobgoblin.deployment import facing_of

    state = game.state
    ids = _ids(game)
    if "last-stand" in ids or "tunnel-entrances" in ids:
        dx, dy = state.width / 2 - x, state.depth / 2 - y
        if "last-stand" in ids and state.sides[unit.side].role == "Defender":
            dx, dy = -dx, -dy
        if abs(dx) / state.width > abs(dy) / state.depth:
            return 0.0 if dx > 0 else 180.0
        return 90.0 if dy > 0 else 270.0
    if "vanguard-skirmish" in ids and unit.status == RESERVE:
        strip = _param(game, "vanguard-skirmish", "strip", 4)
        if x <= strip:
            return 0.0
        if x >= state.width - strip:
            return 180.0
    return facing_of(game, unit.side)


def _provider(name: str) -> tuple[Any, Any]:
    """The zone check and facing of the Chaos of War entries or of a narrative scenario."""
    if name == "narrative":
        from skirmish_hobgoblin.narrative import zones

        return zones.zone_error, zones.facing_at
    return zone_error, facing_at


def spots(game: Game, unit: Unit, arriving: bool = False, most: int = 8, provider: str = "chaos"
          ) -> list[tuple[float, float, float]]:
    """Legal places (x, y, facing), nearest the centre of the table first, spread apart."""
    error, facing = _provider(provider)
    state = game.state
    step = 1.0 if "vanguard-skirmish" in _ids(game) and arriving else 2.0
    pts = [(x * step, y * step) for x in range(1, int(state.width / step)) for y in range(1, int(state.depth / step))]
    cx, cy = state.width / 2, state.depth / 2
    pts.sort(key=lambda p: (math.hypot(p[0] - cx, p[1] - cy), p))
    out: list[tuple[float, float, float]] = []
    gap = max(unit.width, unit.depth) + 2.0
    for x, y in pts:
        if any(math.hypot(x - a, y - b) < gap for a, b, _ in out):
            continue
        f = facing(game, unit, x, y)
        if not error(game, unit, Rect((x, y), unit.width, unit.depth, f), arriving):
            out.append((x, y, f))
            if len(out) >= most:
                break
    return out


def ask(game: Game, unit: Unit, provider: str = "chaos") -> None:
    """Place ``unit`` (deployment, Cunning Ruse or a Reinforcements arrival) in its Chaos of War zone; a unit
    with no room gains Reinforcements and is set aside."""
    arriving = unit.status == RESERVE
    if "surprise-engagement" in _ids(game) and not arriving and unit.id not in _data(game).get("third", {}):
        third = game.rng.roll(3, rule="Surprise Engagement", why=f"{unit.name}'s section (D3)")
        _data(game).setdefault("third", {})[unit.id] = third
        game.emit("deploy", f"{unit.name} must deploy in section {third} of its half", rule="Surprise Engagement",
                  unit=unit.id)
    error, facing = _provider(provider)
    found = spots(game, unit, arriving, provider=provider)
    state = game.state
    rule = game.ruleset.scenarios[state.scenario].name if provider == "narrative" else RULE
    if not found:
        unit.status = RESERVE
        if not unit.has("Reinforcements"):
            unit.keywords.add("Reinforcements", log=game.log, rule=rule)
        game.emit("deploy", f"{unit.name} finds no room in its deployment zone and is set aside (Reinforcements)",
                  rule=rule, unit=unit.id)
        return

    def validate(g: Game, answer: dict[str, Any]) -> str | None:
        u = g.state.units[unit.id]
        x, y = float(answer["x"]), float(answer["y"])
        return error(g, u, Rect((x, y), u.width, u.depth, facing(g, u, x, y)), arriving) or None

    hw, hd = unit.width / 2, unit.depth / 2
    lo = min(hw, hd)
    game.ask(Decision(unit.side, "position", _prompt(game, unit, found, arriving, provider),
                      params=[Param("x", "float", round(lo, 2), round(state.width - lo, 2), step=0.01),
                              Param("y", "float", round(lo, 2), round(state.depth - lo, 2), step=0.01)],
                      validator=validate, examples=[{"x": x, "y": y} for x, y, _ in found], rule=rule,
                      context={"phase": game.phase or "Set-up", "actor": unit.id, "action": "position",
                               "spots": [[x, y] for x, y, _ in found]}),
             _placed, unit.id, arriving, provider)


def _prompt(game: Game, unit: Unit, found: list[tuple[float, float, float]], arriving: bool, provider: str) -> str:
    """The placement question: the unit, where it may go in words, and a few legal centres to start from."""
    from skirmish_hobgoblin.narrative import zones

    state = game.state
    if provider == "narrative":
        where = f"{game.ruleset.scenarios[state.scenario].name}: {zones.zone_text(game, unit)}"
    else:
        ids = _ids(game)
        where = f"{RULE} ({', '.join(e.name for e in entries(game))})"
        if "last-stand" in ids:
            defender = state.sides[unit.side].role == "Defender"
            r = _param(game, "last-stand", "defender" if defender else "attacker", 10 if defender else 16)
            where += f": all of it within {r:g}\" of the table's centre" if defender else \
                f": at least {r:g}\" from the table's centre"
        elif "tunnel-entrances" in ids:
            where += f": all of it within {_param(game, 'tunnel-entrances', 'reach', 8):g}\" of an entrance you hold"
        elif not arriving:
            band = _half_band(game, unit, back_of(game, unit))
            where += f": your zone is y {band[0]:g} to {band[1]:g}"
    what = "arrives" if arriving else "deploys"
    some = ", ".join(f"{x:g},{y:g}" for x, y, _ in found[:4])
    return (f"{unit.name} ({unit.type_name}, {unit.width:.1f}\" x {unit.depth:.1f}\") {what}: type its centre as x,y. "
            f"{where}. Free spots include {some}")


def _placed(game: Game, answer: dict[str, Any], uid: str, arriving: bool, provider: str = "chaos") -> None:
    from skirmish_hobgoblin import deployment

    unit = game.state.units[uid]
    x, y = float(answer["x"]), float(answer["y"])
    rule = game.ruleset.scenarios[game.state.scenario].name if provider == "narrative" else RULE
    deployment.place(game, unit, x, y, _provider(provider)[1](game, unit, x, y), rule)
    if "forced-march" in _ids(game) and not arriving:
        lo, hi = _half_band(game, unit, _param(game, "forced-march", "back", 12)
                            - game.ruleset.rules.table.deploy_gap)
        _, y0, _, y1 = unit.rect.bounds
        if lo - 1e-9 <= y0 and y1 <= hi + 1e-9:
            _data(game).setdefault("back", []).append(uid)


def waiting(game: Game, player: str, units: list[Unit]) -> list[Unit]:
    """The units ``player`` may deploy next: Vanguard Skirmish sets the rest aside after two, Pets wait for
    the General's unit."""
    ids = _ids(game)
    state = game.state
    if "vanguard-skirmish" in ids:
        placed = sum(1 for u in state.units.values() if u.side == player and u.status == READY)
        if placed >= int(_param(game, "vanguard-skirmish", "units", 2)):
            for u in units:
                u.status = RESERVE
                u.keywords.add("Reinforcements", log=game.log, rule="Vanguard Skirmish")
            game.emit("deploy", f"{player} sets aside {len(units)} units (Vanguard Skirmish: Reinforcements)",
                      rule="Vanguard Skirmish", player=player)
            return []
    if "pets" in ids and any(u.has("General") for u in units):
        rest = [u for u in units if u.type not in PETS]
        return rest or units
    return units


# ----------------------------------------------------------------------------- before deployment


def before(game: Game) -> None:
    """After the scenario's set-up and before units deploy: markers, roles, rolls and picks the entries need
    (and the Tunnels entrances and Places of Power, which need the First Player)."""
    from skirmish_hobgoblin.chaos import battlefield_pieces, rules, tunnels

    game.call(rules.place_powers)
    game.call(tunnels.place_entrances)
    game.call(battlefield_pieces.before)
    if not active(game):
        return
    ids = _ids(game)
    state = game.state
    if "last-stand" in ids:
        if not any(s.role for s in state.sides.values()):
            a, b = state.pair()  # (team play: the Warlords; the Defender's whole team gains the Courage)
            attacker = str(game.setup.get("attacker", "") or "")  # the book: choose (the set-up) or roll
            if not attacker:
                roll = game.rng.roll(6, rule="Last Stand", why=f"Attacker: 1-3 {a}, 4-6 {b}")
                attacker = a if roll <= 3 else b
            for p, side in state.sides.items():  # (team play: the whole team holds the role, ruling T-15)
                side.role = "Attacker" if state.allied(p, attacker) else "Defender"
            game.emit("setup", f"{attacker} is the Attacker (Last Stand)", rule="Last Stand", player=attacker)
        defender = next(p for p, s in state.sides.items() if s.role == "Defender")
        bonus = int(_param(game, "last-stand", "courage", 2))
        for u in state.units.values():
            if state.allied(u.side, defender):
                u.courage_bonus += bonus
        game.emit("setup", f"{defender}'s units gain +{bonus} Courage (Last Stand)", rule="Last Stand")
    if "tunnel-entrances" in ids:
        _tunnel_entrances(game)
    if "surprise" in ids:
        from skirmish_hobgoblin.chaos.rules import _pick_ask

        for p in reversed(state.order()):
            game.call(_pick_ask, "deployment", "surprise", p, int(_param(game, "surprise", "count", 3)))
    for eid, own in (("no-mans-land", False), ("huddled-together", True)):
        if eid in ids:
            for p in reversed(state.order()):
                game.call(ask_marker, p, eid, own)


def _tunnel_entrances(game: Game) -> None:
    """Six numbered entrances spaced evenly round the edge; the First Player rolls three different numbers."""
    state = game.state
    w, d = state.width, state.depth
    per = 2 * (w + d)
    step = per / 6
    pts = []
    for i in range(6):
        s = ((w - step) / 2 + i * step) % per
        if s <= w:
            pts.append((s, 0.0))
        elif s <= w + d:
            pts.append((w, s - w))
        elif s <= 2 * w + d:
            pts.append((w - (s - w - d), d))
        else:
            pts.append((0.0, d - (s - 2 * w - d)))
    first = state.first
    got: list[int] = []
    while len(got) < 3:
        r = game.rng.roll(6, rule="Tunnel Entrances", why=f"{first}'s entrances (duplicates rolled again)")
        if r not in got:
            got.append(r)
    marks = _data(game).setdefault("markers", [])
    for i, (x, y) in enumerate(pts, 1):
        owner = first if i in got else state.second
        marks.append({"id": f"entrance {i}", "kind": "tunnel-entrance", "owner": owner, "x": round(x, 3),
                      "y": round(y, 3)})
    game.emit("setup", f"{first} controls Tunnel Entrances {', '.join(map(str, sorted(got)))}; {state.second} the "
                       "others", rule="Tunnel Entrances")


def ask_marker(game: Game, player: str, eid: str, own: bool) -> None:
    """Huddled Together (own half) / No Man's Land (the opponent's half): a marker more than 8" from the table
    edges and the centreline."""
    from skirmish_hobgoblin.deployment import SOUTH

    state = game.state
    edge = _param(game, eid, "edge", 8)
    half_of = player if own else state.enemy_of(player)
    south = state.sides[half_of].half == SOUTH
    lo, hi = (edge, state.centreline - edge) if south else (state.centreline + edge, state.depth - edge)
    name = "Huddled Together" if own else "No Man's Land"

    def err(x: float, y: float) -> str:
        if not (edge < x < state.width - edge and lo < y < hi):
            return f"the marker goes more than {edge:g}\" from the table edges and the centreline (y {lo:g}-{hi:g})"
        return ""

    mid = (lo + hi) / 2
    examples = [{"x": state.width / 2 + dx, "y": mid} for dx in (0.0, -12.0, 12.0) if not err(state.width / 2 + dx,
                                                                                                mid)]

    def validate(g: Game, answer: dict[str, Any]) -> str | None:
        return err(float(answer["x"]), float(answer["y"])) or None

    game.ask(Decision(player, "marker", f"{player}: place the {name} marker in "
                                        f"{'your' if own else 'the opposing'} half",
                      params=[Param("x", "float", edge, state.width - edge, step=0.01),
                              Param("y", "float", lo, hi, step=0.01)],
                      validator=validate, examples=examples, rule=name,
                      context={"phase": "Set-up", "action": "marker", "kind": eid}),
             _marker_placed, player, eid)


def _marker_placed(game: Game, answer: dict[str, Any], player: str, eid: str) -> None:
    marks = _data(game).setdefault("markers", [])
    n = sum(1 for m in marks if m["kind"] == eid) + 1
    marks.append({"id": f"{eid} {n}", "kind": eid, "owner": player, "x": float(answer["x"]), "y": float(answer["y"])})
    game.emit("setup", f"{player} places a marker at ({float(answer['x']):g}, {float(answer['y']):g})",
              rule="Huddled Together" if eid == "huddled-together" else "No Man's Land", player=player)

