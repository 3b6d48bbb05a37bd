"""Hobgoblin's ai-hard rates a position with the AI's own objectives (``ai_levels.position``): a unit on a marker
its side scores counts before the round ends, which the points of units in play alone do not see."""

from __future__ import annotations

from skirmish import AgentContext
from skirmish.engine import Game
from skirmish.plugins import worker_registry
from skirmish.runner import drive
from skirmish_hobgoblin import ai_levels
from skirmish_hobgoblin.agents import make_ai


def _first_activation(setup: dict[str, object], seed: int) -> Game:
    """A game played by the AI up to its first choice of which unit activates."""
    rs = worker_registry().ruleset("hobgoblin")
    game = Game(rs, setup, seed=seed, keep_log=False)
    ais = {p: make_ai(AgentContext(p, 1, rs, {}, game.players)) for p in game.players}
    drive(game, ais, until=lambda d: d.kind == "activate")
    assert game.pending is not None
    return game


def test_ai_hard_rates_a_unit_standing_on_its_sides_marker():
    game = _first_activation({"scenario": "wages-of-sin"}, 3)
    seat = game.pending.player
    marker = next(m for m in game.state.markers if m.owner == seat)
    unit = game.state.of(seat)[0]
    assert abs(unit.x - marker.x) + abs(unit.y - marker.y) > 10  # it starts well away from the marker
    fingers, rated, place = ai_levels.evaluate(game, seat), ai_levels.evaluate_hard(game, seat), \
        ai_levels.position(game, seat)
    unit.x, unit.y = marker.x, marker.y
    assert ai_levels.evaluate(game, seat) == fingers  # the points in play and the VP cannot tell
    assert ai_levels.position(game, seat) > place + 100  # the objectives can: the marker is worth a share of a VP
    assert ai_levels.evaluate_hard(game, seat) > rated + 1.0
    other = next(p for p in game.players if p != seat)
    assert ai_levels.position(game, other) == -ai_levels.position(game, seat)


def test_ai_hard_plays_with_the_position_term():
    rs = worker_registry().ruleset("hobgoblin")
    agent = ai_levels.make_hard(AgentContext("red", 1, rs, {}, ("red", "blue")))
    assert agent.levels.evaluate is ai_levels.evaluate_hard
    assert ai_levels.make_easy(AgentContext("red", 1, rs, {}, ("red", "blue"))).levels.evaluate is ai_levels.evaluate
