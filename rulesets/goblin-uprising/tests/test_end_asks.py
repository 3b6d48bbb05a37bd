"""Ending a turn with actions left is a choice that gives something up: the terminal asks once (Option.data)."""

from __future__ import annotations

from skirmish import Game, Registry


def test_end_with_actions_left_carries_what_it_gives_up() -> None:
    ruleset = Registry().ruleset("goblin-uprising")
    game = Game(ruleset, ruleset.check_setup(ruleset.default_setup()), seed=3)
    for _ in range(200):
        d = game.pending
        end = [o for o in d.options if o.value == "end"]
        if end:
            assert end[0].data["confirm"] == "your unused actions are lost"
            return
        game.answer(d.options[0].value if d.options else d.examples[0], d.player)
    raise AssertionError("no action menu with 'end' came up")
