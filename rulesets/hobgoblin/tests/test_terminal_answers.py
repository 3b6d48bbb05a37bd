"""What a player at the terminal is told: odds of the Combat Phase's choices (numbered like the menu)."""

from __future__ import annotations

from hob_bench import battle, run

from skirmish_hobgoblin import turns

DEPTH = 60 / 25.4


def _two_fights():
    return battle([{"name": "A", "x": 30, "y": 14}, {"name": "C", "x": 45, "y": 14, "general": False,
                                                     "battle_standard": False}],
                  [{"name": "B", "x": 30, "y": 14 + DEPTH},
                   {"name": "D", "x": 45, "y": 14 + DEPTH, "general": False, "battle_standard": False}])


def test_the_combat_decision_answers_odds_numbered_like_its_menu():
    g = _two_fights()
    run(g, turns._fight_turn, 0)
    assert g.pending.kind == "fight"
    tables = g.ruleset.odds(g, "red", "")  # it was empty: "nothing to work out here"
    assert [t.split(" in close")[0] for t, _ in tables] == ["1. A attacks B", "2. C attacks D"]
    assert all(sum(dist.values()) == 1 for _, dist in tables)
