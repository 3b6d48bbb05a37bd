"""Listings: ``skirmish rulesets``, ``skirmish agents`` and ``skirmish plugins``."""

from __future__ import annotations

from typing import Any

import click


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rulesets(as_json: bool) -> int:
    """List the installed rulesets: name, title, version and the package that provides each."""
    from skirmish_cli import render
    from skirmish_cli.registry import get_registry

    specs = sorted(get_registry().rulesets.values(), key=lambda s: s.name)
    rows = [{"name": s.name, "title": s.title, "version": s.version, "package": s.package,
             "description": s.description} for s in specs]
    if as_json:
        click.echo(render.to_json(rows))
    elif not rows:
        click.echo("no rulesets installed (install one, e.g. pip install skirmish-hobgoblin)")
    else:
        click.echo(render.table([[r["name"], r["title"], r["version"], r["package"]] for r in rows],
                                ["name", "title", "version", "package"]))
    return 0


@click.command()
@click.argument("ruleset", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def agents(ruleset: str | None, as_json: bool) -> int:
    """List the agents that can take a seat (for RULESET only, when given)."""
    from skirmish_cli import render
    from skirmish_cli.registry import get_registry

    registry = get_registry()
    if ruleset is not None:
        registry.ruleset(ruleset)
    rows = []
    for (name, scope), spec in sorted(registry.agents.items()):
        if ruleset is not None and scope not in ("", ruleset):
            continue
        rows.append({"name": name, "ruleset": scope, "interactive": spec.interactive, "help": spec.help})
    if as_json:
        click.echo(render.to_json(rows))
    else:
        click.echo(render.table([[r["name"], r["ruleset"] or "(any)", r["help"]] for r in rows],
                                ["agent", "ruleset", "plays"]))
    return 0


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def plugins(as_json: bool) -> int:
    """List every loaded plugin: its name, the distribution that installed it, the hooks it implements
    and what it registers. Plugins that failed to load are reported as warnings."""
    from skirmish.plugins import plugin_package
    from skirmish_cli import render
    from skirmish_cli.main import BUILTIN
    from skirmish_cli.registry import get_registry, owners

    registry = get_registry()
    pm = registry.pm
    provided = owners(registry)
    rows: list[dict[str, Any]] = []
    for name, plugin in sorted(pm.list_name_plugin(), key=lambda item: item[0]):
        if plugin is None:
            continue
        hooks = sorted(h.name for h in pm.get_hookcallers(plugin) or [])
        dist = plugin_package(pm, plugin) or "(not installed: SKIRMISH_PLUGINS or registered directly)"
        rows.append({"name": name, "distribution": dist, "hooks": hooks, "provides": provided.get(name, {})})
    shadowed = sorted(set(registry.commands) & set(BUILTIN))
    if as_json:
        click.echo(render.to_json({"plugins": rows, "failed": registry.failures}))
    else:
        for row in rows:
            click.echo(f"{row['name']}  ({row['distribution']})")
            click.echo(f"  hooks: {', '.join(row['hooks']) or '(none)'}")
            for what, names in row["provides"].items():
                click.echo(f"  {what}: {', '.join(names)}")
    for name in shadowed:
        click.echo(f"warning: a plugin command '{name}' is hidden by the built-in command of that name", err=True)
    return 0
