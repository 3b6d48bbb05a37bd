"""Chaos of War: the Battlefield, Deployment and Twists tables, rolled on a D66, chosen by name in the set-up,
or re-rolled (:mod:`.catalogue`, with the set-up format); their effects (:mod:`.rules`), deployment zones
(:mod:`.deploy`), Tunnels (:mod:`.tunnels`), player-placed terrain (:mod:`.battlefield_pieces`), the table view
(:mod:`.view`), the ``skirmish hobgoblin-chaos`` command (:mod:`.cli`) and the plugin (:mod:`.plugin`).

This package module stays light (the plugin is imported whenever skirmish lists what is installed): the
catalogue's names load on first use.
"""

from __future__ import annotations

from skirmish import lazy_exports

_CATALOGUE = ("TABLES", "RULE", "Entry", "builtin_tables", "homebrew_entries", "tables", "d66", "find",
              "check_spec", "roll_entry", "choose", "describe")

__all__ = list(_CATALOGUE)
__getattr__ = lazy_exports("skirmish_hobgoblin.chaos.catalogue", _CATALOGUE, globals())
