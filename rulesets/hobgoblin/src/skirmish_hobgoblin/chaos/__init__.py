"""Chaos of War: the Battlefield, Deployment and Twists tables (``data/chaos.toml``), rolled on a D66,
chosen by name in the set-up, or re-rolled.

Set-up key ``chaos``: ``"roll"`` (D3 Battlefield results, one Deployment, one Twist) or a table::

    chaos = {battlefield = "roll" | 2 | ["rubble-and-ruins"], deployment = "roll" | "scouts" | "",
             twists = "roll" | 1 | ["to-the-last"], reroll = ["tunnels"]}

A number rolls that many results; names choose; ``reroll`` lists entries rolled again whenever they come up.
Entries apply through :mod:`skirmish_hobgoblin.chaos.rules` (one function per effect name).

The tables and their functions live in :mod:`.catalogue`; this package module re-exports them lazily, so the
Chaos of War plugin (imported whenever skirmish lists what is installed) loads nothing heavy.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_CATALOGUE = ("TABLES", "RULE", "Entry", "builtin_tables", "HOMEBREW", "add_entries", "tables", "d66", "find",
              "check_spec", "roll_entry", "choose", "describe")

__all__ = list(_CATALOGUE)


def __getattr__(name: str) -> Any:
    if name in _CATALOGUE:
        value = getattr(import_module("skirmish_hobgoblin.chaos.catalogue"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
