"""Plugin manager and registry: discovery, failures named in warnings, duplicates, ruleset hookspecs."""

from __future__ import annotations

import sys
import types
import warnings

import pytest

import skirmish
from skirmish import Game, Registry, RulesetSpec, hookimpl, make_plugin_manager
from skirmish.errors import PluginError, RulesetNotFound
from skirmish.plugins import PluginWarning
from skirmish.testing.samples import DiceRace


class RacePlugin:
    @hookimpl
    def skirmish_register_rulesets(self) -> list[RulesetSpec]:
        return [RulesetSpec.of(DiceRace, package="tests")]


def registry(*plugins: tuple[str, object], strict: bool = False) -> Registry:
    return Registry(make_plugin_manager(entry_points=False, plugins=[("skirmish.agents", skirmish.agents),
                                                                     *plugins], strict=strict))


def test_installed_entry_points_include_the_builtin_agents() -> None:
    reg = Registry()
    assert {"random", "first", "scripted"} <= {name for name, _ in reg.agents}
    assert reg.pm.has_plugin("skirmish.agents")


def test_registered_ruleset_is_built_once_with_hooks() -> None:
    reg = registry(("race", RacePlugin()))
    ruleset = reg.ruleset("dice-race")
    assert ruleset is reg.ruleset("dice-race")
    assert ruleset.hooks is reg.pm.hook
    assert reg.rulesets["dice-race"].package == "tests"


def test_unknown_ruleset_names_the_installed_ones() -> None:
    with pytest.raises(RulesetNotFound, match="no ruleset named 'chess'.*dice-race"):
        registry(("race", RacePlugin())).ruleset("chess")


def test_duplicate_ruleset_names_both_plugins() -> None:
    with pytest.raises(PluginError, match="dice-race.*'one' and 'two'"):
        registry(("one", RacePlugin()), ("two", RacePlugin()))


def test_ruleset_scoped_agent_wins_over_general_one() -> None:
    class Ai:
        @hookimpl
        def skirmish_register_agents(self) -> list[skirmish.AgentSpec]:
            return [skirmish.AgentSpec("first", skirmish.RandomAgent, "scoped", rulesets=("dice-race",))]

    reg = registry(("race", RacePlugin()), ("ai", Ai()))
    assert reg.agent_spec("first", "dice-race").help == "scoped"
    assert reg.agent_spec("first", "other").help.startswith("always the first")
    with pytest.raises(skirmish.SkirmishError, match="no agent 'zz'.*random"):
        reg.agent_spec("zz", "dice-race")


def test_misspelled_hook_drops_that_plugin_with_a_warning() -> None:
    class Typo:
        @hookimpl
        def skirmish_register_rulesetz(self) -> list[RulesetSpec]:
            return []

    with pytest.warns(PluginWarning, match="'typo' implements unknown hook 'skirmish_register_rulesetz'"):
        reg = registry(("race", RacePlugin()), ("typo", Typo()))
    assert not reg.pm.has_plugin("typo")
    assert "dice-race" in reg.rulesets
    assert any("typo" in f for f in reg.failures)


def test_misspelled_hook_is_an_error_when_strict() -> None:
    class Typo:
        @hookimpl
        def skirmish_evnt(self, game: object, event: object) -> None: ...

    with pytest.raises(PluginError, match="skirmish_evnt"):
        registry(("typo", Typo()), strict=True)


def test_plugin_that_fails_to_import_is_named_and_the_rest_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "skirmish_no_such_plugin_module")
    with pytest.warns(PluginWarning, match="'skirmish_no_such_plugin_module'.*failed to load"):
        reg = Registry()
    assert ("random", "") in reg.agents


def test_skirmish_plugins_env_registers_a_module(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("skirmish_test_env_plugin")
    module.skirmish_register_rulesets = hookimpl(lambda: [RulesetSpec.of(DiceRace)])  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setenv("SKIRMISH_PLUGINS", module.__name__)
    with warnings.catch_warnings():
        warnings.simplefilter("error", PluginWarning)
        reg = Registry()
    assert "dice-race" in reg.rulesets


def test_ruleset_adds_its_own_hookspecs_and_plugins_implement_them() -> None:
    specs = types.ModuleType("race_specs")

    @skirmish.hookspec(firstresult=True)
    def dice_race_sprint_target(game: object) -> int:  # noqa: ARG001
        """Target number of a sprint die."""

    specs.dice_race_sprint_target = dice_race_sprint_target  # type: ignore[attr-defined]

    class HouseRule:  # registered before the spec exists: still validated once it does
        @hookimpl
        def dice_race_sprint_target(self, game: object) -> int:
            return 3

    class RaceWithSpecs(RacePlugin):
        @hookimpl
        def skirmish_addhooks(self, pluginmanager: object) -> None:
            pluginmanager.add_hookspecs(specs)  # type: ignore[attr-defined]

    reg = registry(("house", HouseRule()), ("race", RaceWithSpecs()), strict=True)
    assert reg.pm.hook.dice_race_sprint_target(game=None) == 3


def test_extend_content_lets_house_rules_change_data() -> None:
    class MoreBoosts:
        @hookimpl
        def skirmish_extend_content(self, ruleset: str, content: dict) -> None:
            if ruleset == "dice-race":
                content["boosts"].append("boost9")

    reg = registry(("race", RacePlugin()), ("more", MoreBoosts()))
    assert reg.ruleset("dice-race").extend_content({"boosts": ["boost1"]}) == {"boosts": ["boost1", "boost9"]}


def test_observers_see_every_event_of_a_game_but_not_of_its_clones() -> None:
    seen: list[str] = []
    ended: list[object] = []

    class Watcher:
        @hookimpl
        def skirmish_event(self, game: Game, event: skirmish.Event) -> None:
            seen.append(event.kind)

        @hookimpl
        def skirmish_game_end(self, game: Game, result: skirmish.Result) -> None:
            ended.append(result)

    reg = registry(("race", RacePlugin()), ("watch", Watcher()))
    game = Game(reg.ruleset("dice-race"), seed=1)
    assert seen[0] == "start" and len(seen) == len(game.log)
    before = len(seen)
    clone = game.clone()
    while clone.pending is not None:
        clone.answer("sprint")
    assert len(seen) == before and not ended
    while game.pending is not None:
        game.answer("sprint")
    assert ended == [game.result] and len(seen) == len(game.log)


def test_a_plugin_whose_registration_hook_raises_is_left_out_with_a_warning() -> None:
    class Broken:
        @hookimpl
        def skirmish_register_commands(self) -> list:
            raise ImportError("cannot import name 'x'")

    with pytest.warns(PluginWarning, match="'broken' failed in skirmish_register_commands.*ImportError"):
        reg = registry(("race", RacePlugin()), ("broken", Broken()))
    assert "dice-race" in reg.rulesets and not reg.commands


def test_agent_names_are_matched_regardless_of_case() -> None:
    reg = registry(("race", RacePlugin()))
    assert reg.agent_spec("Random", "dice-race").name == "random"
