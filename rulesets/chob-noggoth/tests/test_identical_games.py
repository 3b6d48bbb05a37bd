"""Speed work keeps games identical: AI v AI and random v random games reproduce the recorded logs exactly.

The fixture (``fixtures/game_logs.txt.gz``) holds every event text and answer of 20 AI v AI and 20 random v random
games of the default set-up (and ``fixtures/game_hashes.txt`` the hashes of 50 more AI games); regenerate them
with ``tests/chob_replay_logs.py --write`` only when the rules or content
change on purpose (and say so in the commit).
"""

from __future__ import annotations

import difflib

from chob_replay_logs import FIXTURE, HASHES, all_hashes, all_logs

from skirmish.testing import read_fixture


def test_games_reproduce_the_recorded_logs_exactly() -> None:
    want = read_fixture(FIXTURE)
    got = all_logs()
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), "recorded", "now", n=2, lineterm="")
        raise AssertionError("games changed:\n" + "\n".join(list(diff)[:40]))


def test_fifty_more_ai_games_reproduce_their_recorded_hashes() -> None:
    want = HASHES.read_text().splitlines()
    got = all_hashes().splitlines()
    changed = [w.split()[1] for w, g in zip(want, got, strict=True) if w != g]
    assert not changed, f"AI v AI games changed, seeds {', '.join(changed)}"
