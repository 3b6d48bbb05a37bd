"""Hobgoblin army lists: the TOML format, costs, the built unit, and validation against Building an Army.

An army list (TOML)::

    name = "Iron Grudge"
    points = 3000                      # the points limit
    [[units]]
    type = "Heavy Infantry"            # a unit type, by name or id
    name = "Anvil Guard"
    width = 160                        # millimetres, within the unit's footprint
    depth = 80
    keywords = ["Tough [+1]", "Elite"] # purchased keywords as printed ([+X] for numerical ones)
    general = true                     # the General's unit (exactly one per army)
    battle_standard = false            # the Battle Standard's unit (exactly one; may be the General's)
    allegiance = ""                    # a Wizard's Abyssal Allegiance (checked by the magic rules)

:func:`parse_army` / :func:`load_army` read one, :func:`unit_cost` / :func:`army_cost` price it from the
content, :func:`validate` lists every broken rule as a :class:`Problem`, :func:`build_unit` gives the
unit as it takes the table (keywords with values, footprint) and :func:`breakdown_text` prints the costs.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from skirmish import SetupError, load_toml, structure
from skirmish_hobgoblin.content import MM_PER_INCH, Content, Footprint, KeywordDef, KeywordRef, Offer, UnitType

WHERE = "army list"


@attrs.frozen
class ArmyUnit:
    """One unit of an army list (sizes in millimetres; ``keywords`` are purchases as printed)."""

    type: str
    name: str
    width: float
    depth: float
    keywords: tuple[str, ...] = ()
    general: bool = False
    battle_standard: bool = False
    allegiance: str = ""
    artefact: str = ""  # the General's Cursed Artefact (skirmish_hobgoblin.artefacts)

    def label(self, content: Content | None = None) -> str:
        kind = self.type
        if content is not None:
            with contextlib.suppress(SetupError):
                kind = content.unit_type(self.type).name
        return f"{self.name or '(unnamed)'} ({kind})"


@attrs.frozen
class Army:
    """An army list: its name, its points limit and its units."""

    name: str
    points: int
    units: tuple[ArmyUnit, ...]


@attrs.frozen
class Purchase:
    """One keyword a unit buys, resolved against the content (``problem`` says why it cannot be bought)."""

    text: str
    keyword: KeywordDef | None = None
    ref: KeywordRef | None = None
    offer: Offer | None = None
    problem: str = ""


@attrs.frozen
class Problem:
    """One broken army-building rule: the unit (or "army"), the rule, what is wrong, and the army's points."""

    unit: str
    rule: str
    message: str
    total: int
    limit: int

    def __str__(self) -> str:
        return f"{self.unit}: {self.message} [{self.rule}] (army {self.total:,} of {self.limit:,} points)"


@attrs.frozen
class BuiltUnit:
    """A unit as it takes the table: its type, final keywords (id -> value or None), footprint, size and cost."""

    unit: ArmyUnit
    type: UnitType
    keywords: dict[str, int | None]
    footprint: Footprint
    points: int

    @property
    def width_in(self) -> float:
        return self.unit.width / MM_PER_INCH

    @property
    def depth_in(self) -> float:
        return self.unit.depth / MM_PER_INCH

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def value(self, keyword: str) -> int:
        """The value of a numerical keyword (0 when the unit lacks it)."""
        return self.keywords.get(keyword) or 0


# --------------------------------------------------------------------------- reading and writing


def _normalise(data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise SetupError(f"{where}: an army list is a table with name, points and [[units]]")
    raw = dict(data)
    units = raw.get("units", [])
    if not isinstance(units, list):
        raise SetupError(f"{where}: 'units' must be a list of tables ([[units]])")
    fixed = []
    for i, unit in enumerate(units, 1):
        if not isinstance(unit, Mapping):
            raise SetupError(f"{where}: unit {i} must be a table")
        unit = dict(unit)
        keywords = unit.get("keywords", [])
        if not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords):
            raise SetupError(f"{where}: unit {i} ({unit.get('name', '?')}): 'keywords' must be a list of strings")
        kept = []
        for text in keywords:  # General / Battle Standard may be written as keywords too
            key = "-".join(text.strip().lower().split())
            if key in ("general", "battle-standard"):
                unit[key.replace("-", "_")] = True
            else:
                kept.append(text)
        unit["keywords"] = kept
        fixed.append(unit)
    raw["units"] = fixed
    return raw


#: bounds on what a list file may hold: any number (a points limit), and a unit's width or depth in mm
MOST_POINTS, MOST_MM = 100_000, 2_000


def parse_army(data: Mapping[str, Any], where: str = WHERE) -> Army:
    """Build an :class:`Army` from parsed TOML; malformed data is one SetupError line naming the field."""
    from skirmish import check_numbers

    check_numbers(data, where, low=-MOST_POINTS, high=MOST_POINTS)  # no number of a list is nan or absurd
    raw = _normalise(data, where)
    raw.setdefault("name", "Unnamed army")
    army = structure(raw, Army, where=where)
    if army.points <= 0:
        raise SetupError(f"{where}: points must be a positive limit, got {army.points}")
    for i, unit in enumerate(army.units, 1):
        if not (0 < unit.width <= MOST_MM and 0 < unit.depth <= MOST_MM):
            raise SetupError(f"{where}: unit {i} ({unit.name}): width and depth must be positive millimetres "
                             f"(at most {MOST_MM})")
    return army


def load_army(path: str | Path) -> Army:
    """Read an army list file (one SetupError line when it cannot be read or parsed)."""
    return parse_army(load_toml(path), where=str(path))


def army_to_dict(army: Army) -> dict[str, Any]:
    """Plain data of an army list, ready for ``tomli_w`` (no None; zero-valued flags left out)."""
    units = []
    for u in army.units:
        entry: dict[str, Any] = {"type": u.type, "name": u.name, "width": _plain(u.width),
                                 "depth": _plain(u.depth), "keywords": list(u.keywords)}
        if u.general:
            entry["general"] = True
        if u.battle_standard:
            entry["battle_standard"] = True
        if u.allegiance:
            entry["allegiance"] = u.allegiance
        if u.artefact:
            entry["artefact"] = u.artefact
        units.append(entry)
    return {"name": army.name, "points": army.points, "units": units}


def army_to_toml(army: Army) -> str:
    import tomli_w

    return tomli_w.dumps(army_to_dict(army))


def _plain(x: float) -> float | int:
    return int(x) if float(x).is_integer() else float(x)


# --------------------------------------------------------------------------- purchases and costs


def purchases(unit: ArmyUnit, content: Content) -> list[Purchase]:
    """Resolve each purchased keyword text (problems kept on the purchase, not raised)."""
    out = []
    for text in unit.keywords:
        try:
            ref = content.ref(text)
        except SetupError as exc:
            out.append(Purchase(text, problem=str(exc)))
            continue
        kw = content.keywords[ref.id]
        if not kw.buyable:
            why = "is Reserved" if kw.is_reserved else "is not in the Keyword Costs table"
            out.append(Purchase(text, kw, ref, problem=f"buys {kw.name}, which {why} and cannot be bought"))
            continue
        if kw.valued and not ref.relative:
            listed = ", ".join(kw.offer_text(o) for o in kw.buy)
            out.append(Purchase(text, kw, ref, problem=f"buys '{text}'; numerical keywords are bought as "
                                                       f"listed: {listed}"))
            continue
        offer = kw.offer(ref.value)
        if offer is None:
            listed = ", ".join(kw.offer_text(o) for o in kw.buy)
            out.append(Purchase(text, kw, ref, problem=f"buys '{text}', which is not in the Keyword Costs table "
                                                       f"(listed: {listed})"))
            continue
        out.append(Purchase(text, kw, ref, offer))
    return out


def unit_type_of(unit: ArmyUnit, content: Content) -> UnitType | None:
    try:
        return content.unit_type(unit.type)
    except SetupError:
        return None


def unit_cost(unit: ArmyUnit, content: Content) -> int:
    """The unit's points: its type's points plus each bought keyword's cost x the type's multiplier."""
    kind = unit_type_of(unit, content)
    if kind is None:
        return 0
    return kind.points + sum(kind.keyword_cost(p.offer) for p in purchases(unit, content) if p.offer)


def army_cost(army: Army, content: Content) -> int:
    return sum(unit_cost(u, content) for u in army.units)


def unit_footprint(unit: ArmyUnit, kind: UnitType, content: Content,
                   bought: list[Purchase] | None = None) -> Footprint:
    """The footprint the unit must fit: the bought footprint keyword's, else the type's listed one."""
    for p in purchases(unit, content) if bought is None else bought:
        if p.keyword is not None and p.keyword.footprint:
            return content.footprints[p.keyword.footprint]
    return kind.footprint


def build_unit(unit: ArmyUnit, content: Content) -> BuiltUnit:
    """The unit as it takes the table (raises SetupError if its type is unknown).

    Keywords: the type's starting ones, a bought footprint replacing the listed one, then the
    purchases and the General / Battle Standard grants; ``[X]`` sets a value before ``[+X]`` adds.
    """
    kind = content.unit_type(unit.type)
    footprint = unit_footprint(unit, kind, content)
    refs: list[KeywordRef] = []
    for ref in kind.keywords:
        if content.keywords[ref.id].is_footprint and ref.id != footprint.keyword:
            continue
        refs.append(ref)
    for p in purchases(unit, content):
        if p.ref is not None and p.offer is not None:
            refs.append(p.ref)
    for flag, role in ((unit.general, content.building.general),
                       (unit.battle_standard, content.building.battle_standard)):
        if flag:
            refs.append(KeywordRef(role))
            refs.extend(content.keywords[role].grants)
    for rules in content.army_rules:  # the expansions' keywords at no cost (a Cursed Artefact's)
        refs.extend(rules.unit_refs(unit, content))
    keywords = apply_refs(refs)
    for rules in content.army_rules:
        keywords = rules.finish_keywords(unit, keywords)
    return BuiltUnit(unit, kind, keywords, footprint, unit_cost(unit, content))


def apply_refs(refs: Iterable[KeywordRef], start: Mapping[str, int | None] | None = None) -> dict[str, int | None]:
    """Apply keywords by the numerical-keyword rule: every ``[X]`` first, then every ``[+X]``."""
    out: dict[str, int | None] = dict(start or {})
    refs = list(refs)
    for ref in refs:
        if ref.value is None:
            out.setdefault(ref.id, None)
        elif not ref.relative:
            out[ref.id] = ref.value
    for ref in refs:
        if ref.value is not None and ref.relative:
            out[ref.id] = (out.get(ref.id) or 0) + ref.value
    return out


# --------------------------------------------------------------------------- validation

RULE_TYPE = "Unit Types"
RULE_LIST = "Army list"
RULE_COSTS = "Keyword Costs"
RULE_ONCE = "each listed keyword once"
RULE_WEAK = "up to two Weaknesses"
RULE_DUP = "no keyword the type already has"
RULE_FOOT = "Unit Footprint"
RULE_ART = "Artillery Weaknesses"
RULE_REQ = "keyword requirement"
RULE_GEN = "exactly one General"
RULE_BS = "exactly one Battle Standard"
RULE_POINTS = "points limit"
RULE_WIZ = "Wizard allegiance"
RULE_HIM = "Him's army"
RULE_ARTEFACT = "Cursed Artefacts"


def validate(army: Army, content: Content, *, him: bool = False) -> list[Problem]:
    """Every rule of Building an Army the list breaks, in list order (empty when it is valid).

    ``him=True`` also applies the solo rules for His army (no Wizard).
    """
    total = army_cost(army, content)
    problems: list[Problem] = []

    def add(where: str, rule: str, message: str) -> None:
        problems.append(Problem(where, rule, message, total, army.points))

    b = content.building
    names: dict[str, int] = {}
    for unit in army.units:
        names[unit.name] = names.get(unit.name, 0) + 1
    for unit in army.units:
        label = unit.label(content)
        if not unit.name.strip():
            add(label, RULE_LIST, "has no name")
        elif names[unit.name] > 1:
            add(label, RULE_LIST, f"the name '{unit.name}' is used by {names[unit.name]} units")
        kind = unit_type_of(unit, content)
        if kind is None:
            try:
                content.unit_type(unit.type)
            except SetupError as exc:
                add(label, RULE_TYPE, str(exc))
            continue
        _check_unit(unit, kind, content, label, add, him=him)
    generals = [u for u in army.units if u.general]
    standards = [u for u in army.units if u.battle_standard]
    for units, role, rule in ((generals, b.general, RULE_GEN), (standards, b.battle_standard, RULE_BS)):
        name = content.keywords[role].name
        if not units:
            add("army", rule, f"no unit is the {name}")
        elif len(units) > 1:
            add("army", rule, f"{len(units)} units are the {name}: " + ", ".join(u.name for u in units))
    for rules in content.army_rules:  # (Cursed Artefacts: only the General, one per army)
        for where, rule, message in rules.army_problems(army.units, content):
            add(where, rule, message)
    if total > army.points:
        add("army", RULE_POINTS, f"costs {total:,} points, {total - army.points:,} over the limit")
    return problems


def unit_problems(unit: ArmyUnit, content: Content, *, him: bool = False) -> list[tuple[str, str]]:
    """The (rule, message) pairs of the rules one unit breaks on its own (type, keywords, size)."""
    found: list[tuple[str, str]] = []
    kind = unit_type_of(unit, content)
    if kind is None:
        return [(RULE_TYPE, f"unknown unit type '{unit.type}'")]
    _check_unit(unit, kind, content, "", lambda _where, rule, message: found.append((rule, message)), him=him)
    return found


def _check_unit(unit: ArmyUnit, kind: UnitType, content: Content, label: str, add: Any, *, him: bool) -> None:
    b = content.building
    bought = purchases(unit, content)
    good = [p for p in bought if p.offer is not None and p.keyword is not None]
    for p in bought:
        if p.problem:
            add(label, RULE_COSTS, p.problem)
    seen: dict[tuple[str, int], int] = {}
    for p in good:
        key = (p.keyword.id, p.offer.value)
        seen[key] = seen.get(key, 0) + 1
    for (kid, value), count in seen.items():
        if count > 1:
            kw = content.keywords[kid]
            add(label, RULE_ONCE, f"buys {kw.offer_text(kw.offer(value or None))} {count} times")
    have = {ref.id for ref in kind.keywords}
    for p in good:
        kw = p.keyword
        if kw.id in have and not kw.valued and not kw.has_trait(b.footprint_trait):
            kind_word = "Weakness" if kw.is_weakness else "keyword"
            add(label, RULE_DUP, f"buys the {kind_word} {kw.name}, which {kind.name} already has")
    weaknesses = [p for p in good if p.keyword.is_weakness]
    if len(weaknesses) > b.max_weaknesses:
        add(label, RULE_WEAK, f"buys {len(weaknesses)} Weaknesses ("
            + ", ".join(p.keyword.offer_text(p.offer) for p in weaknesses) + f"), at most {b.max_weaknesses}")
    if kind.weaknesses_allowed:
        allowed = ", ".join(content.keywords[k].name for k in kind.weaknesses_allowed)
        for p in weaknesses:
            if p.keyword.id not in kind.weaknesses_allowed:
                add(label, RULE_ART, f"{kind.name} may buy only the Weaknesses {allowed}, not {p.keyword.name}")
    feet = [p for p in good if p.keyword.has_trait(b.footprint_trait)]
    if len(feet) > 1:
        add(label, RULE_FOOT, "buys " + " and ".join(p.keyword.name for p in feet) + "; at most one Footprint keyword")
    for p in feet:
        kw = p.keyword
        if kw.footprint == kind.footprint.id:
            add(label, RULE_FOOT, f"buys {kw.name}, the footprint {kind.name} already has")
        elif kw.requires_footprint and kw.requires_footprint != kind.footprint.id:
            need = content.footprints[kw.requires_footprint].keyword
            add(label, RULE_FOOT, f"buys {kw.name}, only for types listed with {content.keywords[need].name}")
    built_refs = apply_refs([*kind.keywords, *(p.ref for p in good)])
    for p in good:
        kw = p.keyword
        if kw.requires_type_name and kw.requires_type_name.lower() not in kind.name.lower():
            add(label, RULE_REQ, f"buys {kw.name}, only for unit types with '{kw.requires_type_name}' in the name")
        if kw.requires_keyword and kw.requires_keyword not in built_refs:
            need = content.keywords[kw.requires_keyword].name
            add(label, RULE_REQ, f"buys {kw.name}, only for units with {need}")
        if him and kw.id in content.him.forbidden:
            add(label, RULE_HIM, f"buys {kw.name}, which His army may not take")
    footprint = unit_footprint(unit, kind, content, bought) if len(feet) <= 1 else kind.footprint
    if not footprint.fits(unit.width, unit.depth):
        name = content.keywords[footprint.keyword].name
        add(label, RULE_FOOT, f"is {_mm(unit.width)} x {_mm(unit.depth)} mm; {name} needs "
            f"{footprint.describe()}")
    given = {r.id for rules in content.army_rules for r in rules.unit_refs(unit, content)}  # (a Cursed Artefact's)
    for rules in content.army_rules:  # (a Wizard's Abyssal Allegiance)
        for rule, message in rules.unit_problems(unit, content, set(built_refs), given):
            add(label, rule, message)


def _mm(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def numbered(problems: Iterable[Problem]) -> str:
    """The problems as numbered lines (``1. ...``)."""
    return "\n".join(f"{i}. {p}" for i, p in enumerate(problems, 1))


def check_army(army: Army, content: Content, *, him: bool = False, where: str = WHERE) -> Army:
    """``army`` if valid, else a SetupError whose one line counts and joins the problems."""
    problems = validate(army, content, him=him)
    if problems:
        text = "; ".join(f"({i}) {p}" for i, p in enumerate(problems, 1))
        raise SetupError(f"{where} '{army.name}' breaks {len(problems)} rule(s): {text}")
    return army


# --------------------------------------------------------------------------- built-in lists

ARMIES_DIR = "data/armies"
HIM_DIR = "data/him"


def _packaged(folder: str) -> dict[str, Army]:
    """The packaged lists of a folder by id (read once per process: the files and ``Army`` are immutable)."""
    return dict(_read_packaged(folder))


@functools.lru_cache(maxsize=8)
def _read_packaged(folder: str) -> dict[str, Army]:
    """Every list of a packaged folder, built once and kept between runs (:func:`skirmish.content.cached_build`:
    a replay or a first prompt then imports neither cattrs nor importlib.resources)."""
    from skirmish import cached_build, package_names

    raw = {name.removesuffix(".toml"): load_toml("skirmish_hobgoblin", f"{folder}/{name}")
           for name in package_names("skirmish_hobgoblin", folder) if name.endswith(".toml")}

    def build(data: dict[str, Any]) -> dict[str, Army]:
        return {key: parse_army(value, where=f"skirmish_hobgoblin/{folder}/{key}.toml") for key, value in data.items()}

    return cached_build(build, raw, kind=f"{Army.__module__}.{Army.__qualname__}")


def builtin_armies() -> dict[str, Army]:
    """The built-in armies (``data/armies/*.toml``) by id, e.g. ``"iron-grudge-hold"``."""
    return _packaged(ARMIES_DIR)


def him_armies() -> dict[str, Army]:
    """His built-in armies for solo play (``data/him/*.toml``) by level: easy, normal, hardcore."""
    return _packaged(HIM_DIR)


def him_points(content: Content, points: int, level: str) -> int:
    """His points limit in solo play: the player's ``points`` times the level's factor (rounded down)."""
    levels = content.him.levels
    if level not in levels:
        raise SetupError(f"unknown difficulty '{level}' (levels: {', '.join(levels)})")
    return int(points * levels[level].factor)


def find_army(spec: str, content: Content | None = None) -> Army:
    """An army named by built-in id or name (``him:normal`` for His lists), else read from a file path."""
    from skirmish_hobgoblin.content import key_of

    key = key_of(spec)
    if key.startswith("him:"):
        level = key.removeprefix("him:")
        lists = him_armies()
        if level not in lists:
            raise SetupError(f"no built-in army for Him at level '{level}' (levels: {', '.join(lists)})")
        return lists[level]
    armies = builtin_armies()
    for aid, army in armies.items():
        if key in (aid, key_of(army.name)):
            return army
    if Path(spec).suffix == ".toml" or Path(spec).exists():
        return load_army(spec)
    from skirmish_hobgoblin.content import suggest

    raise SetupError(f"'{spec}' is neither an army file nor a built-in army{suggest(spec, armies)} "
                     f"(built-in: {', '.join(armies)})")


# --------------------------------------------------------------------------- cost breakdown


@attrs.frozen
class CostLine:
    what: str
    cost: int
    note: str = ""


def unit_breakdown(unit: ArmyUnit, content: Content) -> list[CostLine]:
    """The unit's cost lines: the type's points, then each purchase (listed cost x multiplier)."""
    kind = unit_type_of(unit, content)
    if kind is None:
        return [CostLine(f"unknown type '{unit.type}'", 0)]
    lines = [CostLine(kind.name, kind.points, "base")]
    for p in purchases(unit, content):
        if p.offer is None:
            lines.append(CostLine(p.text, 0, "not bought: " + p.problem))
            continue
        cost = kind.keyword_cost(p.offer)
        lines.append(CostLine(p.keyword.offer_text(p.offer), cost, f"{p.offer.cost:+d} x{kind.multiplier}"))
    for flag, role in ((unit.general, content.building.general),
                       (unit.battle_standard, content.building.battle_standard)):
        if flag:
            lines.append(CostLine(content.keywords[role].name, 0, "once per army"))
    return lines


def breakdown_data(army: Army, content: Content) -> dict[str, Any]:
    """The cost breakdown as plain data (for ``--json``)."""
    units = []
    for u in army.units:
        lines = unit_breakdown(u, content)
        units.append({"name": u.name, "type": u.type, "width": _plain(u.width), "depth": _plain(u.depth),
                      "points": unit_cost(u, content),
                      "lines": [{"what": ln.what, "cost": ln.cost, "note": ln.note} for ln in lines]})
    total = army_cost(army, content)
    return {"name": army.name, "limit": army.points, "total": total, "left": army.points - total, "units": units}


def breakdown_text(army: Army, content: Content) -> str:
    """A readable cost breakdown: one block per unit, then the total against the limit."""
    out = [f"{army.name}  ({army.points:,} points limit)"]
    for u in army.units:
        flags = [w for w, f in (("General", u.general), ("Battle Standard", u.battle_standard)) if f]
        head = f"{u.label(content)}  {_mm(u.width)} x {_mm(u.depth)} mm"
        out.append(f"{head}{'  [' + ', '.join(flags) + ']' if flags else ''}  = {unit_cost(u, content):,}")
        for ln in unit_breakdown(u, content):
            note = f"  ({ln.note})" if ln.note else ""
            out.append(f"    {ln.what:<28} {ln.cost:>6,}{note}")
    total = army_cost(army, content)
    out.append(f"Total {total:,} of {army.points:,} points ({army.points - total:,} left)")
    return "\n".join(out)
