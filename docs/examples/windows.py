"""A response window: after each roll, anyone holding a jinx may spend it to wipe that roll's score out."""

from __future__ import annotations

from typing import Any

import attrs
from duel import Duel, DuelState

from skirmish import Game, Option, open_window
from skirmish.testing import check_response_windows


@attrs.define
class JinxState(DuelState):
    jinxes: dict[str, int] = attrs.field(factory=dict)
    last: dict[str, Any] = attrs.field(factory=dict)


def offer(game: Game, player: str) -> list[Option]:
    """What ``player`` can play now. Empty: the window does not ask ``player`` at all."""
    last = game.state.last
    if not game.state.jinxes[player] or not last or last["player"] == player:
        return []
    return [Option("jinx", f"jinx {last['player']} (-{last['score']})",
                   data={"action": "jinx", "target": last["player"], "score": last["score"]})]


def resolve(game: Game, player: str, value: Any) -> None:
    """Apply the chosen response (it may schedule more steps; they run before anyone else is asked)."""
    last = game.state.last
    game.state.jinxes[player] -= 1
    game.state.points[last["player"]] -= last["score"]
    game.emit("jinx", f"{player} jinxes {last['player']}: -{last['score']}", rule="Jinx", player=player)
    game.state.last = {}


class JinxDuel(Duel):
    name = "jinx-duel"
    max_decisions = 200

    def create(self, game: Game) -> JinxState:
        return JinxState({p: 0 for p in game.players}, {p: 1 for p in game.players})

    def after_roll(self, game: Game, player: str, score: int) -> None:
        if score:
            game.state.last = {"player": player, "score": score}
            open_window(game, "jinx", game.players, offer, resolve, rule="Jinx", mode="cycle",
                        prompt="jinx that roll?", context={"roller": player})


if __name__ == "__main__":
    game = Game(JinxDuel(), seed=1, dice=[6, 6])
    game.answer({"dice": 2})  # Red scores 12; only Blue holds a jinx that can answer it, so only Blue is asked
    d = game.pending
    assert (d.kind, d.player, d.context["window"], d.context["roller"]) == ("respond", "Blue", "jinx", "Red")
    assert [o.value for o in d.options] == ["jinx", "pass", "pass-phase"]
    game.answer("jinx")
    assert game.state.points["Red"] == 0 and game.pending.kind == "dice"
    check_response_windows(JinxDuel(), seed=2)
