"""The record a plugin returns to add a command to the ``skirmish`` CLI (core stays free of click)."""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class CommandSpec:
    """A CLI command: ``command`` is a ``click.Command`` built by the plugin.

    To keep listing commands fast, ``command`` may be a :class:`skirmish.Lazy` reference to a
    function returning the click command (or to the command itself); give ``help`` then, since
    the listing shows it without loading the command.
    """

    name: str
    command: Any
    help: str = ""
