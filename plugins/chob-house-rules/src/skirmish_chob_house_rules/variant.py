"""The opt-in variant: Chob-Noggoth under another name, which the house rules look for.

The class changes only its names and the default match-up. Everything the house rules change comes from
this plugin's hooks, which skirmish calls only for the ruleset called ``chob-noggoth-house`` (the
plugin declares ``skirmish_rulesets = ("chob-noggoth-house",)``). The bundled ``chob-noggoth`` is a
different ruleset, with its own hook relay and content, so it plays as printed.
"""

from __future__ import annotations

from typing import Any

from skirmish_chob_house_rules import VARIANT, __version__
from skirmish_chob_noggoth.rules import ChobNoggoth


class ChobNoggothHouse(ChobNoggoth):
    """Chob-Noggoth with house rules: Long Bows, Veteran Prices and Rallying Cry."""

    name = VARIANT
    title = "Chob-Noggoth (house rules)"
    #: both versions, so a save stops loading when either the ruleset or the house rules change
    version = f"{ChobNoggoth.version}+house.{__version__}"

    #: the demo game pits two warbands led by a Hero, so Rallying Cry comes up
    house_warbands = ("The Mudfoot Boys", "The Wandering Shrine")

    def default_setup(self) -> dict[str, Any]:
        setup = super().default_setup()
        if all(name in self.warbands for name in self.house_warbands):
            setup["warbands"] = dict(zip(setup["players"], self.house_warbands, strict=True))
        return setup
