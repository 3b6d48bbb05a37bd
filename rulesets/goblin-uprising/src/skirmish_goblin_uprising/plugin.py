"""The Goblin Uprising plugin: registers the ruleset and its co-operating AI hero with skirmish."""

from __future__ import annotations

from skirmish import AgentSpec, RulesetSpec, hookimpl
from skirmish_goblin_uprising.rules import GoblinUprising


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec.of(GoblinUprising)]


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    from skirmish_goblin_uprising.ai import make_ai

    return [AgentSpec("ai", make_ai, "a co-operating hero: foils schemes, strips armor, fights the Tyrant when it can "
                      "win, helps adventures, rests when hurt", rulesets=("goblin-uprising",))]
