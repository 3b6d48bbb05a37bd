"""The plugin manager factory and the registry of rulesets, agents and commands.

``make_plugin_manager()`` builds a fresh ``PluginManager("skirmish")``: core
hookspecs, then every plugin of the ``skirmish`` entry-point group (the built-in
agents included). A plugin that fails to import, or implements a hook nobody
specifies, is left out with a warning naming it; the others still work.
"""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Iterable
from importlib import metadata
from typing import Any

import pluggy

from skirmish import hookspecs
from skirmish.agents import AgentContext, AgentSpec
from skirmish.commands import CommandSpec
from skirmish.errors import PluginError, RulesetNotFound, SkirmishError
from skirmish.markers import PROJECT
from skirmish.ruleset import Ruleset, RulesetSpec

ENTRY_POINT_GROUP = "skirmish"


class PluginWarning(UserWarning):
    """A plugin could not be loaded and was left out."""


def make_plugin_manager(*, entry_points: bool = True, plugins: Iterable[tuple[str, object]] = (),
                        strict: bool = False) -> pluggy.PluginManager:
    """A new plugin manager with core hookspecs and the installed plugins.

    ``plugins`` are extra ``(name, module_or_object)`` pairs (tests use them); the
environment variable ``SKIRMISH_PLUGINS`` names more modules to register
(comma-separated), like ``PYTEST_PLUGINS``, so a plugin can be tried uninstalled.
    ``strict`` turns a broken plugin into a :class:`PluginError` instead of a warning.
    """
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.hook.skirmish_addhooks.call_historic(kwargs={"pluginmanager": pm})
    pm.failures = []  # type: ignore[attr-defined]
    pm.distributions = {}  # type: ignore[attr-defined]
    candidates: list[tuple[str, Any, Any]] = []
    if entry_points:
        for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            if pm.has_plugin(ep.name) or pm.is_blocked(ep.name):
                continue
            try:
                plugin = ep.load()
            except Exception as exc:  # noqa: BLE001 - any import failure must leave the rest working
                _fail(pm, ep.name, f"failed to load ({type(exc).__name__}: {exc})", strict)
                continue
            candidates.append((ep.name, plugin, ep.dist))
    for module_name in filter(None, (m.strip() for m in os.environ.get("SKIRMISH_PLUGINS", "").split(","))):
        try:
            candidates.append((module_name, importlib.import_module(module_name), None))
        except Exception as exc:  # noqa: BLE001
            _fail(pm, module_name, f"(from SKIRMISH_PLUGINS) failed to load ({type(exc).__name__}: {exc})", strict)
    candidates.extend((name, obj, None) for name, obj in plugins)
    for name, plugin, dist in candidates:
        try:
            pm.register(plugin, name=name)
        except (ValueError, pluggy.PluginValidationError) as exc:
            _fail(pm, name, f"could not be registered ({exc})", strict)
            continue
        if dist is not None:
            pm.distributions[name] = f"{dist.metadata['name']} {dist.version}"  # type: ignore[attr-defined]
    _check_pending(pm, strict)
    return pm


def _fail(pm: pluggy.PluginManager, name: str, why: str, strict: bool) -> None:
    message = f"skirmish plugin '{name}' {why}; it is left out"
    if strict:
        raise PluginError(message)
    pm.failures.append(message)  # type: ignore[attr-defined]
    warnings.warn(message, PluginWarning, stacklevel=3)


def _check_pending(pm: pluggy.PluginManager, strict: bool) -> None:
    """``check_pending`` for each plugin: a hook nobody specifies (a misspelling) drops that plugin."""
    for name, hook in list(vars(pm.hook).items()):
        if hook.has_spec():
            continue
        for impl in hook.get_hookimpls():
            if impl.optionalhook:
                continue
            pm.unregister(impl.plugin)
            _fail(pm, impl.plugin_name, f"implements unknown hook '{name}' (misspelled?)", strict)
    pm.check_pending()


def plugin_package(pm: pluggy.PluginManager, plugin: object) -> str:
    """The distribution (name and version) that installed ``plugin`` (``""`` when registered by hand)."""
    name = pm.get_name(plugin)
    return getattr(pm, "distributions", {}).get(name, "") if name else ""


class Registry:
    """Everything the plugins registered, with duplicate names refused."""

    def __init__(self, pm: pluggy.PluginManager | None = None) -> None:
        self.pm = pm if pm is not None else make_plugin_manager()
        self.rulesets: dict[str, RulesetSpec] = {}
        self.agents: dict[tuple[str, str], AgentSpec] = {}
        self.commands: dict[str, CommandSpec] = {}
        self._built: dict[str, Ruleset] = {}
        owners: dict[str, str] = {}
        for impl, specs in self._registered("skirmish_register_rulesets"):
            for spec in specs:
                self._add(self.rulesets, spec.name, _with_package(self.pm, impl.plugin, spec), owners,
                          "ruleset", impl.plugin_name)
        for impl, specs in self._registered("skirmish_register_agents"):
            for aspec in specs:
                for scope in aspec.rulesets or ("",):
                    key = f"{aspec.name}@{scope}"
                    self._add(self.agents, (aspec.name, scope), aspec, owners, "agent", impl.plugin_name, key)
        for impl, specs in self._registered("skirmish_register_commands"):
            for cspec in specs:
                self._add(self.commands, cspec.name, cspec, owners, "command", impl.plugin_name)

    def _registered(self, hook: str) -> list[tuple[Any, list[Any]]]:
        """Each plugin's records for a registration hook; a plugin whose hook fails is left out, with a warning."""
        out = []
        for impl in getattr(self.pm.hook, hook).get_hookimpls():
            try:
                records = list(impl.function() or [])
            except Exception as exc:  # noqa: BLE001 - one broken plugin must not stop the others
                _fail(self.pm, impl.plugin_name, f"failed in {hook} ({type(exc).__name__}: {exc})", False)
                continue
            out.append((impl, records))
        return out

    @staticmethod
    def _add(table: dict[Any, Any], key: Any, value: Any, owners: dict[str, str], what: str, plugin: str,
             label: str | None = None) -> None:
        tag = f"{what}:{label or key}"
        if key in table:
            raise PluginError(f"two plugins register the {what} '{label or key}': '{owners[tag]}' and '{plugin}'")
        owners[tag] = plugin
        table[key] = value

    @property
    def failures(self) -> list[str]:
        return list(getattr(self.pm, "failures", []))

    def ruleset(self, name: str) -> Ruleset:
        """The ruleset called ``name``, built once (with its content extended by plugins)."""
        if name not in self.rulesets:
            known = ", ".join(sorted(self.rulesets)) or "none installed"
            raise RulesetNotFound(f"no ruleset named '{name}' (installed: {known})")
        if name not in self._built:
            ruleset = self.rulesets[name].factory()
            ruleset.hooks = self.pm.hook
            self._built[name] = ruleset
        return self._built[name]

    def agent_spec(self, name: str, ruleset: str) -> AgentSpec:
        """The agent ``name`` for ``ruleset`` (a ruleset's own agent wins over a general one)."""
        name = name.strip()
        spec = (self.agents.get((name, ruleset)) or self.agents.get((name, ""))
                or self.agents.get((name.lower(), ruleset)) or self.agents.get((name.lower(), "")))
        if spec is None:
            usable = sorted({n for (n, scope) in self.agents if scope in ("", ruleset)})
            raise SkirmishError(f"no agent '{name}' for {ruleset} (choose from: {', '.join(usable)})")
        return spec

    def make_agent(self, name: str, ruleset: Ruleset, player: str, seed: int, players: tuple[str, ...] = (),
                   **options: Any) -> Any:
        spec = self.agent_spec(name, ruleset.name)
        return spec.factory(AgentContext(player, seed, ruleset, options, players))


def _with_package(pm: pluggy.PluginManager, plugin: object, spec: RulesetSpec) -> RulesetSpec:
    if spec.package:
        return spec
    import attrs

    return attrs.evolve(spec, package=plugin_package(pm, plugin) or "(registered directly)")
