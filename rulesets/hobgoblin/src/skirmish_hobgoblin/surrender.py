"""Game End: a player may surrender, and the opponent wins.

A player is asked in the Initiative Phase of each round from the second on, and only while the battle
has gone against them: they have lost at least half their army's points and have fewer points of units
in play than the opponent (ruling H-9). He (solo play) never surrenders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish import Decision, Option
from skirmish_hobgoblin import expansions

if TYPE_CHECKING:
    from skirmish import Game

RULE = "Game End"


def army_points(game: Game, player: str) -> int:
    """The points of every unit the player brought (in play, set aside or removed)."""
    return sum(u.points for u in game.state.units.values() if u.side == player)


def in_play_points(game: Game, player: str) -> int:
    return sum(u.points for u in game.state.of(player))


def may_surrender(game: Game, player: str) -> bool:
    state = game.state
    if game.round < 2 or expansions.first(game, "hobgoblin_may_surrender", player=player) is False:
        return False  # (the solo opponent never does; team play: the objectives decide)
    mine, theirs = in_play_points(game, player), in_play_points(game, state.enemy_of(player))
    return mine * 2 <= army_points(game, player) and mine < theirs


def offer(game: Game) -> None:
    """Ask each player the battle has gone against (First Player first) whether they surrender."""
    for player in reversed(game.state.order()):
        game.call(_ask, player)


def _ask(game: Game, player: str) -> None:
    if game.result is not None or not may_surrender(game, player):
        return
    enemy = game.state.enemy_of(player)
    mine, theirs = in_play_points(game, player), in_play_points(game, enemy)
    game.ask(Decision(player, "surrender",
                      f"{player}: you have {mine} points of units left to {enemy}'s {theirs}. Fight on or surrender?",
                      options=[Option("fight on", "fight on", data={"action": "fight-on"}),
                               Option("surrender", f"surrender ({enemy} wins the battle)", data={"action": "surrender",
                                      "confirm": f"the battle is lost, {enemy} wins"})],
                      rule=RULE, context={"phase": game.phase, "action": "surrender", "points": mine,
                                          "enemy_points": theirs}),
             _answer, player)


def _answer(game: Game, answer: str, player: str) -> None:
    if answer != "surrender":
        return
    state = game.state
    enemy = state.enemy_of(player)
    game.emit("surrender", f"{player} surrenders: {enemy} wins the battle", rule=RULE, player=player)
    scores = {p: float(s.vp) for p, s in state.sides.items()}
    game.finish((enemy,), f"{player} surrendered", rule=RULE, scores=scores)
