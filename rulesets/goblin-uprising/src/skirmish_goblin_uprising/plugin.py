"""The Goblin Uprising plugin: registers the ruleset and its co-operating AI hero with skirmish."""

from __future__ import annotations

from typing import Any

from skirmish import AgentSpec, CommandSpec, RulesetSpec, hookimpl
from skirmish_goblin_uprising.rules import GoblinUprising


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec.of(GoblinUprising)]


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    from skirmish_goblin_uprising.ai import make_ai

    return [AgentSpec("ai", make_ai, "a co-operating hero: foils schemes, strips armor, fights the Tyrant when it can "
                      "win, helps adventures, rests when hurt", rulesets=("goblin-uprising",))]


@hookimpl
def skirmish_register_commands() -> list[CommandSpec]:
    try:  # click comes with the command line; without it there is no command to add
        import click  # noqa: F401
    except ImportError:
        return []
    from skirmish_goblin_uprising.render import svg_command_spec

    return [svg_command_spec()]


@hookimpl
def skirmish_odds_situations(ruleset: str) -> list[Any]:
    if ruleset != "goblin-uprising":
        return []
    from skirmish_goblin_uprising.situations import situations

    return situations()
