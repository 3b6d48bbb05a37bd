"""The Chob-Noggoth plugin: registers the ruleset and its AI with skirmish."""

from __future__ import annotations

from skirmish import RulesetSpec, hookimpl
from skirmish_chob_noggoth.rules import ChobNoggoth


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec.of(ChobNoggoth)]
