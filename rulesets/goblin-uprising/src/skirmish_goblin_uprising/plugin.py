"""The Goblin Uprising plugin: registers the ruleset and its co-operating AI hero with skirmish.

Light on purpose: listing what is installed imports only this module; the rules, content and
AI load through :class:`skirmish.Lazy` when a game of Goblin Uprising starts.
"""

from __future__ import annotations

from typing import Any

from skirmish import AgentSpec, Lazy, RulesetSpec, hookimpl

NAME = "goblin-uprising"


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec(NAME, "Goblin Uprising", "0.1.0", Lazy("skirmish_goblin_uprising.rules:GoblinUprising"),
                        description="Goblin Uprising: 1-6 goblin heroes against an automated Tyrant on a map of "
                                    "regions (co-operative).")]


#: the levels of play (:mod:`skirmish.levels`); strength as measured in the README
EASY = ("the AI hero, taking one of its three best-rated answers at random at 7 in 10 of its key choices (heroes"
        " won 25% of 400, 60% with ai)")
HARD = "the AI hero with look-ahead on copies of what heroes know (heroes won 84% of 400, 60% with ai)"


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    return [AgentSpec("ai-easy", Lazy("skirmish_goblin_uprising.ai_levels:make_easy"), EASY, rulesets=(NAME,)),
            AgentSpec("ai-hard", Lazy("skirmish_goblin_uprising.ai_levels:make_hard"), HARD, rulesets=(NAME,)),
            AgentSpec("ai", Lazy("skirmish_goblin_uprising.ai:make_ai"),
                      "a co-operating hero: foils schemes, strips armor, fights the Tyrant when it can win, "
                      "helps adventures, rests when hurt", rulesets=(NAME,))]


@hookimpl
def skirmish_odds_situations(ruleset: str) -> list[Any]:
    if ruleset != NAME:
        return []
    from skirmish_goblin_uprising.situations import situations

    return situations()


@hookimpl
def skirmish_force_share(game: Any) -> dict[str, float] | None:
    if game.ruleset.name != NAME or getattr(game, "state", None) is None:
        return None
    from skirmish_goblin_uprising.forces import force_share

    return force_share(game)
