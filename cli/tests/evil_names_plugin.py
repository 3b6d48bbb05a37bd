"""A plugin whose names and error text carry terminal escapes and a bidi override (issue 25)."""

from typing import Any

from skirmish import AgentSpec, Ruleset, RulesetSpec, hookimpl

EVIL = "\x1b]0;owned\x07\u202e\x00"


class EvilRuleset(Ruleset):
    """Names from a plugin with control sequences; its rules raise with one in the message."""

    name = "evil"
    title = f"Evil{EVIL}"
    version = "0.1"

    def create(self, game: Any) -> Any:
        raise ValueError(f"boom{EVIL}")


class _Agent:
    def __init__(self, ctx: Any) -> None:
        pass

    def decide(self, view: Any, decision: Any) -> Any:
        return decision.options[0].value


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec.of(EvilRuleset)]


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    return [AgentSpec(f"evil{EVIL}", _Agent, help=f"an agent{EVIL}")]
