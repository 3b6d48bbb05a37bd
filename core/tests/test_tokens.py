"""Tokens: counts, caps, removal rules, events, and a model-based property test."""

from __future__ import annotations

import copy

import cattrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.errors import SkirmishError
from skirmish.events import EventLog
from skirmish.tokens import NotEnoughTokens, Tokens


def test_add_get_remove() -> None:
    t = Tokens("unit-1")
    assert t.get("doom") == 0
    assert t.add("doom", 3) == 3
    assert t.get("doom") == 3
    assert t.remove("doom", 2) == 2
    assert t.get("doom") == 1
    assert "doom" in t and "mercury" not in t


def test_remove_refuses_to_go_negative() -> None:
    t = Tokens("p1", {"mercury": 2})
    with pytest.raises(NotEnoughTokens, match="p1 has 2 mercury, cannot remove 3"):
        t.remove("mercury", 3)
    assert t.get("mercury") == 2
    assert isinstance(NotEnoughTokens("x"), SkirmishError)


def test_partial_removal_returns_what_was_removed() -> None:
    t = Tokens("p1", {"renown": 1})
    assert t.remove("renown", 3, allow_partial=True) == 1
    assert t.get("renown") == 0
    assert t.remove("renown", 1, allow_partial=True) == 0
    assert t.counts == {}


def test_negative_amounts_rejected() -> None:
    t = Tokens("p1")
    with pytest.raises(ValueError):
        t.add("doom", -1)
    with pytest.raises(ValueError):
        t.remove("doom", -1)
    with pytest.raises(ValueError):
        t.set("doom", -2)


def test_caps_stored_and_per_call() -> None:
    t = Tokens("fig", caps={"aimed": 1})
    assert t.add("aimed") == 1
    assert t.add("aimed") == 0
    assert t.get("aimed") == 1
    assert t.add("fury", 5, cap=2) == 2
    t.set_cap("fury", None)
    assert t.add("fury", 5) == 5
    assert t.set("aimed", 4) == 0  # set is cut to the cap too
    assert t.cap("aimed") == 1 and t.cap("fury") is None


def test_cap_lowered_below_holding_keeps_tokens() -> None:
    t = Tokens("fig", {"essence": 5})
    t.set_cap("essence", 3)
    assert t.add("essence", 2) == 0
    assert t.get("essence") == 5


def test_set_clear_total_iteration() -> None:
    t = Tokens("hero")
    t.set("hp", 9)
    t.add("essence", 2)
    t.add("renown")
    assert t.total() == 12
    assert t.total(["essence", "renown", "nothing"]) == 3
    assert list(t) == ["hp", "essence", "renown"]
    assert dict(t.items()) == {"hp": 9, "essence": 2, "renown": 1}
    assert t.clear("essence") == 2
    assert "essence" not in t.counts
    assert t.clear() == 10
    assert t.counts == {} and t.total() == 0
    assert str(t) == "hero: no tokens"


def test_events_carry_owner_kind_change_value_and_rule() -> None:
    log = EventLog()
    t = Tokens("unit-7", caps={"aimed": 1})
    t.add("doom", 2, log=log, rule="Shooting: Place Doom")
    t.remove("doom", 1, log=log, rule="Healing Potion")
    t.add("aimed", 3, log=log, rule="Aim")
    t.set("doom", 4, log=log, rule="test")
    evs = list(log.of_kind("tokens"))
    assert [(e.data["token"], e.data["change"], e.data["value"]) for e in evs] == [
        ("doom", 2, 2),
        ("doom", -1, 1),
        ("aimed", 1, 1),
        ("doom", 3, 4),
    ]
    assert all(e.data["owner"] == "unit-7" for e in evs)
    assert evs[0].rule == "Shooting: Place Doom"
    assert "limit 1" in evs[2].text and "2 lost" in evs[2].text


def test_no_event_without_change_or_log() -> None:
    log = EventLog()
    t = Tokens("p")
    t.add("doom", 0, log=log)
    t.set("doom", 0, log=log)
    t.add("doom", 2)
    assert len(log) == 0


def test_move_to_supply_and_between_players() -> None:
    log = EventLog()
    supply = Tokens("supply", {"damage": 30})
    hero = Tokens("hero-1", caps={"damage": 10})
    assert supply.move_to(hero, "damage", 4, log=log, rule="Combat") == 4
    assert (supply.get("damage"), hero.get("damage")) == (26, 4)
    # the receiver's cap keeps the rest in the supply
    assert supply.move_to(hero, "damage", 9, log=log) == 6
    assert (supply.get("damage"), hero.get("damage")) == (20, 10)
    with pytest.raises(NotEnoughTokens):
        hero.move_to(supply, "damage", 11)
    assert hero.move_to(supply, "damage", 11, allow_partial=True) == 10
    assert len(list(log.of_kind("tokens"))) == 4


def test_plain_data_copy_and_cattrs_round_trip() -> None:
    t = Tokens("p1", {"mercury": 3}, {"aimed": 1})
    clone = copy.deepcopy(t)
    clone.add("mercury")
    assert t.get("mercury") == 3
    data = cattrs.unstructure(t)
    assert data == {"owner": "p1", "counts": {"mercury": 3}, "caps": {"aimed": 1}}
    assert cattrs.structure(data, Tokens) == t


ops = st.lists(
    st.tuples(st.sampled_from(["add", "remove", "partial", "set"]), st.sampled_from("abc"), st.integers(0, 6)),
    max_size=40,
)


@given(ops, st.none() | st.integers(0, 8))
def test_matches_a_simple_model(steps: list[tuple[str, str, int]], cap: int | None) -> None:
    t = Tokens("x", caps={"a": cap} if cap is not None else {})
    model: dict[str, int] = {}
    for op, kind, n in steps:
        limit = cap if kind == "a" else None
        have = model.get(kind, 0)
        if op == "add":
            want = have + n if limit is None else min(have + n, max(limit, have))
            assert t.add(kind, n) == want - have
            model[kind] = want
        elif op == "set":
            model[kind] = n if limit is None else min(n, limit)
            t.set(kind, n)
        elif op == "partial":
            assert t.remove(kind, n, allow_partial=True) == min(n, have)
            model[kind] = have - min(n, have)
        elif n > have:
            with pytest.raises(NotEnoughTokens):
                t.remove(kind, n)
        else:
            assert t.remove(kind, n) == n
            model[kind] = have - n
        assert all(v > 0 for v in t.counts.values())
        assert {k: v for k, v in model.items() if v} == t.counts
        if cap is not None:
            assert t.get("a") <= cap
    assert t.total() == sum(model.values())
