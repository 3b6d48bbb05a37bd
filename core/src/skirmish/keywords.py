"""Keywords: named rules a unit, figure or terrain piece carries, some with a number.

Text forms: ``"Fly"`` (no number), ``"Hero [2]"`` (sets the value), ``"Hero [+1]"``
(adds to it; ``[-1]`` subtracts). The value of a keyword on a :class:`KeywordSet`:

* every ``[X]`` copy is applied first, then every ``[+X]`` copy is added;
* with no ``[X]`` copy the base is 0, so ``Hero [+1]`` on a unit without Hero gives Hero 1;
* several ``[X]`` copies: the rules leave their order to the unit's owner, so only one of
  them counts in the end. The default pick is the **highest** (``choose=max``): an owner
  orders them to their own advantage and every printed ``[X]`` keyword is a benefit, and
  the result does not depend on the order in which copies were gained (so replays and
  clones agree). Pass ``choose=min`` for a harmful keyword, or any other picker.

A copy of a keyword without a number that is already held is ignored (stored only if
it outlasts the held one, so expiring a temporary copy never strips a lasting one).
Numbered copies all count. Keywords may be temporary (``until`` a scope ends); scopes
nest, narrowest first: activation < turn < phase < round < game, and expiring a scope
also expires the narrower ones. Traits label keywords (Strength, Footprint...); a
trait listed in :attr:`KeywordSet.exclusive` allows one keyword at a time, a new one
replacing the old.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from skirmish.errors import SkirmishError
from skirmish.events import EventLog

SCOPES: tuple[str, ...] = ("activation", "turn", "phase", "round", "game")
"""Temporary-keyword scopes, narrowest first."""

_RANK = {scope: i for i, scope in enumerate(SCOPES)}
_FOREVER = len(SCOPES)
_TEXT = re.compile(r'^(?P<name>[^\[\]]*?)\s*(?:\[\s*(?P<sign>[+-])?\s*(?P<num>\d+)\s*"?\s*\])?$')


class KeywordError(SkirmishError, ValueError):
    """A keyword text or field that makes no sense."""


def _until(value: str | None) -> str | None:
    if not value:  # TOML has no null: "" means permanent
        return None
    if value not in _RANK:
        raise KeywordError(f"unknown keyword duration {value!r} (expected one of {', '.join(SCOPES)})")
    return value


def _kind(_: Any, __: Any, value: str) -> None:
    if value not in ("set", "add"):
        raise KeywordError(f"keyword kind must be 'set' or 'add', not {value!r}")


def _lasting(until: str | None) -> int:
    return _FOREVER if until is None else _RANK[until]


@attrs.frozen
class Keyword:
    """One copy of a keyword. ``kind`` is ``"set"`` for ``[X]`` and ``"add"`` for ``[+X]``."""

    name: str
    value: int | None = None
    kind: str = attrs.field(default="set", validator=_kind)
    until: str | None = attrs.field(default=None, converter=_until)
    source: str = ""
    traits: tuple[str, ...] = attrs.field(default=(), converter=tuple)

    def __attrs_post_init__(self) -> None:
        if not self.name or "[" in self.name or "]" in self.name:
            raise KeywordError(f"bad keyword name {self.name!r}")
        if self.value is None and self.kind == "add":
            raise KeywordError(f"keyword {self.name!r} adds to its value but has no number")
        if self.kind == "set" and self.value is not None and self.value < 0:
            raise KeywordError(f"keyword {self.name!r} cannot be set to a negative value ({self.value})")

    @classmethod
    def parse(cls, text: str, **fields: Any) -> Keyword:
        """Read ``"Fly"``, ``"Hero [2]"`` or ``"Hero [+1]"``; ``fields`` fill ``until``, ``source``, ``traits``."""
        match = _TEXT.match(text.strip())
        if match is None or not match["name"]:
            raise KeywordError(f"cannot read keyword {text!r} (expected 'Name', 'Name [2]' or 'Name [+1]')")
        if match["num"] is None:
            return cls(match["name"], **fields)
        number = int(match["num"])
        if match["sign"]:
            return cls(match["name"], -number if match["sign"] == "-" else number, "add", **fields)
        return cls(match["name"], number, "set", **fields)

    @property
    def numeric(self) -> bool:
        return self.value is not None

    def describe(self) -> str:
        """The text form plus how long it lasts, for logs and displays."""
        return f"{self} (until end of {self.until})" if self.until else str(self)

    def __str__(self) -> str:
        if self.value is None:
            return self.name
        return f"{self.name} [{self.value:+d}]" if self.kind == "add" else f"{self.name} [{self.value}]"


def _as_keyword(keyword: Keyword | str) -> Keyword:
    return keyword if isinstance(keyword, Keyword) else Keyword.parse(keyword)


@attrs.define
class KeywordSet:
    """The keyword copies held by ``owner``, in the order gained.

    ``exclusive`` lists traits of which only one keyword may be held (``("Footprint",)``).
    """

    owner: str = ""
    entries: list[Keyword] = attrs.field(factory=list)
    exclusive: tuple[str, ...] = attrs.field(default=(), converter=tuple)

    @classmethod
    def of(cls, owner: str, keywords: Iterable[Keyword | str] = (), *, exclusive: Sequence[str] = ()) -> KeywordSet:
        """A set holding ``keywords`` (texts are parsed), applying the same rules as :meth:`add`."""
        out = cls(owner, [], tuple(exclusive))
        for kw in keywords:
            out.add(kw)
        return out

    # -- reading -----------------------------------------------------------
    def has(self, name: str) -> bool:
        return any(e.name == name for e in self.entries)

    __contains__ = has

    def get(self, name: str) -> list[Keyword]:
        """Every held copy of ``name``."""
        return [e for e in self.entries if e.name == name]

    def value(self, name: str, default: int | None = None, *, choose: Callable[[list[int]], int] = max) -> int | None:
        """The value of a numbered keyword (``[X]`` copies first, then ``[+X]``); ``default`` when it has none.

        ``choose`` picks which ``[X]`` counts when there are several (see the module notes).
        """
        sets: list[int] = []
        adds = 0
        numbered = False
        for e in self.entries:
            if e.name == name and e.value is not None:
                numbered = True
                if e.kind == "set":
                    sets.append(e.value)
                else:
                    adds += e.value
        if not numbered:
            return default
        return (choose(sets) if sets else 0) + adds

    def names(self) -> list[str]:
        """The distinct keyword names held, in the order first gained."""
        return list(dict.fromkeys(e.name for e in self.entries))

    def with_trait(self, trait: str) -> list[str]:
        """Names of held keywords carrying ``trait``."""
        return list(dict.fromkeys(e.name for e in self.entries if trait in e.traits))

    def effective(self) -> dict[str, int | None]:
        """Name -> value (``None`` for keywords without a number)."""
        return {name: self.value(name) for name in self.names()}

    def __iter__(self) -> Iterator[Keyword]:
        return iter(list(self.entries))

    def __str__(self) -> str:
        return ", ".join(name if v is None else f"{name} [{v}]" for name, v in self.effective().items())

    # -- changing ----------------------------------------------------------
    def add(self, keyword: Keyword | str, *, log: EventLog | None = None, rule: str = "") -> bool:
        """Gain a keyword copy; returns False when it is ignored as a duplicate."""
        kw = _as_keyword(keyword)
        if kw.value is None:
            held = [e for e in self.entries if e.name == kw.name and e.value is None]
            if any(_lasting(e.until) >= _lasting(kw.until) for e in held):
                self._emit(log, rule, "ignored", kw, f"{self._who}already has {kw.name}; the new copy is ignored")
                return False
        clashing = [t for t in kw.traits if t in self.exclusive]
        if clashing:
            old = [e for e in self.entries if any(t in e.traits for t in clashing)]
            if old:
                self.entries = [e for e in self.entries if e not in old]
                for e in old:
                    self._emit(log, rule, "replaced", e, f"{self._who}loses {e} (replaced by {kw.name})")
        self.entries.append(kw)
        self._emit(log, rule, "gained", kw, f"{self._who}gains {kw.describe()}")
        return True

    def remove(self, name: str, *, source: str | None = None, log: EventLog | None = None, rule: str = "") -> int:
        """Lose every copy of ``name`` (only those from ``source`` when given); returns how many went."""
        gone = [e for e in self.entries if e.name == name and (source is None or e.source == source)]
        if gone:
            self.entries = [e for e in self.entries if not (e.name == name and (source is None or e.source == source))]
            for e in gone:
                self._emit(log, rule, "lost", e, f"{self._who}loses {e}")
        return len(gone)

    def expire(self, scope: str, *, log: EventLog | None = None, rule: str = "") -> list[Keyword]:
        """Remove temporary copies lasting until ``scope`` or a narrower one; returns them."""
        limit = _RANK.get(scope)
        if limit is None:
            raise KeywordError(f"unknown scope {scope!r} (expected one of {', '.join(SCOPES)})")
        gone = [e for e in self.entries if e.until is not None and _RANK[e.until] <= limit]
        if gone:
            self.entries = [e for e in self.entries if e.until is None or _RANK[e.until] > limit]
            for e in gone:
                self._emit(log, rule, "expired", e, f"{self._who}loses {e} (end of {scope})")
        return gone

    # -- internals ---------------------------------------------------------
    @property
    def _who(self) -> str:
        return f"{self.owner} " if self.owner else ""

    def _emit(self, log: EventLog | None, rule: str, action: str, kw: Keyword, text: str) -> None:
        if log is not None:
            log.emit(
                "keyword",
                text,
                rule=rule,
                owner=self.owner,
                action=action,
                keyword=str(kw),
                name=kw.name,
                until=kw.until or "",
            )


# -- expiring across a whole game state -------------------------------------------
_ATOMS: frozenset[type] = frozenset({str, int, float, bool, bytes, complex, type(None), frozenset, set, range})
_FIELDS: dict[type, tuple[str, ...] | None] = {Keyword: None}


def _fields_of(cls: type) -> tuple[str, ...] | None:
    try:
        return _FIELDS[cls]
    except KeyError:
        names = tuple(a.name for a in attrs.fields(cls)) if attrs.has(cls) else None
        _FIELDS[cls] = names
        return names


def expire_all(obj: Any, scope: str, *, log: EventLog | None = None, rule: str = "") -> int:
    """Expire ``scope`` on every :class:`KeywordSet` inside ``obj``; returns how many copies went.

    Walks attrs instances (field names are cached per class), lists, tuples and dict
    values. Each object is visited once, so shared or cyclic references are safe.
    """
    if scope not in _RANK:
        raise KeywordError(f"unknown scope {scope!r} (expected one of {', '.join(SCOPES)})")
    removed = 0
    seen: set[int] = set()
    stack = [obj]
    atoms = _ATOMS
    while stack:
        item = stack.pop()
        cls = type(item)
        if cls in atoms:
            continue
        if cls is KeywordSet:
            if id(item) not in seen:
                seen.add(id(item))
                removed += len(item.expire(scope, log=log, rule=rule))
            continue
        if id(item) in seen:
            continue
        seen.add(id(item))
        if cls is list or cls is tuple:
            if item and type(item[0]) in atoms:
                continue  # a list of plain values (card ids, numbers) holds no keywords
            stack.extend(item)
        elif cls is dict:
            stack.extend(item.values())
        else:
            names = _fields_of(cls)
            if names is not None:
                stack.extend(getattr(item, n) for n in names)
            elif isinstance(item, list | tuple):
                stack.extend(item)
            elif isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, KeywordSet):
                removed += len(item.expire(scope, log=log, rule=rule))
    return removed
