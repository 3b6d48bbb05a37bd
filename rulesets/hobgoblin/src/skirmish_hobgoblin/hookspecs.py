"""Hobgoblin's own hooks, where homebrew and the next rules (spells, artefacts, Chaos of War) plug in.

Implement them with ``@skirmish.hookimpl`` in a plugin that serves ``hobgoblin``.
"""

from __future__ import annotations

from typing import Any

from skirmish import hookspec


@hookspec
def hobgoblin_target_number(game: Any, attacker: Any, defender: Any, kind: str, value: int) -> int | None:
    """Change the target number of an attack (``kind``: shooting, combat, punish, perilous); return the new
    number or None to leave it. The last non-None answer counts."""


@hookspec
def hobgoblin_cast_spells(game: Any, player: str) -> None:
    """The Magic Phase after Mercury income: schedule ``player``'s casting (First Player first)."""


@hookspec
def hobgoblin_movement_start(game: Any) -> None:
    """The start of a Movement Phase (Reinforcements, Tunnels, twists)."""


@hookspec
def hobgoblin_unit_removed(game: Any, unit: Any) -> None:
    """A unit was removed from play (Gore Markers, artefacts)."""


@hookspec
def hobgoblin_doom_step(game: Any, step: str) -> None:
    """Just before a Doom Phase step (``remove-broken``): abilities usable "during the Doom Phase"."""
