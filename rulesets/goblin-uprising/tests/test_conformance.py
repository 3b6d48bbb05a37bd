"""The skirmish conformance kit for Goblin Uprising: the default game (3 heroes), and 1, 2, 4, 5 and 6 heroes."""

from __future__ import annotations

from typing import Any

from skirmish.testing import conformance_suite
from skirmish_goblin_uprising.rules import GoblinUprising


class Solo(GoblinUprising):
    def default_setup(self) -> dict[str, Any]:
        return {**super().default_setup(), "players": ["hero1"]}


class Duo(GoblinUprising):
    def default_setup(self) -> dict[str, Any]:
        return {**super().default_setup(), "players": ["hero1", "hero2"]}


class Four(GoblinUprising):
    def default_setup(self) -> dict[str, Any]:
        return {**super().default_setup(), "players": [f"hero{i}" for i in range(1, 5)], "tyrant": "merfolk"}


class Five(GoblinUprising):
    def default_setup(self) -> dict[str, Any]:
        return {**super().default_setup(), "players": [f"hero{i}" for i in range(1, 6)], "tyrant": "human"}


class Six(GoblinUprising):
    def default_setup(self) -> dict[str, Any]:
        return {**super().default_setup(), "players": [f"hero{i}" for i in range(1, 7)], "tyrant": "elven"}


TestConformanceDefault = conformance_suite(GoblinUprising, seeds=8, deep_seeds=2, cross_process=False)
TestConformanceSolo = conformance_suite(Solo, seeds=8, deep_seeds=1, cross_process=False)
TestConformanceDuo = conformance_suite(Duo, seeds=8, deep_seeds=1, cross_process=False)
TestConformanceFour = conformance_suite(Four, seeds=3, deep_seeds=1, cross_process=False)
TestConformanceFive = conformance_suite(Five, seeds=3, deep_seeds=1, cross_process=False)
TestConformanceSix = conformance_suite(Six, seeds=4, deep_seeds=1, cross_process=False)
