"""Fixtures: the installed registry, and a bench game on a hand-built table with loaded dice."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish import Decision, Game, Option, Registry
from skirmish.testing import installed_registry
from skirmish_chob_house_rules import VARIANT
from skirmish_chob_house_rules.variant import ChobNoggothHouse
from skirmish_chob_noggoth.rules import ChobNoggoth
from skirmish_chob_noggoth.state import READY, ChobState, Side, Warrior


@pytest.fixture(scope="session")
def registry() -> Registry:
    """The installed plugins, as the CLI builds them (this plugin and the bundled ruleset among them)."""
    return installed_registry()


def _warrior(wid: str, side: str, *, x: float, y: float = 10.0, wounds: int = 2, max_wounds: int = 2,
            roles: tuple[str, ...] = (), status: str = READY) -> Warrior:
    """A foot warrior (1" base); give ``roles`` to make it a Hero."""
    kind = "Hero" if roles else "Brawler"
    return Warrior(wid, side, wid, kind, "heroic" if roles else "standard", list(roles), roles[0] if roles else "",
                   wounds=wounds, max_wounds=max_wounds, x=x, y=y, radius=0.5, status=status)


@pytest.fixture(name="warrior")
def warrior_fixture():
    """``warrior(id, side, x=..., wounds=..., max_wounds=..., roles=(...), status=...)`` -> a Warrior."""
    return _warrior


def _idle(game: Game, answer: str) -> None:
    game.ask(Decision("red", "bench", "idle", options=[Option("idle")]), _idle)


def bench_class(base: type[ChobNoggoth]) -> type[ChobNoggoth]:
    class Bench(base):  # type: ignore[misc,valid-type]
        """``base`` with a hand-built state and no set-up steps: the game idles on a dummy decision."""

        def __init__(self, state: ChobState) -> None:
            super().__init__()
            self._state = state

        def check_setup(self, setup: Any) -> dict[str, Any]:
            return {"players": ["red", "blue"], "options": {"max_rounds": 8, "divine_die": "2d6", "limits": True}}

        def create(self, game: Game) -> ChobState:
            return self._state

        def start(self, game: Game) -> None:
            _idle(game, "")

    return Bench


HouseBench, BundledBench = bench_class(ChobNoggothHouse), bench_class(ChobNoggoth)


@pytest.fixture
def bench(registry):
    """``bench(warriors, dice=[...])`` -> an idle Game of the variant (``bundled=True``: of chob-noggoth)
    on a hand-built table, with the installed plugins' hooks and the dice loaded."""

    def make(warriors: list[Warrior], *, dice: list[int] = (), bundled: bool = False) -> Game:
        sides = {"red": Side("red", "Red", "A", "south"), "blue": Side("blue", "Blue", "B", "north")}
        state = ChobState({w.id: w for w in warriors}, sides)
        ruleset = (BundledBench if bundled else HouseBench)(state)
        ruleset.hooks = registry.hooks_for("chob-noggoth" if bundled else VARIANT)  # as the registry scopes them
        # the content of the registered ruleset, built once (a bench is that ruleset with another state)
        ruleset.__dict__["content"] = registry.ruleset("chob-noggoth" if bundled else VARIANT).content
        return Game(ruleset, seed=1, dice=list(dice))

    return make
