"""Every event names its cause: answers, the steps they schedule, phases and rounds chain up for `why`."""

from __future__ import annotations

from typing import Any

import attrs

from skirmish.decisions import choose
from skirmish.engine import Game
from skirmish.keywords import Keyword, KeywordSet
from skirmish.pipeline import Phase, Rounds, end_scope
from skirmish.ruleset import Ruleset


@attrs.define
class State:
    unit: KeywordSet = attrs.field(factory=lambda: KeywordSet("Orc"))


class Shootout(Ruleset):
    """One round with one phase: red picks a target, a die is rolled, a hit follows the roll."""

    name = "shootout"
    title = "Shootout"
    version = "1"

    def create(self, game: Game) -> State:
        return State()

    def start(self, game: Game) -> None:
        game.schedule(Rounds(limit=1))

    def phases(self) -> dict[str, Phase]:
        return {"shooting": Phase("shooting", self.body, "Shooting Phase")}

    def body(self, game: Game) -> None:
        game.ask(choose("player1", "target", "shoot whom?", ["ogre"]), self.shoot)

    def shoot(self, game: Game, target: Any) -> None:
        game.call(self.roll, target)

    def roll(self, game: Game, target: str) -> None:
        rolled = game.emit("roll", "rolled 5", rule="Shooting")
        with game.because(rolled):
            game.emit("hit", f"{target} is hit", rule="Shooting")

    def end_of_round(self, game: Game) -> None:
        game.finish(["player1"], "one shot")


def test_why_chains_a_hit_to_its_roll_the_answer_the_phase_and_the_round() -> None:
    game = Game(Shootout())
    game.answer("ogre")
    hit = next(game.log.of_kind("hit"))
    chain = [e.kind for e in game.log.why(hit.seq)]
    assert chain == ["hit", "roll", "answer", "phase", "round"]


def test_an_explicit_cause_wins_over_the_current_one() -> None:
    game = Game(Shootout())
    first = next(game.log.of_kind("start"))
    ev = game.emit("note", "x", cause=first)
    assert ev.cause == first.seq
    assert game.emit("note", "y", cause=None).cause is None


def test_clones_keep_the_causes_of_scheduled_steps() -> None:
    game = Game(Shootout())
    clone = game.clone(keep_log=True)
    clone.answer("ogre")
    game.answer("ogre")
    assert [e.cause for e in clone.log] == [e.cause for e in game.log]


def test_stash_is_copied_with_clones_not_shared() -> None:
    game = Game(Shootout())
    game.stash.setdefault("tally", {})["shots"] = 1
    clone = game.clone()
    clone.stash["tally"]["shots"] = 2
    assert game.stash["tally"]["shots"] == 1


def test_end_scope_expires_activation_and_turn_keywords_and_logs_it() -> None:
    game = Game(Shootout())
    unit = game.state.unit
    unit.add(Keyword("Inspired", until="activation"))
    unit.add(Keyword("Hasted", until="turn"))
    unit.add(Keyword("Shaken", until="round"))
    end_scope(game, "activation")
    assert unit.has("Hasted") and not unit.has("Inspired")
    end_scope(game, "turn")
    assert not unit.has("Hasted") and unit.has("Shaken")
    assert any("Inspired" in e.text for e in game.log.of_kind("keyword"))


def test_a_round_starts_a_chain_of_its_own_even_after_an_answer_before_the_first() -> None:
    class AskFirst(Shootout):
        def start(self, game: Game) -> None:
            game.ask(choose("player1", "edge", "which edge?", ["north"]), lambda g, a: g.schedule(Rounds(limit=2)))

        def end_of_round(self, game: Game) -> None:
            if game.round == 2:
                game.finish(["player1"], "two rounds")

    game = Game(AskFirst())
    game.answer("north")
    game.answer("ogre")
    rounds = list(game.log.of_kind("round"))
    assert len(rounds) == 2 and all(r.cause is None for r in rounds)
