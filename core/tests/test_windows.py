"""Response windows: only players who can respond are asked; pass, pass for the phase, the standing pass, cycle
and once."""

from __future__ import annotations

from typing import Any

import attrs

from skirmish.agents import AgentContext, RandomAgent, View
from skirmish.decisions import Option
from skirmish.engine import Game
from skirmish.pipeline import Phase, Rounds
from skirmish.ruleset import Ruleset
from skirmish.windows import (
    PASS,
    PASS_PHASE,
    PASS_STANDING,
    open_window,
    quiet_players,
    standing_pass,
    standing_players,
)


@attrs.define
class Cards:
    hands: dict[str, list[str]]
    played: list[str] = attrs.field(factory=list)
    asked: list[str] = attrs.field(factory=list)


class CardTable(Ruleset):
    """Three players with hands of cards; each of two phases opens one window over all of them."""

    name = "card-table"
    title = "Card Table"
    version = "1"
    min_players = 3
    max_players = 3
    mode = "cycle"
    hands = {"ann": ["a1", "a2"], "bo": [], "cy": ["c1"]}

    def create(self, game: Game) -> Cards:
        return Cards({p: list(h) for p, h in self.hands.items()})

    def default_setup(self) -> dict[str, Any]:
        return {"players": ["ann", "bo", "cy"]}

    def start(self, game: Game) -> None:
        game.schedule(Rounds(limit=1))

    def phases(self) -> dict[str, Phase]:
        return {"first": Phase("first", self.body), "second": Phase("second", self.body)}

    def body(self, game: Game) -> None:
        open_window(game, "any time", game.players, self.offer, self.play, mode=self.mode, rule="Cards")

    def offer(self, game: Game, player: str) -> list[Option]:
        game.state.asked.append(player)
        return [Option(c, f"play {c}", data={"card": c}) for c in game.state.hands[player]]

    def play(self, game: Game, player: str, card: Any) -> None:
        game.state.hands[player].remove(card)
        game.state.played.append(card)

    def end_of_round(self, game: Game) -> None:
        game.finish((), "one round", draw=True)


def test_a_window_asks_only_players_who_hold_something_playable() -> None:
    game = Game(CardTable())
    d = game.pending
    assert d.player == "ann" and d.kind == "respond" and d.context["window"] == "any time"
    assert [o.value for o in d.options] == ["a1", "a2", PASS, PASS_PHASE]
    game.answer(PASS)
    assert game.pending.player == "cy"  # bo holds nothing and is never asked


def test_in_cycle_mode_a_response_reopens_the_round_for_everyone() -> None:
    game = Game(CardTable())
    game.answer("a1")  # ann plays
    assert game.pending.player == "cy"
    game.answer(PASS)
    assert game.pending.player == "ann"  # ann may answer again after the others
    game.answer(PASS)
    assert game.phase == "second"  # everyone passed in a row: the window closed


def test_pass_until_the_end_of_the_phase_is_not_asked_again_in_that_phase_only() -> None:
    game = Game(CardTable())
    game.answer(PASS_PHASE)  # ann: quiet for the first phase
    assert quiet_players(game) == ["ann"]
    game.answer("c1")  # cy plays, which re-opens the window
    # ann is quiet and cy has nothing left: the first window closed without asking ann again
    assert game.phase == "second" and game.pending.player == "ann"
    assert quiet_players(game) == []


def test_an_invitation_asks_a_player_who_passed_for_the_phase_and_offers_no_phase_pass() -> None:
    class Invited(CardTable):
        def body(self, game: Game) -> None:
            # scheduled steps run last in, first out: the any-time window is asked first
            open_window(game, "invited", ["ann"], self.offer, self.play, mode="once", rule="Help",
                        invitation=True)
            open_window(game, "any time", game.players, self.offer, self.play, mode="cycle", rule="Cards")

    game = Game(Invited())
    game.answer(PASS_PHASE)  # ann: quiet for the first phase's any-time windows
    game.answer(PASS)  # cy
    d = game.pending
    assert d.player == "ann" and d.context["window"] == "invited"  # asked all the same
    assert [o.value for o in d.options] == ["a1", "a2", PASS]


def test_once_mode_asks_each_eligible_player_a_single_time() -> None:
    class Once(CardTable):
        mode = "once"

    game = Game(Once())
    game.answer("a1")
    assert game.pending.player == "cy"
    game.answer("c1")
    assert game.phase == "second" and game.pending.player == "ann"  # ann was not asked twice in the first


def test_random_agents_finish_a_game_of_windows_and_every_ask_had_a_response() -> None:
    for seed in range(20):
        game = Game(CardTable(), seed=seed)
        agents = {p: RandomAgent(AgentContext(p, seed + i, game.ruleset)) for i, p in enumerate(game.players)}
        while game.pending is not None:
            d = game.pending
            assert any(o.value not in (PASS, PASS_PHASE) for o in d.options)
            game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
        assert game.result is not None and game.result.draw
        assert "bo" not in [e.data.get("player") for e in game.log.of_kind("answer")]


def test_a_standing_pass_is_taken_unlisted_and_leaves_the_player_out_of_later_windows_of_its_rule() -> None:
    class Two(CardTable):
        def body(self, game: Game) -> None:
            open_window(game, "other", game.players, self.offer, self.play, mode="cycle", rule="Other")
            open_window(game, "any time", game.players, self.offer, self.play, mode="cycle", rule="Cards")

    game = Game(Two())
    d = game.pending
    assert standing_pass(d) == PASS_STANDING and PASS_STANDING not in [o.value for o in d.options]
    game.answer(PASS_STANDING)  # ann, in a "Cards" window
    assert standing_players(game, "Cards") == ["ann"] and quiet_players(game) == []
    assert [e.text for e in game.log.of_kind("pass")] == ["ann passes in every Cards window for the rest of the game"]
    game.answer(PASS)  # cy: the Cards window closes
    d = game.pending
    assert d.player == "ann" and d.context["window"] == "other"  # another rule's window still asks ann
    game.answer(PASS)
    game.answer(PASS)  # cy
    # the second phase: ann is left out of the Cards window, unasked; cy is asked
    assert game.phase == "second" and game.pending.player == "cy" and game.pending.context["window"] == "any time"
    assert game.state.asked.count("ann") == 2  # offered in the first phase's two windows only
    game.answer(PASS)
    assert game.pending.player == "ann" and game.pending.context["window"] == "other"


def test_a_standing_pass_is_refused_by_an_invitation_and_by_a_plain_decision() -> None:
    import pytest

    from skirmish.decisions import Decision
    from skirmish.errors import IllegalAnswer

    class Invited(CardTable):
        def body(self, game: Game) -> None:
            open_window(game, "invited", ["ann"], self.offer, self.play, mode="once", rule="Cards", invitation=True)

    game = Game(Invited())
    assert standing_pass(game.pending) is None
    with pytest.raises(IllegalAnswer):
        game.answer(PASS_STANDING)
    assert standing_pass(Decision("ann", "respond", "?", [Option(PASS)], context={"window": "w"})) is None


def test_a_standing_pass_replays_from_the_answers() -> None:
    from skirmish.saves import SaveFile, replay

    game = Game(CardTable(), seed=3)
    game.answer(PASS_STANDING)
    game.answer(PASS)
    again = replay(SaveFile.of(game), CardTable())
    assert again.digest() == game.digest() and standing_players(again, "Cards") == ["ann"]
    assert game.pending.player == again.pending.player == "cy"  # ann is left out of the second phase's window
