"""Plain words for the named rules the content refers to (class passives, guardian passives, pets, abilities) and
the glossary behind ``help TERM``: every word the screens use, explained from the rules code's own numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish import counted

if TYPE_CHECKING:
    from skirmish_goblin_uprising.content import Content

#: A class passive in a few words (class choice, hero sheet) and in full (glossary).
PASSIVES: dict[str, tuple[str, str]] = {
    "fury": ("Fury when hurt in a battle",
             "taking damage in a battle gives you a Fury token if you hold none; spend it on a combat roll to "
             "roll 2 more Goblin dice"),
    "free_convert": ("1 Essence result free a roll",
                     "once per combat roll, turn an Essence result into a success without paying Essence"),
    "free_first_move": ("first Move each turn is free",
                        "your first Move 1 each turn costs no action"),
    "ambush": ("Ambush token: +2 successes",
               "you hold an Ambush token: spend it on the roll of a combat you started for +2 successes; Rest "
               "gives it back"),
    "rest_both": ("Rest gives HP and Essence",
                  "Rest regains 2 HP and 1 Essence (others choose 2 HP or 2 Essence)"),
    "inspiring_helper": ("helps adventures free, 2 dice",
                         "helping another hero's adventure costs them no Essence and you roll 2 dice"),
}

_GUARDIAN_PASSIVES = {
    "on_kill_damage": "when you defeat a troop, {n} damage to another enemy in the region",
    "stone_skin": "your first damage each Tyrant's turn is {n} less",
    "rest_essence": "Rest also gives {n} Essence",
    "long_step": "once a turn, one Move action may go 2 spaces",
    "save_ally": "discard {n} goblins to keep a hero in your region at 1 HP instead of falling (once a round)",
    "renown_on_kill": "+{n} Renown whenever an enemy is defeated in your region",
}

_PETS = {
    "battle_die": "+{n} Goblin die when you attack a troop",
    "thick_fur": "prevents {n} damage from each attack on you (not Aimed)",
    "interact_adjacent": "lets you Interact with a token on an adjacent space",
}


_POWERS = {
    "drain_essence": "each hero attacked loses {n} Essence", "extra_damage": "+{n} damage",
    "lose_renown": "each hero attacked loses {n} Renown", "discard": "each hero attacked discards {goblins}",
}


def passive_short(effect: str) -> str:
    return PASSIVES.get(effect, (effect, effect))[0]


def passive_text(effect: str) -> str:
    return PASSIVES.get(effect, (effect, effect))[1]


def guardian_passive_text(e: Any) -> str:
    return _GUARDIAN_PASSIVES.get(e.effect, e.effect).format(n=e.amount())


def pet_text(pet: Any) -> str:
    return _PETS.get(pet.effect, pet.effect).format(n=pet.n)


def ability_text(a: Any, leadership: int = 0) -> str:
    """An ability as its sheet reads: dice, Piercing, effects."""
    from skirmish_goblin_uprising.combat import effect_text

    extra = "".join(f"; {effect_text(e, leadership)}" for e in a.effects)
    return f"{a.dice} dice{', piercing' if a.piercing else ''}{extra}"


#: Words the screens use that no card or sheet names.
TERMS: dict[str, str] = {
    "Aggressive": "attacks every hero in its region in the Tyrant's Attack phase",
    "Oppress": "once active, every marker move deals damage to every hero; a fallen hero is removed",
    "Reinforcement": "a troop spawns in a region rolled on the region die",
    "Cleave": "the attack hits every hero in the region (enemy die Axe)",
    "Aimed": "the damage cannot be prevented (enemy die Arrow)",
    "Piercing": "leftover damage from a kill goes on to the next miniature or another enemy in the region",
    "Royal Armor": "every hit on the Tyrant is reduced by this many; only foiled schemes remove tokens",
    "Train": "2 Renown: learn the next ability of your class's tree",
    "Rally": "1 Renown: add an Uprising result to your combat roll",
    "Recruit": "1 Renown: draw a goblin", "Commune": "5 Renown: take a guardian (one each)",
    "Exhaust": "turn a tribe card face down until an effect turns it up",
    "Uprising": "a Goblin die result; discard a goblin to resolve its uprising effect",
    "army": "all miniatures of one troop type; damage sits on the type's tile",
    "destruction track": "moves down every Tyrant's turn and when a hero falls; reinforces and applies effects",
    "HP": "hit points: at 0 a hero falls (back to its village, the destruction marker moves down)",
    "Essence": "spent to turn Essence die results into successes and to invite helpers; 'Ess 1/5' is held/most",
    "Ess": "Essence (the status line shows held/most)",
    "Renown": "earned by defeating enemies, adventures and surviving combats; spent on Train, Rally, Recruit, "
              "Commune ('Ren' on the status line)",
    "Ren": "Renown (the status line)",
    "Leadership": "a hero's pull over goblins: goblin cards marked L use it as their number ('L3' on the status "
                  "line)",
    "L": "Leadership: 'L3' on the status line; on a goblin card, L is your Leadership and L/2 half of it "
         "(rounded up)",
    "hand": "the goblin cards a hero holds: play one for its hero-turn effect, discard one to spend an Uprising "
            "result, or discard one to prevent 1 damage",
    "goblin": "a goblin card: a hero-turn effect (discard it to use) and an uprising effect (used with an "
              "Uprising result in combat)",
    "action": "each hero turn has 3: Move 1, Rest, Interact, or a guardian's ability (2); Renown, goblin cards "
              "and tribe cards are free",
    "Move 1": "one action: step to an adjacent space",
    "Travel": "several Move 1 actions in one answer, one space each, along the path shown",
    "Rest": "one action, once a turn: regain 2 HP or 2 Essence (the Druid: 2 HP and 1 Essence)",
    "Interact": "one action: take the exploration or Quest token on your space",
    "heroic deed": "after the actions every hero must Battle an enemy in its region or go on an Adventure",
    "fellow hero": "another hero in your region: with the pvp setting on (the default) Battle may target one - "
                   "player against player: you strike first, it strikes back; a hero who falls goes home as usual "
                   "and the winner takes a random goblin from its hand and gains 1 Renown; AI heroes never do it",
    "Battle": "a heroic deed: attack an enemy in your region with an ability; it counter-attacks; then a second "
              "exchange",
    "Adventure": "a heroic deed: draw an adventure card and roll for its successes (others may help), or choose "
                 "an effect",
    "green": "an adventure card's side resolved on a success (a card with no roll lets you choose a side)",
    "red": "an adventure card's side resolved on a failure (a card with no roll lets you choose a side)",
    "counter-attack": "the enemy's answer to your strike: its damage plus its die; prevent it with goblins, "
                      "shields and tribe cards",
    "ability": "a class's attack: how many Goblin dice it rolls and its effects; learn more with Train",
    "Goblin die": "the heroes' die: Star is a success, Essence a success if you pay 1 Essence, Uprising lets you "
                  "discard a goblin for its uprising effect, Blank nothing",
    "Star": "a Goblin die success",
    "Blank": "a Goblin die face that does nothing",
    "success": "a Star (or a paid Essence) on the Goblin dice: each is 1 damage, or counts towards an adventure",
    "enemy die": "rolled with each troop's or general's attack: +1 / +2 more damage, Axe (Cleave), Arrow (Aimed), "
                 "Essence (you lose 1 Essence) or nothing",
    "Tyrant die": "rolled for the Tyrant's attacks: more damage, Power (its Tyrant Power), Reinforce (a troop "
                  "spawns), Discard (you lose a goblin)",
    "Axe": "an enemy die face: the attack has Cleave (it hits every hero in the region)",
    "Arrow": "an enemy die face: the attack is Aimed (its damage cannot be prevented)",
    "Power": "a Tyrant die face: the Tyrant's Power resolves (each Tyrant's is in help TYRANT-NAME)",
    "Reinforce": "a Tyrant die face: a troop spawns in a region rolled on the region die",
    "Discard": "a Tyrant die face: the hero attacked discards a goblin",
    "Tyrannical Ability": "the rule each Tyrant plays by all game long (help TYRANT-NAME)",
    "miniature": "one soldier of an army: it dies when the damage on the tile reaches its HP",
    "Champion": "the castle's troop (Champion Soldiers): the Death Guardian cannot remove it",
    "marker": "the destruction marker on the Tyrant's track: each move down applies the space it reaches",
    "Gate": "the castle's spawn space, next to every region's inner space and to the Throne",
    "Throne": "the Tyrant's space, reached only through the Gate",
    "region die": "names the region where a reinforcement spawns",
    "troop": "enemy soldiers of one kind living in a region; they fight as one army",
    "general": "a strong single enemy brought by the track, schemes or Tyrant abilities",
    "tile": "an army's damage sits on its tile: '1/3 dmg' is damage taken / HP of one miniature",
    "dmg": "damage on an army's tile / HP of one miniature (a miniature dies when it fills)",
    "spawn": "a spawn space: where new troops of the region appear",
    "village": "a hero's home space: you start there and return there after falling",
    "exploration token": "a face-down token on a numbered spot: take it with Interact for its effect",
    "Quest": "a token a scheme or adventure places: resolve it with Interact",
    "scheme": "the Tyrant's plan: it acts every Upkeep until the heroes meet its goal (foiled): foiling removes "
              "a Royal Armor token and reveals the next scheme",
    "track": "the destruction track (see destruction track): the rolls in its preview are reinforcements",
    "behavior card": "the Tyrant's hidden card, revealed by the track: it changes how the Tyrant fights at the end",
    "Crowns": "the Dwarf Tyrant's counter: every dwarf that spawns adds one; three bring the Dwarf General",
    "Fury": passive_text("fury"),
    "Ambush": passive_text("ambush"),
    "tribe card": "your home tribe's one-use card: exhaust it for its effect (face down until something turns "
                  "it up)",
    "guardian": "a spirit taken with Commune: a passive that works by itself and an ability costing 2 actions",
    "pet": "a companion card some classes start with; it works by itself",
    "fall": "a hero at 0 HP falls: back to its village with full HP, and the destruction marker moves down",
    "Upkeep": "the Tyrant's turn begins: the active scheme acts",
    "Tyranny": "the Tyrant's turn: the destruction marker moves down and its space takes effect",
    "Attack": "the end of the Tyrant's turn: Aggressive enemies attack heroes in their region",
}


def _with_l(text_of: Any, e: Any) -> str:
    """An effect's text with an ``n`` of "L" or "L/2" shown as such (the holder's Leadership decides it)."""
    if isinstance(e.n, int):
        return str(text_of(e))
    return str(text_of(e, 1000)).replace("1000", "L").replace("500", "L/2")


def glossary(c: Content) -> dict[str, str]:
    """Every term ``help TERM`` knows: the rules' words and every named card, class, ability, guardian, pet,
    scheme and Tyrant of the content set."""
    from skirmish_goblin_uprising.combat import effect_text
    from skirmish_goblin_uprising.turns import guardian_text, tribe_text, turn_text
    from skirmish_goblin_uprising.tyranny import _goal_text

    out = dict(TERMS)
    for cl in c.classes.values():
        pet = f"; starts with the {c.pets[cl.pet].name}" if cl.pet and cl.pet in c.pets else ""
        out[cl.name] = (f"class: HP {cl.hp}, Leadership {cl.leadership}, Essence {cl.essence}; "
                        f"{passive_text(cl.passive)}{pet}")
        for a in cl.abilities:
            need = f", needs {cl.ability(a.requires).name}" if a.requires else ""
            out.setdefault(a.name, f"{cl.name} ability, level {a.level}{need}: {ability_text(a)}")
    for g in c.goblins.values():
        out[g.name] = (f"goblin: hero turn: {_with_l(turn_text, g.turn)} (discard it); uprising: "
                       f"{_with_l(effect_text, g.uprising)}" + (" (L: your Leadership)" if
                                                                 "L" in f"{g.turn.n}{g.uprising.n}" else ""))
    for t in c.tribes.values():
        out[t.name] = f"tribe card: {tribe_text(t)}; once, then exhausted"
    for gd in c.guardians.values():
        out[gd.name] = (f"guardian: passive: {guardian_passive_text(gd.passive)}; 2 actions, once a turn: "
                        f"{guardian_text(gd.active)}")
    for p in c.pets.values():
        out.setdefault(p.name, f"pet: {pet_text(p)}")
    for troop in c.troops.values():
        out.setdefault(troop.name, f"troop: up to {troop.count} miniatures of HP {troop.hp}, damage {troop.damage}"
                       + (", Aggressive" if troop.aggressive else ""))
    for general in c.generals.values():
        out.setdefault(general.name, f"general: HP {general.hp}, damage {general.damage}"
                       + (", Aggressive" if general.aggressive else ""))
    for ty in c.tyrants.values():
        power = "; ".join(_POWERS.get(e.effect, e.effect).format(n=e.amount(), goblins=counted(e.amount(), "goblin"))
                          for e in ty.power)
        out[ty.name] = (f"Tyrant: HP {ty.hp}, Royal Armor {ty.armor}, damage {ty.damage}; {ty.pressure}"
                        + (f"; Power: {power}" if power else ""))
        out.setdefault(ty.ability.name, f"{ty.name}'s Tyrannical Ability: {ty.pressure}")
        for sc in ty.schemes:
            out.setdefault(sc.name, f"{ty.name}'s scheme: it acts every Upkeep while active; {_goal_text(c, sc.goal)}")
    return out
