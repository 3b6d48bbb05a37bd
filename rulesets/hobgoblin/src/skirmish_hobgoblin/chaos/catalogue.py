"""Chaos of War: the Battlefield, Deployment and Twists tables (``data/chaos.toml``), rolled on a D66,
chosen by name in the set-up, or re-rolled.

Set-up key ``chaos``: ``"roll"`` (D3 Battlefield results, one Deployment, one Twist) or a table::

    chaos = {battlefield = "roll" | 2 | ["rubble-and-ruins"], deployment = "roll" | "scouts" | "",
             twists = "roll" | 1 | ["to-the-last"], reroll = ["tunnels"],
             place = {the-columns = [[24, 24], [48, 24]], the-marble-forest = [[36, 24, 0]]}}

A number rolls that many results; names choose; ``reroll`` lists entries rolled again whenever they come up;
``place`` fixes where the players' Battlefield pieces go (centres ``[x, y]``, The Marble Forest ``[x, y, angle]``)
instead of asking them (:mod:`skirmish_hobgoblin.chaos.battlefield_pieces`).
Entries apply through :mod:`skirmish_hobgoblin.chaos.rules` (one function per effect name).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import attrs

from skirmish import SetupError, load_toml

TABLES = ("battlefield", "deployment", "twists")
RULE = "Chaos of War"
#: the Battlefield effects whose pieces the players place before deployment (chaos/battlefield_pieces.py)
PLACED = ("place_each", "place_centreline", "place_own_half", "place_alternate", "place_columns", "place_forest",
          "place_city")


@attrs.frozen
class Entry:
    """One table entry: its table, id, printed name, D66 range, effect function name and numbers."""

    table: str
    id: str
    name: str
    low: int
    high: int
    effect: str = ""
    params: Mapping[str, Any] = attrs.field(factory=dict)
    summary: str = ""

    @property
    def playable(self) -> bool:
        return bool(self.effect)


def _entries(raw: Mapping[str, Any]) -> dict[str, dict[str, Entry]]:
    return {t: {eid: Entry(t, eid, e["name"], int(e.get("d66", (0, 0))[0]), int(e.get("d66", (0, 0))[1]),
                           e.get("effect", ""), dict(e.get("params", {})), e.get("summary", ""))
                for eid, e in raw.get(t, {}).items()} for t in TABLES}


@lru_cache(maxsize=1)
def builtin_tables() -> dict[str, dict[str, Entry]]:
    raw = load_toml("skirmish_hobgoblin", "data/chaos.toml")
    return _entries(raw)


def homebrew_entries(raw: Mapping[str, Any]) -> dict[str, dict[str, Entry]]:
    """Homebrew entries from a table shaped like ``data/chaos.toml`` (``[twists.my-twist]`` ...): chosen by name;
    without a ``d66`` range they are never rolled. A mistake is one SetupError line."""
    unknown = sorted(set(raw) - set(TABLES))
    if unknown:
        raise SetupError(f"homebrew Chaos of War: unknown table '{unknown[0]}' (tables: {', '.join(TABLES)})")
    return _entries(raw)


def tables(ruleset: Any = None) -> dict[str, dict[str, Entry]]:
    """The three tables: the printed entries, then those the ruleset's plugins add (``hobgoblin_chaos_entries``),
    kept on the ruleset (without a ruleset: the printed ones)."""
    built = builtin_tables()
    if ruleset is None:
        return built
    kept = getattr(ruleset, "_hobgoblin_chaos", None)
    if kept is None:
        from skirmish_hobgoblin import expansions

        kept = {t: dict(built[t]) for t in TABLES}
        for raw in reversed(expansions.ask(ruleset, "hobgoblin_chaos_entries")):
            for t, entries in homebrew_entries(raw).items():
                kept[t].update(entries)
        ruleset._hobgoblin_chaos = kept
    return kept


def d66(roll: int, table: str, ruleset: Any = None) -> Entry:
    """The entry of ``table`` a D66 result (11..66) gives."""
    for e in tables(ruleset)[table].values():
        if e.low <= roll <= e.high:
            return e
    raise SetupError(f"no {table} entry for D66 {roll}")


def find(table: str, name: str, ruleset: Any = None) -> Entry:
    key = _key(name)
    for e in tables(ruleset)[table].values():
        if key in (_key(e.id), _key(e.name)):
            return e
    raise SetupError(f"unknown Chaos of War {table} entry '{name}' (one of: "
                     f"{', '.join(e.id for e in tables(ruleset)[table].values())})")


def _key(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def check_spec(spec: Any, ruleset: Any = None) -> dict[str, Any]:
    """The set-up's ``chaos`` value, checked: one SetupError line for anything wrong."""
    if spec in (None, "", False):
        return {}
    if spec == "roll" or spec is True:
        spec = {"battlefield": "roll", "deployment": "roll", "twists": "roll"}
    if not isinstance(spec, Mapping):
        raise SetupError("set-up 'chaos' must be \"roll\" or a table with battlefield, deployment, twists, reroll")
    unknown = sorted(set(spec) - {*TABLES, "reroll", "place"})
    if unknown:
        raise SetupError(f"set-up 'chaos' has the unknown key '{unknown[0]}' (known: {', '.join(TABLES)}, reroll, "
                         "place)")
    out: dict[str, Any] = {}
    for t in TABLES:
        v = spec.get(t, "")
        if isinstance(v, str) and v not in ("", "roll"):
            v = [v]
        if isinstance(v, list):
            for name in v:
                find(t, str(name), ruleset)
        elif not (v in ("", "roll") or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 6)):
            raise SetupError(f"set-up chaos.{t} must be \"roll\", a number of rolls (0-6) or entry names")
        out[t] = v
    reroll = spec.get("reroll", [])
    if not isinstance(reroll, list):
        raise SetupError("set-up chaos.reroll must be a list of entry names")
    for name in reroll:
        if not any(_key(str(name)) in (_key(e.id), _key(e.name)) for t in TABLES for e in tables(ruleset)[t].values()):
            raise SetupError(f"set-up chaos.reroll names '{name}', which is in no Chaos of War table")
    out["reroll"] = [str(n) for n in reroll]
    if "place" in spec:
        out["place"] = _check_place(spec["place"], ruleset)
    return out


def _check_place(place: Any, ruleset: Any = None) -> dict[str, list[list[float]]]:
    """``chaos.place``: player-placed Battlefield entry -> list of ``[x, y]`` (``[x, y, angle]``) spots."""
    if not isinstance(place, Mapping):
        raise SetupError("set-up chaos.place must be a table: entry = [[x, y], ...]")
    out: dict[str, list[list[float]]] = {}
    for name, spots in place.items():
        e = find("battlefield", str(name), ruleset)
        if e.effect not in PLACED:
            placed = ", ".join(x.id for x in tables(ruleset)["battlefield"].values() if x.effect in PLACED)
            raise SetupError(f"set-up chaos.place: {e.name} is not placed by the players (placed: {placed})")
        n = 3 if e.effect == "place_forest" else 2
        shape = "[x, y, angle]" if n == 3 else "[x, y]"
        if not isinstance(spots, list) or not spots:
            raise SetupError(f"set-up chaos.place.{e.id} must be a list of {shape} spots")
        for spot in spots:
            if not (isinstance(spot, list) and len(spot) == n
                    and all(isinstance(v, int | float) and not isinstance(v, bool) for v in spot)):
                raise SetupError(f"set-up chaos.place.{e.id}: each spot is {shape} in inches, not {spot!r}")
        out[e.id] = [[float(v) for v in spot] for spot in spots]
    return out


def roll_entry(game: Any, table: str, reroll: list[str], taken: list[Entry]) -> Entry:
    """Roll D66 on ``table`` until the entry is neither listed in ``reroll`` nor already taken (50 tries)."""
    banned = {_key(n) for n in reroll}
    entry = None
    for _ in range(50):
        tens = game.rng.roll(6, rule=RULE, why=f"{table} (D66 tens)")
        units = game.rng.roll(6, rule=RULE, why=f"{table} (D66 units)")
        entry = d66(tens * 10 + units, table, getattr(game, "ruleset", None))
        if _key(entry.id) not in banned and _key(entry.name) not in banned and entry not in taken:
            return entry
        game.emit("chaos", f"{entry.name} is rolled again", rule=RULE)
    assert entry is not None
    return entry


def choose(game: Any, spec: Mapping[str, Any]) -> list[Entry]:
    """The battle's entries: named ones, then rolled ones (D3 Battlefield results for "roll")."""
    out: list[Entry] = []
    reroll = list(spec.get("reroll", []))
    for t in TABLES:
        v = spec.get(t, "")
        if isinstance(v, list):
            out.extend(find(t, n, getattr(game, "ruleset", None)) for n in v)
            continue
        if v == "roll":
            n = (game.rng.roll(6, rule=RULE, why="how many Battlefield results (D3)") + 1) // 2 \
                if t == "battlefield" else 1
        else:
            n = int(v or 0)
        for _ in range(n):
            out.append(roll_entry(game, t, reroll, out))
    return out


def describe(entries: list[Entry]) -> str:
    """The rolled battle as text (one line per entry)."""
    return "\n".join(f"{e.table.title():12} {e.name}: {e.summary}" + ("" if e.playable else " (not played yet)")
                     for e in entries)
