"""What a machine would play a study with: a fingerprint compared between a study's client and its workers.

A worker with another version of a ruleset, a plugin missing or extra (a house rule, an agent), other
content files or another ``SKIRMISH_PLUGINS`` plays other games than the client would: its results
must not be mixed in silently. The fingerprint holds the Python and skirmish-core versions, every
registered plugin with its distribution's version (a module named by ``SKIRMISH_PLUGINS`` by a hash of
its file), each ruleset's version and a hash of its package's files (rules code and content data),
and ``SKIRMISH_PLUGINS`` itself.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import platform
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

_HASHES: dict[str, str] = {}  # package directory -> hash (files do not change under a running process)


def _tree_hash(directory: Path) -> str:
    key = str(directory)
    if key not in _HASHES:
        digest = hashlib.sha256()
        for path in sorted(directory.rglob("*")):
            if path.suffix in (".py", ".toml", ".json") and "__pycache__" not in path.parts and path.is_file():
                digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
                digest.update(hashlib.sha256(path.read_bytes()).digest())
        _HASHES[key] = digest.hexdigest()[:16]
    return _HASHES[key]


def _module_hash(obj: Any) -> str:
    module = sys.modules.get(getattr(obj, "__module__", None) or "") if not hasattr(obj, "__file__") else obj
    path = getattr(module, "__file__", None)
    if not path:
        return "?"
    try:
        return "file " + hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
    except OSError:
        return "?"


def _package_hash(factory: Any) -> str:
    """Hash of the files of the top-level package a ruleset factory (class or ``Lazy``) comes from."""
    module = getattr(factory, "target", "").partition(":")[0] or getattr(factory, "__module__", "") or ""
    try:
        spec = importlib.util.find_spec(module.split(".")[0]) if module else None
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        return "?"
    if spec.submodule_search_locations:
        return _tree_hash(Path(next(iter(spec.submodule_search_locations))).resolve())
    return _module_hash(sys.modules.get(spec.name)) if spec.name in sys.modules else "?"


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def fingerprint(registry: Any) -> dict[str, Any]:
    """This process's fingerprint, from ``registry`` (the plugins it loaded)."""
    dists: dict[str, str] = getattr(registry.pm, "distributions", {}) or {}
    plugins = {}
    for name, plugin in registry.pm.list_name_plugin():
        if plugin is None or name.startswith(("_", "skirmish.agents")) and name not in dists:
            continue
        plugins[name] = dists.get(name) or _module_hash(plugin)
    rulesets = {}
    for name, spec in sorted(registry.rulesets.items()):
        rulesets[name] = {"version": spec.version, "content": _package_hash(spec.factory)}
    return {"python": platform.python_version(), "skirmish-core": _version("skirmish-core"),
            "plugins": dict(sorted(plugins.items())), "rulesets": rulesets,
            "SKIRMISH_PLUGINS": os.environ.get("SKIRMISH_PLUGINS", "")}


_WORKER: dict[str, Any] = {}  # this worker process's fingerprint, worked out once


def worker_fingerprint() -> dict[str, Any]:
    """The fingerprint of the process this runs in (a Dask worker), with its own registry (once per process:
    its installed files and plugins do not change under it)."""
    from skirmish.plugins import worker_registry

    if not _WORKER:
        _WORKER.update(fingerprint(worker_registry()))
    return _WORKER


def difference(mine: dict[str, Any], theirs: dict[str, Any]) -> str:
    """The first differences between two fingerprints, in words (empty when they agree)."""
    out: list[str] = []
    for key in ("python", "skirmish-core", "SKIRMISH_PLUGINS"):
        if mine.get(key) != theirs.get(key):
            out.append(f"{key} {theirs.get(key)!r} there, {mine.get(key)!r} here")
    for kind in ("plugins", "rulesets"):
        a, b = mine.get(kind, {}), theirs.get(kind, {})
        word = kind[:-1]
        for name in sorted(set(a) | set(b)):
            if name not in b:
                out.append(f"{word} {name} missing there")
            elif name not in a:
                out.append(f"{word} {name} there only")
            elif a[name] != b[name]:
                out.append(f"{word} {name} is {_short(b[name])} there, {_short(a[name])} here")
    return "; ".join(out[:3]) + (f" (and {len(out) - 3} more)" if len(out) > 3 else "")


def _short(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)
