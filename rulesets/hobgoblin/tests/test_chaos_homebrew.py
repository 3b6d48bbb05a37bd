"""The README's homebrew twist example works: a plugin gives a table entry through ``hobgoblin_chaos_entries`` and
registers its effect; the entry is kept on the ruleset that has the plugin, never rolled, played when named."""

from __future__ import annotations

import hob_bench
from hob_bench import run

from skirmish import Registry, make_plugin_manager
from skirmish_hobgoblin import chaos
from skirmish_hobgoblin.chaos import rules
from skirmish_hobgoblin.rules import Hobgoblin


def _plugin() -> object:
    return hob_bench.readme_plugin("A homebrew twist", "rising_damp_plugin")


def test_readme_homebrew_twist_example_is_played_when_named():
    ruleset = Registry(make_plugin_manager(plugins=[("rising-damp", _plugin())], strict=True)).ruleset("hobgoblin")
    old = hob_bench.RULESET
    hob_bench.RULESET = ruleset
    try:
        assert "rising-damp" in chaos.tables(ruleset)["twists"]
        assert all(chaos.d66(r, "twists", ruleset).id != "rising-damp" for r in (11, 36, 66))  # never rolled
        assert ruleset.apply_options({}, {"chaos": "rising-damp"})["chaos"]["twists"] == ["rising-damp"]
        g = hob_bench.battle([{"name": "Gen", "x": 20, "y": 10}], [{"name": "Foe", "x": 60, "y": 40}])
        g.setup["chaos"] = {"twists": ["Rising Damp"]}
        run(g, rules.game_start)
        g.state.sides["red"].mercury = 3
        run(g, rules.phase_start, "Magic")
        assert g.state.sides["red"].mercury == 2 and g.state.sides["blue"].mercury == 0
    finally:
        hob_bench.RULESET = old
        rules.PHASE.pop(("rising_damp", "Magic"), None)
    assert "rising-damp" not in chaos.tables(Hobgoblin())["twists"]  # kept on its ruleset, not process-wide
