"""Tiny rulesets and agents for testing the kit itself (and tools built on skirmish).

``DiceRace`` is a correct little game: players race to 20 with dice pools and
hidden boost cards; each round's phase order is rolled. Its numbers are content,
passed through ``skirmish_extend_content``. ``TripRace`` adds a response window.
The ``Broken*`` rulesets and agents each get one thing wrong, and each must fail
the conformance check meant for it.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import attrs

from skirmish.agents import AgentContext, RandomAgent, View
from skirmish.decisions import Answer, Decision, LazyDecision, Option, Param
from skirmish.decks import Deck, Hand
from skirmish.engine import Game
from skirmish.pipeline import Phase
from skirmish.ruleset import Ruleset
from skirmish.windows import PASS, PASS_PHASE, open_window

GOAL = 20
#: Dice Race's content, as a ruleset would load it from TOML
CONTENT: dict[str, Any] = {"race": {"goal": GOAL}, "boosts": {"values": [1, 2, 3], "copies": 4, "hand": 2}}


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

    @functools.cached_property
    def content(self) -> dict[str, Any]:
        """The numbers of the race, after plugins had their say (loaded on first use, once hooks are set)."""
        import copy

        return self.extend_content(copy.deepcopy(CONTENT))

    def create(self, game: Game) -> RaceState:
        boosts = self.content["boosts"]
        deck = Deck("boosts", [f"boost{v}-{i}" for i in range(boosts["copies"]) for v in boosts["values"]])
        deck.shuffle(game.rng, game.log, rule="Set-up")
        runners = {p: Runner(p, 0, Hand(p)) for p in game.players}
        for r in runners.values():
            deck.draw(game.rng, game.log, boosts["hand"], to=r.hand, rule="Set-up")
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
        goal = self.content["race"]["goal"]
        if runner.distance >= goal:
            game.finish([player], f"reached {goal}", rule="Victory")

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


class BrokenSkipsContent(DiceRace):
    """Builds its content without ``extend_content``: house rules can never change it."""

    name = "broken-skips-content"

    @functools.cached_property
    def content(self) -> dict[str, Any]:
        import copy

        return copy.deepcopy(CONTENT)


# -- a response window ----------------------------------------------------------------------------------


class TripRace(DiceRace):
    """Dice Race where, after every move, anyone holding a boost may discard it to trip the runner in front.

    The trip is a response window (:func:`skirmish.windows.open_window`): only players holding a card
    while someone else is ahead of them are asked.
    """

    name = "trip-race"
    max_decisions = 1200

    def advance(self, game: Game, player: str, inches: int, rule: str) -> None:
        super().advance(game, player, inches, rule)
        if game.result is None:
            self.open_trip(game)

    def open_trip(self, game: Game) -> None:
        open_window(game, "trip", game.players, self.trips, self.trip, rule="Trip",
                    context={"action": "trip"}, prompt="trip the runner in front?")

    def leader(self, game: Game, player: str) -> Runner | None:
        """The runner furthest ahead of ``player`` (None when nobody is ahead)."""
        mine = game.state.runners[player].distance
        ahead = [r for p, r in game.state.runners.items() if p != player and r.distance > mine]
        return max(ahead, key=lambda r: (r.distance, r.name)) if ahead else None

    def trips(self, game: Game, player: str) -> list[Option]:
        target = self.leader(game, player)
        if target is None:
            return []
        cards = sorted(set(game.state.runners[player].hand.cards))
        return [Option(f"trip:{c}", f"discard {c} to trip {target.name}", data={"card": c, "target": target.name})
                for c in cards]

    def trip(self, game: Game, player: str, value: Answer) -> None:
        card = str(value).removeprefix("trip:")
        game.state.runners[player].hand.remove(card, log=game.log, rule="Trip")
        game.state.deck.discard(card, log=game.log, rule="Trip")
        target = self.leader(game, player)
        if target is not None:
            target.distance -= 1
            game.emit("trip", f"{player} trips {target.name} back to {target.distance}", rule="Trip", player=player)


class LazyRace(DiceRace):
    """Dice Race asking its move as a lazy decision: a family for the legs (sprint, jog), one for the cards."""

    name = "lazy-race"

    def ask_move(self, game: Game, player: str) -> None:
        if game.result is not None:
            return
        game.ask(LazyDecision(game, player, "move", f"{player}: how do you move?", families=("legs", "cards"),
                              build=self.move_family, family_of=self.family_of, args=(player,), rule="Race Phase"),
                 self.moved, player)

    def move_family(self, game: Game, family: str, player: str) -> list[Option]:
        if family == "legs":
            return [Option("sprint", "sprint (roll 3 dice, 4+ moves 2)"), Option("jog", "jog (move some inches)")]
        return [Option(c, f"play {c}") for c in sorted(set(game.state.runners[player].hand.cards))]

    def family_of(self, value: Answer) -> str | None:
        if value in ("sprint", "jog"):
            return "legs"
        return "cards" if isinstance(value, str) and value.startswith("boost") else None


class BrokenLazyFamilyOf(LazyRace):
    """Names the wrong family for the cards: its answers are refused though the whole list offers them."""

    def family_of(self, value: Answer) -> str | None:
        return "legs"


class BrokenWindowOnlyPass(TripRace):
    """Asks every player after each move, even those with nothing to play but "pass"."""

    name = "broken-window-only-pass"

    def open_trip(self, game: Game) -> None:
        for p in reversed(game.players):
            game.ask(Decision(p, "respond", "trip?", options=[Option(PASS), Option(PASS_PHASE)],
                              context={"window": "trip"}, rule="Trip"), _ignore)


class BrokenWindowForgetsPassPhase(TripRace):
    """Asks the holders of a card after each move, forgetting who passed until the end of the phase."""

    name = "broken-window-forgets-pass-phase"

    def open_trip(self, game: Game) -> None:
        for p in reversed(game.players):
            options = self.trips(game, p)
            if options:
                game.ask(Decision(p, "respond", "trip?", options=[*options, Option(PASS), Option(PASS_PHASE)],
                                  context={"window": "trip"}, rule="Trip"), self._answered, p)

    def _answered(self, game: Game, answer: Answer, player: str) -> None:
        if answer not in (PASS, PASS_PHASE):
            self.trip(game, player, answer)


class BrokenWindowForgetsStandingPass(TripRace):
    """Opens its trip windows through core, but wipes the windows' record (the plugin stash) each round, so a
    standing pass is forgotten."""

    name = "broken-window-forgets-standing-pass"

    def open_trip(self, game: Game) -> None:
        if game.stash.get("skirmish.windows", {}).get("round") != game.round:
            game.stash["skirmish.windows"] = {"round": game.round}
        super().open_trip(game)


def _ignore(game: Game, answer: Answer) -> None:
    return None


# -- agents that break the rules ----------------------------------------------------------------------------


class IllegalAgent(RandomAgent):
    """Plays at random, but on its third decision answers something never offered."""

    def __init__(self, ctx: AgentContext) -> None:
        super().__init__(ctx)
        self.asked = 0

    def decide(self, view: View, decision: Decision) -> Answer:
        self.asked += 1
        return "teleport" if self.asked == 3 else super().decide(view, decision)


class MeddlingAgent(RandomAgent):
    """Plays at random, but moves its own runner forward while deciding (it reaches past its view)."""

    def decide(self, view: View, decision: Decision) -> Answer:
        view._game.state.runners[view.player].distance += 1  # noqa: SLF001 - the point of this broken agent
        return super().decide(view, decision)


class CrashingAgent(RandomAgent):
    """Raises on its first decision."""

    def decide(self, view: View, decision: Decision) -> Answer:
        raise KeyError("no plan")
