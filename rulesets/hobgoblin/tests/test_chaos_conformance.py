"""The conformance kit on Hobgoblin battles with Chaos of War rolled (D3 Battlefield, 1 Deployment, 1 Twist) and
on the narrative scenarios: games end, replay, save/resume, clone and keep hidden information hidden."""

from __future__ import annotations

from typing import Any

from skirmish.testing import conformance_suite
from skirmish_hobgoblin.rules import Hobgoblin


class ChaosHobgoblin(Hobgoblin):
    """Hobgoblin whose default battle rolls Chaos of War and a scenario."""

    def default_setup(self) -> dict[str, Any]:
        return {**super().default_setup(), "chaos": "roll"}


class FortressHobgoblin(Hobgoblin):
    """Hobgoblin whose default battle is The Fortress with a rolled Chaos of War."""

    def default_setup(self) -> dict[str, Any]:
        return {**super().default_setup(), "scenario": "the-fortress", "chaos": {"twists": "roll", "deployment": 1}}


TestChaosConformance = conformance_suite(ChaosHobgoblin, seeds=5, deep_seeds=2, agent_seeds=1, cross_process=False)
TestNarrativeConformance = conformance_suite(FortressHobgoblin, seeds=2, deep_seeds=1, agent_seeds=1,
                                             cross_process=False)
