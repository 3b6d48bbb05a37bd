"""A scenario from outside the package, on Hobgoblin's own hooks only (``docs/examples/hobgoblin_scenario.py``):
installed like any plugin, it can be chosen and played; without it the scenario is unknown."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

import pytest

from skirmish import Registry, SetupError, hookimpl, make_plugin_manager
from skirmish.testing import play_random

EXAMPLE = Path(__file__).parents[3] / "docs" / "examples" / "hobgoblin_scenario.py"


def _example() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("hobgoblin_scenario_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


def _ruleset(*plugins: tuple[str, object]) -> object:
    return Registry(make_plugin_manager(plugins=list(plugins), strict=True)).ruleset("hobgoblin")


def test_king_of_the_hill_a_third_party_scenario_is_played_through_hobgoblins_hooks() -> None:
    ruleset = _ruleset(("king-of-the-hill", _example()))
    assert "king-of-the-hill" in ruleset.scenarios and not ruleset.scenarios["king-of-the-hill"].roll
    game = play_random(ruleset, seed=5, setup={**ruleset.default_setup(), "scenario": "king-of-the-hill"})
    assert game.state.scenario == "king-of-the-hill"
    assert [m.id for m in game.state.markers] == ["hill"]
    held = [e for e in game.log if e.rule == "King of the Hill" and e.kind == "vp"]
    assert 1 <= len(held) <= game.round  # at most once a round
    assert sum(s.vp for s in game.state.sides.values()) >= len(held)  # (the tie-breaker may add one)
    assert game.result is not None and "King of the Hill" in game.result.reason


def test_without_the_plugin_the_scenario_is_unknown() -> None:
    ruleset = _ruleset()
    with pytest.raises(SetupError, match="unknown scenario 'king-of-the-hill'"):
        play_random(ruleset, seed=2, setup={**ruleset.default_setup(), "scenario": "king-of-the-hill"})


class _Broken:
    skirmish_rulesets = ("hobgoblin",)

    @hookimpl
    def hobgoblin_scenarios(self) -> dict[str, object]:
        return {"odd": {"name": "Odd", "roll": [], "prepare": "nowhere", "score": "none", "final": "bloodbath",
                        "tiebreak": "draw"}}


def test_a_scenario_naming_a_rule_function_nobody_adds_is_one_setup_error_line() -> None:
    with pytest.raises(SetupError, match="scenario odd: unknown prepare function 'nowhere'"):
        _ruleset(("odd", _Broken())).scenarios  # noqa: B018 - built on first use
