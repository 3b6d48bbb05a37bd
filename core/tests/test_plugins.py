"""Plugin manager and registry: discovery, failures named in warnings, duplicates, ruleset hookspecs."""

from __future__ import annotations

import sys
import types
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skirmish
import skirmish.builtin_agents
from skirmish import Game, Registry, RulesetSpec, hookimpl, make_plugin_manager
from skirmish.errors import PluginError, RulesetNotFound
from skirmish.plugins import PluginWarning
from skirmish.testing.samples import DiceRace


class RacePlugin:
    @hookimpl
    def skirmish_register_rulesets(self) -> list[RulesetSpec]:
        return [RulesetSpec.of(DiceRace, package="tests")]


def registry(*plugins: tuple[str, object], strict: bool = False) -> Registry:
    return Registry(make_plugin_manager(entry_points=False, plugins=[("skirmish.agents", skirmish.builtin_agents),
                                                                     *plugins], strict=strict))


def test_installed_entry_points_include_the_builtin_agents() -> None:
    reg = Registry()
    assert {"random", "first", "scripted"} <= {name for name, _ in reg.agents}
    assert reg.pm.has_plugin("skirmish.agents")


def test_registered_ruleset_is_built_once_with_hooks() -> None:
    reg = registry(("race", RacePlugin()))
    ruleset = reg.ruleset("dice-race")
    assert ruleset is reg.ruleset("dice-race")
    assert ruleset.hooks is reg.hooks_for("dice-race") and ruleset.hooks.ruleset == "dice-race"
    assert ruleset.hooks.skirmish_event is reg.pm.hook.skirmish_event  # nothing scoped elsewhere: the same callers
    assert reg.rulesets["dice-race"].package == "tests"


def test_unknown_ruleset_names_the_installed_ones() -> None:
    with pytest.raises(RulesetNotFound, match="no ruleset named 'chess'.*dice-race"):
        registry(("race", RacePlugin())).ruleset("chess")


def test_duplicate_ruleset_names_both_plugins_when_strict() -> None:
    with pytest.raises(PluginError, match="'one' and 'two' both register the ruleset 'dice-race'"):
        registry(("one", RacePlugin()), ("two", RacePlugin()), strict=True)


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


# -- one policy for broken plugins: a name claimed twice leaves out both claimants ----------------------------


class Tiny(skirmish.Ruleset):
    """Another little ruleset (never played here)."""

    name = "tiny"
    title = "Tiny"
    version = "1"


class Everything:
    """A plugin registering a ruleset, an agent, a command and a die, each named ``what``."""

    def __init__(self, ruleset: str = "tiny", agent: str = "bot", command: str = "hello", die: str = "goblin",
                 agent_scope: tuple[str, ...] = ()) -> None:
        self.names = (ruleset, agent, command, die, agent_scope)

    @hookimpl
    def skirmish_register_rulesets(self) -> list[RulesetSpec]:
        return [RulesetSpec(self.names[0], "T", "1", Tiny)]

    @hookimpl
    def skirmish_register_agents(self) -> list[skirmish.AgentSpec]:
        return [skirmish.AgentSpec(self.names[1], skirmish.RandomAgent, rulesets=self.names[4])]

    @hookimpl
    def skirmish_register_commands(self) -> list[skirmish.CommandSpec]:
        return [skirmish.CommandSpec(self.names[2], object())]

    @hookimpl
    def skirmish_register_dice(self) -> list[skirmish.DieSpec]:
        from skirmish.dice import CustomDie

        return [skirmish.DieSpec(self.names[3], CustomDie(self.names[3], ["hit", "miss"]))]


@pytest.mark.parametrize(("what", "two"), [
    ("ruleset", {"ruleset": "tiny"}),
    ("agent", {"agent": "bot"}),
    ("command", {"command": "hello"}),
    ("die", {"die": "goblin"}),
])
def test_a_name_registered_by_two_plugins_leaves_out_both_with_one_warning_naming_both(what: str, two: dict) -> None:
    unique = {"ruleset": "other", "agent": "bot2", "command": "hello2", "die": "ork"}
    second = Everything(**{**unique, **two})
    with pytest.warns(PluginWarning) as caught:
        reg = registry(("race", RacePlugin()), ("one", Everything()), ("two", second))
    messages = [str(w.message) for w in caught]
    assert messages == [f"skirmish plugins 'one' and 'two' both register the {what} '{two[what]}'; "
                        "both are left out"]
    assert reg.failures == messages
    assert not reg.pm.has_plugin("one") and not reg.pm.has_plugin("two")  # whole plugins: none of their hooks run
    assert set(reg.rulesets) == {"dice-race"} and not reg.commands and not reg.dice
    assert {n for n, _ in reg.agents} == {"random", "first", "scripted"}
    assert "goblin" not in skirmish.dice.registered_dice()
    assert reg.ruleset("dice-race").name == "dice-race"  # and the rest works


def test_agents_of_one_name_for_different_rulesets_do_not_clash() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", PluginWarning)
        reg = registry(("one", Everything(agent="ai", agent_scope=("tiny",))),
                       ("two", Everything("t2", "ai", "c2", "d_two", agent_scope=("t2",))))
    assert {("ai", "tiny"), ("ai", "t2")} <= set(reg.agents)
    assert reg.provided["one"] == {"rulesets": ["tiny"], "agents": ["ai (tiny)"], "commands": ["hello"],
                                   "dice": ["goblin"]}


def test_a_general_agent_clashing_with_a_builtin_one_names_both() -> None:
    with pytest.warns(PluginWarning, match="'mine' and 'skirmish.agents' both register the agent 'random'"):
        reg = registry(("mine", Everything(agent="random")))
    assert not reg.agents and "tiny" not in reg.rulesets


def test_one_plugin_registering_a_name_twice_is_left_out() -> None:
    class Twice(RacePlugin):
        @hookimpl
        def skirmish_register_commands(self) -> list[skirmish.CommandSpec]:
            return [skirmish.CommandSpec("x", object()), skirmish.CommandSpec("x", object())]

    with pytest.warns(PluginWarning, match="plugin 'twice' registers the command 'x' twice; it is left out"):
        reg = registry(("twice", Twice()))
    assert "dice-race" not in reg.rulesets


@pytest.mark.parametrize("record", [["not a spec"], [RulesetSpec.of(DiceRace)]])
def test_a_record_of_the_wrong_type_leaves_the_plugin_out(record: list) -> None:
    class Wrong(RacePlugin):
        @hookimpl
        def skirmish_register_commands(self) -> list:
            return record

    with pytest.warns(PluginWarning, match="'wrong' failed in skirmish_register_commands.*where a CommandSpec"):
        reg = registry(("wrong", Wrong()))
    assert not reg.rulesets and not reg.pm.has_plugin("wrong")


# -- scope: a house-rules plugin serves the rulesets it names -------------------------------------------------


class Recorder:
    """Records the content and game hooks it is called for; serves ``scope`` (none: every ruleset)."""

    def __init__(self, scope: object = None) -> None:
        if scope is not None:
            self.skirmish_rulesets = scope
        self.calls: list[tuple[str, str]] = []

    @hookimpl
    def skirmish_extend_content(self, ruleset: str, content: dict) -> None:
        self.calls.append(("content", ruleset))

    @hookimpl
    def skirmish_game_start(self, game: Game) -> None:
        self.calls.append(("start", game.ruleset.name))

    @hookimpl
    def skirmish_event(self, game: Game, event: skirmish.Event) -> None:
        if event.kind == "start":
            self.calls.append(("event", game.ruleset.name))


class OtherRace(DiceRace):
    name = "other-race"


class TwoRaces:
    @hookimpl
    def skirmish_register_rulesets(self) -> list[RulesetSpec]:
        return [RulesetSpec.of(DiceRace), RulesetSpec.of(OtherRace)]


def _start_both(reg: Registry) -> None:
    for name in ("dice-race", "other-race"):
        Game(reg.ruleset(name), seed=1)  # Dice Race loads its content through extend_content when first used


def test_a_scoped_plugin_is_called_only_for_the_rulesets_it_serves() -> None:
    scoped, everywhere = Recorder(("other-race",)), Recorder()
    reg = registry(("races", TwoRaces()), ("house", scoped), ("watch", everywhere))
    _start_both(reg)
    assert sorted(scoped.calls) == [("content", "other-race"), ("event", "other-race"), ("start", "other-race")]
    assert [c for c in everywhere.calls if c[0] == "start"] == [("start", "dice-race"), ("start", "other-race")]
    assert reg.scopes() == {"house": ("other-race",)}


def test_a_scope_may_be_one_name_and_may_name_several() -> None:
    one, several = Recorder("other-race"), Recorder(["dice-race", "other-race"])
    reg = registry(("races", TwoRaces()), ("one", one), ("several", several))
    _start_both(reg)
    assert {r for _, r in one.calls} == {"other-race"} and {r for _, r in several.calls} == {"dice-race", "other-race"}


@pytest.mark.parametrize("scope", [42, [""], ("ok", 3)])
def test_a_bad_scope_leaves_the_plugin_out(scope: object) -> None:
    with pytest.warns(PluginWarning, match="'house' has skirmish_rulesets = .* not a list of ruleset names"):
        reg = registry(("races", TwoRaces()), ("house", Recorder(scope)))
    assert not reg.pm.has_plugin("house")


def test_a_scoped_module_plugin_and_the_rulesets_own_hooks(monkeypatch: pytest.MonkeyPatch) -> None:
    specs = types.ModuleType("race_specs")

    @skirmish.hookspec
    def dice_race_bonus(game: object) -> int:  # noqa: ARG001
        """A bonus."""

    specs.dice_race_bonus = dice_race_bonus  # type: ignore[attr-defined]

    class RacesWithSpecs(TwoRaces):
        @hookimpl
        def skirmish_addhooks(self, pluginmanager: object) -> None:
            pluginmanager.add_hookspecs(specs)  # type: ignore[attr-defined]

    house = types.ModuleType("house_rules")
    house.skirmish_rulesets = ("dice-race",)  # type: ignore[attr-defined]
    house.dice_race_bonus = hookimpl(lambda game: 2)  # type: ignore[attr-defined]
    reg = registry(("races", RacesWithSpecs()), ("house", house), strict=True)
    assert reg.ruleset("dice-race").hooks.dice_race_bonus(game=None) == [2]
    assert reg.ruleset("other-race").hooks.dice_race_bonus(game=None) == []
    assert reg.pm.hook.dice_race_bonus(game=None) == [2]  # the unscoped relay still has everything


def test_clones_share_the_scoped_relay() -> None:
    reg = registry(("races", TwoRaces()), ("house", Recorder(("dice-race",))))
    game = Game(reg.ruleset("dice-race"), seed=1)
    assert game.hooks is reg.hooks_for("dice-race") and game.clone().hooks is game.hooks


# -- dice registered by plugins ---------------------------------------------------------------------------


def test_a_plugin_die_is_known_to_dice_expressions() -> None:
    from skirmish.dice import get_die, parse, registered_dice

    reg = registry(("dice", Everything(die="goblin_die")))
    assert "goblin_die" in registered_dice() and reg.dice["goblin_die"].die.faces == ("hit", "miss")
    assert get_die("Goblin_Die") is reg.dice["goblin_die"].die
    assert str(parse("3xgoblin_die")) == "3xgoblin_die"
    registry()  # a new registry without the plugin forgets its die
    assert "goblin_die" not in registered_dice()


@pytest.mark.parametrize("name", ["d6x", "2bad", ""])
def test_a_badly_named_die_leaves_the_plugin_out(name: str) -> None:
    class BadDie:
        @hookimpl
        def skirmish_register_dice(self) -> list[skirmish.DieSpec]:
            return [skirmish.DieSpec(name, skirmish.dice.Die(6))]

    with pytest.warns(PluginWarning, match="'dice' failed in skirmish_register_dice.*bad die name"):
        reg = registry(("dice", BadDie()), ("race", RacePlugin()))
    assert not reg.pm.has_plugin("dice") and "dice-race" in reg.rulesets


# -- the duplicate policy as a property: a plugin stays iff none of its names is claimed twice -------------------

_KINDS = ("rulesets", "commands", "dice")
_claims = st.lists(st.fixed_dictionaries({k: st.lists(st.sampled_from(["a", "b", "c"]), max_size=2) for k in _KINDS}),
                   min_size=1, max_size=4)


class Claims:
    """A plugin registering the given ruleset, command and die names."""

    def __init__(self, names: dict[str, list[str]]) -> None:
        self.names = names

    @hookimpl
    def skirmish_register_rulesets(self) -> list[RulesetSpec]:
        return [RulesetSpec(f"rs-{n}", n, "1", Tiny) for n in self.names["rulesets"]]

    @hookimpl
    def skirmish_register_commands(self) -> list[skirmish.CommandSpec]:
        return [skirmish.CommandSpec(f"cmd-{n}", object()) for n in self.names["commands"]]

    @hookimpl
    def skirmish_register_dice(self) -> list[skirmish.DieSpec]:
        return [skirmish.DieSpec(f"die_{n}", skirmish.dice.Die(6)) for n in self.names["dice"]]


@settings(max_examples=60, deadline=None)
@given(_claims)
def test_a_plugin_is_kept_exactly_when_none_of_its_names_is_claimed_twice(plugins: list[dict[str, list[str]]]) -> None:
    counts: dict[tuple[str, str], int] = {}
    for names in plugins:
        for kind in _KINDS:
            for n in names[kind]:
                counts[(kind, n)] = counts.get((kind, n), 0) + 1
    kept = [i for i, names in enumerate(plugins) if all(counts[(k, n)] == 1 for k in _KINDS for n in names[k])]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PluginWarning)
        reg = Registry(make_plugin_manager(entry_points=False, plugins=[(f"p{i}", Claims(n))
                                                                        for i, n in enumerate(plugins)]))
    assert [i for i in range(len(plugins)) if reg.pm.has_plugin(f"p{i}")] == kept
    assert set(reg.rulesets) == {f"rs-{n}" for i in kept for n in plugins[i]["rulesets"]}
    assert set(reg.commands) == {f"cmd-{n}" for i in kept for n in plugins[i]["commands"]}
    assert set(reg.dice) == {f"die_{n}" for i in kept for n in plugins[i]["dice"]}
    clashes = sum(1 for c in counts.values() if c > 1)
    assert len(caught) == clashes == len(reg.failures)


def test_an_unknown_ruleset_hook_hints_that_its_ruleset_may_be_missing() -> None:
    class ForMissingGame:
        skirmish_rulesets = ("tavern-brawl",)

        @hookimpl
        def tavern_brawl_modify_target(self, game: object) -> int:
            return 1

    with pytest.warns(PluginWarning, match="unknown hook 'tavern_brawl_modify_target' .misspelled, or is the "
                                           "ruleset that specifies it not installed.."):
        reg = registry(("house", ForMissingGame()))
    assert not reg.pm.has_plugin("house")


def test_changed_by_names_the_plugins_hooking_into_a_ruleset_but_not_its_own() -> None:
    class RacesWatching(TwoRaces):
        @hookimpl
        def skirmish_game_start(self, game: Game) -> None: ...

    reg = registry(("races", RacesWatching()), ("house", Recorder(("other-race",))), ("watch", Recorder()))
    assert reg.changed_by("other-race") == ["house", "watch"]
    assert reg.changed_by("dice-race") == ["watch"]


_scopes = st.lists(st.one_of(st.none(), st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=3)),
                   min_size=1, max_size=5)


@settings(max_examples=60, deadline=None)
@given(_scopes)
def test_each_ruleset_relay_holds_the_unscoped_plugins_and_those_serving_it(scopes: list[list[str] | None]) -> None:
    plugins = [(f"p{i}", Recorder(tuple(scope) if scope is not None else None)) for i, scope in enumerate(scopes)]
    reg = Registry(make_plugin_manager(entry_points=False, plugins=plugins))
    for ruleset in ("a", "b", "c", "d"):
        called = {impl.plugin_name for impl in reg.hooks_for(ruleset).skirmish_game_start.get_hookimpls()}
        assert called == {f"p{i}" for i, scope in enumerate(scopes) if scope is None or ruleset in scope}


def test_three_plugins_with_one_name_are_all_named_and_left_out() -> None:
    with pytest.warns(PluginWarning, match="plugins 'a', 'b' and 'c' all register the ruleset 'dice-race'; all are "
                                           "left out"):
        reg = registry(("a", RacePlugin()), ("b", RacePlugin()), ("c", RacePlugin()))
    assert not reg.rulesets


def test_a_lazy_record_that_names_its_ruleset_wrongly_is_refused_when_built():
    class Misnamed:
        @hookimpl
        def skirmish_register_rulesets(self) -> list[RulesetSpec]:
            return [RulesetSpec("dice-race", "Dice Race", "9.9", skirmish.Lazy("skirmish.testing.samples:DiceRace"))]

    reg = registry(("misnamed", Misnamed()))
    assert "dice-race" in reg.rulesets  # listed without loading anything
    with pytest.raises(PluginError, match="registered as 'dice-race'.*version '9.9'.*its plugin must register"):
        reg.ruleset("dice-race")


def test_module_plugins_are_read_as_pluggy_reads_them() -> None:
    """The manager's fast path for module plugins finds exactly the hook implementations pluggy itself finds."""
    import pluggy

    from skirmish.markers import PROJECT
    from skirmish.plugins import _PluginManager

    sample = types.ModuleType("sample_plugin")
    exec(  # a module holding every kind of name a plugin may hold
        "import os\nfrom skirmish import hookimpl\n"
        "@hookimpl\ndef skirmish_rulesets(): return []\n"
        "@hookimpl(tryfirst=True)\ndef skirmish_agents(): return []\n"
        "def helper(): pass\nCONSTANT = 3\nclass Thing:\n    pass\n"
        "marked = staticmethod(skirmish_rulesets)\nbound = Thing().__init__\n",
        sample.__dict__)
    plugins = [sample, *(plugin for _, plugin in make_plugin_manager().list_name_plugin())]
    ours, theirs = _PluginManager(PROJECT), pluggy.PluginManager(PROJECT)
    checked = 0
    for plugin in plugins:
        for name in dir(plugin):
            assert ours.parse_hookimpl_opts(plugin, name) == theirs.parse_hookimpl_opts(plugin, name), name
            checked += 1
    assert checked > 100
    assert ours.parse_hookimpl_opts(sample, "skirmish_agents")["tryfirst"] is True
    assert ours.parse_hookimpl_opts(sample, "helper") is None
