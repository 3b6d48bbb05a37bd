"""The plugin registry as the CLI sees it: built once per invocation, warnings as one line each."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from skirmish.commands import CommandSpec
    from skirmish.plugins import Registry

_KEY = "skirmish.registry"


def get_registry(*, quiet: bool = False) -> Registry:
    """The registry of this invocation (fresh per invocation, so ``SKIRMISH_PLUGINS`` is read each time).

    ``quiet``: do not print the plugin problems as warnings (the caller reports them itself).
    """
    ctx = click.get_current_context(silent=True)
    root = ctx.find_root() if ctx is not None else None
    if root is not None and _KEY in root.meta:
        return root.meta[_KEY]
    registry = build_registry(quiet=quiet)
    if root is not None:
        root.meta[_KEY] = registry
    return registry


def build_registry(*, quiet: bool = False) -> Registry:
    """A new registry; a plugin that fails to load is reported as one ``warning:`` line and left out."""
    import warnings

    from skirmish.errors import PluginWarning
    from skirmish.plugins import Registry
    from skirmish.safe import safe_text

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PluginWarning)
        registry = Registry()
    for w in caught:
        if issubclass(w.category, PluginWarning):
            if not quiet:
                click.echo(safe_text(f"warning: {w.message}"), err=True)
        else:  # another warning raised while plugins were imported: the filters decide, and it is one line too
            shown = warnings.showwarning
            warnings.showwarning = _one_line
            try:
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
            finally:
                warnings.showwarning = shown
    for problem in command_clashes(registry):
        registry.pm.failures.append(problem)
        if not quiet:
            click.echo(safe_text(f"warning: {problem}"), err=True)
    return registry


def _one_line(message: Warning | str, category: type[Warning], filename: str, lineno: int, file: object = None,
              line: str | None = None) -> None:
    """A warning as one ``warning:`` line naming where it came from (not Python's two lines with the source)."""
    from pathlib import Path

    text = " ".join(str(message).split())
    from skirmish.safe import safe_text

    click.echo(safe_text(f"warning: {category.__name__}: {text} ({Path(filename).name}:{lineno})"), err=True)


def command_clashes(registry: Registry) -> list[str]:
    """Plugin commands named like a built-in command: the built-in wins, and the plugin is told so."""
    from skirmish_cli.command_table import BUILTIN

    out = []
    for name in sorted(set(registry.commands) & set(BUILTIN)):
        owner = next((p for p, provided in registry.provided.items() if name in provided.get("commands", [])), "")
        who = f"skirmish plugin '{owner}'" if owner else "a plugin"
        out.append(f"{who} registers the command '{name}', which is a built-in command; the plugin's is left out")
    return out


def plugin_command(spec: CommandSpec) -> click.Command:
    """The click command a plugin registered (checked, so a bad record is one error line)."""
    from skirmish.errors import PluginError
    from skirmish.lazy import Lazy

    if isinstance(spec.command, Lazy):
        loaded = spec.command.resolve()
        command = loaded if isinstance(loaded, click.Command) else loaded()
        if not isinstance(command, click.Command):
            raise PluginError(f"the plugin command '{spec.name}' is not a click command "
                              f"(got {type(command).__name__})")
        return command
    if not isinstance(spec.command, click.Command):
        raise PluginError(f"the plugin command '{spec.name}' is not a click command "
                          f"(got {type(spec.command).__name__})")
    return spec.command


def ai_or_random(registry: Registry, ruleset: str) -> str:
    """The default opponent: the ruleset's ``ai`` agent when one is registered, else ``random``."""
    return "ai" if ("ai", ruleset) in registry.agents or ("ai", "") in registry.agents else "random"


def is_interactive(registry: Registry, agent: str, ruleset: str) -> bool:
    return bool(registry.agent_spec(agent, ruleset).interactive)


def owners(registry: Registry) -> dict[str, dict[str, list[str]]]:
    """What each plugin registered: plugin name -> {"rulesets": [...], "agents": [...], "commands": [...], ...}."""
    return {name: {what: list(names) for what, names in provided.items()}
            for name, provided in registry.provided.items()}
