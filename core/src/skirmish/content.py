"""Loading ruleset content (TOML data) into attrs classes with cattrs, with errors for people.

Built content can be kept between runs (:func:`cached_build`, ``structure(..., cache=True)``): pickled in the user
cache folder, keyed by the data itself (the content files as parsed, after any plugin changed them) and by the
code that builds it (the size and time of every module file of skirmish and of the ruleset's package), so a
change to either builds afresh. cattrs is imported only when something is built.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from skirmish.errors import SetupError
from skirmish.textfiles import parse_toml, read_text

if TYPE_CHECKING:
    import cattrs

T = TypeVar("T")
#: the largest TOML file a person may hand in (set-ups, army lists, content overrides)
MAX_FILE_BYTES = 4 * 1024 * 1024


def __getattr__(name: str) -> Any:
    if name == "converter":  # made on first use: importing cattrs costs more than reading kept content
        return _converter()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_made: list[cattrs.Converter] = []


def _converter() -> cattrs.Converter:
    if not _made:
        import cattrs

        _made.append(cattrs.Converter(forbid_extra_keys=True))
    return _made[0]


def load_toml(source: str | Path, resource: str | None = None, *, where: str | None = None) -> dict[str, Any]:
    """Parse a TOML file: a path, or (``source`` = package, ``resource`` = file name) packaged data.

    A path must name a regular file of at most :data:`MAX_FILE_BYTES` (a FIFO or a device is
    refused at once, never read); any problem is one :class:`SetupError` line naming ``where`` (by default the
    path, or ``package/resource``). Packaged files on disk are kept parsed (:func:`packaged_toml`).
    """
    if resource is not None:
        where = where or f"{source}/{resource}"
        plain = _plain_path(str(source), resource)
        if plain is not None:
            return packaged_toml(plain, where)
        else:
            from importlib import resources

            text = resources.files(str(source)).joinpath(resource).read_text(encoding="utf-8")
    else:
        where = where or str(source)
        text = read_text(Path(source), limit=MAX_FILE_BYTES, what="TOML file")
    return parse_toml(text, where)


def packaged_toml(path: str, where: str) -> dict[str, Any]:
    """The TOML file at ``path`` (a ruleset's packaged data) parsed, kept in the user cache folder.

    The parsed tables are kept with :mod:`marshal`, keyed by the file's path, size and modification time, so a
    ruleset's content files are parsed once, not at every start (parsing them cost a new game's first prompt
    more than building the kept content). Each call returns fresh tables: callers may change them. Data marshal
    cannot hold (TOML dates), caching turned off or a file that cannot be written just parse; a damaged kept file
    is parsed afresh and replaced.
    """
    import marshal

    from skirmish.codecache import cache_dir, write_atomically
    from skirmish.digests import blake2b

    folder = cache_dir()
    kept = stamp = None
    try:
        info = os.stat(path)
    except OSError:
        folder = None
    if folder is not None:
        stamp = (path, info.st_size, info.st_mtime_ns)
        kept = os.path.join(folder, f"toml-{blake2b(path.encode('utf-8', 'surrogatepass')).hexdigest()[:16]}.marshal")
        with contextlib.suppress(Exception):
            with open(kept, "rb") as fh:
                old, data = marshal.load(fh)
            if old == stamp and isinstance(data, dict):
                return data
    with open(path, encoding="utf-8") as fh:
        data = parse_toml(fh.read(), where)
    if kept is not None:
        with contextlib.suppress(ValueError):  # a value marshal cannot hold (a TOML date): not kept
            write_atomically(kept, marshal.dumps((stamp, data)))
    return data


def _plain_path(package: str, resource: str) -> str | None:
    """Where a packaged file is on disk when its package is a plain folder (else ``None``: use importlib.resources,
    which costs more to import than reading a ruleset's content files)."""
    from importlib import import_module

    spec = getattr(import_module(package), "__spec__", None)
    places = list(getattr(spec, "submodule_search_locations", None) or [])
    if len(places) != 1 or not os.path.isdir(places[0]):
        return None
    path = os.path.join(places[0], *resource.split("/"))
    return path if os.path.exists(path) else None


def package_names(package: str, folder: str) -> list[str]:
    """The names of the files in a packaged folder (``"data/warbands"``), sorted."""
    plain = _plain_path(package, folder)
    if plain is not None and os.path.isdir(plain):
        return sorted(os.listdir(plain))
    from importlib import resources

    return sorted(p.name for p in resources.files(package).joinpath(folder).iterdir())


def structure(data: Any, cls: type[T], where: str = "data", *, cache: bool = False) -> T:
    """Build ``cls`` from plain data; a problem raises one :class:`SetupError` line naming the field.

    ``cache``: keep the result between runs (:func:`cached_build`), for a ruleset's whole content."""
    if cache:
        return cached_build(lambda d: structure(d, cls, where), data, kind=f"{cls.__module__}.{cls.__qualname__}")
    import cattrs

    try:
        return _converter().structure(data, cls)
    except cattrs.BaseValidationError as exc:
        raise SetupError(f"{where}: {_first_problem(exc)}") from None
    except (TypeError, ValueError, KeyError) as exc:
        raise SetupError(f"{where}: {exc}") from None


def _first_problem(exc: BaseException) -> str:
    import cattrs

    messages = cattrs.transform_error(exc) if isinstance(exc, cattrs.BaseValidationError) else [str(exc)]
    return messages[0] if messages else str(exc)


def unstructure(obj: Any) -> Any:
    return _converter().unstructure(obj)


def cached_build(build: Callable[[Any], T], data: Any, *, kind: str) -> T:
    """``build(data)``, kept in the user cache folder and read back while ``data`` and the code are the same.

    ``kind`` names what is built (``"module.Class"``: its top package's files are part of the key, with
    skirmish's own). ``data`` must be plain data (what TOML gives); anything else, caching turned off
    (``SKIRMISH_CACHE=off``), or a file that cannot be written just builds. A kept file that cannot be read
    back (corrupt, written by other code) is built afresh and replaced. Only what ``build`` returns without
    raising is kept, so a content error is reported every time.
    """
    import json
    import pickle

    from skirmish.codecache import cache_dir, write_atomically
    from skirmish.digests import blake2b

    folder = cache_dir()
    try:
        text = json.dumps([kind, _code_stamp(kind), data], sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        folder = None
    if folder is None:
        return build(data)
    path = os.path.join(folder, f"content-{blake2b(text.encode()).hexdigest()[:40]}.pickle")
    try:
        with open(path, "rb") as fh:
            return pickle.load(fh)  # type: ignore[no-any-return]
    except Exception:  # noqa: BLE001, S110 - none yet, or a damaged or foreign file: built afresh and replaced
        pass
    value = build(data)
    try:
        payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - not picklable: the content is still there for this run
        return value
    if write_atomically(path, payload):
        with contextlib.suppress(OSError):  # another process pruning at the same time
            _prune(folder)
    return value


#: the most built contents kept; beyond it the least recently written go (changed data or code leave old ones)
MAX_KEPT = 48


def _prune(folder: str) -> None:
    kept = [os.path.join(folder, n) for n in os.listdir(folder) if n.startswith("content-") and n.endswith(".pickle")]
    if len(kept) <= MAX_KEPT:
        return
    by_age = sorted(kept, key=lambda p: os.stat(p).st_mtime_ns)
    for old in by_age[:len(kept) - MAX_KEPT]:
        with contextlib.suppress(OSError):
            os.unlink(old)


_stamps: dict[str, list[Any]] = {}


def _code_stamp(kind: str) -> list[Any]:
    """The size and modification time of every module file of skirmish and of ``kind``'s top package."""
    out: list[Any] = []
    for top in dict.fromkeys(("skirmish", kind.split(".")[0])):
        if top not in _stamps:
            module = sys.modules.get(top)
            where = os.path.dirname(getattr(module, "__file__", None) or "")
            files: list[Any] = []
            if where:
                _stamp_folder(where, "", files)
            _stamps[top] = [top, files]
        out.append(_stamps[top])
    return out


def _stamp_folder(folder: str, prefix: str, files: list[Any]) -> None:
    """Add ``(relative path, size, modification time)`` of each module file under ``folder`` to ``files``, in name
    order (one :func:`os.scandir` a folder: a walk with a join and a stat a file cost a tenth of a ruleset's start)."""
    try:
        with os.scandir(folder) as it:
            entries = sorted(it, key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if name.endswith(".py"):
            with contextlib.suppress(OSError):
                st = entry.stat()
                files.append((prefix + name, st.st_size, st.st_mtime_ns))
        elif name != "__pycache__" and entry.is_dir():
            _stamp_folder(entry.path, f"{prefix}{name}/", files)
