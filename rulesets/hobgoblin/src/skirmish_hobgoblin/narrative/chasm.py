"""The Chasm: the table played lengthwise, a 3" chasm along the centreline with two bridges, the Attacker's
three objective markers on the Defender's side, and the Attacker winning by reaching two of them."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from skirmish.geometry import Rect, distance, overlaps
from skirmish_hobgoblin.narrative.common import advantage, data, role_of, roles, units_of, win
from skirmish_hobgoblin.state import layout_key
from skirmish_hobgoblin.terrain import box_piece, quarter_turn

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.scenarios import Scenario

NAME = "The Chasm"


def prepare(game: Game, sc: Scenario) -> None:
    """Lengthwise table, the chasm and bridges, roles, the Attacker's +5 Courage, then the markers."""
    from skirmish_hobgoblin.scenarios import _ask_marker_step

    state = game.state
    p = sc.params
    if state.width > state.depth:
        quarter_turn(state)
        game.emit("setup", f"the table is played lengthwise: {state.width:g}\" wide, {state.depth:g}\" from edge to "
                           "edge", rule=NAME)
    c, half = state.centreline, float(p["chasm"]) / 2
    bridge = float(p["bridge_mm"]) / 25.4
    mids = [state.width / 4, state.width * 3 / 4]  # a quarter in from each side edge: far more than 12" apart
    cuts = [0.0] + [x for m in mids for x in (m - bridge / 2, m + bridge / 2)] + [state.width]
    for i in range(0, len(cuts), 2):
        state.pieces.append(box_piece("The Chasm", "deep-crevasse", cuts[i], c - half, cuts[i + 1], c + half,
                                      ("chasm",)))
    for i, m in enumerate(mids, 1):
        state.pieces.append(box_piece(f"Bridge {i}", "bridge", m - bridge / 2, c - half, m + bridge / 2, c + half, ()))
    state.layout_key = layout_key(state.width, state.depth, state.pieces)
    d = data(game)
    d["chasm"] = [c - half, c + half]
    d["bridges"] = [[m - bridge / 2, m + bridge / 2] for m in mids]
    state.notes["chasm"] = 1
    state.notes["narrative-zones"] = 1
    game.emit("setup", f"a {2 * half:g}\" chasm crosses the table with bridges {bridge:.1f}\" wide at x "
                       f"{mids[0]:g} and {mids[1]:g}", rule=NAME)
    attacker, defender = roles(game, NAME)
    advantage(game, attacker, int(p["attacker_courage"]), NAME)
    # whole inches: the suggested spots then sit on the answer's 0.01" grid (no rounding onto the 8" limit)
    lo, hi = (0.0, math.floor(c - half - float(p["from_chasm"]))) if state.sides[defender].half == "south" else \
        (math.ceil(c + half + float(p["from_chasm"])), state.depth)
    for _ in range(int(p["markers"])):
        game.call(_ask_marker_step, attacker, "the Defender's side, 16\" or more from the chasm", [lo, hi],
                  float(p["apart"]), attacker, "objective")


def zone(game: Game, player: str) -> tuple[float, float]:
    """The Defender: their whole side of the chasm; the Attacker: from 12" back from the chasm."""
    state = game.state
    y0, y1 = data(game)["chasm"]
    sc = game.ruleset.scenarios[state.scenario]
    back = float(sc.params["attacker_back"]) if state.sides[player].role == "Attacker" else 0.0
    return (0.0, y0 - back) if state.sides[player].half == "south" else (y1 + back, state.depth)


def overhang_ok(game: Game, bounds: tuple[float, float, float, float]) -> bool:
    """More than half of the unit's width (its extent across the table) is on one bridge."""
    x0, _, x1, _ = bounds
    width = max(x1 - x0, 1e-9)
    return any(min(x1, b1) - max(x0, b0) > width / 2 for b0, b1 in data(game)["bridges"])


def crossing(game: Game, unit: Any, kind: str, swept: Any, end: Rect, cost: int, mp: float) -> tuple[str, int]:
    """Movement over the chasm: only across a bridge (overhanging with most of the width on it); a Fly over it
    costs double (half speed: ruling N-2)."""
    from skirmish_hobgoblin.state import table_of

    chasm = [t for t in table_of(game.state).terrain if t.has("chasm")]
    ends_over = any(overlaps(end, t.shape) for t in chasm)
    if ends_over and not overhang_ok(game, end.bounds):
        return f"{unit.name} may not end over the chasm (only on a bridge, most of its width on it)", cost
    if kind == "fly":
        if swept is not None and any(swept.overlaps(t.shape) for t in chasm):
            if 2 * cost > mp + 1e-9:
                return f"flying over the chasm is at half speed: {2 * cost} MP, {unit.name} has {mp:g}", 2 * cost
            return "", 2 * cost
        return "", cost
    if swept is not None and any(swept.overlaps(t.shape) for t in chasm) and not overhang_ok(game, swept.bounds):
        return f"{unit.name} would cross the chasm off the bridges", cost
    return "", cost


def sneaky_error(game: Game, unit: Any, rect: Rect) -> str:
    """The Attacker's Sneaky units arrive within 4" of the chasm."""
    state = game.state
    if state.sides[unit.side].role != "Attacker":
        return ""
    sc = game.ruleset.scenarios[state.scenario]
    near = float(sc.params["sneaky_near"])
    y0, y1 = data(game)["chasm"]
    strip = Rect((state.width / 2, (y0 + y1) / 2), state.width, y1 - y0, 90.0)
    return "" if distance(rect, strip) <= near + 1e-9 else \
        f"the Attacker's Sneaky units arrive within {near:g}\" of the chasm"


def score(game: Game, sc: Scenario) -> None:
    """End of a round: Attacker units within 2" of two or more objective markers win the game."""
    state = game.state
    attacker = role_of(game, "Attacker")
    near = float(sc.params["near"])
    held = [m for m in state.markers if not m.removed and m.kind == "objective"
            and any(distance(u.rect, m.circle) <= near + 1e-9 for u in units_of(game, attacker))]
    if len(held) >= int(sc.params["needed"]):
        win(game, attacker, f"{attacker} reaches {len(held)} objective markers", NAME)


def final(game: Game, sc: Scenario) -> None:
    if game.result is None:
        defender = role_of(game, "Defender")
        win(game, defender, f"{defender} held the far side of the chasm", NAME)
