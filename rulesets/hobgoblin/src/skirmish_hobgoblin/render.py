"""What a player sees: plain-data views (hands hidden from the other player) and a text map of the table."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from skirmish_hobgoblin import geom, stats
from skirmish_hobgoblin.state import READY

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.state import Unit


def unit_data(game: Game, u: Unit) -> dict[str, Any]:
    return {"id": u.id, "side": u.side, "name": u.name, "type": u.type, "x": round(u.x, 3), "y": round(u.y, 3),
            "facing": round(u.facing, 2), "width": round(u.width, 3), "depth": round(u.depth, 3), "doom": u.doom,
            "courage": stats.courage(game, u) if u.in_play else u.courage, "status": u.status,
            "points": u.points, "keywords": str(u.keywords),
            "engaged": [e.id for e in geom.engaged(game.state, u)] if u.in_play else []}


def view_data(game: Game, player: str | None) -> dict[str, Any]:
    state = game.state
    if state is None:
        return {}
    return {
        "scenario": state.scenario, "first": state.first, "table": [state.width, state.depth],
        "units": [unit_data(game, u) for u in state.units.values()],
        "sides": {p: {"army": s.army, "mercury": s.mercury, "vp": s.vp, "half": s.half, "role": s.role,
                      "hand": s.hand.view(player)} for p, s in state.sides.items()},
        "deck": len(state.deck.draw_pile), "discards": list(state.deck.discard_pile),
        "terrain": [{"name": p.name, "keywords": list(p.keywords), "points": [list(q) for q in p.points]}
                    for p in state.pieces],
        "markers": [{"id": m.id, "kind": m.kind, "x": m.x, "y": m.y, "owner": m.owner, "removed": m.removed}
                    for m in state.markers],
        "activation": ({"unit": state.activation.unit, "mp": state.activation.mp} if state.activation else {}),
    }


def text_map(game: Game, cols: int = 72, rows: int = 24) -> list[str]:
    """A character map of the table: terrain ``#`` (impassable) ``%`` (other), units by id letter, markers ``o``."""
    state = game.state
    sx, sy = cols / state.width, rows / state.depth
    grid = [[" "] * cols for _ in range(rows)]
    from skirmish.geometry import Vec, contains
    from skirmish_hobgoblin.state import table_of

    table = table_of(state)
    for r in range(rows):
        for c in range(cols):
            pt = Vec((c + 0.5) / sx, state.depth - (r + 0.5) / sy)
            hit = table.terrain_at(pt)
            if hit:
                grid[r][c] = "#" if hit[0].has("impassable") else "%"
    for m in state.markers:
        if not m.removed:
            r, c = int((state.depth - m.y) * sy), int(m.x * sx)
            if 0 <= r < rows and 0 <= c < cols:
                grid[r][c] = "o"
    for u in state.in_play():
        rect = u.rect
        mark = u.id[0].upper() if u.side == state.first else u.id[0].lower()
        for r in range(rows):
            for c in range(cols):
                pt = Vec((c + 0.5) / sx, state.depth - (r + 0.5) / sy)
                if contains(rect, pt):
                    grid[r][c] = mark
        f = rect.front_centre
        r, c = int((state.depth - f.y) * sy), int(f.x * sx)
        label = u.id[1:]
        for k, ch in enumerate(label):
            rr, cc = min(rows - 1, max(0, int((state.depth - u.y) * sy))), int(u.x * sx) + k
            if 0 <= cc < cols:
                grid[rr][cc] = ch
        if 0 <= r < rows and 0 <= c < cols:
            grid[r][c] = _arrow(u.facing)
    return ["+" + "-" * cols + "+"] + ["|" + "".join(row) + "|" for row in grid] + ["+" + "-" * cols + "+"]


def _arrow(facing: float) -> str:
    return "^<v>"[int(((facing - 90) % 360 + 45) // 90) % 4]


def unit_line(game: Game, u: Unit) -> str:
    eng = geom.engaged(game.state, u) if u.in_play else []
    status = [k for k in ("Broken", "Distracted", "Outmanoeuvred") if u.has(k)]
    extra = f" engaged with {', '.join(e.id for e in eng)}" if eng else ""
    return (f"{u.id:>4} {u.name[:20]:<20} {u.type_name[:14]:<14} Doom {u.doom:>2}/{stats.break_point(game, u):<2} "
            f"({u.x:4.1f},{u.y:4.1f}) {u.facing:3.0f}d {' '.join(status)}{extra}")


def describe(game: Game, player: str | None) -> str:
    state = game.state
    lines = [f"Round {game.round} {game.phase} - scenario {game.ruleset.scenarios[state.scenario].name if state.scenario in game.ruleset.scenarios else state.scenario} - First Player {state.first or '?'}"]  # noqa: E501
    lines += text_map(game)
    for p, s in state.sides.items():
        hand = s.hand.view(player)
        shown = ", ".join(_card(game, c) for c in hand) if isinstance(hand, list) else f"{hand} cards"
        lines.append(f"{p}: {s.army} ({s.half}) Mercury {s.mercury} VP {s.vp} hand: {shown}")
        for u in state.units.values():
            if u.side == p and u.status == READY:
                lines.append(unit_line(game, u))
    return "\n".join(lines)


def _card(game: Game, cid: str) -> str:
    from skirmish_hobgoblin.fortune import card_name

    return card_name(game, cid)


def brief(game: Game, player: str) -> str:
    state = game.state
    out = [f"R{game.round} {game.phase} | first {state.first}"]
    for p, s in state.sides.items():
        units = state.of(p)
        out.append(f"{p}: {len(units)} units, {sum(u.points for u in units)} pts, Mercury {s.mercury}, VP {s.vp}")
    _ = math
    return "\n".join(out)
