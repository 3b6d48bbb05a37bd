"""Solo play against "Him": His deployment table, Cautious and Aggressive Behaviour, target selection."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.state import Unit


def deploy(game: Game, player: str) -> None:
    raise NotImplementedError


def shooting(game: Game, player: str) -> None:
    raise NotImplementedError


def movement(game: Game, player: str, units: list[Unit]) -> None:
    raise NotImplementedError


def whos_next(game: Game, unit: Unit, choices: list[tuple[str, float, str]]) -> None:
    raise NotImplementedError


_ = Any
