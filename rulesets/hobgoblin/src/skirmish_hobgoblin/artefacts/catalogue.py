"""Cursed Artefacts, the catalogue (``data/artefacts.toml``), army-list checks, and the keywords an artefact
gives the General's unit. The keywords' timed rules are in :mod:`skirmish_hobgoblin.artefacts.rules`; they run
from the phase-start / phase-end hooks (:mod:`skirmish_hobgoblin.artefacts.plugin`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

import attrs

from skirmish import SetupError

if TYPE_CHECKING:
    from skirmish_hobgoblin.content import Content, KeywordRef

RULE = "Cursed Artefacts"


@attrs.frozen
class Artefact:
    """One Cursed Artefact: its id, printed name, the keywords it gives (as printed) and a one-line summary."""

    id: str
    name: str
    keywords: tuple[str, ...]
    summary: str = ""


@lru_cache(maxsize=1)
def artefacts() -> dict[str, Artefact]:
    """The 10 artefacts of the book, by id."""
    raw = tomllib.loads(resources.files("skirmish_hobgoblin").joinpath("data/artefacts.toml").read_text("utf-8"))
    return parse_artefacts(raw.get("artefacts", {}))


def parse_artefacts(table: Mapping[str, Any]) -> dict[str, Artefact]:
    out = {}
    for aid, entry in table.items():
        kws = entry.get("keywords", [])
        if not isinstance(kws, list) or not all(isinstance(k, str) for k in kws):
            raise SetupError(f"artefact '{aid}': keywords must be a list of strings")
        out[aid] = Artefact(aid, str(entry.get("name", aid)), tuple(kws), str(entry.get("summary", "")))
    return out


def find(name: str) -> Artefact:
    """An artefact by id or printed name (case and punctuation ignored); one SetupError line otherwise."""
    key = _key(name)
    for a in artefacts().values():
        if key in (_key(a.id), _key(a.name)):
            return a
    raise SetupError(f"unknown Cursed Artefact '{name}' (one of: {', '.join(a.name for a in artefacts().values())})")


def _key(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def artefact_refs(name: str, content: Content) -> list[KeywordRef]:
    """The keyword references ``name`` gives its bearer (unknown names give none: validation reports them)."""
    try:
        art = find(name)
    except SetupError:
        return []
    return [content.ref(text) for text in art.keywords]


def finish_keywords(name: str, keywords: dict[str, int | None]) -> dict[str, int | None]:
    """After all keywords are applied: Unreliable Master takes away Command (ruling A38)."""
    if name and "unreliable-master" in keywords:
        keywords.pop("command", None)
    return keywords


def army_problems(units: Any) -> list[tuple[str, str]]:
    """(where, message) for every artefact rule an army list breaks: only the General, one per army, known."""
    out = []
    bearers = [u for u in units if getattr(u, "artefact", "")]
    if len(bearers) > 1:
        out.append(("army", f"{len(bearers)} units carry a Cursed Artefact (one per army): "
                            + ", ".join(u.name for u in bearers)))
    for u in bearers:
        if not u.general:
            out.append((u.name, f"carries '{u.artefact}' but only the General may carry a Cursed Artefact"))
        try:
            find(u.artefact)
        except SetupError as exc:
            out.append((u.name, str(exc)))
    return out

