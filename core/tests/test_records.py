"""Frozen records (the registry's specs): construction, defaults, equality, hashing, replace, pickling, frozen."""

from __future__ import annotations

import pickle
from typing import Any, ClassVar

import pytest

from skirmish.records import Factory, FrozenRecordError, Record
from skirmish.specs import AgentContext, AgentSpec, RulesetSpec


class Point(Record):
    __slots__ = ("x", "y", "tags")
    defaults: ClassVar[dict[str, Any]] = {"y": 0, "tags": Factory(list)}


def test_positional_keyword_and_default_fields() -> None:
    assert Point(1, 2).values() == (1, 2, [])
    assert Point(x=1).values() == (1, 0, [])
    assert Point(1, tags=["a"]).tags == ["a"]


def test_a_factory_default_is_made_afresh_for_each_record() -> None:
    a, b = Point(1), Point(1)
    assert a.tags is not b.tags


@pytest.mark.parametrize(("args", "kwargs", "message"), [
    ((), {}, "missing required argument 'x'"),
    ((1, 2, [], 4), {}, "takes at most 3 arguments"),
    ((1,), {"x": 2}, "multiple values for argument 'x'"),
    ((1,), {"z": 2}, "unexpected keyword argument 'z'"),
])
def test_bad_construction_is_a_type_error_naming_the_field(args: tuple, kwargs: dict, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        Point(*args, **kwargs)


def test_equality_and_hash_follow_the_fields_and_the_class() -> None:
    class Other(Record):
        __slots__ = ("x", "y")

    assert Point(1, 2, ()) == Point(1, 2, ()) and hash(Point(1, 2, ())) == hash(Point(1, 2, ()))
    assert Point(1, 2) != Point(1, 3)
    assert Point(1, 2, ()) != Other(1, 2)


def test_fields_cannot_be_assigned_or_deleted() -> None:
    p = Point(1)
    with pytest.raises(FrozenRecordError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(FrozenRecordError):
        del p.x
    assert isinstance(FrozenRecordError("x"), AttributeError)  # as dataclasses' FrozenInstanceError is


def test_replace_changes_only_the_named_fields_and_refuses_unknown_ones() -> None:
    spec = RulesetSpec("dice", "Dice", "1", dict)
    assert spec.replace(package="pkg") == RulesetSpec("dice", "Dice", "1", dict, "pkg")
    assert spec.package == ""
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        spec.replace(colour="red")


def test_specs_pickle_and_keep_their_normalised_fields() -> None:
    agent = AgentSpec("bot", dict, rulesets=["a", "b"])  # type: ignore[arg-type]
    assert agent.rulesets == ("a", "b")
    assert pickle.loads(pickle.dumps(agent)) == agent
    ctx = AgentContext("red", 3, None)
    assert ctx.options == {} and ctx.players == ()
    assert repr(ctx) == "AgentContext(player='red', seed=3, ruleset=None, options={}, players=())"
