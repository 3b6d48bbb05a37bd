"""A plugin that fails in skirmish_phase_end after a few phases, how SKIRMISH_FAIL says: raise or exit0."""

import os
import sys
from typing import Any

from skirmish import hookimpl


@hookimpl
def skirmish_phase_end(game: Any, phase: str) -> None:
    how = os.environ.get("SKIRMISH_FAIL")
    if game.decisions >= 3 and how == "exit0":
        sys.exit(0)
    if game.decisions >= 3 and how == "loop":
        while True:
            pass
    if game.decisions >= 3 and how == "raise":
        raise ValueError("phase_end broke \x1b]0;owned\x07")


@hookimpl
def skirmish_event(game: Any, event: Any) -> None:
    if os.environ.get("SKIRMISH_FAIL") == "observer-exit" and game.decisions >= 2:
        sys.exit(0)
