"""The plugin (entry point ``skirmish_cli.human``) registering the ``human`` agent; its code loads when seated."""

from __future__ import annotations

from skirmish.lazy import Lazy
from skirmish.markers import hookimpl
from skirmish.specs import AgentSpec


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    return [AgentSpec("human", Lazy("skirmish_cli.human:HumanAgent"), "you, at the keyboard (the CLI asks you)",
                      interactive=True)]
