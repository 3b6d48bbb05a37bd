"""The narrative scenarios' plugin (The Chasm, The Fortress, The Breach) on Hobgoblin's hooks."""

from __future__ import annotations

from typing import Any

from skirmish import hookimpl

skirmish_rulesets = ("hobgoblin",)


@hookimpl
def hobgoblin_scenarios() -> dict[str, Any]:
    from skirmish_hobgoblin.narrative import raw

    return raw()


@hookimpl
def hobgoblin_scenario_rules() -> dict[str, dict[str, Any]]:
    from skirmish_hobgoblin.narrative import breach, chasm, fortress

    return {"prepare": {"chasm": chasm.prepare, "fortress": fortress.prepare, "breach": breach.prepare},
            "score": {"chasm": chasm.score, "fortress": fortress.score},
            "final": {"chasm": chasm.final, "fortress": fortress.final, "breach": breach.final}}


@hookimpl
def hobgoblin_deployment_rules(game: Any) -> Any:
    if game.state.notes.get("narrative-zones"):
        from skirmish_hobgoblin.narrative import zones

        return zones
    return None


@hookimpl
def hobgoblin_sight_rule(game: Any) -> Any:
    if game.state.notes.get("fortress"):  # the Defender's units touching the wall see over it
        from skirmish_hobgoblin.narrative.fortress import sight_ignores

        return sight_ignores
    return None


@hookimpl
def hobgoblin_move_rule(game: Any) -> Any:
    if game.state.notes.get("chasm") or game.state.notes.get("fortress"):
        from skirmish_hobgoblin.narrative import moving

        return moving.check
    return None


@hookimpl
def hobgoblin_combat_start(game: Any) -> None:
    if game.state.notes.get("fortress"):  # the Attacker batters the Weak Points after the fights
        from skirmish_hobgoblin.narrative.fortress import assault

        game.call(assault)


@hookimpl(tryfirst=True)  # its view section comes last (after Chaos of War's and team play's)
def hobgoblin_view(game: Any, player: str | None) -> dict[str, Any] | None:
    if not game.stash.get("hobgoblin-narrative"):
        return None
    from skirmish_hobgoblin.narrative.view import view

    return {"narrative": view(game)}


@hookimpl(tryfirst=True)  # a narrative scenario's goals come before team play's (ruling T-15)
def hobgoblin_ai_goals(view: Any) -> Any:
    from skirmish_hobgoblin.ai.objectives import scenario
    from skirmish_hobgoblin.narrative import NARRATIVE

    if scenario(view) in NARRATIVE:
        from skirmish_hobgoblin.narrative import ai

        return ai
    return None
