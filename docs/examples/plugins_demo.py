"""Both plugins registered as their entry points would register them, then used."""

from __future__ import annotations

import sys

import duel_plugin
import house_plugin

from skirmish import Registry, make_plugin_manager, simulate
from skirmish.testing import play_random

pm = make_plugin_manager(plugins=[("dice-duel", duel_plugin), ("duel-house", house_plugin)])
registry = Registry(pm)
assert not registry.failures, registry.failures
assert "duel" not in sys.modules  # registering imported no rules: the Lazy reference waits for a game

duel = registry.ruleset("dice-duel")  # builds it, with the hooks of the plugins that serve it
assert duel.content.rules.rounds == 4  # the house rule changed the content
game = play_random(duel, seed=5)
kept = game.stash["duel-house"]
assert kept["rolls"] == 8 and kept["phases"] == ["1:roll", "2:roll", "3:roll", "4:roll"]
assert kept["winners"] == list(game.result.winners)
assert any(e.rule == "House: Crowd" for e in game.log)
assert registry.scopes() == {"duel-house": ("dice-duel",)} or "duel-house" in registry.scopes()

summary, records = simulate(registry, "dice-duel", 4, ["ai", "random"])
assert "duel-house: busts" in summary.extra
assert registry.agent_spec("ai", "dice-duel").name == "ai"
assert registry.commands["duel-odds"].help.startswith("Exact odds")
