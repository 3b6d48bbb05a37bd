"""Moments the book allows "at any time" that the hero-turn menu does not reach (issue 27, RULINGS "Any time").

A goblin's hero-turn effect may be used at any time of its holder's hero turn, and a tribe card at any moment.
The hero-turn menu offers both between actions, from the turn's first choice (the earliest moment) to the
choice of the heroic deed. This module opens response windows (core :func:`skirmish.windows.open_window`) at
the moments inside and after the deed - before a battle's first strike, before the counter-attack, after the
battle; after an adventure card is drawn, after it is resolved - and, for the tribe cards that can act at any
moment (heal to full, the free move), at the start of the Tyrant's Upkeep and Tyranny phases and before each
attack of its Attack phase. Each window asks only heroes holding something that can do something there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish import Option, open_window
from skirmish_goblin_uprising.bookkeeping import C, discard_goblin, logging, say

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_goblin_uprising.state import GameState, Hero

#: goblin hero-turn effects that can still do something once the heroic deed has begun (no actions are left to
#: spend, so extra actions are not among them)
DEED_EFFECTS = frozenset({"essence", "heal", "draw_discard", "peek", "renown_if_troop"})
#: once the deed is over (the turn's last moment) a free move or an adjacent token can still be taken
AFTER_EFFECTS = DEED_EFFECTS | {"free_move", "interact_adjacent"}
#: tribe cards that act at any moment (the others have moments of their own: a roll, a hit, a fall, the turn's
#: actions)
ANY_MOMENT_TRIBES = frozenset({"full_heal", "teleport"})
RULE = "Any time"


def turn_hero(game: Game) -> str:
    """The hero whose hero turn is under way ("" outside the Hero's turn)."""
    s: GameState = game.state
    return s.turn.hero if game.phase == "heroes" and s.turn is not None else ""


def _tribe_option(game: Game, hero: Hero) -> list[Any]:
    from skirmish_goblin_uprising.turns import tribe_text

    c = C(game)
    if not _tribe_may_act(game, hero, c.tribes):
        return []
    memo = c._look["memo"]
    key = ("any-time-tribe", hero.tribe)
    found = memo.get(key)
    if found is None:  # the same for every game of a content set
        tribe = c.tribes[hero.tribe]
        found = memo[key] = Option("tribe", f"exhaust {tribe.name}: {tribe_text(tribe)}",
                                   "a tribe card may be used at any moment; it turns face down (exhausted)",
                                   data={"action": "tribe", "effect": tribe.effect})
    return [found]


def _goblin_options(game: Game, hero: Hero, effects: frozenset[str]) -> list[Any]:
    from skirmish_goblin_uprising.turns import turn_effect_usable, turn_text

    c = C(game)
    memo = c._look["memo"]
    out = []
    for card in dict.fromkeys(hero.hand.cards):
        e = c.goblins[card].turn
        if e.effect in effects and turn_effect_usable(game, hero, e):
            key = ("any-time-goblin", card, hero.leadership)  # what the label reads (once per content set)
            found = memo.get(key)
            if found is None:
                found = memo[key] = Option(
                    f"goblin:{card}", f"{c.goblins[card].name}: {turn_text(e, hero.leadership)} (discard it)",
                    "a goblin's hero-turn effect may be used at any time of your hero turn",
                    data={"action": "goblin", "card": card, "effect": e.effect})
            out.append(found)
    return out


def _offer(game: Game, player: str, effects: frozenset[str]) -> list[Any]:
    hero = game.state.heroes[player]
    if hero.removed:
        return []
    goblins = _goblin_options(game, hero, effects) if effects and player == turn_hero(game) else []
    return goblins + _tribe_option(game, hero)


def offer_deed(game: Game, player: str) -> list[Any]:
    """During the heroic deed: the turn hero's goblins (what still works) and any hero's any-moment tribe card."""
    return _offer(game, player, DEED_EFFECTS)


def offer_after(game: Game, player: str) -> list[Any]:
    """After the heroic deed, the turn's last moment: as during it, and a free move or an adjacent token too."""
    return _offer(game, player, AFTER_EFFECTS)


def offer_tribe(game: Game, player: str) -> list[Any]:
    """Outside a hero turn: tribe cards that act at any moment."""
    return _offer(game, player, frozenset())


def resolve(game: Game, player: str, value: Any) -> None:
    """Play the chosen goblin (discarded) or tribe card (exhausted)."""
    from skirmish_goblin_uprising.turns import TRIBE_EFFECTS, TURN_EFFECTS

    c = C(game)
    hero = game.state.heroes[player]
    if isinstance(value, str) and value.startswith("goblin:") and value[7:] in hero.hand.cards:
        gob = c.goblins[value[7:]]
        discard_goblin(game, hero, value[7:], "Goblin cards", "hero-turn effect")
        TURN_EFFECTS[gob.turn.effect](game, hero, gob.turn.amount(hero.leadership))
    elif value == "tribe" and hero.tribe_ready:
        tribe = c.tribes[hero.tribe]
        hero.tribe_ready = False
        if logging(game):
            say(game, f"{player} exhausts the {tribe.name}", "Tribe cards", hero=player)
        TRIBE_EFFECTS[tribe.effect](game, hero, tribe.n)


OFFERS = {"deed": offer_deed, "after": offer_after, "tribe": offer_tribe}
EFFECTS_AT = {"deed": DEED_EFFECTS, "after": AFTER_EFFECTS, "tribe": frozenset()}


def open_moment(game: Game, name: str, kind: str, heroes: tuple[str, ...] = ()) -> None:
    """A window at the moment ``name`` (``kind``: deed, after or tribe) over ``heroes`` (default: every active hero,
    the turn hero first).

    Only heroes who may have something to play there are put in the window: the turn hero holding a goblin whose
    hero-turn effect works at that moment and can do something now, and heroes whose tribe card is face up and acts
    at any moment (the window itself skips those who passed until the end of the phase). Nothing played in the
    window gives a hero left out such a card or makes its goblin's effect useful (the others can only heal or move
    themselves), so the window asks the same heroes the same questions as one over every hero would (the others
    would pass unasked); with nobody left, no window is opened."""
    if game.result is not None:
        return
    s: GameState = game.state
    turn = turn_hero(game)
    if heroes:
        players = [h for h in heroes if not s.heroes[h].removed]
    else:
        players = [h.id for h in s.active_heroes()]
        if turn in players:
            players.remove(turn)
            players.insert(0, turn)
    c = C(game)
    effects = EFFECTS_AT[kind]
    tribes = c.tribes
    players = [h for h in players if (h == turn and effects and _goblin_may_act(game, s.heroes[h], c.goblins, effects))
               or _tribe_may_act(game, s.heroes[h], tribes)]
    if players:
        open_window(game, name, players, OFFERS[kind], resolve, rule=RULE, mode="cycle",
                    prompt=f"{name}: play a goblin or tribe card now?")


def _goblin_may_act(game: Game, hero: Hero, goblins: Any, effects: frozenset[str]) -> bool:
    """The hero holds a goblin whose hero-turn effect may be played at this moment and can do something now (what
    :func:`_goblin_options` offers)."""
    from skirmish_goblin_uprising.turns import turn_effect_usable

    for card in hero.hand.cards:
        e = goblins[card].turn
        if e.effect in effects and turn_effect_usable(game, hero, e):
            return True
    return False


def _tribe_may_act(game: Game, hero: Hero, tribes: Any) -> bool:
    """The hero's tribe card is face up, acts at any moment and can do something now: a full heal for a hurt hero, a
    free move for a hero outside a combat (a hero in a combat stays in it until it ends: the free move comes before or
    after). What :func:`_tribe_option` offers; a window is not opened for a card that could do nothing."""
    if not hero.tribe_ready:
        return False
    tribe = tribes.get(hero.tribe)
    if tribe is None or tribe.effect not in ANY_MOMENT_TRIBES:
        return False
    if tribe.effect == "full_heal":
        return hero.hp < hero.max_hp
    battle = game.state.battle  # the free move
    return battle is None or hero.id not in battle.heroes
