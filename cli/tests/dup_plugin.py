"""A plugin registering a ruleset name that tiny_ruleset already uses."""

from skirmish import RulesetSpec, hookimpl


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    from tiny_ruleset import TinyRuleset

    return [RulesetSpec.of(TinyRuleset)]
