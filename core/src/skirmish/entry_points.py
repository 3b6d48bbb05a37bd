"""Finding installed plugins quickly: the ``skirmish`` entry points without :mod:`importlib.metadata`.

``importlib.metadata`` costs more to import (it loads the email parser, zipfile...) than the
whole of a listing command may take. Installed distributions in plain directories are read
here directly: every ``*.dist-info`` and ``*.egg-info`` folder on ``sys.path`` (and the
``EGG-INFO`` of an unzipped egg on the path), the first distribution of a name winning, as
:func:`importlib.metadata.entry_points` does. A zip or zipped egg on the path falls back to
:mod:`importlib.metadata`.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable
from importlib import import_module
from typing import Any

_SECTION = re.compile(r"^\[(?P<name>[^\]]+)\]\s*$")


class EntryPoint:
    """One entry point: ``name = module:attribute`` of a distribution (name and version)."""

    __slots__ = ("name", "value", "dist_name", "dist_version")

    def __init__(self, name: str, value: str, dist_name: str, dist_version: str) -> None:
        self.name = name
        self.value = value
        self.dist_name = dist_name
        self.dist_version = dist_version

    def load(self) -> Any:
        """Import the module and return the object the entry point names."""
        module, _, attr = self.value.partition(":")
        obj: Any = import_module(module.strip())
        for part in filter(None, attr.strip().split(".")):
            obj = getattr(obj, part)
        return obj

    def __repr__(self) -> str:
        return f"EntryPoint({self.name!r}, {self.value!r}, {self.dist_name!r} {self.dist_version!r})"


class _Fallback(Exception):
    """Something on the path this reader does not handle."""


def entry_points(group: str, path: Iterable[str] | None = None) -> list[EntryPoint]:
    """The entry points of ``group`` in the distributions installed on ``path`` (default ``sys.path``)."""
    entries = list(sys.path if path is None else path)
    try:
        return _scan(group, entries)
    except _Fallback:
        return _standard(group, entries)


def _scan(group: str, entries: list[str]) -> list[EntryPoint]:
    found: list[EntryPoint] = []
    seen: set[str] = set()
    for entry in entries:
        where = entry or "."
        if not os.path.isdir(where):
            if os.path.exists(where):
                raise _Fallback(where)  # a zip or a zipped egg
            continue
        try:
            names = sorted(os.listdir(where))
        except OSError:
            continue
        for folder, info_file in _metadata_folders(where, names):
            key = _normal(_folder_identity(folder)[0])  # the folder's name says whose it is: no file read
            if not key or key in seen:
                continue
            seen.add(key)
            if os.path.isdir(folder):
                group_entries = _read_group(os.path.join(folder, "entry_points.txt"), group)
                if group_entries:  # only these few have their metadata read, for the name and version shown
                    dist_name, dist_version = _identity(info_file, folder)
                    found += [EntryPoint(ep_name, value, dist_name, dist_version) for ep_name, value in group_entries]
    return found


def _metadata_folders(where: str, names: list[str]) -> list[tuple[str, str]]:
    """(metadata folder, its name-and-version file) of each distribution installed in ``where``.

    ``*.dist-info`` holds ``METADATA``; ``*.egg-info`` holds ``PKG-INFO`` or, written by old
    installers, is that file itself (it then has no entry points); an unzipped egg on the path
    holds its metadata in ``EGG-INFO``.
    """
    out: list[tuple[str, str]] = []
    egg = where.rstrip("/\\").lower().endswith(".egg")
    for name in names:
        low = name.lower()
        path = os.path.join(where, name)
        if low.endswith(".dist-info"):
            out.append((path, os.path.join(path, "METADATA")))
        elif low.endswith(".egg-info") or (egg and low == "egg-info"):
            out.append((path, os.path.join(path, "PKG-INFO") if os.path.isdir(path) else path))
    return out


def _identity(info_file: str, folder: str) -> tuple[str, str]:
    """A distribution's name and version, from the top of its metadata file (or the folder's name)."""
    name = version = ""
    try:
        with open(info_file, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if not line.strip():
                    break
                key, _, value = line.partition(":")
                if key == "Name":
                    name = value.strip()
                elif key == "Version":
                    version = value.strip()
                if name and version:
                    break
    except OSError:
        pass
    return (name, version) if name else _folder_identity(folder)


def _folder_identity(folder: str) -> tuple[str, str]:
    """A distribution's name and version as its metadata folder is named (``my_game-1.2.dist-info``)."""
    base = os.path.basename(folder.rstrip("/\\"))
    if base.lower() == "egg-info":  # an unzipped egg: its own folder's name
        base = os.path.basename(os.path.dirname(folder.rstrip("/\\")))
    stem = base.rpartition(".")[0]
    name, _, version = stem.partition("-")
    return name, version.partition("-")[0]  # eggs: name-version-pyX.Y


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _read_group(path: str, group: str) -> list[tuple[str, str]]:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return []
    out: list[tuple[str, str]] = []
    section = None
    for raw in lines:
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        match = _SECTION.match(line)
        if match:
            section = match.group("name").strip()
            continue
        if section != group or "=" not in line:
            continue
        name, _, value = line.partition("=")
        value = value.split("[", 1)[0].strip()  # drop extras: "module:attr [extra]"
        out.append((name.strip(), value))
    return out


def _standard(group: str, entries: list[str]) -> list[EntryPoint]:
    from importlib import metadata

    out: list[EntryPoint] = []
    seen: set[str] = set()
    for dist in metadata.distributions(path=entries):
        key = _normal(dist.metadata["Name"] or "")
        if key in seen:
            continue
        seen.add(key)
        out += [EntryPoint(ep.name, ep.value, dist.metadata["Name"], dist.version)
                for ep in dist.entry_points if ep.group == group]
    return out
