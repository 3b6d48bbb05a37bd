"""Plugins add figures to ``simulate`` summaries (``skirmish_simulate_figures``), from their per-game stash,
in one process or several."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from skirmish import Registry, hookimpl, make_plugin_manager, play_one, simulate

PROBE = '''
"""Counts the moves of each Dice Race game in its stash and reports them to simulate."""
from skirmish import RulesetSpec, hookimpl
from skirmish.testing.samples import DiceRace

skirmish_rulesets = ("dice-race",)


@hookimpl
def skirmish_register_rulesets():
    return [RulesetSpec.of(DiceRace)]


@hookimpl
def skirmish_event(game, event):
    if event.kind == "move":
        mine = game.stash.setdefault("figures-probe", {"moves": 0})
        mine["moves"] += 1


@hookimpl
def skirmish_simulate_figures(game):
    return {"figures-probe: moves": float(game.stash.get("figures-probe", {}).get("moves", 0))}
'''


@pytest.fixture
def probe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A plugin module on disk, named in SKIRMISH_PLUGINS (so worker processes load it too)."""
    name = f"figures_probe_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(PROBE))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", f"{tmp_path}:{':'.join(sys.path)}")
    monkeypatch.setenv("SKIRMISH_PLUGINS", name)
    return name


def test_a_plugin_figure_reaches_the_game_record(probe: str) -> None:
    record = play_one(Registry(), "dice-race", 3, ["random"])
    assert record.extra["figures-probe: moves"] >= 1


def test_plugin_figures_are_averaged_the_same_in_one_process_and_in_two(probe: str) -> None:
    reg = Registry()
    one, records = simulate(reg, "dice-race", 12, ["random"], workers=1)
    two, _ = simulate(reg, "dice-race", 12, ["random"], workers=2)
    assert two.workers == 2
    mean = sum(r.extra["figures-probe: moves"] for r in records) / len(records)
    assert one.extra["figures-probe: moves"] == pytest.approx(mean) and mean > 0
    assert two.extra == one.extra


class Elsewhere:
    """Serves another ruleset only: never asked for Dice Race figures."""

    skirmish_rulesets = ("some-other-game",)

    @hookimpl
    def skirmish_simulate_figures(self, game: object) -> dict[str, float]:
        return {"elsewhere": 1.0}


def test_a_plugin_scoped_elsewhere_adds_no_figures(probe: str) -> None:
    reg = Registry(make_plugin_manager(plugins=[("else", Elsewhere())]))
    record = play_one(reg, "dice-race", 1, ["first"])
    assert "elsewhere" not in record.extra and "figures-probe: moves" in record.extra
