"""Cursed Artefacts in army lists (``hobgoblin_army_rules``): the keywords an artefact gives its bearer, Unreliable
Master's last word, and the checks (only the General, one per army, a known artefact)."""

from __future__ import annotations

from typing import Any

from skirmish_hobgoblin.artefacts import catalogue


def unit_refs(unit: Any, content: Any) -> list[Any]:
    """The artefact's keywords, at no cost."""
    return catalogue.artefact_refs(unit.artefact, content) if getattr(unit, "artefact", "") else []


def finish_keywords(unit: Any, keywords: dict[str, int | None]) -> dict[str, int | None]:
    return catalogue.finish_keywords(unit.artefact, keywords) if getattr(unit, "artefact", "") else keywords


def army_problems(units: Any, content: Any) -> list[tuple[str, str, str]]:
    return [(where, catalogue.RULE, message) for where, message in catalogue.army_problems(units)]


def unit_problems(unit: Any, content: Any, bought: set[str], given: set[str]) -> list[tuple[str, str]]:
    return []


class ArmyRules:
    """These army rules as one object (a class, so the content that keeps it pickles)."""

    unit_refs = staticmethod(unit_refs)
    finish_keywords = staticmethod(finish_keywords)
    army_problems = staticmethod(army_problems)
    unit_problems = staticmethod(unit_problems)
