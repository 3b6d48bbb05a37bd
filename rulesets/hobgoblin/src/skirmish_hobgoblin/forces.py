"""Each side's force still fighting, for ``skirmish compare``'s lethality over time."""

from __future__ import annotations

from typing import Any


def force_share(game: Any) -> dict[str, float]:
    """Each side's share of its army's points not removed (units set aside or not yet deployed still count)."""
    from skirmish_hobgoblin.state import REMOVED

    total: dict[str, float] = {}
    standing: dict[str, float] = {}
    for u in game.state.units.values():
        worth = float(u.points) or 1.0
        total[u.side] = total.get(u.side, 0.0) + worth
        standing[u.side] = standing.get(u.side, 0.0) + (worth if u.status != REMOVED else 0.0)
    return {side: standing[side] / n for side, n in total.items() if n}
