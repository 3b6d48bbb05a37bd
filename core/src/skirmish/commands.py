"""The record a plugin returns to add a command to the ``skirmish`` CLI (core stays free of click)."""

from __future__ import annotations

from skirmish.specs import CommandSpec

__all__ = ["CommandSpec"]
