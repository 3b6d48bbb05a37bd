"""Speed work keeps games identical: random v random and AI v AI games reproduce the recorded event logs.

Regenerate ``fixtures/game_logs.txt.gz`` with ``tests/hob_replay_logs.py --write`` only when the rules, the
content or the AI's play change on purpose (and say so in the commit).
"""

from __future__ import annotations

import difflib

from hob_replay_logs import FIXTURE, all_logs

from skirmish.testing import read_fixture


def test_games_reproduce_the_recorded_logs_exactly() -> None:
    want = read_fixture(FIXTURE)
    got = all_logs()
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), "recorded", "now", n=2, lineterm="")
        raise AssertionError("games changed:\n" + "\n".join(list(diff)[:40]))
