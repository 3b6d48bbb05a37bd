"""The Hobgoblin plugin: registers the ruleset, its own hooks, its agents and its commands with skirmish."""

from __future__ import annotations

from typing import Any

from skirmish import AgentSpec, RulesetSpec, hookimpl


@hookimpl
def skirmish_addhooks(pluginmanager: Any) -> None:
    from skirmish_hobgoblin import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    from skirmish_hobgoblin.rules import Hobgoblin

    return [RulesetSpec.of(Hobgoblin)]


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    from skirmish_hobgoblin.agents import make_ai, make_him

    return [AgentSpec("ai", make_ai, "weighs every offered shot, charge and card by its expected Doom",
                      rulesets=("hobgoblin",)),
            AgentSpec("him", make_him, "the solo opponent: engages what it can reach, else closes in; no cards",
                      rulesets=("hobgoblin",))]


@hookimpl
def skirmish_register_commands() -> list[Any]:
    try:  # click comes with the command line; without it there is no command to add
        import click  # noqa: F401
    except ImportError:
        return []
    from skirmish_hobgoblin.army_cli import army_command_spec
    from skirmish_hobgoblin.render import svg_command_spec

    return [army_command_spec(), svg_command_spec()]


@hookimpl
def skirmish_balance_model(ruleset: str) -> Any:
    if ruleset != "hobgoblin":
        return None
    from skirmish_hobgoblin.balance_model import model

    return model()


@hookimpl
def skirmish_odds_situations(ruleset: str) -> list[Any]:
    if ruleset != "hobgoblin":
        return []
    from skirmish_hobgoblin.situations import situations

    return situations()
