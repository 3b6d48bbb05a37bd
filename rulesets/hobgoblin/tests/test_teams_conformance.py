"""The conformance kit on 4-player team games (Unlikely Allies, 2v2, two rolled objectives) and on 3 players with
Shared Ruination: games end, replay, save/resume, clone, and each player's hand stays hidden from the others."""

from __future__ import annotations

from typing import Any

from skirmish.testing import conformance_suite
from skirmish_hobgoblin.rules import Hobgoblin


class TeamHobgoblin(Hobgoblin):
    """Hobgoblin whose default battle is a 2v2 team game."""

    def default_setup(self) -> dict[str, Any]:
        return self.apply_options(super().default_setup(), {"teams": "2v2"})


class RuinationHobgoblin(Hobgoblin):
    """Hobgoblin whose default battle is 2v1 with Shared Ruination and Combined Arms."""

    def default_setup(self) -> dict[str, Any]:
        return self.apply_options(super().default_setup(), {"teams": "2v1",
                                                            "objectives": "shared-ruination,combined-arms"})


TestTeamConformance = conformance_suite(TeamHobgoblin, seeds=3, deep_seeds=1, agent_seeds=1, cross_process=False)
TestRuinationConformance = conformance_suite(RuinationHobgoblin, seeds=2, deep_seeds=1, agent_seeds=1,
                                             cross_process=False)
