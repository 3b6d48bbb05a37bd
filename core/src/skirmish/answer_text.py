"""Turning a line a person (or a script) typed into an answer for a decision.

For a list: the option's number (``2``), its value or its label (case-insensitive),
or a unique prefix of a label. For a form: ``name=value`` pairs, or the values in
field order (``3.5`` or ``left 2``; numbers may be joined by commas: ``10,1``). The
other kinds of field read as people write them:

- subset: ``a,b`` (or ``a b`` when it is the last field; ``none`` for no item);
- assign: ``u1=3 u2=2`` (or ``u1:3,u2:2``; items not named get 0);
- point: ``10,1`` or ``x=10 y=1`` (or ``10 1``); pose: ``10,1,90`` or ``x=10 y=1 facing=90``.

Items of choice, subset and assign fields match ignoring case, or by a unique start.
JSON is accepted too: any value for a list (``["a", 1]``), an object for a form (``{"inches": 3}``).

Type-ahead: :func:`answer_ahead` reads ``advance 3.5`` as the option ``advance`` followed by the words
``3.5``, which a prompt may keep as the answer to the next question (``inches``), asked right away.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

from skirmish.decisions import Answer, Decision, Option, Param
from skirmish.errors import IllegalAnswer
from skirmish.textfiles import MAX_DEPTH, depth

POINT_FIELDS = {"point": ("x", "y"), "pose": ("x", "y", "facing")}
NUMBER_KINDS = ("int", "float")
BARE_NUMBER = re.compile(r"[+-]?\d+")


def parse_answer(decision: Decision, text: str) -> Answer:
    """Parse ``text`` for ``decision``; raise :class:`IllegalAnswer` with a helpful line."""
    text = text.strip()
    if not text:
        raise IllegalAnswer("empty answer")
    if decision.options:
        return _parse_option(decision, text)
    return _parse_form(decision, text)


def matching_options(decision: Decision, text: str) -> list[int]:
    """Indexes of the options whose label, value or group (``Option.data`` names) contain ``text`` (any case).

    Several words match options holding every one of them (``gutz adv`` finds "Big Gutz: advance...").
    An option holding ``text`` whole is preferred to ones holding its words apart, and words matched whole
    (or at least at the start of a word) to words found inside others (``rest`` picks "rest", not
    "move into the Forest"). A bare whole number
    names an option by its place in the list only, so it matches no text (``0`` is not "HP 10").
    """
    low = " ".join(text.lower().split())
    if not low or BARE_NUMBER.fullmatch(low):
        return []
    texts = [_search_text(o) for o in decision.options]
    whole = [i for i, t in enumerate(texts) if low in t]
    if whole:
        return _best_placed(whole, texts, [low])
    words = low.split()
    return _best_placed([i for i, t in enumerate(texts) if all(w in t for w in words)], texts, words)


def _best_placed(found: list[int], texts: list[str], words: list[str]) -> list[int]:
    """Of the options holding ``words``, those holding them as whole words (``rest`` is not "Forest"), else those
    holding each at the start of a word (``adv`` in "advance"), else all of them."""
    for pattern in (r"(?<![a-z0-9]){}(?![a-z0-9])", r"(?<![a-z0-9]){}"):
        placed = [i for i in found if all(re.search(pattern.format(re.escape(w)), texts[i]) for w in words)]
        if placed:
            return placed
    return found


def answer_ahead(decision: Decision, text: str, *, loose: bool = True) -> tuple[Answer, str] | None:
    """The option named by the first words of ``text`` and the words after it (``None`` when no start does).

    ``wheel left 2`` -> (the option ``wheel left``, ``"2"``): the longest start that is an answer on its
    own (a number, a name, a unique start of a label, or with ``loose`` the only option holding those
    words) wins. Only for lists of options; the words left over are for the next decision.
    """
    if not decision.options:
        return None
    words = text.split()
    for strict in (True, False) if loose else (True,):
        for k in range(len(words) - 1, 0, -1):
            head, rest = " ".join(words[:k]), " ".join(words[k:])
            if strict:
                try:
                    return _parse_option(decision, head), rest
                except IllegalAnswer:
                    continue
            found = matching_options(decision, head)
            if len(found) == 1:
                return decision.options[found[0]].value, rest
    return None


def read_answer(decision: Decision, text: str) -> tuple[Answer, str]:
    """What a person typed: the answer, and the words left for the next question (type-ahead; often ``""``).

    In order: the whole line as :func:`parse_answer` reads it; for a list, a choice the decision says is
    not offered is refused with why (:func:`why_not_offered`); an option named by the first words
    (``advance 3.5``); the only option holding every word typed; the only option holding the first words.
    Raises :class:`IllegalAnswer`; several options holding the words are for the caller to list
    (:func:`matching_options`).
    """
    try:
        return parse_answer(decision, text), ""
    except IllegalAnswer:
        if not decision.options:
            raise
        missing = why_not_offered(decision, text)
        if missing:
            raise IllegalAnswer(missing) from None
        ahead = answer_ahead(decision, text, loose=False)
        if ahead is not None:
            return ahead
        found = matching_options(decision, text)
        if len(found) == 1:
            return decision.options[found[0]].value, ""
        ahead = answer_ahead(decision, text)
        if ahead is not None and not found:
            return ahead
        raise


def why_not_offered(decision: Decision, text: str) -> str:
    """Why the choice ``text`` starts with is missing from ``decision`` (``""`` when the decision does not say).

    A ruleset may list the choices it leaves out and why in ``Decision.context["not_offered"]``
    (``{"wheel left": "a wood is in the way"}``); a refused ``wheel left 2`` is then explained.
    """
    missing = (decision.context or {}).get("not_offered") if isinstance(decision.context, dict) else None
    if not missing or not isinstance(text, str):
        return ""
    low = " ".join(text.lower().replace("-", " ").split())
    for name in sorted(missing, key=len, reverse=True):
        key = " ".join(str(name).lower().replace("-", " ").split())
        if key and (low == key or low.startswith(key + " ")):
            return f"{name} is not possible now: {missing[name]}"
    return ""


def _search_text(o: Option) -> str:
    names = [str(v) for k, v in (o.data or {}).items() if isinstance(v, str) and k in ("actor", "piece", "name",
                                                                                        "actor_name", "group")]
    text = " ".join([o.label, str(o.value), *names]).lower()
    spaced = text.replace("-", " ").replace("_", " ")  # "wheel left" finds the value wheel-left
    return text if spaced == text else f"{text} | {spaced}"


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
            return _json(text)
        except json.JSONDecodeError:
            pass
    prefixed = [o for o in opts if o.label.lower().startswith(low) or str(o.value).lower().startswith(low)]
    if not prefixed:  # 'wheel left' for wheel-left
        flat = _flat(low)
        prefixed = [o for o in opts if _flat(o.label.lower()).startswith(flat)
                    or _flat(str(o.value).lower()).startswith(flat)]
    if len(prefixed) == 1:
        return prefixed[0].value
    if len(prefixed) > 1:
        raise IllegalAnswer(f"'{text}' could be any of: " + ", ".join(str(o) for o in prefixed[:6]))
    raise IllegalAnswer(f"'{text}' is not an answer here; choose 1 to {len(opts)} (or type help)")


def _json(text: str) -> Any:
    """A JSON answer; nested deeper than any answer needs is refused (never a RecursionError)."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise IllegalAnswer("the answer is nested too deeply") from None
    if depth(value) > MAX_DEPTH:
        raise IllegalAnswer(f"the answer is nested more than {MAX_DEPTH} levels deep")
    return value


def _flat(text: str) -> str:
    return " ".join(text.replace("-", " ").replace("_", " ").split())


def _parse_form(decision: Decision, text: str) -> dict[str, Any]:
    if text.startswith("{"):
        try:
            value = _json(text)
        except json.JSONDecodeError as exc:
            raise IllegalAnswer(f"bad JSON answer: {exc.msg} at column {exc.colno}") from None
        if not isinstance(value, dict):
            raise IllegalAnswer("a form answer in JSON must be an object")
        return value
    try:
        words = shlex.split(re.sub(r"\s*,\s*", ",", text))  # "10 , 1" is "10,1"
    except ValueError as exc:
        raise IllegalAnswer(f"cannot read the answer: {exc}") from None
    params = {p.name: p for p in decision.params}
    names = list(params)
    out: dict[str, Any] = {}
    positional: list[str] = []
    for word in words:
        key, eq, val = word.partition("=")
        if not eq:
            positional.append(word)
            continue
        if key in params:
            out[key] = _typed(params[key], val)
            continue
        owner = _owner_of(decision.params, key)
        if owner is None:
            raise IllegalAnswer(f"unknown field '{key}' (fields: {', '.join(names)})")
        part = out.setdefault(owner.name, {})
        if not isinstance(part, dict):
            raise IllegalAnswer(f"{owner.name} is given twice")
        part[_item(owner, key) if owner.kind == "assign" else key] = val
    _fill_positional(decision.params, out, positional)
    return out


def _owner_of(params: tuple[Param, ...], key: str) -> Param | None:
    """The point/pose field ``key`` (x, y, facing) belongs to, or the assign field naming ``key`` as an item."""
    for p in params:
        if key in POINT_FIELDS.get(p.kind, ()):
            return p
    for p in params:
        if p.kind == "assign" and _find_item(p, key) is not None:
            return p
    return None


def _fill_positional(params: tuple[Param, ...], out: dict[str, Any], words: list[str]) -> None:
    """Give the values typed without a name to the fields not named yet, in order."""
    free = [p for p in params if p.name not in out]
    names = ", ".join(p.name for p in params)
    queue = list(words)
    while queue:
        if not free:
            raise IllegalAnswer(f"too many values (fields: {names})")
        p = free.pop(0)
        word = queue.pop(0)
        if p.kind in POINT_FIELDS:
            parts = _split(word)
            need = len(POINT_FIELDS[p.kind])
            while len(parts) < need and queue and "," not in queue[0]:
                parts.append(queue.pop(0))
            out[p.name] = parts
        elif p.kind == "subset":
            items = _split(word)
            if not free:  # the last field takes every remaining word
                items += [w for rest in queue for w in _split(rest)]
                queue.clear()
            out[p.name] = _typed(p, ",".join(items))
        elif p.kind == "assign":
            out[p.name] = _assign_text(p, word)
        elif "," in word and p.kind in NUMBER_KINDS and _split(word):  # "10,1": this field's value and the next
            first, *rest = _split(word)
            out[p.name] = first
            queue[:0] = rest
        else:
            out[p.name] = _typed(p, word)


def _split(word: str) -> list[str]:
    return [w for w in word.replace(",", " ").split() if w]


def _typed(p: Param, text: str) -> Any:
    """A value typed for ``p``, with item names resolved (``none`` is an empty subset)."""
    if p.kind == "choice":
        found = _find_item(p, text)
        return found if found is not None else text
    if p.kind == "subset":
        items = _split(text)
        if [i.lower() for i in items] in (["none"], ["-"]) and _find_item(p, items[0]) is None:
            return []
        return [_item(p, i) for i in items]
    if p.kind == "assign":
        return _assign_text(p, text)
    if p.kind in POINT_FIELDS:
        return _split(text)
    return text


def _assign_text(p: Param, text: str) -> dict[str, str]:
    """``u1:3,u2:2`` (or ``3,2`` in the order of the items) -> ``{"u1": "3", "u2": "2"}``."""
    parts = _split(text)
    if parts and all(":" not in x for x in parts):
        if len(parts) != len(p.choices):
            raise IllegalAnswer(f"{p.name}: give one number to each of {', '.join(map(str, p.choices))} "
                                "(or item=N for some)")
        return {str(c): n for c, n in zip(p.choices, parts, strict=True)}
    out = {}
    for part in parts:
        key, colon, amount = part.partition(":")
        if not colon:
            raise IllegalAnswer(f"{p.name}: write item:N (e.g. {p.choices[0] if p.choices else 'a'}:1)")
        out[_item(p, key)] = amount
    return out


def _find_item(p: Param, text: str) -> Any:
    """The item of ``p.choices`` written ``text``: exact, any case, or a unique start; ``None`` if none is."""
    for c in p.choices:
        if str(c) == text:
            return c
    low = text.lower()
    same = [c for c in p.choices if str(c).lower() == low]
    if len(same) == 1:
        return same[0]
    started = [c for c in p.choices if str(c).lower().startswith(low)] if low else []
    return started[0] if len(started) == 1 else None


def _item(p: Param, text: str) -> Any:
    found = _find_item(p, text)
    return str(found) if found is not None and p.kind == "assign" else (found if found is not None else text)
