"""``skirmish rulesets RULESET``: one ruleset described for players and for people writing house rules.

Its settings (command-line options and set-up keys, with their values and defaults), its agents,
the commands its plugins add, the content paths a house rule may change through
``skirmish_extend_content`` (recorded while a demo game is set up), the ruleset's own hooks and the
size of its glossary.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from skirmish_cli import render

if TYPE_CHECKING:
    from skirmish.plugins import Registry
    from skirmish.ruleset import Ruleset, SetupOption

#: the core hooks a house-rules plugin implements to change or watch a ruleset's games
CORE_HOUSE_HOOKS = ("skirmish_extend_content", "skirmish_game_start", "skirmish_game_end", "skirmish_phase_start",
                    "skirmish_phase_end", "skirmish_event", "skirmish_simulate_figures")
#: content paths are listed this deep (``units.goblin-archers.shots``); deeper tables are summarised
DEPTH = 3


def describe_ruleset(registry: Registry, name: str) -> dict[str, Any]:
    """Everything ``skirmish rulesets NAME`` prints, as data (``--json`` prints it as is)."""
    spec = registry.rulesets.get(name)
    ruleset = registry.ruleset(name)  # (raises the one-line "no ruleset named" error)
    assert spec is not None
    setup = ruleset.default_setup()
    options = [_option(o, setup) for o in ruleset.setup_options()]
    named = {o["key"] for o in options}
    setup_keys = {k: v for k, v in _flatten(setup, depth=2).items() if k not in named and k != "players"}
    agents = [{"name": n, "help": a.help, "ruleset": scope or "(any)"}
              for (n, scope), a in sorted(registry.agents.items()) if scope in ("", name)]
    own = _own_plugins(registry, name)
    commands = [{"name": c, "help": registry.commands[c].help}
                for p in sorted(own) for c in registry.provided.get(p, {}).get("commands", [])
                if c in registry.commands]
    paths, tables = content_paths(registry, name)
    prefix = name.replace("-", "_") + "_"
    hooks = sorted(h for h in vars(registry.pm.hook) if h.startswith(prefix))
    try:
        glossary = len(ruleset.glossary())
    except Exception:  # noqa: BLE001 - a description without the count rather than no description
        glossary = 0
    return {"name": name, "title": spec.title, "version": spec.version, "package": spec.package,
            "description": spec.description, "players": _players(ruleset),
            "options": options, "setup": {k: _plain(v) for k, v in setup_keys.items()},
            "agents": agents, "commands": commands, "content": paths, "content_tables": tables,
            "hooks": hooks, "core_hooks": list(CORE_HOUSE_HOOKS), "glossary_terms": glossary,
            "plugins": registry.changed_by(name)}


def _players(ruleset: Ruleset) -> str:
    low, high = ruleset.min_players, ruleset.max_players
    return str(low) if low == high else f"{low} to {high}"


def _option(o: SetupOption, setup: Mapping[str, Any]) -> dict[str, Any]:
    """A command-line setting: its flag, the values it takes and its default (from the default set-up)."""
    key = o.name.replace("-", "_")
    flat = _flatten(setup, depth=2)
    default: Any = "(not set)"
    for k in (o.name, key, f"options.{o.name}", f"options.{key}"):
        if k in flat:
            default = _plain(flat[k])
            key = k
            break
    else:
        if o.seats:
            default = len(setup.get("players", ()))
    if o.kind == "choice":
        values = ", ".join(o.choices)
    elif o.kind == "int":
        values = f"{o.low} to {o.high}" if (o.low or o.high) else "a whole number"
    elif o.kind == "bool":
        values = "yes or no"
    elif o.kind == "path":
        values = "a file or directory"
    else:
        values = o.metavar or "text"
    return {"flag": f"--{o.name}", "key": key, "values": values, "default": default, "help": o.help}


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value if isinstance(value, str | int | float | bool) else str(value)


def _flatten(data: Mapping[str, Any], *, depth: int, prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in data.items():
        path = f"{prefix}{k}"
        if isinstance(v, Mapping) and depth > 1 and v:
            out.update(_flatten(v, depth=depth - 1, prefix=path + "."))
        else:
            out[path] = v
    return out


def _own_plugins(registry: Registry, name: str) -> set[str]:
    """The plugins that came with the ruleset: the one registering it and others of its distribution."""
    owners = {p for p, provided in registry.provided.items() if name in provided.get("rulesets", [])}
    dists = getattr(registry.pm, "distributions", {})
    shipped = {dists[o] for o in owners if dists.get(o)}
    return owners | {p for p, dist in dists.items() if dist in shipped}


def content_paths(registry: Registry, name: str) -> tuple[list[dict[str, str]], list[str]]:
    """The content a house rule may change: each table the ruleset hands to ``skirmish_extend_content``
    (after installed plugins changed it), as dotted paths with what each holds, and one summary line a table.

    A fresh copy of the ruleset sets up a demo game, recording every table it asks plugins to extend.
    """
    from skirmish.engine import Game

    spec = registry.rulesets[name]
    seen: list[dict[str, Any]] = []
    fresh = spec.factory()
    fresh.hooks = registry.hooks_for(name)
    real = fresh.extend_content

    def record(content: dict[str, Any]) -> dict[str, Any]:
        out = real(content)
        seen.append(copy.deepcopy(out if out is not None else content))
        return out

    fresh.extend_content = record  # type: ignore[method-assign]
    try:
        fresh.glossary()
        Game(fresh, fresh.check_setup(fresh.default_setup()), seed=1, keep_log=False)
    except Exception:  # noqa: BLE001 - list what was seen before a failure
        pass
    rows: dict[str, str] = {}
    for content in seen:
        for path, value in _paths(content, DEPTH).items():
            rows.setdefault(path, value)
    tables: dict[str, str] = {}
    for content in seen:
        for key, value in content.items():
            tables.setdefault(str(key), _table_summary(str(key), value))
    return [{"path": p, "holds": h} for p, h in rows.items()], list(tables.values())


def _table_summary(key: str, value: Any) -> str:
    """One top-level content table in a line or two: a collection (``units.ID.FIELD``) names its entries and
    their fields; a table of settings names its fields with their values."""
    if isinstance(value, Mapping) and value and all(isinstance(v, Mapping) for v in value.values()):
        fields = list(dict.fromkeys(f for v in value.values() for f in v))
        ids = list(value)
        shown = ", ".join(map(str, ids[:6])) + (f" and {len(ids) - 6} more" if len(ids) > 6 else "")
        return f"{key}.ID.FIELD - {len(ids)} entries ({shown}); fields: {', '.join(map(str, fields))}"
    if isinstance(value, Mapping):
        items = [f"{k}={_shown(v) if not isinstance(v, Mapping | list) else '...'}" for k, v in value.items()]
        return f"{key}.FIELD - " + ", ".join(items)
    if isinstance(value, list):
        return f"{key} - a list of {len(value)}"
    return f"{key} = {_shown(value)}"


def _paths(data: Mapping[str, Any], depth: int, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in data.items():
        path = f"{prefix}{k}"
        if isinstance(v, Mapping):
            if depth > 1 and v:
                out.update(_paths(v, depth - 1, path + "."))
            else:
                out[path] = f"table of {len(v)}: " + render.clip(", ".join(map(str, v)), 50)
        elif isinstance(v, list):
            out[path] = f"list of {len(v)}"
        else:
            out[path] = render.clip(repr(v) if isinstance(v, str) else str(v), 40)
    return out


def ruleset_text(info: Mapping[str, Any]) -> str:
    """The description, for a person at an 80-column terminal."""
    lines = [f"{info['title']} ({info['name']} {info['version']}, from {info['package']})"]
    if info["description"]:
        lines.append(render.wrap(info["description"]))
    lines.append(f"players: {info['players']}")
    lines.append("")
    lines.append("settings (skirmish play " + info["name"] + " --NAME VALUE):")
    if not info["options"]:
        lines.append("  (none on the command line)")
    for o in info["options"]:
        lines.append(f"  {o['flag']}  {o['values']} (default: {_shown(o['default'])})")
        lines.append(render.wrap(o["help"], indent="      "))
    if info["setup"]:
        lines.append("set-up keys (in a --setup FILE.toml), with the demo game's values:")
        for k, v in info["setup"].items():
            lines.append(render.clip(f"  {k} = {_shown(v)}"))
    lines.append("")
    lines.append("agents (--players A,B or --vs AGENT):")
    lines += [_hanging(f"  {a['name']:<8} {a['help']}", 11) for a in info["agents"]]
    if info["commands"]:
        lines.append("commands its plugins add:")
        lines += [_hanging(f"  skirmish {c['name']}  {c['help']}", 6) for c in info["commands"]]
    lines.append("")
    lines.append(f"content a house rule may change: {len(info['content'])} paths in these tables, which a plugin's")
    lines.append("skirmish_extend_content(ruleset, content) gets (--json lists every path):")
    lines += [_hanging("  " + t, 6) for t in info["content_tables"]] or ["  (none recorded)"]
    lines.append("")
    lines.append(_hanging(f"{info['title']}'s own hooks (implement them with @skirmish.hookimpl in a plugin "
                          f"serving {info['name']}):", 0))
    lines.append(render.wrap(", ".join(info["hooks"]), indent="  ") if info["hooks"] else "  (none)")
    lines.append("core hooks a house-rules plugin may implement:")
    lines.append(render.wrap(", ".join(info["core_hooks"]), indent="  "))
    if info["plugins"]:
        lines.append(f"changed or watched by plugins: {', '.join(info['plugins'])}")
    lines.append("")
    lines.append(f"glossary: {info['glossary_terms']} terms (at a prompt: help TERM, 'help terms' lists them)")
    return "\n".join(lines)


def _hanging(text: str, indent: int) -> str:
    import textwrap

    return textwrap.fill(text, width=render.WIDTH, subsequent_indent=" " * indent, break_on_hyphens=False)


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return ", ".join(f"{k}={_shown(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(map(_shown, value))
    return str(value)
