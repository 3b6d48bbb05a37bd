"""Movement limits of the narrative scenarios, asked by :func:`skirmish_hobgoblin.moves.check`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skirmish import Game


def check(game: Game, unit: Any, kind: str, swept: Any, end: Any, cost: int, mp: float) -> tuple[str, int]:
    """Why the manoeuvre is refused ("" if not) and its MP cost (a Fly over the chasm costs double)."""
    notes = game.state.notes
    if notes.get("chasm"):
        from skirmish_hobgoblin.narrative import chasm

        why, cost = chasm.crossing(game, unit, kind, swept, end, cost, mp)
        if why:
            return why, cost
    if notes.get("fortress"):  # a Fly passes over the wall like any Impassable terrain but may not land on it
        from skirmish_hobgoblin.narrative import fortress

        why = fortress.passage(game, unit, None if kind == "fly" else swept, end)
        if why:
            return why, cost
    return "", cost
