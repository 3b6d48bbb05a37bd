"""The record a plugin returns to add a command to the ``skirmish`` CLI (core stays free of click)."""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class CommandSpec:
    """A CLI command: ``command`` is a ``click.Command`` built by the plugin."""

    name: str
    command: Any
    help: str = ""
