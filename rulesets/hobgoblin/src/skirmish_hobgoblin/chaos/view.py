"""What players see of Chaos of War: the battle's entries and the markers kept outside the table's marker list
(No Man's Land, Huddled Together, Tunnel Entrances, Places of Power, tunnels and who is in them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skirmish import Game

STASH = "hobgoblin-chaos"


def view(game: Game) -> dict[str, Any]:
    from skirmish_hobgoblin.chaos.rules import active

    data = game.stash.get(STASH, {})
    tunnels = data.get("tunnels", {})
    return {"entries": [{"table": e.table, "id": e.id, "name": e.name, "summary": e.summary} for e in active(game)],
            "markers": list(data.get("markers", [])),
            "places_of_power": [list(p) for p in data.get("powers", [])],
            "tunnels": {k: [list(p) for p in v] for k, v in tunnels.get("ends", {}).items()},
            "in_tunnels": {uid: v[0] for uid, v in tunnels.get("inside", {}).items()}}


def lines(game: Game) -> list[str]:
    """Lines for the text view of the table."""
    v = view(game)
    out = ["Chaos of War: " + ", ".join(e["name"] for e in v["entries"])]
    marks = [f"{m['id']} ({m['owner']}) at ({m['x']:g}, {m['y']:g})" for m in v["markers"]]
    marks += [f"Place of Power at ({x:g}, {y:g})" for x, y in v["places_of_power"]]
    marks += [f"tunnel {k} ends at " + " and ".join(f"({x:g}, {y:g})" for x, y in ends) for k, ends in
              v["tunnels"].items()]
    if marks:
        out.append("  markers: " + "; ".join(marks))
    if v["in_tunnels"]:
        units = game.state.units
        inside = [f"{units[u].name} (tunnel {t})" for u, t in v["in_tunnels"].items()]
        out.append("  in the tunnels: " + ", ".join(inside))
    return out
