"""Hits, saves, wounds, last-wound tables, morale and explosions.

Everything here resolves at once with dice (no decisions), so a wound can chain
into explosions and morale checks safely. Wounds are applied one at a time; a
wound that would take the last one rolls on the warrior's last-wound table
(ruling CN-39).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import attrs

from skirmish_chob_noggoth import measuring, warrior_profile
from skirmish_chob_noggoth.odds import CRITICAL, HIT, die_result, save_holds
from skirmish_chob_noggoth.state import BERSERK, DEAD, FLED, READY, Warrior

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_chob_noggoth.content import Entry


@attrs.frozen
class AttackResult:
    dice: tuple[int, ...]
    hits: int
    crits: int
    wounds: int
    ones: int


def _who(w: Warrior) -> str:
    return f"{w.name} ({w.side})"


def attack(game: Game, attacker: Warrior | None, target: Warrior, dice: int, hit: int, *, rule: str,
           modifier: int = 0, melee: bool = False, every_hit_wounds: bool = False, why: str = "") -> AttackResult:
    """Roll ``dice`` attack dice needing ``hit``+ (after ``modifier``) against ``target``.

    A natural 6 always hits and is critical (wounds, no save); a natural 1 always misses
    (ruling CN-12). Other hits allow one save each. Parry turns the attacker's natural 1s
    in melee into wounds on the attacker.
    """
    if dice <= 0 or target.status not in (READY, BERSERK):
        return AttackResult((), 0, 0, 0, 0)
    rolls = game.rng.rolls_of(dice, rule=rule, why=why or f"{_who(attacker) if attacker else 'attack'} attacks "
                              f"{target.name}")
    critical = game.ruleset.content.combat.critical
    results = [die_result(r, hit, modifier, critical) for r in rolls]
    crits = results.count(CRITICAL)
    hits = crits + results.count(HIT)
    ones = sum(1 for r in rolls if r == 1)
    who = attacker.name if attacker else "attack"
    rolled = game.emit("attack", f"{who} -> {target.name}: hit {hit}+{_mod(modifier)}, rolled "
                       f"{' '.join(map(str, rolls))}: {hits} hit{'s' if hits != 1 else ''}"
                       f"{f' ({crits} critical, no save)' if crits else ''}", rule=rule, target=target.id,
                       attacker=attacker.id if attacker else "", hits=hits, crits=crits, need=hit, modifier=modifier)
    if hits:
        target.aimed = False
    wounds = 0
    with game.because(rolled):
        if every_hit_wounds:
            wounds += suffer_wounds(game, target, hits, rule=rule, attacker=attacker)
        else:
            wounds += suffer_wounds(game, target, crits, rule=rule, attacker=attacker)
            wounds += _saves(game, target, hits - crits, rule=rule, attacker=attacker)
        if melee and ones and attacker is not None and target.has("Parry") and attacker.status in (READY, BERSERK):
            parried = game.emit("parry", f"{target.name} parries: {ones} natural 1{'s' if ones > 1 else ''} wound "
                                f"{attacker.name}", rule="Parry", target=attacker.id)
            with game.because(parried):
                suffer_wounds(game, attacker, ones, rule="Parry", attacker=target)
    return AttackResult(tuple(rolls), hits, crits, wounds, ones)


def _mod(m: int) -> str:
    return f" ({m:+d})" if m else ""


def _saves(game: Game, target: Warrior, n: int, *, rule: str, attacker: Warrior | None) -> int:
    """``n`` hits that each allow one save; returns wounds caused."""
    wounds = 0
    for _ in range(n):
        if target.status not in (READY, BERSERK):
            break
        if not save(game, target, rule=rule):
            with game.because(game.log.count - 1):  # the failed save
                wounds += suffer_wounds(game, target, 1, rule=rule, attacker=attacker)
    return wounds


def save(game: Game, target: Warrior, *, rule: str) -> bool:
    """One saving throw. A natural 1 always fails; Hardened adds 1; a Monster must beat its remaining wounds."""
    bonus = 1 if target.has("Hardened") else 0
    monster = target.wounds if warrior_profile.is_monster(target) else 0
    need = monster + 1 if monster else warrior_profile.save_value(game, target)
    roll = game.rng.roll(6, rule=rule, why=f"{target.name} saves on {need}+{_mod(bonus)}")
    ok = save_holds(roll, need, bonus, monster)
    game.emit("save", f"{target.name} save {need}+{_mod(bonus)}: rolled {roll}, {'saved' if ok else 'fails'}",
              rule=rule, target=target.id, roll=roll, saved=ok, need=need)
    return ok


def suffer_hits(game: Game, target: Warrior, n: int, *, rule: str, attacker: Warrior | None = None,
                source: tuple[float, float] | None = None) -> int:
    """``n`` hits from a non-attack source (explosions, spells, impact): one save each. Returns wounds."""
    if n <= 0 or target.status not in (READY, BERSERK) or target.wounds <= 0:
        return 0
    target.aimed = False
    struck = game.emit("hits", f"{target.name} suffers {n} hit{'s' if n != 1 else ''}", rule=rule, target=target.id,
                       hits=n)
    wounds = 0
    with game.because(struck):
        for _ in range(n):
            if target.status not in (READY, BERSERK):
                break
            if not save(game, target, rule=rule):
                with game.because(game.log.count - 1):  # the failed save
                    wounds += suffer_wounds(game, target, 1, rule=rule, attacker=attacker, source=source)
    return wounds


def suffer_wounds(game: Game, target: Warrior, n: int, *, rule: str, attacker: Warrior | None = None,
                  source: tuple[float, float] | None = None) -> int:
    """Apply ``n`` wounds one at a time (no saves); the last one rolls on the last-wound table."""
    applied = 0
    for _ in range(n):
        if target.status not in (READY, BERSERK) or target.wounds <= 0:
            break
        applied += 1
        target.melee_wounds += 1
        if target.wounds > 1:
            target.wounds -= 1
            game.emit("wound", f"{target.name} loses a wound ({target.wounds} left)", rule=rule, target=target.id,
                      wounds=target.wounds)
            continue
        last_wound(game, target, rule=rule, attacker=attacker, source=source)
    return applied


# --------------------------------------------------------------------------------- removal


def kill(game: Game, w: Warrior, rule: str, how: str = "dies") -> Any:
    """``w`` is dead; returns the event (None if it was already off the table)."""
    if w.status not in (READY, BERSERK):
        return None
    w.status = DEAD
    w.wounds = 0
    w.aimed = False
    return game.emit("death", f"{w.name} {how}", rule=rule, target=w.id)


def flee(game: Game, w: Warrior, rule: str) -> Any:
    """``w`` flees the table; returns the event (None if it was already off the table)."""
    if w.status not in (READY, BERSERK):
        return None
    w.status = FLED
    w.aimed = False
    return game.emit("flee", f"{w.name} flees the battlefield", rule=rule, target=w.id)


# --------------------------------------------------------------------------------- morale


def morale_check(game: Game, w: Warrior, *, rule: str, divine: bool = False, big_hand: bool = False,
                 source: tuple[float, float] | None = None) -> bool:
    """Roll the warrior's morale dice: any 5+ holds. A failure flees (Big Hand: 1 wound instead).

    Monsters never test; Fearless warriors test only for Divine Intervention; after a
    Heroic Death the Hero's allies pass every check. Returns True when it held.
    """
    if w.status != READY:
        return True
    side = game.state.sides[w.side]
    if warrior_profile.is_monster(w):
        game.emit("morale", f"{w.name} is a Monster and ignores the morale check", rule=rule, target=w.id)
        return True
    if w.has("Fearless") and not divine:
        game.emit("morale", f"{w.name} is Fearless and ignores the morale check", rule=rule, target=w.id)
        return True
    if side.heroic_death:
        game.emit("morale", f"{w.name} passes (inspired by a Heroic Death)", rule=rule, target=w.id)
        return True
    n = warrior_profile.morale_dice(game, w)
    rolls = game.rng.rolls_of(n, rule=rule, why=f"{w.name} morale")
    need = game.ruleset.content.morale.pass_on
    held = any(r >= need for r in rolls)
    checked = game.emit("morale", f"{w.name} morale, any {need}+ holds: rolled {' '.join(map(str, rolls))}, "
                        f"{'holds' if held else 'breaks'}", rule=rule, target=w.id, held=held, need=need)
    if not held:
        with game.because(checked):
            if big_hand:
                suffer_wounds(game, w, 1, rule=rule, source=source)
            else:
                flee(game, w, rule)
    return held


# ------------------------------------------------------------------------------ last wound


def last_wound(game: Game, w: Warrior, *, rule: str, attacker: Warrior | None,
               source: tuple[float, float] | None) -> None:
    """``w`` would lose its last wound: roll on its table (or split the joined Piggun)."""
    if w.mercenary == "piggun":
        from skirmish_chob_noggoth.mercenaries import split_piggun

        split_piggun(game, w)
        return
    c = game.ruleset.content
    table = warrior_profile.last_wound_table(game, w)
    if table == "heroes" and w.acting_as == "Mage":
        pick = game.rng.roll(6, rule="Last Wound: Heroes", why=f"{w.name} acts as a Mage: which table "
                             f"(Mages on {c.hero.mage_split_on}+)")
        table = "heroes" if pick < c.hero.mage_split_on else "mages"
    name = warrior_profile.TABLE_NAMES[table]
    roll = roll_dice(game, c.last_wound[warrior_profile.table_id(table)].die, f"Last Wound: {name}",
                     f"{w.name} last wound")
    result = warrior_profile.last_wound_result(game, table, roll)
    where = f"Last Wound: {name} - {result.name}"
    rolled = game.emit("last-wound", f"{w.name} loses its last wound and rolls {roll} on the {name} table: "
                       f"{result.name}", rule=where, target=w.id, roll=roll, result=result.id)
    with game.because(rolled):
        _EFFECTS[result.id](game, w, where, attacker, source, result)


def roll_dice(game: Game, expr: str, rule: str, why: str) -> int:
    """Roll a dice expression from the content (``"d6"``, ``"2d6"``) through the game's dice."""
    from skirmish.dice import parse

    return int(parse(expr).roll(game.rng, rule=rule, why=why).value)


def _away_from(w: Warrior, attacker: Warrior | None, source: tuple[float, float] | None,
               game: Game) -> tuple[float, float]:
    if attacker is not None:
        return attacker.x, attacker.y
    if source is not None:
        return source
    angle = game.rng.uniform(0, 360, rule="Random direction", why="no attacker: a random direction")
    return w.x - math.cos(math.radians(angle)), w.y - math.sin(math.radians(angle))


def _flesh_wound(game: Game, w: Warrior, rule: str, attacker: Warrior | None, source: object, entry: Entry) -> None:
    game.emit("keep", f"{w.name} keeps its last wound", rule=rule, target=w.id)


def _second_wind(game: Game, w: Warrior, rule: str, attacker: Warrior | None, source: object, entry: Entry) -> None:
    w.wounds = w.max_wounds
    game.emit("heal", f"{w.name} gets its second wind ({w.wounds} wounds)", rule=rule, target=w.id)


def _dead(game: Game, w: Warrior, rule: str, attacker: Warrior | None, source: object, entry: Entry) -> None:
    kill(game, w, rule)


def _last_stand(game: Game, w: Warrior, rule: str, attacker: Warrior | None, source: object, entry: Entry) -> None:
    """Before it dies, the closest enemy within ``reach`` suffers a hit (the warrior is still on the table)."""
    near = [e for e in game.state.enemies(w) if w.gap(e) <= entry.reach + measuring.EPS and e.wounds > 0]
    w.wounds = 0  # dying: hits on it while its parting blow resolves change nothing (ruling CN-39)
    if near:
        victim = min(near, key=lambda e: (w.gap(e), e.id))
        blow = game.emit("last-stand", f"{w.name} strikes a parting blow at {victim.name} ({w.gap(victim):.1f}\" "
                         f"away, within {entry.reach}\") before it dies", rule=rule, target=victim.id)
        with game.because(blow):
            suffer_hits(game, victim, 1, rule=rule, source=(w.x, w.y))
    else:
        game.emit("last-stand", f"no enemy within {entry.reach}\" of {w.name} for a parting blow", rule=rule,
                  target=w.id)
    kill(game, w, rule)


def _butchered(game: Game, w: Warrior, rule: str, attacker: Warrior | None, source: object, entry: Entry) -> None:
    allies = game.state.allies(w)
    with game.because(kill(game, w, rule, "is butchered so horribly that every ally tests its morale")):
        for a in allies:
            morale_check(game, a, rule=rule)


def _enraged(game: Game, w: Warrior, rule: str, attacker: Warrior | None, source: object, entry: Entry) -> None:
    """Every other warrior within ``reach`` rolls a D6: on ``on``+ it suffers a hit."""
    for o in [o for o in game.state.on_table() if o.id != w.id and w.gap(o) <= entry.reach + measuring.EPS]:
        roll = game.rng.roll(6, rule=rule, why=f"{o.name} near the enraged {w.name} (hit on {entry.on}+)")
        if roll >= entry.on:
            suffer_hits(game, o, 1, rule=rule, attacker=w)
    _flesh_wound(game, w, rule, attacker, source, entry)


def _retreat(game: Game, w: Warrior, rule: str, attacker: Warrior | None, source: tuple[float, float] | None,
             entry: Entry) -> None:
    """It runs ``dice`` inches straight away; each warrior it runs through suffers a hit on ``on``+."""
    dist = roll_dice(game, entry.dice, rule, f"{w.name} retreats {entry.dice.upper()}\"")
    fx, fy = _away_from(w, attacker, source, game)
    x, y, off, passed = measuring.push_back(game.state, w, fx, fy, dist, through=True)
    for o in passed:
        if game.rng.roll(6, rule=rule, why=f"{w.name} runs through {o.name} (hit on {entry.on}+)") >= entry.on:
            suffer_hits(game, o, 1, rule=rule, attacker=w)
    if off:
        kill(game, w, rule, "runs off the table and is gone for good")
        return
    w.x, w.y, w.aimed = x, y, False
    game.emit("move", f"{w.name} retreats {dist}\" to ({x:.1f}, {y:.1f}) and keeps its last wound", rule=rule,
              target=w.id, x=round(x, 2), y=round(y, 2))


def _berserk(game: Game, w: Warrior, rule: str, attacker: Warrior | None, source: object, entry: Entry) -> None:
    w.status = BERSERK
    w.aimed = False
    game.emit("berserk", f"{w.name} goes berserk and answers to nobody now", rule=rule, target=w.id)


def _backlash(game: Game, w: Warrior, rule: str, attacker: Warrior | None, source: object, entry: Entry) -> None:
    _flesh_wound(game, w, rule, attacker, source, entry)
    if attacker is not None and attacker.id != w.id:
        suffer_hits(game, attacker, 1, rule=rule, attacker=w)


def _teleport(game: Game, w: Warrior, rule: str, attacker: Warrior | None, source: object, entry: Entry) -> None:
    dist = roll_dice(game, entry.dice, rule, f"{w.name} teleports {entry.dice.upper()}\"")
    angle = game.rng.uniform(0, 360, rule=rule, why="teleport direction")
    x = w.x + dist * math.cos(math.radians(angle))
    y = w.y + dist * math.sin(math.radians(angle))
    state = game.state
    w.aimed = False
    if not (w.radius <= x <= state.width - w.radius and w.radius <= y <= state.depth - w.radius):
        kill(game, w, rule, f"teleports {dist}\" off the table and is lost")
        return
    if measuring.table_of(state).terrain_overlapping(measuring.base(w, x, y)):
        kill(game, w, rule, f"teleports {dist}\" into terrain and is lost")
        return
    w.x, w.y = x, y
    inside = [o for o in state.on_table() if o.id != w.id and math.hypot(o.x - x, o.y - y) < o.radius + w.radius]
    if inside:
        kill(game, w, rule, f"teleports {dist}\" into {inside[0].name}")
        kill(game, inside[0], rule, f"is fused with {w.name}")
        return
    game.emit("move", f"{w.name} teleports {dist}\" to ({x:.1f}, {y:.1f}) and keeps its last wound", rule=rule,
              target=w.id, x=round(x, 2), y=round(y, 2))


def _explodes(game: Game, w: Warrior, rule: str, attacker: Warrior | None, source: object, entry: Entry) -> None:
    explode(game, w, rule, radius=entry.dice, hits=entry.hits)


def _blame_game(game: Game, w: Warrior, rule: str, attacker: Warrior | None, source: object, entry: Entry) -> None:
    allies = [a for a in game.state.allies(w) if a.status == READY]
    if not allies:
        kill(game, w, rule, "has nobody to blame and dies")
        return
    ally = min(allies, key=lambda a: (w.gap(a), a.id))
    if w.gap(ally) > entry.reach + measuring.EPS:
        kill(game, w, rule, f"has nobody within {entry.reach}\" to blame and dies")
        return
    _flesh_wound(game, w, rule, attacker, source, entry)
    game.emit("blame", f"{w.name} shoves {ally.name} into the way", rule=rule, target=ally.id)
    dx, dy = ally.x - w.x, ally.y - w.y
    d = math.hypot(dx, dy) or 1.0
    reach = w.radius + ally.radius + 0.01
    ally.x, ally.y = w.x + dx / d * reach, w.y + dy / d * reach
    suffer_hits(game, ally, 1, rule=rule, attacker=attacker)


def _heroic_death(game: Game, w: Warrior, rule: str, attacker: Warrior | None, source: object, entry: Entry) -> None:
    kill(game, w, rule, "dies a heroic death")
    game.state.sides[w.side].heroic_death = True
    game.emit("inspired", f"{w.side}'s warriors will pass every morale check for the rest of the game", rule=rule)


_EFFECTS = {
    "flesh-wound": _flesh_wound, "second-wind": _second_wind, "last-stand": _last_stand, "dead": _dead,
    "butchered": _butchered, "enraged": _enraged, "spooked": _retreat, "berserk": _berserk,
    "explodes": _explodes, "backlash": _backlash, "teleport": _teleport, "blame-game": _blame_game,
    "tactical-withdrawal": _retreat, "heroic-death": _heroic_death,
}


# ------------------------------------------------------------------------------ explosions


def explode(game: Game, w: Warrior, rule: str, *, radius: str = "d6", hits: str = "d6") -> None:
    """A ``radius``" blast rolled once; every figure within it suffers ``hits`` hits; then ``w`` is dead.

    Explosions set off by this one wait their turn (ruling: chained explosions resolve one
    at a time, in the order they are triggered).
    """
    reach = roll_dice(game, radius or "d6", rule, f"{w.name} explodes: radius {(radius or 'd6').upper()}\"")
    blast = kill(game, w, rule, f"explodes ({reach}\" radius)")
    caught = [o for o in game.state.on_table() if o.id != w.id and w.gap(o) <= reach + measuring.EPS]
    with game.because(blast):
        for o in caught:
            n = roll_dice(game, hits or "d6", rule, f"hits on {o.name} ({(hits or 'd6').upper()})")
            suffer_hits(game, o, n, rule=rule, source=(w.x, w.y))
