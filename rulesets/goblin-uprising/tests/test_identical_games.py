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


def _played(heroes: int, seed: int, keep_log: bool) -> tuple[object, ...]:
    from skirmish import Game
    from skirmish.agents import AgentContext, View
    from skirmish_goblin_uprising.ai import make_ai
    from skirmish_goblin_uprising.rules import GoblinUprising

    rules = GoblinUprising()
    setup = {"players": [f"hero{i + 1}" for i in range(heroes)], "tyrant": ("dwarf", "elven")[seed % 2]}
    game = Game(rules, setup, seed=seed, keep_log=keep_log)
    agents = {p: make_ai(AgentContext(p, seed * 10 + i, rules, {}, game.players)) for i, p in enumerate(game.players)}
    while game.pending is not None:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert game.result is not None
    return game.answers, game.rng.rolls, game.digest(), game.result


def test_games_without_a_kept_log_play_the_same() -> None:
    """With ``keep_log=False`` the rules build no event texts; answers, dice, final state and result stay the same."""
    for heroes, seed in ((1, 7), (4, 8), (6, 9)):
        assert _played(heroes, seed, keep_log=False) == _played(heroes, seed, keep_log=True)
