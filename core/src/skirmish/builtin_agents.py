"""The plugin (entry point ``skirmish.agents``) registering core's agents: ``random``, ``first``, ``scripted``.

Light on purpose: the agents' code (:mod:`skirmish.agents`) loads only when a game seats one.
"""

from __future__ import annotations

from skirmish.lazy import Lazy
from skirmish.markers import hookimpl
from skirmish.specs import AgentSpec


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    return [
        AgentSpec("random", Lazy("skirmish.agents:RandomAgent"), "any legal answer, at random"),
        AgentSpec("first", Lazy("skirmish.agents:FirstAgent"),
                  "always the first answer offered (predictable, for tests)"),
        AgentSpec("scripted", Lazy("skirmish.agents:ScriptedAgent"), "answers from a script file (--script FILE)"),
    ]
