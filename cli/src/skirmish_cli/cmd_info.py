"""Listings: ``skirmish rulesets``, ``skirmish agents`` and ``skirmish plugins``."""

from __future__ import annotations

from typing import Any

import click


@click.command()
@click.argument("ruleset", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rulesets(ruleset: str | None, as_json: bool) -> int:
    """List the installed rulesets: name, title, version and the package that provides each,
    and the other plugins that hook into each one's content or games (house rules, observers).

    With RULESET, describe that one: its settings (with their values and defaults), agents,
    commands, the content paths a house rule may change, its own hook names and its glossary."""
    from skirmish_cli import render
    from skirmish_cli.registry import get_registry

    registry = get_registry()
    if ruleset is not None:
        from skirmish_cli.describe import describe_ruleset, ruleset_text

        info = describe_ruleset(registry, ruleset)
        click.echo(render.to_json(info) if as_json else ruleset_text(info))
        return 0
    specs = sorted(registry.rulesets.values(), key=lambda s: s.name)
    rows = [{"name": s.name, "title": s.title, "version": s.version, "package": s.package,
             "description": s.description, "plugins": registry.changed_by(s.name)} for s in specs]
    if as_json:
        _echo(render.to_json(rows))
    elif not rows:
        _echo("no rulesets installed (install one, e.g. pip install skirmish-hobgoblin)")
    else:
        _echo(render.table([[r["name"], r["title"], r["version"], r["package"]] for r in rows],
                                ["name", "title", "version", "package"]))
        for r in rows:
            if r["plugins"]:
                _echo(f"{r['name']} is changed or watched by plugins: {', '.join(r['plugins'])}")
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
        _echo(render.to_json(rows))
    else:
        from skirmish_cli.session import terminal_columns

        _echo(render.table([[r["name"], r["ruleset"] or "(any)", r["help"]] for r in rows],
                           ["agent", "ruleset", "plays"], width=terminal_columns(100)))
    return 0


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--check", is_flag=True,
              help="Only check: print one line per problem and exit 1 when there is any (0 and 'ok' otherwise).")
def plugins(as_json: bool, check: bool) -> int:
    """List every loaded plugin: its name, the distribution that installed it, the rulesets it serves,
    the hooks it implements and what it registers, then the problems found with plugins.

    \b
    A plugin with a problem is left out whole and the rest keep working:
    it fails to import, implements a hook nobody specifies (a misspelling),
    fails in a registration hook, or registers a name (ruleset, agent,
    command, die) that another plugin registers too (both are left out)."""
    from skirmish.plugins import plugin_package
    from skirmish_cli import render
    from skirmish_cli.command_table import BUILTIN
    from skirmish_cli.registry import get_registry, owners

    registry = get_registry(quiet=True)
    problems = registry.failures
    shadowed = sorted(set(registry.commands) & set(BUILTIN))
    problems += [f"a plugin command '{name}' is hidden by the built-in command of that name" for name in shadowed]
    if check:
        if as_json:
            _echo(render.to_json({"ok": not problems, "problems": problems}))
        else:
            for line in problems:
                _echo(f"problem: {line}")
            if not problems:
                _echo(f"ok: {len(registry.pm.list_name_plugin())} plugins, no problems")
        return 1 if problems else 0
    pm = registry.pm
    provided = owners(registry)
    scopes = registry.scopes()
    rows: list[dict[str, Any]] = []
    for name, plugin in sorted(pm.list_name_plugin(), key=lambda item: item[0]):
        if plugin is None:
            continue
        hooks = sorted(h.name for h in pm.get_hookcallers(plugin) or [])
        dist = plugin_package(pm, plugin) or "(not installed: SKIRMISH_PLUGINS or registered directly)"
        rows.append({"name": name, "distribution": dist, "serves": list(scopes.get(name, ())), "hooks": hooks,
                     "provides": provided.get(name, {})})
    if as_json:
        _echo(render.to_json({"plugins": rows, "failed": problems}))
        return 0
    for row in rows:
        _echo(f"{row['name']}  ({row['distribution']})")
        if row["serves"]:
            missing = [r for r in row["serves"] if r not in registry.rulesets]
            note = f" (not installed: {', '.join(missing)})" if missing else ""
            _echo(f"  serves: {', '.join(row['serves'])}{note}")
        _echo(f"  hooks: {', '.join(row['hooks']) or '(none)'}")
        for what, names in row["provides"].items():
            _echo(f"  {what}: {', '.join(names)}")
    if problems:
        _echo(f"\n{len(problems)} problem{'s' if len(problems) != 1 else ''} "
                   "(those plugins are left out; 'skirmish plugins --check' exits 1):")
        for line in problems:
            _echo(f"  {line}")
    return 0


def _echo(text: str = "") -> None:
    """Names and help in these listings come from plugins: printed through the one filter."""
    from skirmish.safe import safe_text

    click.echo(safe_text(text))
