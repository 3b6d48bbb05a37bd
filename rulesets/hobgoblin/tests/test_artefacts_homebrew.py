"""Homebrew Cursed Artefacts: a plugin gives TOML data through ``hobgoblin_artefacts`` and registers rule functions by
their effect name; they join the book's ten on that ruleset alone; mistakes are one SetupError line; a homebrew
artefact plays in a game."""

from __future__ import annotations

import tomllib
import types
from collections.abc import Iterator
from typing import Any

import hob_bench
import pytest
from hob_bench import run, unit

from skirmish import Game, SetupError, hookimpl, make_plugin_manager
from skirmish.plugins import Registry
from skirmish_hobgoblin import stats
from skirmish_hobgoblin.artefacts import artefacts, builtin_artefacts, find, homebrew_of
from skirmish_hobgoblin.artefacts import rules as artefact_rules
from skirmish_hobgoblin.rules import Hobgoblin

WARD = """
[artefacts.the-ember-ward]
name = "The Ember Ward"
keywords = ["Ember Ward", "Brutal"]
summary = "Sheds a Doom at the start of each Doom Phase; Brutal."

[keywords.ember-ward]
name = "Ember Ward"
traits = ["strength", "reserved"]
timing = "doom"
effect = "ember_ward"
summary = "At the start of each Doom Phase its unit discards 1 Doom."
"""


@pytest.fixture
def homebrew() -> Iterator[None]:
    yield
    artefact_rules.forget("ember_ward")


def plugin(raw: dict[str, Any]) -> types.ModuleType:
    """A plugin module giving ``raw`` through ``hobgoblin_artefacts``."""
    module = types.ModuleType("homebrew_artefacts")
    module.skirmish_rulesets = ("hobgoblin",)  # type: ignore[attr-defined]

    @hookimpl
    def hobgoblin_artefacts() -> dict[str, Any]:
        return raw

    module.hobgoblin_artefacts = hobgoblin_artefacts  # type: ignore[attr-defined]
    return module


def with_plugin(raw: dict[str, Any]) -> Any:
    """A ruleset built by a registry with the homebrew plugin installed."""
    return Registry(make_plugin_manager(plugins=[("homebrew-artefacts", plugin(raw))])).ruleset("hobgoblin")


def ward() -> Any:
    @artefact_rules.rule("ember_ward", "start", "Doom")
    def ember_ward(game: Game, u: Any) -> None:
        stats.discard_doom(game, u, 1, "Ember Ward")

    return with_plugin(tomllib.loads(WARD))


def game_with(ruleset: Any, artefact: str, doom: int = 2) -> Game:
    """A bench battle on ``ruleset`` (built with the plugin, so the homebrew keywords join its content)."""
    red = hob_bench.army([{"name": "Gen"}], "Red")
    red["units"][0]["artefact"] = artefact
    setup = {"players": ["red", "blue"], "armies": {"red": red, "blue": hob_bench.army([{"name": "Foe"}], "Blue")},
             "points": 20000, "scenario": "bloodbath", "first": "red", "layout": {"pieces": []},
             "positions": {"red": {"Gen": {"x": 20, "y": 10, "facing": 90, "doom": doom}},
                           "blue": {"Foe": {"x": 60, "y": 40, "facing": 270, "doom": 0}}}}
    return Game(ruleset, setup, seed=1, dice=[])


def test_the_catalogue_merges_homebrew_artefacts_with_the_books_ten(homebrew):
    brew = homebrew_of(ward())
    assert len(builtin_artefacts()) == 10 and len(artefacts(brew)) == 11
    assert find("the ember ward", brew).keywords == ("Ember Ward", "Brutal")
    assert find("The Helm of Dust", brew).id == "the-helm-of-dust"


def test_homebrew_artefacts_are_kept_on_the_ruleset_whose_plugin_gives_them(homebrew):
    with_ward, without = ward(), Registry().ruleset("hobgoblin")
    assert "the-ember-ward" in artefacts(homebrew_of(with_ward))
    assert "the-ember-ward" not in artefacts(homebrew_of(without))
    assert "the-ember-ward" not in artefacts(homebrew_of(Hobgoblin())) and len(artefacts()) == 10
    assert "ember-ward" in with_ward.content.keywords and "ember-ward" not in without.content.keywords
    assert unit(game_with(with_ward, "The Ember Ward"), "Gen").has("Ember Ward")
    with pytest.raises(SetupError, match="unknown Cursed Artefact 'The Ember Ward'"):
        game_with(without, "The Ember Ward")


def test_a_homebrew_artefact_plays_its_rule_at_its_moment(homebrew):
    g = game_with(ward(), "The Ember Ward", doom=2)
    gen = unit(g, "Gen")
    assert gen.has("Ember Ward") and gen.has("Brutal")
    run(g, artefact_rules.phase_start, "Doom", dice=[])
    assert gen.doom == 1
    assert any(e.rule == "Ember Ward" and e.kind == "doom" for e in g.log)
    run(g, artefact_rules.phase_start, "Shooting", dice=[])  # not its moment
    assert gen.doom == 1


def test_a_homebrew_artefact_keyword_without_its_rule_is_refused_in_the_army_list(homebrew):
    ruleset = with_plugin(tomllib.loads(WARD))
    with pytest.raises(SetupError, match="keyword Ember Ward names the effect 'ember_ward', which no @rule registers"):
        game_with(ruleset, "The Ember Ward")


def test_a_homebrew_artefact_naming_an_unknown_keyword_is_one_line(homebrew):
    ruleset = with_plugin({"artefacts": {"the-odd-cup": {"name": "The Odd Cup", "keywords": ["Bottomless"]}}})
    with pytest.raises(SetupError, match="unknown keyword 'Bottomless'|Bottomless") as err:
        game_with(ruleset, "The Odd Cup")
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("raw, message", [
    ({"relics": {}}, "unknown table 'relics'"),
    ({"artefacts": {}}, r"no \[artefacts.<id>\] table"),
    ({"artefacts": {"x": {"name": "X", "keywords": ["Brutal"], "cost": 5}}}, "unknown field 'cost'"),
    ({"artefacts": {"x": {"name": "X", "keywords": "Brutal"}}}, "keywords must be a list of strings"),
    ({"artefacts": {"x": {"name": "X", "keywords": []}}}, "it gives no keywords"),
    ({"artefacts": {"x": {"name": "The Helm of Dust", "keywords": ["Brutal"]}}}, "the book already has The Helm"),
    ({"artefacts": {"x": {"name": "X", "keywords": ["Y"]}}, "keywords": {"y": {"timing": "doom"}}}, "with a name"),
    ({"artefacts": {"x": "X"}}, "must be a table"),
])
def test_homebrew_artefact_mistakes_are_one_clear_line(homebrew, raw: dict[str, Any], message: str):
    ruleset = with_plugin(raw)
    with pytest.raises(SetupError, match=message) as err:
        ruleset.content  # noqa: B018 - building the content reads the plugin's artefacts
    assert "\n" not in str(err.value)
    assert len(artefacts()) == 10  # nothing added process-wide


def test_a_homebrew_keyword_may_not_reuse_a_book_keyword_id(homebrew):
    ruleset = with_plugin({"artefacts": {"x": {"name": "X", "keywords": ["Brutal"]}},
                           "keywords": {"brutal": {"name": "Brutal Two", "timing": "always", "effect": "b"}}})
    with pytest.raises(SetupError, match="keyword 'brutal' is already a keyword"):
        ruleset.content  # noqa: B018 - building the content is the check
