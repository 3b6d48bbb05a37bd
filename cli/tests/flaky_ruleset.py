"""A ruleset for simulate's failure tests (``SKIRMISH_PLUGINS=flaky_ruleset``).

Flaky: one player says "go" until round 5. Games whose seed is a multiple of 7 raise in the
rules (a deliberate bug); with ``slow = true`` in the set-up each step sleeps, so a run can be
interrupted while workers are busy.
"""

from __future__ import annotations

import time
from typing import Any

from skirmish import Phase, Ruleset, RulesetSpec, choose, hookimpl


class Flaky(Ruleset):
    """Say go five times; seeds that are multiples of 7 hit a bug."""

    name = "flaky"
    title = "Flaky"
    version = "1"
    min_players = 1
    max_players = 1

    def default_setup(self) -> dict[str, Any]:
        return {"players": ["solo"], "slow": False}

    def create(self, game: Any) -> dict[str, Any]:
        return {"said": 0}

    def phases(self) -> dict[str, Phase]:
        return {"go": Phase("go", self.body)}

    def body(self, game: Any) -> None:
        if game.setup.get("slow"):
            time.sleep(0.05)
        game.ask(choose("solo", "go", "go?", ["go"]), self.said)

    def said(self, game: Any, answer: Any) -> None:
        game.state["said"] += 1
        if game.seed % 7 == 0 and game.state["said"] == 3:
            raise ZeroDivisionError("a deliberate bug in the third answer")

    def end_of_round(self, game: Any) -> None:
        if game.round >= 5:
            game.finish(["solo"], "five rounds")


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec.of(Flaky)]
