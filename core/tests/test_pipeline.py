"""Rounds of phases: run-time phase order, plugin steps around phases, keyword expiry, round limits."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from skirmish.decisions import choose
from skirmish.engine import Game
from skirmish.keywords import Keyword, KeywordSet
from skirmish.markers import hookimpl
from skirmish.pipeline import Phase, Rounds
from skirmish.plugins import make_plugin_manager
from skirmish.ruleset import Ruleset


@attrs.define
class State:
    trace: list[str] = attrs.field(factory=list)
    unit: KeywordSet = attrs.field(factory=lambda: KeywordSet("unit"))


def note(game: Game, what: str) -> None:
    game.state.trace.append(what)


class ThreePhases(Ruleset):
    """Phases a, b, c; each round's order is the usual one rotated by the round number."""

    name = "three-phases"
    title = "Three Phases"
    version = "1"
    limit = 3

    def create(self, game: Game) -> State:
        return State()

    def start(self, game: Game) -> None:
        game.schedule(Rounds(limit=self.limit))

    def phases(self) -> dict[str, Phase]:
        return {n: Phase(n, self.body, f"Phase {n.upper()}") for n in ("a", "b", "c")}

    def phase_order(self, game: Game) -> list[str]:
        names = list(self.phases())
        k = (game.round - 1) % len(names)
        return names[k:] + names[:k]

    def body(self, game: Game) -> None:
        note(game, f"body {game.phase}")
        game.call(note, f"body-step {game.phase}")

    def end_of_round(self, game: Game) -> None:
        note(game, f"end of round {game.round} (phase {game.phase!r})")


class Hooks:
    """A plugin adding steps at the start and the end of every phase."""

    @hookimpl
    def skirmish_phase_start(self, game: Game, phase: str) -> None:
        game.call(note, f"pre {phase}")

    @hookimpl
    def skirmish_phase_end(self, game: Game, phase: str) -> None:
        game.call(note, f"post {phase}")


def _hooks(*plugins: Any) -> Any:
    return make_plugin_manager(entry_points=False, plugins=[(f"p{i}", p) for i, p in enumerate(plugins)]).hook


def _phases(game: Game) -> list[tuple[int, str]]:
    return [(e.data["round"], e.data["phase"]) for e in game.log.of_kind("phase")]


def test_each_round_runs_the_phases_in_the_order_phase_order_gives() -> None:
    game = Game(ThreePhases())
    assert _phases(game) == [(1, "a"), (1, "b"), (1, "c"), (2, "b"), (2, "c"), (2, "a"), (3, "c"), (3, "a"), (3, "b")]
    rounds = list(game.log.of_kind("round"))
    assert [e.text for e in rounds] == ["round 1 begins: a > b > c", "round 2 begins: b > c > a",
                                        "round 3 begins: c > a > b"]
    assert [e.data["order"] for e in rounds][1] == ["b", "c", "a"]


def test_phase_events_name_the_phase_rule() -> None:
    game = Game(ThreePhases())
    first = next(game.log.of_kind("phase"))
    assert first.text == "a phase"
    assert first.rule == "Phase A"


def test_a_phase_body_and_its_steps_run_inside_the_phase_and_rounds_end_after_their_phases() -> None:
    game = Game(ThreePhases())
    assert game.state.trace[:7] == ["body a", "body-step a", "body b", "body-step b", "body c", "body-step c",
                                    "end of round 1 (phase '')"]


def test_rounds_limit_stops_after_that_many_rounds_and_the_game_ends_as_a_draw() -> None:
    class Two(ThreePhases):
        limit = 2

    game = Game(Two())
    assert game.round == 2
    assert len(list(game.log.of_kind("round"))) == 2
    assert game.result is not None and game.result.draw
    assert game.result.reason == "the rules have nothing left to do"


def test_rounds_without_a_limit_go_on_until_end_of_round_finishes_the_game() -> None:
    class UntilFour(ThreePhases):
        limit = 0

        def end_of_round(self, game: Game) -> None:
            if game.round == 4:
                game.finish(["player2"], "four rounds played")

    game = Game(UntilFour())
    assert game.round == 4
    assert game.result is not None and game.result.winners == ("player2",)
    assert len(_phases(game)) == 12


def test_finishing_in_a_phase_skips_the_rest_of_the_round() -> None:
    class Sudden(ThreePhases):
        def body(self, game: Game) -> None:
            note(game, f"body {game.phase}")
            if game.phase == "b":
                game.finish(["player1"], "sudden death")

    rec = Hooks()
    game = Game(Sudden(), hooks=_hooks(rec))
    assert _phases(game) == [(1, "a"), (1, "b")]
    assert game.state.trace == ["pre a", "body a", "post a", "pre b", "body b"]
    assert game.round == 1


def test_phase_start_hook_steps_run_before_the_body_and_phase_end_steps_before_the_phase_closes() -> None:
    class One(ThreePhases):
        limit = 1

    game = Game(One(), hooks=_hooks(Hooks()))
    assert game.state.trace == [
        "pre a", "body a", "body-step a", "post a",
        "pre b", "body b", "body-step b", "post b",
        "pre c", "body c", "body-step c", "post c",
        "end of round 1 (phase '')",
    ]


def test_phase_end_steps_wait_for_decisions_asked_in_the_phase() -> None:
    class Asking(ThreePhases):
        limit = 1

        def phases(self) -> dict[str, Phase]:
            return {"only": Phase("only", self.ask)}

        def ask(self, game: Game) -> None:
            game.ask(choose("player1", "go", "go?", ["go"]), lambda g, a: note(g, "answered"))

    game = Game(Asking(), hooks=_hooks(Hooks()))
    assert game.state.trace == ["pre only"]
    assert game.phase == "only"
    game.answer("go")
    assert game.state.trace == ["pre only", "answered", "post only", "end of round 1 (phase '')"]


def test_several_plugins_may_add_steps_to_one_phase() -> None:
    class One(ThreePhases):
        limit = 1

    game = Game(One(), hooks=_hooks(Hooks(), Hooks()))
    assert game.state.trace[:3] == ["pre a", "pre a", "body a"]
    assert game.state.trace.count("post a") == 2


# -- keyword expiry ---------------------------------------------------------------------------------

class Keywords(ThreePhases):
    """Phase a grants temporary keywords; the others record what the unit still has."""

    limit = 2

    def phase_order(self, game: Game) -> list[str]:
        return ["a", "b", "c"]

    def body(self, game: Game) -> None:
        unit = game.state.unit
        if game.phase == "a" and game.round == 1:
            unit.add(Keyword("Hero"))
            unit.add(Keyword("Fly", until="phase"))
            unit.add(Keyword("Quick", until="activation"))
            unit.add(Keyword.parse("Brave [+1]", until="round"))
            unit.add(Keyword("Loyal", until="game"))
        note(game, f"{game.round}{game.phase}: {', '.join(unit.names())}")

    def end_of_round(self, game: Game) -> None:
        note(game, f"end {game.round}: {', '.join(game.state.unit.names())}")


class SeesKeywords:
    @hookimpl
    def skirmish_phase_end(self, game: Game, phase: str) -> None:
        game.call(lambda g: note(g, f"post {phase}: {', '.join(g.state.unit.names())}"))


def test_phase_keywords_expire_at_the_end_of_the_phase_and_round_keywords_at_the_end_of_the_round() -> None:
    game = Game(Keywords())
    assert game.state.trace == [
        "1a: Hero, Fly, Quick, Brave, Loyal",
        "1b: Hero, Brave, Loyal",
        "1c: Hero, Brave, Loyal",
        "end 1: Hero, Loyal",
        "2a: Hero, Loyal",
        "2b: Hero, Loyal",
        "2c: Hero, Loyal",
        "end 2: Hero, Loyal",
    ]


def test_phase_end_steps_still_see_the_phase_keywords() -> None:
    game = Game(Keywords(), hooks=_hooks(SeesKeywords()))
    assert game.state.trace[:2] == ["1a: Hero, Fly, Quick, Brave, Loyal", "post a: Hero, Fly, Quick, Brave, Loyal"]
    assert game.state.trace[3] == "post b: Hero, Brave, Loyal"


@pytest.mark.parametrize("with_hooks", [False, True])
def test_keywords_expire_the_same_with_or_without_a_plugin_manager(with_hooks: bool) -> None:
    game = Game(Keywords(), hooks=_hooks() if with_hooks else None)
    assert game.state.trace[1] == "1b: Hero, Brave, Loyal"
    assert game.state.unit.names() == ["Hero", "Loyal"]


def test_the_current_round_and_phase_are_known_while_a_phase_asks() -> None:
    class Asking(ThreePhases):
        def phases(self) -> dict[str, Phase]:
            return {"x": Phase("x", lambda g: g.ask(choose("player1", "go", "go?", ["go"]), lambda g2, a: None))}

    game = Game(Asking())
    assert (game.round, game.phase) == (1, "x")
    game.answer("go")
    assert (game.round, game.phase) == (2, "x")
    assert game.view(None)["phase"] == "x"


class _OnlyPhaseEnd:
    @hookimpl
    def skirmish_phase_end(self, game: Game, phase: str) -> None:
        game.state.trace.append(f"post {phase}")


@pytest.mark.parametrize("plugins", [(), (_OnlyPhaseEnd(),)])
def test_phase_hooks_no_plugin_implements_are_skipped_with_the_same_log(plugins: tuple[Any, ...]) -> None:
    """A phase hook nobody implements is not called; the events, their causes and the keywords are the same."""
    def log(game: Game) -> list[tuple[Any, ...]]:
        return [(e.seq, e.kind, e.text, e.rule, e.cause, sorted(e.data.items())) for e in game.log]

    bare, hooked = Game(Keywords(), hooks=None), Game(Keywords(), hooks=_hooks(*plugins))
    if plugins:  # only the end hook runs: its steps appear and nothing else changes
        assert [t for t in hooked.state.trace if not t.startswith("post")] == bare.state.trace
        assert len(log(hooked)) == len(log(bare))
    else:
        assert log(hooked) == log(bare) and hooked.state.trace == bare.state.trace
    assert hooked.state.unit.names() == bare.state.unit.names()
