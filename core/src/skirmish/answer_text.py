"""Turning a line a person (or a script) typed into an answer for a decision.

For a list: the option's number (``2``), its value or its label (case-insensitive),
or a unique prefix of a label. For a form: ``name=value`` pairs, or the values in
field order (``3.5`` or ``left 2``). JSON is accepted too: any value for a list
(``["a", 1]``), an object for a form (``{"inches": 3}``).
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from skirmish.decisions import Answer, Decision
from skirmish.errors import IllegalAnswer


def parse_answer(decision: Decision, text: str) -> Answer:
    """Parse ``text`` for ``decision``; raise :class:`IllegalAnswer` with a helpful line."""
    text = text.strip()
    if not text:
        raise IllegalAnswer("empty answer")
    if decision.options:
        return _parse_option(decision, text)
    return _parse_form(decision, text)


def _parse_option(decision: Decision, text: str) -> Answer:
    opts = decision.options
    if text.isdecimal():
        index = int(text)
        if 1 <= index <= len(opts):
            return opts[index - 1].value
        raise IllegalAnswer(f"choose a number from 1 to {len(opts)}")
    low = text.lower()
    for o in opts:
        if str(o.value).lower() == low or o.label.lower() == low:
            return o.value
    if text[0] in "[{\"":
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            pass
    prefixed = [o for o in opts if o.label.lower().startswith(low) or str(o.value).lower().startswith(low)]
    if len(prefixed) == 1:
        return prefixed[0].value
    if len(prefixed) > 1:
        raise IllegalAnswer(f"'{text}' could be any of: " + ", ".join(str(o) for o in prefixed[:6]))
    raise IllegalAnswer(f"'{text}' is not an answer here; choose 1 to {len(opts)} (or type help)")


def _parse_form(decision: Decision, text: str) -> dict[str, Any]:
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise IllegalAnswer(f"bad JSON answer: {exc.msg} at column {exc.colno}") from None
        if not isinstance(value, dict):
            raise IllegalAnswer("a form answer in JSON must be an object")
        return value
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise IllegalAnswer(f"cannot read the answer: {exc}") from None
    names = [p.name for p in decision.params]
    out: dict[str, Any] = {}
    positional = 0
    for word in words:
        if "=" in word:
            key, _, val = word.partition("=")
            if key not in names:
                raise IllegalAnswer(f"unknown field '{key}' (fields: {', '.join(names)})")
            out[key] = val
        else:
            while positional < len(names) and names[positional] in out:
                positional += 1
            if positional >= len(names):
                raise IllegalAnswer(f"too many values (fields: {', '.join(names)})")
            out[names[positional]] = word
            positional += 1
    return out
