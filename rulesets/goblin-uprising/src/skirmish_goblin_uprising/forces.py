"""The heroes' strength left, for ``skirmish compare``'s lethality over time."""

from __future__ import annotations

from typing import Any


def force_share(game: Any) -> dict[str, float]:
    """Each hero's share of their Health left (0 once removed from the game; a fallen hero is back at the
    village with their Health, so the measure is how hard the Tyrant's side hits, not deaths)."""
    out: dict[str, float] = {}
    for seat, hero in game.state.heroes.items():
        if getattr(hero, "removed", False):
            out[seat] = 0.0
        else:
            out[seat] = max(0, hero.hp) / hero.max_hp if hero.max_hp else 1.0
    return out
