"""Unlikely Allies in play: whose units a Fortune Card may go on, and the moments that tick team objectives
(Combined Arms when an enemy becomes Broken, Brothers-in-Arms in the Doom Phase, Hands Around Their Throats
when a unit ends a move engaged)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from skirmish_hobgoblin import measuring, stats

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.state import HobState, Unit


def card_targets(state: HobState, player: str, target: str) -> list[Unit]:
    """Units ``player`` may play a card of ``target`` kind on: never their own; ``friendly`` cards go on their
    Allies' units, ``enemy`` cards on the other team's (ruling T-5)."""
    if target == "friendly":
        return [u for u in state.in_play() if u.side != player and state.allied(u.side, player)]
    if target == "enemy":
        return [u for u in state.in_play() if not state.allied(u.side, player)]
    return []


def active(game: Game, objective: str) -> bool:
    return bool(game.state.notes.get(f"objective:{objective}"))


def tick(game: Game, objective: str, team: str, why: str) -> None:
    from skirmish_hobgoblin.teams import data

    name = data()["objectives"][objective]["name"]
    key = f"tick:{objective}:{team}"
    game.state.notes[key] = game.state.notes.get(key, 0) + 1
    n = game.state.notes[key]
    game.emit("tick", f"team {team} gains a {name} tick ({why}): {n} in all", rule=name, team=team,
              objective=objective, ticks=n)


def on_broken(game: Game, unit: Unit) -> None:
    """Combined Arms: ``unit`` became Broken with units of two players of the other team in contact."""
    if not active(game, "combined-arms"):
        return
    state = game.state
    touching = {e.side for e in measuring.engaged(state, unit)}
    for team, players in state.teams.items():
        if team == unit.team:
            continue
        mine = [p for p in players if p in touching]
        if len(mine) >= 2:
            tick(game, "combined-arms", team, f"{unit.name} Broken by {' and '.join(mine)}")


def _break_point_without(game: Game, unit: Unit, keep: int, lose: int) -> int:
    c = stats.courage(game, unit) - lose + keep
    if unit.has("Fragile"):
        from skirmish_hobgoblin.tables import kp

        return math.ceil(c * kp(game.ruleset.content, "fragile", "courage_fraction"))
    return c


def doom_phase_saves(game: Game) -> None:
    """Brothers-in-Arms, just before Broken units are removed: a unit that is not Broken only because the best
    Command in range comes from an Ally's unit gives that team a tick (once per unit per Doom Phase; ruling T-7)."""
    if not active(game, "brothers-in-arms"):
        return
    from skirmish_hobgoblin.tables import kp

    state = game.state
    reach = state.notes.get("command-range", 0) or kp(game.ruleset.content, "command", "range")
    for unit in list(state.in_play()):
        if not unit.team or unit.has(stats.BROKEN) or unit.has("Unruly") or state.notes.get("no-command"):
            continue
        best = stats.command_bonus(state, unit, reach)
        own = max([0] + [f.value("Command") for f in [unit, *state.of(unit.side)]
                         if f is unit or measuring.gap(unit, f) <= reach])
        if best <= own:
            continue
        if unit.doom >= _break_point_without(game, unit, own, best):
            helper = next(f for f in state.friends(unit) if f.side != unit.side and f.value("Command") == best
                          and measuring.gap(unit, f) <= reach)
            tick(game, "brothers-in-arms", unit.team, f"{helper.name}'s Command keeps {unit.name} from Breaking")


def engaged_now(game: Game, unit: Unit, new: list[str]) -> None:
    """Hands Around Their Throats: ``unit`` ended a move newly engaged on the flank or rear of an enemy that an
    Ally's unit is engaged with; the first time for each unit, enemy and allied unit (ruling T-8)."""
    if not active(game, "hands-around-their-throats") or not unit.in_play:
        return
    state = game.state
    for eid in new:
        enemy = state.units[eid]
        if not enemy.in_play or measuring.contact_side(enemy, unit) == measuring.FRONT:
            continue
        for ally in measuring.engaged(state, enemy):
            if ally.id == unit.id or ally.side == unit.side or ally.team != unit.team:
                continue
            key = f"throats:{unit.id}:{enemy.id}:{ally.id}"
            if state.notes.get(key):
                continue
            state.notes[key] = 1
            tick(game, "hands-around-their-throats", unit.team,
                 f"{unit.name} in the {measuring.contact_side(enemy, unit)} of {enemy.name}, engaged with {ally.name}")
