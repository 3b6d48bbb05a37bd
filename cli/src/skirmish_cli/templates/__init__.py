"""The scaffolds written by ``skirmish new-ruleset`` and ``skirmish new-house-rules``.

Each scaffold is a folder of ``*.tmpl`` files in this package (package data, shipped in the
wheel). :func:`render` copies one into a new directory, dropping the ``.tmpl`` suffix,
replacing ``__module__`` in paths and ``{{key}}`` in text. Pure standard library and
core-free, so a test can write a scaffold with no CLI installed where it runs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import attrs

KINDS = ("ruleset", "house_rules", "house_rules_variant")
NAME = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
MAX_NAME = 24
_PLACEHOLDER = re.compile(r"\{\{([a-z_]+)\}\}")


class TemplateError(ValueError):
    """A name or a target directory a scaffold cannot be written to (one line for people)."""


def check_name(name: str, what: str = "name") -> str:
    """``name`` if it suits a plugin id and a Python package (lower case, digits, single dashes)."""
    if not NAME.match(name) or len(name) > MAX_NAME:
        raise TemplateError(f"bad {what} '{name}': use lower-case letters, digits and single dashes, starting "
                            f"with a letter, at most {MAX_NAME} characters (e.g. 'pig-race')")
    if name == "skirmish" or name.startswith("skirmish-"):
        raise TemplateError(f"bad {what} '{name}': leave out 'skirmish' (the package is called skirmish-NAME "
                            "and skirmish_NAME for you)")
    return name


def names(name: str) -> dict[str, str]:
    """The names derived from a plugin id: module, distribution, title, class."""
    check_name(name)
    snake = name.replace("-", "_")
    words = name.split("-")
    return {
        "name": name,
        "module": f"skirmish_{snake}",
        "dist": f"skirmish-{name}",
        "title": " ".join(w.capitalize() for w in words),
        "cls": "".join(w.capitalize() for w in words),
    }


def ruleset_values(name: str, *, core_version: str = "0.1.0") -> dict[str, str]:
    """Everything the ruleset scaffold needs."""
    return {**names(name), "core_version": core_version}


@attrs.frozen
class Printed:
    """What a variant needs to know of the printed ruleset it renames (``new-house-rules --variant``)."""

    name: str
    target: str  # "module:Class"
    title: str
    version: str
    agents: tuple[tuple[str, str, str], ...] = ()  # (name, "module:factory", help)


def house_rules_values(ruleset: str, name: str, *, core_version: str = "0.1.0", ruleset_dist: str = "",
                       change: tuple[str, Any] | None = None, variant: Printed | None = None) -> dict[str, str]:
    """Everything the house-rules scaffold needs. ``change`` is a (dotted path, printed value) to start from;
    with ``variant`` the plugin registers ruleset ``name``, the printed ``ruleset`` renamed, and serves it."""
    if not re.match(r"^[A-Za-z0-9][A-Za-z0-9._-]*$", ruleset):
        raise TemplateError(f"bad ruleset name '{ruleset}'")
    deps = [f'"skirmish-core>={core_version}"'] + ([f'"{ruleset_dist}"'] if ruleset_dist else [])
    if change is None:
        changes = "change = []   # e.g. [[change]] path = \"rules.rounds\" value = 8"
    else:
        path, value = change
        changes = f"[[change]]\npath = \"{path}\"\nvalue = {toml_value(value)}   # as printed: make it your own"
    values = {**names(name), "core_version": core_version, "ruleset": ruleset, "dependencies": ", ".join(deps),
              "changes": changes, "printed": ruleset,
              "made_by": f"skirmish new-house-rules {ruleset} {name}{' --variant' if variant else ''}",
              "scope_note": (f"Installed, these house rules apply to **every** game of `{ruleset}` (and saves made "
                             "before may\nreplay differently). To keep the printed game too, make a variant "
                             f"instead:\n`skirmish new-house-rules {ruleset} {name} --variant`.")}
    if variant is None:
        return values
    module, _, cls = variant.target.partition(":")
    agents = "".join(f"\n    ({json.dumps(a)}, {json.dumps(t)}, {json.dumps(_shorten(h, 100 - len(a) - len(t)))}),"
                     for a, t, h in variant.agents)
    title = values["title"]
    return {**values, "ruleset": name, "base": ruleset, "base_module": module, "base_class": cls,
            "base_title": variant.title, "agents": agents + ("\n" if agents else ""),
            "variant_title": f"{variant.title} ({title})", "variant_version": f"{variant.version}+{name}.0.1.0",
            "scope_note": (f"The plugin registers **`{name}`**, a variant of `{ruleset}` under its own name, and "
                           f"serves only\nthat: installing it adds a choice (`skirmish play {name}`), and "
                           f"`{ruleset}` plays as printed.")}


def _shorten(text: str, most: int) -> str:
    """``text`` cut at a word to fit ``most`` characters (with "...")."""
    if len(text) <= most:
        return text
    return text[:max(most - 3, 0)].rsplit(" ", 1)[0].rstrip(",;:") + "..."


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def first_number(content: Mapping[str, Any], prefix: str = "", depth: int = 3) -> tuple[str, Any] | None:
    """The dotted path and value of the first whole number in raw content (tables first to last)."""
    for key, value in content.items():
        if not isinstance(key, str) or not re.match(r"^[A-Za-z0-9_-]+$", key):
            continue
        path = f"{prefix}{key}"
        if isinstance(value, int) and not isinstance(value, bool):
            return path, value
        if isinstance(value, Mapping) and depth > 1:
            found = first_number(value, f"{path}.", depth - 1)
            if found is not None:
                return found
    return None


def _files(root: Traversable, where: str = "") -> list[tuple[str, Traversable]]:
    out = []
    for item in sorted(root.iterdir(), key=lambda t: t.name):
        rel = f"{where}{item.name}"
        if item.is_dir():
            if item.name != "__pycache__":
                out += _files(item, rel + "/")
        elif item.name.endswith(".tmpl"):
            out.append((rel.removesuffix(".tmpl"), item))
    return out


def fill(text: str, values: Mapping[str, str]) -> str:
    """Replace each ``{{key}}``; a key with no value is an error (a template bug, not the user's)."""

    def one(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            raise KeyError(f"template placeholder {{{{{key}}}}} has no value")
        return values[key]

    return _PLACEHOLDER.sub(one, text)


def render(kind: str, target: str | Path, values: Mapping[str, str], overlays: Sequence[str] = ()) -> list[Path]:
    """Write the ``kind`` scaffold into ``target`` (which must not exist, or be empty); returns the files.

    ``overlays`` are more scaffolds whose files are added, or replace those of the same path.
    """
    for name in (kind, *overlays):
        if name not in KINDS:
            raise ValueError(f"unknown scaffold {name!r} (expected one of {', '.join(KINDS)})")
    target = Path(target)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise TemplateError(f"{target} already exists{'' if not target.is_dir() else ' and is not empty'}: "
                            "choose another name or --dir")
    written = []
    sources: dict[str, Traversable] = {}
    for name in (kind, *overlays):
        sources.update(_files(resources.files(__name__).joinpath(name)))
    for rel, source in sources.items():
        path = target / rel.replace("__module__", values["module"])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(fill(source.read_text(encoding="utf-8"), values), encoding="utf-8")
        written.append(path)
    return written
