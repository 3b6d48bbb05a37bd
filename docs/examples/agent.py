"""An agent for Dice Duel: it reads ``decision.context`` and the form's fields, never the prompt."""

from __future__ import annotations

import random
from typing import Any

from skirmish import AgentContext, AgentSpec, Decision, View, hookimpl


class Cautious:
    """Rolls more dice while behind, fewer while ahead."""

    def __init__(self, ctx: AgentContext) -> None:
        self.player = ctx.player
        self.rng = random.Random(ctx.seed)  # an agent's own randomness comes from its seed

    def decide(self, view: View, decision: Decision) -> Any:
        if decision.kind != "dice":  # a decision it does not know (a house rule's): any legal answer
            return decision.options[0].value if decision.options else decision.examples[0]
        points = decision.context["points"]
        mine = points[self.player]
        best_other = max(v for p, v in points.items() if p != self.player)
        dice = 3 if mine < best_other else 1 if mine > best_other + 6 else 2
        high = int(decision.params[0].high)
        return {"dice": min(dice, high)}


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    return [AgentSpec("cautious", Cautious, "rolls more while behind", rulesets=("dice-duel",))]


if __name__ == "__main__":
    from duel import Duel

    from skirmish import Game

    game = Game(Duel(), seed=3)
    agents = {p: Cautious(AgentContext(p, i, game.ruleset, {}, game.players)) for i, p in enumerate(game.players)}
    while game.pending is not None:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert game.over
