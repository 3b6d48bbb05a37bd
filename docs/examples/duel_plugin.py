"""Dice Duel's plugin module: what its entry point loads. It only declares; Lazy references load the rest."""

from __future__ import annotations

from typing import Any

from skirmish import AgentSpec, CommandSpec, Lazy, RulesetSpec, hookimpl
from skirmish.dice import CustomDie, DieSpec


@hookimpl
def skirmish_addhooks(pluginmanager: Any) -> None:
    import duel_hooks

    pluginmanager.add_hookspecs(duel_hooks)


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec("dice-duel", "Dice Duel", "1.0.0", Lazy("duel:Duel"),
                        description="Push your luck with up to three dice a round.")]


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    return [AgentSpec("ai", Lazy("agent:Cautious"), "rolls more while behind", rulesets=("dice-duel",))]


@hookimpl
def skirmish_register_dice() -> list[DieSpec]:
    return [DieSpec("duel", CustomDie("duel", ("bust", "2", "3", "4", "5", "6"), (0, 2, 3, 4, 5, 6)),
                    "a die that says when it busts")]


@hookimpl
def skirmish_register_commands() -> list[CommandSpec]:
    return [CommandSpec("duel-odds", Lazy("duel_plugin:odds_command"), help="Exact odds of a Dice Duel roll.")]


def odds_command() -> Any:
    """Built when the command runs: click is imported here, never by core."""
    import click

    @click.command("duel-odds")
    @click.argument("dice", type=click.IntRange(1, 3))
    def duel_odds(dice: int) -> None:
        """Exact odds of scoring with DICE dice."""
        from duel import score_distribution

        for score, p in score_distribution(dice).items():
            click.echo(f"{score:>3}  {float(p):6.1%}")

    return duel_odds
