"""Hobgoblin's expansions are plugins on its own hooks: one tuple lists them, the package's entry points register
them, a ruleset built without the registry calls the same ones, and each hook is documented."""

from __future__ import annotations

import inspect
import re
import tomllib
from pathlib import Path

from skirmish import Registry
from skirmish_hobgoblin import hookspecs
from skirmish_hobgoblin.rules import Hobgoblin

HERE = Path(__file__).parents[1]


def test_the_builtin_tuple_is_what_the_package_registers() -> None:
    points = tomllib.loads((HERE / "pyproject.toml").read_text())["project"]["entry-points"]["skirmish"]
    assert {name: module for name, module in hookspecs.BUILTIN} == {k: v for k, v in points.items()
                                                                     if k != "hobgoblin"}


def test_the_registry_and_a_bare_ruleset_reach_the_same_expansions() -> None:
    installed = Registry().ruleset("hobgoblin")
    bare = Hobgoblin()
    assert list(installed.scenarios) == list(bare.scenarios)
    assert "the-fortress" in bare.scenarios and "unlikely-allies" in bare.scenarios
    assert [o.name for o in installed.setup_options()] == [o.name for o in bare.setup_options()] == \
        ["chaos", "him", "teams", "objectives"]
    names = {impl.plugin_name for impl in installed.hooks.hobgoblin_view.get_hookimpls()}
    assert names == {"hobgoblin-chaos", "hobgoblin-narrative", "hobgoblin-teams"}


def test_every_hobgoblin_hook_has_a_docstring_and_is_listed_in_the_readme() -> None:
    readme = (HERE / "README.md").read_text()
    listed = set(re.findall(r"`(hobgoblin_\w+)`", readme))
    hooks = {name: f for name, f in vars(hookspecs).items() if name.startswith("hobgoblin_") and callable(f)}
    assert hooks and set(hooks) <= listed
    assert all(inspect.getdoc(f) for f in hooks.values())


def test_a_game_with_expansions_pickles_for_worker_processes() -> None:
    import pickle

    from skirmish import Game
    from skirmish.agents import AgentContext, RandomAgent, View
    from skirmish_hobgoblin.magic.spells import all_spells

    ruleset = Hobgoblin()
    game = Game(ruleset, {**ruleset.default_setup(), "scenario": "the-fortress"}, seed=1)
    agent = RandomAgent(AgentContext("red", 1, ruleset, {}, game.players))
    while not game.state.sight_rules:  # through the set-up: the Fortress is prepared
        game.answer(agent.decide(View(game, game.pending.player), game.pending), game.pending.player)
    all_spells(ruleset)  # what the ruleset keeps of the expansions' code is left out of the pickle
    copy = pickle.loads(pickle.dumps(game))
    assert copy.state.sight_rules and [r.__name__ for r in copy.state.sight_rules] == ["sight_ignores"]
    assert len(copy.ruleset.content.army_rules) == 2


def test_expansions_call_answers_as_pluggy_does() -> None:
    """expansions.call runs plain implementations itself (speed): the same answers, in the same order, as the hook
    relay; a firstresult hook stops at the last registered plugin's answer; a wrapper goes through pluggy; a
    plugin registered later is seen at once."""
    from types import SimpleNamespace

    import pluggy

    from skirmish_hobgoblin import expansions

    mark = pluggy.HookimplMarker("skirmish")
    pm = pluggy.PluginManager("skirmish")
    pm.add_hookspecs(hookspecs)
    seen: list[str] = []

    class First:
        @mark
        def hobgoblin_solo(self, game: object, player: str) -> str:
            seen.append("first")
            return f"first {player}"

        @mark
        def hobgoblin_view(self, game: object, player: str | None) -> dict[str, str] | None:
            return {"first": str(player)}

    class Second:
        @mark
        def hobgoblin_solo(self, player: str) -> str | None:
            seen.append("second")
            return None if player == "red" else f"second {player}"

        @mark
        def hobgoblin_view(self, game: object) -> None:
            return None

    pm.register(First(), name="first")
    pm.register(Second(), name="second")
    game = SimpleNamespace(hooks=pm.hook, ruleset=SimpleNamespace())
    for player in ("red", "blue"):
        seen.clear()
        assert expansions.call(game, "hobgoblin_solo", player=player) == pm.hook.hobgoblin_solo(game=game,
                                                                                                 player=player)
        assert seen == (["second", "first", "second", "first"] if player == "red" else ["second", "second"])
    assert expansions.call(game, "hobgoblin_view", player="red") == [{"first": "red"}] == \
        pm.hook.hobgoblin_view(game=game, player="red")

    class Wrapper:
        @mark(wrapper=True)
        def hobgoblin_view(self, game: object, player: str | None) -> object:
            out = yield
            return [*out, {"wrapped": str(player)}]

    pm.register(Wrapper(), name="wrapper")
    assert expansions.call(game, "hobgoblin_view", player="blue") == [{"first": "blue"}, {"wrapped": "blue"}]

    class Late:
        @mark
        def hobgoblin_solo(self, game: object, player: str) -> str:
            return "late"

    pm.register(Late(), name="late")
    assert expansions.call(game, "hobgoblin_solo", player="red") == "late"
