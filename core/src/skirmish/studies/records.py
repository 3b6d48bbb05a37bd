"""A study's games kept in a file, so a long study runs in pieces and on several machines.

One JSON object a line: first a header naming the study (``balance``), the ruleset, its rules
version and the game length limit (a balance study adds the model's prices and its notes on how to
read the features, so the file is read later without the model), then one row per game keyed by its
seed. Rows are appended (flushed and synced) as chunks of games finish, so an interrupted run loses
at most the chunks in flight; a run with the same file plays only the seeds it does not hold yet.
Files made on other machines with the same header are merged by reading them together; a seed in two
files must hold the same row, or the files are refused (they came from different code).
"""

from __future__ import annotations

import bisect
import hashlib
import json
import os
import stat
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from skirmish.errors import SaveError, SkirmishError
from skirmish.textfiles import read_regular_file

#: the header keys two files must agree on to be merged (the row format's version included; a balance
#: header's "notes" are words only and need not agree)
HEADER_KEYS = ("study", "format", "ruleset", "rules_version", "max_decisions", "prices")
FORMAT = 1


#: the largest record file read (bytes): about a million games
MAX_RECORD_BYTES = 512 * 1024 * 1024

def header(study: str, ruleset: str, rules_version: str, max_decisions: int | None) -> dict[str, Any]:
    return {"study": study, "format": FORMAT, "ruleset": ruleset, "rules_version": rules_version,
            "max_decisions": max_decisions}


def _describe(head: dict[str, Any]) -> str:
    return ", ".join(f"{k} {head.get(k)!r}" for k in HEADER_KEYS)


def read(path: Path, want: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[int, dict[str, Any]], int]:
    """(header, rows by seed, bytes of whole lines) of a record file.

    A last line cut short (a run killed while writing) is left out; anything else unreadable, or a
    header other than ``want``, is a :class:`SkirmishError` naming the file.
    """
    try:  # the bounded reader: a FIFO or a device is refused at once, never read
        data = read_regular_file(path, limit=MAX_RECORD_BYTES, what="record file")
    except SaveError as exc:
        raise SkirmishError(str(exc)) from None
    whole = data.rfind(b"\n") + 1
    lines = data[:whole].decode("utf-8", errors="replace").splitlines()
    if not lines:
        raise SkirmishError(f"{path} is not a study record (it is empty)")
    head = _header(path, lines[0], want)
    rows: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            row = json.loads(line)
            seed = int(row["seed"])
        except (ValueError, KeyError, TypeError, RecursionError):
            raise SkirmishError(f"{path}, line {number}: not a game row") from None
        rows[seed] = row
    return head, rows, whole


def _header(path: Path, line: str | bytes, want: dict[str, Any] | None) -> dict[str, Any]:
    """The header of a record file from its first line, checked (and against ``want``, the study to add to)."""
    try:
        head = json.loads(line)
    except (ValueError, RecursionError):  # a deeply nested line is no record either
        raise SkirmishError(f"{path} is not a study record (its first line is not JSON)") from None
    if not isinstance(head, dict) or "study" not in head:
        raise SkirmishError(f"{path} is not a study record (no header line)")
    if want is not None and any(head.get(k) != want.get(k) for k in HEADER_KEYS):
        raise SkirmishError(f"{path} holds games of another study ({_describe(head)}), not of this one "
                            f"({_describe(want)})")
    return head


def scan(path: Path, want: dict[str, Any] | None = None) -> Iterator[tuple[dict[str, Any], dict[str, Any] | None]]:
    """Stream a record file line by line (memory flat in its length): first ``(header, None)``, then
    ``(header, row)`` per game; a last line cut short is left out. Errors as :func:`read`."""
    handle = _open_regular(path)
    with handle:
        first = _line(handle, path, 1)
        if not first.strip():
            raise SkirmishError(f"{path} is not a study record (it is empty)")
        head = _header(path, first, want)
        yield head, None
        number = 1
        while line := _line(handle, path, number := number + 1):
            if not line.endswith(b"\n"):
                return  # cut short by a killed run
            try:
                row = json.loads(line)
                int(row["seed"])
            except (ValueError, KeyError, TypeError, RecursionError):
                raise SkirmishError(f"{path}, line {number}: not a game row") from None
            yield head, row


#: the longest line a record file may hold (a game row is a few hundred bytes)
MAX_LINE = 1 << 20


def _open_regular(path: Path) -> Any:
    """``path`` opened to read, refused at once unless it is a regular file (a FIFO or a device never ends)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise SkirmishError(f"no record file {path}") from None
    except OSError as exc:
        raise SkirmishError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise SkirmishError(f"{path} is not a study record (not a regular file)")
    return os.fdopen(fd, "rb")


def _line(handle: Any, path: Path, number: int) -> bytes:
    line = handle.readline(MAX_LINE + 1)
    if len(line) > MAX_LINE:
        raise SkirmishError(f"{path}, line {number}: longer than {MAX_LINE // 1024} KiB, not a study record line")
    return line


def scan_merged(paths: Sequence[Path]) -> Iterator[tuple[dict[str, Any], dict[str, Any] | None]]:
    """:func:`scan` of several files of one study, each seed once: first ``(header, None)``, then the rows. A
    seed in two files must hold the same row (checked by a digest kept per seed: 8 bytes and a dict entry)."""
    if not paths:
        raise SkirmishError("no record files given")
    first: dict[str, Any] | None = None
    seen: dict[int, bytes] = {}
    for path in paths:
        for head, row in scan(Path(path), first):
            if row is None:
                if first is None:
                    first = head
                    yield head, None
                continue
            seed = int(row["seed"])
            digest = hashlib.blake2b(json.dumps(row, sort_keys=True).encode(), digest_size=8).digest()
            if seed in seen:
                if seen[seed] != digest:
                    raise SkirmishError(f"seed {seed} was played differently in {path} than in an earlier file "
                                        "(different code or settings): the files cannot be merged")
                continue
            seen[seed] = digest
            yield head, row


def merge(paths: Sequence[Path]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the rows (in seed order) of several record files of one study."""
    if not paths:
        raise SkirmishError("no record files given")
    first, rows, _ = read(Path(paths[0]))
    merged = dict(rows)
    for path in paths[1:]:
        _, more, _ = read(Path(path), first)
        for seed, row in more.items():
            if seed in merged and merged[seed] != row:
                raise SkirmishError(f"seed {seed} was played differently in {path} than in an earlier file "
                                    "(different code or settings): the files cannot be merged")
            merged[seed] = row
    return first, [merged[s] for s in sorted(merged)]


class RecordFile:
    """A record file opened to add games: the seeds it already holds (a sorted array, 8 bytes a game), the row of
    its highest seed, and :meth:`add` for new ones. ``fold`` is given each row already kept, as it is read."""

    def __init__(self, path: Path, head: dict[str, Any],
                 fold: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.path = Path(path)
        self.head = head
        self.seeds = array("q")
        self.last: dict[str, Any] | None = None
        if self.path.exists():
            for _, row in scan(self.path, head):
                if row is None:
                    continue
                seed = int(row["seed"])
                self.seeds.append(seed)
                if self.last is None or seed > int(self.last["seed"]):
                    self.last = row
                if fold is not None:
                    fold(row)
            self.seeds = array("q", sorted(set(self.seeds)))
            whole = _whole_bytes(self.path)
            if whole < self.path.stat().st_size:  # cut short by a killed run: drop the partial line
                with self.path.open("r+b") as handle:
                    handle.truncate(whole)
        else:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._write([head])
            except OSError as exc:
                raise SkirmishError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def holds(self, seed: int) -> bool:
        i = bisect.bisect_left(self.seeds, seed)
        return i < len(self.seeds) and self.seeds[i] == seed

    def missing(self, seeds: Iterable[int]) -> Iterator[int]:
        """The seeds of ``seeds`` this file has no game for (lazily)."""
        if not self.seeds:
            yield from seeds
            return
        for s in seeds:
            if not self.holds(s):
                yield s

    def add(self, rows: Sequence[dict[str, Any]]) -> None:
        """Append finished games (synced to disk before returning)."""
        try:
            self._write(rows)
        except OSError as exc:
            raise SkirmishError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def _write(self, items: Sequence[dict[str, Any]]) -> None:
        text = "".join(json.dumps(item, sort_keys=True, separators=(",", ":")) + "\n" for item in items)
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())


def _whole_bytes(path: Path) -> int:
    """The length of ``path`` up to its last newline."""
    size = path.stat().st_size
    with path.open("rb") as handle:
        pos = size
        while pos > 0:
            step = min(65536, pos)
            handle.seek(pos - step)
            block = handle.read(step)
            at = block.rfind(b"\n")
            if at >= 0:
                return pos - step + at + 1
            pos -= step
    return 0
