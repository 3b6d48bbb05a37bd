"""Combat: two turns (the attack, then the counter-attack), armies, the Tyrant, other heroes, rewards.

A hero's combat turn: choose an ability, roll its Goblin dice, resolve its effect, then (in any order) Rally,
spend Uprising results on goblins' uprising effects, and strike, paying for Essence results to count as successes
in the same answer (RULINGS GU-S4). An
enemy's turn: its stat damage, plus the enemy die (the Tyrant: both Tyrant dice), plus 1 per other miniature
of its army. Armies (all miniatures of one type) share the damage on their tile (RULINGS: army model).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skirmish import Decision, Do, Option, counted
from skirmish_goblin_uprising.bookkeeping import (
    C,
    a_name,
    ask_or_only,
    discard_goblin,
    draw_goblins,
    enemies_in,
    gain_essence,
    gain_renown,
    heal,
    hero_region,
    heroes_in,
    logging,
    lose_essence,
    lose_renown,
    moment,
    move_piece,
    region_at,
    remove_piece,
    say,
    target_name,
    troop_region,
    tyrant,
)
from skirmish_goblin_uprising.damage import ask_discard, deal_damage
from skirmish_goblin_uprising.sheets import hero_view
from skirmish_goblin_uprising.state import TYRANT, Battle, Combat

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_goblin_uprising.content import Effect
    from skirmish_goblin_uprising.state import GameState, Hero

R_COMBAT = "Combat"


# ----------------------------------------------------------------------------- battles


def battle_targets(game: Game, hero: Hero) -> list[str]:
    """What a Battle may target: enemies and other heroes in the hero's region."""
    region = hero_region(game, hero)
    out = enemies_in(game, region)
    if game.setup.get("options", {}).get("pvp", True):
        out += [f"hero:{h.id}" for h in heroes_in(game, region) if h.id != hero.id]
    return out


def start_battle(game: Game, hid: str, target: str) -> None:
    """The Battle heroic deed against ``target``."""
    s: GameState = game.state
    s.battle = Battle(heroes=[hid], falls={hid: s.heroes[hid].falls})
    if logging(game):
        game.emit("battle", f"{hid} battles {target_name(game, target)}", rule="Heroic deed: Battle", hero=hid,
                  target=target)
    from skirmish_goblin_uprising.anytime import open_moment

    # "any time" windows (issue 27): before the first strike, before the counter-attack (in `strike` for an enemy)
    before = Do(open_moment, ("before the battle's first strike", "deed"))
    if target == TYRANT:
        # the Tyrant always strikes first; the hero's attack is the counter-attack (GU-29)
        game.schedule(before, Do(enemy_strike, (TYRANT, [hid], hid)),
                      Do(open_moment, ("before the counter-attack", "deed")), Do(_strike_back, (hid, TYRANT, True)),
                      Do(end_battle))
    elif target.startswith("hero:"):
        other = target[5:]
        s.battle.heroes.append(other)
        s.battle.falls[other] = s.heroes[other].falls
        game.schedule(before, Do(hero_strike, (hid, target, True, False)),
                      Do(open_moment, ("before the counter-attack", "deed")), Do(_hero_counter, (other, hid)),
                      Do(end_battle))
    else:
        game.schedule(before, Do(hero_strike, (hid, target, True, False)), Do(end_battle))


def _standing(game: Game, hid: str) -> bool:
    s: GameState = game.state
    hero = s.heroes[hid]
    return not hero.removed and s.battle is not None and hero.falls == s.battle.falls.get(hid, hero.falls)


def _strike_back(game: Game, hid: str, target: str, started: bool) -> None:
    if game.result is None and _standing(game, hid) and target_alive(game, target):
        hero_strike(game, hid, target, started, True)


def _hero_counter(game: Game, hid: str, attacker: str) -> None:
    s: GameState = game.state
    if game.result is None and _standing(game, hid) and _standing(game, attacker) \
            and hero_region(game, s.heroes[hid]) == hero_region(game, s.heroes[attacker]):
        hero_strike(game, hid, f"hero:{attacker}", False, True)


def hp_left(game: Game, target: str) -> int:
    """HP left on a target: an army's tile, a general, the Tyrant or a hero."""
    s: GameState = game.state
    if target == TYRANT:
        return s.hp
    kind, _, key = target.partition(":")
    if kind == "troop":
        return C(game).troops[key].hp - s.troop_damage.get(key, 0)
    if kind == "general":
        return C(game).generals[key].hp - s.generals.get(key, 0)
    return s.heroes[key].hp


def target_alive(game: Game, target: str) -> bool:
    s: GameState = game.state
    if target == TYRANT:
        return s.hp > 0
    kind, _, key = target.partition(":")
    if kind == "troop":
        return s.troops.get(key, 0) > 0
    if kind == "general":
        return key in s.generals
    return not s.heroes[key].removed


# ----------------------------------------------------------------------------- a hero's combat turn


def hero_strike(game: Game, hid: str, target: str, started: bool, counter: bool) -> None:
    """Ask which ability the hero uses against ``target``."""
    s: GameState = game.state
    c = C(game)
    hero = s.heroes[hid]
    cls = c.classes[hero.cls]
    options = []
    memo = c._look["memo"]
    for aid in hero.abilities:
        key = ("ability", hero.cls, aid, hero.leadership, target)
        found = memo.get(key)
        if found is None:
            a = cls.ability(aid)
            extra = ", piercing" if a.piercing else ""
            effects = "; ".join(effect_text(e, hero.leadership) for e in a.effects)
            found = memo[key] = Option(f"ability:{aid}", f"{a.name} ({a.dice} dice{extra})"
                                       f"{': ' + effects if effects else ''}",
                                       f"roll {a.dice} Goblin dice: each Star is 1 damage; 'help {a.name}'",
                                       data={"action": "ability", "ability": aid,
                                             "dice": a.dice, "piercing": a.piercing, "target": target})
        options.append(found)
    prompt = f"{hid}: attack {target_name(game, target)} with which ability?"
    ask_or_only(game, Decision(hid, "ability", prompt, options, rule="Combat: choose an ability",
                               context={"hero": hid, "target": target, "counter": counter, "phase": "combat",
                                        "class": hero.cls, "leadership": hero.leadership}),
                _ability_chosen, hid, target, started, counter)


def _ability_chosen(game: Game, answer: str, hid: str, target: str, started: bool, counter: bool) -> None:
    s: GameState = game.state
    c = C(game)
    hero = s.heroes[hid]
    ability = c.classes[hero.cls].ability(answer.split(":", 1)[1])
    s.combat = cb = Combat(hero=hid, target=target, started=started, ability=ability.id, piercing=ability.piercing,
                           free_convert=c.classes[hero.cls].passive == "free_convert", counter=counter)
    n = ability.dice
    if started and target.startswith("troop:") and hero.pet and c.pets[hero.pet].effect == "battle_die":
        n += c.pets[hero.pet].n
        if logging(game):
            say(game, f"{hid}'s {c.pets[hero.pet].name} adds {c.pets[hero.pet].n} die", "Pets", hero=hid)
    cb.dice = roll_goblin(game, n, f"{hid}'s {ability.name}")
    cb.uprisings = cb.dice.count("Uprising") if _is(c, "uprising") else 0
    steps = [Do(apply_combat_effect, (hid, e)) for e in ability.effects]
    game.schedule(*steps, Do(ask_roll, (hid,)))


def _is(c: Any, key: str) -> bool:
    found = c._look["memo"].get(("goblin-die-has", key))
    if found is None:
        found = c._look["memo"]["goblin-die-has", key] = any(getattr(f, key) for f in c.dice["goblin"].results.values())
    return found


def _goblin_faces(game: Game) -> dict[str, tuple[int, bool, bool]]:
    """Each Goblin die face: (successes, an Essence result, blank), once per content set."""
    c = C(game)
    found = c._look["memo"].get("goblin-faces")
    if found is None:
        results = c.dice["goblin"].results
        found = c._look["memo"]["goblin-faces"] = {
            label: (f.success, bool(f.essence), not any(attrs_true(f))) for label, f in results.items()}
    return found


def roll_goblin(game: Game, n: int, why: str) -> list[str]:
    die = C(game).dice["goblin"]
    faces = die.faces
    log = logging(game)  # the dice are the same either way; only their events are left out
    out = []
    for _ in range(n):
        index = game.rng.roll(len(faces), rule="Goblin die", why=why, faces=faces, log=log)
        out.append(faces[index - 1])
    return out


def face(game: Game, die: str, label: str) -> Any:
    return C(game).dice[die].results[label]


def successes(game: Game, dice: list[str]) -> int:
    faces = _goblin_faces(game)
    return sum([faces[d][0] for d in dice])


def essence_faces(game: Game, dice: list[str]) -> int:
    faces = _goblin_faces(game)
    return sum([1 for d in dice if faces[d][1]])


def blank_faces(game: Game, dice: list[str]) -> list[int]:
    faces = _goblin_faces(game)
    return [i for i, d in enumerate(dice) if faces[d][2]]


def attrs_true(f: Any) -> list[bool]:
    return [bool(f.success), f.essence, f.uprising]


def strike_damage(game: Game, cb: Combat) -> int:
    """The damage the hero's roll deals now (before armor)."""
    dmg = successes(game, cb.dice) + cb.converted + cb.bonus
    if cb.used_essence:
        dmg += cb.essence_bonus
    if cb.damaged_bonus and _target_damaged(game, cb.target):
        dmg += cb.damaged_bonus
    return dmg


def _target_damaged(game: Game, target: str) -> bool:
    s: GameState = game.state
    if target == TYRANT:
        return s.hp < s.max_hp
    kind, _, key = target.partition(":")
    if kind == "troop":
        return s.troop_damage.get(key, 0) > 0
    if kind == "general":
        return s.generals.get(key, 0) > 0
    h = s.heroes[key]
    return h.hp < h.max_hp


def roll_options(game: Game, hid: str, dmg: int | None = None) -> list[Any]:
    """What the hero may do with the combat roll now (always ending with striking for ``dmg``, the damage the roll
    deals now: worked out when not given)."""
    s: GameState = game.state
    c = C(game)
    hero = s.heroes[hid]
    cb = s.combat
    assert cb is not None
    options = []
    memo = c._look["memo"]
    if hero.renown >= 1:  # Rally with or without a goblin in hand: the book allows it (GU-S3)
        options.append(_once(memo, "rally", "Rally (1 Renown): add an Uprising result", action="rally",
                             help="then discard a goblin from your hand for its uprising effect"))
    if cb.uprisings > 0:
        for card in dict.fromkeys(hero.hand.cards):
            key = ("uprising", card, hero.leadership)
            found = memo.get(key)
            if found is None:
                g = c.goblins[card]
                found = memo[key] = Option(f"uprising:{card}", f"Uprising: discard {g.name} - "
                                           f"{effect_text(g.uprising, hero.leadership)}",
                                           "spends one Uprising result of this roll and the goblin card",
                                           data={"action": "uprising", "card": card, "effect": g.uprising.effect,
                                                 "n": g.uprising.amount(hero.leadership)})
            options.append(found)
    if hero.fury > 0:
        options.append(_once(memo, "fury", "spend Fury: roll 2 more dice", action="fury",
                             help="the Barbarian's Fury token, gained when hurt in a battle"))
    if hero.ambush and cb.started and c.classes[hero.cls].passive == "ambush":
        options.append(_once(memo, "ambush", "spend the Ambush token: +2 successes", action="ambush",
                             help="the Rogue's token, for a combat you started; Rest gives it back"))
    blanks = blank_faces(game, cb.dice)
    tribe = c.tribes[hero.tribe]
    if hero.tribe_ready and tribe.effect == "reroll_any" and blanks:
        options.append(Option("reroll", f"exhaust {tribe.name}: reroll your {len(blanks)} failed dice",
                              "the tribe card turns face down until an effect turns it up", data={"action": "reroll"}))
    if dmg is None:
        dmg = strike_damage(game, cb)
    target = cb.target
    tyrant_id = s.tyrant_id if target == TYRANT else ""
    free = 1 if cb.free_convert else 0
    most = min(essence_faces(game, cb.dice) - cb.converted, hero.essence + free)  # Essence results paid for (GU-S4)
    for k in range(max(0, most) + 1):
        damage = dmg + k + (cb.essence_bonus if k and not cb.used_essence else 0)
        pay = max(0, k - free)
        skey = ("strike", target, tyrant_id, damage, k, pay)  # what the label reads
        found = memo.get(skey)
        if found is None:
            found = memo[skey] = _strike_option(game, target, damage, k, pay)
        options.append(found)
    return options


def _strike_option(game: Game, target: str, damage: int, k: int, pay: int) -> Any:
    """Striking for ``damage``, ``k`` Essence results counted as successes for ``pay`` Essence (GU-S4)."""
    if not k:
        return Option("strike", f"strike {target_name(game, target)} for {damage} damage", _strike_help(game, target),
                      data={"action": "strike",
                            "damage": damage, "essence": 0, "pay": 0})
    # the same target as the plain strike listed just above it, so no name: the line fits an 80-column menu
    cost = f"pay {pay} Essence" if pay == k else f"pay {pay} Essence, 1 free (Wizard)" if pay else "1 free (Wizard)"
    results = "1 Essence result counts" if k == 1 else f"{k} Essence results count"
    free = "" if pay == k else ", the first free (Wizard)"
    return Option(f"strike:{k}", f"strike for {damage} damage, {cost}",
                  f"{results} as successes against {target_name(game, target)}: 1 Essence each{free}",
                  data={"action": "strike", "damage": damage, "essence": k, "pay": pay})


def _strike_help(game: Game, target: str) -> str:
    """What striking ``target`` leads to (the help of a strike option)."""
    if target == TYRANT:
        return "Royal Armor takes its share of every hit on the Tyrant"
    if target.startswith("hero:"):
        return "the damage goes to a fellow hero (player against player)"
    return "an enemy that survives strikes back"


def _once(memo: dict[Any, Any], value: str, label: str, help: str = "", **data: Any) -> Any:
    """A combat option built once per content set and label."""
    key = ("combat-option", value, label)
    found = memo.get(key)
    if found is None:
        found = memo[key] = Option(value, label, help, data=data)
    return found


def ask_roll(game: Game, hid: str) -> None:
    s: GameState = game.state
    cb = s.combat
    if cb is None or game.result is not None:
        return
    if not target_alive(game, cb.target):
        if logging(game):
            say(game, f"{target_name(game, cb.target)} is gone: {hid}'s attack has no target", R_COMBAT)
        return
    dmg = strike_damage(game, cb)
    options = roll_options(game, hid, dmg)
    if len(options) == 1:
        _roll_answer(game, "strike", hid)
        return
    context = {"hero": hid, "target": cb.target, "dice": list(cb.dice), "phase": "combat", "uprisings": cb.uprisings,
               "damage": dmg, "left": hp_left(game, cb.target)}
    if cb.target == TYRANT:  # the Royal Armor this strike meets (less what the attack ignores)
        context["armor"] = max(0, s.armor - cb.ignore_armor)
    hero = s.heroes[hid]
    if hero.renown >= 1 and hero.hand.cards:  # Rally is on offer: the hero's sheet comes along (as in the view)
        here = s.board.where(hid) or ""
        context["me"] = hero_view(hero, here, C(game)._look["space_region"].get(here, ""))
    game.ask(Decision(hid, "roll", f"{hid} rolled {' '.join(cb.dice)}"
                      + (f" (+{cb.uprisings} Uprising to spend)" if cb.uprisings else ""), options,
                      rule="Combat: the dice roll", context=context),
             _roll_answer, hid)


def _roll_answer(game: Game, answer: str, hid: str) -> None:
    s: GameState = game.state
    c = C(game)
    hero = s.heroes[hid]
    cb = s.combat
    assert cb is not None
    if answer == "strike":
        strike(game, hid)
        return
    if answer.startswith("strike:"):  # Essence results paid for as the strike is made (GU-S4)
        k = int(answer[7:])
        pay = k
        if cb.free_convert:
            cb.free_convert = False
            pay -= 1
            if logging(game):
                say(game, f"{hid} turns an Essence result into a success for free (Wizard)", "Class passive")
        if pay:
            lose_essence(game, hero, pay, "Combat: spending Essence")
        cb.converted += k
        cb.used_essence = True
        strike(game, hid)
        return
    if answer == "rally":
        lose_renown(game, hero, 1, "Renown: Rally")
        cb.uprisings += 1
    elif answer.startswith("uprising:"):
        card = answer.split(":", 1)[1]
        cb.uprisings -= 1
        discard_goblin(game, hero, card, "Combat: Uprising", "uprising effect")
        game.call(ask_roll, hid)
        apply_combat_effect(game, hid, c.goblins[card].uprising)
        return
    elif answer == "fury":
        hero.fury = 0
        cb.dice += roll_goblin(game, 2, f"{hid}'s Fury")
        cb.uprisings += cb.dice[-2:].count("Uprising")
    elif answer == "ambush":
        hero.ambush = False
        cb.bonus += 2
        if logging(game):
            say(game, f"{hid} springs the Ambush: +2 successes", "Class passive")
    elif answer == "reroll":
        hero.tribe_ready = False
        blanks = blank_faces(game, cb.dice)
        new = roll_goblin(game, len(blanks), f"{hid}'s {c.tribes[hero.tribe].name} reroll")
        for i, f in zip(blanks, new, strict=True):
            cb.dice[i] = f
        cb.uprisings += new.count("Uprising")
        if logging(game):
            say(game, f"{hid} exhausts the {c.tribes[hero.tribe].name} and rerolls {len(blanks)} dice", "Tribe cards")
    ask_roll(game, hid)


# ----------------------------------------------------------------------------- combat effects


def effect_text(e: Effect, leadership: int = 0) -> str:
    return _effect_text(e.effect, e.amount(leadership))


# a pure memo of plain values (an effect's name and number in, its text out): the same for every game, bounded
@functools.lru_cache(maxsize=1024)
def _effect_text(effect: str, n: int) -> str:
    return {
        "damage": f"+{n} damage", "shield": f"prevent {n} damage from the counter-attack",
        "weaken": f"the target deals {n} less on its counter-attack",
        "silence": "the counter-attack ignores its enemy or Tyrant die", "piercing": "this attack gains Piercing",
        "draw": f"draw {counted(n, 'goblin')}", "heal": f"you or a hero in your region heals {n}",
        "rally": f"add {counted(n, 'Uprising result')}",
        "cleave_all": "every other army in the region takes half the damage",
        "bonus_if_essence": f"+{n} damage if you spent Essence",
        "bonus_vs_damaged": f"+{n} damage against a damaged target",
        "swap": "swap places with a hero in your region", "essence": f"gain {n} Essence",
        "ignore_armor": f"ignore {n} Royal Armor", "reroll": f"reroll up to {n} failed dice",
    }.get(effect, effect)


def apply_combat_effect(game: Game, hid: str, e: Effect) -> None:
    """Resolve an ability's or a goblin's uprising effect during the hero's combat turn."""
    s: GameState = game.state
    hero = s.heroes[hid]
    cb = s.combat
    assert cb is not None
    n = e.amount(hero.leadership)
    rule = "Combat: effects"
    COMBAT_EFFECTS[e.effect](game, hero, cb, n, rule)


def _c_damage(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    cb.bonus += n
    if logging(game):
        say(game, f"+{n} damage", rule)


def _c_shield(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    cb.shield += n
    if logging(game):
        say(game, f"{hero.id} will prevent {n} damage from the counter-attack", rule)


def _c_weaken(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    cb.weaken += n
    if logging(game):
        say(game, f"the target deals {n} less damage on its counter-attack", rule)


def _c_silence(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    cb.silence = True
    if logging(game):
        say(game, "the counter-attack will roll no enemy or Tyrant die", rule)


def _c_piercing(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    cb.piercing = True
    if logging(game):
        say(game, "this attack gains Piercing", rule)


def _c_draw(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    draw_goblins(game, hero, n, rule)


def _c_essence(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    gain_essence(game, hero, n, rule)


def _c_rally(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    cb.uprisings += n
    if logging(game):
        say(game, f"{counted(n, 'Uprising result')} added", rule)


def _c_cleave_all(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    cb.cleave_all = True


def _c_bonus_if_essence(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    cb.essence_bonus += n


def _c_bonus_vs_damaged(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    cb.damaged_bonus += n


def _c_ignore_armor(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    cb.ignore_armor += n
    if logging(game):
        say(game, f"this attack ignores {n} Royal Armor", rule)


def _c_reroll(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    blanks = blank_faces(game, cb.dice)[:n]
    new = roll_goblin(game, len(blanks), f"{hero.id}'s reroll")
    for i, f in zip(blanks, new, strict=True):
        cb.dice[i] = f
    cb.uprisings += new.count("Uprising")
    if logging(game):
        say(game, f"{hero.id} rerolls {len(blanks)} failed dice", rule)


def _c_heal(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    region = hero_region(game, hero)
    others = [h for h in heroes_in(game, region) if h.id != hero.id and h.hp < h.max_hp] if region else []
    if not others:
        heal(game, hero, n, rule)
        return
    options = [Option(f"hero:{h.id}", f"{h.id} ({h.hp}/{h.max_hp} HP)", f"{h.id} heals {n} HP (not above its most)",
                      data={"hero": h.id, "hp": h.hp, "max_hp": h.max_hp})
               for h in [hero, *others]]
    game.ask(Decision(hero.id, "heal", f"{hero.id}: who heals {n} HP?", options, rule=rule,
                      context={"hero": hero.id, "amount": n,
                               "hurt": {h.id: h.max_hp - h.hp for h in [hero, *others]}}), _healed, n, rule)


def _healed(game: Game, answer: str, n: int, rule: str) -> None:
    heal(game, game.state.heroes[answer[5:]], n, rule)


def _c_swap(game: Game, hero: Hero, cb: Combat, n: int, rule: str) -> None:
    region = hero_region(game, hero)
    s: GameState = game.state
    others = [h for h in heroes_in(game, region) if h.id != hero.id and s.board.where(h.id) != s.board.where(hero.id)]
    if not others:
        if logging(game):
            say(game, f"{hero.id} has nobody to swap places with", rule)
        return
    options = [Option(f"hero:{h.id}", f"swap with {h.id}", "you and that hero change spaces",
                      data={"hero": h.id}) for h in others]
    options.append(Option("none", "do not swap", "both stay where they are"))
    game.ask(Decision(hero.id, "swap", f"{hero.id}: swap places with whom?", options, rule=rule,
                      context={"hero": hero.id}), _swapped, hero.id, rule)


def _swapped(game: Game, answer: str, hid: str, rule: str) -> None:
    if answer == "none":
        return
    s: GameState = game.state
    other = answer[5:]
    a, b = s.board.where(hid), s.board.where(other)
    assert a is not None and b is not None
    move_piece(game, hid, b, rule)
    move_piece(game, other, a, rule)


COMBAT_EFFECTS: dict[str, Callable[..., None]] = {
    "damage": _c_damage, "shield": _c_shield, "weaken": _c_weaken, "silence": _c_silence, "piercing": _c_piercing,
    "draw": _c_draw, "heal": _c_heal, "rally": _c_rally, "cleave_all": _c_cleave_all,
    "bonus_if_essence": _c_bonus_if_essence, "bonus_vs_damaged": _c_bonus_vs_damaged, "swap": _c_swap,
    "essence": _c_essence, "ignore_armor": _c_ignore_armor, "reroll": _c_reroll,
}


# ----------------------------------------------------------------------------- applying the hero's damage


def strike(game: Game, hid: str) -> None:
    """Deal the roll's damage to the target; leftover goes on if Piercing; the survivor counter-attacks."""
    s: GameState = game.state
    cb = s.combat
    assert cb is not None
    dmg = strike_damage(game, cb)
    target = cb.target
    if logging(game):
        game.emit("strike", f"{hid} strikes {target_name(game, target)} for {dmg} damage", rule=R_COMBAT, hero=hid,
                  target=target, damage=dmg)
    counter_from = ""
    if cb.cleave_all:
        _cleave_all(game, hid, target, -(-dmg // 2))
        if not target_alive(game, target):
            return
    if target == TYRANT:
        hit_tyrant(game, hid, dmg, cb.ignore_armor)
        return
    if target.startswith("hero:"):
        deal_damage(game, target[5:], dmg, False, f"hero:{hid}", R_COMBAT)
        return
    killed, leftover = hit_enemy(game, hid, target, dmg, cb.piercing)
    if not killed:
        counter_from = target
    elif cb.piercing and leftover > 0:
        others = [t for t in enemies_in(game, troop_or_general_region(game, target)) if t != TYRANT]
        if others:
            _ask_pierce(game, hid, others, leftover)
            return
    if counter_from and not cb.counter:
        game.call(enemy_strike, counter_from, [hid], hid)
        if game.phase == "heroes":
            from skirmish_goblin_uprising.anytime import open_moment

            open_moment(game, "before the counter-attack", "deed")


def troop_or_general_region(game: Game, target: str) -> str:
    kind, _, key = target.partition(":")
    if kind == "troop":
        return troop_region(game, key)
    return C(game).generals[key].region if kind == "general" else ""


def _ask_pierce(game: Game, hid: str, others: list[str], leftover: int) -> None:
    options = [Option(t, f"{target_name(game, t)} takes the {leftover} leftover damage",
                      "Piercing: damage left over from a kill goes on to another enemy of the region",
                      data={"target": t,
                            "damage": leftover})
               for t in others]
    prompt = f"{hid}: Piercing - where does the leftover {leftover} damage go?"
    ask_or_only(game, Decision(hid, "pierce", prompt, options, rule="Combat: Piercing",
                               context={"hero": hid, "damage": leftover, "targets": others}),
                _pierced, hid, leftover)


def _pierced(game: Game, answer: str, hid: str, leftover: int) -> None:
    s: GameState = game.state
    cb = s.combat
    assert cb is not None
    killed, _ = hit_enemy(game, hid, answer, leftover, False)
    if not killed and not cb.counter:
        game.call(enemy_strike, answer, [hid], hid)


def _cleave_all(game: Game, hid: str, target: str, amount: int) -> None:
    region = hero_region(game, game.state.heroes[hid])
    for other in enemies_in(game, region):
        if other != target and other != TYRANT and amount > 0:
            if logging(game):
                say(game, f"the blow cleaves into {target_name(game, other)} for {amount}", "Combat: effects")
            hit_enemy(game, hid, other, amount, False)


def hit_enemy(game: Game, hid: str, target: str, dmg: int, piercing: bool) -> tuple[bool, int]:
    """Damage an army or a general. Returns (a miniature was removed, leftover damage)."""
    s: GameState = game.state
    c = C(game)
    kind, _, key = target.partition(":")
    killed = False
    if not target_alive(game, target):
        return False, 0
    if kind == "troop":
        hp = c.troops[key].hp
        while dmg > 0 and s.troops.get(key, 0) > 0:
            left = hp - s.troop_damage.get(key, 0)
            if dmg < left:
                s.troop_damage[key] = s.troop_damage.get(key, 0) + dmg
                if logging(game):
                    say(game, f"{c.troops[key].name}: {s.troop_damage[key]}/{hp} damage on the tile", R_COMBAT)
                dmg = 0
                break
            dmg -= left
            s.troop_damage[key] = 0
            s.troops[key] -= 1
            killed = True
            enemy_defeated(game, hid, target)
            if not piercing:
                dmg = 0
        return killed, dmg
    spec = c.generals[key]
    left = spec.hp - s.generals[key]
    if dmg < left:
        s.generals[key] += dmg
        if logging(game):
            say(game, f"{spec.name}: {s.generals[key]}/{spec.hp} damage", R_COMBAT)
        return False, 0
    del s.generals[key]
    remove_piece(game, target, R_COMBAT)
    enemy_defeated(game, hid, target)
    return True, (dmg - left) if piercing else 0


def enemy_defeated(game: Game, hid: str, target: str) -> None:
    """A miniature (or a general) is removed: count it for rewards, schemes and guardians."""
    from skirmish_goblin_uprising.tyranny import check_scheme, scheme_event

    s: GameState = game.state

    c = C(game)
    hero = s.heroes[hid]
    kind, _, key = target.partition(":")
    region = troop_or_general_region(game, target)
    if logging(game):
        game.emit("defeat", f"{hid} defeats {a_name(target_name(game, target))} miniature" if kind == "troop"
                  else f"{hid} defeats the {target_name(game, target)}", rule=R_COMBAT, hero=hid, target=target)
    hero.kills += 1
    if s.battle is not None and hid in s.battle.heroes:
        s.battle.kills[hid] = s.battle.kills.get(hid, 0) + 1
    else:
        _kill_reward(game, hero)
    if kind == "troop":
        s.kills_round += 1
        scheme_event(game, "kill", hid, region=region)
    else:
        moment(game, f"{hid} defeated the {c.generals[key].name}")
        scheme_event(game, "general", hid)
    for other in s.active_heroes():
        g = c.guardians.get(other.guardian)
        if g is None or region_at(game, s.board.where(other.id)) != region:
            continue
        if g.passive.effect == "renown_on_kill":
            gain_renown(game, other, g.passive.amount(), f"Guardians: {g.name}")
        if g.passive.effect == "on_kill_damage" and other.id == hid and kind == "troop":
            rest = [t for t in enemies_in(game, region) if t != TYRANT and t != target]
            if rest:
                if logging(game):
                    say(game, f"{g.name}: 1 damage to {target_name(game, rest[0])}", "Guardians")
                hit_enemy(game, hid, rest[0], g.passive.amount(), False)
    check_scheme(game)


def _kill_reward(game: Game, hero: Hero) -> None:
    rule = "Rewards: defeating an enemy"
    gain_renown(game, hero, 2, rule)
    gain_essence(game, hero, 1, rule)
    draw_goblins(game, hero, 1, rule)


def hit_tyrant(game: Game, hid: str, dmg: int, ignore: int) -> None:
    """Royal Armor reduces every hit by its token count (less what the attack ignores)."""
    from skirmish_goblin_uprising.tyranny import scheme_event, tyrant_defeated

    s: GameState = game.state
    armor = max(0, s.armor - ignore)
    through = max(0, dmg - armor)
    s.hp = max(0, s.hp - through)
    if logging(game):
        game.emit("tyrant-hit", f"Royal Armor {armor} stops {min(dmg, armor)}; the Tyrant takes {through} "
                  f"({s.hp}/{s.max_hp} HP)", rule="Fighting the Tyrant", damage=through, hp=s.hp)
    if dmg:
        scheme_event(game, "hurt", hid, dmg)
    if s.hp <= 0:
        tyrant_defeated(game, hid)


# ----------------------------------------------------------------------------- the enemy's turn


def enemy_strike(game: Game, source: str, defenders: list[str], countered: str = "") -> None:
    """An enemy attacks: one roll hits the defenders (all heroes in the region on a Cleave)."""
    s: GameState = game.state
    c = C(game)
    if game.result is not None or not target_alive(game, source):
        return
    defenders = [d for d in defenders if not s.heroes[d].removed]
    if not defenders:
        return
    cb = s.combat if countered and s.combat is not None and s.combat.hero == countered else None
    kind, _, key = source.partition(":")
    if source == TYRANT:
        base, die, n = s.damage, "tyrant", c.counts.tyrant_per_attack
        region = region_at(game, s.board.where(TYRANT))
    elif kind == "troop":
        base, die, n = c.troops[key].damage + s.troops[key] - 1, "enemy", c.counts.enemy_per_attack
        region = troop_region(game, key)
    else:
        base, die, n = c.generals[key].damage, "enemy", c.counts.enemy_per_attack
        region = c.generals[key].region
    if cb is not None and cb.silence:
        n = 0
        if logging(game):
            say(game, f"{target_name(game, source)} rolls no die (silenced)", R_COMBAT)
    dice = []
    spec = c.dice[die]
    log = logging(game)
    why = f"{target_name(game, source)} attacks" if log and n else ""
    for _ in range(n):
        index = game.rng.roll(len(spec.faces), rule=spec.name, why=why, faces=spec.faces, log=log)
        dice.append(spec.faces[index - 1])
    faces = [spec.results[d] for d in dice]
    extra = sum(f.damage for f in faces)
    power = source == TYRANT and any(f.power for f in faces)
    if power:
        extra += sum(e.amount() for e in tyrant(game).power if e.effect == "extra_damage")
    weaken = cb.weaken if cb is not None else 0
    dmg = max(0, base + extra - weaken)
    cleave = any(f.cleave for f in faces)
    aimed = any(f.aimed for f in faces)
    hit = list(defenders)
    if cleave:
        hit += [h.id for h in heroes_in(game, region) if h.id not in hit]
    flags = [w for w, on in (("Cleave", cleave), ("Aimed", aimed), ("Power", power)) if on]
    if logging(game):
        game.emit("attack", f"{target_name(game, source)} attacks {', '.join(hit)}: {base} + dice "
                  f"[{' '.join(dice) or 'none'}]" + (f" - {weaken}" if weaken else "") + f" = {dmg} damage"
                  + (f" ({', '.join(flags)})" if flags else ""), rule="Combat: enemy attack", source=source,
                  dice=dice, damage=dmg, targets=hit)
    steps: list[Any] = []
    for hid in hit:
        amount = dmg
        if cb is not None and hid == cb.hero and cb.shield and not aimed:
            cut = min(amount, cb.shield)
            amount -= cut
            if logging(game):
                say(game, f"{hid} prevents {cut} damage (ability)", R_COMBAT)
        steps.append(Do(deal_damage, (hid, amount, aimed, target_name(game, source), "Combat: enemy attack", True)))
    for f in faces:
        for hid in defenders:
            if f.drain_essence:
                steps.append(Do(_drain, (hid, f.drain_essence)))
            if f.discard:
                steps.append(Do(ask_discard, (hid, f.discard, "Tyrant die: Discard")))
        if f.reinforce:
            steps.append(Do(_reinforce, ()))
    if power:
        for e in tyrant(game).power:
            for hid in defenders:
                if e.effect == "drain_essence":
                    steps.append(Do(_drain, (hid, e.amount())))
                elif e.effect == "discard":
                    steps.append(Do(ask_discard, (hid, e.amount(), "Tyrant's Power")))
                elif e.effect == "lose_renown":
                    steps.append(Do(_lose_renown, (hid, e.amount())))
    game.schedule(*steps)


def _drain(game: Game, hid: str, n: int) -> None:
    hero = game.state.heroes[hid]
    if not hero.removed:
        lose_essence(game, hero, n, "Enemy die: Essence")


def _lose_renown(game: Game, hid: str, n: int) -> None:
    hero = game.state.heroes[hid]
    if not hero.removed:
        lose_renown(game, hero, n, "Tyrant's Power")


def _reinforce(game: Game) -> None:
    from skirmish_goblin_uprising.tyranny import spawn_random

    spawn_random(game, "Tyrant die: Reinforce")


# ----------------------------------------------------------------------------- Attack phase and rewards


def enemy_attack_phase(game: Game, source: str) -> None:
    """An Aggressive enemy attacks every hero in its region; each survivor then counter-attacks it. Before it, the
    heroes there may play a tribe card (any moment, issue 27): one who moves away is not attacked."""
    from skirmish_goblin_uprising.anytime import open_moment

    defenders = _defenders(game, source)
    if not defenders:
        return
    game.call(_enemy_attacks, source)
    open_moment(game, f"before {target_name(game, source)} attacks", "tribe", tuple(defenders))


def _defenders(game: Game, source: str) -> list[str]:
    """The heroes an attacking ``source`` (the Tyrant, a troop or a general) attacks: those in its region."""
    s: GameState = game.state
    if game.result is not None or not target_alive(game, source):
        return []
    region = region_at(game, s.board.where(TYRANT)) if source == TYRANT else troop_or_general_region(game, source)
    return [h.id for h in heroes_in(game, region)]


def _enemy_attacks(game: Game, source: str) -> None:
    s: GameState = game.state
    defenders = _defenders(game, source)
    if not defenders:
        return
    s.battle = Battle(heroes=list(defenders), falls={h: s.heroes[h].falls for h in defenders})
    s.combat = None
    steps: list[Any] = [Do(enemy_strike, (source, defenders, ""))]
    steps += [Do(_strike_back, (h, source, False)) for h in defenders]
    steps.append(Do(end_battle))
    game.schedule(*steps)


def end_battle(game: Game) -> None:
    """Rewards for every hero involved: defeats, or +1 Renown for surviving (which does not stack)."""
    s: GameState = game.state
    battle = s.battle
    s.battle = None
    s.combat = None
    if battle is None or game.result is not None:
        return
    for hid in battle.heroes:
        hero = s.heroes[hid]
        if hero.removed:
            continue
        kills = battle.kills.get(hid, 0)
        players = battle.players.get(hid, 0)
        for _ in range(kills):
            _kill_reward(game, hero)
        if players:
            gain_renown(game, hero, players, "Rewards: defeating a player")
        if not kills and not players and hero.falls == battle.falls.get(hid, hero.falls):
            gain_renown(game, hero, 1, "Rewards: survived the combat")
    from skirmish_goblin_uprising.tyranny import run_extra_moves

    if game.phase == "heroes":  # the turn's last moment: after the battle and all it set off (issue 27)
        from skirmish_goblin_uprising.anytime import open_moment

        game.call(open_moment, "after the battle", "after")
    run_extra_moves(game)


def note_player_defeat(game: Game, winner: str) -> None:
    s: GameState = game.state
    if s.battle is not None:
        s.battle.players[winner] = s.battle.players.get(winner, 0) + 1
