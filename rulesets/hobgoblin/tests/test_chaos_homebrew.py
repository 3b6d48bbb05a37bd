"""The README's homebrew twist example works: a table entry plus a function registered by its effect name."""

from __future__ import annotations

import re
from pathlib import Path

import hob_bench
from hob_bench import run

from skirmish_hobgoblin import chaos
from skirmish_hobgoblin.chaos import rules


def test_readme_homebrew_twist_example_is_played_when_named():
    text = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    code = re.search(r"### A homebrew twist.*?```python\n(.*?)```", text, re.S).group(1)
    try:
        exec(compile(code, "README example", "exec"), {})  # noqa: S102 - the documented example itself
        assert "rising-damp" in chaos.tables()["twists"]
        assert all(chaos.d66(r, "twists").id != "rising-damp" for r in (11, 36, 66))  # never rolled
        g = hob_bench.battle([{"name": "Gen", "x": 20, "y": 10}], [{"name": "Foe", "x": 60, "y": 40}])
        g.setup["chaos"] = {"twists": ["Rising Damp"]}
        run(g, rules.game_start)
        g.state.sides["red"].mercury = 3
        run(g, rules.phase_start, "Magic")
        assert g.state.sides["red"].mercury == 2 and g.state.sides["blue"].mercury == 0
    finally:
        chaos.HOMEBREW["twists"].pop("rising-damp", None)
        rules.PHASE.pop(("rising_damp", "Magic"), None)
    assert "rising-damp" not in chaos.tables()["twists"]
