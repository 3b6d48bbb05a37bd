"""The plugin as a package: registration, set-up checks, content as data, its own hooks, public API only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import skirmish
from skirmish import Game, Registry, SetupError, hookimpl
from skirmish_tavern_brawl.rules import TavernBrawl
from skirmish_tavern_brawl.state import BRUISE

PACKAGE = Path(__file__).parents[1] / "src" / "skirmish_tavern_brawl"


# -- registration -------------------------------------------------------------------------------
def test_registers_through_the_installed_entry_point():
    registry = Registry()  # the installed `skirmish` entry points, as the CLI builds it
    spec = registry.rulesets["tavern-brawl"]
    assert spec.title == "Tavern Brawl" and spec.package.startswith("skirmish-tavern-brawl")
    assert registry.agent_spec("ai", "tavern-brawl").rulesets == ("tavern-brawl",)
    assert registry.pm.hook.tavern_brawl_modify_target.has_spec()


def test_ai_is_only_offered_for_tavern_brawl(registry):
    assert ("ai", "tavern-brawl") in registry.agents and ("ai", "") not in registry.agents


def test_uses_only_the_public_api():
    public = set(skirmish.__all__)
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "skirmish":
                assert node.module == "skirmish", f"{path.name} imports {node.module}"
                assert {a.name for a in node.names} <= public, f"{path.name}: {[a.name for a in node.names]}"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("skirmish.") for a in node.names), path.name


# -- set-up -------------------------------------------------------------------------------------------
def test_default_setup_is_complete_and_checks():
    ruleset = TavernBrawl()
    setup = ruleset.default_setup()
    assert ruleset.check_setup(setup) == setup
    assert set(setup) == {"players", "brawlers", "rounds"}


def test_setup_fills_in_missing_brawler_types_with_unused_ones():
    setup = TavernBrawl().check_setup({"players": ["a", "b", "c"], "brawlers": {"b": "bouncer"}})
    assert setup["brawlers"] == {"a": "bard", "b": "bouncer", "c": "cooper"} and setup["rounds"] == 8


@pytest.mark.parametrize(("setup", "message"), [
    ({"players": ["a"]}, "played by 2 to 4 players, the set-up names 1"),
    ({"players": ["a", "b", "c", "d", "e"]}, "played by 2 to 4 players"),
    ({"players": ["a", "b"], "brawlers": {"a": "wizard"}}, "unknown brawler type 'wizard' for a (choose from: bouncer"),
    ({"players": ["a", "b"], "brawlers": {"z": "bard"}}, "names 'z', who is not one of the players"),
    ({"players": ["a", "b"], "brawlers": ["bard"]}, "'brawlers' must be a table"),
    ({"players": ["a", "b"], "rounds": 0}, "'rounds' must be a whole number from 1 to 20, not 0"),
    ({"players": ["a", "b"], "rounds": "six"}, "'rounds' must be a whole number"),
    ({"players": ["a", "b"], "round": 3}, "unknown set-up option 'round'"),
    ({"players": ["a", "a"]}, "names a player twice"),
])
def test_bad_setups_are_refused_in_one_line(setup, message):
    with pytest.raises(SetupError, match=message.replace("(", r"\(")) as info:
        TavernBrawl().check_setup(setup)
    assert "\n" not in str(info.value)


# -- content is data; plugins may extend it ---------------------------------------------------------------------------
def test_content_comes_from_the_toml_files():
    content = TavernBrawl().content
    assert set(content.brawlers) == {"bouncer", "bard", "cooper", "pickpocket", "smith"}
    assert content.cards["stool"].name == "Bar Stool" and content.cards["stool"].dice == 2
    assert sum(c.count for c in content.cards.values()) == 27
    assert len(content.rules.round_orders) == 6


class BadCard:
    @hookimpl
    def skirmish_extend_content(self, ruleset, content):
        if ruleset == "tavern-brawl":
            content["cards"]["spell"] = {"name": "Fireball", "kind": "spell", "effect": "attack"}


class Typo:
    @hookimpl
    def skirmish_extend_content(self, ruleset, content):
        content["brawlers"]["bard"]["gritt"] = 3


@pytest.mark.parametrize(("house", "message"), [(BadCard(), "card 'spell' has kind 'spell'"),
                                                (Typo(), "gritt")])
def test_broken_content_is_one_setup_error(registry_with, house, message):
    ruleset = registry_with(("house", house)).ruleset("tavern-brawl")
    with pytest.raises(SetupError, match=message):
        Game(ruleset)


# -- the ruleset's own hooks ----------------------------------------------------------------------------------------
class SlipperyTankards:
    """House rule: the floor is wet, tankards need 1 more to hit."""

    @hookimpl
    def tavern_brawl_modify_target(self, game, attacker, victim, card, target):
        return 1 if card == "tankard" else None


def test_house_rules_change_the_target_number(registry_with, make_game):
    hooks = registry_with(("house", SlipperyTankards())).pm.hook
    game = make_game(["cooper", "smith"], hands={"Red": ["tankard"]}, hooks=hooks)
    labels = [o.label for o in game.pending.options]
    assert "Flying Tankard at Blue (4 dice, 5+)" in labels and "punch Blue (3 dice, 5+)" in labels


class RollingKeg:
    """House rule: a new card, with its own effect."""

    @hookimpl
    def skirmish_extend_content(self, ruleset, content):
        if ruleset == "tavern-brawl":
            content["cards"]["keg"] = {"name": "Rolling Keg", "kind": "trick", "effect": "keg", "count": 2,
                                       "text": "Roll a keg down the bar: everyone else takes a bruise."}

    @hookimpl
    def tavern_brawl_card_effect(self, game, player, card_id, card, target):
        if card.effect != "keg":
            return None
        for other, b in game.state.brawlers.items():
            if other != player and not b.out:
                b.tokens.add(BRUISE, 1, log=game.log, rule=card.name)
        return True


def test_house_rules_add_a_card_with_its_own_effect(registry_with, make_game):
    hooks = registry_with(("house", RollingKeg())).pm.hook
    game = make_game(["smith", "cooper", "bard"], hands={"Red": ["keg"]}, hooks=hooks)
    held = sum(len(b.hand) for b in game.state.brawlers.values())
    assert len(game.state.deck.all_cards()) + held == 27 + 2
    game.answer("keg", "Red")
    assert [b.bruises for b in game.state.brawlers.values()] == [0, 1, 1]
