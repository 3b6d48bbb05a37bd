"""Warbands: who is hired, what they cost in Fingers, and checking a warband list.

A warband list is TOML (or the same shape as a dict)::

    name = "The Mudfoot Boys"
    rule = "Hardened"            # the bonus rule every Warrior shares, free (optional)

    [[warriors]]
    name = "Grub"
    type = "Brawler"
    quality = "Standard"         # Bad, Standard or Veteran; a Hero is always Heroic
    mounted = true
    rules = ["Quick Attack"]     # the first is free, each further one costs 2 Fingers

    [[warriors]]
    name = "Old Toothy"
    type = "Monster"             # no quality; always counts as mounted
    traits = ["Big", "Terrifying"]   # two traits, or none to roll them at the start
    winged = true                # +1 Finger; gun = true likewise

    [[warriors]]
    name = "Gutz"
    type = "Hero"
    roles = ["Brawler", "Mage"]  # two different types to act as

    [[warriors]]
    name = "Shirley"
    mercenary = "Piggun"         # 8 Fingers, comes as printed

Names are case-insensitive; the parsed warband holds the content's keys
(``"brawler"``, ``"quick-attack"``). :func:`parse_warband` reports every problem at
once, numbered, on one line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from skirmish import SetupError, load_toml, package_names
from skirmish_chob_noggoth.content import PACKAGE, Content, Randomish, key_of, suggest

WARBAND_KEYS = ("name", "rule", "warriors")
#: more warriors than any budget buys: refused before each is checked
MAX_WARRIORS = 100
WARRIOR_KEYS = ("name", "type", "quality", "mounted", "rules", "roles", "traits", "gun", "winged", "mercenary")
HERO = "hero"
MONSTER = "monster"


def _names(value: Iterable[str] | str) -> tuple[str, ...]:
    """A tuple of names (a single string is one name, not a sequence of letters)."""
    return (value,) if isinstance(value, str) else tuple(value)


@attrs.frozen
class WarriorSpec:
    """One hired Warrior, as bought (before the game rolls anything).

    ``type``, ``quality``, ``rules``, ``roles`` and ``traits`` hold content keys.
    ``quality`` is ``""`` for a Monster or mercenary and ``"heroic"`` for a Hero.
    ``rules`` are the Warrior's own bonus rules: the first is free. ``roles`` are a Hero's
    two types. ``traits`` are a Monster's two traits (empty: roll two at the start of the
    game). ``gun``/``winged`` are a Monster's extra traits. ``mercenary`` names a hired
    mercenary (``"piggun"``), whose profile comes from the content.
    """

    name: str
    type: str
    quality: str = "standard"
    mounted: bool = False
    rules: tuple[str, ...] = attrs.field(default=(), converter=_names)
    roles: tuple[str, ...] = attrs.field(default=(), converter=_names)
    traits: tuple[str, ...] = attrs.field(default=(), converter=_names)
    gun: bool = False
    winged: bool = False
    mercenary: str = ""


@attrs.frozen
class Warband:
    """A warband: its name, the bonus rule all its Warriors share (``""``: none) and its Warriors."""

    name: str
    rule: str = ""
    warriors: tuple[WarriorSpec, ...] = attrs.field(default=(), converter=tuple)


# ----------------------------------------------------------------------------- costs


def warrior_cost(spec: WarriorSpec, content: Content) -> int:
    """What one Warrior costs in Fingers, as printed.

    Bad 1, Standard 2, Veteran 3; a Hero or a Monster 5; Mounted +1 (free for a Monster,
    which always counts as mounted); a Monster's Gun and Winged +1 each; each bonus rule
    beyond the free one +2, a rule listed twice counting once. A mercenary has its own
    price and gets no free rule.
    """
    costs = content.costs
    rules = list(dict.fromkeys(spec.rules))
    if spec.mercenary:
        merc = content.mercenaries[spec.mercenary]
        free = costs.free_rules if merc.free_rule else 0
        return merc.cost + costs.extra_rule * max(0, len(rules) - free)
    profile = content.types[spec.type]
    total = profile.cost or content.qualities[spec.quality].cost
    if profile.counts_as_mounted:
        total += costs.monster_mounted
    elif spec.mounted:
        total += costs.mounted
    total += costs.gun * spec.gun + costs.winged * spec.winged
    total += costs.extra_rule * max(0, len(rules) - costs.free_rules)
    return total


def warband_cost(warband: Warband, content: Content) -> int:
    """The whole warband's cost in Fingers (the shared rule is free)."""
    return sum(warrior_cost(w, content) for w in warband.warriors)


def warrior_rules(spec: WarriorSpec, warband_rule: str, content: Content) -> frozenset[str]:
    """Every bonus rule a Warrior has at the start: the warband's, its own, and those its
    Monster traits duplicate (each applies once). Rolled traits are added by the game."""
    if spec.mercenary:
        merc = content.mercenaries[spec.mercenary]
        shared = (warband_rule,) if merc.free_rule and warband_rule else ()
        return frozenset((*shared, *spec.rules, *content.trait_rules(merc.joined.traits)))
    found = {*spec.rules, *content.trait_rules(spec.traits)}
    if warband_rule:
        found.add(warband_rule)
    if spec.winged:
        found |= content.trait_rules(("winged",))
    return frozenset(found)


# -------------------------------------------------------------------------- parsing


class _Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, text: str) -> None:
        self.items.append(text)


def _unknown_keys(data: Mapping[str, Any], allowed: Sequence[str]) -> list[str]:
    out = []
    for key in data:
        if key not in allowed:
            out.append(f"unknown key {str(key)!r}{suggest(str(key), allowed)}")
    return out


def _display(content: Content, kind: str, key: str) -> str:
    table = content.table_of(kind)
    return table[key].name if key in table else key


def _names_list(content: Content, kind: str, keys: Iterable[str]) -> str:
    names = [_display(content, kind, k) for k in keys]
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)


def _strings(value: Any, what: str, problems: list[str]) -> list[str]:
    """A list of names: a list of strings, or one string for a single name."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return list(value)
    problems.append(f"{what} must be a list of names")
    return []


def _flag(data: Mapping[str, Any], key: str, problems: list[str]) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        problems.append(f"'{key}' must be true or false, not {value!r}")
        return False
    return value


def _lookup(content: Content, kind: str, name: str, problems: list[str], what: str | None = None) -> str | None:
    found = content.key(kind, name)
    if found is None:
        choices = [v.name for v in content.table_of(kind).values()]
        problems.append(f"unknown {what or kind} '{name}'{suggest(name, choices)}")
    return found


def _parse_warrior(data: Any, content: Content) -> tuple[WarriorSpec | None, list[str]]:
    """One warrior table -> a spec (None when it cannot be built) and its problems."""
    problems: list[str] = []
    if not isinstance(data, Mapping):
        return None, ["is not a table of keys"]
    problems += _unknown_keys(data, WARRIOR_KEYS)
    name = data.get("name", "")
    if not isinstance(name, str) or not clean_name(name):
        problems.append("needs a name")
        name = ""
    name = clean_name(name)
    rules = []
    for rule in _strings(data.get("rules", []), "rules", problems):
        found = _lookup(content, "bonus rule", rule, problems)
        if found:
            rules.append(found)
    rules = list(dict.fromkeys(rules))  # a rule listed twice applies (and costs) once
    mounted = _flag(data, "mounted", problems)
    gun = _flag(data, "gun", problems)
    winged = _flag(data, "winged", problems)

    merc_name = data.get("mercenary", "")
    if merc_name:
        if not isinstance(merc_name, str):
            return None, [*problems, "mercenary must be a name"]
        merc = _lookup(content, "mercenary", merc_name, problems)
        if merc is None:
            return None, problems
        shown = content.mercenaries[merc].name
        fixed = [k for k in ("quality", "mounted", "roles", "traits", "gun", "winged") if k in data]
        if fixed:
            problems.append(f"{shown} comes as printed: remove {', '.join(repr(k) for k in fixed)}")
        joined = content.mercenaries[merc].joined.type
        if "type" in data and content.key("type", str(data["type"])) != joined:
            problems.append(f"{shown} is a {_display(content, 'type', joined)}; leave out 'type'")
        spec = WarriorSpec(name, joined, quality="", mounted=content.types[joined].counts_as_mounted,
                           rules=rules, mercenary=merc)
        return spec, problems

    type_name = data.get("type")
    if not isinstance(type_name, str) or not type_name.strip():
        problems.append("needs a type" + ("" if type_name is None else f", not {type_name!r}"))
        return None, problems
    kind = _lookup(content, "type", type_name, problems)
    if kind is None:
        return None, problems
    profile = content.types[kind]
    shown = profile.name

    # quality
    quality = ""
    given = data.get("quality")
    if not profile.has_quality:
        if given is not None:
            problems.append(f"a {shown} has no quality; leave out 'quality'")
    elif profile.fixed_quality:
        quality = profile.fixed_quality
        if given is not None:
            found = content.key("quality", str(given))
            if found != quality:
                fixed = content.qualities[quality].name
                problems.append(f"a {shown} is always {fixed}, not {given!r}")
    else:
        quality = "standard"
        if given is not None:
            found = _lookup(content, "quality", str(given), problems)
            if found is not None:
                if content.qualities[found].hero_only:
                    problems.append(f"only a Hero can be {content.qualities[found].name}")
                else:
                    quality = found

    # Monster: mounted for free, traits, gun and winged
    if profile.counts_as_mounted:
        if "mounted" in data and not mounted:
            problems.append(f"a {shown} always counts as mounted; leave out 'mounted = false'")
        mounted = True
    traits: list[str] = []
    if "traits" in data:
        names = _strings(data["traits"], "traits", problems)
        if profile.has_quality:
            problems.append(f"only a Monster has traits; a {shown} cannot take {', '.join(names)}")
        else:
            for trait in names:
                extra = content.key("extra trait", trait)
                if extra is not None:
                    problems.append(f"{content.extra_traits[extra].name} is bought with '{extra} = true', "
                                    "not listed as a trait")
                    continue
                found = _lookup(content, "monster trait", trait, problems, "Monster trait")
                if found:
                    traits.append(found)
            wanted = content.monster.traits
            if len(names) not in (0, wanted):
                problems.append(f"a Monster takes {wanted} traits or none (rolled at the start), not {len(names)}")
            elif len(set(traits)) < len(traits):
                problems.append("a Monster's chosen traits must differ")
    if profile.has_quality:
        hints = {"gun": "the Longshot bonus rule gives a ranged attack", "winged": "take the Winged bonus rule"}
        for flag, value in (("gun", gun), ("winged", winged)):
            if value:
                problems.append(f"only a Monster buys '{flag}'; a {shown} cannot ({hints[flag]})")
        gun = winged = False

    # Hero roles
    roles: list[str] = []
    if profile.takes_role:
        allowed = content.hero_roles()
        names = _strings(data.get("roles", []), "roles", problems) if "roles" in data else []
        want = content.hero.roles
        listed = _names_list(content, "type", allowed)
        for role in names:
            found = content.key("type", role)
            if found is None or found not in allowed:
                hint = "" if found is not None else suggest(role, [content.types[k].name for k in allowed])
                problems.append(f"a Hero's role '{role}' must be one of {listed}{hint}")
            else:
                roles.append(found)
        if len(names) != want or len(set(roles)) != len(roles):
            problems.append(f"a Hero needs exactly {want} different roles from {listed}"
                            + (f", not {', '.join(names)}" if names else ""))
    elif "roles" in data:
        problems.append(f"only a Hero has roles; a {shown} does not")

    spec = WarriorSpec(name, kind, quality=quality, mounted=mounted, rules=rules, roles=roles, traits=traits,
                       gun=gun, winged=winged)
    return spec, problems


def parse_warband(
    data: Any,
    content: Content,
    *,
    budget: int | None = None,
    where: str = "warband.toml",
    limits: bool | None = None,
) -> Warband:
    """Check a warband list and build it; every problem goes into one numbered SetupError line.

    ``budget`` defaults to the content's (20 Fingers). ``limits`` turns the house warband
    limits (1 Hero, 2 Monsters, 2 Mages) on or off; ``None`` follows ``content.limits.enabled``.
    """
    budget = content.costs.budget if budget is None else budget
    use_limits = content.limits.enabled if limits is None else limits
    problems: list[str] = []
    if not isinstance(data, Mapping):
        raise SetupError(f"{where}: a warband must be a table of keys, not {type(data).__name__}")
    problems += _unknown_keys(data, WARBAND_KEYS)
    name = data.get("name", "")
    if not isinstance(name, str) or not clean_name(name):
        problems.append("the warband needs a name")
        name = ""
    rule = ""
    raw_rule = data.get("rule", "")
    if isinstance(raw_rule, list) and len(raw_rule) > content.costs.warband_rules:
        problems.append(f"a warband shares at most {content.costs.warband_rules} bonus rule, not {len(raw_rule)}")
    elif isinstance(raw_rule, list):
        raw_rule = raw_rule[0] if raw_rule else ""
    if isinstance(raw_rule, str) and raw_rule.strip():
        rule = _lookup(content, "bonus rule", raw_rule, problems) or ""
    elif not isinstance(raw_rule, str | list):
        problems.append("the warband 'rule' must be the name of a bonus rule")

    raw_warriors = data.get("warriors", [])
    if not isinstance(raw_warriors, list):
        problems.append("'warriors' must be a list of tables ([[warriors]])")
        raw_warriors = []
    elif not raw_warriors:
        problems.append("the warband has no warriors")
    elif len(raw_warriors) > MAX_WARRIORS:
        raise SetupError(f"{where}: {len(raw_warriors)} warriors listed; a warband has at most {MAX_WARRIORS}")
    warriors: list[WarriorSpec] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(raw_warriors, 1):
        spec, found = _parse_warrior(raw, content)
        label = f"warrior {i}"
        shown = raw.get("name") if isinstance(raw, Mapping) else None
        if isinstance(shown, str) and clean_name(shown):
            label += f" '{clean_name(shown)}'"
        problems += [f"{label}: {p}" for p in found]
        if spec is None:
            continue
        if spec.name:
            folded = spec.name.casefold()
            if folded in seen:
                problems.append(f"{label}: has the same name as warrior {seen[folded]}")
            else:
                seen[folded] = i
        warriors.append(spec)

    warband = Warband(clean_name(name), rule, warriors)
    if use_limits:
        problems += _limit_problems(warband, content)
    total = warband_cost(warband, content)
    if total > budget:
        least = "" if len(warriors) == len(raw_warriors) else "at least "
        problems.append(f"costs {least}{total} Fingers, over the {budget}-Finger budget")
    if problems:
        raise SetupError(f"{where}: " + _numbered(problems))
    return warband


def _limit_problems(warband: Warband, content: Content) -> list[str]:
    counts = limit_counts(warband, content)
    lim = content.limits
    out = []
    for what, have, most in (("Heroes", counts["heroes"], lim.heroes),
                             ("Monsters", counts["monsters"], lim.monsters), ("Mages", counts["mages"], lim.mages)):
        if have > most:
            out.append(f"{have} {what}, more than the house limit of {most} (turn warband limits off to allow it)")
    return out


def limit_counts(warband: Warband, content: Content) -> dict[str, int]:
    """How many Heroes, Monsters (the Piggun included) and Mages a warband has."""
    heroes = sum(1 for w in warband.warriors if content.types[w.type].takes_role)
    monsters = sum(1 for w in warband.warriors if not content.types[w.type].has_quality)
    mages = sum(1 for w in warband.warriors if content.types[w.type].can_cast)
    return {"heroes": heroes, "monsters": monsters, "mages": mages}


#: problems shown in one error line; the rest are counted
SHOWN_PROBLEMS = 10
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def clean_name(text: str) -> str:
    """A name from a file with control characters (terminal escape sequences, bidi marks, newlines) removed."""
    return _CONTROL.sub("", text).strip()


def _numbered(problems: list[str]) -> str:
    """One line for a list of problems: numbered, the first :data:`SHOWN_PROBLEMS` shown and the rest counted."""
    if len(problems) == 1:
        return problems[0]
    shown = "; ".join(f"({i}) {p}" for i, p in enumerate(problems[:SHOWN_PROBLEMS], 1))
    more = len(problems) - SHOWN_PROBLEMS
    return f"{len(problems)} problems: " + shown + (f"; and {more} more" if more > 0 else "")


def load_warband(path: str | Path, content: Content, budget: int | None = None, *,
                 limits: bool | None = None) -> Warband:
    """Read and check a warband TOML file (one-line SetupError for a missing file or bad TOML)."""
    data = load_toml(Path(path))
    return parse_warband(data, content, budget=budget, where=str(path), limits=limits)


def warband_to_dict(warband: Warband, content: Content | None = None) -> dict[str, Any]:
    """A warband as plain TOML-ready tables (defaults left out); :func:`parse_warband` reads it back.

    With ``content`` the names are written as displayed ("Quick Attack"), else as keys ("quick-attack").
    """

    def shown(kind: str, key: str) -> str:
        return key if content is None else _display(content, kind, key)

    out: dict[str, Any] = {"name": warband.name}
    if warband.rule:
        out["rule"] = shown("bonus rule", warband.rule)
    rows = []
    for spec in warband.warriors:
        rules = [shown("bonus rule", r) for r in spec.rules]
        if spec.mercenary:
            row: dict[str, Any] = {"name": spec.name, "mercenary": shown("mercenary", spec.mercenary)}
            if rules:
                row["rules"] = rules
            rows.append(row)
            continue
        row = {"name": spec.name, "type": shown("type", spec.type)}
        if spec.quality and spec.type != HERO:
            row["quality"] = shown("quality", spec.quality)
        if spec.mounted and spec.type != MONSTER:
            row["mounted"] = True
        if rules:
            row["rules"] = rules
        if spec.roles:
            row["roles"] = [shown("type", r) for r in spec.roles]
        if spec.traits:
            row["traits"] = [shown("monster trait", t) for t in spec.traits]
        if spec.gun:
            row["gun"] = True
        if spec.winged:
            row["winged"] = True
        rows.append(row)
    out["warriors"] = rows
    return out


# ------------------------------------------------------------------------ built-ins


def builtin_warband_files() -> list[str]:
    """File names of the packaged warbands (``data/warbands/*.toml``), sorted."""
    return [name for name in package_names(PACKAGE, "data/warbands") if name.endswith(".toml")]


def builtin_warbands(content: Content) -> dict[str, Warband]:
    """The packaged warbands by name, in file order."""
    out: dict[str, Warband] = {}
    for file in builtin_warband_files():
        resource = f"data/warbands/{file}"
        warband = parse_warband(load_toml(PACKAGE, resource), content, where=f"{PACKAGE}/{resource}")
        out[warband.name] = warband
    return out


def find_warband(name: str, content: Content) -> Warband:
    """A packaged warband by name or file stem, any case (``"mudfoot-boys"``, ``"The Mudfoot Boys"``)."""
    wanted = key_of(name)
    known = builtin_warbands(content)
    stems = {key_of(f.removesuffix(".toml")): f for f in builtin_warband_files()}
    for warband_name, warband in known.items():
        if key_of(warband_name) == wanted:
            return warband
    if wanted in stems:
        file = stems[wanted]
        return parse_warband(load_toml(PACKAGE, f"data/warbands/{file}"), content, where=file)
    raise SetupError(f"no built-in warband '{name}'{suggest(name, list(known))} "
                     f"(built-in: {', '.join(known)})")


# --------------------------------------------------------------------------- random


_SYLLABLES = ("grub", "snot", "mog", "nib", "wart", "gob", "zug", "skab", "dreg", "lurk", "bog", "fung",
              "kruk", "nog", "blat", "grim", "ratch", "ugg", "vex", "muk")
_BAND_WORDS = (("The Muddy", "The Howling", "The Rotten", "The Grim", "The Lucky", "The Sodden"),
               ("Boys", "Rabble", "Gang", "Crew", "Mob", "Lot"))


def _random_name(rng: Randomish, taken: set[str]) -> str:
    while True:
        name = (rng.choice(_SYLLABLES) + rng.choice(("", "", "a", "o", "nik", "ba")) ).capitalize()
        if name.casefold() not in taken:
            taken.add(name.casefold())
            return name


def _chance(rng: Randomish, percent: int) -> bool:
    return rng.randint(1, 100) <= percent


def _random_spec(rng: Randomish, content: Content, name: str, room: int, counts: dict[str, int],
                 use_limits: bool, shared: str) -> WarriorSpec | None:
    """One random Warrior costing at most ``room`` Fingers, or None (the caller tries again)."""
    lim = content.limits
    rule_keys = [k for k in content.bonus_rules if k != shared]
    roll = rng.randint(1, 100)
    if roll <= 4 and content.mercenaries:
        merc = rng.choice(sorted(content.mercenaries))
        joined = content.mercenaries[merc].joined.type
        if use_limits and not content.types[joined].has_quality and counts["monsters"] >= lim.monsters:
            return None
        spec = WarriorSpec(name, joined, quality="", mounted=True, mercenary=merc)
    elif roll <= 16:
        if use_limits and counts["monsters"] >= lim.monsters:
            return None
        monster = next(k for k, t in content.types.items() if not t.has_quality)
        traits: list[str] = []
        if _chance(rng, 50):
            keys = sorted(content.monster_traits, key=lambda k: content.monster_traits[k].number)
            while len(traits) < content.monster.traits:
                pick = rng.choice(keys)
                if pick not in traits:
                    traits.append(pick)
        spec = WarriorSpec(name, monster, quality="", mounted=True, traits=traits, gun=_chance(rng, 35),
                           winged=_chance(rng, 35), rules=[rng.choice(rule_keys)])
    elif roll <= 26:
        if use_limits and counts["heroes"] >= lim.heroes:
            return None
        hero = next(k for k, t in content.types.items() if t.takes_role)
        roles = list(content.hero_roles())
        first = rng.choice(roles)
        second = rng.choice([r for r in roles if r != first])
        spec = WarriorSpec(name, hero, quality=content.types[hero].fixed_quality, mounted=_chance(rng, 30),
                           roles=(first, second), rules=[rng.choice(rule_keys)])
    else:
        kinds = [k for k, t in content.types.items() if t.has_quality and not t.fixed_quality]
        kind = rng.choice(kinds)
        if use_limits and content.types[kind].can_cast and counts["mages"] >= lim.mages:
            return None
        qualities = [k for k, q in content.qualities.items() if not q.hero_only]
        spec = WarriorSpec(name, kind, quality=rng.choice(qualities), mounted=_chance(rng, 25),
                           rules=[rng.choice(rule_keys)])
    if _chance(rng, 15):  # a paid extra rule now and then
        extra = rng.choice(rule_keys)
        if extra not in spec.rules:
            spec = attrs.evolve(spec, rules=(*spec.rules, extra))
    return spec if warrior_cost(spec, content) <= room else None


def random_warband(rng: Randomish, content: Content, *, budget: int | None = None, name: str = "",
                   limits: bool | None = None) -> Warband:
    """A random valid warband that spends its whole budget (at least ``budget - 1`` Fingers).

    ``rng`` is a :class:`skirmish.GameRNG` or anything with ``randint`` and ``choice``.
    """
    budget = content.costs.budget if budget is None else budget
    if budget < 1:
        raise SetupError(f"a warband needs a budget of at least 1 Finger, not {budget}")
    use_limits = content.limits.enabled if limits is None else limits
    shared = rng.choice(sorted(content.bonus_rules))
    if not name:
        name = f"{rng.choice(_BAND_WORDS[0])} {rng.choice(_BAND_WORDS[1])}"
    taken: set[str] = set()
    warriors: list[WarriorSpec] = []
    counts = {"heroes": 0, "monsters": 0, "mages": 0}
    spent = 0
    cheapest = min(q.cost for q in content.qualities.values() if not q.hero_only)
    fallback_type = next(k for k, t in content.types.items() if t.has_quality and not t.fixed_quality
                         and not t.can_cast)
    fallback_quality = min((k for k, q in content.qualities.items() if not q.hero_only),
                           key=lambda k: content.qualities[k].cost)
    while budget - spent >= cheapest:
        warrior_name = _random_name(rng, taken)
        spec = None
        for _ in range(12):
            spec = _random_spec(rng, content, warrior_name, budget - spent, counts, use_limits, shared)
            if spec is not None:
                break
        if spec is None:
            spec = WarriorSpec(warrior_name, fallback_type, quality=fallback_quality)
        warriors.append(spec)
        spent += warrior_cost(spec, content)
        band = Warband(name, shared, warriors)
        counts = limit_counts(band, content)
    warband = Warband(name, shared, warriors)
    # Built as a dict and parsed back, so a random warband passes exactly the same checks.
    return parse_warband(warband_to_dict(warband), content, budget=budget, where="random warband",
                         limits=use_limits)
