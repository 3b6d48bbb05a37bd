"""Content is data: Chob-Noggoth's numbers and tables, read from ``data/*.toml``.

:func:`load_content` parses the packaged TOML files (``rules.toml``, ``bonus.toml``,
``tables.toml``) into one raw dict, lets a caller change it (the ruleset passes it through
the core ``skirmish_extend_content`` hook, so house rules can change any number), then
builds the frozen attrs classes below with ``skirmish.structure`` and checks what types
alone cannot (every die result of every table maps to exactly one entry, names refer to
things that exist). Any mistake is one :class:`skirmish.SetupError` line.

Nothing is loaded at import time; call :func:`load_content` when the content is needed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

import attrs

from skirmish import SetupError, load_toml, structure
from skirmish.dice import parse as parse_dice

PACKAGE = "skirmish_chob_noggoth"
DATA_FILES = ("rules", "bonus", "tables")
WHERE = "chob-noggoth content"

#: Step names a round may list (``A:moves`` ... ``end``).
STEP_NAMES = ("A:moves", "B:moves", "A:actions", "B:actions", "divine", "bombard", "end")
#: Actions a Warrior may take in an Actions step.
ACTION_NAMES = ("move", "shoot", "cast", "pray", "boomstick", "heal", "fight")
#: Last-wound table ids the rules know (besides the Piggun's "split").
LAST_WOUND_TABLES = ("warriors", "monsters", "warmachines", "mages", "heroes")


class Randomish(Protocol):
    """What the random builders need: a :class:`skirmish.GameRNG` or a ``random.Random``."""

    def randint(self, a: int, b: int) -> int: ...

    def choice(self, items: Sequence[Any]) -> Any: ...


def key_of(name: str) -> str:
    """The lookup key of a name: lower case, spaces and underscores as hyphens, no quotes.

    ``"Quick Attack"``, ``"quick_attack"`` and ``"quick-attack"`` all give ``quick-attack``.
    """
    text = str(name).strip().lower().replace("_", "-").replace("'", "").replace("\u2019", "")
    return "-".join(text.split())


def suggest(name: str, choices: Iterable[str]) -> str:
    """`` (did you mean X?)`` for the closest of ``choices`` to ``name``, or ``""``."""
    names = list(choices)
    by_key = {key_of(c): c for c in names}
    import difflib  # here: only a misspelt name needs it (start-up, issue 24)

    close = difflib.get_close_matches(key_of(name), list(by_key), n=1, cutoff=0.6)
    return f" (did you mean {by_key[close[0]]}?)" if close else ""


# --------------------------------------------------------------------------- classes


@attrs.frozen
class TableRules:
    """The table, deployment and shrines ([table])."""

    width: int
    depth: int
    deployment_depth: int
    shrine_count: str
    shrine_spacing: float
    shrine_reach: float
    shrine_diameter: float
    terrain_pieces: int
    terrain_min_size: float
    terrain_max_size: float


@attrs.frozen
class Movement:
    """Move allowances in inches ([movement])."""

    move: int
    mounted_bonus: int
    action_move: int
    mounted_action_move: int
    eager_move: int

    def step_move(self, mounted: bool) -> int:
        """How far a Warrior moves in a Moves step (Monsters count as mounted)."""
        return self.move + (self.mounted_bonus if mounted else 0)

    def action(self, mounted: bool) -> int:
        """How far the Move action takes a Warrior."""
        return self.mounted_action_move if mounted else self.action_move


@attrs.frozen
class Bases:
    """Base diameters in inches ([bases])."""

    foot: float
    mounted: float
    monster: float
    warmachine: float


@attrs.frozen
class Costs:
    """Finger costs ([costs]); Warrior and quality prices are in the type and quality tables."""

    budget: int
    mounted: int
    monster_mounted: int
    gun: int
    winged: int
    extra_rule: int
    free_rules: int
    warband_rules: int


@attrs.frozen
class Limits:
    """House warband limits ([limits]); ``enabled = false`` turns them off."""

    enabled: bool
    heroes: int
    monsters: int
    mages: int


@attrs.frozen
class Morale:
    pass_on: int
    half_strength: bool


@attrs.frozen
class Combat:
    critical: int
    aimed_bonus: int
    cover_penalty: int
    max_aimed: int
    base_contact: float
    melee_pushback: str


@attrs.frozen
class Bombardment:
    trigger: int
    hits: str


@attrs.frozen
class Prayer:
    points: str
    holy_bonus: int
    enemy_reach: float


@attrs.frozen
class MonsterRules:
    wounds: str
    traits: int
    trait_die: str
    hit: int
    gun_range: int
    transform_extra_on: int


@attrs.frozen
class Boomstick:
    dice: int
    range: int
    hit: int


@attrs.frozen
class Longshot:
    bonus_range: int
    new_range: int


@attrs.frozen
class SpellRules:
    stop_on: int
    wound_on: int


@attrs.frozen
class DivineRules:
    roll: str
    house_roll: str
    contest_die: str
    big_hand_radius: float


@attrs.frozen
class HeroRules:
    roles: int
    mage_split_on: int


@attrs.frozen
class TypeProfile:
    """A Warrior type.

    ``ranged_range`` is in inches, 0 when the type cannot shoot (``any_range``: no limit).
    ``ranged_hit``, ``melee_hit`` and ``save`` are the D6 scores needed, 0 when they come
    from elsewhere (a Hero's role; a Monster saves by rolling above its remaining wounds;
    a Monster shoots only with the Gun trait). ``melee_only``: the type has no ranged
    attack of its own (Gun or Longshot may still give one). ``cost`` is a fixed price
    (Hero, Monster), 0 when the quality sets the price. ``hero_role``: a Hero may pick it;
    ``takes_role``: the type is a Hero and uses its role's values.
    """

    name: str
    last_wound: str
    text: str = ""
    ranged_range: int = 0
    any_range: bool = False
    ranged_hit: int = 0
    melee_hit: int = 0
    save: int = 0
    save_above_wounds: bool = False
    melee_only: bool = False
    can_cast: bool = False
    always_sees: bool = False
    ignores_cover: bool = False
    counts_as_mounted: bool = False
    large_base: bool = False
    has_quality: bool = True
    fixed_quality: str = ""
    hero_role: bool = False
    takes_role: bool = False
    cost: int = 0

    @property
    def can_shoot(self) -> bool:
        """True when the type itself has a ranged attack (Gun and Longshot aside)."""
        return self.any_range or (self.ranged_range > 0 and self.ranged_hit > 0)


@attrs.frozen
class Quality:
    """A quality level: attack dice, wounds, morale dice, spell-stop dice and cost."""

    name: str
    attack_dice: int
    wounds: int
    morale_dice: int
    stop_dice: int
    cost: int
    hero_only: bool = False


@attrs.frozen
class BonusRule:
    number: int
    name: str
    summary: str


@attrs.frozen
class MonsterTrait:
    """A Monster trait; ``bonus_rule`` names the bonus rule it duplicates (applied once)."""

    number: int
    name: str
    summary: str
    bonus_rule: str = ""
    last_wound: str = ""


@attrs.frozen
class ExtraTrait:
    """Gun or Winged, bought for a Monster."""

    number: int
    name: str
    summary: str
    bonus_rule: str = ""
    range: int = 0


@attrs.frozen
class MercenaryPart:
    """One form of a mercenary (the Piggun joined, or one of its halves)."""

    name: str
    type: str
    last_wound: str
    quality: str = ""
    mounted: bool = False
    wounds: int = 0
    traits: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    every_hit_wounds: bool = False
    explodes_on: int = 0


@attrs.frozen
class Mercenary:
    name: str
    summary: str
    cost: int
    free_rule: bool
    joined: MercenaryPart
    front: MercenaryPart
    back: MercenaryPart


@attrs.frozen
class Entry:
    """One result of a random table: it covers rolls ``low``..``high``."""

    low: int
    high: int
    id: str
    name: str
    text: str = ""
    dies: bool = False
    keeps_wound: bool = False
    dice: str = ""
    hits: str = ""
    reach: int = 0
    on: int = 0
    grants: str = ""


@attrs.frozen
class RoundKind:
    """One result of the round-order roll and the steps it plays, in order."""

    low: int
    high: int
    id: str
    name: str
    steps: tuple[str, ...]
    actions: tuple[str, ...] = ()
    melee_at_once: bool = False

    def allows(self, action: str) -> bool:
        """True when this round's Actions steps allow ``action``."""
        return not self.actions or action in self.actions


@attrs.frozen
class RoundTable:
    die: str
    results: tuple[RoundKind, ...]


@attrs.frozen
class RollTable:
    """A random table: roll ``die`` and look the result up."""

    die: str
    results: tuple[Entry, ...]
    name: str = ""

    def lookup(self, roll: int) -> Entry:
        return lookup(self.results, roll, self.name or "table")


@attrs.frozen
class SpellTables:
    targets: RollTable
    effects: RollTable


@attrs.frozen
class DivineTable:
    results: tuple[Entry, ...]


def lookup(entries: Iterable[Any], roll: int, what: str = "table") -> Any:
    """The entry of ``entries`` whose ``low``..``high`` covers ``roll``."""
    for entry in entries:
        if entry.low <= roll <= entry.high:
            return entry
    raise SetupError(f"{what} has no entry for a roll of {roll}")


@attrs.frozen
class Content:
    """Everything Chob-Noggoth reads from data."""

    table: TableRules
    movement: Movement
    bases: Bases
    costs: Costs
    limits: Limits
    morale: Morale
    combat: Combat
    bombardment: Bombardment
    prayer: Prayer
    monster: MonsterRules
    boomstick: Boomstick
    longshot: Longshot
    spell_rules: SpellRules
    divine_rules: DivineRules
    hero: HeroRules
    types: dict[str, TypeProfile]
    qualities: dict[str, Quality]
    bonus_rules: dict[str, BonusRule]
    monster_traits: dict[str, MonsterTrait]
    extra_traits: dict[str, ExtraTrait]
    mercenaries: dict[str, Mercenary]
    rounds: RoundTable
    last_wound: dict[str, RollTable]
    spells: SpellTables
    divine: DivineTable
    #: what is worked out from this content alone (and plain values), filled as games ask (kept here so it dies
    #: with the content; not part of equality or hash): "found" (the keys :meth:`find` found, by (kind, name)),
    #: "last_wound" (the AI's odds of each last-wound table), "ai.numbers" (see ``ai.evaluation.shared_numbers``)
    derived: dict[str, Any] = attrs.field(init=False, eq=False, repr=False,
                                                     factory=lambda: {"found": {}, "last_wound": {}})

    # -- look-ups by name (case-insensitive) --------------------------------------------
    def profile(self, name: str) -> TypeProfile:
        """The type called ``name`` (any case)."""
        return self.types[self.find("type", name)]

    def quality(self, name: str) -> Quality:
        return self.qualities[self.find("quality", name)]

    def bonus_rule(self, name: str) -> BonusRule:
        return self.bonus_rules[self.find("bonus rule", name)]

    def find(self, kind: str, name: str) -> str:
        """The key of ``name`` among the ``kind`` names ("type", "quality", "bonus rule",
        "monster trait", "extra trait", "mercenary"); a SetupError line if there is none.

        Names found are kept per content (the rules look a warrior's type and quality up many times a
        decision); content is frozen once built."""
        known = self.derived["found"]
        hit = known.get((kind, name))
        if hit is not None:
            return hit
        found = self.key(kind, name)
        if found is None:
            table = self.table_of(kind)
            choices = [v.name for v in table.values()]
            raise SetupError(f"unknown {kind} '{name}'{suggest(name, choices)}")
        if len(known) < 4096:
            known[(kind, name)] = found
        return found

    def key(self, kind: str, name: str) -> str | None:
        """The key of ``name`` among the ``kind`` names, matched by key or display name."""
        table = self.table_of(kind)
        k = key_of(name)
        if k in table:
            return k
        for key, value in table.items():
            if key_of(value.name) == k:
                return key
        return None

    def table_of(self, kind: str) -> Mapping[str, Any]:
        """The named things of one ``kind`` by key (see :meth:`find`)."""
        tables: dict[str, Mapping[str, Any]] = {
            "type": self.types, "quality": self.qualities, "bonus rule": self.bonus_rules,
            "monster trait": self.monster_traits, "extra trait": self.extra_traits,
            "mercenary": self.mercenaries,
        }  # fmt: skip
        return tables[kind]

    # -- numbered and rolled look-ups ---------------------------------------------------
    def bonus_rule_number(self, number: int) -> str:
        """The key of bonus rule ``number`` (1-15), e.g. for Blessing's random rule."""
        return _by_number(self.bonus_rules, number, "bonus rule")

    def monster_trait_number(self, number: int) -> str:
        """The key of Monster trait ``number`` (1-6), for a rolled trait."""
        return _by_number(self.monster_traits, number, "Monster trait")

    def round_kind(self, roll: int) -> RoundKind:
        return lookup(self.rounds.results, roll, "the round-order table")

    def last_wound_result(self, table: str, roll: int) -> Entry:
        return lookup(self.last_wound[table].results, roll, f"the {table} last-wound table")

    def spell_target(self, roll: int) -> Entry:
        return lookup(self.spells.targets.results, roll, "the spell target table")

    def spell_effect(self, roll: int) -> Entry:
        return lookup(self.spells.effects.results, roll, "the spell effect table")

    def divine_result(self, roll: int) -> Entry:
        return lookup(self.divine.results, roll, "the Divine Intervention table")

    # -- derived numbers ----------------------------------------------------------------
    def hero_roles(self) -> tuple[str, ...]:
        """Keys of the types a Hero may pick as roles."""
        return tuple(k for k, t in self.types.items() if t.hero_role)

    def base_diameter(self, type_key: str, mounted: bool) -> float:
        """A Warrior's base size: Monsters, Warmachines and Mounted Warriors are large."""
        profile = self.types[type_key]
        if profile.counts_as_mounted:
            return self.bases.monster
        if profile.large_base:
            return max(self.bases.warmachine, self.bases.mounted if mounted else 0)
        return self.bases.mounted if mounted else self.bases.foot

    def trait_rules(self, traits: Iterable[str]) -> frozenset[str]:
        """The bonus rules that Monster or extra traits duplicate (e.g. Big, Hardened, Winged)."""
        found = set()
        for trait in traits:
            spec = self.monster_traits.get(trait) or self.extra_traits.get(trait)
            if spec is not None and spec.bonus_rule:
                found.add(spec.bonus_rule)
        return frozenset(found)


def _by_number(table: Mapping[str, Any], number: int, what: str) -> str:
    for key, value in table.items():
        if value.number == number:
            return key
    raise SetupError(f"there is no {what} number {number}")


# --------------------------------------------------------------------------- loading


def raw_content() -> dict[str, Any]:
    """The packaged TOML files merged into one dict of plain tables, before any change."""
    merged: dict[str, Any] = {}
    for name in DATA_FILES:
        _merge(merged, load_toml(PACKAGE, f"data/{name}.toml"), f"data/{name}.toml")
    return merged


def _merge(into: dict[str, Any], new: Mapping[str, Any], where: str, path: str = "") -> None:
    for key, value in new.items():
        here = f"{path}.{key}" if path else key
        if key in into and isinstance(into[key], dict) and isinstance(value, dict):
            _merge(into[key], value, where, here)
        elif key in into:
            raise SetupError(f"{WHERE}: {where} sets '{here}' again")
        else:
            into[key] = value


def load_content(extend: Callable[[dict[str, Any]], dict[str, Any] | None] | None = None) -> Content:
    """Load, optionally change, build and check the content.

    ``extend(raw)`` receives the raw tables (a fresh dict each call) and returns them (or
    new ones), or changes them in place and returns ``None``; the ruleset passes them
    through the ``skirmish_extend_content`` hook this way.
    """
    raw = raw_content()
    if extend is not None:
        changed = extend(raw)
        if isinstance(changed, Mapping):
            raw = dict(changed)
    return build_content(raw)


def build_content(raw: Mapping[str, Any]) -> Content:
    """Structure and check raw tables (as returned by :func:`raw_content`)."""
    if not isinstance(raw, Mapping):
        raise SetupError(f"{WHERE}: expected a table of tables, got {type(raw).__name__}")
    data = dict(raw)
    spells = dict(data.pop("spells", {}) or {})
    divine = dict(data.pop("divine", {}) or {})
    data["spells"] = {"targets": spells.pop("targets", None), "effects": spells.pop("effects", None)}
    data["spell_rules"] = spells
    data["divine"] = {"results": divine.pop("results", None)}
    data["divine_rules"] = divine
    for table in ("targets", "effects"):
        if isinstance(data["spells"][table], dict):
            data["spells"][table] = {**data["spells"][table], "name": f"spell {table}"}
    last = data.get("last_wound")
    if isinstance(last, dict):
        data["last_wound"] = {k: ({"name": k, **v} if isinstance(v, dict) else v) for k, v in last.items()}
    content = structure(data, Content, where=WHERE, cache=True)
    problems = check_content(content)
    if problems:
        raise SetupError(f"{WHERE}: " + _numbered(problems))
    return content


def _numbered(problems: list[str]) -> str:
    if len(problems) == 1:
        return problems[0]
    return f"{len(problems)} problems: " + "; ".join(f"({i}) {p}" for i, p in enumerate(problems, 1))


def dice_range(expr: str) -> tuple[int, ...]:
    """Every result a dice expression can roll, in order."""
    return tuple(sorted(parse_dice(expr).distribution()))


def check_content(content: Content) -> list[str]:
    """Everything in ``content`` that makes no sense, one short line each."""
    problems: list[str] = []

    def dice_ok(what: str, expr: str) -> tuple[int, ...]:
        try:
            return dice_range(expr)
        except Exception as exc:  # DiceError, with its own message
            problems.append(f"{what}: bad dice '{expr}': {exc}")
            return ()

    def covers(what: str, entries: Iterable[Any], results: Iterable[int]) -> None:
        entries = list(entries)
        for entry in entries:
            if entry.low > entry.high:
                problems.append(f"{what}: entry '{entry.id}' runs {entry.low}-{entry.high}")
        for roll in results:
            hits = [e.id for e in entries if e.low <= roll <= e.high]
            if len(hits) != 1:
                problems.append(f"{what}: a roll of {roll} matches {len(hits)} entries ({', '.join(hits) or 'none'})")

    for expr, what in ((content.table.shrine_count, "table.shrine_count"), (content.monster.wounds, "monster.wounds"),
                       (content.bombardment.hits, "bombardment.hits"), (content.prayer.points, "prayer.points"),
                       (content.combat.melee_pushback, "combat.melee_pushback"),
                       (content.divine_rules.contest_die, "divine.contest_die")):
        dice_ok(what, expr)
    t = content.table
    if t.width <= 0 or t.depth <= 2 * t.deployment_depth:
        problems.append(f"table: {t.width} x {t.depth} leaves no room between the {t.deployment_depth}\" strips")
    if not 0 < t.terrain_min_size <= t.terrain_max_size:
        problems.append("table: terrain sizes must satisfy 0 < terrain_min_size <= terrain_max_size")

    # types and qualities
    for key, profile in content.types.items():
        if profile.last_wound not in content.last_wound:
            problems.append(f"type '{key}': unknown last-wound table '{profile.last_wound}'")
        if profile.fixed_quality and profile.fixed_quality not in content.qualities:
            problems.append(f"type '{key}': unknown fixed_quality '{profile.fixed_quality}'")
        for field in ("ranged_hit", "melee_hit", "save"):
            value = getattr(profile, field)
            if not 0 <= value <= 6:
                problems.append(f"type '{key}': {field} must be 0-6, not {value}")
    if len(content.hero_roles()) < content.hero.roles:
        problems.append(f"hero: {content.hero.roles} roles needed but only {len(content.hero_roles())} types allow it")
    for key, quality in content.qualities.items():
        if quality.attack_dice < 0 or quality.wounds < 1 or quality.cost < 0:
            problems.append(f"quality '{key}': needs wounds >= 1 and no negative numbers")

    # numbered lists
    for what, table in (("bonus rules", content.bonus_rules), ("Monster traits", content.monster_traits),
                        ("extra traits", content.extra_traits)):
        numbers = sorted(v.number for v in table.values())
        if numbers != list(range(1, len(numbers) + 1)):
            problems.append(f"{what}: numbers must run 1..{len(numbers)} once each, not {numbers}")
    trait_die = dice_ok("monster.trait_die", content.monster.trait_die)
    if trait_die and set(trait_die) - {v.number for v in content.monster_traits.values()}:
        problems.append(f"monster.trait_die '{content.monster.trait_die}' can roll a number with no trait")
    for key, trait in (*content.monster_traits.items(), *content.extra_traits.items()):
        if trait.bonus_rule and trait.bonus_rule not in content.bonus_rules:
            problems.append(f"trait '{key}': unknown bonus rule '{trait.bonus_rule}'")

    # mercenaries
    for key, merc in content.mercenaries.items():
        for part in (merc.joined, merc.front, merc.back):
            where = f"mercenary '{key}' part '{part.name}'"
            if part.type not in content.types:
                problems.append(f"{where}: unknown type '{part.type}'")
            if part.quality and part.quality not in content.qualities:
                problems.append(f"{where}: unknown quality '{part.quality}'")
            if part.last_wound not in content.last_wound and part.last_wound != "split":
                problems.append(f"{where}: unknown last-wound table '{part.last_wound}'")
            for rule in part.rules:
                if rule not in content.bonus_rules:
                    problems.append(f"{where}: unknown bonus rule '{rule}'")
            for trait in part.traits:
                if trait not in content.monster_traits and trait not in content.extra_traits:
                    problems.append(f"{where}: unknown trait '{trait}'")

    # round order
    covers("rounds", content.rounds.results, dice_ok("rounds.die", content.rounds.die))
    for kind in content.rounds.results:
        bad = [s for s in kind.steps if s not in STEP_NAMES]
        if bad:
            problems.append(f"round '{kind.id}': unknown steps {bad} (known: {', '.join(STEP_NAMES)})")
        if not kind.steps or kind.steps[-1] != "end":
            problems.append(f"round '{kind.id}': the last step must be 'end'")
        bad = [a for a in kind.actions if a not in ACTION_NAMES]
        if bad:
            problems.append(f"round '{kind.id}': unknown actions {bad} (known: {', '.join(ACTION_NAMES)})")

    # last-wound, spell and divine tables
    for key in LAST_WOUND_TABLES:
        if key not in content.last_wound:
            problems.append(f"last_wound: the '{key}' table is missing")
    for key, table in content.last_wound.items():
        covers(f"last_wound.{key}", table.results, dice_ok(f"last_wound.{key}.die", table.die))
        for entry in table.results:
            if entry.dies == entry.keeps_wound:
                problems.append(f"last_wound.{key} '{entry.id}': exactly one of dies / keeps_wound must be true")
    for name, table in (("spells.targets", content.spells.targets), ("spells.effects", content.spells.effects)):
        covers(name, table.results, dice_ok(f"{name}.die", table.die))
    divine = content.divine_rules
    for expr, what in ((divine.roll, "divine.roll"), (divine.house_roll, "divine.house_roll")):
        covers(what, content.divine.results, dice_ok(what, expr))
    for entry in content.divine.results:
        if entry.grants and entry.grants not in content.bonus_rules:
            problems.append(f"divine '{entry.id}': grants unknown bonus rule '{entry.grants}'")
    for table_entries in (*(t.results for t in content.last_wound.values()), content.spells.effects.results,
                          content.divine.results):
        for entry in table_entries:
            for expr in (entry.dice, entry.hits):
                if expr:
                    dice_ok(f"entry '{entry.id}'", expr)
    return problems
