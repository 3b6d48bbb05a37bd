"""The plugin module: what the ``skirmish`` entry point named ``tavern-brawl`` loads.

Three hooks make a ruleset: add its own hookspecs, register the ruleset, register
its AI. Nothing here runs at import time beyond defining them, and the records name
the rules and the AI with :class:`skirmish.Lazy`, so listing what is installed does
not import them (``tests/test_plugin.py`` checks the record matches the class).
"""

from __future__ import annotations

from typing import Any

from skirmish import AgentSpec, Lazy, RulesetSpec, hookimpl
from skirmish_tavern_brawl import __version__, hookspecs

NAME = "tavern-brawl"


@hookimpl
def skirmish_addhooks(pluginmanager: Any) -> None:
    """Tavern Brawl's own hooks (``tavern_brawl_*``), for house-rules plugins."""
    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec(NAME, "Tavern Brawl", __version__, Lazy("skirmish_tavern_brawl.rules:TavernBrawl"),
                        description="A tavern brawl for 2-4: throw tankards and stools from a hidden hand; "
                                    "last one standing wins.")]


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    return [AgentSpec("ai", Lazy("skirmish_tavern_brawl.ai:BrawlerAI"),
                      "greedy brawler: heals when hurt, ducks, goes for the knock-out", rulesets=(NAME,))]
