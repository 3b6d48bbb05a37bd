"""The engine: step order, asking and answering, ending, cloning, loaded dice and digests."""

from __future__ import annotations

import copy
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.agents import AgentContext, RandomAgent, View
from skirmish.decisions import Decision, Param, choose
from skirmish.engine import Do, Game, Result, Step, canonical
from skirmish.errors import IllegalAnswer, SetupError
from skirmish.markers import hookimpl
from skirmish.plugins import make_plugin_manager
from skirmish.ruleset import Ruleset
from skirmish.runner import agent_seed
from skirmish.saves import SaveFile, replay
from skirmish.testing.samples import DiceRace

# -- tiny rulesets ------------------------------------------------------------------------


def note(game: Game, what: str) -> None:
    game.state["trace"].append(what)


class Tiny(Ruleset):
    """A base for the rulesets below: a trace of what ran, two players."""

    name = "tiny"
    title = "Tiny"
    version = "1"

    def default_setup(self) -> dict[str, Any]:
        return {"players": ["alice", "bob"]}

    def create(self, game: Game) -> dict[str, Any]:
        return {"trace": []}

    def start(self, game: Game) -> None:
        pass


class Ordering(Tiny):
    """Schedules steps that schedule more steps."""

    def start(self, game: Game) -> None:
        game.schedule(Do(self.first), Do(note, ("B",)), Do(note, ("C",)))

    def first(self, game: Game) -> None:
        note(game, "A")
        game.schedule(Do(note, ("A1",)), Do(note, ("A2",)))
        game.call(note, "A0")  # call: runs next, before A1


class Quiz(Tiny):
    """alice picks a colour, then bob says how far (a form with a validator), then alice wins."""

    def start(self, game: Game) -> None:
        game.ask(choose("alice", "colour", "pick a colour", [("red", "Red"), ("blue", "Blue")], rule="Colours"),
                 self.picked)

    def picked(self, game: Game, answer: Any) -> None:
        note(game, f"colour={answer}")
        game.ask(Decision("bob", "distance", "how far?", params=(Param("inches", "int", 0, 6),),
                          validator=self.no_three, examples=({"inches": 1},), rule="Distance"), self.measured)

    def no_three(self, game: Game, answer: dict[str, Any]) -> str | None:
        return "3 is unlucky" if answer["inches"] == 3 else None

    def measured(self, game: Game, answer: dict[str, Any]) -> None:
        note(game, f"inches={answer['inches']}")
        game.finish(["alice"], "alice answered first", rule="Quiz", scores={"alice": 1.5})


class FinishEarly(Tiny):
    """Finishes in the middle of a step; later steps must never run."""

    def start(self, game: Game) -> None:
        game.schedule(Do(note, ("before",)), Do(self.end), Do(note, ("after",)))

    def end(self, game: Game) -> None:
        game.finish(["bob"], "bob wins at once", rule="Sudden death")
        game.finish(["alice"], "too late")  # a second finish changes nothing
        note(game, "rest of the step")


class AskThenFinish(Step):
    def run(self, game: Game) -> Decision | None:
        game.finish([], "ended while asking")
        return choose("alice", "never", "never asked", ["x"])


class FinishWhileAsking(Tiny):
    def start(self, game: Game) -> None:
        game.schedule(AskThenFinish())


class Refill(Tiny):
    """out_of_steps schedules more work three times, then lets the engine end the game."""

    def out_of_steps(self, game: Game) -> None:
        if len(game.state["trace"]) < 3:
            game.call(note, f"refill{len(game.state['trace'])}")


class Rolls(Tiny):
    """Asks alice to roll three times; each roll is logged."""

    def start(self, game: Game) -> None:
        for _ in range(3):
            game.ask(choose("alice", "roll", "roll?", ["roll"]), self.rolled)

    def rolled(self, game: Game, answer: Any) -> None:
        note(game, str(game.rng.roll(6, why="test roll")))


@attrs.define
class Bag:
    tags: set[str]
    nested: dict[str, frozenset[int]]
    score: float = 2.0


class SetState(Tiny):
    def __init__(self, order: list[str], ints: list[int]) -> None:
        super().__init__()
        self.order, self.ints = order, ints

    def create(self, game: Game) -> Bag:
        return Bag(set(self.order), {"n": frozenset(self.ints)})


class Recorder:
    """An observer plugin counting the hooks it is called with."""

    def __init__(self) -> None:
        self.starts = 0
        self.ends: list[Result] = []
        self.events: list[int] = []

    @hookimpl
    def skirmish_game_start(self, game: Game) -> None:
        self.starts += 1

    @hookimpl
    def skirmish_game_end(self, game: Game, result: Result) -> None:
        self.ends.append(result)

    @hookimpl
    def skirmish_event(self, game: Game, event: Any) -> None:
        self.events.append(event.seq)


def _state(game: Game) -> tuple[Any, ...]:
    return (game.digest(), game.decisions, len(game.log), list(game.answers), game.pending, copy.deepcopy(game.state))


def _agents(game: Game, seed: int) -> dict[str, RandomAgent]:
    return {p: RandomAgent(AgentContext(p, agent_seed(seed, i), game.ruleset, {}, game.players))
            for i, p in enumerate(game.players)}


def _play(game: Game, agents: dict[str, RandomAgent], most: int | None = None) -> None:
    while game.pending is not None and (most is None or game.decisions < most):
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)


def _fingerprint(events: Any) -> list[tuple[Any, ...]]:
    return [(e.kind, e.text, e.rule, repr(sorted(e.data.items())), e.visible_to) for e in events]


def _quiz() -> Game:
    return Game(Quiz(), {"players": ["alice", "bob"]})


# -- step order -------------------------------------------------------------------------------

def test_schedule_runs_steps_first_given_first_and_before_what_was_already_scheduled() -> None:
    game = Game(Ordering())
    assert game.state["trace"] == ["A", "A0", "A1", "A2", "B", "C"]


def test_a_game_with_nothing_to_do_ends_as_a_draw() -> None:
    game = Game(Tiny())
    assert game.over
    assert game.result == Result((), "the rules have nothing left to do", "End of game", draw=True)
    assert game.result.draw
    assert game.pending is None
    assert [e.kind for e in game.log] == ["start", "end"]


def test_out_of_steps_may_schedule_more_work_before_the_game_ends() -> None:
    game = Game(Refill())
    assert game.state["trace"] == ["refill0", "refill1", "refill2"]
    assert game.result is not None and game.result.draw


# -- asking and answering --------------------------------------------------------------------

def test_the_engine_stops_at_a_decision_and_an_answer_resumes_it() -> None:
    game = _quiz()
    assert game.pending is not None and game.pending.kind == "colour"
    assert game.state["trace"] == []
    game.answer("blue", "alice")
    assert game.state["trace"] == ["colour=blue"]
    assert game.pending.kind == "distance" and game.pending.player == "bob"
    game.answer({"inches": "4"})  # no player given: allowed
    assert game.state["trace"] == ["colour=blue", "inches=4"]
    assert game.answers == [{"player": "alice", "value": "blue"}, {"player": "bob", "value": {"inches": 4}}]
    assert game.decisions == 2
    assert game.result == Result(("alice",), "alice answered first", "Quiz", {"alice": 1.5},
                                 winning_seats=("alice",))


def test_an_answer_is_logged_privately_with_a_public_note() -> None:
    game = _quiz()
    game.answer("red", "alice")
    (answer,) = game.log.of_kind("answer")
    assert answer.text == "alice: colour -> Red"
    assert answer.rule == "Colours"
    assert answer.visible_to == ("alice",)
    assert answer.seen_by("bob").text == "alice decided (Colours)"  # the rule, never the internal kind


def test_a_form_answer_is_logged_as_compact_json() -> None:
    game = _quiz()
    game.answer("red", "alice")
    game.answer({"inches": 5}, "bob")
    texts = [e.text for e in game.log.of_kind("answer")]
    assert texts[1] == 'bob: distance -> {"inches":5}'


@pytest.mark.parametrize(("answer", "player", "message"), [
    ("green", "alice", "'green' is not one of the answers to 'pick a colour'"),
    (None, "alice", "cannot be empty"),
    ("red", "bob", "it is alice's decision, not bob's"),
])
def test_an_illegal_answer_to_an_option_is_refused_and_changes_nothing(answer: Any, player: str, message: str) -> None:
    game = _quiz()
    before = _state(game)
    with pytest.raises(IllegalAnswer, match=message):
        game.answer(answer, player)
    assert _state(game) == before


@pytest.mark.parametrize(("answer", "message"), [
    ({"inches": 3}, "3 is unlucky"),
    ({"inches": 7}, "inches must be between 0 and 6"),
    ({"inches": 1, "feet": 1}, "unknown field 'feet'"),
    ({}, "missing inches"),
    (4, "'how far\\?' wants inches"),
])
def test_an_illegal_form_answer_is_refused_with_its_reason_and_changes_nothing(answer: Any, message: str) -> None:
    game = _quiz()
    game.answer("red", "alice")
    before = _state(game)
    with pytest.raises(IllegalAnswer, match=message):
        game.answer(answer, "bob")
    assert _state(game) == before
    game.answer({"inches": 2}, "bob")  # and the game goes on normally
    assert game.over


def test_answering_after_the_end_is_refused() -> None:
    game = _quiz()
    game.answer("red", "alice")
    game.answer({"inches": 1}, "bob")
    before = _state(game)
    with pytest.raises(IllegalAnswer, match="the game is over"):
        game.answer("red", "alice")
    assert _state(game) == before


# -- ending --------------------------------------------------------------------------------------

def test_finish_stops_the_engine_at_once_and_records_the_first_result() -> None:
    game = Game(FinishEarly())
    assert game.state["trace"] == ["before", "rest of the step"]  # "after" never ran
    assert game.result == Result(("bob",), "bob wins at once", "Sudden death", winning_seats=("bob",))
    assert game.over and game.pending is None
    ends = list(game.log.of_kind("end"))
    assert len(ends) == 1
    assert ends[0].text == "game over: bob wins - bob wins at once"
    assert ends[0].data == {"winners": ["bob"], "draw": False, "winning_seats": ["bob"]}


def test_a_decision_returned_after_finish_is_never_asked() -> None:
    game = Game(FinishWhileAsking())
    assert game.pending is None
    assert game.result is not None and game.result.reason == "ended while asking"
    assert list(game.log.of_kind("end"))[0].text == "game over: nobody wins - ended while asking"
    assert game.result.outcome("alice") == game.result.outcome("bob") == "loss"  # no winner is not a draw


def test_finish_calls_the_game_end_hook_once_with_the_result() -> None:
    rec = Recorder()
    pm = make_plugin_manager(entry_points=False, plugins=[("rec", rec)])
    game = Game(FinishEarly(), hooks=pm.hook)
    assert rec.starts == 1
    assert rec.ends == [game.result]
    assert rec.events == list(range(len(game.log)))


# -- set-up ----------------------------------------------------------------------------------------

def test_the_set_up_is_checked_and_copied() -> None:
    setup = {"players": ["x", "y"], "extra": [1]}
    game = Game(Tiny(), setup)
    setup["extra"].append(2)
    assert game.setup["extra"] == [1]
    assert game.players == ("x", "y")
    with pytest.raises(SetupError, match="tiny is played by 2 players, the set-up names 3"):
        Game(Tiny(), {"players": ["a", "b", "c"]})


def test_the_default_set_up_is_used_when_none_is_given() -> None:
    assert Game(Tiny()).players == ("alice", "bob")


# -- loaded dice --------------------------------------------------------------------------------

def test_load_dice_is_recorded_with_the_answers_and_used_next() -> None:
    game = Game(Rolls(), seed=4)
    game.answer("roll")
    game.load_dice([6, 1])
    game.answer("roll")
    game.answer("roll")
    assert game.answers[1] == {"dice": [6, 1]}
    assert game.state["trace"][1:] == ["6", "1"]
    rolls = [e.text for e in game.log.of_kind("roll")]
    assert rolls[1:] == ["test roll: d6 -> 6 (loaded)", "test roll: d6 -> 1 (loaded)"]
    assert [e.text for e in game.log.of_kind("dice")] == ["next dice loaded: 6, 1"]
    assert game.decisions == 3


def test_loaded_dice_replay_from_the_answers() -> None:
    game = Game(Rolls(), seed=4)
    game.answer("roll")
    game.load_dice([2, 2])
    game.answer("roll")
    game.answer("roll")
    again = replay(SaveFile.of(game), Rolls())
    assert again.state == game.state
    assert again.digest() == game.digest()
    assert _fingerprint(again.log) == _fingerprint(game.log)


def test_load_dice_with_replace_drops_the_dice_not_yet_rolled() -> None:
    game = Game(Rolls(), seed=4)
    game.load_dice([1, 1, 1])
    game.answer("roll")
    game.load_dice([5], replace=True)
    game.answer("roll")
    game.answer("roll")
    assert game.state["trace"][:2] == ["1", "5"]
    assert game.answers[2] == {"dice": [5], "replace": True}
    assert [e.text for e in game.log.of_kind("dice")][1] == "next dice set to: 5"
    assert replay(SaveFile.of(game), Rolls()).state == game.state


def test_dice_loaded_when_the_game_is_made_come_first() -> None:
    game = Game(Rolls(), seed=4, dice=[5, 4, 3])
    for _ in range(3):
        game.answer("roll")
    assert game.state["trace"] == ["5", "4", "3"]


# -- digest ----------------------------------------------------------------------------------------

def test_digest_does_not_depend_on_set_order() -> None:
    # 1 and 9 share a slot in a small set, so insertion order decides iteration order
    assert list({1, 9}) != list({9, 1})
    a = Game(SetState(["x", "y", "z"], [1, 9]))
    b = Game(SetState(["z", "y", "x"], [9, 1]))
    assert list(a.state.nested["n"]) != list(b.state.nested["n"])
    assert a.digest() == b.digest()


def test_digest_changes_with_the_state() -> None:
    a = Game(SetState(["x"], [1]))
    b = Game(SetState(["x"], [2]))
    assert a.digest() != b.digest()
    assert len(a.digest()) == 32


def test_canonical_sorts_sets_unstructures_attrs_and_normalises_numbers() -> None:
    bag = Bag({"b", "a"}, {"n": frozenset({3, 1})}, score=2.0)
    assert canonical(bag) == {"tags": ["a", "b"], "nested": {"n": [1, 3]}, "score": 2}
    assert canonical((1, 0.1 + 0.2)) == [1, 0.3]
    assert canonical({1: (2,)}) == {"1": [2]}


def test_same_seed_and_answers_give_the_same_digest() -> None:
    def play(seed: int) -> Game:
        game = Game(DiceRace(), seed=seed)
        _play(game, _agents(game, seed))
        return game

    assert play(3).digest() == play(3).digest()
    assert play(3).digest() != play(4).digest()


# -- views --------------------------------------------------------------------------------------

def test_view_hides_the_details_of_another_players_decision() -> None:
    game = _quiz()
    mine = game.view("alice")["pending"]
    theirs = game.view("bob")["pending"]
    assert mine["options"] == [{"value": "red", "label": "Red"}, {"value": "blue", "label": "Blue"}]
    assert theirs == {"player": "alice", "kind": "colour"}
    assert game.view(None)["pending"]["prompt"] == "pick a colour"


# -- cloning --------------------------------------------------------------------------------------

@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 25))
def test_a_clone_continues_exactly_like_the_original_given_the_same_answers(seed: int, cut: int) -> None:
    game = Game(DiceRace(), seed=seed)
    agents = _agents(game, seed)
    _play(game, agents, most=cut)
    clone = game.clone(keep_log=True)
    assert clone.digest() == game.digest()
    done = len(game.answers)
    _play(game, agents)
    for entry in game.answers[done:]:
        assert clone.pending is not None, "the clone ended early"
        clone.answer(entry["value"], entry["player"])
    assert clone.pending is None
    assert clone.result == game.result
    assert clone.digest() == game.digest()
    assert clone.answers == game.answers
    assert (clone.decisions, clone.round, clone.rng.rolls, clone.rng.draws) == (
        game.decisions, game.round, game.rng.rolls, game.rng.draws)
    assert _fingerprint(clone.log) == _fingerprint(game.log)


def test_changing_a_clone_does_not_change_the_original() -> None:
    game = Game(DiceRace(), seed=1)
    agents = _agents(game, 1)
    _play(game, agents, most=3)
    before = _state(game)
    view = game.view(None)
    clone = game.clone()
    clone.state.runners["player1"].distance += 7
    clone.state.runners["player1"].hand.cards.clear()
    clone.state.deck.draw_pile.clear()
    clone.rng.roll(6)
    clone.load_dice([1])
    _play(clone, _agents(clone, 99))
    assert clone.over
    assert _state(game) == before
    assert game.view(None) == view
    assert not game.over


def test_a_clone_without_a_log_counts_events_but_stores_none() -> None:
    game = Game(DiceRace(), seed=2)
    clone = game.clone()
    assert clone.log.events == []
    assert len(clone.log) == len(game.log)
    _play(clone, _agents(clone, 2), most=4)
    assert clone.log.events == []
    assert len(clone.log) > len(game.log)
    assert game.log.events  # the original still keeps its log


def test_a_clone_does_not_fire_observer_hooks() -> None:
    rec = Recorder()
    pm = make_plugin_manager(entry_points=False, plugins=[("rec", rec)])
    game = Game(DiceRace(), seed=5, hooks=pm.hook)
    agents = _agents(game, 5)
    _play(game, agents, most=2)
    seen = list(rec.events)
    assert seen == list(range(len(game.log)))
    clone = game.clone(keep_log=True)
    _play(clone, _agents(clone, 5))
    assert clone.over
    assert rec.events == seen
    assert rec.ends == []
    assert rec.starts == 1
    _play(game, agents)
    assert rec.ends == [game.result]
    assert rec.events == list(range(len(game.log)))


def test_run_executes_a_rules_function_then_asks_the_pending_decision_again() -> None:
    from skirmish.testing.samples import DiceRace

    game = Game(DiceRace(), seed=4)
    pending = game.pending
    seen: list[int] = []
    game.run(lambda g, n: seen.append(n), 7)
    assert seen == [7]
    assert game.pending == pending
    game.answer("sprint")
    assert game.decisions == 1
