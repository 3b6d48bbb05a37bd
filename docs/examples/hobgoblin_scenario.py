"""A third-party Hobgoblin scenario, written outside the package on Hobgoblin's own hooks only: King of the Hill.

The plugin adds the scenario's entry (shaped like ``data/scenarios.toml``) with ``hobgoblin_scenarios`` and its rule
functions with ``hobgoblin_scenario_rules``; the victory and tie-break are the book's (``most_vp``, ``points``).
Installed like any plugin (an entry point in the ``skirmish`` group, or ``SKIRMISH_PLUGINS=this_module``), it can be
chosen as ``scenario = "king-of-the-hill"``; ``roll = []`` keeps it out of the 2D6 roll.
"""

from __future__ import annotations

import math
import sys
from typing import Any

from skirmish import hookimpl

# -- scenario: the plugin module
skirmish_rulesets = ("hobgoblin",)  # its hooks are called for Hobgoblin games only

NAME = "King of the Hill"
REACH = 6.0  # inches from the hill's centre


@hookimpl
def hobgoblin_scenarios() -> dict[str, Any]:
    return {"king-of-the-hill": {
        "name": NAME, "roll": [], "prepare": "hill", "score": "hill", "final": "most_vp", "tiebreak": "points",
        "params": {"reach": REACH, "vp": 1},
        "win": "A hill in the centre: at the end of each round the side with more points of units within {reach}\" "
               "of it scores {vp} VP; the most VP wins."}}


@hookimpl
def hobgoblin_scenario_rules() -> dict[str, dict[str, Any]]:
    return {"prepare": {"hill": prepare}, "score": {"hill": score}}


def prepare(game: Any, scenario: Any) -> None:
    """The hill: a marker in the centre of the table."""
    from skirmish_hobgoblin.state import Marker

    state = game.state
    state.markers.append(Marker("hill", "objective", state.width / 2, state.depth / 2))
    game.emit("setup", f"the hill stands at ({state.width / 2:g}, {state.depth / 2:g})", rule=NAME)


def score(game: Any, scenario: Any) -> None:
    """End of the round: more points of units near the hill -> VP."""
    state, reach = game.state, float(scenario.params["reach"])
    hill = next(m for m in state.markers if m.id == "hill")
    near = {p: sum(u.points for u in state.of(p) if math.hypot(u.x - hill.x, u.y - hill.y) <= reach)
            for p in state.sides}
    best = max(near.values())
    leaders = [p for p, n in near.items() if n == best]
    if best and len(leaders) == 1:
        state.sides[leaders[0]].vp += int(scenario.params["vp"])
        game.emit("vp", f"{leaders[0]} holds the hill ({best} points within {reach:g}\")", rule=NAME,
                  player=leaders[0])
# -- end


if __name__ == "__main__":
    from skirmish import Registry, make_plugin_manager
    from skirmish.testing import play_random

    registry = Registry(make_plugin_manager(plugins=[("king-of-the-hill", sys.modules[__name__])]))
    ruleset = registry.ruleset("hobgoblin")
    game = play_random(ruleset, seed=2, setup={**ruleset.default_setup(), "scenario": "king-of-the-hill"})
    print(game.result.reason)
