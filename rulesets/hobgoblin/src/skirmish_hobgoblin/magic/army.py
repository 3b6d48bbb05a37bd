"""Wizards in army lists (``hobgoblin_army_rules``): a Wizard names its Abyssal Allegiance (two with Tome of Magic),
and only a Wizard has one."""

from __future__ import annotations

from typing import Any

RULE = "Wizard allegiance"


def unit_refs(unit: Any, content: Any) -> list[Any]:
    return []


def finish_keywords(unit: Any, keywords: dict[str, int | None]) -> dict[str, int | None]:
    return keywords


def army_problems(units: Any, content: Any) -> list[tuple[str, str, str]]:
    return []


def unit_problems(unit: Any, content: Any, bought: set[str], given: set[str]) -> list[tuple[str, str]]:
    """``bought``: the unit's keyword ids; ``given``: those given at no cost (a Cursed Artefact may make a Wizard)."""
    wizard = "wizard" in bought or "wizard" in given
    allegiance = str(getattr(unit, "allegiance", "") or "")
    if allegiance and not wizard:
        return [(RULE, f"has the allegiance '{allegiance}' but no Wizard")]
    if wizard and not allegiance.strip():
        return [(RULE, "is a Wizard with no Abyssal Allegiance")]
    if not wizard:
        return []
    from skirmish_hobgoblin.magic.spells import allegiance_problems

    tome = "tome-of-magic" in given  # two allegiances with Tome of Magic
    return [(RULE, problem) for problem in allegiance_problems(allegiance, tome)]


class ArmyRules:
    """These army rules as one object (a class, so the content that keeps it pickles)."""

    unit_refs = staticmethod(unit_refs)
    finish_keywords = staticmethod(finish_keywords)
    army_problems = staticmethod(army_problems)
    unit_problems = staticmethod(unit_problems)
