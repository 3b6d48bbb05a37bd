"""Cursed Artefacts in army lists (``hobgoblin_army_rules``): the keywords an artefact gives its bearer, Unreliable
Master's last word, and the checks (only the General, one per army, a known artefact). The ruleset's homebrew
artefacts (``hobgoblin_artefacts``) are kept on these rules, so on that ruleset's content alone."""

from __future__ import annotations

from typing import Any

import attrs

from skirmish_hobgoblin.artefacts import catalogue


@attrs.frozen(eq=False)
class ArmyRules:
    """These army rules for one ruleset: the book's artefacts and its plugins' homebrew ones (``brew``)."""

    brew: catalogue.Homebrew = catalogue.NONE

    def extend_raw(self, raw: dict[str, Any]) -> None:
        """The homebrew artefacts' keywords join the raw keyword table before the content is built."""
        catalogue.extend_keywords(raw, self.brew)

    def unit_refs(self, unit: Any, content: Any) -> list[Any]:
        """The artefact's keywords, at no cost."""
        return catalogue.artefact_refs(unit.artefact, content, self.brew) if getattr(unit, "artefact", "") else []

    def finish_keywords(self, unit: Any, keywords: dict[str, int | None]) -> dict[str, int | None]:
        return catalogue.finish_keywords(unit.artefact, keywords) if getattr(unit, "artefact", "") else keywords

    def army_problems(self, units: Any, content: Any) -> list[tuple[str, str, str]]:
        return [(where, catalogue.RULE, message) for where, message in catalogue.army_problems(units, self.brew)]

    def unit_problems(self, unit: Any, content: Any, bought: set[str], given: set[str]) -> list[tuple[str, str]]:
        return []
