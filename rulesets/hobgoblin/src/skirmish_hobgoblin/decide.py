"""Building decisions with structured context for agents (``Decision.context``, ``Option.data``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from skirmish import Decision, Option, Param

_DECISION_FIELDS = {f.name for f in attrs.fields(Decision)}
_OPTION_FIELDS = {f.name for f in attrs.fields(Option)}


def option(value: Any, label: str, help: str = "", **data: Any) -> Option:
    """An option carrying ``data`` for agents."""
    if "data" in _OPTION_FIELDS:
        return Option(value, label, help, data=data)
    return Option(value, label, help)


def option_data(opt: Option) -> dict[str, Any]:
    return dict(getattr(opt, "data", {}) or {})


def decision(player: str, kind: str, prompt: str, *, options: Iterable[Option] = (), params: Iterable[Param] = (),
             validator: Callable[..., str | None] | None = None, examples: Iterable[Any] = (), rule: str = "",
             context: dict[str, Any] | None = None) -> Decision:
    """A decision with ``context`` (the phase, the acting unit, the kind of choice)."""
    extra: dict[str, Any] = {}
    if "context" in _DECISION_FIELDS:
        extra["context"] = dict(context or {})
    return Decision(player, kind, prompt, options=tuple(options), params=tuple(params), validator=validator,
                    examples=tuple(examples), rule=rule, **extra)


def context_of(d: Decision) -> dict[str, Any]:
    return dict(getattr(d, "context", {}) or {})
