"""The Fortress: a wall 8" back from the centreline on the Defender's side, five Weak Point Markers along it
that the Attacker batters as War Wagons (Courage 7), the Defender's passage by the weak points, and the
Attacker winning with three Weak Points Broken."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish import KeywordSet
from skirmish.geometry import distance, overlaps, touching
from skirmish_hobgoblin.narrative.common import advantage, data, role_of, roles, units_of, win
from skirmish_hobgoblin.state import Marker, Unit, layout_key
from skirmish_hobgoblin.terrain import box_piece

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.scenarios import Scenario

NAME = "The Fortress"
WALL = ("impassable", "elevated", "blocking")


def prepare(game: Game, sc: Scenario) -> None:
    state = game.state
    p = sc.params
    attacker, defender = roles(game, NAME)
    advantage(game, defender, int(p["defender_courage"]), NAME)
    south = state.sides[defender].half == "south"
    y = state.centreline - float(p["wall_back"]) if south else state.centreline + float(p["wall_back"])
    t = float(p["wall"]) / 2
    n, edge, gate = int(p["weak_points"]), float(p["edge"]), float(p["passage"])
    xs = [edge + i * (state.width - 2 * edge) / (n - 1) for i in range(n)] if n > 1 else [state.width / 2]
    x = 0.0
    for i, wx in enumerate(xs, 1):
        a, b = max(0.0, wx - gate), min(state.width, wx + gate)
        if a > x:
            state.pieces.append(box_piece("Fortress wall", "city-wall", x, y - t, a, y + t, WALL))
        state.pieces.append(box_piece(f"Fortress wall at Weak Point {i}", "city-wall", a, y - t, b, y + t,
                                      ("elevated", "blocking", "fortress-gate")))
        state.markers.append(Marker(f"weakpoint{i}", "weak point", wx, y, radius=float(p["marker_radius"]),
                                    owner=defender))
        x = b
    if x < state.width:
        state.pieces.append(box_piece("Fortress wall", "city-wall", x, y - t, state.width, y + t, WALL))
    state.layout_key = layout_key(state.width, state.depth, state.pieces)
    d = data(game)
    d["wall"] = [y - t, y + t]
    d["doom"] = {f"weakpoint{i}": 0 for i in range(1, n + 1)}
    state.notes["fortress"] = 1
    state.notes["narrative-zones"] = 1
    game.emit("setup", f"the fortress wall runs along y {y:g} with {n} Weak Points at x "
                       f"{', '.join(f'{v:g}' for v in xs)}", rule=NAME)
    _ = attacker


def zone(game: Game, player: str) -> tuple[float, float]:
    """The Defender: everywhere on their side of the wall; the Attacker: from 12" back from the wall."""
    state = game.state
    y0, y1 = data(game)["wall"]
    defender = role_of(game, "Defender")
    back = float(game.ruleset.scenarios[state.scenario].params["attacker_back"])
    defender_south = state.sides[defender].half == "south"
    if state.allied(player, defender):  # (team play: the Defender's whole team)
        return (0.0, y0) if defender_south else (y1, state.depth)
    return (y1 + back, state.depth) if defender_south else (0.0, y0 - back)


def broken(game: Game, marker_id: str) -> bool:
    sc = game.ruleset.scenarios[game.state.scenario]
    return data(game)["doom"].get(marker_id, 0) >= int(sc.params["courage"])


def passage(game: Game, unit: Any, swept: Any, end: Any) -> str:
    """The wall by a Weak Point: the Defender passes it freely, the Attacker once that Weak Point is Broken."""
    from skirmish_hobgoblin.state import table_of

    state = game.state
    if state.sides[unit.side].role == "Defender":
        return ""
    for t in table_of(state).terrain:
        if not t.has("fortress-gate"):
            continue
        hit = (swept is not None and swept.overlaps(t.shape)) or overlaps(end, t.shape)
        if hit and not broken(game, f"weakpoint{t.name.rsplit(' ', 1)[-1]}"):
            return f"{unit.name} may not pass the fortress wall ({t.name} stands: break it first)"
    return ""


def sight_ignores(game_state: Any, viewer: Unit, table: Any) -> list[Any]:
    """The Defender's units touching the wall see over it."""
    if game_state.sides[viewer.side].role != "Defender":
        return []
    wall = [t for t in table.terrain if t.name.startswith("Fortress wall")]
    return wall if any(touching(viewer.rect, t.shape) or overlaps(viewer.rect, t.shape) for t in wall) else []


def _stand_in(game: Game, m: Marker) -> Unit:
    """A Weak Point as the War Wagon it is attacked as (Courage 7), for the target number."""
    kind = game.ruleset.content.units["war-wagon"]
    return Unit(m.id, m.owner, m.id, kind.id, kind.name, 2 * m.radius, 2 * m.radius, 0, 0, 7, 0,
                KeywordSet(m.id), x=m.x, y=m.y)


def assault(game: Game) -> None:
    """End of the Combat Phase: each Attacker unit in base contact with a standing Weak Point and engaged with no
    Defender's unit attacks it with its combat dice (War Wagon target numbers); each hit is 1 Doom; 7 Doom
    breaks it (ruling N-5)."""
    from skirmish_hobgoblin import attacks, stats

    state = game.state
    if game.result is not None:
        return
    attacker = role_of(game, "Attacker")
    for u in units_of(game, attacker):
        if any(touching(u.rect, e.rect) for e in state.enemies(u)):
            continue
        for m in state.markers:
            if m.kind != "weak point" or broken(game, m.id) or distance(u.rect, m.circle) > 1e-6:
                continue
            wagon = _stand_in(game, m)
            need = attacks.target_number(game, u, wagon, attacks.COMBAT)
            dice = stats.combat_dice(u)
            rolls = game.rng.rolls_of(dice, 6, rule=NAME, why=f"{u.name} batters Weak Point {m.id[-1]} ({need}+)")
            hits = sum(1 for r in rolls if attacks.is_hit(game, r, need))
            doom = data(game)["doom"]
            doom[m.id] = doom.get(m.id, 0) + hits
            game.emit("hits", f"{u.name} scores {hits} hits on Weak Point {m.id[-1]}: {doom[m.id]} Doom", rule=NAME,
                      unit=u.id, marker=m.id)
            if broken(game, m.id):
                game.emit("broken", f"Weak Point {m.id[-1]} is Broken", rule=NAME, marker=m.id)
            break
    _check(game)


def _check(game: Game) -> None:
    sc = game.ruleset.scenarios[game.state.scenario]
    gone = [m for m in data(game)["doom"] if broken(game, m)]
    if len(gone) >= int(sc.params["needed"]):
        attacker = role_of(game, "Attacker")
        win(game, attacker, f"{len(gone)} Weak Points are Broken", NAME)


def score(game: Game, sc: Scenario) -> None:
    _check(game)


def final(game: Game, sc: Scenario) -> None:
    if game.result is None:
        defender = role_of(game, "Defender")
        win(game, defender, f"{defender}'s fortress holds", NAME)
