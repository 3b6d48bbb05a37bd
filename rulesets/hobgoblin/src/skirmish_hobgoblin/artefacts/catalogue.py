"""Cursed Artefacts, the catalogue (``data/artefacts.toml``), army-list checks, and the keywords an artefact
gives the General's unit. The keywords' timed rules are in :mod:`skirmish_hobgoblin.artefacts.rules`; they run
from the phase-start / phase-end hooks (:mod:`skirmish_hobgoblin.artefacts.plugin`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import attrs

from skirmish import SetupError, load_toml

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
def builtin_artefacts() -> dict[str, Artefact]:
    """The 10 artefacts of the book, by id."""
    raw = load_toml("skirmish_hobgoblin", "data/artefacts.toml")
    return parse_artefacts(raw.get("artefacts", {}))


_ENTRY_KEYS = {"name", "keywords", "summary"}


@attrs.frozen
class Homebrew:
    """The homebrew artefacts a ruleset's plugins give (``hobgoblin_artefacts``), by id, and the keywords they bring
    (raw ``keywords.toml`` tables, merged into that ruleset's content)."""

    artefacts: Mapping[str, Artefact] = attrs.field(factory=dict)
    keywords: Mapping[str, dict[str, Any]] = attrs.field(factory=dict)


NONE = Homebrew()


def homebrew_of(ruleset: Any) -> Homebrew:
    """The homebrew artefacts of ``ruleset``'s plugins (``hobgoblin_artefacts``), kept on the ruleset; none without
    a ruleset."""
    if ruleset is None:
        return NONE
    kept = getattr(ruleset, "_hobgoblin_artefacts", None)
    if kept is None:
        from skirmish_hobgoblin import expansions

        kept = homebrew(reversed(expansions.ask(ruleset, "hobgoblin_artefacts")))
        ruleset._hobgoblin_artefacts = kept
    return kept


def artefacts(brew: Homebrew = NONE) -> dict[str, Artefact]:
    """Every artefact by id: the book's and the homebrew ones of ``brew`` (see :func:`homebrew_of`)."""
    built = builtin_artefacts()
    return {**built, **brew.artefacts} if brew.artefacts else built


def parse_artefacts(table: Mapping[str, Any], where: str = "artefact") -> dict[str, Artefact]:
    out = {}
    for aid, entry in table.items():
        if not isinstance(entry, Mapping):
            raise SetupError(f"{where} '{aid}' must be a table with name, keywords and summary")
        extra = sorted(set(entry) - _ENTRY_KEYS)
        if extra:
            raise SetupError(f"{where} '{aid}': unknown field '{extra[0]}' (fields: name, keywords, summary)")
        kws = entry.get("keywords", [])
        if not isinstance(kws, list) or not all(isinstance(k, str) for k in kws):
            raise SetupError(f"{where} '{aid}': keywords must be a list of strings")
        out[aid] = Artefact(aid, str(entry.get("name", aid)), tuple(kws), str(entry.get("summary", "")))
    return out


def homebrew(tables: Any) -> Homebrew:
    """Homebrew artefacts from tables shaped like ``data/artefacts.toml`` (``[artefacts.my-artefact]``), each with
    any new keywords its artefacts give as ``[keywords.my-keyword]`` tables shaped like ``data/keywords.toml``; a
    mistake is one SetupError line."""
    added: dict[str, Artefact] = {}
    new_keywords: dict[str, dict[str, Any]] = {}
    for raw in tables:
        arts, kws = _one_table(raw)
        added.update(arts)
        new_keywords.update(kws)
    return Homebrew(added, new_keywords) if added else NONE


def _one_table(raw: Any) -> tuple[dict[str, Artefact], dict[str, dict[str, Any]]]:
    where = "homebrew Cursed Artefact"
    if not isinstance(raw, Mapping):
        raise SetupError(f"{where}s: hobgoblin_artefacts must answer a table with [artefacts.<id>] tables")
    unknown = sorted(set(raw) - {"artefacts", "keywords"})
    if unknown:
        raise SetupError(f"{where}s: unknown table '{unknown[0]}' (tables: artefacts, keywords)")
    table = raw.get("artefacts", {})
    if not isinstance(table, Mapping) or not table:
        raise SetupError(f"{where}s: no [artefacts.<id>] table")
    added = parse_artefacts(table, where)
    keywords = raw.get("keywords", {})
    if not isinstance(keywords, Mapping):
        raise SetupError(f"{where}s: [keywords] must hold [keywords.<id>] tables")
    for kid, k in keywords.items():
        if not isinstance(k, Mapping) or not isinstance(k.get("name"), str):
            raise SetupError(f"{where} keyword '{kid}' must be a table with a name (shaped like data/keywords.toml)")
    known = {_key(a.name): a for a in builtin_artefacts().values()}
    for a in added.values():
        if not a.keywords:
            raise SetupError(f"{where} '{a.id}': it gives no keywords")
        twin = builtin_artefacts().get(a.id) or known.get(_key(a.name))
        if twin is not None:
            raise SetupError(f"{where} '{a.id}': the book already has {twin.name} (choose another id and name)")
    return added, {str(k): {"source": "artefact", **dict(v)} for k, v in keywords.items()}


def extend_keywords(content: dict[str, Any], brew: Homebrew) -> None:
    """Merge ``brew``'s keywords into raw content tables (before the ruleset's content is built)."""
    table = content.get("keywords")
    if brew.keywords and isinstance(table, dict):
        for kid, k in brew.keywords.items():
            if kid in table:
                raise SetupError(f"homebrew Cursed Artefact keyword '{kid}' is already a keyword (choose another id)")
            table[kid] = dict(k)


def find(name: str, brew: Homebrew = NONE) -> Artefact:
    """An artefact by id or printed name (case and punctuation ignored), the book's or ``brew``'s; one SetupError
    line otherwise."""
    key = _key(name)
    every = artefacts(brew)
    for a in every.values():
        if key in (_key(a.id), _key(a.name)):
            return a
    raise SetupError(f"unknown Cursed Artefact '{name}' (one of: {', '.join(a.name for a in every.values())})")


def _key(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def artefact_refs(name: str, content: Content, brew: Homebrew = NONE) -> list[KeywordRef]:
    """The keyword references ``name`` gives its bearer (unknown names give none: validation reports them)."""
    try:
        art = find(name, brew)
    except SetupError:
        return []
    return [content.ref(text) for text in art.keywords]


def finish_keywords(name: str, keywords: dict[str, int | None]) -> dict[str, int | None]:
    """After all keywords are applied: Unreliable Master takes away Command (ruling A38)."""
    if name and "unreliable-master" in keywords:
        keywords.pop("command", None)
    return keywords


def army_problems(units: Any, brew: Homebrew = NONE) -> list[tuple[str, str]]:
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
            art = find(u.artefact, brew)
        except SetupError as exc:
            out.append((u.name, str(exc)))
            continue
        if art.id in brew.artefacts:
            out += [(u.name, why) for why in _unruled(art, brew)]
    return out


def _unruled(art: Artefact, brew: Homebrew) -> list[str]:
    """A homebrew artefact's own keywords whose ``effect`` no ``@rule`` registers (and that grant nothing)."""
    from skirmish_hobgoblin.artefacts.rules import RULES

    out = []
    for text in art.keywords:
        k = next((k for k in brew.keywords.values() if _key(str(k["name"])) == _key(text.split("[")[0])), None)
        if k is not None and not k.get("grants") and str(k.get("effect", "")) not in RULES:
            out.append(f"homebrew Cursed Artefact {art.name}: keyword {k['name']} names the effect "
                       f"'{k.get('effect', '')}', which no @rule registers")
    return out

