"""Content is data: Hobgoblin's unit types, keywords, terrain and army-building numbers.

API (nothing is loaded at import time)::

    content = load_content()                    # the packaged data/*.toml, built and checked
    content = load_content(ruleset.extend_content)   # raw tables passed through a hook first
    content = load_content(extra={"units": {"beasts": {"points": 225}}})   # merged over the raw tables

    content.units["heavy-infantry"]  -> UnitType  (speed, strikes, courage, range, keywords,
                                         footprint min/max in mm and inches, multiplier, points)
    content.keywords["tough"]        -> KeywordDef (traits, buy offers and costs, limits, params,
                                         timing, effect name, one-line summary)
    content.terrain["rubble"]        -> TerrainType (default keywords of a kind of piece)
    content.footprints["horde"]      -> Footprint
    content.building, content.him    -> army-building and solo-play numbers
    content.unit_type("Heavy Infantry"), content.keyword("Quick Shot"), content.ref("Ranged [+12]")

``load_content(extend)``: ``extend(raw)`` receives a fresh dict of the raw tables (``units``,
``footprints``, ``keywords``, ``terrain``, ``building``, ``him``) and may change it in place or
return new tables; the ruleset passes ``self.extend_content`` (the ``skirmish_extend_content``
hook). Every mistake in the data is one :class:`skirmish.SetupError` line.

Keyword references are written as printed: ``"Skirmishers"``, ``"Ranged [24]"`` (sets the value),
``"Hero [+1]"`` (adds to it); they become :class:`KeywordRef` (keyword id, value, relative).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from skirmish import SetupError, load_toml, structure

PACKAGE = "skirmish_hobgoblin"
DATA_FILES = ("units", "keywords", "terrain", "army")
WHERE = "hobgoblin content"
MM_PER_INCH = 25.4

TRAITS = ("strength", "weakness", "reserved", "character", "footprint", "terrain")
SOURCES = ("index", "terrain", "artefact", "spell", "undefined")
TIMINGS = ("always", "army", "setup", "initiative", "magic", "shooting", "movement", "combat", "attack",
           "doom", "panic", "status")

_REF = re.compile(r"^\s*(?P<name>[^\[\]]*?)\s*(?:\[\s*(?P<plus>\+)?\s*(?P<value>-?\d+)\s*\])?\s*$")


def key_of(name: str) -> str:
    """The lookup key of a name: lower case, spaces and underscores as hyphens (``Quick Shot`` -> ``quick-shot``)."""
    text = str(name).strip().lower().replace("_", "-").replace("'", "").replace("\u2019", "")
    return "-".join(text.split())


def suggest(name: str, choices: Iterable[str]) -> str:
    """`` (did you mean X?)`` for the closest of ``choices`` to ``name``, or ``""``."""
    by_key = {key_of(c): c for c in choices}
    import difflib  # here: only a misspelt name needs it (start-up, issue 24)

    close = difflib.get_close_matches(key_of(name), list(by_key), n=1, cutoff=0.6)
    return f" (did you mean {by_key[close[0]]}?)" if close else ""


def split_ref(text: str) -> tuple[str, int | None, bool]:
    """``"Hero [+1]"`` -> ``("Hero", 1, True)``; ``"Ranged [24]"`` -> ``("Ranged", 24, False)``."""
    match = _REF.match(str(text))
    if not match or not match["name"]:
        raise SetupError(f"'{text}' is not a keyword (write Name, Name [X] or Name [+X])")
    value = match["value"]
    return match["name"], (int(value) if value is not None else None), bool(match["plus"])


# --------------------------------------------------------------------------- classes


@attrs.frozen
class KeywordRef:
    """A keyword as a unit has, gains or buys it: ``value`` is None for plain keywords."""

    id: str
    value: int | None = None
    relative: bool = False  # True for "[+X]" (adds), False for "[X]" (sets)

    def text(self, content: Content) -> str:
        """The keyword written as printed, e.g. ``Ranged [+12]``."""
        name = content.keywords[self.id].name if self.id in content.keywords else self.id
        if self.value is None:
            return name
        return f"{name} [{'+' if self.relative else ''}{self.value}]"


@attrs.frozen
class Offer:
    """One purchasable entry of the Keyword Costs table: plain (value 0) or ``Name [+value]``."""

    cost: int
    value: int = 0


@attrs.frozen
class KeywordDef:
    """One keyword of the index: what it is, what it costs, who may buy it, what it does."""

    id: str
    name: str
    summary: str
    timing: str
    effect: str
    source: str = "index"
    traits: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    valued: bool = False
    buy: tuple[Offer, ...] = ()
    once_per_army: bool = False
    requires_footprint: str = ""
    requires_type_name: str = ""
    requires_keyword: str = ""
    footprint: str = ""
    grants: tuple[KeywordRef, ...] = ()
    params: dict[str, Any] = attrs.field(factory=dict)

    def has_trait(self, trait: str) -> bool:
        return trait in self.traits

    @property
    def is_strength(self) -> bool:
        return "strength" in self.traits

    @property
    def is_weakness(self) -> bool:
        return "weakness" in self.traits

    @property
    def is_reserved(self) -> bool:
        return "reserved" in self.traits

    @property
    def is_character(self) -> bool:
        return "character" in self.traits

    @property
    def is_footprint(self) -> bool:
        return "footprint" in self.traits

    @property
    def is_terrain(self) -> bool:
        return "terrain" in self.traits

    @property
    def buyable(self) -> bool:
        """True when the Keyword Costs table lists it (Reserved keywords may still be, see ruling A26)."""
        return bool(self.buy)

    def offer(self, value: int | None) -> Offer | None:
        """The purchasable entry for ``Name [+value]`` (or the plain one when ``value`` is None)."""
        for offer in self.buy:
            if (offer.value or None) == (value or None):
                return offer
        return None

    def offer_text(self, offer: Offer) -> str:
        return f"{self.name} [+{offer.value}]" if self.valued else self.name


@attrs.frozen
class Footprint:
    """Allowed width and depth of a unit, in millimetres (and inches, exactly mm / 25.4)."""

    id: str
    keyword: str
    width_mm: tuple[float, float]
    depth_mm: tuple[float, float]

    @property
    def width_in(self) -> tuple[float, float]:
        return (self.width_mm[0] / MM_PER_INCH, self.width_mm[1] / MM_PER_INCH)

    @property
    def depth_in(self) -> tuple[float, float]:
        return (self.depth_mm[0] / MM_PER_INCH, self.depth_mm[1] / MM_PER_INCH)

    def fits(self, width_mm: float, depth_mm: float) -> bool:
        return (self.width_mm[0] <= width_mm <= self.width_mm[1]
                and self.depth_mm[0] <= depth_mm <= self.depth_mm[1])

    def describe(self) -> str:
        return (f"{_num(self.width_mm[0])}-{_num(self.width_mm[1])} mm wide, "
                f"{_num(self.depth_mm[0])}-{_num(self.depth_mm[1])} mm deep")


@attrs.frozen
class UnitType:
    """A unit type of the statistics table (``footprint`` is the type's listed footprint)."""

    id: str
    name: str
    speed: int
    strikes: int
    courage: int
    keywords: tuple[KeywordRef, ...]
    footprint: Footprint
    multiplier: int
    points: int
    weaknesses_allowed: tuple[str, ...] = ()

    def keyword_value(self, keyword: str) -> int | None:
        """The value of a starting numerical keyword (None when the type lacks it)."""
        for ref in self.keywords:
            if ref.id == keyword:
                return ref.value
        return None

    def has(self, keyword: str) -> bool:
        return any(ref.id == keyword for ref in self.keywords)

    @property
    def range(self) -> int:
        """Range in inches: the value of its starting Ranged [X] (0 without Ranged)."""
        return self.keyword_value("ranged") or 0

    @property
    def width_mm(self) -> tuple[float, float]:
        return self.footprint.width_mm

    @property
    def depth_mm(self) -> tuple[float, float]:
        return self.footprint.depth_mm

    @property
    def width_in(self) -> tuple[float, float]:
        return self.footprint.width_in

    @property
    def depth_in(self) -> tuple[float, float]:
        return self.footprint.depth_in

    def keyword_cost(self, offer: Offer) -> int:
        """What buying ``offer`` costs this type: the listed cost times the Keyword Cost Multiplier."""
        return offer.cost * self.multiplier


@attrs.frozen
class TerrainType:
    """A kind of terrain piece and its default keywords (ids)."""

    id: str
    name: str
    keywords: tuple[str, ...]


@attrs.frozen
class BuildingRules:
    """Army-building numbers ([building] of army.toml)."""

    max_weaknesses: int
    general: str
    battle_standard: str
    footprint_trait: str
    default_points: int
    #: the largest points limit a set-up or a list may give
    max_points: int = 100_000


@attrs.frozen
class HimLevel:
    id: str
    factor: float


@attrs.frozen
class HimRules:
    """Solo play: His points are the player's times ``factor``; ``forbidden`` keywords he may not buy."""

    forbidden: tuple[str, ...]
    levels: dict[str, HimLevel]


@attrs.frozen
class Content:
    """All of Hobgoblin's content, built from the TOML data (frozen; share it freely)."""

    units: dict[str, UnitType]
    keywords: dict[str, KeywordDef]
    footprints: dict[str, Footprint]
    terrain: dict[str, TerrainType]
    building: BuildingRules
    him: HimRules
    _names: dict[str, str] = attrs.field(init=False, factory=dict, repr=False, eq=False)
    #: the expansions' army-list rules (``hobgoblin_army_rules``: artefacts' keywords, Wizards' allegiances)
    army_rules: tuple[Any, ...] = attrs.field(init=False, default=(), repr=False, eq=False)
    _refs: dict[str, KeywordRef | str] = attrs.field(init=False, factory=dict, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        self._names.update(_name_index(self.keywords.values()))

    def unit_type(self, name: str) -> UnitType:
        """The unit type by id or printed name; an unknown one is a one-line SetupError."""
        key = key_of(name)
        if key in self.units:
            return self.units[key]
        raise SetupError(f"unknown unit type '{name}'{suggest(name, [u.name for u in self.units.values()])}")

    def keyword_id(self, name: str) -> str:
        """The id of a keyword named by id, printed name or alias; unknown -> SetupError."""
        key = key_of(name)
        found = self._names.get(key)
        if found is None:
            raise SetupError(f"unknown keyword '{name}'{suggest(name, [k.name for k in self.keywords.values()])}")
        return found

    def keyword(self, name: str) -> KeywordDef:
        return self.keywords[self.keyword_id(name)]

    def ref(self, text: str) -> KeywordRef:
        """``"Ranged [+12]"`` -> ``KeywordRef("ranged", 12, True)`` (checks the name and the [X]; remembered)."""
        found = self._refs.get(text)
        if found is None:
            try:
                found = self._ref(text)
            except SetupError as exc:
                found = str(exc)
            self._refs[text] = found
        if isinstance(found, str):
            raise SetupError(found)
        return found

    def _ref(self, text: str) -> KeywordRef:
        name, value, relative = split_ref(text)
        kid = self.keyword_id(name)
        definition = self.keywords[kid]
        if definition.valued and value is None:
            raise SetupError(f"keyword '{text}' needs a value: {definition.name} [X]")
        if not definition.valued and value is not None:
            raise SetupError(f"keyword '{definition.name}' takes no value, got '{text}'")
        return KeywordRef(kid, value, relative)

    def buyable(self) -> list[tuple[KeywordDef, Offer]]:
        """Every entry of the Keyword Costs table, in keyword order."""
        return [(k, o) for k in self.keywords.values() for o in k.buy]


def _name_index(keywords: Iterable[Any]) -> dict[str, str]:
    names: dict[str, str] = {}
    for k in keywords:
        kid = k.id if hasattr(k, "id") else k["id"]
        name = k.name if hasattr(k, "name") else k.get("name", kid)
        aliases = k.aliases if hasattr(k, "aliases") else k.get("aliases", ())
        for text in (kid, name, *aliases):
            names[key_of(text)] = kid
    return names


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


# --------------------------------------------------------------------------- loading


def raw_content() -> dict[str, Any]:
    """The packaged TOML files merged into one dict of raw tables (a fresh copy each call)."""
    merged: dict[str, Any] = {}
    for name in DATA_FILES:
        data = load_toml(PACKAGE, f"data/{name}.toml")
        for key, value in data.items():
            if key in merged:
                raise SetupError(f"{WHERE}: data/{name}.toml sets '{key}' again")
            merged[key] = value
    return merged


def merge_over(into: dict[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """Deep-merge ``extra`` over ``into`` (tables merge, anything else replaces); returns ``into``."""
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(into.get(key), dict):
            merge_over(into[key], value)
        else:
            into[key] = copy.deepcopy(value)
    return into


def load_content(extend: Callable[[dict[str, Any]], Any] | None = None, *,
                 extra: Mapping[str, Any] | None = None, army_rules: Iterable[Any] | None = None) -> Content:
    """Load the packaged content, merge ``extra`` over it, pass it through ``extend``, build and check it.

    ``army_rules``: the expansions' army-list rules (default: the built-in expansions'); one with an
    ``extend_raw(raw)`` method changes the raw tables last (homebrew artefacts' keywords)."""
    raw = raw_content()
    if extra:
        merge_over(raw, extra)
    if extend is not None:
        changed = extend(raw)
        if isinstance(changed, Mapping):
            raw = dict(changed)
    army_rules = _builtin_army_rules() if army_rules is None else tuple(army_rules)
    for rules in army_rules:
        extend_raw = getattr(rules, "extend_raw", None)
        if extend_raw is not None:
            extend_raw(raw)
    return build_content(raw, army_rules=army_rules)


def _builtin_army_rules() -> tuple[Any, ...]:
    from skirmish_hobgoblin import expansions

    return tuple(reversed(expansions.builtin("hobgoblin_army_rules", ruleset=None)))


def _table(raw: Mapping[str, Any], name: str) -> dict[str, Any]:
    value = raw.get(name)
    if not isinstance(value, Mapping):
        raise SetupError(f"{WHERE}: missing table [{name}]")
    return {str(k): v for k, v in value.items()}


def build_content(raw: Mapping[str, Any], *, army_rules: Iterable[Any] | None = None) -> Content:
    """Structure and check raw tables (as returned by :func:`raw_content`)."""
    if not isinstance(raw, Mapping):
        raise SetupError(f"{WHERE}: expected a table of tables, got {type(raw).__name__}")
    keywords_raw = _table(raw, "keywords")
    for kid, entry in keywords_raw.items():
        if not isinstance(entry, Mapping):
            raise SetupError(f"{WHERE}: keyword '{kid}' must be a table")
    names = _name_index([{"id": k, **v} for k, v in keywords_raw.items()])
    valued = {k: bool(v.get("valued", False)) for k, v in keywords_raw.items()}

    def ref(text: Any, where: str) -> dict[str, Any]:
        if not isinstance(text, str):
            raise SetupError(f"{WHERE}: {where}: keyword '{text}' must be a string")
        name, value, relative = split_ref(text)
        kid = names.get(key_of(name))
        if kid is None:
            raise SetupError(f"{WHERE}: {where}: unknown keyword '{text}'{suggest(name, list(keywords_raw))}")
        if valued[kid] != (value is not None):
            need = "needs a value [X]" if valued[kid] else "takes no value"
            raise SetupError(f"{WHERE}: {where}: keyword '{text}' {need}")
        return {"id": kid, "value": value, "relative": relative}

    def refs(items: Any, where: str) -> list[dict[str, Any]]:
        if not isinstance(items, list):
            raise SetupError(f"{WHERE}: {where} must be a list of keywords")
        return [ref(t, where) for t in items]

    keywords = {}
    for kid, entry in keywords_raw.items():
        data = {"id": kid, **entry}
        if "grants" in data:
            data["grants"] = refs(data["grants"], f"keyword '{kid}' grants")
        keywords[kid] = data

    footprints = {fid: {"id": fid, **(f if isinstance(f, Mapping) else {})}
                  for fid, f in _table(raw, "footprints").items()}
    units = {}
    for uid, entry in _table(raw, "units").items():
        if not isinstance(entry, Mapping):
            raise SetupError(f"{WHERE}: unit type '{uid}' must be a table")
        data = {"id": uid, **entry}
        data["keywords"] = refs(data.get("keywords", []), f"unit type '{uid}' keywords")
        fid = data.get("footprint")
        if fid not in footprints:
            raise SetupError(f"{WHERE}: unit type '{uid}' has unknown footprint '{fid}'"
                             f"{suggest(str(fid), list(footprints))}")
        data["footprint"] = footprints[fid]
        units[uid] = data

    terrain = {}
    for tid, entry in _table(raw, "terrain").items():
        if not isinstance(entry, Mapping):
            raise SetupError(f"{WHERE}: terrain '{tid}' must be a table")
        data = {"id": tid, **entry}
        data["keywords"] = [r["id"] for r in refs(data.get("keywords", []), f"terrain '{tid}' keywords")]
        terrain[tid] = data

    him = dict(_table(raw, "him"))
    him["levels"] = {lid: {"id": lid, **(v if isinstance(v, Mapping) else {})}
                     for lid, v in dict(him.get("levels") or {}).items()}
    data = {"units": units, "keywords": keywords, "footprints": footprints, "terrain": terrain,
            "building": _table(raw, "building"), "him": him}
    content = structure(data, Content, where=WHERE, cache=True)
    object.__setattr__(content, "army_rules", _builtin_army_rules() if army_rules is None else tuple(army_rules))
    problems = check_content(content)
    if problems:
        raise SetupError(f"{WHERE}: " + _numbered(problems))
    return content


def _numbered(problems: list[str]) -> str:
    if len(problems) == 1:
        return problems[0]
    return f"{len(problems)} problems: " + "; ".join(f"({i}) {p}" for i, p in enumerate(problems, 1))


def check_content(content: Content) -> list[str]:
    """Everything in ``content`` that types alone do not catch, one short line each."""
    problems: list[str] = []
    kws = content.keywords
    for k in kws.values():
        where = f"keyword '{k.id}'"
        problems += [f"{where}: unknown trait '{t}'" for t in k.traits if t not in TRAITS]
        if k.source not in SOURCES:
            problems.append(f"{where}: unknown source '{k.source}' (one of {', '.join(SOURCES)})")
        if k.timing not in TIMINGS:
            problems.append(f"{where}: unknown timing '{k.timing}' (one of {', '.join(TIMINGS)})")
        if not k.effect:
            problems.append(f"{where}: no effect name")
        if k.buy and not (k.is_strength or k.is_weakness):
            problems.append(f"{where}: buyable keywords must be a Strength or a Weakness")
        for offer in k.buy:
            if k.valued and offer.value <= 0:
                problems.append(f"{where}: a numerical keyword is bought as [+X] with X > 0")
            if not k.valued and offer.value:
                problems.append(f"{where}: a plain keyword is bought without a value")
            if k.is_weakness and offer.cost > 0:
                problems.append(f"{where}: a Weakness must not cost points ({offer.cost})")
        if len({o.value for o in k.buy}) != len(k.buy):
            problems.append(f"{where}: the same entry is listed twice")
        if k.footprint and k.footprint not in content.footprints:
            problems.append(f"{where}: unknown footprint '{k.footprint}'")
        if k.requires_footprint and k.requires_footprint not in content.footprints:
            problems.append(f"{where}: unknown footprint '{k.requires_footprint}'")
        if k.requires_keyword and k.requires_keyword not in kws:
            problems.append(f"{where}: requires unknown keyword '{k.requires_keyword}'")
    for f in content.footprints.values():
        if f.keyword not in kws:
            problems.append(f"footprint '{f.id}': unknown keyword '{f.keyword}'")
        for what, (low, high) in (("width", f.width_mm), ("depth", f.depth_mm)):
            if not 0 < low <= high:
                problems.append(f"footprint '{f.id}': {what} runs {low}-{high} mm")
    for u in content.units.values():
        where = f"unit type '{u.id}'"
        if not u.has(u.footprint.keyword):
            problems.append(f"{where}: its starting keywords lack its footprint keyword '{u.footprint.keyword}'")
        if u.multiplier < 0 or u.points < 0 or u.courage < 1 or u.strikes < 0 or u.speed < 0:
            problems.append(f"{where}: negative or empty statistics")
        for kid in u.weaknesses_allowed:
            if kid not in kws or not kws[kid].is_weakness:
                problems.append(f"{where}: weaknesses_allowed names '{kid}', which is no Weakness")
    for t in content.terrain.values():
        if not t.keywords:
            problems.append(f"terrain '{t.id}': no keywords")
    b = content.building
    for role in (b.general, b.battle_standard):
        if role not in kws or not kws[role].once_per_army:
            problems.append(f"building: '{role}' must be a keyword bought once per army")
    if b.max_weaknesses < 0 or b.default_points <= 0:
        problems.append("building: max_weaknesses and default_points must be positive")
    problems += [f"him: forbids unknown keyword '{k}'" for k in content.him.forbidden if k not in kws]
    problems += [f"him: level '{lv.id}' has factor {lv.factor}" for lv in content.him.levels.values()
                 if lv.factor <= 0]
    return problems


# --------------------------------------------------------------------------- explaining it


def keyword_help(content: Content, keyword: str) -> str:
    """One line about a keyword: name, traits, price, timing and summary (for ``help TERM``)."""
    k = content.keywords[content.keyword_id(keyword)]
    name = f"{k.name} [X]" if k.valued else k.name
    traits = ", ".join(t.title() for t in k.traits) or "no traits"
    if k.buy:
        price = "; ".join(f"{k.offer_text(o)} {o.cost:+d} x multiplier" for o in k.buy)
        if k.once_per_army:
            price += ", once per army"
    else:
        price = "not bought"
    return f"{name} ({traits}; {price}; {k.timing}): {k.summary}"


def unit_help(content: Content, name: str) -> str:
    """One line about a unit type: its statistics, starting keywords, footprint, multiplier and points."""
    u = content.unit_type(name)
    keywords = ", ".join(ref.text(content) for ref in u.keywords)
    speed = str(u.speed) if u.speed else "-"
    rng = f'{u.range}"' if u.range else "-"
    return (f"{u.name}: Speed {speed}, Range {rng}, Strikes {u.strikes}, Courage {u.courage}; {keywords}; "
            f"{u.footprint.describe()}; keywords cost x{u.multiplier}; {u.points} points")


def glossary(content: Content) -> dict[str, str]:
    """Term -> one-line explanation for every keyword, unit type and kind of terrain."""
    out = {k.name: keyword_help(content, k.id) for k in content.keywords.values()}
    out.update({u.name: unit_help(content, u.id) for u in content.units.values()})
    for t in content.terrain.values():
        names = ", ".join(content.keywords[k].name for k in t.keywords)
        out[t.name] = f"{t.name} (terrain): {names}"
    return out
