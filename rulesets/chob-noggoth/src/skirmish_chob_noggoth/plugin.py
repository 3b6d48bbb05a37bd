"""The Chob-Noggoth plugin: registers the ruleset, its AI and its ``chob-svg`` command with skirmish."""

from __future__ import annotations

from typing import Any

from skirmish import AgentSpec, CommandSpec, RulesetSpec, hookimpl
from skirmish_chob_noggoth.rules import ChobNoggoth


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec.of(ChobNoggoth)]


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    from skirmish_chob_noggoth.ai import make_ai

    return [AgentSpec("ai", make_ai, "scores every option by its expected wounds and Fingers, takes the best",
                      rulesets=("chob-noggoth",))]


@hookimpl
def skirmish_register_commands() -> list[CommandSpec]:
    try:  # click comes with the command line; without it there is no command to add
        import click  # noqa: F401
    except ImportError:
        return []
    from skirmish_chob_noggoth.render import svg_command_spec

    return [svg_command_spec()]


@hookimpl
def skirmish_odds_situations(ruleset: str) -> list[Any]:
    if ruleset != "chob-noggoth":
        return []
    from skirmish_chob_noggoth.situations import situations

    return situations()


@hookimpl
def skirmish_force_share(game: Any) -> dict[str, float] | None:
    if game.ruleset.name != "chob-noggoth" or getattr(game, "state", None) is None:
        return None
    from skirmish_chob_noggoth.situations import force_share

    return force_share(game)
