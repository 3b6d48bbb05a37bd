"""A plugin whose registration hook loops forever (for the CLI tests)."""

from typing import Any

from skirmish import hookimpl


@hookimpl
def skirmish_register_agents() -> list[Any]:
    while True:
        pass
