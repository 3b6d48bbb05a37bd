"""Unit keywords that act at a moment (the always-on ones are read where they apply: stats, attacks, moves).

Each function is named after its moment and applies every keyword of the index that acts then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish import Decision, Option
from skirmish_hobgoblin import measuring, stats
from skirmish_hobgoblin.tables import kp

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.state import Unit


def d3(game: Game, rule: str, why: str) -> int:
    return (game.rng.roll(6, rule=rule, why=f"{why} (D3)") + 1) // 2


def on_broken(game: Game, unit: Unit) -> None:
    """A unit just became Broken: Bloodthirsty enemies in contact discard D3 Doom; Ravenous ones gain Devour."""
    for e in measuring.engaged(game.state, unit):
        if e.has("Bloodthirsty") and e.doom > 0:
            stats.discard_doom(game, e, d3(game, "Bloodthirsty", f"{e.name} is Bloodthirsty"), "Bloodthirsty")
        if e.has("Ravenous") and not e.has("Devour"):
            e.keywords.add("Devour", log=game.log, rule="Ravenous")


def movement_start(game: Game, unit: Unit) -> None:
    """Start of a movement activation: Cowardly (Distracted or D3 Doom); Devour (feasting when no enemy is near)."""
    if unit.has("Devour"):
        near = any(measuring.gap(unit, e) <= 8.0 for e in game.state.enemies(unit))
        unit.keywords.remove("Devour", log=game.log, rule="Ravenous")
        if not near:
            game.emit("note", f"{unit.name} is feasting (Devour) and may not move this activation", rule="Ravenous",
                      unit=unit.id)
            act = game.state.activation
            if act is not None:
                act.mp = 0
    if unit.has("Cowardly"):
        if unit.has(stats.DISTRACTED) or unit.has("Undistractable"):
            game.emit("note", f"{unit.name} is Cowardly and already Distracted", rule="Cowardly", unit=unit.id)
            return
        if not stats.may_be_distracted(game, unit):
            stats.add_doom(game, unit, d3(game, "Cowardly", f"{unit.name} is Cowardly"), "Cowardly")
            return
        game.ask(Decision(unit.side, "cowardly", f"{unit.name} is Cowardly: gain Distracted or D3 Doom?",
                          options=[Option("distracted", "gain Distracted",
                                          data={"action": "distracted", "actor": unit.id}),
                                   Option("doom", "gain D3 Doom", data={"action": "doom", "actor": unit.id})],
                          rule="Cowardly", context={"phase": game.phase, "actor": unit.id, "action": "cowardly"}),
                 _cowardly, unit.id)


def _cowardly(game: Game, answer: str, uid: str) -> None:
    unit = game.state.units[uid]
    if answer == "distracted":
        stats.distract(game, unit, "Cowardly")
    else:
        stats.add_doom(game, unit, d3(game, "Cowardly", f"{unit.name} is Cowardly"), "Cowardly")


def movement_end(game: Game) -> None:
    """End of the Movement Phase: Berserk units that are unengaged and did not advance 6" towards an enemy
    gain D3 Doom."""
    need = kp(game.ruleset.content, "berserk", "advance")
    for u in list(game.state.in_play()):
        if u.has("Berserk") and not measuring.engaged(game.state, u) and u.advanced_towards < need:
            stats.add_doom(game, u, d3(game, "Berserk", f"{u.name} is Berserk"), "Berserk")
