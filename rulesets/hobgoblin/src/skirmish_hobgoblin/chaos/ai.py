"""Where the AI puts the Chaos of War Battlefield pieces it is asked to place (rulings CW-28, CW-30), instead of the
first suggested spot: a spot that helps its own army, read off the piece's terrain keywords and which side shoots
more (points of Ranged units).

- Obscuring (cover) and Elevated: in my half at the front of my zone, in the middle, where my units stand (a
  shooter touching the piece ignores it and is in cover from the enemy's fire lines that cross it).
- Perilous: where my own units would have to cross it least: in front of my zone when I shoot more (enemies
  charging my shooters come through it), else well into the enemy's half (in the way of the enemy's advance, not
  of mine).
- Grim (more panic Doom within 8"): in front of the enemy's zone.
- Blocking and Impassable: across the middle when the enemy shoots more (it cuts their fire lanes), else out to the
  side edges (my fire lanes stay open).

Each spot's worth is a sum of these pulls; the legal spot (the rules' validator) worth most is taken. A piece with
a fixed line (Watch Tower, The Columns) is placed along it the same way; The Marble Forest keeps the first
suggestion.
"""

from __future__ import annotations

from typing import Any

from skirmish_hobgoblin.ai.objectives import EXPANSION_GOALS
from skirmish_hobgoblin.ai.spots import shooting

#: how far in front of a zone's edge (towards the centreline) a piece for that side goes
ZONE_GAP = 8.0


def _entry(decision: Any) -> Any:
    from skirmish_hobgoblin.chaos.catalogue import tables

    eid = str(decision.context.get("kind", ""))
    return tables()["battlefield"].get(eid)


def spot_value(view: Any, player: str, keywords: list[str], x: float, y: float) -> float:
    """What a piece with ``keywords`` centred at ``x, y`` is worth to ``player`` (in inches of a good spot: the
    higher the better)."""
    width, depth = (float(v) for v in view.state.get("table", [72.0, 48.0]))
    south = view.state["sides"][player]["half"] == "south"
    mine = (depth / 2 - y) if south else (y - depth / 2)  # inches into my half (negative: the enemy's)
    middle = abs(x - width / 2)
    me, them = shooting(view, player)
    kw = set(keywords)
    value = 0.0
    if "obscuring" in kw or "elevated" in kw:
        value -= abs(mine - ZONE_GAP) + 0.5 * middle  # at the front of my zone, in the middle
    if "perilous" in kw:
        want = ZONE_GAP if me >= them else -ZONE_GAP - 4.0
        value -= 1.5 * abs(mine - want) + 0.5 * middle
    if "grim" in kw:
        value -= abs(mine + ZONE_GAP) + 0.5 * middle
    if "blocking" in kw or "impassable" in kw:
        if them > me:
            value -= abs(mine) + 0.5 * middle  # across the middle, between the armies
        else:
            value -= max(0.0, width / 2 - 8.0 - middle)  # out of the middle lanes
    return value


def terrain_spot(view: Any, player: str, decision: Any) -> dict[str, Any] | None:
    """The answer to a Battlefield piece placing decision, or None (not such a decision: the first suggestion)."""
    if not EXPANSION_GOALS.get() or decision.kind != "marker":
        return None
    e = _entry(decision)
    if e is None or e.effect == "place_forest" or not e.params.get("keywords"):
        return None
    keywords = [str(k) for k in e.params["keywords"]]
    params = {p.name: p for p in decision.params}
    if "centre" in params:
        b = params["centre"].bounds
        x0, y0, x1, y1 = (float(v) for v in b)

        def answer(x: float, y: float) -> dict[str, Any]:
            return {"centre": {"x": round(x, 2), "y": round(y, 2)}}
    elif "x" in params and "y" in params:
        x0, x1 = float(params["x"].low), float(params["x"].high)
        y0, y1 = float(params["y"].low), float(params["y"].high)

        def answer(x: float, y: float) -> dict[str, Any]:
            return {"x": round(x, 2), "y": round(y, 2)}
    else:
        return None
    xs = [x0 + (x1 - x0) * i / 24 for i in range(25)] if x1 > x0 else [x0]
    ys = [y0 + (y1 - y0) * i / 16 for i in range(17)] if y1 > y0 else [y0]
    ranked = sorted(((spot_value(view, player, keywords, x, y), x, y) for x in xs for y in ys), reverse=True)
    for _v, x, y in ranked[:200]:
        a = answer(x, y)
        if not view.check(a):
            return a
    return None
