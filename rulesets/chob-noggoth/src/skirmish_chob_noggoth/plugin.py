"""The Chob-Noggoth plugin: registers the ruleset and its AI with skirmish.

Light on purpose: listing what is installed imports only this module; the rules, content and
AI load through :class:`skirmish.Lazy` when a game of Chob-Noggoth starts.
"""

from __future__ import annotations

from typing import Any

from skirmish import AgentSpec, Lazy, RulesetSpec, hookimpl

NAME = "chob-noggoth"
#: the ruleset's version (the registry checks it against ``ChobNoggoth.version`` when a game starts)
VERSION = "0.1.0"


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec(NAME, "Chob-Noggoth", VERSION, Lazy("skirmish_chob_noggoth.rules:ChobNoggoth"),
                        description="Chob-Noggoth: a warband skirmish of single figures with a round order "
                                    "rolled each round.")]


#: the levels of play (:mod:`skirmish.levels`); strength as measured in the README
EASY = ("the AI, taking one of its three best-rated answers at random at most key"
        " choices (the AI won 63% of 400 games)")
HARD = ("the AI with look-ahead where its choice is in doubt: its runners-up played to the end of the round on copies"
        " with common dice (+3.9 ± 3.9 points over the AI against itself on 254 seeds: no measurable gain; see the"
        " README)")


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    return [AgentSpec("ai-easy", Lazy("skirmish_chob_noggoth.ai_levels:make_easy"), EASY, rulesets=(NAME,)),
            AgentSpec("ai-hard", Lazy("skirmish_chob_noggoth.ai_levels:make_hard"), HARD, rulesets=(NAME,)),
            AgentSpec("ai", Lazy("skirmish_chob_noggoth.ai:make_ai"),
                      "scores every option by its expected wounds and Fingers, takes the best", rulesets=(NAME,))]


@hookimpl
def skirmish_odds_situations(ruleset: str) -> list[Any]:
    if ruleset != NAME:
        return []
    from skirmish_chob_noggoth.situations import situations

    return situations()


@hookimpl
def skirmish_force_share(game: Any) -> dict[str, float] | None:
    if game.ruleset.name != NAME or getattr(game, "state", None) is None:
        return None
    from skirmish_chob_noggoth.situations import force_share

    return force_share(game)


@hookimpl
def skirmish_balance_model(ruleset: str) -> Any:
    if ruleset != NAME:
        return None
    from skirmish_chob_noggoth.balance_model import model

    return model()
