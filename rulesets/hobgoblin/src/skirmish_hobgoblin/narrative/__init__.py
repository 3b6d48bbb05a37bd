"""The narrative scenarios: The Chasm, The Fortress and The Breach (``data/narrative.toml``), chosen by name.

Each is a scenario like the eight battle scenarios (:mod:`skirmish_hobgoblin.scenarios` merges them in, with
``roll = []`` so a 2D6 roll never gives one): a ``prepare`` function (roles, advantage, terrain, markers),
a ``score`` function at the end of each round and a ``final`` one. Their deployment zones are in
:mod:`.zones`, the movement limits (chasm, fortress wall) in :mod:`.moving`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skirmish import load_toml

NARRATIVE = ("the-chasm", "the-fortress", "the-breach")
STASH = "hobgoblin-narrative"


def raw() -> dict[str, Any]:
    """The narrative scenarios as scenarios.toml entries."""
    return dict(load_toml("skirmish_hobgoblin.data", "narrative.toml")["scenarios"])


def register(prepare: dict[str, Callable[..., None]], score: dict[str, Callable[..., None]],
             final: dict[str, Callable[..., None]]) -> None:
    """Add the narrative rule functions to the scenario function tables."""
    from skirmish_hobgoblin.narrative import breach, chasm, fortress

    prepare.update(chasm=chasm.prepare, fortress=fortress.prepare, breach=breach.prepare)
    score.update(chasm=chasm.score, fortress=fortress.score)
    final.update(chasm=chasm.final, fortress=fortress.final, breach=breach.final)
