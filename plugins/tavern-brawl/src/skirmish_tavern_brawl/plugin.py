"""The plugin module: what the ``skirmish`` entry point named ``tavern-brawl`` loads.

Three hooks make a ruleset: add its own hookspecs, register the ruleset, register
its AI. Nothing here runs at import time beyond defining them.
"""

from __future__ import annotations

from typing import Any

from skirmish import AgentSpec, RulesetSpec, hookimpl
from skirmish_tavern_brawl import hookspecs
from skirmish_tavern_brawl.ai import BrawlerAI
from skirmish_tavern_brawl.rules import TavernBrawl


@hookimpl
def skirmish_addhooks(pluginmanager: Any) -> None:
    """Tavern Brawl's own hooks (``tavern_brawl_*``), for house-rules plugins."""
    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec.of(TavernBrawl)]


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    return [AgentSpec("ai", BrawlerAI, "greedy brawler: heals when hurt, ducks, goes for the knock-out",
                      rulesets=(TavernBrawl.name,))]
