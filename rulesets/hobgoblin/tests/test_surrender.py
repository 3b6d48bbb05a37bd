"""Game End: surrender (offered from round 2 to a player who has lost half their army and is behind)."""

from __future__ import annotations

from hob_bench import battle, run, unit

from skirmish_hobgoblin import surrender, turns
from skirmish_hobgoblin.state import REMOVED


def _losing_red():
    g = battle([{"name": "A", "x": 20, "y": 10}, {"name": "A2", "x": 40, "y": 10}],
               [{"name": "B", "x": 20, "y": 40}, {"name": "B2", "x": 40, "y": 40}], dice=[6])
    g.answer("red")  # round 1: red keeps the token
    unit(g, "A2").status = REMOVED
    g.round = 2
    return g


def test_surrender_ends_the_game_and_the_opponent_wins():
    g = _losing_red()
    run(g, turns.initiative_phase, dice=[6])
    assert g.pending.kind == "initiative"
    g.answer("red")
    assert g.pending.kind == "surrender" and g.pending.player == "red"
    assert [o.value for o in g.pending.options] == ["fight on", "surrender"]
    g.answer("surrender")
    assert g.result is not None and g.result.outcome("blue") == "win" and g.result.outcome("red") == "loss"
    assert any(e.kind == "surrender" for e in g.log.events)


def test_surrender_fight_on_carries_on_with_the_round():
    g = _losing_red()
    run(g, turns.initiative_phase, dice=[6])
    g.answer("red")
    g.answer("fight on")
    assert g.result is None and g.pending.kind != "surrender"


def test_surrender_is_not_offered_in_round_one_or_to_a_player_ahead_or_to_him():
    g = _losing_red()
    assert surrender.may_surrender(g, "red") and not surrender.may_surrender(g, "blue")
    g.round = 1
    assert not surrender.may_surrender(g, "red")
    g.round = 2
    g.state.notes["him:red"] = True
    assert not surrender.may_surrender(g, "red")
    g.state.notes.pop("him:red")
    unit(g, "B2").status = REMOVED  # level on points: not behind any more
    assert not surrender.may_surrender(g, "red")
