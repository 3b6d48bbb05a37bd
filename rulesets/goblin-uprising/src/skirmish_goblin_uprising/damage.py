"""Damage to heroes: prevention by discarding goblins, falling in battle, returning to the village, removal.

Damage works the same from any source. Unless it is Aimed, the hero may discard goblins (1 damage each) and
use damage-preventing cards first; Bear and Earth prevent damage by themselves. A hero at 0 HP falls: loses
1 Renown, discards the whole hand, moves the destruction marker down 1 and returns to their village with
full HP. Under Oppress a fallen hero is removed from the game instead (and moves no marker).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish import Decision, Option
from skirmish_goblin_uprising.bookkeeping import (
    C,
    discard_cards,
    discard_goblin,
    hero_region,
    logging,
    lose_renown,
    moment,
    move_piece,
    remove_piece,
    say,
)

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_goblin_uprising.state import GameState, Hero


def deal_damage(game: Game, hid: str, amount: int, aimed: bool, source: str, rule: str,
                attack: bool = False) -> None:
    """Deal ``amount`` damage to hero ``hid`` (``attack``: from an enemy's attack, which a Bear softens)."""
    s: GameState = game.state
    hero = s.heroes[hid]
    if hero.removed or amount <= 0 or game.result is not None:
        return
    c = C(game)
    if not aimed:
        if attack and hero.pet and c.pets[hero.pet].effect == "thick_fur" and amount > 0:
            cut = min(amount, c.pets[hero.pet].n)
            amount -= cut
            if logging(game):
                say(game, f"{hero.id}'s {c.pets[hero.pet].name} prevents {cut} damage", "Pets", hero=hid)
        g = c.guardians.get(hero.guardian)
        if (g is not None and g.passive.effect == "stone_skin" and game.phase in ("upkeep", "tyranny", "attack")
                and hid not in s.earth_used and amount > 0):
            s.earth_used.append(hid)
            cut = min(amount, g.passive.amount())
            amount -= cut
            if logging(game):
                say(game, f"{g.name}: {hero.id}'s first damage this Tyrant's turn is reduced by {cut}", "Guardians",
                    hero=hid)
    if amount <= 0:
        return
    if logging(game):
        aimed_note = " - Aimed, it cannot be prevented" if aimed else ""
        say(game, f"{hero.id} is dealt {amount} damage ({source_name(source)}){aimed_note}", rule,
            hero=hid, damage=amount, aimed=aimed)
    if not aimed and _can_prevent(game, hero):
        ask_prevent(game, hid, amount, source, rule)
    else:
        take_damage(game, hid, amount, source, rule)


def _can_prevent(game: Game, hero: Hero) -> bool:
    return bool(hero.hand.cards) or (hero.tribe_ready and C(game).tribes[hero.tribe].effect == "prevent")


def ask_prevent(game: Game, hid: str, amount: int, source: str, rule: str) -> None:
    """Ask the hero how to prevent: one goblin at a time (1 damage each), a prevention tribe card, or take it."""
    s: GameState = game.state
    c = C(game)
    hero = s.heroes[hid]
    options = []
    memo = c.memo
    for card in dict.fromkeys(hero.hand.cards):
        found = memo.get(("prevent", card))
        if found is None:
            found = memo["prevent", card] = Option(f"goblin:{card}",
                                                   f"discard {c.goblins[card].name}: prevent 1 damage",
                                                   "each goblin discarded prevents 1 damage (not an Aimed attack's)",
                                                   data={"action": "prevent", "card": card, "prevents": 1})
        options.append(found)
    tribe = c.tribes[hero.tribe]
    if hero.tribe_ready and tribe.effect == "prevent":
        options.append(Option("tribe", f"exhaust {tribe.name}: prevent up to {tribe.n} damage",
                              "the tribe card turns face down until an effect turns it up",
                              data={"action": "prevent", "tribe": hero.tribe, "prevents": tribe.n}))
    options.append(Option("take", f"take the {amount} damage (HP {hero.hp} -> {max(0, hero.hp - amount)})",
                          "at 0 HP a hero falls: back to its village, and the destruction marker moves down",
                          data={"action": "take", "damage": amount}))
    game.ask(Decision(hid, "prevent", f"{hid}: {amount} damage coming ({source_name(source)}). Prevent some?", options,
                      rule="Damage: preventing", context={"hero": hid, "damage": amount, "hp": hero.hp,
                                                          "source": source, "oppress": s.oppress}),
             _prevented, hid, amount, source, rule)


def _prevented(game: Game, answer: str, hid: str, amount: int, source: str, rule: str) -> None:
    s: GameState = game.state
    c = C(game)
    hero = s.heroes[hid]
    if answer == "take":
        take_damage(game, hid, amount, source, rule)
        return
    if answer == "tribe":
        tribe = c.tribes[hero.tribe]
        hero.tribe_ready = False
        cut = min(amount, tribe.n)
        if logging(game):
            say(game, f"{hid} exhausts the {tribe.name}: {cut} damage prevented", "Tribe cards", hero=hid)
        amount -= cut
    else:
        card = answer.split(":", 1)[1]
        discard_goblin(game, hero, card, "Damage: preventing", "prevents 1 damage")
        amount -= 1
    if amount <= 0:
        if logging(game):
            say(game, f"{hid} prevents all the damage", "Damage: preventing", hero=hid)
        return
    if _can_prevent(game, hero):
        ask_prevent(game, hid, amount, source, rule)
    else:
        take_damage(game, hid, amount, source, rule)


def take_damage(game: Game, hid: str, amount: int, source: str, rule: str) -> None:
    s: GameState = game.state
    hero = s.heroes[hid]
    hero.hp = max(0, hero.hp - amount)
    if s.battle is not None and hid in s.battle.heroes and C(game).classes[hero.cls].passive == "fury" \
            and not hero.fury:
        hero.fury = 1
        if logging(game):
            say(game, f"{hid} gains Fury", "Class passive", hero=hid)
    if logging(game):
        game.emit("damage", f"{hid} takes {amount} damage ({hero.hp}/{hero.max_hp} HP)", rule=rule, hero=hid,
                  damage=amount, hp=hero.hp)
    if hero.hp <= 0:
        falling(game, hid, source)


def falling(game: Game, hid: str, source: str) -> None:
    """HP reached 0: a Bone Tribe card or a Life guardian may save the hero; otherwise the hero falls."""
    s: GameState = game.state
    c = C(game)
    hero = s.heroes[hid]
    tribe = c.tribes[hero.tribe]
    options = []
    if hero.tribe_ready and tribe.effect == "survive_fall":
        options.append(Option("tribe", f"exhaust {tribe.name}: stay at 1 HP",
                              "you do not fall; the card turns face down", data={"action": "survive"}))
    if options:
        then = ("removed from the game (Oppress is active)" if s.oppress else
                f"back to {c.space_name(hero.village)} with full HP; the destruction marker moves down")
        options.append(Option("fall", f"fall, keeping the card: {then}", "the tribe card stays ready for later",
                              data={"action": "fall"}))
        game.ask(Decision(hid, "fall", f"{hid} is at 0 HP: use the {tribe.name} card?", options, rule="Tribe cards",
                          context={"hero": hid}), _bone_answer, hid, source)
        return
    _life_guardian(game, hid, source)


def _bone_answer(game: Game, answer: str, hid: str, source: str) -> None:
    hero = game.state.heroes[hid]
    if answer == "tribe":
        hero.tribe_ready = False
        hero.hp = 1
        if logging(game):
            say(game, f"{hid} exhausts the {C(game).tribes[hero.tribe].name} and stays at 1 HP", "Tribe cards",
                hero=hid)
        return
    _life_guardian(game, hid, source)


def _life_guardian(game: Game, hid: str, source: str) -> None:
    s: GameState = game.state
    c = C(game)
    hero = s.heroes[hid]
    region = hero_region(game, hero)
    for other in s.active_heroes():
        g = c.guardians.get(other.guardian)
        if (g is None or g.passive.effect != "save_ally" or other.id in s.life_used or not region
                or hero_region(game, other) != region or len(other.hand) < g.passive.amount()):
            continue
        options = [Option("save", f"discard {g.passive.amount()} goblins: {hid} stays at 1 HP",
                          f"{g.name}: once a round, keep a hero of your region from falling", data={"action": "save"}),
                   Option("no", f"let {hid} fall", "it goes back to its village; the destruction marker moves down",
                          data={"action": "no"})]
        game.ask(Decision(other.id, "save", f"{other.id}: {g.name} can save {hid}", options, rule="Guardians",
                          context={"hero": hid, "guardian": other.guardian}), _life_answer, other.id, hid, source)
        return
    fall(game, hid, source)


def _life_answer(game: Game, answer: str, saver: str, hid: str, source: str) -> None:
    s: GameState = game.state
    c = C(game)
    if answer == "save":
        other = s.heroes[saver]
        for _ in range(c.guardians[other.guardian].passive.amount()):
            discard_goblin(game, other, other.hand.cards[-1], "Guardians", "Life Guardian")
        s.life_used.append(saver)
        s.heroes[hid].hp = 1
        if logging(game):
            say(game, f"{saver}'s Life Guardian keeps {hid} standing at 1 HP", "Guardians", hero=hid)
        return
    fall(game, hid, source)


def fall(game: Game, hid: str, source: str) -> None:
    """Falling in battle (or removal under Oppress)."""
    from skirmish_goblin_uprising.tyranny import check_all_removed

    s: GameState = game.state

    c = C(game)
    hero = s.heroes[hid]
    rule = "Damage: falling in battle"
    hero.falls += 1
    if source.startswith("hero:"):
        from skirmish_goblin_uprising.combat import note_player_defeat

        note_player_defeat(game, source[5:])
    if source.startswith("hero:") and hero.hand.cards:
        winner = s.heroes[source[5:]]
        card = hero.hand.pick_random(game.rng, rule="Rewards", why=f"goblin {winner.id} takes from {hid}")
        hero.hand.remove(card)
        winner.hand.add(card)
        if logging(game):
            say(game, f"{winner.id} takes {c.goblins[card].name} from {hid}", "Rewards", hero=winner.id, card=card)
    if hero.hand.cards:
        cards = list(hero.hand.cards)
        hero.hand.cards.clear()
        discard_cards(game, "goblins", cards, rule)
    if s.oppress:
        hero.removed = True
        remove_piece(game, hid, "Oppress")
        if logging(game):
            game.emit("fall", f"{hid} falls under Oppress and is removed from the game", rule="Oppress", hero=hid,
                      removed=True)
        moment(game, f"{hid} was removed from the game under Oppress")
        check_all_removed(game)
        return
    if logging(game):
        game.emit("fall", f"{hid} falls in battle", rule=rule, hero=hid)
    # the state keeps the source as it is (a save's digest covers it); final_summary shows a hero by name
    moment(game, f"{hid} fell in battle ({source})")
    lose_renown(game, hero, 1, rule)
    hero.hp = hero.max_hp
    move_piece(game, hid, hero.village, rule)
    if logging(game):
        say(game, f"{hid} returns to {c.space_name(hero.village)} with full HP", rule, hero=hid)
    game.call(_fall_move, hid)


def _fall_move(game: Game, hid: str) -> None:
    from skirmish_goblin_uprising.tyranny import move_marker

    move_marker(game, reinforce=True, why=f"{hid} fell")


def source_name(source: str) -> str:
    """Where damage comes from, as players read it (a hero's strike is kept as ``hero:ID`` for the rules)."""
    return source[5:] if source.startswith("hero:") else source


def ask_discard(game: Game, hid: str, n: int, rule: str) -> None:
    """The hero discards ``n`` goblins of their choice (all when they hold no more)."""
    hero = game.state.heroes[hid]
    if n <= 0 or not hero.hand.cards:
        return
    designs = list(dict.fromkeys(hero.hand.cards))
    if len(designs) == 1 or len(hero.hand) <= n:
        discard_goblin(game, hero, hero.hand.cards[-1], rule, "discarded")
        game.call(ask_discard, hid, n - 1, rule)
        return
    c = C(game)
    options = [Option(f"goblin:{card}", f"discard {c.goblins[card].name}", "the card goes to the discard pile",
                      data={"card": card}) for card in designs]
    game.ask(Decision(hid, "discard", f"{hid}: discard a goblin ({n} to go) - {rule}", options, rule=rule,
                      context={"hero": hid, "count": n}), _discarded, hid, n, rule)


def _discarded(game: Game, answer: str, hid: str, n: int, rule: str) -> None:
    discard_goblin(game, game.state.heroes[hid], answer.split(":", 1)[1], rule, "discarded")
    ask_discard(game, hid, n - 1, rule)
