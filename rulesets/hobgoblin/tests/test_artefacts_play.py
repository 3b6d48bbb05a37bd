"""Whole games with Cursed Artefacts through the installed hooks: agents are offered and play them."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish import AgentContext, Game, RandomAgent, View
from skirmish.plugins import Registry
from skirmish_hobgoblin.agents import make_ai
from skirmish_hobgoblin.army import army_to_dict, find_army
from skirmish_hobgoblin.artefacts import artefacts


def _ruleset() -> Any:
    return Registry().ruleset("hobgoblin")


def _army(name: str, artefact: str, ruleset: Any) -> dict[str, Any]:
    data = army_to_dict(find_army(name, ruleset.content))
    for u in data["units"]:
        if u.get("general"):
            u["artefact"] = artefact
            if artefact == "the-staff-of-ruin":
                u["allegiance"] = "Mycena"
    return data


def _play(ruleset: Any, setup: dict[str, Any], seed: int, kinds: tuple[str, str]) -> Game:
    game = Game(ruleset, setup, seed=seed, keep_log=True)
    agents = {}
    for i, p in enumerate(game.players):
        ctx = AgentContext(p, seed * 31 + i, ruleset, {}, game.players)
        agents[p] = make_ai(ctx) if kinds[i] == "ai" else RandomAgent(ctx)
    steps = 0
    while game.pending is not None and steps < 20000:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
        steps += 1
    return game


def test_the_artefacts_hooks_are_installed():
    hooks = _ruleset().hooks
    names = {impl.plugin_name for impl in hooks.skirmish_phase_start.get_hookimpls()}
    assert "hobgoblin-artefacts" in names


@pytest.mark.parametrize("pair", [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9)])
def test_games_with_artefacts_run_to_the_end(pair):
    ruleset = _ruleset()
    ids = list(artefacts())
    setup = {"players": ["red", "blue"], "armies": {"red": _army("iron-grudge-hold", ids[pair[0]], ruleset),
                                                    "blue": _army("iron-grudge-hold", ids[pair[1]], ruleset)},
             "layout": "open-ground"}
    game = _play(ruleset, setup, 3 + pair[0], ("ai", "random"))
    assert game.result is not None
    used = [e for e in game.log.events if e.kind == "artefact"]
    assert used or pair == (0, 1)
