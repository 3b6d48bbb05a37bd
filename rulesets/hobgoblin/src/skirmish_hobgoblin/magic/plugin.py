"""The magic plugin: casting in the Magic Phase and the spells that answer Fortune Cards, on Hobgoblin's hooks."""

from __future__ import annotations

from typing import Any

from skirmish import hookimpl

skirmish_rulesets = ("hobgoblin",)


@hookimpl
def hobgoblin_cast_spells(game: Any, player: str) -> None:
    from skirmish_hobgoblin.magic.casting import cast_step

    cast_step(game, player)


@hookimpl
def hobgoblin_card_played(game: Any, player: str, card_id: str, unit: Any) -> None:
    from skirmish_hobgoblin.magic.lasting import card_played

    card_played(game, player, card_id, unit)  # Polyceus' Blessing draws, the Void keeps the card


@hookimpl
def hobgoblin_ai_cast(view: Any, player: str, decision: Any) -> Any:
    from skirmish_hobgoblin.magic import ai

    return ai.choose(player, view, decision)


@hookimpl
def hobgoblin_ai_mercury_worth(view: Any, player: str) -> float | None:
    from skirmish_hobgoblin.magic import ai

    return ai.mercury_worth(view, player)


@hookimpl
def hobgoblin_army_rules() -> Any:
    from skirmish_hobgoblin.magic.army import ArmyRules

    return ArmyRules


@hookimpl
def hobgoblin_allegiances() -> list[str]:
    from skirmish_hobgoblin.magic.spells import allegiances

    return list(allegiances())
