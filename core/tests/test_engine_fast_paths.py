"""The engine's fast paths give the same answers, events and games as the plain ones they replace.

``Decision.match`` (one pass: option, value, refusal) against ``check`` and ``option_for``; the hand-written
``__init__`` of ``Decision`` and ``Option`` against what attrs would do; answer events left unbuilt when nobody
keeps or reads them, with the same event numbers after them.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.agents import AgentContext, RandomAgent, View
from skirmish.decisions import Decision, Option, Param, normalize
from skirmish.engine import Game
from skirmish.errors import IllegalAnswer
from skirmish.runner import agent_seed
from skirmish.testing.samples import DiceRace

_plain = st.one_of(st.text(max_size=3), st.integers(-3, 3), st.booleans(), st.floats(-2, 2, allow_nan=False))
_values = st.recursive(_plain, lambda inner: st.lists(inner, max_size=2) | st.tuples(inner, inner), max_leaves=4)
_answers = st.one_of(_values, st.none(), st.dictionaries(st.text(max_size=2), _plain, max_size=2),
                     st.lists(st.none(), min_size=1, max_size=1))


@settings(max_examples=300, deadline=None)
@given(st.lists(_values, min_size=1, max_size=6), _answers, st.booleans())
def test_match_agrees_with_check_and_option_for(values: list[Any], answer: Any, pick: bool) -> None:
    d = Decision("p", "k", "pick one", options=[Option(v, f"o{i}") for i, v in enumerate(values)])
    if pick:
        answer = d.options[len(values) // 2].value
    option, value, err = d.match(None, answer)
    checked, refusal = d.check(None, answer)
    assert (value, err) == (checked, refusal)
    if err is None:
        assert option is d.option_for(answer)
        assert option is not None and option.value == value
        assert option is next(o for o in d.options if o.value == normalize(answer))
    else:
        assert option is None


def test_match_on_a_form_checks_the_fields_and_names_no_option() -> None:
    d = Decision("p", "k", "how far?", params=(Param("n", "int", 0, 3),))
    assert d.match(None, {"n": "2"}) == (None, {"n": 2}, None)
    assert d.match(None, {"n": 9}) == (None, {"n": 9}, "n must be between 0 and 3")


def test_option_init_is_attrs_init() -> None:
    assert Option(("a", ("b",)), "x").value == ["a", ["b"]]
    assert Option("v") == Option("v", "", "", {})
    assert Option("v", "l", data={"a": 1}) == Option("v", "l", data={"b": 2})  # data is not identity
    assert hash(Option("v", "l")) == hash(Option("v", "l", "", {"z": 1}))
    a, b = Option("v"), Option("v")
    assert a.data == {} and a.data is not b.data
    assert attrs.evolve(Option("v", "l", "h", {"a": 1}), label="m") == Option("v", "m", "h")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.label = "changed"  # type: ignore[misc]
    with pytest.raises(IllegalAnswer):
        Option(None)


def test_decision_init_is_attrs_init() -> None:
    opts = [Option("a"), Option("b")]
    d = Decision("p", "k", "q?", opts, rule="R", context={"x": 1})
    assert d.options == tuple(opts) and type(d.options) is tuple
    assert d == Decision("p", "k", "q?", options=tuple(opts), rule="R")  # context is not identity
    assert attrs.evolve(d, kind="j") == Decision("p", "j", "q?", options=tuple(opts), rule="R", context={"x": 1})
    assert Decision("p", "k", "q?", params=[Param("n")], examples=[("a", 1)]).examples == (["a", 1],)
    assert Decision("p", "k", "q?", opts).context == {} and Decision("p", "k", "q?", opts).examples == ()
    assert Decision("p", "k", "q?", opts).context is not Decision("p", "k", "q?", opts).context
    with pytest.raises(ValueError, match="exactly one"):
        Decision("p", "k", "q?")
    with pytest.raises(ValueError, match="exactly one"):
        Decision("p", "k", "q?", opts, params=[Param("n")])
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        d.kind = "changed"  # type: ignore[misc]
    assert [f.name for f in attrs.fields(Decision)] == ["player", "kind", "prompt", "options", "params",
                                                         "validator", "examples", "rule", "context"]


def _race(seed: int, keep_log: bool, heard: list[Any] | None = None) -> Game:
    game = Game(DiceRace(), seed=seed, keep_log=keep_log)
    if heard is not None:
        game.log.listeners.append(heard.append)
    agents = {p: RandomAgent(AgentContext(p, agent_seed(seed, i), game.ruleset, {}, game.players))
              for i, p in enumerate(game.players)}
    while game.pending is not None:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_unkept_unheard_log_counts_the_answer_events_it_does_not_build(seed: int) -> None:
    kept = _race(seed, True)
    bare = _race(seed, False)
    assert bare.log.events == [] and bare.log.count == kept.log.count == len(kept.log.events)
    assert bare.answers == kept.answers and bare.digest() == kept.digest()


def test_a_listener_hears_every_answer_event_even_when_the_log_keeps_nothing() -> None:
    kept = _race(5, True)
    heard: list[Any] = []
    game = _race(5, False, heard)
    assert game.log.events == []
    # the events up to the first decision were emitted before the listener was added
    assert heard and heard == kept.log.events[heard[0].seq:]
    assert any(e.kind == "answer" for e in heard)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(1, 1000), min_size=1, max_size=20), st.integers(0, 5))
def test_rolls_draw_what_randint_draws(seed: int, sides: list[int], n: int) -> None:
    from random import Random

    from skirmish.rng import GameRNG

    plain, rng = Random(seed), GameRNG(seed)
    for s in sides:
        assert rng.roll(s) == plain.randint(1, s)
        assert rng.rolls_of(n, s) == [plain.randint(1, s) for _ in range(n)]
    assert rng.rolls == len(sides) * (1 + n)


def test_rolls_into_an_unkept_unheard_log_are_counted_and_heard_ones_are_the_same_events() -> None:
    from skirmish.events import EventLog
    from skirmish.rng import GameRNG

    def draws(log: EventLog) -> list[Any]:
        rng = GameRNG(9, log=log)
        out = [rng.roll(6, why="save", need=4), rng.roll(3, faces=["a", "b", "c"]), rng.rolls_of(3, 6, need=5),
               rng.choice(["x", "y"]), rng.randint(1, 9)]
        rng.shuffle([1, 2, 3])
        return out

    kept, bare, heard_log = EventLog(), EventLog(keep=False), EventLog(keep=False)
    heard: list[Any] = []
    heard_log.listeners.append(heard.append)
    assert draws(kept) == draws(bare) == draws(heard_log)
    assert bare.events == [] and bare.count == kept.count == len(kept.events) == 6
    assert heard == kept.events
