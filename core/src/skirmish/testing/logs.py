"""Whole-game log fixtures: prove that speed work (or a refactor) leaves games identical.

A ruleset records the full event text of a few seeded games once (``write_fixture``) and a test
asserts the current code reproduces it (``read_fixture`` == the freshly played logs).
"""

from __future__ import annotations

import contextlib
import gzip
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from skirmish.engine import Game
from skirmish.runner import DecisionLimit, drive


def game_log(game: Game, agents: Mapping[str, Any], *, answers: bool = False,
             max_decisions: int | None = None) -> list[str]:
    """Play ``game`` to its end with ``agents``; every event as ``kind [rule] text``, the answers
    (when asked), and a ``result:`` line. ``max_decisions`` stops a game that runs on."""
    with contextlib.suppress(DecisionLimit):
        drive(game, agents, max_decisions=max_decisions)
    lines = [f"{e.kind} [{e.rule}] {e.text}" for e in game.log]
    if answers:
        lines += ["answer " + json.dumps(a, sort_keys=True, default=str) for a in game.answers]
    result = game.result
    lines.append(f"result: {sorted(result.winners) if result else None} after {game.decisions} decisions")
    return lines


def write_fixture(path: Path, text: str) -> None:
    """Store ``text`` gzipped (no timestamp, so the same logs give the same bytes)."""
    path.write_bytes(gzip.compress(text.encode(), mtime=0))
    print(f"wrote {path} ({path.stat().st_size} bytes)")


def read_fixture(path: Path) -> str:
    return gzip.decompress(path.read_bytes()).decode()
