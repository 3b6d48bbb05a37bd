"""Keywords: parsing, [X]/[+X] arithmetic, duplicates, traits, expiry, and expire_all."""

from __future__ import annotations

import copy
import time

import attrs
import cattrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.events import EventLog
from skirmish.keywords import SCOPES, Keyword, KeywordError, KeywordSet, expire_all


# -- parse / format ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "name", "value", "kind"),
    [
        ("Fly", "Fly", None, "set"),
        ("Wide Footprint", "Wide Footprint", None, "set"),
        ("Hero [2]", "Hero", 2, "set"),
        ("Hero [+1]", "Hero", 1, "add"),
        ("Swift [-2]", "Swift", -2, "add"),
        ('Ranged [24"]', "Ranged", 24, "set"),
        ("  Tough[ +1 ] ", "Tough", 1, "add"),
    ],
)
def test_parse(text: str, name: str, value: int | None, kind: str) -> None:
    kw = Keyword.parse(text)
    assert (kw.name, kw.value, kw.kind) == (name, value, kind)


def test_format() -> None:
    assert str(Keyword("Fly")) == "Fly"
    assert str(Keyword("Hero", 2)) == "Hero [2]"
    assert str(Keyword("Hero", 1, "add")) == "Hero [+1]"
    assert str(Keyword("Slow", -2, "add")) == "Slow [-2]"
    assert Keyword.parse("Hero [+2]", until="round").describe() == "Hero [+2] (until end of round)"


@pytest.mark.parametrize("text", ["", "[2]", "Hero [x]", "Hero [2", "Hero [2] [3]", "Hero ]"])
def test_parse_errors_are_one_line(text: str) -> None:
    with pytest.raises(KeywordError) as err:
        Keyword.parse(text)
    assert "\n" not in str(err.value)


def test_bad_fields() -> None:
    with pytest.raises(KeywordError):
        Keyword("Hero", None, "add")
    with pytest.raises(KeywordError):
        Keyword("Hero", 1, "plus")
    with pytest.raises(KeywordError):
        Keyword("Hero", 1, until="week")
    with pytest.raises(KeywordError):
        Keyword("Hero", -1)
    assert Keyword("Hero", 1, until="").until is None  # TOML has no null


names = st.text(st.characters(categories=["L", "N"], include_characters=" -'"), min_size=1, max_size=12).map(
    str.strip
).filter(bool)


@given(names, st.none() | st.integers(-50, 50), st.booleans())
def test_parse_format_round_trip(name: str, value: int | None, add: bool) -> None:
    kind = "add" if add and value is not None else "set"
    kw = Keyword(name, abs(value) if kind == "set" and value is not None else value, kind)
    assert Keyword.parse(str(kw)) == kw


# -- values ---------------------------------------------------------------------------
def test_plus_without_keyword_gives_it() -> None:
    ks = KeywordSet("u")
    ks.add("Hero [+1]")
    assert ks.has("Hero") and ks.value("Hero") == 1
    ks.add("Hero [+2]")
    assert ks.value("Hero") == 3


def test_set_then_add() -> None:
    ks = KeywordSet.of("ranged-infantry", ["Wide Footprint", "Skirmishers", "Ranged [24]", "Ranged [+12]"])
    assert ks.value("Ranged") == 36
    assert str(ks) == "Wide Footprint, Skirmishers, Ranged [36]"


def test_add_gained_before_set_still_applies_after_it() -> None:
    ks = KeywordSet.of("u", ["Hero [+1]", "Hero [2]"])
    assert ks.value("Hero") == 3


def test_general_and_battle_standard_on_one_unit() -> None:
    ks = KeywordSet.of("u", ["Command [+1]", "Hero [+2]", "Command [+1]", "Hero [+1]"])
    assert (ks.value("Command"), ks.value("Hero")) == (2, 3)


def test_several_set_copies_highest_by_default_or_chosen() -> None:
    ks = KeywordSet.of("u", ["Tough [2]", "Tough [1]", "Tough [+1]"])
    assert ks.value("Tough") == 3
    assert ks.value("Tough", choose=min) == 2
    assert ks.value("Tough", choose=lambda vs: vs[-1]) == 2


def test_value_default_and_non_numerical() -> None:
    ks = KeywordSet.of("u", ["Fly"])
    assert ks.value("Fly") is None
    assert ks.value("Hero") is None
    assert ks.value("Hero", 0) == 0
    assert ks.effective() == {"Fly": None}


# -- duplicates, traits, removal ----------------------------------------------------------
def test_duplicate_non_numerical_is_ignored() -> None:
    log = EventLog()
    ks = KeywordSet("u")
    assert ks.add("Brutal", log=log)
    assert not ks.add("Brutal", log=log)
    assert len(ks.get("Brutal")) == 1
    assert [e.data["action"] for e in log] == ["gained", "ignored"]


def test_temporary_copy_does_not_strip_lasting_one() -> None:
    ks = KeywordSet("u")
    ks.add(Keyword("Brutal", until="round"))
    assert ks.add("Brutal")  # permanent outlasts the round copy: stored
    assert not ks.add(Keyword("Brutal", until="phase"))
    ks.expire("round")
    assert ks.has("Brutal")


def test_exclusive_trait_replaces_old_keyword() -> None:
    log = EventLog()
    ks = KeywordSet("u", exclusive=("Footprint",))
    ks.add(Keyword("Wide Footprint", traits=("Weakness", "Footprint")), log=log)
    ks.add(Keyword("Hero", 1, "add", traits=("Strength", "Character")), log=log)
    ks.add(Keyword("Horde", traits=("Strength", "Footprint")), log=log, rule="Army building")
    assert ks.names() == ["Hero", "Horde"]
    assert ks.with_trait("Footprint") == ["Horde"]
    assert ks.with_trait("Strength") == ["Hero", "Horde"]
    replaced = [e for e in log if e.data["action"] == "replaced"]
    assert len(replaced) == 1 and replaced[0].data["keyword"] == "Wide Footprint"
    assert replaced[0].rule == "Army building"


def test_non_exclusive_traits_coexist() -> None:
    ks = KeywordSet("u")
    ks.add(Keyword("Wide Footprint", traits=("Footprint",)))
    ks.add(Keyword("Horde", traits=("Footprint",)))
    assert ks.names() == ["Wide Footprint", "Horde"]


def test_remove_by_name_and_source() -> None:
    ks = KeywordSet("u")
    ks.add(Keyword("Hero", 2, "add", source="General"))
    ks.add(Keyword("Hero", 1, "add", source="Battle Standard"))
    assert ks.remove("Hero", source="General") == 1
    assert ks.value("Hero") == 1
    assert ks.remove("Hero") == 1
    assert not ks.has("Hero") and "Hero" not in ks
    assert ks.remove("Hero") == 0


# -- expiry ---------------------------------------------------------------------------
def _temporary() -> KeywordSet:
    ks = KeywordSet("u")
    ks.add("Fly")
    ks.add(Keyword("Hero", 2, "add", until="phase"))
    ks.add(Keyword("Courage", 2, "add", until="round"))
    ks.add(Keyword("Cowardly", until="game"))
    ks.add(Keyword("Swift", 4, "add", until="activation"))
    return ks


def test_expiring_round_removes_phase_and_round_but_not_game() -> None:
    log = EventLog()
    ks = _temporary()
    gone = ks.expire("round", log=log, rule="End of round")
    assert sorted(k.name for k in gone) == ["Courage", "Hero", "Swift"]
    assert ks.names() == ["Fly", "Cowardly"]
    assert {e.data["action"] for e in log} == {"expired"}
    assert all(e.rule == "End of round" for e in log)


def test_expiring_phase_and_game() -> None:
    ks = _temporary()
    assert {k.name for k in ks.expire("phase")} == {"Hero", "Swift"}
    assert {k.name for k in ks.expire("game")} == {"Courage", "Cowardly"}
    assert ks.names() == ["Fly"]
    with pytest.raises(KeywordError):
        ks.expire("week")
    assert SCOPES.index("phase") < SCOPES.index("round") < SCOPES.index("game")


def test_events_name_owner_and_keyword() -> None:
    log = EventLog()
    ks = KeywordSet("unit-3")
    ks.add(Keyword.parse("Hero [+2]", until="round"), log=log, rule="Famous Blade")
    (ev,) = log
    assert ev.kind == "keyword" and ev.rule == "Famous Blade"
    assert ev.data == {"owner": "unit-3", "action": "gained", "keyword": "Hero [+2]", "name": "Hero", "until": "round"}
    assert ev.text == "unit-3 gains Hero [+2] (until end of round)"


# -- expire_all -------------------------------------------------------------------------
@attrs.define
class Unit:
    name: str
    keywords: KeywordSet
    position: tuple[float, float] = (0.0, 0.0)


@attrs.define
class Side:
    units: list[Unit]
    reserves: dict[str, Unit] = attrs.field(factory=dict)


@attrs.define
class State:
    sides: tuple[Side, ...]
    terrain: list[KeywordSet]
    round: int = 1


def _unit(i: int) -> Unit:
    return Unit(f"u{i}", _temporary())


def test_expire_all_walks_the_tree() -> None:
    shared = _unit(99)
    state = State(
        (Side([_unit(1), shared], {"r": _unit(2)}), Side([_unit(3)], {"s": shared})),
        [KeywordSet.of("hill", ["Rough"]), _temporary()],
    )
    log = EventLog()
    assert expire_all(state, "round", log=log, rule="End of round") == 5 * 3
    assert state.sides[0].units[0].keywords.names() == ["Fly", "Cowardly"]
    assert state.sides[0].reserves["r"].keywords.names() == ["Fly", "Cowardly"]
    assert state.terrain[0].names() == ["Rough"]
    assert len(log) == 15
    assert expire_all(state, "game") == 5


def test_expire_all_on_a_large_state_is_fast() -> None:
    state = State(tuple(Side([_unit(i) for i in range(500)]) for _ in range(2)), [])
    copies = [copy.deepcopy(state) for _ in range(3)]
    start = time.perf_counter()
    for s in copies:
        assert expire_all(s, "phase") == 2000
    assert (time.perf_counter() - start) / 3 < 0.2


def test_cattrs_round_trip() -> None:
    ks = _temporary()
    ks.add(Keyword("Horde", traits=("Strength", "Footprint")))
    data = cattrs.unstructure(ks)
    assert cattrs.structure(data, KeywordSet) == ks


# -- properties -------------------------------------------------------------------------
keywords = st.builds(
    lambda name, value, add, until: Keyword(name, value if add else abs(value), "add" if add else "set", until),
    st.sampled_from(["Hero", "Tough", "Ranged"]),
    st.integers(-3, 30),
    st.booleans(),
    st.sampled_from([None, *SCOPES]),
)


@given(st.lists(keywords, max_size=12), st.randoms(use_true_random=False))
def test_value_follows_the_rule_in_any_order(kws: list[Keyword], random) -> None:
    ks = KeywordSet.of("u", kws)
    shuffled = list(kws)
    random.shuffle(shuffled)
    other = KeywordSet.of("u", shuffled)
    for name in ("Hero", "Tough", "Ranged"):
        sets = [k.value for k in kws if k.name == name and k.kind == "set"]
        adds = sum(k.value for k in kws if k.name == name and k.kind == "add")
        expected = (max(sets) if sets else 0) + adds if any(k.name == name for k in kws) else None
        assert ks.value(name) == expected == other.value(name)


@given(st.lists(keywords, max_size=12), st.sampled_from(SCOPES))
def test_expire_keeps_exactly_the_longer_lasting(kws: list[Keyword], scope: str) -> None:
    ks = KeywordSet.of("u", kws)
    ks.expire(scope)
    rank = SCOPES.index(scope)
    assert ks.entries == [k for k in kws if k.until is None or SCOPES.index(k.until) > rank]
