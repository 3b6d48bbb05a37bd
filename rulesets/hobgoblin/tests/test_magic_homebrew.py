"""The README's homebrew spell example works: a plugin gives a TOML entry through ``hobgoblin_spells`` and registers
its effect; the spell is kept on the ruleset that has the plugin, not on others."""

from __future__ import annotations

import hob_bench
from hob_bench import battle, run, unit

from skirmish import Registry, make_plugin_manager
from skirmish_hobgoblin.magic import casting, spells
from skirmish_hobgoblin.rules import Hobgoblin


def _plugin() -> object:
    return hob_bench.readme_plugin("A homebrew spell", "ember_ward_plugin")


def test_readme_homebrew_spell_example_is_castable():
    ruleset = Registry(make_plugin_manager(plugins=[("ember-ward", _plugin())], strict=True)).ruleset("hobgoblin")
    old = hob_bench.RULESET
    hob_bench.RULESET = ruleset
    try:
        g = battle([{"name": "Wiz", "x": 30, "y": 10, "keywords": ["Wizard"], "allegiance": "Cylosi"},
                    {"name": "Pal", "x": 36, "y": 12, "doom": 3}], [{"name": "Foe", "x": 30, "y": 40}])
        g.state.sides["red"].mercury = 2
        pal = unit(g, "Pal")
        value = next(o.value for o in casting.cast_options(g, "red") if o.value.endswith(f"|ember-ward|{pal.id}"))
        run(g, casting._cast_answer, value, "red")
        assert pal.doom == 2 and g.state.sides["red"].mercury == 0
        assert "ember-ward" in spells.all_spells(ruleset)
        assert "ember-ward" not in spells.all_spells(Hobgoblin())  # kept on its ruleset, not process-wide
    finally:
        hob_bench.RULESET = old
        spells.EFFECTS.pop("ember_ward", None)
