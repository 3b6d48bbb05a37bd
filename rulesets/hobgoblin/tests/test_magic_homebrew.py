"""The README's homebrew spell example works: a TOML entry plus a function registered by name."""

from __future__ import annotations

import re
from pathlib import Path

from hob_bench import battle, run, unit

from skirmish_hobgoblin.magic import casting, spells


def test_readme_homebrew_spell_example_is_castable():
    text = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    code = re.search(r"### A homebrew spell.*?```python\n(.*?)```", text, re.S).group(1)
    try:
        exec(compile(code, "README example", "exec"), {})  # noqa: S102 - the documented example itself
        g = battle([{"name": "Wiz", "x": 30, "y": 10, "keywords": ["Wizard"], "allegiance": "Cylosi"},
                    {"name": "Pal", "x": 36, "y": 12, "doom": 3}], [{"name": "Foe", "x": 30, "y": 40}])
        g.state.sides["red"].mercury = 2
        pal = unit(g, "Pal")
        value = next(o.value for o in casting.cast_options(g, "red") if o.value.endswith(f"|ember-ward|{pal.id}"))
        run(g, casting._cast_answer, value, "red")
        assert pal.doom == 2 and g.state.sides["red"].mercury == 0
    finally:
        spells.HOMEBREW.pop("ember-ward", None)
        spells.EFFECTS.pop("ember_ward", None)
