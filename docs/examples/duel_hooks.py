"""Dice Duel's own hookspecs, for house rules. Names start with the ruleset id (dice-duel -> dice_duel_)."""

from __future__ import annotations

from typing import Any

from skirmish import hookspec


@hookspec
def dice_duel_modify_score(game: Any, player: str, values: list[int], score: int) -> int | None:
    """Return a change to the score of ``player``'s roll of ``values`` (every plugin's change adds up)."""
