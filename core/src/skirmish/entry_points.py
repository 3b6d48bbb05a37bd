"""Finding installed plugins quickly: the ``skirmish`` entry points without :mod:`importlib.metadata`.

``importlib.metadata`` costs more to import (it loads the email parser, zipfile...) than the
whole of a listing command may take. Installed distributions in plain directories are read
here directly: every ``*.dist-info`` and ``*.egg-info`` folder on ``sys.path`` (and the
``EGG-INFO`` of an unzipped egg on the path), the first distribution of a name winning, as
:func:`importlib.metadata.entry_points` does. A zip or zipped egg on the path falls back to
:mod:`importlib.metadata`.

What a scan finds is kept in the user cache folder (``skirmish.codecache.cache_dir``), keyed by the path
and each folder's modification time (installing or removing a distribution adds or removes a folder,
which changes its parent's time) and checked against the times of the ``entry_points.txt`` files it read:
a listing then stats a dozen folders instead of reading every installed distribution.
"""

from __future__ import annotations

import marshal
import os
import re
import stat
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
    stamp = _stamp(entries)
    kept = _kept(group, stamp)
    if kept is not None:
        return kept
    try:
        found, read = _scan(group, entries)
    except _Fallback:
        return _standard(group, entries)
    _keep(group, stamp, found, read)
    return found


def _stamp(entries: list[str]) -> list[list[Any]]:
    """Each path entry with its folder's modification time (``None`` when it is not a folder)."""
    out: list[list[Any]] = []
    for entry in entries:
        try:
            info = os.stat(entry or ".")
        except OSError:
            out.append([entry, None])
            continue
        out.append([entry, info.st_mtime_ns if stat.S_ISDIR(info.st_mode) else -1])
    return out


def _cache_file(group: str) -> str | None:
    from skirmish.codecache import cache_dir

    folder = cache_dir()
    return None if folder is None else os.path.join(folder, f"entry-points-{_normal(group)}.marshal")


def _mtime(path: str) -> int | None:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def _kept(group: str, stamp: list[list[Any]]) -> list[EntryPoint] | None:
    """The entry points a scan of the same path found, if no folder or file it read has changed since."""
    path = _cache_file(group)
    if path is None:
        return None
    try:
        with open(path, "rb") as handle:
            data = marshal.loads(handle.read())
        if data["stamp"] != stamp or any(_mtime(file) != time for file, time in data["read"]):
            return None
        return [EntryPoint(*(str(part) for part in ep)) for ep in data["found"]]
    except (OSError, EOFError, ValueError, KeyError, TypeError, IndexError):
        return None


def _keep(group: str, stamp: list[list[Any]], found: list[EntryPoint], read: list[str]) -> None:
    path = _cache_file(group)
    if path is None:
        return
    from skirmish.codecache import write_atomically

    data = {"stamp": stamp, "read": [[file, _mtime(file)] for file in read],
            "found": [[ep.name, ep.value, ep.dist_name, ep.dist_version] for ep in found]}
    write_atomically(path, marshal.dumps(data))


def _scan(group: str, entries: list[str]) -> tuple[list[EntryPoint], list[str]]:
    """The group's entry points, and the ``entry_points.txt`` files they were read from."""
    found: list[EntryPoint] = []
    read: list[str] = []
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
                listing = os.path.join(folder, "entry_points.txt")
                group_entries = _read_group(listing, group)
                if group_entries:
                    read.append(listing)  # only these few have their metadata read, for the name and version shown
                    dist_name, dist_version = _identity(info_file, folder)
                    found += [EntryPoint(ep_name, value, dist_name, dist_version) for ep_name, value in group_entries]
    return found, read


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
