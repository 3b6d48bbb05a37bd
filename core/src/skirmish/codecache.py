"""Generated code kept between runs: the methods attrs, cattrs and dataclasses write for each class (start-up,
issue 24).

attrs and :mod:`dataclasses` write every class's ``__init__``, ``__eq__``, ``__repr__``... as source text and
compile it when the class is declared, and cattrs does the same for each structuring function: a third of a
ruleset's import time went to ``compile()``. A code object depends only on its source text, file name and mode, so
the compiled code is kept in the user cache folder with :mod:`marshal` (as Python keeps ``.pyc`` files) and reused
while the text is the same.

:func:`install` (called by ``import skirmish``) makes ``compile`` in ``attr._make`` and ``cattrs.gen`` this
module's :func:`cached_compile` (and ``exec`` in :mod:`dataclasses` its :func:`cached_exec`), when those modules
are imported (or at once if they already are). The code is kept in one file per package of the classes (a
process reads the files of the packages it declares classes of, once, and writes them at exit when something new
was compiled), unless Python may not write bytecode (``-B``, ``PYTHONDONTWRITEBYTECODE``). A missing,
unreadable or corrupt file is ignored: the code is compiled afresh. ``SKIRMISH_CACHE=off`` turns every cache of
skirmish off; ``SKIRMISH_CACHE_DIR`` moves the folder.
"""

from __future__ import annotations

import builtins
import contextlib
import importlib.machinery
import marshal
import os
import re
import sys
from types import BuiltinFunctionType, CodeType
from typing import Any

#: the modules whose ``compile`` is routed through the cache (``exec`` for :mod:`dataclasses`, which hands it
#: the generated text)
PATCHED = ("attr._make", "cattrs.gen", "dataclasses", "attr._compat")
#: above this many entries a package's file starts afresh (old classes' code piles up as sources change)
MAX_ENTRIES = 5_000

_compile = builtins.compile
#: the salt attrs writes into a generated ``__hash__``: ``hash((<salt>, self.a, ...))``
_SALT = re.compile(r"hash\(\(\s*(-?\d+),")
#: the package of the class a generated "file name" of attrs or cattrs names: ``<attrs generated init pkg.mod.C>``
_ORIGIN = re.compile(r"<c?attrs generated \S+ ([A-Za-z_]\w*)")
_NAME = re.compile(r"[A-Za-z_]\w*")
#: the code kept, per package (each package's classes in a file of their own: a process reads only the files of
#: the packages whose classes it declares, not every class any run ever compiled)
_known: dict[str, dict[tuple[str, str, str], Any]] = {}
_new: dict[str, dict[tuple[str, str, str], Any]] = {}


def cache_dir() -> str | None:
    """The folder of skirmish's caches, or ``None`` when caching is off (``SKIRMISH_CACHE=off``)."""
    if os.environ.get("SKIRMISH_CACHE", "").lower() in ("off", "0", "no", "false"):
        return None
    given = os.environ.get("SKIRMISH_CACHE_DIR")
    if given:
        return given
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "skirmish")


def cache_file(package: str = "skirmish") -> str | None:
    """The file of compiled code for the classes of ``package`` (one per Python version: marshal's format changes
    between versions)."""
    folder = cache_dir()
    if folder is None:
        return None
    tag = sys.implementation.cache_tag or "python"
    return os.path.join(folder, f"generated-code.{tag}-{sys.hexversion:x}.{package}.marshal")


def _read(path: str) -> dict[tuple[str, str, str], Any]:
    try:
        with open(path, "rb") as fh:
            data = marshal.loads(fh.read())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return data if isinstance(data, dict) else {}


def _entries(package: str) -> dict[tuple[str, str, str], Any]:
    kept = _known.get(package)
    if kept is None:
        path = cache_file(package)
        kept = _known[package] = _read(path) if path is not None else {}
    return kept


def _package(name: Any) -> str:
    """The top package of a module name, or ``"other"``."""
    top = name.partition(".")[0] if isinstance(name, str) else ""
    return top if _NAME.fullmatch(top) else "other"


def cached_compile(source: Any, filename: Any, mode: str, *args: Any, **kwargs: Any) -> Any:
    """``compile`` for generated source text, answered from the cache when the same text was compiled before.

    attrs writes a salt into each ``__hash__`` (a hash of the class's name, which differs from process to
    process): the key holds the text without it, and a kept code object gets this process's salt.
    """
    if args or kwargs or not isinstance(source, str) or not isinstance(filename, str):
        return _compile(source, filename, mode, *args, **kwargs)
    origin = _ORIGIN.match(filename)
    return _kept_code(source, filename, mode, origin.group(1) if origin else "other")


def cached_exec(source: Any, globals: Any = None, locals: Any = None, /, **kwargs: Any) -> Any:
    """``exec`` of generated source text, its code compiled through the cache (kept with the package of the module
    whose globals it runs in: :mod:`dataclasses` runs a class's methods in the class's module)."""
    if isinstance(source, str) and not kwargs:
        name = globals.get("__name__") if isinstance(globals, dict) else None
        source = _kept_code(source, "<string>", "exec", _package(name))
    return exec(source, globals, locals, **kwargs)


def _kept_code(source: str, filename: str, mode: str, package: str) -> Any:
    salt = _SALT.search(source) if "hash((" in source else None
    text = source if salt is None else source[:salt.start(1)] + "SALT" + source[salt.end(1):]
    key = (filename, mode, text)
    entries = _entries(package)
    kept = entries.get(key)
    if isinstance(kept, tuple) and len(kept) == 2 and isinstance(kept[0], CodeType):
        code, old = kept
        if salt is not None and old != int(salt.group(1)):
            code = _swap_constant(code, old, int(salt.group(1)))
        return code
    code = _compile(source, filename, mode)
    entries[key] = _new.setdefault(package, {})[key] = (code, int(salt.group(1)) if salt is not None else None)
    return code


def _swap_constant(code: CodeType, old: int, new: int) -> CodeType:
    """``code`` with the integer constant ``old`` replaced by ``new``, in the functions it defines too."""
    consts = tuple(new if type(c) is int and c == old else _swap_constant(c, old, new) if isinstance(c, CodeType)
                   else c for c in code.co_consts)
    return code.replace(co_consts=consts)


def write_atomically(path: str, payload: bytes) -> bool:
    """Write ``payload`` to ``path`` through a temporary file beside it, so a reader never sees half a file;
    ``False`` (and nothing left behind) when it cannot be written."""
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(tmp, "wb") as fh:
            fh.write(payload)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return False
    return True


def save() -> None:
    """Write what this process compiled (merged with what other processes wrote meanwhile); errors are ignored."""
    if not _new or cache_dir() is None or sys.dont_write_bytecode:
        return
    for package, new in list(_new.items()):
        path = cache_file(package)
        if path is None or not new:
            continue
        merged = _read(path)
        if len(merged) + len(new) > MAX_ENTRIES:
            merged = {}
        merged.update(new)
        try:
            payload = marshal.dumps(merged)
        except ValueError:
            continue
        write_atomically(path, payload)
    _new.clear()


def _patch(module: Any) -> None:
    if module.__name__ == "dataclasses":
        module.exec = cached_exec
    elif module.__name__ == "attr._compat":
        _builtins_unread(getattr(module, "_AnnotationExtractor", None))
    else:
        module.compile = cached_compile


def _builtins_unread(extractor: Any) -> None:
    """attrs reads each converter's signature for its annotations; a built-in one (``converter=tuple``) has none,
    but :func:`inspect.signature` finds that out by parsing its text signature with :mod:`tokenize`, whose first
    use compiles a large pattern (about a tenth of a new game's start). The extractor is told at once instead:
    the same answers (no annotations), without the parse."""
    if extractor is None or getattr(extractor, "_skirmish_patched", False):
        return
    original = extractor.__init__

    def __init__(self: Any, callable: Any) -> None:
        if isinstance(callable, BuiltinFunctionType) or (isinstance(callable, type)
                                                         and callable.__module__ == "builtins"):
            self.sig = None
            return
        original(self, callable)

    extractor.__init__ = __init__
    extractor._skirmish_patched = True


class _Finder:
    """Patches the modules of :data:`PATCHED` right after they are imported."""

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if fullname not in PATCHED:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        loader = spec.loader
        run = loader.exec_module

        def exec_module(module: Any) -> None:
            run(module)
            _patch(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


_installed = False


def install() -> None:
    """Route attrs' and cattrs' ``compile`` through the cache (once per process; nothing when caching is off)."""
    global _installed
    if _installed or cache_dir() is None:
        return
    _installed = True
    import atexit

    for name in PATCHED:
        if name in sys.modules:
            _patch(sys.modules[name])
    sys.meta_path.insert(0, _Finder())
    atexit.register(save)
