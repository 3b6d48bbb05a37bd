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


@hookimpl
def hobgoblin_setup_options() -> list[Any]:
    from skirmish import SetupOption

    return [SetupOption("chaos", "Chaos of War: 'roll' (D3 Battlefield, 1 Deployment, 1 Twist) or entry names "
                                 "joined by commas (skirmish hobgoblin-chaos --list)", "str", metavar="ROLL|NAMES")]


@hookimpl
def hobgoblin_apply_options(ruleset: Any, setup: dict[str, Any], options: Any) -> None:
    if "chaos" in options:
        from skirmish_hobgoblin.chaos.cli import parse_option

        setup["chaos"] = parse_option(str(options["chaos"]), ruleset)


@hookimpl(tryfirst=True)
def hobgoblin_check_setup(ruleset: Any, setup: dict[str, Any]) -> None:
    if setup.get("chaos"):  # "roll" or the entries to play
        from skirmish_hobgoblin.chaos import check_spec

        check_spec(setup["chaos"], ruleset)


@hookimpl
def hobgoblin_deployment_rules(game: Any) -> Any:
    if not game.stash.get("hobgoblin-chaos"):
        return None
    from skirmish_hobgoblin.chaos import deploy

    return deploy if deploy.active(game) else None


@hookimpl
def hobgoblin_deployment_start(game: Any) -> None:
    if game.stash.get("hobgoblin-chaos"):
        from skirmish_hobgoblin.chaos import deploy

        deploy.before(game)


@hookimpl
def hobgoblin_after_activation(game: Any, unit: Any) -> None:
    if game.state.notes.get("frozen-lake"):  # Frozen Lake: a slide after the unit's moves
        from skirmish_hobgoblin.chaos.rules import frozen_slide

        game.call(frozen_slide, unit.id)


@hookimpl
def hobgoblin_after_manoeuvre(game: Any, unit: Any) -> None:
    if game.state.notes.get("tunnels"):  # Tunnels: an entrance within 4" may be taken
        from skirmish_hobgoblin.chaos import tunnels

        game.call(tunnels.after_manoeuvre, unit.id)


@hookimpl
def hobgoblin_card_played(game: Any, player: str, card_id: str, unit: Any) -> None:
    if game.state.notes.get("fateful-deeds"):  # Fateful Deeds: the opponent draws a card
        from skirmish_hobgoblin.chaos.rules import fateful_deeds

        fateful_deeds(game, player)


@hookimpl
def hobgoblin_view(game: Any, player: str | None) -> dict[str, Any] | None:
    if not game.stash.get("hobgoblin-chaos"):
        return None
    from skirmish_hobgoblin.chaos.view import view

    return {"chaos": view(game)}


@hookimpl
def hobgoblin_describe(game: Any, player: str | None) -> list[str] | None:
    if not game.stash.get("hobgoblin-chaos"):
        return None
    from skirmish_hobgoblin.chaos.view import lines

    return lines(game)


@hookimpl
def hobgoblin_panels(game: Any, player: str | None) -> list[tuple[str, str]] | None:
    if not game.stash.get("hobgoblin-chaos"):
        return None
    from skirmish_hobgoblin.chaos.view import view

    return [("Chaos of War", "\n".join(f"{e['name']}: {e['summary']}" for e in view(game)["entries"]))]


@hookimpl
def hobgoblin_ai_marker_spot(view: Any, player: str, decision: Any) -> Any:
    from skirmish_hobgoblin.chaos import ai

    return ai.terrain_spot(view, player, decision)
