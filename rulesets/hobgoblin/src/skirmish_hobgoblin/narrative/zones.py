"""Deployment zones of the narrative scenarios (the Chaos of War deployment asks these instead of its own)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from skirmish.geometry import Rect, Vec, distance
from skirmish_hobgoblin.narrative.common import data

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.state import Unit


def active(game: Game) -> bool:
    return bool(game.state.notes.get("narrative-zones"))


def zone_error(game: Game, unit: Unit, rect: Rect, arriving: bool = False) -> str:
    """Why ``unit`` may not deploy (or arrive as Reinforcements) at ``rect`` ("" when it may)."""
    from skirmish_hobgoblin.chaos.deploy import base_error
    from skirmish_hobgoblin.narrative import chasm, fortress

    state = game.state
    sid = state.scenario
    x0, y0, x1, y1 = rect.bounds
    if sid in ("the-chasm", "the-fortress"):
        lo, hi = (chasm if sid == "the-chasm" else fortress).zone(game, unit.side)
        if y0 < lo - 1e-9 or y1 > hi + 1e-9:
            return f"{unit.name} must be fully within its deployment zone (y {lo:g} to {hi:g})"
    elif sid == "the-breach":
        bx, by = data(game)["breach"]
        p = game.ruleset.scenarios[sid].params
        if state.sides[unit.side].role == "Defender":
            r = float(p["defender_zone"])
            if any(math.hypot(c.x - bx, c.y - by) > r + 1e-9 for c in rect.corners):
                return f"the Defender deploys fully within {r:g}\" of the Breach Marker"
        elif distance(Vec(bx, by), rect) <= float(p["attacker_away"]) + 1e-9:
            return f"the Attacker deploys more than {float(p['attacker_away']):g}\" from the Breach Marker"
    return base_error(game, unit, rect)


def zone_text(game: Game, unit: Unit) -> str:
    """Where ``unit`` may deploy, in words for the placement prompt."""
    from skirmish_hobgoblin.narrative import chasm, fortress

    state = game.state
    sid = state.scenario
    if sid in ("the-chasm", "the-fortress"):
        lo, hi = (chasm if sid == "the-chasm" else fortress).zone(game, unit.side)
        return f"your zone is y {lo:g} to {hi:g}, all of the unit inside it"
    if sid == "the-breach":
        bx, by = data(game)["breach"]
        p = game.ruleset.scenarios[sid].params
        if state.sides[unit.side].role == "Defender":
            return f"all of it within {float(p['defender_zone']):g}\" of the Breach Marker at ({bx:g}, {by:g})"
        return f"all of it more than {float(p['attacker_away']):g}\" from the Breach Marker at ({bx:g}, {by:g})"
    return "anywhere on your side that the scenario allows"


def facing_at(game: Game, unit: Unit, x: float, y: float) -> float:
    """Units face the enemy's half (Breach: the Defender faces away from the wall, the Attacker towards it)."""
    from skirmish_hobgoblin.deployment import facing_of

    return facing_of(game, unit.side)


def ask(game: Game, unit: Unit) -> None:
    from skirmish_hobgoblin.chaos import deploy

    deploy.ask(game, unit, provider="narrative")


def waiting(game: Game, player: str, units: list[Any]) -> list[Any]:
    return units


def arrival_error(game: Game, unit: Unit, rect: Rect) -> str:
    """Sneaky arrivals: The Chasm's Attacker within 4" of the chasm; nobody on the chasm or a fortress gate."""
    from skirmish_hobgoblin.chaos.deploy import base_error
    from skirmish_hobgoblin.narrative import chasm

    if game.state.scenario == "the-chasm":
        why = chasm.sneaky_error(game, unit, rect)
        if why:
            return why
    return base_error(game, unit, rect)
