"""Tiny rulesets for testing the kit itself (and tools built on skirmish).

``DiceRace`` is a correct little game: players race to 20 with dice pools and
hidden boost cards; each round's phase order is rolled. The ``Broken*`` variants
each get one thing wrong, and each must fail the conformance check meant for it.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from skirmish.decisions import Decision, Option, Param
from skirmish.decks import Deck, Hand
from skirmish.engine import Game
from skirmish.pipeline import Phase
from skirmish.ruleset import Ruleset

GOAL = 20


@attrs.define
class Runner:
    name: str
    distance: int = 0
    hand: Hand = attrs.field(factory=lambda: Hand(""))


@attrs.define
class RaceState:
    runners: dict[str, Runner]
    deck: Deck


class DiceRace(Ruleset):
    """Dice race: sprint with dice or play hidden boost cards; first to 20 wins."""

    name = "dice-race"
    title = "Dice Race"
    version = "1.0"
    min_players = 2
    max_players = 4
    max_decisions = 400
    perfect_information = False

    def create(self, game: Game) -> RaceState:
        deck = Deck("boosts", [f"boost{v}-{i}" for i in range(4) for v in (1, 2, 3)])
        deck.shuffle(game.rng, game.log, rule="Set-up")
        runners = {p: Runner(p, 0, Hand(p)) for p in game.players}
        for r in runners.values():
            deck.draw(game.rng, game.log, 2, to=r.hand, rule="Set-up")
        return RaceState(runners, deck)

    def phases(self) -> dict[str, Phase]:
        return {"draw": Phase("draw", self.draw_phase, "Draw Phase"),
                "race": Phase("race", self.race_phase, "Race Phase")}

    def phase_order(self, game: Game) -> list[str]:
        roll = game.rng.roll(6, rule="Round Order", why="round order")
        return ["draw", "race"] if roll % 2 else ["race", "draw"]

    def draw_phase(self, game: Game) -> None:
        for r in game.state.runners.values():
            if len(r.hand) < 3:
                game.state.deck.draw(game.rng, game.log, 1, to=r.hand, rule="Draw Phase")

    def race_phase(self, game: Game) -> None:
        for p in reversed(game.players):
            game.call(self.ask_move, p)

    def ask_move(self, game: Game, player: str) -> None:
        if game.result is not None:
            return
        runner = game.state.runners[player]
        options = [Option("sprint", "sprint (roll 3 dice, 4+ moves 2)"), Option("jog", "jog (move some inches)")]
        options += [Option(c, f"play {c}") for c in sorted(set(runner.hand.cards))]
        game.ask(Decision(player, "move", f"{player}: how do you move?", options=options, rule="Race Phase"),
                 self.moved, player)

    def moved(self, game: Game, answer: Any, player: str) -> None:
        runner = game.state.runners[player]
        if answer == "sprint":
            hits = sum(v >= 4 for v in game.rng.rolls_of(3, rule="Sprint", why=f"{player} sprints"))
            self.advance(game, player, 2 * hits, "Sprint")
        elif answer == "jog":
            game.ask(Decision(player, "jog", "jog how far?", params=(Param("inches", "int", 0, 3),),
                              validator=self.check_jog, examples=({"inches": 1},), rule="Jog"),
                     self.jogged, player)
        else:
            runner.hand.remove(answer, log=game.log, rule="Boost")
            game.state.deck.discard(answer, log=game.log, rule="Boost")
            self.advance(game, player, int(answer[5]), "Boost")

    def check_jog(self, game: Game, answer: dict[str, Any]) -> str | None:
        return "a jog of 0 is standing still; choose 1 to 3" if answer["inches"] == 0 else None

    def jogged(self, game: Game, answer: dict[str, Any], player: str) -> None:
        self.advance(game, player, answer["inches"], "Jog")

    def advance(self, game: Game, player: str, inches: int, rule: str) -> None:
        runner = game.state.runners[player]
        runner.distance += inches
        game.emit("move", f"{player} moves {inches} to {runner.distance}", rule=rule, player=player)
        if runner.distance >= GOAL:
            game.finish([player], f"reached {GOAL}", rule="Victory")

    def view(self, game: Game, player: str | None) -> dict[str, Any]:
        return {"runners": {p: {"distance": r.distance, "hand": r.hand.view(player)}
                            for p, r in game.state.runners.items()},
                "deck": len(game.state.deck)}

    def secrets(self, game: Game, player: str) -> list[str]:
        return list(game.state.runners[player].hand.cards)

    def determinize(self, game: Game, player: str, *, sample: int = 0) -> Game:
        clone = game.clone()
        unseen = [c for p, r in clone.state.runners.items() if p != player for c in r.hand.cards]
        unseen += clone.state.deck.draw_pile
        random.Random(game.decisions * 1_000 + sample).shuffle(unseen)
        for p, r in clone.state.runners.items():
            if p != player:
                r.hand.cards = [unseen.pop() for _ in r.hand.cards]
        clone.state.deck.draw_pile = unseen
        return clone


class BrokenIgnoresSeed(DiceRace):
    """Rolls with the global ``random`` module, so the seed does not fix the game."""

    name = "broken-ignores-seed"

    def phase_order(self, game: Game) -> list[str]:
        return ["draw", "race"] if random.random() < 0.5 else ["race", "draw"]


class BrokenLeaksHand(DiceRace):
    """Announces every player's hand to everybody."""

    name = "broken-leaks-hand"

    def draw_phase(self, game: Game) -> None:
        super().draw_phase(game)
        for r in game.state.runners.values():
            game.emit("note", f"{r.name} holds {', '.join(r.hand.cards)}", rule="Draw Phase")


class BrokenNeverEnds(DiceRace):
    """Nobody ever moves forward."""

    name = "broken-never-ends"

    def advance(self, game: Game, player: str, inches: int, rule: str) -> None:
        game.emit("move", f"{player} runs on the spot", rule=rule)


_GLOBAL = {"moves": 0}


class BrokenKeepsStateOutside(DiceRace):
    """Keeps a move counter outside the game state: clones and reloads drift apart."""

    name = "broken-keeps-state-outside"

    def advance(self, game: Game, player: str, inches: int, rule: str) -> None:
        _GLOBAL["moves"] += 1
        super().advance(game, player, inches + (_GLOBAL["moves"] % 3 == 0), rule)


class BrokenRefusesOwnExamples(DiceRace):
    """Its jog form gives an example that its own validator refuses."""

    name = "broken-refuses-examples"

    def check_jog(self, game: Game, answer: dict[str, Any]) -> str | None:
        return "only a jog of 3 is allowed" if answer["inches"] != 3 else None


class BrokenValidatorChangesState(DiceRace):
    """Its validator moves the runner while it refuses: a refused answer changes the game."""

    name = "broken-validator-changes-state"

    def check_jog(self, game: Game, answer: dict[str, Any]) -> str | None:
        if answer["inches"] == 0:
            game.state.runners[game.pending.player].distance += 1
            return "a jog of 0 is standing still"
        return None


class BrokenSetOrder(DiceRace):
    """Orders the draw by iterating a set of names, which depends on the process's hash seed."""

    name = "broken-set-order"

    def race_phase(self, game: Game) -> None:
        for p in {*game.players}:
            game.call(self.ask_move, p)
