"""A unit's statistics as they stand now: Courage, Strikes, Speed, Range, and Broken.

Keyword names are as printed (``"Hero"``, ``"Tough"``); numbers come from ``data/rules.toml``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from skirmish_hobgoblin import expansions, measuring
from skirmish_hobgoblin.state import Derived, HobState, Unit, derived
from skirmish_hobgoblin.tables import kp

if TYPE_CHECKING:
    from collections.abc import Iterable

    from skirmish import Game
    from skirmish_hobgoblin.tables import BattleRules

BROKEN = "Broken"
DISTRACTED = "Distracted"
OUTMANOEUVRED = "Outmanoeuvred"


def rules_of(game: Game) -> BattleRules:
    return game.ruleset.rules


def command_bonus(state: HobState, unit: Unit, rng: float, commanders: list[tuple[Unit, int]] | None = None) -> int:
    """The best Command [x] of a friendly unit within ``rng`` (itself included); Unruly units get none.

    Ruling A28: Command from several units does not add up; the highest counts. ``commanders``: the units in
    play with Command above 0 and their values, when the caller has them (the same answer, found sooner).
    """
    if unit.has("Unruly") or state.notes.get("no-command"):
        return 0
    if commanders is None:
        commanders = commanders_of(state)
    return _command(unit, rng, commanders, unit.value("Command"))


def _command(unit: Unit, rng: float, commanders: list[tuple[Unit, int]], own: int) -> int:
    best = own if own > 0 else 0
    team = unit.team
    for f, x in commanders:
        if x > best and f.id != unit.id and (f.team == team if team else f.side == unit.side) and \
                measuring.gap(unit, f) <= rng:
            best = x
    return best


def commanders_of(state: HobState) -> list[tuple[Unit, int]]:
    """Units in play with Command above 0, with their Command (for :func:`command_bonus`)."""
    return [(u, x) for u in state.in_play() if (x := u.value("Command")) > 0]


def courage(game: Game, unit: Unit, commanders: list[tuple[Unit, int]] | None = None) -> int:
    """Courage now: type value, Horde, scenario bonus, Command, Stubborn, Outmanoeuvred, Courage [+x]."""
    return _courage(game, unit, None, commanders)


def _holders_read(d: Derived, commanders: list[tuple[Unit, int]]) -> list[tuple[str, int]]:
    """The Command holders' (id, Command) pairs, kept for the last list given (``Derived.holders``: refresh_all
    hands every unit the same list)."""
    held = d.holders
    if held[0] is not commanders:
        held[0], held[1] = commanders, [(f.id, x) for f, x in commanders]
    return held[1]  # type: ignore[no-any-return]


def _courage(game: Game, unit: Unit, names: set[str] | None, commanders: list[tuple[Unit, int]] | None) -> int:
    """:func:`courage` with the names of the unit's keywords at hand when read already; kept for the arrangement
    of units while the unit's keywords and Courage, the notes and the Command holders are the same."""
    state = game.state
    if state.units.get(unit.id) is not unit:
        return _courage_now(game, unit, {e.name for e in unit.keywords.entries} if names is None else names,
                            commanders)
    if commanders is None:
        commanders = commanders_of(state)
    notes = state.notes
    d = derived(state)
    read = (id(game.ruleset), tuple(unit.keywords.entries), unit.courage, unit.courage_bonus, unit.in_play,
            notes.get("no-command"), notes.get("command-range"), _holders_read(d, commanders))
    memo = measuring.kept(state)
    found = memo.get(("courage", unit.id))
    if found is not None and found[0] == read:
        return found[1]
    # a new arrangement: the value is the same while the unit, its place, the Command holders with their places and
    # the enemies touching it with theirs are (what _courage_now reads besides ``read``)
    touching = _contacts_placed(state, measuring.contact_map(state).get(unit.id, ())) if unit.in_play else ()
    placed = (read, unit.x, unit.y, unit.facing, unit.width, unit.depth, unit.side, unit.team,
              _holders_placed(d, commanders), touching)
    # per unit id: the unit, everything _courage_now read and its answer (past the arrangement)
    placings = d.placed
    kept = placings.get(unit.id)
    if kept is not None and kept[0] is unit and kept[1] == placed:
        value = kept[2]
    else:
        value = _courage_now(game, unit, {e.name for e in unit.keywords.entries} if names is None else names,
                             commanders)
        if len(placings) > 4096:
            placings.clear()
        placings[unit.id] = (unit, placed, value)
    memo["courage", unit.id] = (read, value)
    return value


def _holders_placed(d: Derived, commanders: list[tuple[Unit, int]]) -> tuple[Any, ...]:
    """The Command holders with their Command and places (kept for the last list given: ``Derived.holders_placed``)."""
    held = d.holders_placed
    if held[0] is not commanders:
        held[0], held[1] = commanders, tuple(
            [(f.id, x, f.side, f.team, f.x, f.y, f.facing, f.width, f.depth) for f, x in commanders])
    return held[1]  # type: ignore[no-any-return]


def _contacts_placed(state: HobState, ids: Iterable[str]) -> tuple[Any, ...]:
    """The units ``ids`` (those touching a unit) with their places."""
    units = state.units
    return tuple([(i, (e := units[i]).x, e.y, e.facing, e.width, e.depth) for i in ids])


def _courage_now(game: Game, unit: Unit, names: set[str], commanders: list[tuple[Unit, int]] | None) -> int:
    c = game.ruleset.content
    state = game.state
    value = unit.courage + unit.courage_bonus + (unit.value("Courage") if "Courage" in names else 0)
    if "Horde" in names:
        value += kp(c, "horde", "courage")
    if "Unruly" not in names and not state.notes.get("no-command"):
        value += _command(unit, state.notes.get("command-range", 0) or kp(c, "command", "range"),
                          commanders_of(state) if commanders is None else commanders,
                          unit.value("Command") if "Command" in names else 0)
    if unit.in_play:
        if "Stubborn" in names:
            value += kp(c, "stubborn", "courage_per_enemy") * len(measuring.engaged(state, unit))
        value -= kp(c, "outmanoeuvred", "courage_per_enemy") * len(measuring.outmanoeuvring(state, unit))
    return value


def break_point(game: Game, unit: Unit, commanders: list[tuple[Unit, int]] | None = None) -> int:
    """Doom at which the unit is Broken (Fragile: half its Courage, rounded up)."""
    c = _courage(game, unit, None, commanders)
    return math.ceil(c * kp(game.ruleset.content, "fragile", "courage_fraction")) if unit.has("Fragile") else c


def refresh(game: Game, unit: Unit, rule: str = "Broken", commanders: list[tuple[Unit, int]] | None = None
            ) -> bool:
    """Gain or lose Broken (and Outmanoeuvred) to match the unit's Doom and Courage now; True when it became
    Broken (what follows may change other units)."""
    if not unit.in_play:
        return False
    out = bool(measuring.outmanoeuvring(game.state, unit))
    d = derived(game.state)
    if out != unit.has(OUTMANOEUVRED):
        d.changes += 1
        if out:
            unit.keywords.add(OUTMANOEUVRED, log=game.log, rule="Outmanoeuvring")
        else:
            unit.keywords.remove(OUTMANOEUVRED, log=game.log, rule="Outmanoeuvring")
    broken = unit.doom >= break_point(game, unit, commanders)
    if broken != unit.has(BROKEN):
        d.changes += 1
    if broken and not unit.has(BROKEN):
        unit.keywords.add(BROKEN, log=game.log, rule=rule)
        game.emit("broken", f"{unit.name} is Broken ({unit.doom} Doom, Courage {courage(game, unit)})",
                  rule=rule, unit=unit.id)
        from skirmish_hobgoblin import keywords as kw

        kw.on_broken(game, unit)
        expansions.call(game, "hobgoblin_unit_broken", unit=unit)  # (Combined Arms, Dissonant Echoes)
        return True
    if not broken and unit.has(BROKEN):
        unit.keywords.remove(BROKEN, log=game.log, rule=rule)
        game.emit("rallied", f"{unit.name} is no longer Broken ({unit.doom} Doom)", rule=rule, unit=unit.id)
    return False


def _stable_key(game: Game) -> tuple:
    state = game.state
    return (id(game.ruleset), tuple(sorted(state.notes.items())),
            tuple([(u.id, u.side, u.x, u.y, u.facing, u.width, u.depth, u.doom, u.status, u.courage_bonus,
                    tuple(u.keywords.entries)) for u in state.units.values()]))


def refresh_all(game: Game, rule: str = "Broken") -> None:
    """Refresh every unit; skipped when nothing that Broken depends on changed since the last refresh
    (a derived cache of the state: the key holds every position, Doom, status and keyword)."""
    key = _stable_key(game)
    state = game.state
    d = derived(state)
    if d.stable == key:
        return
    commanders = commanders_of(state)
    changes = d.changes  # counts the changes refresh made (a unit gained or lost Outmanoeuvred or Broken)
    holders = _holders_placed(d, commanders)
    contacts = measuring.contact_map(state)  # the same while nothing changes
    # per unit id: the unit and everything refresh read the last time it found nothing to do
    quiet_ones = d.quiet
    for u in list(state.in_play()):
        if d.changes != changes or state.units.get(u.id) is not u:  # something changed: refresh as it is
            if refresh(game, u, rule, commanders):
                commanders = commanders_of(state)  # becoming Broken sets off rules that may change others
            continue
        read = _refresh_read(game, u, holders, contacts)
        quiet = quiet_ones.get(u.id)
        if quiet is not None and quiet[0] is u and quiet[1] == read:
            continue  # refresh found nothing to do with exactly these inputs
        if refresh(game, u, rule, commanders):
            commanders = commanders_of(state)
        elif d.changes == changes:
            if len(quiet_ones) > 4096:
                quiet_ones.clear()
            quiet_ones[u.id] = (u, read)
    d.stable = key if d.changes == changes else _stable_key(game)  # no unit changed: the same key


def _refresh_read(game: Game, unit: Unit, holders: tuple[Any, ...], contacts: dict[str, list[str]]
                  ) -> tuple[Any, ...]:
    """Everything :func:`refresh` reads about a unit in play: its place, side, status, Doom, Courage and keywords,
    the notes on Command, the Command holders (with their places) and the enemies touching it (with theirs)."""
    state = game.state
    notes = state.notes
    touching = _contacts_placed(state, contacts.get(unit.id, ()))
    return (id(game.ruleset), unit.x, unit.y, unit.facing, unit.width, unit.depth, unit.status, unit.side, unit.team,
            unit.doom, unit.courage, unit.courage_bonus, tuple(unit.keywords.entries), notes.get("no-command"),
            notes.get("command-range"), holders, touching)


def counts_broken(unit: Unit) -> bool:
    """Broken and not ignoring it (Against All Odds)."""
    return unit.has(BROKEN) and not unit.has("Against All Odds")


def strikes(unit: Unit) -> int:
    return unit.strikes + unit.value("Hero")


def combat_dice(unit: Unit) -> int:
    blessing = unit.doom // 2 if unit.has("Blessing of Iskalla") else 0  # Serve Unto Death: +1 die per 2 Doom
    return max(0, strikes(unit) - unit.value("Weak")) + blessing


def shooting_dice(unit: Unit) -> int:
    return strikes(unit) // 2


def speed(unit: Unit) -> int:
    return max(0, unit.speed + unit.value("Swift") - unit.value("Slow"))


def shot_range(game: Game, unit: Unit) -> float:
    """The unit's Range (Short-Ranged multiplies it by its range_factor)."""
    r = float(unit.value("Ranged"))
    return r * kp(game.ruleset.content, "short-ranged", "range_factor") if unit.has("Short-Ranged") else r


def add_doom(game: Game, unit: Unit, n: int, rule: str, why: str = "") -> int:
    """Give ``unit`` ``n`` Doom Tokens (logged) and refresh Broken; returns how many were placed."""
    if n <= 0 or not unit.in_play:
        return 0
    unit.doom += n
    game.emit("doom", f"{unit.name} gains {n} Doom{f' ({why})' if why else ''} -> {unit.doom}", rule=rule,
              unit=unit.id, change=n, doom=unit.doom)
    refresh(game, unit)
    return n


def discard_doom(game: Game, unit: Unit, n: int, rule: str) -> int:
    n = min(n, unit.doom)
    if n <= 0:
        return 0
    unit.doom -= n
    game.emit("doom", f"{unit.name} discards {n} Doom -> {unit.doom}", rule=rule, unit=unit.id, change=-n,
              doom=unit.doom)
    refresh(game, unit)
    return n


def distract(game: Game, unit: Unit, rule: str) -> bool:
    """Give the unit Distracted (His units are Undistractable)."""
    if unit.has("Undistractable"):
        return False
    if unit.has(DISTRACTED):
        return True
    unit.keywords.add(DISTRACTED, log=game.log, rule=rule)
    return True


def may_be_distracted(game: Game, unit: Unit) -> bool:
    """Wild units may not take actions that give Distracted in the Movement Phase without a Character near."""
    if not unit.has("Wild") or game.phase != "Movement":
        return True
    if unit.keywords.with_trait("Character") or has_character(unit):
        return True
    reach = kp(game.ruleset.content, "wild", "character_range")
    return any(has_character(f) and measuring.gap(unit, f) <= reach for f in game.state.friends(unit))


CHARACTER_KEYWORDS = ("General", "Battle Standard", "Hero", "Wizard")


def has_character(unit: Unit) -> bool:
    return any(unit.has(k) for k in CHARACTER_KEYWORDS)
