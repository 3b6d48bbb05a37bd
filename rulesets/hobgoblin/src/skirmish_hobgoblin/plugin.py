"""The Hobgoblin plugin: registers the ruleset, its own hooks, its agents and its army command with skirmish.

Light on purpose: listing what is installed imports only this module; the rules, content and
AIs load through :class:`skirmish.Lazy` when a game of Hobgoblin starts.
"""

from __future__ import annotations

from typing import Any

from skirmish import AgentSpec, CommandSpec, Lazy, RulesetSpec, hookimpl
from skirmish_hobgoblin.hookspecs import BUILTIN

NAME = "hobgoblin"
__all__ = ["BUILTIN", "NAME"]



@hookimpl
def skirmish_addhooks(pluginmanager: Any) -> None:
    from skirmish_hobgoblin import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec(NAME, "Hobgoblin", "0.2.0", Lazy("skirmish_hobgoblin.rules:Hobgoblin"),
                        description="Hobgoblin: mass battles of rectangular units, six phases a round, hidden "
                                    "Fortune Cards.")]


#: the levels of play (:mod:`skirmish.levels`); strength as measured in the README
EASY = ("the AI, taking one of its best-rated answers and moves at random at its key choices (the AI won 63% of"
        " 400 games; 83% of 148 against random)")
HARD = ("the AI, playing its best-rated moves for a unit out to the end of the round on copies of what it knows"
        " (won 55% of 400 games against the AI; 42% of 200 against Him at Normal)")


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    return [AgentSpec("ai-easy", Lazy("skirmish_hobgoblin.ai_levels:make_easy"), EASY, rulesets=(NAME,)),
            AgentSpec("ai-hard", Lazy("skirmish_hobgoblin.ai_levels:make_hard"), HARD, rulesets=(NAME,)),
            AgentSpec("ai", Lazy("skirmish_hobgoblin.agents:make_ai"),
                      "weighs every offered shot, charge and card by its expected Doom", rulesets=(NAME,)),
            AgentSpec("him", Lazy("skirmish_hobgoblin.him.solo:make_him"),
                      "the solo opponent: engages what it can reach, else closes in; no cards (--vs him: the solo "
                      "rules at Normal; --him easy or hardcore for another level)", rulesets=(NAME,),
                      setup={"him": "normal"})]


@hookimpl
def skirmish_register_commands() -> list[CommandSpec]:
    return [CommandSpec("hobgoblin-army", Lazy("skirmish_hobgoblin.army_cli:army_group"),
                        "check, price, list and randomly build Hobgoblin army lists")]


@hookimpl
def skirmish_balance_model(ruleset: str) -> Any:
    if ruleset != NAME:
        return None
    from skirmish_hobgoblin.balance_model import model

    return model()


@hookimpl
def skirmish_odds_situations(ruleset: str) -> list[Any]:
    if ruleset != NAME:
        return []
    from skirmish_hobgoblin.situations import situations

    return situations()


@hookimpl
def skirmish_force_share(game: Any) -> dict[str, float] | None:
    if game.ruleset.name != NAME or getattr(game, "state", None) is None:
        return None
    from skirmish_hobgoblin.forces import force_share

    return force_share(game)
