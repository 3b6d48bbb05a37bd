"""A ruleset whose rules crash (an unexpected plugin exception must be one error line)."""

from typing import Any

from skirmish import Ruleset, RulesetSpec, hookimpl


class BuggyRuleset(Ruleset):
    """Crashes when the game is created."""

    name = "buggy"
    title = "Buggy"
    version = "0.1"

    def create(self, game: Any) -> Any:
        return {}["no such key"]


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec.of(BuggyRuleset)]
