"""Structured game events and the game log.

Every roll, answer and rules event is an :class:`Event`. Each names the rule it
applies (``"Doom Phase: Panic"``) and its cause (the event or answer that led to it),
so a player can ask why something happened and get the whole chain. The engine keeps
a current cause: events emitted while an answer is resolved are caused by that answer,
and steps remember the cause current when they were scheduled.
Events may be private: ``visible_to`` lists the players who may see the full
event; everybody else sees ``public_text`` (or nothing when that is empty).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs


class _Current:
    """The default of ``cause=``: the current cause context."""

    def __repr__(self) -> str:
        return "CURRENT"


CURRENT: Any = _Current()

@attrs.frozen(slots=True, init=False)
class Event:
    """One thing that happened. ``data`` holds JSON-able details."""

    seq: int
    kind: str
    text: str
    rule: str = ""
    data: dict[str, Any] = attrs.field(factory=dict)
    visible_to: tuple[str, ...] | None = None
    public_text: str = ""
    cause: int | None = None

    def __init__(self, seq: int, kind: str, text: str, rule: str = "", data: dict[str, Any] | None = None,
                 visible_to: tuple[str, ...] | None = None, public_text: str = "", cause: int | None = None) -> None:
        # attrs' generated __init__ with the slots set through their descriptors (an event is made per emit)
        _e_seq(self, seq)
        _e_kind(self, kind)
        _e_text(self, text)
        _e_rule(self, rule)
        _e_data(self, {} if data is None else data)
        _e_visible_to(self, visible_to)
        _e_public_text(self, public_text)
        _e_cause(self, cause)

    def visible(self, player: str | None) -> bool:
        """True when ``player`` may see this event in full (``None`` is the omniscient view)."""
        return self.visible_to is None or player is None or player in self.visible_to

    def seen_by(self, player: str | None) -> Event | None:
        """The event as ``player`` sees it: itself, a redacted copy, or ``None``."""
        if self.visible(player):
            return self
        if not self.public_text:
            return None
        return Event(self.seq, self.kind, self.public_text, self.rule, {}, self.visible_to, "", self.cause)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seq": self.seq, "kind": self.kind, "text": self.text}
        if self.rule:
            out["rule"] = self.rule
        if self.data:
            out["data"] = self.data
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        if self.cause is not None:
            out["cause"] = self.cause
        return out

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}" if self.rule else self.text


_EVENT_FIELDS = ("seq", "kind", "text", "rule", "data", "visible_to", "public_text", "cause")
(_e_seq, _e_kind, _e_text, _e_rule, _e_data, _e_visible_to, _e_public_text, _e_cause) = (
    Event.__dict__[name].__set__ for name in _EVENT_FIELDS)


class EventLog:
    """An append-only list of events with a running sequence number.

    ``listeners`` are called with each new event (the game uses this to feed
    observer plugins). ``keep=False`` makes a log that counts but stores nothing,
    for look-ahead clones and bulk simulation.
    """

    __slots__ = ("events", "listeners", "keep", "count", "_causes")

    def __init__(self, *, keep: bool = True) -> None:
        self.events: list[Event] = []
        self.listeners: list[Any] = []
        self.keep = keep
        self.count = 0
        self._causes: list[int | None] = []

    def emit(
        self,
        kind: str,
        text: str,
        /,
        *,
        rule: str = "",
        visible_to: tuple[str, ...] | list[str] | str | None = None,
        public_text: str = "",
        cause: Any = CURRENT,
        **data: Any,
    ) -> Event:
        """Append an event and tell the listeners. Returns it.

        ``cause`` is the event (or its number) that led to this one; by default the current cause.
        """
        return self.add(kind, text, rule, visible_to, public_text, cause, data)

    def add(self, kind: str, text: str, rule: str, visible_to: Any, public_text: str, cause: Any,
            data: dict[str, Any]) -> Event:
        """:meth:`emit` with every argument given in order and ``data`` as a table (``Game.emit`` calls it)."""
        if visible_to is not None:
            visible_to = (visible_to,) if isinstance(visible_to, str) else tuple(visible_to)
        if cause is CURRENT:
            causes = self._causes
            cause = causes[-1] if causes else None
        elif isinstance(cause, Event):
            cause = cause.seq
        seq = self.count
        ev = Event(seq, kind, text, rule, data, visible_to, public_text, cause)
        self.count = seq + 1
        if self.keep:
            self.events.append(ev)
        if self.listeners:
            for listener in self.listeners:
                listener(ev)
        return ev

    def caused_by(self, event: Event | int | None) -> _Cause:
        """Context manager: events emitted inside it record ``event`` as their cause."""
        return _Cause(self, event.seq if isinstance(event, Event) else event)

    def current_cause(self) -> int | None:
        """The cause that an event emitted now would record."""
        return self._causes[-1] if self._causes else None

    def for_player(self, player: str | None) -> list[Event]:
        """The log as ``player`` sees it (hidden events redacted or left out)."""
        out = []
        for ev in self.events:
            seen = ev.seen_by(player)
            if seen is not None:
                out.append(seen)
        return out

    def by_seq(self, seq: int) -> Event | None:
        if self.keep and 0 <= seq < len(self.events) and self.events[seq].seq == seq:
            return self.events[seq]
        return next((e for e in self.events if e.seq == seq), None)

    def why(self, seq: int) -> list[Event]:
        """The chain of causes behind event ``seq``, the event itself first."""
        chain: list[Event] = []
        ev = self.by_seq(seq)
        while ev is not None:
            chain.append(ev)
            ev = self.by_seq(ev.cause) if ev.cause is not None else None
        return chain

    def of_kind(self, kind: str) -> Iterator[Event]:
        return (e for e in self.events if e.kind == kind)

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __deepcopy__(self, memo: dict[int, Any]) -> EventLog:
        new = EventLog(keep=self.keep)
        new.events = list(self.events)  # events are frozen: share them
        new.count = self.count
        new._causes = list(self._causes)
        memo[id(self)] = new
        return new


class _Cause:
    __slots__ = ("log", "seq")

    def __init__(self, log: EventLog, seq: int | None) -> None:
        self.log, self.seq = log, seq

    def __enter__(self) -> None:
        self.log._causes.append(self.seq)

    def __exit__(self, *exc: object) -> None:
        self.log._causes.pop()
