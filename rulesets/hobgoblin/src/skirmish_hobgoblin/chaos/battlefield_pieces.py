"""Battlefield pieces the players place themselves, once the halves are chosen and before deployment.

Rulings CW-28 and CW-30: High Ground (each player, anywhere), Watch Tower (the roll-off winner, on the
centreline), Founts of Magma (each player, in their own half more than 8" from the table edges and the
centreline); Rubble and Ruins, Mushroom Groves and The City (the two players in turn, First Player first; a City
block keeps 8" clear on at least two sides, and so must every block already down), The Columns (the First Player
puts one on the centreline, the other player the second about 24" from it), The Marble Forest (the First Player
places the whole two-rows-of-three grid: its centre and the angle its rows run at). New pieces go wholly on the
table and clear of other terrain. A set-up's ``chaos.place`` gives the spots instead of asking.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from skirmish import Decision, Param, SetupError
from skirmish_hobgoblin.chaos.catalogue import PLACED, Entry, tables

if TYPE_CHECKING:
    from skirmish import Game

STASH = "hobgoblin-chaos"
#: effects whose pieces the two players put down in turn (First Player first)
TURNS = ("place_alternate", "place_columns", "place_city")
#: terrain kinds a centreline piece may stand on (the Tunnels divide is scenery splitting the table)
UNDER_CENTRELINE = ("deep-crevasse",)
Box = tuple[float, float, float, float]


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
        elif e.effect in ("place_each", "place_own_half"):
            n = int(e.params.get("per_player", 1))
            asks += [(_ask_piece, p, e.id, i * n + k) for i, p in enumerate(state.order()) for k in range(n)]
        elif e.effect in TURNS:
            pair = state.pair()  # (team play: the Warlords, ruling T-14)
            asks += [(_ask_spot, pair[i % 2], e.id, i) for i in range(count(game, e))]
        else:  # place_forest
            asks.append((_ask_spot, state.pair()[0], e.id, 0))
    for step in reversed(asks):
        game.call(*step)


def count(game: Game, e: Entry) -> int:
    """How many pieces an entry the players take turns at has: its ``count``, or as many as the set-up gives
    (The City: up to ``most``)."""
    n = int(e.params.get("count", 1))
    given = len(_given(game, e.id))
    return min(max(n, given), int(e.params.get("most", n)))


def _given(game: Game, eid: str) -> list[list[float]]:
    from skirmish_hobgoblin.chaos.catalogue import check_spec

    spec = game.setup.get("chaos", "")
    if not isinstance(spec, dict) or "place" not in spec:
        return []
    return check_spec(spec, game.ruleset).get("place", {}).get(eid, [])


def _from_setup(game: Game, eid: str, index: int) -> list[float] | None:
    spots = _given(game, eid)
    return spots[index] if index < len(spots) else None


# ----------------------------------------------------------------------------- High Ground, Watch Tower, Founts


def _roll_off(game: Game, eid: str) -> None:
    e = tables(game.ruleset)["battlefield"][eid]
    a, b = game.state.pair()  # (team play: the Warlords)
    while True:
        ra = game.rng.roll(6, rule=e.name, why=f"{a}'s roll-off")
        rb = game.rng.roll(6, rule=e.name, why=f"{b}'s roll-off")
        if ra != rb:
            break
    winner = a if ra > rb else b
    game.emit("chaos", f"{winner} wins the roll-off ({ra} to {rb}) and places the {e.name}", rule=e.name,
              player=winner)
    _ask_piece(game, winner, eid, 0)


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


def _ask_piece(game: Game, player: str, eid: str, index: int = 0) -> None:
    e = tables(game.ruleset)["battlefield"][eid]
    x0, y0, x1, y1 = _area(game, player, e)
    size = float(e.params.get("size", 6))

    def err(x: float, y: float) -> str:
        if not (x0 - 1e-9 <= x <= x1 + 1e-9 and y0 - 1e-9 <= y <= y1 + 1e-9):
            return f"the {e.name} piece's centre goes within x {x0:g}-{x1:g}, y {y0:g}-{y1:g}"
        return ""

    given = _from_setup(game, eid, index)
    if given is not None:
        why = err(*given)
        if why:
            raise SetupError(f"set-up chaos.place.{eid} spot {index + 1}: {why}")
        _placed(game, {"x": given[0], "y": given[1]}, eid, player)
        return
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    cands = [(cx + dx, cy + dy) for dx in (0.0, -12.0, 12.0, -24.0, 24.0) for dy in (0.0, -6.0, 6.0)]
    boxes = _boxes(game)
    examples = [{"x": x, "y": y} for x, y in cands if not err(x, y) and not _overlap(boxes, _square(x, y, size),
                                                                                       gap=size / 2)][:3] or \
        [{"x": cx, "y": cy}]
    params = [Param("x", "float", x0, x1, step=0.01), Param("y", "float", y0, y1, step=0.01)]
    game.ask(Decision(player, "marker", f"{player}: place the {e.name} piece ({size:g}\" across): its centre x,y",
                      params=params, validator=lambda g, a: err(float(a["x"]), float(a["y"])) or None,
                      examples=examples, rule=e.name,
                      context={"phase": "Set-up", "action": "marker", "kind": eid}),
             _placed, eid, player)


def _placed(game: Game, answer: dict[str, Any], eid: str, player: str) -> None:
    from skirmish_hobgoblin.chaos.rules import add_piece

    e = tables(game.ruleset)["battlefield"][eid]
    add_piece(game, e, float(answer["x"]), float(answer["y"]))


# ----------------------------------------------------------------------------- the pieces placed in turn


def _square(x: float, y: float, size: float) -> Box:
    h = size / 2
    return x - h, y - h, x + h, y + h


def _boxes(game: Game, skip: tuple[str, ...] = ()) -> list[tuple[str, Box]]:
    out = []
    for p in game.state.pieces:
        if p.kind in skip:
            continue
        xs, ys = [q[0] for q in p.points], [q[1] for q in p.points]
        out.append((p.name, (min(xs), min(ys), max(xs), max(ys))))
    return out


def _overlap(boxes: list[tuple[str, Box]], box: Box, gap: float = 0.0) -> str:
    """The name of a piece ``box`` overlaps (or comes within ``gap`` of), else ""."""
    x0, y0, x1, y1 = box
    for name, (a0, b0, a1, b1) in boxes:
        if x0 - gap < a1 and x1 + gap > a0 and y0 - gap < b1 and y1 + gap > b0:
            return name
    return ""


def centres(e: Entry, x: float, y: float, angle: float = 0.0) -> list[tuple[float, float]]:
    """Where the entry's pieces stand when placed at ``x, y`` (The Marble Forest: its 6 columns, rows at
    ``angle`` degrees counter-clockwise from east)."""
    if e.effect != "place_forest":
        return [(x, y)]
    apart = float(e.params.get("apart", 18))
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    out = []
    for row in (-0.5, 0.5):
        for col in (-1, 0, 1):
            u, v = col * apart, row * apart
            out.append((round(x + u * c - v * s, 6), round(y + u * s + v * c, 6)))
    return out


def _clear_sides(box: Box, others: list[Box], width: float, depth: float, gap: float) -> int:
    """How many of a block's four sides have ``gap`` inches of table clear of other terrain beyond them."""
    x0, y0, x1, y1 = box
    strips = [(x0, y1, x1, y1 + gap), (x0, y0 - gap, x1, y0), (x1, y0, x1 + gap, y1), (x0 - gap, y0, x0, y1)]
    n = 0
    for s in strips:
        on_table = s[0] >= -1e-9 and s[1] >= -1e-9 and s[2] <= width + 1e-9 and s[3] <= depth + 1e-9
        if on_table and not _overlap([("block", b) for b in others], s):
            n += 1
    return n


def refusal(game: Game, eid: str, x: float, y: float, angle: float = 0.0, *, index: int = 0,
            boxes: list[tuple[str, Box]] | None = None) -> str:
    """Why the entry's next piece may not go at ``x, y`` ("" when it may)."""
    e = tables(game.ruleset)["battlefield"][eid]
    state = game.state
    size = float(e.params.get("size", 6))
    skip = UNDER_CENTRELINE if e.effect == "place_columns" else ()
    boxes = _boxes(game, skip) if boxes is None else boxes
    if e.effect == "place_columns" and abs(y - state.centreline) > 1e-6:
        return f"a column goes on the centreline (y {state.centreline:g})"
    mine = [b for name, b in boxes if name == e.name]
    for cx, cy in centres(e, x, y, angle):
        box = _square(cx, cy, size)
        if box[0] < -1e-9 or box[1] < -1e-9 or box[2] > state.width + 1e-9 or box[3] > state.depth + 1e-9:
            what = "every column of the forest" if e.effect == "place_forest" else f"the {size:g}\" piece"
            return f"{what} must lie wholly on the table ({state.width:g}\" x {state.depth:g}\")"
        hit = _overlap(boxes, box)
        if hit:
            return f"the piece at ({cx:g}, {cy:g}) would overlap {hit}"
    if e.effect == "place_columns" and mine:
        apart, rough = float(e.params.get("apart", 24)), float(e.params.get("roughly", 2))
        first = (mine[0][0] + mine[0][2]) / 2
        if abs(abs(x - first) - apart) > rough + 1e-9:
            return (f"the second column goes about {apart:g}\" from the first (at x {first:g}): "
                    f"x {first - apart - rough:g}-{first - apart + rough:g} or {first + apart - rough:g}-"
                    f"{first + apart + rough:g}")
    if e.effect == "place_city":
        gap, need = float(e.params.get("gap", 8)), int(e.params.get("sides", 2))
        new = _square(x, y, size)
        every = [b for _, b in boxes] + [new]
        for block in [*mine, new]:
            if _clear_sides(block, [b for b in every if b is not block], state.width, state.depth, gap) < need:
                which = "this block" if block is new else f"the block at ({(block[0] + block[2]) / 2:g}, " \
                                                          f"{(block[1] + block[3]) / 2:g})"
                return f"{which} would have {gap:g}\" clear on fewer than {need} of its sides"
    return ""


def _ask_spot(game: Game, player: str, eid: str, index: int) -> None:
    e = tables(game.ruleset)["battlefield"][eid]
    given = _from_setup(game, eid, index)
    if given is not None:
        why = refusal(game, eid, *given, index=index)
        if why:
            raise SetupError(f"set-up chaos.place.{eid} spot {index + 1}: {why}")
        _spot_placed(game, _answer(e, given), eid, player, index)
        return
    examples = suggestions(game, player, eid, index)
    if not examples:
        game.emit("chaos", f"{e.name}: no room left for another piece", rule=e.name)
        return
    state = game.state
    size = float(e.params.get("size", 6))
    if e.effect == "place_forest":
        param = Param("centre", "pose", bounds=(0, 0, state.width, state.depth))
        what = (f"place {e.name} (2 rows of 3 columns {float(e.params.get('apart', 18)):g}\" apart, {size:g}\" "
                "across): the grid's centre x,y and the angle its rows run at (0: east-west, 90: north-south)")
    else:
        y0 = y1 = state.centreline if e.effect == "place_columns" else None
        param = Param("centre", "point", bounds=(0, y0 if y0 is not None else 0, state.width,
                                                   y1 if y1 is not None else state.depth))
        total = count(game, e)
        what = f"place {e.name} piece {index + 1} of {total} ({size:g}\" square): its centre x,y"
        if e.effect == "place_columns":
            what += " on the centreline" + (" about 24\" from the first" if index else "")
        elif e.effect == "place_city":
            what += f", leaving {float(e.params.get('gap', 8)):g}\" clear on two sides of every block"

    def validate(g: Game, answer: dict[str, Any]) -> str | None:
        c = answer["centre"]
        return refusal(g, eid, float(c["x"]), float(c["y"]), float(c.get("facing", 0.0)), index=index) or None

    game.ask(Decision(player, "marker", f"{player}: {what}", params=[param], validator=validate,
                      examples=examples, rule=e.name,
                      context={"phase": "Set-up", "action": "terrain", "kind": eid, "index": index}),
             _spot_placed, eid, player, index)


def _answer(e: Entry, spot: list[float]) -> dict[str, Any]:
    keys = ("x", "y", "facing") if e.effect == "place_forest" else ("x", "y")
    return {"centre": dict(zip(keys, spot, strict=True))}


def _spot_placed(game: Game, answer: dict[str, Any], eid: str, player: str, index: int) -> None:
    from skirmish_hobgoblin.chaos.rules import add_piece

    e = tables(game.ruleset)["battlefield"][eid]
    c = answer["centre"]
    for x, y in centres(e, float(c["x"]), float(c["y"]), float(c.get("facing", 0.0))):
        add_piece(game, e, x, y)
    game.emit("chaos", f"{player} places {e.name}" + (f" (piece {index + 1})" if e.effect in TURNS else ""),
              rule=e.name, player=player)


# ----------------------------------------------------------------------------- suggested places (agents)


def suggestions(game: Game, player: str, eid: str, index: int, most: int = 5) -> list[dict[str, Any]]:
    """Legal places for the next piece, the most sensible first: hindering pieces (Perilous, Grim) in front of the
    enemy's deployment zone, blocking ones (Impassable) round the middle; both kept apart from other terrain."""
    e = tables(game.ruleset)["battlefield"][eid]
    state = game.state
    size = float(e.params.get("size", 6))
    skip = UNDER_CENTRELINE if e.effect == "place_columns" else ()
    boxes = _boxes(game, skip)
    keywords = {str(k).lower() for k in e.params.get("keywords", ())}
    mid_x, cl = state.width / 2, state.centreline
    target_y = cl
    if keywords & {"perilous", "grim"} and player in state.sides:
        from skirmish_hobgoblin.deployment import SOUTH

        target_y = cl + 12 if state.sides[player].half == SOUTH else cl - 12
    spots: list[tuple[float, ...]]
    if e.effect == "place_columns":
        spots = [(float(x), cl) for x in range(math.ceil(size / 2), int(state.width - size / 2) + 1)]
    elif e.effect == "place_forest":
        spots = [(float(x), float(y), a) for a in (0.0, 90.0) for x in range(0, int(state.width) + 1, 2)
                 for y in range(0, int(state.depth) + 1, 2)]
    else:
        spots = [(float(x), float(y)) for x in range(3, int(state.width - 2), 3)
                 for y in range(3, int(state.depth - 2), 3)]

    def worth(s: tuple[float, ...]) -> float:
        x, y = s[0], s[1]
        near = min((max(b[0] - x, x - b[2], b[1] - y, y - b[3]) for _, b in boxes), default=24.0)
        want = abs(x - mid_x) / 2 + abs(y - target_y)
        if e.effect == "place_columns" and index:
            want = 0.0
        return want + 2 * max(0.0, 10.0 - near) + (s[2] / 90 if len(s) > 2 else 0.0)

    out: list[dict[str, Any]] = []
    for s in sorted(spots, key=worth):
        if refusal(game, eid, *s, index=index, boxes=boxes):
            continue
        if any(math.dist((s[0], s[1]), (o["centre"]["x"], o["centre"]["y"])) < 6 for o in out):
            continue
        out.append(_answer(e, list(s)))
        if len(out) >= most:
            break
    return out
