"""Speed work keeps games identical: AI v AI games reproduce the recorded event logs exactly.

The fixture (``fixtures/ai_logs.txt.gz``) holds the full event log of 5 seeds x 1, 4 and 6 heroes; regenerate it
with ``tests/replay_logs.py --write`` only when the rules or content change on purpose (and say so).
"""

from __future__ import annotations

import difflib

from replay_logs import FIXTURE, all_logs

from skirmish.testing import read_fixture


def test_ai_games_reproduce_the_recorded_logs_exactly() -> None:
    want = read_fixture(FIXTURE)
    got = all_logs()
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), "recorded", "now", n=2, lineterm="")
        raise AssertionError("games changed:\n" + "\n".join(list(diff)[:40]))
