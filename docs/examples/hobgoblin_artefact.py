"""A homebrew Cursed Artefact for Hobgoblin: TOML data plus a rule function registered by its effect name, then a
game in which the General carries it."""

from __future__ import annotations

import tomllib
from typing import Any

from skirmish import Game, Registry
from skirmish.testing import play_random
from skirmish_hobgoblin.army import army_to_dict, find_army
from skirmish_hobgoblin.artefacts import add_artefacts, find
from skirmish_hobgoblin.artefacts.rules import rule

# -- artefact: what a plugin module does when it is imported
add_artefacts(tomllib.loads("""
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
"""))


@rule("ember_crown", "start", "Magic")
def ember_crown(game: Game, unit: Any) -> None:
    """Runs for every unit in play holding a keyword whose effect is ``ember_crown``."""
    game.state.sides[unit.side].mercury += 1
    game.emit("mercury", f"{unit.side} gains 1 Mercury (Ember Crown)", rule="Ember Crown", player=unit.side, change=1)
# -- end


ruleset = Registry().ruleset("hobgoblin")
army = army_to_dict(find_army("iron-grudge-hold", ruleset.content))
general = next(u for u in army["units"] if u.get("general"))
general["artefact"] = "The Ember Crown"  # as in an army file: artefact = "The Ember Crown"
setup = {"players": ["red", "blue"], "armies": {"red": army, "blue": "red-howl-horde"}, "layout": "open-ground"}

assert find("the-ember-crown").keywords == ("Ember Crown", "Brutal")
game = play_random(ruleset, seed=3, setup=setup)
bearer = next(u for u in game.state.units.values() if u.name == general["name"])
assert bearer.has("Ember Crown") and bearer.has("Brutal")
assert sum(e.rule == "Ember Crown" for e in game.log) == game.round  # once a round: the bearer lived
print(game.result.reason)
