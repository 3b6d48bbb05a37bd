"""Game state lives in the game: no Hobgoblin game writes to module globals (its speed caches live on the state, in
``state.Derived``), and games played side by side in one process, one answer each in turn, play exactly as each
does alone; on every set-up (narrative scenarios, Chaos of War, team games, magic, Him).

The module-level memos kept are listed in :data:`KEPT`, each with its reason beside it in the code."""

from __future__ import annotations

import copy
import importlib
import json
import pickle
import pkgutil
from collections.abc import Callable
from typing import Any

import pytest

import skirmish_hobgoblin
from skirmish import AgentContext, Game, View
from skirmish.testing import check_interleaved, check_no_module_state, installed_registry
from skirmish_hobgoblin import measuring
from skirmish_hobgoblin.agents import make_ai
from skirmish_hobgoblin.him.solo import make_him
from skirmish_hobgoblin.rules import Hobgoblin
from skirmish_hobgoblin.state import derived

#: bounded functools memos of pure functions that hold no game object or id: numbers in, numbers (or frozen shapes
#: made of them) out, and the parse of a keyword text into a read-only mapping
KEPT = ("skirmish_hobgoblin.state._rect", "skirmish_hobgoblin.measuring._gap", "skirmish_hobgoblin.measuring._side_of",
        "skirmish_hobgoblin.moves._shape",
        "skirmish_hobgoblin.ai.combat.hits", "skirmish_hobgoblin.ai.combat._convolve",
        "skirmish_hobgoblin.ai.combat._odds", "skirmish_hobgoblin.ai.board._keywords",
        # the printed Chaos of War tables, read from the package once (by the first game that rolls on them)
        "skirmish_hobgoblin.chaos.catalogue.builtin_tables")


def _setups() -> dict[str, Callable[[Hobgoblin], dict[str, Any]]]:
    return {
        "default": lambda rs: Hobgoblin.default_setup(rs),
        "chaos": lambda rs: {**Hobgoblin.default_setup(rs), "chaos": "roll"},
        "the-fortress": lambda rs: {**Hobgoblin.default_setup(rs), "scenario": "the-fortress",
                                    "chaos": {"twists": "roll", "deployment": 1}},
        "the-chasm": lambda rs: {**Hobgoblin.default_setup(rs), "scenario": "the-chasm"},
        "the-breach": lambda rs: {**Hobgoblin.default_setup(rs), "scenario": "the-breach"},
        "teams": lambda rs: rs.apply_options(Hobgoblin.default_setup(rs), {"teams": "2v2"}),
        "ruination": lambda rs: rs.apply_options(Hobgoblin.default_setup(rs), {
            "teams": "2v1", "objectives": "shared-ruination,combined-arms"}),
        "magic": lambda rs: {**Hobgoblin.default_setup(rs), "armies": {"red": "bog-coven", "blue": "bog-coven"}},
        "him": lambda rs: {**Hobgoblin.default_setup(rs), "him": "blue",
                           "armies": {"red": "iron-grudge-hold", "blue": "him:normal"}},
    }


SETUPS = _setups()


def _builder(name: str) -> Callable[[], Hobgoblin]:
    """A fresh ruleset per game whose default battle is set-up ``name``, with the installed plugins' hooks (as the
    registry builds one)."""
    make_setup = SETUPS[name]

    class Battle(Hobgoblin):
        def default_setup(self) -> dict[str, Any]:
            return make_setup(self)

    hooks = installed_registry().hooks_for("hobgoblin")

    def build() -> Hobgoblin:
        rs = Battle()
        rs.hooks = hooks
        return rs

    return build


def _seats(setup: str) -> Callable[[AgentContext], Any]:
    """The AI in every seat (but His, in a game against Him: His own procedures play it)."""
    if setup != "him":
        return make_ai
    return lambda ctx: make_him(ctx) if ctx.player == "blue" else make_ai(ctx)


@pytest.fixture(scope="module", autouse=True)
def _every_module_imported() -> None:
    """Modules a later game imports first would count as changed module values: import them all first."""
    for info in pkgutil.walk_packages(skirmish_hobgoblin.__path__, "skirmish_hobgoblin."):
        importlib.import_module(info.name)


@pytest.mark.parametrize("setup", list(SETUPS))
def test_no_game_writes_module_level_values(setup: str) -> None:
    seeds = (0, 1, 2) if setup == "default" else (0, 1)  # the first game may load content; the others are checked
    moved = check_no_module_state(_builder(setup), ["skirmish_hobgoblin"], _seats(setup), seeds=seeds, allow=KEPT)
    assert set(moved) <= set(KEPT)


def test_games_of_every_set_up_played_side_by_side_play_as_alone() -> None:
    rs = Hobgoblin()
    setups = [SETUPS[name](rs) for name in SETUPS if name not in ("him", "ruination")]
    assert check_interleaved(_builder("default"), (0,), make_ai, setups) == len(setups)


@pytest.mark.parametrize(("setup", "seeds"), [("default", (0, 1, 2)), ("him", (0, 1))])
def test_games_played_side_by_side_play_as_alone(setup: str, seeds: tuple[int, ...]) -> None:
    assert check_interleaved(_builder(setup), seeds, _seats(setup)) == len(seeds)


def _played(rounds: int = 1, seed: int = 0) -> Game:
    rs = _builder("default")()
    g = Game(rs, seed=seed)
    agents = {p: make_ai(AgentContext(p, i, rs, {}, g.players)) for i, p in enumerate(g.players)}
    while g.pending is not None and g.round <= rounds:
        d = g.pending
        g.answer(agents[d.player].decide(View(g, d.player), d), d.player)
    return g


def test_the_state_caches_stay_out_of_clones_saves_and_the_digest() -> None:
    g = _played()
    kept = derived(g.state)
    assert kept.arranged is not None and kept.unit_data  # the game filled its caches
    digest = g.digest()
    kept.sight["made-up"] = True  # anything in the caches: the digest does not read them
    kept.ai["made-up"] = {}  # the AI's memos too (a battle game's fights are kept on the ruleset)
    assert g.digest() == digest
    clone = g.clone()
    assert not hasattr(clone.state, "_derived")  # a clone makes its own on first use
    assert clone.digest() == digest and derived(clone.state) is not kept
    for other in (copy.deepcopy(g.state), pickle.loads(pickle.dumps(g.state))):
        assert not hasattr(other, "_derived") and other == g.state
        assert all(not hasattr(u, "_homes") for u in other.units.values())


def test_moving_a_unit_changes_only_its_own_games_arrangement() -> None:
    a, b = _played(seed=5), _played(seed=5)
    measuring.contact_map(a.state), measuring.contact_map(b.state)
    da, db = derived(a.state), derived(b.state)
    va, vb = da.version, db.version
    unit = next(u for u in a.state.units.values() if u.in_play)
    unit.x += 1.0
    assert da.version > va and db.version == vb


def test_a_unit_put_in_a_state_later_is_seen_when_it_moves_into_contact() -> None:
    g = _played()
    state = g.state
    target = next(u for u in state.units.values() if u.in_play)
    assert measuring.contact_map(state)  # the arrangement is worked out (and kept) before the newcomer comes
    newcomer = copy.deepcopy(next(u for u in state.units.values() if u.in_play and u.side != target.side))
    newcomer.id = "Z1"
    newcomer.x, newcomer.y = 1.0, 1.0
    state.units[newcomer.id] = newcomer
    assert "Z1" not in measuring.contact_map(state).get(target.id, [])
    newcomer.facing = (target.facing + 180.0) % 360.0  # front to front, just touching
    front = target.rect.front_centre
    fx, fy = target.rect.forward.x, target.rect.forward.y
    newcomer.x, newcomer.y = front.x + fx * newcomer.depth / 2, front.y + fy * newcomer.depth / 2
    assert "Z1" in measuring.contact_map(state)[target.id]


def test_a_unit_held_by_two_states_bumps_both() -> None:
    g = _played()
    other = copy.copy(g.state)  # a shallow copy: the same unit objects
    measuring.contact_map(g.state), measuring.contact_map(other)
    unit = next(u for u in g.state.units.values() if u.in_play)
    before = derived(g.state).version, derived(other).version
    unit.y += 0.5
    assert derived(g.state).version == before[0] + 1 and derived(other).version == before[1] + 1


def test_the_view_data_is_plain_data_without_the_memos() -> None:
    g = _played()
    view = View(g, "red").state
    assert view.memos is derived(g.state).ai
    plain = json.loads(json.dumps(view))
    assert plain == view and type(pickle.loads(pickle.dumps(view))) is dict and type(copy.deepcopy(view)) is dict


def test_courage_in_the_view_kept_by_change_equals_asking_every_unit() -> None:
    """The view's Courage map asks again only the units a change can touch (speed): at every decision of two whole AI
    games (moves, contacts, Doom, Broken and Command holders moving) it equals asking every unit afresh."""
    from skirmish_hobgoblin import render, stats

    rs = _builder("default")()
    partial = 0
    for seed in (6, 3):
        g = Game(rs, seed=seed)
        agents = {p: make_ai(AgentContext(p, i, rs, {}, g.players)) for i, p in enumerate(g.players)}
        while g.pending is not None:
            kept = derived(g.state).courage
            again = render._asked_again(kept[0], stats._stable_key(g), kept[2] if len(kept) > 2 else None,
                                        measuring.contact_map(g.state))
            partial += again is not None and len(again) < len(g.state.units)
            commanders = stats.commanders_of(g.state)
            fresh = {u.id: stats._courage_now(g, u, {e.name for e in u.keywords.entries}, commanders)
                     if u.in_play else u.courage for u in g.state.units.values()}
            assert render.courages(g) == fresh
            d = g.pending
            g.answer(agents[d.player].decide(View(g, d.player), d), d.player)
    assert partial > 50  # the kept values were used, not only full rebuilds
