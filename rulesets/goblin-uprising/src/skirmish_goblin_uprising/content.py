"""Content is data: the board, dice, classes, cards, enemies and Tyrants of Goblin Uprising, read from TOML.

The rulebook prints no card, sheet or die contents, so the built-in set (``data/``) is house content. A
player who owns the box can write the real texts in the same format and load them with a content directory
(``setup["content"] = DIR``): each file found there replaces the built-in file of the same name, and each
``tyrants/*.toml`` adds (or replaces, by id) a Tyrant. Every effect names a rule function the code knows
(:data:`EFFECTS`); :func:`load_content` checks names, cross references and skill-tree prerequisites and
reports the first problem as one :class:`skirmish.SetupError` line naming the file and entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attr
import attrs

from skirmish import RegionMap, SetupError, cached_build

PACKAGE = "skirmish_goblin_uprising"
FILES = ("board", "dice", "classes", "tribes", "goblins", "adventures", "tokens", "guardians", "pets", "enemies",
         "difficulty")

#: Effect names the rules code implements, by where they may appear.
EFFECTS: dict[str, frozenset[str]] = {
    # combat: ability effects and goblin uprising effects
    "combat": frozenset({"damage", "shield", "weaken", "silence", "piercing", "draw", "heal", "rally", "cleave_all",
                         "bonus_if_essence", "bonus_vs_damaged", "swap", "essence", "ignore_armor", "reroll"}),
    # a goblin's hero-turn effect
    "turn": frozenset({"free_move", "essence", "interact_adjacent", "draw_discard", "peek", "renown_if_troop",
                       "extra_action", "heal"}),
    # what a hero gains or loses (adventures, tokens, quests)
    "gain": frozenset({"renown", "essence", "goblins", "heal", "pet", "refresh_tribe", "quest", "damage",
                       "lose_essence", "discard", "lose_renown", "spawn_here"}),
    "tribe": frozenset({"reroll_any", "prevent", "extra_actions", "teleport", "full_heal", "survive_fall"}),
    "passive": frozenset({"fury", "free_convert", "free_first_move", "ambush", "rest_both", "inspiring_helper"}),
    "guardian_passive": frozenset({"on_kill_damage", "stone_skin", "rest_essence", "long_step", "save_ally",
                                   "renown_on_kill"}),
    "guardian_active": frozenset({"blast", "heal_region", "travel", "pull_hero", "heal_any", "remove_troop"}),
    "pet": frozenset({"battle_die", "thick_fur", "interact_adjacent"}),
    # what the Tyrant's side does: general entries, track spaces, scheme upkeep and reveal, behavior cards
    "tyranny": frozenset({"spawn_troop", "spawn_home", "spawn_random", "spawn_general", "damage_region",
                          "damage_ring", "damage_all", "discard_region", "discard_all", "drain_all",
                          "lose_renown_all", "armor", "tyrant_heal", "aggressive", "reveal_behavior", "oppress",
                          "quest", "heal_full", "flight", "countdown", "spawn_all_generals", "undying"}),
    "power": frozenset({"drain_essence", "extra_damage", "lose_renown", "discard"}),
    "ability": frozenset({"crown_on_spawn", "tax_renown", "hunt", "rising_tide"}),
    "goal": frozenset({"kills_in_round", "kills_total", "kill_general", "explore", "adventures", "clear_region",
                       "quest", "hurt_tyrant"}),
}
FACE_KEYS = ("success", "essence", "uprising", "damage", "cleave", "aimed", "drain_essence", "discard",
             "reinforce", "power")


# ----------------------------------------------------------------------------- classes


@attr.s(auto_attribs=True, frozen=True)
class Effect:
    """One named effect with its parameters. ``n`` may be a number, ``"L"`` (Leadership) or ``"L/2"``."""

    effect: str
    n: int | str = 0
    troop: str = ""
    region: str = ""
    general: str = ""
    pet: str = ""
    where: str = ""
    reward: tuple[Effect, ...] = ()

    def amount(self, leadership: int = 0) -> int:
        """``n`` as a number for a hero of this Leadership (``L/2`` rounds up)."""
        if isinstance(self.n, int):
            return self.n
        return leadership if self.n == "L" else -(-leadership // 2)


@attr.s(auto_attribs=True, frozen=True)
class RegionSpec:
    id: str
    name: str
    troop: str
    die_face: str = ""


@attr.s(auto_attribs=True, frozen=True)
class SpaceSpec:
    id: str
    name: str = ""
    region: str = ""
    spawn: bool = False
    spot: int = 0
    village: bool = False


@attr.s(auto_attribs=True, frozen=True)
class Board:
    name: str
    castle: str
    throne: str
    adjacency: tuple[tuple[str, str], ...]
    regions: tuple[RegionSpec, ...]
    spaces: tuple[SpaceSpec, ...]


@attr.s(auto_attribs=True, frozen=True)
class Face:
    success: int = 0
    essence: bool = False
    uprising: bool = False
    damage: int = 0
    cleave: bool = False
    aimed: bool = False
    drain_essence: int = 0
    discard: int = 0
    reinforce: int = 0
    power: bool = False


@attr.s(auto_attribs=True, frozen=True)
class DieSpec:
    name: str
    faces: tuple[str, ...]
    results: dict[str, Face]


@attr.s(auto_attribs=True, frozen=True)
class DiceCounts:
    enemy_per_attack: int = 1
    tyrant_per_attack: int = 2
    adventure: int = 5
    helper: int = 1


@attr.s(auto_attribs=True, frozen=True)
class Ability:
    id: str
    name: str
    level: int
    dice: int
    piercing: bool = False
    requires: str = ""
    effects: tuple[Effect, ...] = ()


@attr.s(auto_attribs=True, frozen=True)
class HeroClass:
    name: str
    hp: int
    leadership: int
    essence: int
    passive: str
    abilities: tuple[Ability, ...]
    token: str = ""
    pet: str = ""
    _by_id: dict[str, Ability] = attr.ib(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {a.id: a for a in self.abilities})

    def ability(self, aid: str) -> Ability:
        return self._by_id[aid]


@attr.s(auto_attribs=True, frozen=True)
class Tribe:
    name: str
    effect: str
    n: int = 0


@attr.s(auto_attribs=True, frozen=True)
class GoblinCard:
    name: str
    copies: int
    uprising: Effect
    turn: Effect


@attr.s(auto_attribs=True, frozen=True)
class Adventure:
    id: str
    name: str
    difficulty: int
    green: tuple[Effect, ...]
    red: tuple[Effect, ...]


@attr.s(auto_attribs=True, frozen=True)
class TokenSpec:
    id: str
    name: str
    copies: int
    effects: tuple[Effect, ...]


@attr.s(auto_attribs=True, frozen=True)
class Guardian:
    name: str
    passive: Effect
    active: Effect


@attr.s(auto_attribs=True, frozen=True)
class Pet:
    name: str
    effect: str
    n: int = 0


@attr.s(auto_attribs=True, frozen=True)
class Troop:
    name: str
    hp: int
    damage: int
    count: int
    aggressive: bool = False


@attr.s(auto_attribs=True, frozen=True)
class General:
    name: str
    hp: int
    damage: int
    region: str
    entry: tuple[Effect, ...] = ()
    aggressive: bool = True


@attr.s(auto_attribs=True, frozen=True)
class Difficulty:
    """A difficulty level (house rule): the Tyrant's HP in percent of its team-scaled HP, then ``hp`` added; Royal
    Armor tokens added; the destruction marker ``start`` spaces down before the first round."""

    name: str
    hp_percent: int = 100
    hp: int = 0
    armor: int = 0
    start: int = 0


@attr.s(auto_attribs=True, frozen=True)
class TyrantAbility:
    name: str
    effect: str
    troop: str = ""
    n: int = 0
    general: str = ""


@attr.s(auto_attribs=True, frozen=True)
class TrackSpace:
    rolls: int
    effects: tuple[Effect, ...] = ()


@attr.s(auto_attribs=True, frozen=True)
class Goal:
    condition: str
    n: int = 0
    region: str = ""


@attr.s(auto_attribs=True, frozen=True)
class Scheme:
    id: str
    name: str
    goal: Goal
    first: bool = False
    reveal: tuple[Effect, ...] = ()
    upkeep: tuple[Effect, ...] = ()
    renown: int = 2
    armor: int = 1


@attr.s(auto_attribs=True, frozen=True)
class Behavior:
    id: str
    name: str
    effects: tuple[Effect, ...]


@attr.s(auto_attribs=True, frozen=True)
class Tyrant:
    id: str
    name: str
    race: str
    home: str
    hp: int
    damage: int
    armor: int
    ability: TyrantAbility
    track: tuple[TrackSpace, ...]
    schemes: tuple[Scheme, ...]
    behaviors: tuple[Behavior, ...]
    power: tuple[Effect, ...] = ()
    oppress: int = 2
    pressure: str = ""
    # its schemes by id, built with it (so it dies with this Tyrant; not part of equality or hash)
    _by_id: dict[str, Scheme] = attr.ib(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {s.id: s for s in self.schemes})

    def scheme(self, sid: str) -> Scheme:
        return self._by_id[sid]

    def behavior(self, bid: str) -> Behavior:
        return next(b for b in self.behaviors if b.id == bid)


@attr.s(auto_attribs=True, frozen=True)
class Content:
    """Everything the rules read, built and checked once."""

    board: Board
    rmap: RegionMap
    dice: dict[str, DieSpec]
    counts: DiceCounts
    classes: dict[str, HeroClass]
    tribes: dict[str, Tribe]
    goblins: dict[str, GoblinCard]
    adventures: dict[str, Adventure]
    tokens: dict[str, TokenSpec]
    guardians: dict[str, Guardian]
    pets: dict[str, Pet]
    troops: dict[str, Troop]
    generals: dict[str, General]
    difficulties: dict[str, Difficulty]
    default_difficulty: str
    tyrants: dict[str, Tyrant]
    scale_hp: tuple[int, ...] = ()
    scale_armor: tuple[int, ...] = ()
    source: str = "built-in house set"
    _look: dict[str, dict[Any, Any]] = attr.ib(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        b = self.board
        object.__setattr__(self, "_look", {
            "region": {r.id: r for r in b.regions}, "troop": {r.troop: r.id for r in b.regions},
            "face": {r.die_face: r.id for r in b.regions if r.die_face},
            "spawn": {s.region: s.id for s in b.spaces if s.spawn and s.region},
            "name": {s.id: s.name or s.id for s in b.spaces},
            "space_region": {s: self.rmap.space(s).region for s in self.rmap.space_ids},
            # hops between every two spaces (the region map is fixed: worked out once per content set)
            "dist": {s: dict(self.rmap.distances_from(s)) for s in self.rmap.space_ids},
            "memo": {}})  # texts and option lists the rules build from content alone (filled as games ask)

    # -- board look-ups --------------------------------------------------------
    def region_spec(self, rid: str) -> RegionSpec:
        return self._look["region"][rid]

    def region_of_troop(self, troop: str) -> str:
        return self._look["troop"][troop]

    def region_of_face(self, face: str) -> str:
        return self._look["face"][face]

    def spawn_space(self, region: str) -> str:
        return self._look["spawn"][region]

    @property
    def villages(self) -> list[str]:
        return [s.id for s in self.board.spaces if s.village]

    @property
    def spots(self) -> list[str]:
        """Spaces with exploration numbers, in number order."""
        return [s.id for s in sorted((s for s in self.board.spaces if s.spot), key=lambda s: s.spot)]

    def hops(self, space: str) -> dict[str, int]:
        """Moves from ``space`` to every space it reaches (precomputed; do not change the table)."""
        return self._look["dist"][space]

    @property
    def memo(self) -> dict[Any, Any]:
        """A cache for what the rules build from this content alone (option lists, texts)."""
        return self._look["memo"]

    def space_name(self, sid: str) -> str:
        return self._look["name"].get(sid, sid)

    def region_name(self, rid: str) -> str:
        return next((r.name for r in self.board.regions if r.id == rid), rid)


# ----------------------------------------------------------------------------- loading

# the full types of the fields whose annotation is generic: a compiled (mypyc) class keeps only each annotation's
# runtime class (``tuple``, ``dict``, ``type``), and cattrs needs the whole type to build the content; in pure Python
# these are the types the annotations already say
_FULL_TYPES: dict[type, dict[str, Any]] = {
    Effect: {"n": int | str, "reward": tuple[Effect, ...]},
    Board: {"adjacency": tuple[tuple[str, str], ...], "regions": tuple[RegionSpec, ...],
            "spaces": tuple[SpaceSpec, ...]},
    DieSpec: {"faces": tuple[str, ...], "results": dict[str, Face]},
    Ability: {"effects": tuple[Effect, ...]},
    HeroClass: {"abilities": tuple[Ability, ...], "_by_id": dict[str, Ability]},
    Adventure: {"green": tuple[Effect, ...], "red": tuple[Effect, ...]},
    TokenSpec: {"effects": tuple[Effect, ...]},
    General: {"entry": tuple[Effect, ...]},
    TrackSpace: {"effects": tuple[Effect, ...]},
    Scheme: {"reveal": tuple[Effect, ...], "upkeep": tuple[Effect, ...]},
    Behavior: {"effects": tuple[Effect, ...]},
    Tyrant: {"track": tuple[TrackSpace, ...], "schemes": tuple[Scheme, ...], "behaviors": tuple[Behavior, ...],
             "power": tuple[Effect, ...]},
}


def _resolve_types() -> None:
    """Give every content class's attrs fields their full types (see :data:`_FULL_TYPES`), once."""
    for cls in list(globals().values()):
        if isinstance(cls, type) and attrs.has(cls) and cls.__module__ == __name__:
            attrs.resolve_types(cls)  # marks the class resolved, so cattrs does not resolve it again
            for field in attrs.fields(cls):
                full = _FULL_TYPES.get(cls, {}).get(field.name)
                if full is not None:
                    object.__setattr__(field, "type", full)


_resolve_types()

def _int_or_str(value: Any, _type: Any) -> int | str:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(f"n must be a whole number, 'L' or 'L/2', not {value!r}")
    if isinstance(value, str) and value not in ("L", "L/2"):
        raise ValueError(f"n must be a whole number, 'L' or 'L/2', not {value!r}")
    return value


_made: list[Any] = []


def _conv() -> Any:
    """The content's converter, made on first use (kept content is read back without cattrs)."""
    if not _made:
        import cattrs

        conv = cattrs.Converter(forbid_extra_keys=True)
        conv.register_structure_hook(int | str, _int_or_str)
        _made.append(conv)
    return _made[0]


def _build(data: Any, cls: type, where: str) -> Any:
    import cattrs

    try:
        return _conv().structure(data, cls)
    except cattrs.BaseValidationError as exc:
        messages = cattrs.transform_error(exc)
        text = messages[0] if messages else str(exc)
        text = text.replace("invalid value for type, expected int | str", "n must be a whole number, 'L' or 'L/2'")
        raise SetupError(f"{where}: {text}") from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise SetupError(f"{where}: {exc}") from None


#: every number a content file holds lies within these (difficulty.toml's modifiers may be negative)
MOST = 999


def _read(path: Path, where: str) -> dict[str, Any]:
    """A user's content file, through the bounded reader, each number checked (see :data:`MOST`)."""
    from skirmish import MAX_FILE_BYTES, parse_toml, read_text

    return _checked(parse_toml(read_text(path, limit=MAX_FILE_BYTES, what="content file"), where), path.name,
                    where)


def _builtin(resource: str) -> dict[str, Any]:
    """A built-in content file (kept parsed between runs by the core loader), each number checked."""
    from skirmish import load_toml

    where = f"built-in {resource}"
    return _checked(load_toml(PACKAGE, f"data/{resource}", where=where), resource.rsplit("/", 1)[-1], where)


def _checked(data: dict[str, Any], name: str, where: str) -> dict[str, Any]:
    from skirmish import check_numbers

    check_numbers(data, where, low=-MOST if name == "difficulty.toml" else 0, high=MOST)
    return data


def raw_content(directory: str | Path | None = None) -> dict[str, Any]:
    """The raw TOML data: built-in files, each replaced by a file of the same name in ``directory``."""
    from skirmish import package_names

    raw: dict[str, Any] = {}
    for name in FILES:
        raw[name] = _builtin(f"{name}.toml")
    tyrants: dict[str, Any] = {}
    for file in package_names(PACKAGE, "data/tyrants"):
        if file.endswith(".toml"):
            tyrants[file[:-5]] = _builtin(f"tyrants/{file}")
    if directory is not None:
        root = Path(directory).expanduser()
        if not root.is_dir():
            raise SetupError(f"content directory {root} does not exist (or is not a directory)")
        known = set(FILES) | {"tyrants"}
        for path in sorted(root.iterdir()):
            stem = path.stem
            if path.is_file() and path.suffix == ".toml":
                if stem not in FILES:
                    raise SetupError(f"{path}: unknown content file (known: {', '.join(FILES)}, tyrants/*.toml)")
                raw[stem] = _read(path, str(path))
            elif path.is_dir() and path.name == "tyrants":
                for tpath in sorted(path.glob("*.toml")):
                    data = _read(tpath, str(tpath))
                    tyrants[str(data.get("id", tpath.stem))] = data
            elif path.name not in known and not path.name.startswith("."):
                raise SetupError(f"{path}: not a content file (expected *.toml or a tyrants/ folder)")
    raw["tyrants"] = tyrants
    return raw


def load_content(directory: str | Path | None = None,
                 extend: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> Content:
    """Read, (let plugins) change, build and check the content; one SetupError line on any problem."""
    raw = raw_content(directory)
    if extend is not None:
        raw = extend(raw)
    where = f"content {directory}" if directory is not None else "built-in content"
    content = cached_build(lambda data: build_content(data, where), raw, kind=f"{__name__}.Content")
    if directory is not None:
        content = attrs.evolve(content, source=str(directory))
    return content


def _table(raw: Mapping[str, Any], key: str, cls: type, file: str) -> dict[str, Any]:
    data = raw.get(key, {}) if key else raw
    if not isinstance(data, Mapping):
        raise SetupError(f"{file}: {key or 'the file'} should be a table of entries")
    return {k: _build(v, cls, f"{file} [{k}]") for k, v in data.items()}


def build_content(raw: Mapping[str, Any], where: str = "content") -> Content:
    """Build :class:`Content` from raw data and check it (see module notes)."""
    board = _build(raw["board"], Board, "board.toml")
    try:
        rmap = RegionMap.from_dict({"name": board.name, "adjacency": [list(e) for e in board.adjacency],
                                    "regions": [{"id": r.id, "name": r.name} for r in board.regions],
                                    "spaces": [{"id": s.id, "region": s.region, "name": s.name,
                                                "tags": [t for t, on in (("spawn", s.spawn), ("village", s.village))
                                                         if on]} for s in board.spaces]})
    except SetupError as exc:
        raise SetupError(f"board.toml: {exc}") from None
    dice_raw = dict(raw["dice"])
    counts = _build(dice_raw.pop("counts", {}), DiceCounts, "dice.toml [counts]")
    dice = _table(dice_raw, "", DieSpec, "dice.toml")
    enemies = raw["enemies"]
    diff_raw = dict(raw["difficulty"])
    default = str(diff_raw.pop("default", "normal"))
    scale_hp = diff_raw.pop("scale_hp", [])
    scale_armor = diff_raw.pop("scale_armor", [])
    for name, scale in (("scale_hp", scale_hp), ("scale_armor", scale_armor)):
        if not isinstance(scale, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in scale):
            raise SetupError(f"difficulty.toml: {name} must be a list of whole numbers (one per team size)")
    tyrants = {}
    for key, data in raw["tyrants"].items():
        tyrants[key] = _build(data, Tyrant, f"tyrants/{key}.toml")
    adventures_raw = raw["adventures"].get("cards", [])
    tokens_raw = raw["tokens"].get("tokens", [])
    content = Content(
        board=board, rmap=rmap, dice=dice, counts=counts,
        classes=_table(raw["classes"], "", HeroClass, "classes.toml"),
        tribes=_table(raw["tribes"], "", Tribe, "tribes.toml"),
        goblins=_table(raw["goblins"], "", GoblinCard, "goblins.toml"),
        adventures={a.id: a for a in (_build(c, Adventure, f"adventures.toml card {i + 1}")
                                      for i, c in enumerate(adventures_raw))},
        tokens={t.id: t for t in (_build(c, TokenSpec, f"tokens.toml token {i + 1}")
                                  for i, c in enumerate(tokens_raw))},
        guardians=_table(raw["guardians"], "", Guardian, "guardians.toml"),
        pets=_table(raw["pets"], "", Pet, "pets.toml"),
        troops=_table(enemies, "troops", Troop, "enemies.toml"),
        generals=_table(enemies, "generals", General, "enemies.toml"),
        difficulties=_table(diff_raw, "", Difficulty, "difficulty.toml"),
        default_difficulty=default, tyrants=tyrants, scale_hp=tuple(scale_hp), scale_armor=tuple(scale_armor))
    check_content(content)
    return content


def _suggest(name: str, known: Any) -> str:
    import difflib

    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


def _check_effects(effects: Any, context: str, where: str, c: Content) -> None:
    for e in effects:
        names = EFFECTS[context]
        if e.effect not in names:
            raise SetupError(f"{where}: unknown {context} effect {e.effect!r}{_suggest(e.effect, names)}")
        if e.troop and e.troop not in c.troops:
            raise SetupError(f"{where}: effect {e.effect} names unknown troop {e.troop!r}{_suggest(e.troop, c.troops)}")
        if e.general and e.general != "random" and e.general not in c.generals:
            raise SetupError(f"{where}: effect {e.effect} names unknown general {e.general!r}")
        if e.region and e.region not in {r.id for r in c.board.regions}:
            raise SetupError(f"{where}: effect {e.effect} names unknown region {e.region!r}")
        if e.pet and e.pet != "any" and e.pet not in c.pets:
            raise SetupError(f"{where}: effect {e.effect} names unknown pet {e.pet!r}")
        if e.effect in ("spawn_troop",) and not e.troop:
            raise SetupError(f"{where}: effect spawn_troop needs a troop")
        if e.effect == "spawn_general" and not e.general:
            raise SetupError(f"{where}: effect spawn_general needs a general (or \"random\")")
        if e.effect == "damage_region" and not e.region and context != "tyranny":
            raise SetupError(f"{where}: effect damage_region needs a region")
        _check_effects(e.reward, "gain", f"{where} (quest reward)", c)


def check_content(c: Content) -> None:
    """Cross-reference checks that types alone cannot make; raises one SetupError line."""
    regions = {r.id: r for r in c.board.regions}
    if c.board.castle not in regions:
        raise SetupError(f"board.toml: castle {c.board.castle!r} is not a region")
    if c.board.throne not in c.rmap:
        raise SetupError(f"board.toml: throne {c.board.throne!r} is not a space")
    for r in c.board.regions:
        if r.troop not in c.troops:
            raise SetupError(f"board.toml: region {r.id} holds unknown troop {r.troop!r}{_suggest(r.troop, c.troops)}")
        if sum(1 for s in c.board.spaces if s.region == r.id and s.spawn) != 1:
            raise SetupError(f"board.toml: region {r.id} needs exactly one spawn space")
    if not c.villages:
        raise SetupError("board.toml: the board has no village spaces")
    for s in c.board.spaces:
        if s.village and s.region:
            raise SetupError(f"board.toml: village {s.id} must not be in a region")
    for key in ("goblin", "enemy", "tyrant", "region"):
        if key not in c.dice:
            raise SetupError(f"dice.toml: the {key} die is missing")
    for key, die in c.dice.items():
        if len(die.faces) < 2:
            raise SetupError(f"dice.toml [{key}]: a die needs at least 2 faces")
        for face in die.faces:
            if face not in die.results:
                raise SetupError(f"dice.toml [{key}]: face {face!r} has no entry in results")
    faces = {r.die_face for r in c.board.regions if r.die_face}
    for face in c.dice["region"].faces:
        if face not in faces:
            raise SetupError(f"dice.toml [region]: face {face!r} names no region (board.toml die_face)")
    for cid, cls in c.classes.items():
        where = f"classes.toml [{cid}]"
        if cls.passive not in EFFECTS["passive"]:
            raise SetupError(f"{where}: unknown passive {cls.passive!r}{_suggest(cls.passive, EFFECTS['passive'])}")
        if cls.pet and cls.pet not in c.pets:
            raise SetupError(f"{where}: unknown pet {cls.pet!r}")
        ids = {a.id: a for a in cls.abilities}
        if len(ids) != len(cls.abilities):
            raise SetupError(f"{where}: two abilities share an id")
        if not any(a.level == 1 for a in cls.abilities):
            raise SetupError(f"{where}: no level 1 ability to start with")
        for a in cls.abilities:
            if a.level > 1:
                req = ids.get(a.requires)
                if req is None:
                    raise SetupError(f"{where}: ability {a.id} requires unknown ability {a.requires!r}")
                if req.level != a.level - 1:
                    raise SetupError(f"{where}: ability {a.id} (level {a.level}) requires {req.id}, which is "
                                     f"level {req.level}, not {a.level - 1}")
            if a.dice < 0:
                raise SetupError(f"{where}: ability {a.id} rolls a negative number of dice")
            _check_effects(a.effects, "combat", f"{where} ability {a.id}", c)
    for tid, t in c.tribes.items():
        if t.effect not in EFFECTS["tribe"]:
            raise SetupError(f"tribes.toml [{tid}]: unknown tribe effect {t.effect!r}")
    for gid, g in c.goblins.items():
        _check_effects([g.uprising], "combat", f"goblins.toml [{gid}] uprising", c)
        _check_effects([g.turn], "turn", f"goblins.toml [{gid}] turn", c)
    for adv in c.adventures.values():
        _check_effects(adv.green, "gain", f"adventures.toml card {adv.id} green", c)
        _check_effects(adv.red, "gain", f"adventures.toml card {adv.id} red", c)
    for tok in c.tokens.values():
        _check_effects(tok.effects, "gain", f"tokens.toml token {tok.id}", c)
    for gid, gd in c.guardians.items():
        _check_effects([gd.passive], "guardian_passive", f"guardians.toml [{gid}] passive", c)
        _check_effects([gd.active], "guardian_active", f"guardians.toml [{gid}] active", c)
    for pid, p in c.pets.items():
        if p.effect not in EFFECTS["pet"]:
            raise SetupError(f"pets.toml [{pid}]: unknown pet effect {p.effect!r}")
    for gid, gen in c.generals.items():
        if gen.region not in regions:
            raise SetupError(f"enemies.toml [generals.{gid}]: unknown region {gen.region!r}")
        _check_effects(gen.entry, "tyranny", f"enemies.toml [generals.{gid}] entry", c)
    for key, level in c.difficulties.items():
        if level.hp_percent < 1:
            raise SetupError(f"difficulty.toml [{key}]: hp_percent must be at least 1 (got {level.hp_percent})")
    if c.default_difficulty not in c.difficulties:
        raise SetupError(f"difficulty.toml: default {c.default_difficulty!r} is not a level")
    if not c.tyrants:
        raise SetupError("no Tyrant in the content (tyrants/*.toml)")
    for key, ty in c.tyrants.items():
        where = f"tyrants/{key}.toml"
        if ty.home not in regions:
            raise SetupError(f"{where}: home {ty.home!r} is not a region")
        if not ty.track:
            raise SetupError(f"{where}: the destruction track has no spaces")
        firsts = [s for s in ty.schemes if s.first]
        if len(firsts) != 1:
            raise SetupError(f"{where}: exactly one scheme must be marked first (the '!' card), found {len(firsts)}")
        if not ty.behaviors:
            raise SetupError(f"{where}: no behavior cards")
        if ty.ability.effect not in EFFECTS["ability"]:
            raise SetupError(f"{where}: unknown Tyrannical Ability {ty.ability.effect!r}")
        if ty.ability.troop and ty.ability.troop not in c.troops:
            raise SetupError(f"{where}: the Tyrannical Ability names unknown troop {ty.ability.troop!r}")
        if ty.ability.general and ty.ability.general not in c.generals:
            raise SetupError(f"{where}: the Tyrannical Ability names unknown general {ty.ability.general!r}")
        _check_effects(ty.power, "power", f"{where} power", c)
        for i, space in enumerate(ty.track, 1):
            _check_effects(space.effects, "tyranny", f"{where} track space {i}", c)
        for sc in ty.schemes:
            if sc.goal.condition not in EFFECTS["goal"]:
                raise SetupError(f"{where} scheme {sc.id}: unknown goal {sc.goal.condition!r}"
                                 f"{_suggest(sc.goal.condition, EFFECTS['goal'])}")
            if sc.goal.region and sc.goal.region not in regions:
                raise SetupError(f"{where} scheme {sc.id}: goal names unknown region {sc.goal.region!r}")
            _check_effects(sc.reveal, "tyranny", f"{where} scheme {sc.id} reveal", c)
            _check_effects(sc.upkeep, "tyranny", f"{where} scheme {sc.id} upkeep", c)
        for b in ty.behaviors:
            _check_effects(b.effects, "tyranny", f"{where} behavior {b.id}", c)
