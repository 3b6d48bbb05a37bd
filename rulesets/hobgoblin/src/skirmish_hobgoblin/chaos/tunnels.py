"""The Tunnels battlefield: the table in two sections (an impassable strip along the centreline: ruling CW-10),
each player's pair of linked entrances (one in each half), entering after a manoeuvre within 4" of an
entrance, and coming out next Movement Phase within 4" of either end (6 MP fewer, 1 Doom).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from skirmish import Decision, Option, Param
from skirmish.geometry import Rect, Vec, distance, overlaps
from skirmish_hobgoblin.chaos.catalogue import Entry
from skirmish_hobgoblin.state import READY, RESERVE, Piece, layout_key, table_of

if TYPE_CHECKING:
    from skirmish import Game

STASH = "hobgoblin-chaos"
NAME = "Tunnels"


def _entry(game: Game) -> Entry:
    from skirmish_hobgoblin.chaos.rules import active

    return next(e for e in active(game) if e.effect == "tunnels")


def _data(game: Game) -> dict[str, Any]:
    return game.stash.setdefault(STASH, {}).setdefault("tunnels", {"ends": {}, "inside": {}})


def split(game: Game, e: Entry) -> None:
    """Game start: the barrier between the two sections."""
    state = game.state
    half = float(e.params.get("barrier", 1)) / 2
    c = state.centreline
    state.pieces.append(Piece("Tunnels: the divide", "deep-crevasse",
                              ((0, c - half), (state.width, c - half), (state.width, c + half), (0, c + half)),
                              ("impassable",)))
    state.layout_key = layout_key(state.width, state.depth, state.pieces)
    state.notes["tunnels"] = 1
    game.emit("chaos", "the table is split in two sections joined only by the tunnels", rule=NAME)


def place_entrances(game: Game) -> None:
    """Before deployment: each player places their pair (tunnel A for the First Player, B for the other)."""
    if not game.state.notes.get("tunnels") or _data(game)["ends"]:
        return
    for letter, p in reversed(list(zip("AB", game.state.pair(), strict=True))):  # (team play: the Warlords)
        for south in (False, True):
            game.call(_ask_end, p, letter, south)


def _ask_end(game: Game, player: str, letter: str, south: bool) -> None:
    state = game.state
    e = _entry(game)
    size = float(e.params.get("size", 3))
    lo, hi = (size, state.centreline - size) if south else (state.centreline + size, state.depth - size)

    def err(x: float, y: float) -> str:
        if not (size / 2 <= x <= state.width - size / 2 and lo <= y <= hi):
            return f"this entrance goes in the {'south' if south else 'north'} half (y {lo:g} to {hi:g})"
        if table_of(state).terrain_overlapping(Rect((x, y), size, size, 90.0), ("impassable",)):
            return "an entrance may not stand on impassable terrain"
        return ""

    mid = (lo + hi) / 2
    xs = [state.width / 4, state.width * 3 / 4, state.width / 2, 8.0, state.width - 8.0]
    if letter == "B":
        xs = xs[1:2] + xs[:1] + xs[2:]
    examples = [{"x": x, "y": mid} for x in xs if not err(x, mid)]
    game.ask(Decision(player, "marker", f"{player}: place the {'south' if south else 'north'} entrance of tunnel "
                                        f"{letter}",
                      params=[Param("x", "float", 0.0, state.width, step=0.01), Param("y", "float", lo, hi, step=0.01)],
                      validator=lambda g, a: err(float(a["x"]), float(a["y"])) or None, examples=examples[:3],
                      rule=NAME, context={"phase": "Set-up", "action": "marker", "kind": "tunnel-entrance"}),
             _end_placed, letter, size)


def _end_placed(game: Game, answer: dict[str, Any], letter: str, size: float) -> None:
    state = game.state
    x, y = float(answer["x"]), float(answer["y"])
    ends = _data(game)["ends"].setdefault(letter, [])
    ends.append([x, y])
    h = size / 2
    state.pieces.append(Piece(f"Tunnel {letter} entrance {len(ends)}", "tunnel-entrance",
                              ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)), ()))
    state.layout_key = layout_key(state.width, state.depth, state.pieces)
    game.emit("chaos", f"tunnel {letter}: an entrance at ({x:g}, {y:g})", rule=NAME)


def _near_ends(game: Game, rect: Rect, reach: float) -> list[str]:
    return [letter for letter, ends in _data(game)["ends"].items()
            if any(distance(Vec(x, y), rect) <= reach + 1e-9 for x, y in ends)]


def after_manoeuvre(game: Game, uid: str) -> None:
    """A unit that ended a manoeuvre within 4" of an entrance may go in (it leaves play at once)."""
    state = game.state
    unit = state.units[uid]
    if not state.notes.get("tunnels") or not unit.in_play or unit.has("Immobile"):
        return
    reach = float(_entry(game).params.get("reach", 4))
    letters = _near_ends(game, unit.rect, reach)
    if not letters:
        return
    foes_here = any((e.y < state.centreline) == (unit.y < state.centreline) for e in state.enemies(unit))
    go = [Option(f"enter {t}", f"{unit.name} goes into tunnel {t}",
                 data={"action": "tunnel", "actor": uid}) for t in letters]
    stay = [Option("stay", "stay out", data={"action": "stay", "actor": uid})]
    game.ask(Decision(unit.side, "tunnel", f"{unit.name} is within {reach:g}\" of a tunnel entrance: go in?",
                      options=stay + go if foes_here else go + stay, rule=NAME,
                      context={"phase": "Movement", "actor": uid, "action": "tunnel"}), _entered, uid)


def _entered(game: Game, answer: str, uid: str) -> None:
    if answer == "stay":
        return
    unit = game.state.units[uid]
    unit.status = RESERVE
    _data(game)["inside"][uid] = [answer.split()[1], game.round]
    game.emit("chaos", f"{unit.name} goes into tunnel {answer.split()[1]}", rule=NAME, unit=uid)


def movement_start(game: Game) -> None:
    """Units that went in during an earlier Movement Phase come out now (6 MP fewer this phase, 1 Doom)."""
    if not game.state.notes.get("tunnels"):
        return
    for uid, (letter, went) in reversed(list(_data(game)["inside"].items())):
        if went < game.round:
            game.call(_ask_out, uid, letter)


def _spots(game: Game, uid: str, letter: str) -> list[tuple[float, float]]:
    from skirmish_hobgoblin.deployment import facing_of

    state = game.state
    unit = state.units[uid]
    reach = float(_entry(game).params.get("reach", 4))
    f = facing_of(game, unit.side)
    out: list[tuple[float, float]] = []
    for ex, ey in _data(game)["ends"].get(letter, []):
        for r in (reach, reach + unit.depth / 2, reach + max(unit.width, unit.depth) / 2):
            for k in range(16):
                x, y = round(ex + r * math.cos(k * math.pi / 8), 2), round(ey + r * math.sin(k * math.pi / 8), 2)
                if not _error(game, uid, letter, x, y, f):  # checked as answered (0.01" steps)
                    out.append((x, y))
    return out[:6]


def _error(game: Game, uid: str, letter: str, x: float, y: float, facing: float) -> str:
    state = game.state
    unit = state.units[uid]
    rect = Rect((x, y), unit.width, unit.depth, facing)
    reach = float(_entry(game).params.get("reach", 4))
    x0, y0, x1, y1 = rect.bounds
    if x0 < 0 or y0 < 0 or x1 > state.width or y1 > state.depth:
        return f"{unit.name} must be on the table"
    if letter not in _near_ends(game, rect, reach):
        return f"{unit.name} must come out at least partly within {reach:g}\" of an entrance of tunnel {letter}"
    hit = next((u for u in state.in_play() if u.id != uid and overlaps(rect, u.rect)), None)
    if hit is not None:
        return f"{unit.name} would overlap {hit.name}"
    if table_of(state).terrain_overlapping(rect, ("impassable",)):
        return f"{unit.name} may not come out on impassable terrain"
    return ""


def _ask_out(game: Game, uid: str, letter: str) -> None:
    from skirmish_hobgoblin.deployment import facing_of

    unit = game.state.units[uid]
    found = _spots(game, uid, letter)
    if not found:
        game.emit("chaos", f"{unit.name} finds no room to come out of tunnel {letter}", rule=NAME, unit=uid)
        return
    f = facing_of(game, unit.side)
    game.ask(Decision(unit.side, "position", f"{unit.name} comes out of tunnel {letter}: its centre as x,y",
                      params=[Param("x", "float", 0.0, game.state.width, step=0.01),
                              Param("y", "float", 0.0, game.state.depth, step=0.01)],
                      validator=lambda g, a: _error(g, uid, letter, float(a["x"]), float(a["y"]), f) or None,
                      examples=[{"x": x, "y": y} for x, y in found], rule=NAME,
                      context={"phase": "Movement", "actor": uid, "action": "position",
                               "spots": [list(s) for s in found]}),
             _out, uid)


def _out(game: Game, answer: dict[str, Any], uid: str) -> None:
    from skirmish_hobgoblin import stats
    from skirmish_hobgoblin.deployment import facing_of, place

    state = game.state
    unit = state.units[uid]
    e = _entry(game)
    place(game, unit, float(answer["x"]), float(answer["y"]), facing_of(game, unit.side), NAME)
    unit.status = READY
    del _data(game)["inside"][uid]
    state.notes[f"mp-loss:{uid}"] = int(e.params.get("mp", 6))
    stats.add_doom(game, unit, int(e.params.get("doom", 1)), NAME, "out of the tunnel")
