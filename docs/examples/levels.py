"""Levels of play for Dice Duel: ``ai-easy`` and ``ai-hard`` built on its AI (``Cautious``) by skirmish.levels."""

from __future__ import annotations

from typing import Any

from agent import Cautious

from skirmish import AgentContext, AgentSpec, EasyAgent, Game, Levels, LookAheadAgent, hookimpl


def lead(game: Game, player: str) -> float:
    """How far ``player`` leads the best other player (points): the AI's own reading of a position."""
    points = game.state.points
    return points[player] - max(v for p, v in points.items() if p != player)


def duel_levels(ruleset: Any = None) -> Levels:
    # every roll is worth a look: try each example answer, 8 deals of the dice each, to the end of the round
    return Levels(base=Cautious, evaluate=lead, samples=8, horizon=4, width=3, margin=0.5,
                  easy_share=0.5, easy_top=2, easy_horizon=2, blunder=3.0)


def make_easy(ctx: AgentContext) -> EasyAgent:
    return EasyAgent(duel_levels(ctx.ruleset), ctx)


def make_hard(ctx: AgentContext) -> LookAheadAgent:
    return LookAheadAgent(duel_levels(ctx.ruleset), ctx)


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    return [AgentSpec("ai-easy", make_easy, "Cautious, now and then one of its two best-rated rolls",
                      rulesets=("dice-duel",)),
            AgentSpec("ai-hard", make_hard, "Cautious with look-ahead: plays each roll out on copies",
                      rulesets=("dice-duel",))]


if __name__ == "__main__":
    from duel import Duel

    from skirmish import View

    game = Game(Duel(), seed=3)
    makers = (make_hard, make_easy)
    agents = {p: makers[i % 2](AgentContext(p, i, game.ruleset, {}, game.players)) for i, p in enumerate(game.players)}
    while game.pending is not None:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert game.over and agents[game.players[0]].looked > 0
