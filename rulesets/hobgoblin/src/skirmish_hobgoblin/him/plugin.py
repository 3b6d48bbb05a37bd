"""The solo opponent (Him) as a plugin on Hobgoblin's hooks."""

from __future__ import annotations

skirmish_rulesets = ("hobgoblin",)
