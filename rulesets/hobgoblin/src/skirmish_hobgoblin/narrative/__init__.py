"""The narrative scenarios: The Chasm, The Fortress and The Breach (``data/narrative.toml``), chosen by name.

Each is a scenario like the eight battle scenarios (added through ``hobgoblin_scenarios`` by :mod:`.plugin`, with
``roll = []`` so a 2D6 roll never gives one): a ``prepare`` function (roles, advantage, terrain, markers),
a ``score`` function at the end of each round and a ``final`` one. Their deployment zones are in
:mod:`.zones`, the movement limits (chasm, fortress wall) in :mod:`.moving`.
"""

from __future__ import annotations

from typing import Any

NARRATIVE = ("the-chasm", "the-fortress", "the-breach")
STASH = "hobgoblin-narrative"


def raw() -> dict[str, Any]:
    """The narrative scenarios as scenarios.toml entries."""
    from skirmish import load_toml  # (this package module stays light: plugins import it to list)

    return dict(load_toml("skirmish_hobgoblin.data", "narrative.toml")["scenarios"])
