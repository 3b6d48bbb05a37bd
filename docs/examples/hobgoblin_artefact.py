"""A homebrew Cursed Artefact for Hobgoblin: a plugin gives its TOML data through ``hobgoblin_artefacts`` and
registers a rule function by its effect name; then a game in which the General carries it. The artefact is kept on
the ruleset that has the plugin: a ruleset without it does not know the artefact."""

from __future__ import annotations

import sys
import tomllib
from typing import Any

from skirmish import Game, Registry, SetupError, hookimpl, make_plugin_manager
from skirmish.testing import play_random
from skirmish_hobgoblin.army import army_to_dict, find_army
from skirmish_hobgoblin.artefacts import find, homebrew_of
from skirmish_hobgoblin.artefacts.rules import rule

# -- artefact: the plugin module
skirmish_rulesets = ("hobgoblin",)  # its hooks are called for Hobgoblin games only


@hookimpl
def hobgoblin_artefacts() -> dict[str, Any]:
    return tomllib.loads("""
[artefacts.the-ember-crown]
name = "The Ember Crown"
keywords = ["Ember Crown", "Brutal"]     # new keywords are defined below, the book's are named as printed
summary = "A Mercury Token more each Magic Phase while its unit is in play, and Brutal."

[keywords.ember-crown]                   # shaped like data/keywords.toml
name = "Ember Crown"
traits = ["strength", "reserved"]        # reserved: given, never bought
timing = "magic"
effect = "ember_crown"                   # the @rule below
summary = "At the start of each Magic Phase its player gains 1 Mercury Token."
""")


@rule("ember_crown", "start", "Magic")
def ember_crown(game: Game, unit: Any) -> None:
    """Runs for every unit in play holding a keyword whose effect is ``ember_crown``."""
    game.state.sides[unit.side].mercury += 1
    game.emit("mercury", f"{unit.side} gains 1 Mercury (Ember Crown)", rule="Ember Crown", player=unit.side, change=1)
# -- end


ruleset = Registry(make_plugin_manager(plugins=[("ember-crown", sys.modules[__name__])])).ruleset("hobgoblin")
army = army_to_dict(find_army("iron-grudge-hold", ruleset.content))
general = next(u for u in army["units"] if u.get("general"))
general["artefact"] = "The Ember Crown"  # as in an army file: artefact = "The Ember Crown"
setup = {"players": ["red", "blue"], "armies": {"red": army, "blue": "red-howl-horde"}, "layout": "open-ground"}

assert find("the-ember-crown", homebrew_of(ruleset)).keywords == ("Ember Crown", "Brutal")
game = play_random(ruleset, seed=3, setup=setup)
bearer = next(u for u in game.state.units.values() if u.name == general["name"])
assert bearer.has("Ember Crown") and bearer.has("Brutal")
assert sum(e.rule == "Ember Crown" for e in game.log) == game.round  # once a round: the bearer lived
try:  # a ruleset without the plugin does not know the artefact
    Game(Registry().ruleset("hobgoblin"), setup, seed=3)
except SetupError as exc:
    assert "unknown Cursed Artefact 'The Ember Crown'" in str(exc)
else:
    raise AssertionError("the artefact leaked into a ruleset without the plugin")
print(game.result.reason)
