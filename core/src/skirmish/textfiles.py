"""Reading what people hand in (set-ups, content, scripts, saves) without hanging, flooding or tracebacks.

Every file goes through one bounded reader (:func:`read_regular_file`: regular files
only, never more than a limit), is decoded as UTF-8 with one clear line when it is not, and TOML is
checked by a cheap pre-scan before the standard parser sees it: the parser takes quadratic time on a
key of very many dotted parts (a 400 KB key of 200,000 parts took over 40 s), so such keys are refused
first. What the parser builds is then bounded in depth, so later steps (copies, digests) never recurse
too deeply either.
"""

from __future__ import annotations

import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from skirmish.errors import SaveError, SetupError, SkirmishError

#: the most parts a dotted key may have (``a.b.c`` has 3); real files use fewer than 10
MAX_KEY_PARTS = 64
#: no number in a set-up may be bigger than this (each ruleset bounds its own settings more tightly)
MAX_SETUP_NUMBER = 1_000_000_000
#: the largest save (or script of answers) read, in bytes; real games are far smaller
MAX_SAVE_BYTES = 16 * 1024 * 1024
#: the deepest nesting of tables and arrays a file may hold
MAX_DEPTH = 48

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_PART = r'(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|\'[^\'\n]*+\')'
#: a chain of more than MAX_KEY_PARTS dotted key parts, anywhere (a key, a table header, an inline table)
_LONG_KEY = re.compile(_PART + r"(?:[ \t]*+\.[ \t]*+" + _PART + "){" + str(MAX_KEY_PARTS) + "}")


def read_regular_file(path: str | Path, *, limit: int = MAX_SAVE_BYTES, what: str = "file") -> bytes:
    """The bytes of a regular file no bigger than ``limit``; anything else is one clear :class:`SaveError`.

    FIFOs, devices and directories are refused without blocking (the file is opened non-blocking
    and checked before reading), and no more than ``limit`` bytes are ever read.
    """
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise SaveError(f"no {what} at {path}") from None
    except IsADirectoryError:
        raise SaveError(f"{path} is a directory, not a {what}") from None
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{path} is not a regular file (a {what} must be one)")
        if info.st_size > limit:
            raise SaveError(f"{path} is too big for a {what} ({info.st_size:,} bytes; the limit is {limit:,})")
        chunks = []
        size = 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                raise SaveError(f"{path} is too big for a {what} (over {limit:,} bytes)")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)



def read_text(path: str | Path, *, limit: int, what: str = "file",
              error: type[SkirmishError] = SetupError) -> str:
    """The text of a regular UTF-8 file of at most ``limit`` bytes; anything else is one ``error`` line."""
    try:
        raw = read_regular_file(path, limit=limit, what=what)
    except SaveError as exc:
        raise error(str(exc).replace(f"no {what} at", "no file at")) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise error(f"{path} is not a text file" + (f" (a byte that is not UTF-8 on line {line})" if line > 1 else
                                                      "")) from None


def parse_toml(text: str, where: str, *, error: type[SkirmishError] = SetupError,
               kind: str = "valid TOML") -> dict[str, Any]:
    """Parse TOML ``text`` after the pre-scan; a problem is one ``error`` line naming ``where``.

    ``kind`` words the refusal: "``where`` is not ``kind``" (default ``valid TOML``; a save: ``a valid save file``).
    """
    if text.count(".") >= MAX_KEY_PARTS and _LONG_KEY.search(text):
        raise error(f"{where} is not {kind} (a key of more than {MAX_KEY_PARTS} dotted parts)")
    import tomllib  # here: kept content and a new game's first prompt read no TOML (start-up, issue 24)

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{where} is not {kind}: {exc}") from None
    except RecursionError:
        raise error(f"{where} is not {kind} (nested too deeply)") from None
    if depth(data) > MAX_DEPTH:
        raise error(f"{where} is not {kind} (nested too deeply: more than {MAX_DEPTH} levels)")
    if not _all_finite(data):  # nan and inf are TOML, but no number of a game: name the first one
        check_numbers(data, where, low=-math.inf, high=math.inf, error=error)
    return data


def _all_finite(data: Any) -> bool:
    """No ``nan`` or ``inf`` anywhere in ``data`` (walked without recursion)."""
    isfinite = math.isfinite
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif type(item) is float and not isfinite(item):
            return False
    return True


def depth(data: Any) -> int:
    """How deeply tables and arrays nest in ``data`` (a plain value: 0), without recursion."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            return level
        stack.extend((child, level + 1) for child in children if isinstance(child, dict | list))
    return deepest


def check_setup_numbers(setup: Any) -> None:
    """No number of a checked set-up is nan, infinite or beyond :data:`MAX_SETUP_NUMBER` (one SetupError line)."""
    check_numbers(setup, "", low=-MAX_SETUP_NUMBER, high=MAX_SETUP_NUMBER)


def bounded_number(value: Any, where: str, *, low: float, high: float, whole: bool = False,
                   error: type[SkirmishError] = SetupError) -> float:
    """``value`` as a finite number within ``[low, high]`` (a whole number when ``whole``); else one line."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise error(f"{where} must be a number, not {value!r}")
    if isinstance(value, float) and not math.isfinite(value):
        raise error(f"{where} must be a finite number, not {value}")
    if whole and isinstance(value, float) and not value.is_integer():
        raise error(f"{where} must be a whole number, not {value}")
    if not low <= value <= high:
        raise error(f"{where} must be {_range(low, high)}, not {_num(value)}")
    return value


def _key(key: Any) -> str:
    text = str(key)
    if _BARE.fullmatch(text):
        return text
    import json

    return json.dumps(text)


def _range(low: float, high: float) -> str:
    if high == math.inf:
        return f"at least {_num(low)}"
    if low == -math.inf:
        return f"at most {_num(high)}"
    return f"between {_num(low)} and {_num(high)}"


def _num(x: float) -> str:
    if isinstance(x, int):
        return str(x) if abs(x) < 10**15 else f"a number of {len(str(abs(x)))} digits"
    return str(int(x)) if x.is_integer() and abs(x) < 1e15 else f"{x:g}"


def check_numbers(data: Any, where: str, *, low: float, high: float,
                  error: type[SkirmishError] = SetupError) -> None:
    """Every number in ``data`` (tables and arrays walked without recursion) is finite and within
    ``[low, high]``; the first that is not is one ``error`` line naming its place (``a.b[2].hp``)."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        item, place = stack.pop()
        if isinstance(item, dict):
            stack.extend((v, f"{place}.{_key(k)}" if place else _key(k)) for k, v in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((v, f"{place}[{i}]") for i, v in reversed(list(enumerate(item))))
        elif isinstance(item, int | float) and not isinstance(item, bool):
            bounded_number(item, f"{where}: {place or 'the value'}" if where else place or "the value", low=low,
                           high=high, error=error)
