"""Counts of named tokens held by one owner (a unit, a figure, a player, a supply).

Tokens are resources and statuses without a place on the table: Doom and Mercury,
an Aimed token, Renown, Essence, damage. A :class:`Tokens` is plain data (two dicts),
so it deep-copies and unstructures cleanly; a kind whose count drops to zero is
dropped from ``counts`` so equal holdings always look the same.

Every change may be logged as a ``"tokens"`` event whose data holds ``owner``,
``token`` (the kind; ``kind`` is taken by the event itself), ``change`` and ``value``.
A shared, limited supply is just another :class:`Tokens` (owner ``"supply"``) that
tokens are moved to and from with :meth:`Tokens.move_to`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from skirmish.errors import SkirmishError
from skirmish.events import EventLog


class NotEnoughTokens(SkirmishError, ValueError):
    """More tokens were to be removed than the owner holds (and partial removal was not allowed)."""


def _check_count(n: int, what: str = "count") -> None:
    if n < 0:
        raise ValueError(f"token {what} must not be negative (got {n})")


@attrs.define
class Tokens:
    """Token counts of one owner.

    ``caps`` holds optional per-kind limits (an Aimed token at most 1, Fury at most 1);
    a gain beyond the limit is cut down to it.
    """

    owner: str
    counts: dict[str, int] = attrs.field(factory=dict)
    caps: dict[str, int] = attrs.field(factory=dict)

    # -- reading -----------------------------------------------------------
    def get(self, kind: str) -> int:
        """How many ``kind`` tokens the owner holds (0 when none)."""
        return self.counts.get(kind, 0)

    def cap(self, kind: str) -> int | None:
        """The limit for ``kind``, or ``None`` when unlimited."""
        return self.caps.get(kind)

    def total(self, kinds: Iterable[str] | None = None) -> int:
        """All tokens held, or the sum over ``kinds``."""
        if kinds is None:
            return sum(self.counts.values())
        return sum(self.counts.get(k, 0) for k in kinds)

    def items(self) -> Iterator[tuple[str, int]]:
        """``(kind, count)`` for every kind held, in the order first gained."""
        return iter(list(self.counts.items()))

    def __iter__(self) -> Iterator[str]:
        """The kinds held (count above zero)."""
        return iter(list(self.counts))

    def __contains__(self, kind: object) -> bool:
        return isinstance(kind, str) and self.counts.get(kind, 0) > 0

    def __str__(self) -> str:
        held = ", ".join(f"{k} {v}" for k, v in self.counts.items())
        return f"{self.owner}: {held or 'no tokens'}"

    # -- changing ----------------------------------------------------------
    def set_cap(self, kind: str, cap: int | None) -> None:
        """Set or lift (``None``) the limit for ``kind``. Does not trim what is already held."""
        if cap is None:
            self.caps.pop(kind, None)
        else:
            _check_count(cap, "cap")
            self.caps[kind] = cap

    def add(self, kind: str, n: int = 1, *, log: EventLog | None = None, rule: str = "", cap: int | None = None) -> int:
        """Gain ``n`` tokens of ``kind``; returns how many were actually gained.

        ``cap`` (or the stored per-kind cap) limits the resulting count; the excess is lost.
        """
        _check_count(n)
        limit = cap if cap is not None else self.caps.get(kind)
        old = self.get(kind)
        new = old + n
        if limit is not None:
            new = min(new, max(limit, old))
        gained = new - old
        self._store(kind, new)
        if log is not None and n:
            note = f" (limit {limit}, {n - gained} lost)" if gained < n else ""
            self._emit(log, rule, kind, gained, new, f"{self.owner} gains {gained} {kind} -> {new}{note}")
        return gained

    def remove(
        self,
        kind: str,
        n: int = 1,
        *,
        log: EventLog | None = None,
        rule: str = "",
        allow_partial: bool = False,
    ) -> int:
        """Lose ``n`` tokens of ``kind``; returns how many were actually removed.

        Without ``allow_partial``, asking for more than the owner holds raises
        :class:`NotEnoughTokens` and changes nothing; with it, all that is held goes.
        """
        _check_count(n)
        old = self.get(kind)
        if n > old and not allow_partial:
            raise NotEnoughTokens(f"{self.owner} has {old} {kind}, cannot remove {n}")
        removed = min(n, old)
        self._store(kind, old - removed)
        if log is not None and n:
            left = old - removed
            self._emit(log, rule, kind, -removed, left, f"{self.owner} loses {removed} {kind} -> {left}")
        return removed

    def set(self, kind: str, value: int, *, log: EventLog | None = None, rule: str = "") -> int:
        """Set the count of ``kind`` (cut to its cap); returns the change."""
        _check_count(value)
        limit = self.caps.get(kind)
        if limit is not None:
            value = min(value, limit)
        old = self.get(kind)
        self._store(kind, value)
        if log is not None and value != old:
            self._emit(log, rule, kind, value - old, value, f"{self.owner} {kind} set to {value}")
        return value - old

    def clear(self, kind: str | None = None, *, log: EventLog | None = None, rule: str = "") -> int:
        """Remove every token of ``kind`` (every kind when ``None``); returns how many went."""
        kinds = [kind] if kind is not None else list(self.counts)
        gone = 0
        for k in kinds:
            held = self.get(k)
            if held:
                gone += self.remove(k, held, log=log, rule=rule)
        return gone

    def move_to(
        self,
        other: Tokens,
        kind: str,
        n: int = 1,
        *,
        log: EventLog | None = None,
        rule: str = "",
        allow_partial: bool = False,
    ) -> int:
        """Move up to ``n`` tokens of ``kind`` to ``other`` (a supply, an enemy); returns how many moved.

        Tokens that ``other`` cannot take because of its cap stay here.
        """
        _check_count(n)
        held = self.get(kind)
        if n > held and not allow_partial:
            raise NotEnoughTokens(f"{self.owner} has {held} {kind}, cannot give {n} to {other.owner}")
        want = min(n, held)
        limit = other.caps.get(kind)
        if limit is not None:
            want = min(want, max(0, limit - other.get(kind)))
        if want:
            self.remove(kind, want, log=log, rule=rule)
            other.add(kind, want, log=log, rule=rule)
        return want

    # -- internals ---------------------------------------------------------
    def _store(self, kind: str, value: int) -> None:
        if value:
            self.counts[kind] = value
        else:
            self.counts.pop(kind, None)

    def _emit(self, log: EventLog, rule: str, kind: str, change: int, value: int, text: str) -> None:
        log.emit("tokens", text, rule=rule, owner=self.owner, token=kind, change=change, value=value)
