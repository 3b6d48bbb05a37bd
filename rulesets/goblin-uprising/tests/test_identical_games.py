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


def test_quiet_hero_turn_choices_leave_the_board_sections_as_they_were(monkeypatch: object) -> None:
    """A hero-turn choice in ``turns.QUIET`` hands the next choice the board sections without comparing them: in
    whole games (AI and random heroes) comparing them then finds nothing changed (the very same sections)."""
    import pytest

    from skirmish import Game, Registry
    from skirmish.agents import View
    from skirmish.runner import agent_seed
    from skirmish_goblin_uprising import render, turns

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    checked = []

    def board_view(game: Game, *, unchanged: bool = False) -> dict[str, object]:
        if unchanged:
            kept = render.board_view(game, unchanged=True)
            assert render.board_view(game) is kept, "a quiet choice changed the board"
            checked.append(1)
            return kept
        return render.board_view(game)

    monkeypatch.setattr(turns, "board_view", board_view)
    registry = Registry()
    rs = registry.ruleset("goblin-uprising")
    for agent in ("ai", "random"):
        for heroes, seed in ((1, 5), (4, 6), (6, 7)):
            setup = rs.apply_options(rs.default_setup(), {"heroes": heroes, "tyrant": "random"})
            game = Game(rs, setup, seed=seed, keep_log=False)
            seats = {p: registry.make_agent(agent, rs, p, agent_seed(seed, i), game.players)
                     for i, p in enumerate(game.players)}
            while game.pending is not None:
                d = game.pending
                game.answer(seats[d.player].decide(View(game, d.player), d), d.player)
    assert len(checked) > 100
