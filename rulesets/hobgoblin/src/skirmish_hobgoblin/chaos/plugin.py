"""The Chaos of War plugin: rolls or takes the set-up's entries at game start and plays them at phase starts."""

from __future__ import annotations

from typing import Any

from skirmish import CommandSpec, Lazy, hookimpl

skirmish_rulesets = ("hobgoblin",)


@hookimpl
def skirmish_game_start(game: Any) -> None:
    from skirmish_hobgoblin.chaos import rules

    rules.game_start(game)


@hookimpl
def skirmish_phase_start(game: Any, phase: str) -> None:
    from skirmish_hobgoblin.chaos import rules

    rules.phase_start(game, phase)


@hookimpl
def skirmish_phase_end(game: Any, phase: str) -> None:
    from skirmish_hobgoblin.chaos import rules

    rules.phase_end(game, phase)


@hookimpl
def hobgoblin_movement_start(game: Any) -> None:
    if game.stash.get("hobgoblin-chaos"):
        from skirmish_hobgoblin.chaos import tunnels

        tunnels.movement_start(game)


@hookimpl
def hobgoblin_unit_removed(game: Any, unit: Any) -> None:
    if game.stash.get("hobgoblin-chaos"):
        from skirmish_hobgoblin.chaos import rules

        rules.gore_marker(game, unit)


@hookimpl
def skirmish_register_commands() -> list[CommandSpec]:
    return [CommandSpec("hobgoblin-chaos", Lazy("skirmish_hobgoblin.chaos.cli:chaos_command"),
                        "roll a Hobgoblin Chaos of War battle and print it before the game")]
