"""The plugin manager factory, the registry of what plugins offer, and the policy for broken plugins.

``make_plugin_manager()`` builds a fresh ``PluginManager("skirmish")``: core
hookspecs, then every plugin of the ``skirmish`` entry-point group (the built-in
agents included), then the modules named in ``SKIRMISH_PLUGINS``. :class:`Registry`
asks the plugins what they offer (rulesets, agents, commands, dice).

**Scope.** A plugin that serves some rulesets only (house rules) says so with a
module attribute ``skirmish_rulesets = ("chob-noggoth",)`` (a class-based plugin
object: the same attribute). Each ruleset gets its own hook relay
(:meth:`Registry.hooks_for`, set as ``ruleset.hooks`` and so ``game.hooks``), which
leaves out plugins scoped to other rulesets: their content, game, phase, event and
simulate hooks, and the ruleset's own hooks, are called only for the rulesets they
serve. Registration hooks are called for every plugin. A plugin without the attribute
is called for every ruleset.

**Broken plugins: one policy.** A plugin is left out whole (unregistered: none of its
hooks is called, nothing it registers is offered) and the rest keep working when it

- fails to import, or is refused by pluggy (a bad hook signature);
- implements a hook nobody specifies (a misspelling: ``check_pending``);
- has a ``skirmish_rulesets`` that is not a list of ruleset names;
- raises in a registration hook, or returns a record that is not of the hook's type;
- registers a name that another plugin also registers (a ruleset, an agent for the
  same ruleset, a command or a die): *both* offenders are left out, with one warning
  naming both, because picking one would depend on install order.

Each problem is one line, kept in ``Registry.failures`` and issued as a
:class:`PluginWarning`; ``skirmish plugins`` lists them and ``skirmish plugins --check``
exits non-zero when there are any. ``strict=True`` turns the first problem into a
:class:`~skirmish.errors.PluginError` instead (for plugin authors' own tests).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import types
import warnings
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

import pluggy

from skirmish import hookspecs
from skirmish.entry_points import entry_points as find_entry_points
from skirmish.errors import (  # PluginWarning: re-exported, ``skirmish.plugins.PluginWarning`` still works
    DiceError,
    PluginError,
    PluginFailed,
    PluginWarning,
    RulesetNotFound,
    SkirmishError,
)
from skirmish.markers import PROJECT
from skirmish.records import Record
from skirmish.specs import AgentContext, AgentSpec, CommandSpec, RulesetSpec

if TYPE_CHECKING:
    from skirmish.ruleset import Ruleset

ENTRY_POINT_GROUP = "skirmish"
#: the attribute of a plugin naming the rulesets it serves
SCOPE_ATTRIBUTE = "skirmish_rulesets"


class _PluginManager(pluggy.PluginManager):
    """pluggy's manager, reading a module plugin's functions straight from its ``__dict__``.

    pluggy looks every name of a plugin up with ``inspect.getattr_static`` (about 500 names over the
    bundled plugins: a sixth of ``skirmish rulesets``). For a module that lookup ends at the module's
    dictionary anyway, so a plain function found there is read directly; everything else (classes,
    instances, static/class methods, names not in the dictionary) goes through pluggy as before.
    """

    def parse_hookimpl_opts(self, plugin: object, name: str) -> Any:
        if type(plugin) is types.ModuleType:
            value = plugin.__dict__.get(name, _ABSENT)
            if type(value) is types.FunctionType:
                opts = getattr(value, _IMPL_ATTRIBUTE, None)
                return opts if isinstance(opts, dict) else None
            if value is not _ABSENT and not isinstance(value, staticmethod | classmethod | types.MethodType):
                return None
        return super().parse_hookimpl_opts(plugin, name)  # type: ignore[arg-type]


_ABSENT = object()
_IMPL_ATTRIBUTE = PROJECT + "_impl"


def make_plugin_manager(*, entry_points: bool = True, plugins: Iterable[tuple[str, object]] = (),
                        strict: bool = False) -> pluggy.PluginManager:
    """A new plugin manager with core hookspecs and the installed plugins.

    ``plugins`` are extra ``(name, module_or_object)`` pairs (tests use them); the
    environment variable ``SKIRMISH_PLUGINS`` names more modules to register
    (comma-separated), like ``PYTEST_PLUGINS``, so a plugin can be tried uninstalled.
    ``strict`` turns a broken plugin into a :class:`PluginError` instead of a warning.
    """
    pm = _PluginManager(PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.hook.skirmish_addhooks.call_historic(kwargs={"pluginmanager": pm})
    pm.failures = []  # type: ignore[attr-defined]
    pm.distributions = {}  # type: ignore[attr-defined]
    pm.strict = strict  # type: ignore[attr-defined]
    candidates: list[tuple[str, Any, Any]] = []
    if entry_points:
        for ep in sorted(find_entry_points(ENTRY_POINT_GROUP), key=lambda e: e.name):
            if pm.has_plugin(ep.name) or pm.is_blocked(ep.name):
                continue
            try:
                with import_time_limit(str(ep.value).split(":")[0].strip()):
                    plugin = ep.load()
            except (Exception, SystemExit) as exc:  # noqa: BLE001 - any import failure must leave the rest working
                _fail(pm, ep.name, f"failed to load ({_why(exc)})", strict)
                continue
            candidates.append((ep.name, plugin, ep))
    for module_name in filter(None, (m.strip() for m in os.environ.get("SKIRMISH_PLUGINS", "").split(","))):
        try:
            with import_time_limit(module_name):
                candidates.append((module_name, importlib.import_module(module_name), None))
        except (Exception, SystemExit) as exc:  # noqa: BLE001
            _fail(pm, module_name, f"(from SKIRMISH_PLUGINS) failed to load ({_why(exc)})", strict)
    candidates.extend((name, obj, None) for name, obj in plugins)
    for name, plugin, dist in candidates:
        try:
            plugin_scope(plugin)
        except PluginError as exc:
            _fail(pm, name, str(exc), strict)
            continue
        try:
            pm.register(plugin, name=name)
        except (ValueError, pluggy.PluginValidationError) as exc:
            _fail(pm, name, f"could not be registered ({exc})", strict)
            continue
        if dist is not None:
            pm.distributions[name] = f"{dist.dist_name} {dist.dist_version}"  # type: ignore[attr-defined]
    _check_pending(pm, strict)
    guard_hooks(pm)
    return pm


#: hooks asked while plugins load, not during a game: their failures leave the plugin out (see above)
_LOADING_HOOKS = ("skirmish_register_", "skirmish_addhooks")


def guard_hooks(pm: pluggy.PluginManager) -> None:
    """Make every game-time hook implementation fail as :class:`~skirmish.errors.PluginFailed`.

    **One policy for game-time hooks.** Whatever a plugin raises in a hook (``sys.exit`` included;
    a :class:`~skirmish.errors.SkirmishError` passes as it is, Ctrl-C too) becomes a ``PluginFailed``
    naming the plugin and the hook. An observer (game start and end, events) that fails is left out
    for the rest of the game with one warning (:meth:`Game.notify`); any other hook changes the rules,
    so the game stops with that one line, and its save (every answer before the failing one) resumes
    once the plugin is fixed or removed.
    """
    for name, caller in vars(pm.hook).items():
        if name.startswith(_LOADING_HOOKS) or not hasattr(caller, "get_hookimpls"):
            continue
        for impl in caller.get_hookimpls():
            if impl.hookwrapper or getattr(impl, "wrapper", False) or getattr(impl.function, "_skirmish_guard", False):
                continue
            impl.function = _guarded(impl.function, impl.plugin_name, name)


def _guarded(function: Any, plugin: str, hook: str) -> Any:
    def guarded(*args: Any) -> Any:
        try:
            return function(*args)
        except (KeyboardInterrupt, SkirmishError):
            raise
        except BaseException as exc:  # noqa: BLE001 - sys.exit in a plugin must not end the program silently
            raise PluginFailed(plugin, hook, exc) from exc

    guarded._skirmish_guard = True  # type: ignore[attr-defined]
    guarded.__wrapped__ = function  # type: ignore[attr-defined]
    return guarded


#: seconds of processor time a plugin may take to import or to answer a registration hook
#: (``SKIRMISH_PLUGIN_TIMEOUT`` changes it; 0: no limit)
IMPORT_SECONDS = 10.0


class ImportTimeout(Exception):
    """A plugin did not finish importing (or registering) in time: it loops."""


@contextlib.contextmanager
def import_time_limit(module: str | None, *, doing: str = "importing") -> Iterator[None]:
    """Stop an import (or a registration hook: ``module=None``) that works longer than :data:`IMPORT_SECONDS`
    with :class:`ImportTimeout`.

    A plugin that loops at import would hang every command, ``skirmish rulesets`` included. A timer of
    *processor* time (so a slow, busy machine does not cut a sound plugin short) interrupts it (POSIX,
    main thread only; elsewhere there is no limit), the half-imported modules are forgotten, and the
    plugin is left out like any plugin that fails to load.
    """
    import signal
    import threading

    try:
        seconds = float(os.environ.get("SKIRMISH_PLUGIN_TIMEOUT", IMPORT_SECONDS))
    except ValueError:
        seconds = IMPORT_SECONDS
    if seconds <= 0 or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return
    before = set(sys.modules)

    def expired(signum: int, frame: Any) -> None:
        raise ImportTimeout(f"it did not finish {doing} within {seconds:g} s")

    old_handler = signal.signal(signal.SIGPROF, expired)
    old_timer = signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    except ImportTimeout:
        for name in set(sys.modules) - before:  # half-imported: never found as if whole
            if module and (name == module or name.startswith(module.split(".")[0] + ".")):
                sys.modules.pop(name, None)
        raise
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old_handler)
        if old_timer[0] > 0:  # someone else's timer (a profiler's) goes on
            signal.setitimer(signal.ITIMER_PROF, *old_timer)


def plugin_scope(plugin: object) -> tuple[str, ...]:
    """The rulesets ``plugin`` serves (its ``skirmish_rulesets``); ``()`` means every ruleset."""
    value = getattr(plugin, SCOPE_ATTRIBUTE, ())
    if isinstance(value, str):
        value = (value,)
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) and v for v in value):
        raise PluginError(f"has {SCOPE_ATTRIBUTE} = {value!r}, which is not a list of ruleset names")
    return tuple(value)


def _why(exc: BaseException) -> str:
    """What went wrong while importing a plugin, in a few words."""
    if isinstance(exc, SystemExit):
        return f"it called sys.exit({exc.code!r}) while being imported"
    if isinstance(exc, ImportTimeout):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


def _fail(pm: pluggy.PluginManager, name: str, why: str, strict: bool) -> None:
    _problem(pm, f"skirmish plugin '{name}' {why}; it is left out", strict)


def _problem(pm: pluggy.PluginManager, message: str, strict: bool) -> None:
    if strict:
        raise PluginError(message)
    pm.failures.append(message)  # type: ignore[attr-defined]
    warnings.warn(message, PluginWarning, stacklevel=4)


def _check_pending(pm: pluggy.PluginManager, strict: bool) -> None:
    """``check_pending`` for each plugin: a hook nobody specifies (a misspelling) drops that plugin."""
    for name, hook in list(vars(pm.hook).items()):
        if hook.has_spec():
            continue
        for impl in hook.get_hookimpls():
            if impl.optionalhook:
                continue
            pm.unregister(impl.plugin)
            hint = "misspelled?" if name.startswith("skirmish_") else \
                "misspelled, or is the ruleset that specifies it not installed?"
            _fail(pm, impl.plugin_name, f"implements unknown hook '{name}' ({hint})", strict)
    pm.check_pending()


def plugin_package(pm: pluggy.PluginManager, plugin: object) -> str:
    """The distribution (name and version) that installed ``plugin`` (``""`` when registered by hand)."""
    name = pm.get_name(plugin)
    return getattr(pm, "distributions", {}).get(name, "") if name else ""


class RulesetHooks:
    """The hook relay of one ruleset: ``pm.hook`` without the plugins scoped to other rulesets.

    ``relay.skirmish_event(game=..., event=...)`` and a ruleset's own hooks
    (``relay.tavern_brawl_modify_target(...)``) work as on ``pm.hook``.
    """

    def __init__(self, pm: pluggy.PluginManager, ruleset: str, excluded: Iterable[object] = ()) -> None:
        self._pm = pm
        self._excluded = frozenset(excluded)
        self.ruleset = ruleset

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        caller = (self._pm.subset_hook_caller(name, self._excluded) if self._excluded
                  else getattr(self._pm.hook, name))
        setattr(self, name, caller)  # found directly from now on
        return caller

    def __repr__(self) -> str:
        return f"<RulesetHooks {self.ruleset!r}: {len(self._excluded)} plugin(s) scoped elsewhere left out>"


def _die_spec() -> type:
    from skirmish.dice.faces import DieSpec  # imported only when a plugin registers dice (dice are not light)

    return DieSpec


#: registration hook -> (kind of record, what it is called in messages)
#: hooks that measure or describe a ruleset for studies (odds, compare, balance): they change no game
_MEASURES = frozenset({"skirmish_odds_situations", "skirmish_force_share", "skirmish_balance_model"})

_REGISTRATIONS: dict[str, tuple[Any, str]] = {
    "skirmish_register_rulesets": (RulesetSpec, "ruleset"),
    "skirmish_register_agents": (AgentSpec, "agent"),
    "skirmish_register_commands": (CommandSpec, "command"),
    "skirmish_register_dice": (_die_spec, "die"),
}


class _Claim(Record):
    """One name one plugin registers: ``what`` ("ruleset", "agent", "command", "die"), ``key`` (the registry key;
    agents: (name, ruleset or "")), ``label`` (as people read it), the ``record`` and the ``plugin``'s name."""

    __slots__ = ("what", "key", "label", "record", "plugin")
    what: str
    key: Any
    label: str
    record: Any
    plugin: str


class Registry:
    """Everything the plugins registered (see the module docstring for the policy on broken plugins)."""

    def __init__(self, pm: pluggy.PluginManager | None = None, *, strict: bool | None = None) -> None:
        self.pm = pm if pm is not None else make_plugin_manager()
        self.strict = bool(getattr(self.pm, "strict", False) if strict is None else strict)
        if not hasattr(self.pm, "failures"):
            self.pm.failures = []  # type: ignore[attr-defined]
        self.rulesets: dict[str, RulesetSpec] = {}
        self.agents: dict[tuple[str, str], AgentSpec] = {}
        self.commands: dict[str, CommandSpec] = {}
        self.dice: dict[str, Any] = {}  # name -> skirmish.DieSpec
        #: plugin name -> {"rulesets": [...], "agents": [...], "commands": [...], "dice": [...]}
        self.provided: dict[str, dict[str, list[str]]] = {}
        self._built: dict[str, Ruleset] = {}
        self._relays: dict[str, RulesetHooks] = {}
        claims = self._claims()
        for bad in self._conflicts(claims):
            plugin = self.pm.get_plugin(bad)
            if plugin is not None:
                self.pm.unregister(plugin)
        tables: dict[str, dict[Any, Any]] = {"ruleset": self.rulesets, "agent": self.agents,
                                              "command": self.commands, "die": self.dice}
        for claim in claims:
            if not self.pm.has_plugin(claim.plugin):
                continue
            tables[claim.what][claim.key] = claim.record
            names = self.provided.setdefault(claim.plugin, {}).setdefault(_PLURAL[claim.what], [])
            if claim.label not in names:
                names.append(claim.label)
        if self.dice or "skirmish.dice.faces" in sys.modules:  # (no dice module loaded: no dice to forget)
            from skirmish.dice.faces import set_plugin_dice

            set_plugin_dice({name: spec.die for name, spec in self.dice.items()})

    # -- building ------------------------------------------------------------------------------
    def _claims(self) -> list[_Claim]:
        """Every name each plugin registers; a plugin whose hook fails or returns a wrong record is left out."""
        claims: list[_Claim] = []
        for hook, (kind, what) in _REGISTRATIONS.items():
            impls = getattr(self.pm.hook, hook).get_hookimpls()
            if impls and kind is _die_spec:
                kind = _die_spec()
            for impl in impls:
                if not self.pm.has_plugin(impl.plugin_name):
                    continue  # left out by an earlier hook
                try:
                    with import_time_limit(None, doing="answering " + hook):
                        records = list(impl.function() or [])
                    found = [c for r in records for c in self._claim(impl, kind, what, r)]
                except (Exception, SystemExit) as exc:  # noqa: BLE001 - one broken plugin must not stop the others
                    self.pm.unregister(impl.plugin)
                    why = (_why(exc).replace(" while being imported", "")
                           if isinstance(exc, SystemExit | ImportTimeout) else f"{type(exc).__name__}: {exc}")
                    _fail(self.pm, impl.plugin_name, f"failed in {hook} ({why})", self.strict)
                    continue
                claims += found
        return [c for c in claims if self.pm.has_plugin(c.plugin)]

    def _claim(self, impl: Any, kind: type, what: str, record: Any) -> list[_Claim]:
        """The names one record claims (an agent: one per ruleset it serves)."""
        if not isinstance(record, kind):
            raise PluginError(f"returned {type(record).__name__} where a {kind.__name__} belongs")
        plugin = impl.plugin_name
        if what == "agent":
            return [_Claim(what, (record.name, scope), _agent_label(record), record, plugin)
                    for scope in record.rulesets or ("",)]
        if what == "ruleset":
            return [_Claim(what, record.name, record.name, _with_package(self.pm, impl.plugin, record), plugin)]
        if what == "die":
            from skirmish.dice.faces import check_die

            try:
                return [_Claim(what, check_die(record.name, record.die), record.name, record, plugin)]
            except DiceError as exc:
                raise PluginError(str(exc)) from None
        return [_Claim(what, record.name, record.name, record, plugin)]

    def _conflicts(self, claims: list[_Claim]) -> set[str]:
        """Plugins that register a name another plugin (or they themselves) already registered."""
        by_key: dict[tuple[str, Any], list[str]] = {}
        for c in claims:
            by_key.setdefault((c.what, c.key), []).append(c.plugin)
        offenders: set[str] = set()
        for (what, key), plugins in by_key.items():
            if len(plugins) < 2:
                continue
            label = f"{key[0]}' for '{key[1]}" if what == "agent" and key[1] else key[0] if what == "agent" else key
            names = sorted(set(plugins))
            if len(names) == 1:
                message = f"skirmish plugin '{names[0]}' registers the {what} '{label}' twice; it is left out"
            else:
                quoted = [f"'{n}'" for n in names]
                who = f"{', '.join(quoted[:-1])} and {quoted[-1]}"
                every = "both" if len(names) == 2 else "all"
                message = f"skirmish plugins {who} {every} register the {what} '{label}'; {every} are left out"
            _problem(self.pm, message, self.strict)
            offenders.update(names)
        return offenders

    # -- using ---------------------------------------------------------------------------------
    @property
    def failures(self) -> list[str]:
        """Every problem found with a plugin, one line each (see the module docstring)."""
        return list(getattr(self.pm, "failures", []))

    def hooks_for(self, ruleset: str) -> RulesetHooks:
        """The hook relay of ``ruleset``: every plugin but those scoped to other rulesets."""
        relay = self._relays.get(ruleset)
        if relay is None:
            excluded = [plugin for _, plugin in self.pm.list_name_plugin()
                        if plugin is not None and (scope := plugin_scope(plugin)) and ruleset not in scope]
            relay = self._relays[ruleset] = RulesetHooks(self.pm, ruleset, excluded)
        return relay

    def changed_by(self, ruleset: str) -> list[str]:
        """Plugins other than the ruleset's own (those its distribution installs) that hook into its content or
        games (house rules, observers)."""
        relay = self.hooks_for(ruleset)
        owners = {name for name, provided in self.provided.items() if ruleset in provided.get("rulesets", [])}
        # plugins installed by the ruleset's own distribution are part of it (e.g. its optional rules)
        dists = getattr(self.pm, "distributions", {})
        shipped = {dists[o] for o in owners if dists.get(o)}
        owners |= {name for name, dist in dists.items() if dist in shipped}
        found: set[str] = set()
        for name in vars(self.pm.hook):
            if name in _REGISTRATIONS or name in _MEASURES or name == "skirmish_addhooks":
                continue
            found.update(impl.plugin_name for impl in getattr(relay, name).get_hookimpls())
        return sorted(found - owners)

    def scopes(self) -> dict[str, tuple[str, ...]]:
        """The scoped plugins: plugin name -> the rulesets it serves."""
        return {name: scope for name, plugin in self.pm.list_name_plugin()
                if plugin is not None and (scope := plugin_scope(plugin))}

    def ruleset(self, name: str) -> Ruleset:
        """The ruleset called ``name``, built once (its ``hooks`` is :meth:`hooks_for` its name)."""
        if name not in self.rulesets:
            known = ", ".join(sorted(self.rulesets)) or "none installed"
            raise RulesetNotFound(f"no ruleset named '{name}' (installed: {known})")
        if name not in self._built:
            spec = self.rulesets[name]
            ruleset = spec.factory()
            built = tuple(getattr(ruleset, k, None) for k in ("name", "title", "version"))
            if built != (spec.name, spec.title, spec.version):
                raise PluginError(f"the ruleset registered as {spec.name!r} (title {spec.title!r}, version "
                                  f"{spec.version!r}) builds {built[0]!r} (title {built[1]!r}, version {built[2]!r});"
                                  " its plugin must register what the class says")
            ruleset.hooks = self.hooks_for(name)
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

    def agents_for(self, ruleset: str) -> list[str]:
        """The names of the agents registered for ``ruleset`` itself (its own AIs), sorted."""
        return sorted(n for (n, scope) in self.agents if scope == ruleset)

    def make_agent(self, name: str, ruleset: Ruleset, player: str, seed: int, players: tuple[str, ...] = (),
                   **options: Any) -> Any:
        spec = self.agent_spec(name, ruleset.name)
        return spec.factory(AgentContext(player, seed, ruleset, options, players))


_PLURAL = {"ruleset": "rulesets", "agent": "agents", "command": "commands", "die": "dice"}


def _agent_label(spec: AgentSpec) -> str:
    return f"{spec.name} ({', '.join(spec.rulesets)})" if spec.rulesets else spec.name


def _with_package(pm: pluggy.PluginManager, plugin: object, spec: RulesetSpec) -> RulesetSpec:
    if spec.package:
        return spec
    return spec.replace(package=plugin_package(pm, plugin) or "(registered directly)")


_REGISTRY: Any = None


def worker_registry() -> Any:
    """The registry of a worker process, built once per process from its own plugins."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = Registry()
    return _REGISTRY
