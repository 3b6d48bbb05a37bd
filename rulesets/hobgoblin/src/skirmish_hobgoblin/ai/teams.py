"""The AI's goals in Unlikely Allies team play: the team objectives in play."""

from __future__ import annotations

from typing import Any

from skirmish_hobgoblin.ai.board import Point, Unit

#: players whose AI ignores the team objectives (benchmarks compare with and without)
BLIND: set[str] = set()


def place_value(view: Any, player: str, unit: Unit, p: Point) -> float:
    return 0.0


def goal_points(view: Any, player: str, unit: Unit) -> list[tuple[Point, str, str]]:
    return []


def unit_worth(view: Any, player: str, unit: Unit) -> float:
    return 0.0


def engage_bonus(view: Any, player: str, me: Unit, them: Unit, data: dict[str, Any]) -> float:
    return 0.0


def marker_spot(view: Any, player: str, decision: Any) -> dict[str, float] | None:
    return None


def position_spot(view: Any, player: str, decision: Any) -> dict[str, float] | None:
    return None
