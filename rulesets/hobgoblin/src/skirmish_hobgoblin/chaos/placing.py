"""Battlefield pieces the players place themselves before deployment (ruling CW-28): High Ground (each player,
anywhere), Watch Tower (the roll-off winner, on the centreline), Founts of Magma (each player, in their own
half more than 8" from the table edges and the centreline)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish import Param
from skirmish_hobgoblin.chaos.catalogue import Entry, tables
from skirmish_hobgoblin.decide import decision

if TYPE_CHECKING:
    from skirmish import Game

STASH = "hobgoblin-chaos"
PLACED = ("place_each", "place_centreline", "place_own_half")


def pending(game: Game) -> list[Entry]:
    from skirmish_hobgoblin.chaos.rules import active

    return [e for e in active(game) if e.effect in PLACED]


def before(game: Game) -> None:
    """Ask for every player-placed piece (First Player first), after the halves are chosen."""
    state = game.state
    data = game.stash.setdefault(STASH, {})
    if data.get("placed"):
        return
    data["placed"] = 1
    asks: list[tuple[Any, ...]] = []
    for e in pending(game):
        if e.effect == "place_centreline":
            asks.append((_roll_off, e.id))
        else:
            for p in state.order():
                for _ in range(int(e.params.get("per_player", 1))):
                    asks.append((_ask_piece, p, e.id))
    for step in reversed(asks):
        game.call(*step)


def _roll_off(game: Game, eid: str) -> None:
    e = tables()["battlefield"][eid]
    a, b = game.state.pair()  # (team play: the Warlords)
    while True:
        ra = game.rng.roll(6, rule=e.name, why=f"{a}'s roll-off")
        rb = game.rng.roll(6, rule=e.name, why=f"{b}'s roll-off")
        if ra != rb:
            break
    winner = a if ra > rb else b
    game.emit("chaos", f"{winner} wins the roll-off ({ra} to {rb}) and places the {e.name}", rule=e.name,
              player=winner)
    _ask_piece(game, winner, eid)


def _area(game: Game, player: str, e: Entry) -> tuple[float, float, float, float]:
    """The box the piece's centre may go in."""
    from skirmish_hobgoblin.deployment import SOUTH

    state = game.state
    h = float(e.params.get("size", 6)) / 2
    if e.effect == "place_centreline":
        return h, state.centreline, state.width - h, state.centreline
    if e.effect == "place_own_half":
        edge = float(e.params.get("edge", 8)) + h
        south = state.sides[player].half == SOUTH
        return (edge, edge, state.width - edge, state.centreline - edge) if south else \
            (edge, state.centreline + edge, state.width - edge, state.depth - edge)
    return h, h, state.width - h, state.depth - h


def _ask_piece(game: Game, player: str, eid: str) -> None:
    from skirmish_hobgoblin.chaos.rules import _clear

    e = tables()["battlefield"][eid]
    x0, y0, x1, y1 = _area(game, player, e)
    size = float(e.params.get("size", 6))

    def err(x: float, y: float) -> str:
        if not (x0 - 1e-9 <= x <= x1 + 1e-9 and y0 - 1e-9 <= y <= y1 + 1e-9):
            return f"the {e.name} piece's centre goes within x {x0:g}-{x1:g}, y {y0:g}-{y1:g}"
        return ""

    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    cands = [(cx + dx, cy + dy) for dx in (0.0, -12.0, 12.0, -24.0, 24.0) for dy in (0.0, -6.0, 6.0)]
    examples = [{"x": x, "y": y} for x, y in cands if not err(x, y) and _clear(game, x, y, size)][:3] or \
        [{"x": cx, "y": cy}]
    params = [Param("x", "float", x0, x1, step=0.01), Param("y", "float", y0, y1, step=0.01)]
    game.ask(decision(player, "marker", f"{player}: place the {e.name} piece ({size:g}\" across): its centre x,y",
                      params=params, validator=lambda g, a: err(float(a["x"]), float(a["y"])) or None,
                      examples=examples, rule=e.name,
                      context={"phase": "Set-up", "action": "marker", "kind": eid}),
             _placed, eid, player)


def _placed(game: Game, answer: dict[str, Any], eid: str, player: str) -> None:
    from skirmish_hobgoblin.chaos.rules import add_piece

    e = tables()["battlefield"][eid]
    add_piece(game, e, float(answer["x"]), float(answer["y"]))
