"""A warrior's stamp counts its changes: every assignment takes a new one, lists are never changed in place.

The kept option lists (``turns._Kept``) and the view (``render.view_data``) trust a warrior's ``stamp``: the same
stamp must mean the same fields. That holds only if every change to a warrior is an assignment to a field, so the
list fields (rules, traits, roles) refuse changes in place, and the games below run every rule that grants or
changes them (the gods, spells, the Piggun) without one being refused.
"""

from __future__ import annotations

import copy
import pickle
import re
from pathlib import Path

import attrs
import pytest
from chob_bench import warrior
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish import Game, Registry
from skirmish.agents import View
from skirmish.runner import agent_seed
from skirmish_chob_noggoth.state import Names, Warrior

ROOT = Path(__file__).resolve().parents[3]


def test_every_assignment_to_a_field_takes_a_new_stamp() -> None:
    w = warrior("r1", "red")
    seen = {w.stamp}
    for name, value in (("x", 3.0), ("wounds", 2), ("status", "dead"), ("rules", ["Fearless"]), ("aimed", True)):
        setattr(w, name, value)
        assert w.stamp not in seen
        seen.add(w.stamp)
    assert w.aimed == 1 and type(w.aimed) is int  # the converter still runs
    assert type(w.rules) is Names and w.rules == ["Fearless"]
    assert warrior("r2", "red").stamp not in seen


@pytest.mark.parametrize("change", [
    lambda names: names.append("Big"), lambda names: names.extend(["Big"]), lambda names: names.insert(0, "Big"),
    lambda names: names.remove("Fearless"), lambda names: names.pop(), lambda names: names.clear(),
    lambda names: names.sort(), lambda names: names.reverse(), lambda names: names.__setitem__(0, "Big"),
    lambda names: names.__delitem__(0), lambda names: names.__iadd__(["Big"]), lambda names: names.__imul__(2),
])
def test_a_warriors_lists_refuse_changes_in_place(change: object) -> None:
    w = warrior("r1", "red")
    w.rules = ["Fearless"]
    stamp = w.stamp
    with pytest.raises(TypeError, match="not changed in place"):
        change(w.rules)  # type: ignore[operator]
    assert w.rules == ["Fearless"] and w.stamp == stamp
    w.rules = [*w.rules, "Big"]  # the way rules code changes one
    assert w.rules == ["Fearless", "Big"] and w.stamp != stamp


def test_copies_keep_the_fields_and_the_stamp_and_evolve_takes_a_new_one() -> None:
    w = warrior("r1", "red")
    w.traits = ["Big"]
    for other in (copy.deepcopy(w), pickle.loads(pickle.dumps(w))):
        assert other == w and other.stamp == w.stamp and type(other.traits) is Names
        other.x = 20.0
        assert other.stamp != w.stamp
    assert attrs.evolve(w, x=1.0).stamp != w.stamp


FIELDS = {"x": st.floats(0, 36), "wounds": st.integers(0, 3), "aimed": st.booleans(),
          "status": st.sampled_from(["ready", "dead", "berserk"]),
          "rules": st.lists(st.sampled_from(["Big", "Fearless", "Healer"]), max_size=2)}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.sampled_from(sorted(FIELDS)), st.data()), max_size=25))
def test_the_same_stamp_always_means_the_same_fields(steps: list) -> None:
    """Warriors changed, copied and changed again: a stamp never stands for two sets of fields."""
    pool = [warrior("r1", "red")]
    fields: dict[int, Warrior] = {pool[0].stamp: copy.copy(pool[0])}
    for pick, name, data in steps:
        w = pool[pick % len(pool)]
        if pick == 3:
            pool.append(copy.deepcopy(w))
        else:
            setattr(w, name, data.draw(FIELDS[name]))
        for one in pool:
            assert fields.setdefault(one.stamp, copy.copy(one)) == one


def test_no_rules_or_plugin_code_changes_a_warriors_list_in_place() -> None:
    """The source holds no in-place change of a warrior's rules, traits or roles (Names would refuse it)."""
    pattern = re.compile(r"\.(rules|traits|roles)(\[[^]]*\])?\.(append|extend|insert|remove|pop|clear|sort|reverse)\("
                         r"|\.(rules|traits|roles)\[[^]]*\]\s*=[^=]|\.(rules|traits|roles)\s*(\+|\*)=")
    sources = [*(ROOT / "rulesets" / "chob-noggoth" / "src").rglob("*.py"), *(ROOT / "plugins").rglob("src/**/*.py")]
    assert len(sources) > 20
    found = [f"{p.relative_to(ROOT)}:{n}" for p in sources
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert not found, found


@pytest.mark.parametrize(("ruleset", "seed"), [("chob-noggoth", s) for s in (3, 11, 17)]
                         + [("chob-noggoth-house", s) for s in (5, 23)])
def test_whole_games_never_change_a_list_in_place(ruleset: str, seed: int) -> None:
    """Random games (the gods' grants and blessings, transformations, the Piggun) run with lists that refuse."""
    reg = Registry()
    try:
        rs = reg.ruleset(ruleset)
    except Exception:  # noqa: BLE001 - the house-rules plugin is optional
        pytest.skip(f"{ruleset} is not installed")
    game = Game(rs, None, seed=seed, keep_log=False)
    seats = {p: reg.make_agent("random", rs, p, agent_seed(seed, i), game.players) for i, p in enumerate(game.players)}
    while game.pending is not None and game.decisions < rs.max_decisions:
        d = game.pending
        game.answer(seats[d.player].decide(View(game, d.player), d), d.player)
        for w in game.state.warriors.values():
            assert type(w.rules) is Names and type(w.traits) is Names and type(w.roles) is Names


def test_a_warrior_pickled_in_another_process_takes_a_new_stamp(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stamps come from a per-process clock: one carried from elsewhere could name other fields here."""
    from skirmish_chob_noggoth import state

    w = warrior("r1", "red")
    data = pickle.dumps(w)
    monkeypatch.setattr(state, "_NONCE", state._NONCE + 1)  # as if loaded by another process
    other = pickle.loads(data)
    assert other == w and other.stamp != w.stamp
