"""What players see of a narrative scenario beyond the table: each Weak Point's Doom (The Fortress)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish_hobgoblin.narrative import STASH

if TYPE_CHECKING:
    from skirmish import Game


def view(game: Game) -> dict[str, Any]:
    """Plain data for views: ``weak_points`` (marker id -> Doom) when The Fortress is played."""
    data = game.stash.get(STASH, {})
    return {"weak_points": dict(data["doom"])} if "doom" in data else {}
