"""A plugin that registers a command named like a built-in one (for the CLI tests)."""

import click

from skirmish import CommandSpec, hookimpl


@click.command("play")
def _play() -> None:
    click.echo("the plugin's play")


@hookimpl
def skirmish_register_commands() -> list[CommandSpec]:
    return [CommandSpec("play", _play, "a play that must not replace the built-in one")]
