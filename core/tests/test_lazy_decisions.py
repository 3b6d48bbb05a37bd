"""Lazy decisions (issue 24 item 4): options built per family when asked, answers checked through one family."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from skirmish import Game
from skirmish.agents import AgentContext, RandomAgent, View, draw_family_first
from skirmish.decisions import Decision, LazyDecision, Option
from skirmish.errors import IllegalAnswer
from skirmish.saves import SaveFile, replay
from skirmish.testing import samples
from skirmish.testing.checks import play_random


def _decision(built: list[str], *, family_of: Any = None, **more: Any) -> LazyDecision:
    def build(game: Any, family: str, n: int) -> list[Option]:
        built.append(family)
        return [Option(f"{family}|{i}", f"{family} {i}") for i in range(n)]

    def of(value: Any) -> str | None:
        return value.split("|")[0] if isinstance(value, str) and "|" in value else None

    return LazyDecision(None, "a", "act", "pick", families=("x", "y", "z"), build=build,  # type: ignore[arg-type]
                        family_of=family_of or of, fixed=(Option("end", "end"),), args=(2,), **more)


def test_an_answer_is_checked_by_building_only_its_family() -> None:
    built: list[str] = []
    d = _decision(built)
    option, value, err = d.match(None, "y|1")
    assert (option, value, err) == (Option("y|1", "y 1"), "y|1", None)
    assert built == ["y"] and not d.built
    assert d.match(None, "end")[0] == Option("end", "end") and built == ["y"]  # a fixed option builds nothing


def test_an_answer_not_offered_is_refused_with_the_prompt() -> None:
    d = _decision([])
    assert d.match(None, "y|7")[2] == "'y|7' is not one of the answers to 'pick'"
    assert d.match(None, "nobody")[2] is not None
    assert d.check(None, None)[1] == "an answer cannot be empty (None)"


def test_the_whole_list_is_the_families_in_order_then_the_fixed_options() -> None:
    built: list[str] = []
    d = _decision(built)
    d.options_of("z")
    assert [o.value for o in d.options] == ["x|0", "x|1", "y|0", "y|1", "z|0", "z|1", "end"]
    assert sorted(built) == ["x", "y", "z"]  # z's list was kept, not built twice
    first = _decision([], fixed_first=True)
    assert first.options[0].value == "end"


def test_a_lazy_decision_equals_the_eager_one_with_the_same_options() -> None:
    d = _decision([])
    eager = Decision("a", "act", "pick", options=d.options)
    assert pickle.loads(pickle.dumps(d)) == eager  # pickled as the eager form
    assert copy.deepcopy(d) is d  # a clone shares it, as it shares the pending decision


def test_a_callable_prompt_is_made_on_first_read() -> None:
    made: list[int] = []

    def prompt(game: Any, n: int) -> str:
        made.append(n)
        return f"pick one of {n}"

    d = LazyDecision(None, "a", "act", prompt, families=("x",), build=lambda g, f, n: [Option("x|0")],  # type: ignore[arg-type]
                     args=(2,))
    assert made == []
    assert d.prompt == "pick one of 2" and d.prompt == "pick one of 2" and made == [2]


def test_without_family_of_the_whole_list_checks_the_answer() -> None:
    built: list[str] = []
    d = _decision(built)
    plain = LazyDecision(None, "a", "act", "pick", families=d.families, build=d._build, args=(2,))
    assert plain.match(None, "z|1")[2] is None and plain.built and sorted(built) == ["x", "y", "z"]


def test_the_random_agent_draws_a_family_first_and_builds_only_it() -> None:
    built: list[str] = []
    d = _decision(built)
    answers = [draw_family_first(random.Random(seed), d.unbuilt()) for seed in range(40)]
    assert set(answers) == {"x|0", "x|1", "y|0", "y|1", "z|0", "z|1", "end"}
    assert not d.built and len(built) <= 40  # one family per answer at most
    built.clear()
    draw_family_first(random.Random(3), d.unbuilt())
    assert len(built) <= 1


def test_an_empty_family_is_left_out_of_the_draw() -> None:
    d = LazyDecision(None, "a", "act", "pick", families=("x", "y"),  # type: ignore[arg-type]
                     build=lambda g, f: [Option("y|0")] if f == "y" else [], family_of=lambda v: "y")
    assert {draw_family_first(random.Random(seed), d.unbuilt()) for seed in range(20)} == {"y|0"}


def test_a_lazy_game_answers_replays_and_logs_the_option_label() -> None:
    game = play_random(samples.LazyRace(), 4)
    assert game.result is not None
    labels = [e.text for e in game.log if e.kind == "answer"]
    assert any("-> sprint (roll 3 dice" in t or "-> play boost" in t for t in labels)
    again = replay(SaveFile.of(game), samples.LazyRace())
    assert again.digest() == game.digest()


def test_the_engine_refuses_an_answer_its_family_does_not_hold() -> None:
    game = Game(samples.LazyRace(), seed=1)
    assert isinstance(game.pending, LazyDecision)
    with pytest.raises(IllegalAnswer, match="is not one of the answers"):
        game.answer("boost9-9")
    agent = RandomAgent(AgentContext(game.pending.player, 1, game.ruleset, {}, game.players))
    game.answer(agent.decide(View(game, game.pending.player), game.pending))
    assert game.decisions == 1


def test_a_callable_context_is_made_on_first_read_and_kept_by_an_unbuilt_copy() -> None:
    made: list[str] = []

    def context(game: Any, n: int) -> dict[str, Any]:
        made.append("x")
        return {"n": n}

    d = LazyDecision(None, "a", "act", "pick", families=("x",), build=lambda g, f, n: [Option("x|0")],  # type: ignore[arg-type]
                     args=(2,), context=context)
    copy_ = d.unbuilt()
    assert made == []
    assert d.context == {"n": 2} and d.context is d.context and made == ["x"]
    assert copy_.context == {"n": 2} and made == ["x", "x"]
