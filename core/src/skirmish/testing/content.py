"""Conformance check that a ruleset's content goes through ``skirmish_extend_content`` (so house rules reach it)."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

from skirmish.engine import Game
from skirmish.markers import hookimpl
from skirmish.ruleset import Ruleset

PROBE = "skirmish.testing.content-probe"


class ContentProbe:
    """A plugin recording each ``skirmish_extend_content`` call: (ruleset name, top-level keys of the content)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, list[str]]] = []

    @hookimpl
    def skirmish_extend_content(self, ruleset: str, content: dict[str, Any]) -> None:
        keys = sorted(map(str, content)) if isinstance(content, dict) else [f"<{type(content).__name__}>"]
        self.calls.append((ruleset, keys))


def probed_ruleset(build: str | Callable[[], Ruleset]) -> tuple[Ruleset, ContentProbe]:
    """A fresh ruleset (an installed name, or built by a factory) whose hooks include a content probe.

    The installed plugins are there too (a ruleset's own hookspecs must exist for its games to run).
    """
    from skirmish.plugins import PluginWarning, Registry, make_plugin_manager

    probe = ContentProbe()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)  # other plugins' problems are not this ruleset's
        registry = Registry(make_plugin_manager(plugins=[(PROBE, probe)]))
    if isinstance(build, str):
        return registry.ruleset(build), probe
    ruleset = build()
    ruleset.hooks = registry.hooks_for(ruleset.name)
    return ruleset, probe


def check_content_extended(build: str | Callable[[], Ruleset], seed: int = 0) -> list[str]:
    """Creating a game calls ``skirmish_extend_content`` with the ruleset's own name and its content (a table).

    Returns the top-level content keys the plugins saw.
    """
    ruleset, probe = probed_ruleset(build)
    Game(ruleset, seed=seed)
    mine = [keys for name, keys in probe.calls if name == ruleset.name]
    assert mine, (f"{ruleset.name}: creating a game never called skirmish_extend_content for it (calls: "
                  f"{[name for name, _ in probe.calls]}); load the content through Ruleset.extend_content so "
                  "house-rules plugins can change it")
    assert all(keys and not keys[0].startswith("<") for keys in mine), \
        f"{ruleset.name}: skirmish_extend_content was given {mine[0] or 'an empty table'}, not the content's tables"
    return sorted({k for keys in mine for k in keys})
