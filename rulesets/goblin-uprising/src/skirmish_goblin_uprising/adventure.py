"""Adventures (the other heroic deed), help from other heroes, and what heroes gain or lose from cards and tokens.

Every hero-side gain or loss (adventure effects, exploration tokens, quest rewards) is a function in
:data:`GAIN`, named by the content's ``effect`` field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attr

from skirmish import Decision, Do, Option, counted, open_window
from skirmish_goblin_uprising.bookkeeping import (
    C,
    discard_cards,
    draw_cards,
    draw_goblins,
    gain_essence,
    gain_renown,
    heal,
    hero_region,
    heroes_in,
    logging,
    lose_essence,
    lose_renown,
    say,
)
from skirmish_goblin_uprising.explain import pet_text

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_goblin_uprising.content import Adventure, Effect
    from skirmish_goblin_uprising.state import GameState

R_ADV = "Heroic deed: Adventure"


@attr.s(auto_attribs=True)
class AdventureRun:
    """The adventure in progress."""

    hero: str
    card: str
    invited: list[str] = attr.ib(factory=list)  # heroes invited (each invitation paid when made, GU-32)
    helpers: list[str] = attr.ib(factory=list)
    help: int = 0  # successes added by helpers
    dice: list[str] = attr.ib(factory=list)
    converted: int = 0


# ----------------------------------------------------------------------------- gains and losses


def gain_text(e: Effect) -> str:
    n = e.amount()
    return {
        "renown": f"+{n} Renown", "essence": f"+{n} Essence", "goblins": f"draw {counted(n, 'goblin')}",
        "heal": f"heal {n} HP", "pet": f"gain a pet ({e.pet})", "refresh_tribe": "turn your tribe card face up",
        "quest": "place a Quest token", "damage": f"take {n} damage", "lose_essence": f"lose {n} Essence",
        "discard": f"discard {counted(n, 'goblin')}", "lose_renown": f"lose {n} Renown",
        "spawn_here": "a troop spawns in your region",
    }.get(e.effect, e.effect)


def apply_gains(game: Game, hid: str, effects: Any, rule: str, source: str = "") -> None:
    """Schedule ``effects`` on hero ``hid`` in order."""
    game.schedule(*[Do(_gain, (hid, e, rule, source)) for e in effects])


def _gain(game: Game, hid: str, e: Effect, rule: str, source: str) -> None:
    hero = game.state.heroes[hid]
    if hero.removed or game.result is not None:
        return
    GAIN[e.effect](game, hid, e, rule, source)


def _g_renown(game: Game, hid: str, e: Effect, rule: str, source: str) -> None:
    gain_renown(game, game.state.heroes[hid], e.amount(), rule)


def _g_essence(game: Game, hid: str, e: Effect, rule: str, source: str) -> None:
    gain_essence(game, game.state.heroes[hid], e.amount(), rule)


def _g_goblins(game: Game, hid: str, e: Effect, rule: str, source: str) -> None:
    draw_goblins(game, game.state.heroes[hid], e.amount(), rule)


def _g_heal(game: Game, hid: str, e: Effect, rule: str, source: str) -> None:
    heal(game, game.state.heroes[hid], e.amount(), rule)


def _g_pet(game: Game, hid: str, e: Effect, rule: str, source: str) -> None:
    s: GameState = game.state
    c = C(game)
    hero = s.heroes[hid]
    if hero.pet:
        if logging(game):
            say(game, f"{hid} already has a pet (one each)", rule)
        return
    owned = {h.pet for h in s.heroes.values()}
    free = [p for p in c.pets if p not in owned] if e.pet == "any" else [e.pet] if e.pet not in owned else []
    if not free:
        if logging(game):
            say(game, "no pet is left to gain", rule)
        return
    if len(free) == 1:
        _take_pet(game, f"pet:{free[0]}", hid, rule)
        return
    options = [Option(f"pet:{p}", f"{c.pets[p].name}", f"this pet joins you: {pet_text(c.pets[p])}", data={"pet": p})
               for p in free]
    game.ask(Decision(hid, "pet", f"{hid}: which pet joins you?", options, rule=rule, context={"hero": hid}),
             _take_pet, hid, rule)


def _take_pet(game: Game, answer: str, hid: str, rule: str) -> None:
    pet = answer.split(":", 1)[1]
    game.state.heroes[hid].pet = pet
    if logging(game):
        say(game, f"{hid} gains the {C(game).pets[pet].name} pet", rule, hero=hid, pet=pet)


def _g_refresh_tribe(game: Game, hid: str, e: Effect, rule: str, source: str) -> None:
    hero = game.state.heroes[hid]
    hero.tribe_ready = True
    if logging(game):
        say(game, f"{hid}'s tribe card is face up again", rule, hero=hid)


def _g_quest(game: Game, hid: str, e: Effect, rule: str, source: str) -> None:
    from skirmish_goblin_uprising.tyranny import place_quest

    place_quest(game, source or "quest:unknown", rule)


def _g_damage(game: Game, hid: str, e: Effect, rule: str, source: str) -> None:
    from skirmish_goblin_uprising.damage import deal_damage

    deal_damage(game, hid, e.amount(), False, rule, rule)


def _g_lose_essence(game: Game, hid: str, e: Effect, rule: str, source: str) -> None:
    lose_essence(game, game.state.heroes[hid], e.amount(), rule)


def _g_discard(game: Game, hid: str, e: Effect, rule: str, source: str) -> None:
    from skirmish_goblin_uprising.damage import ask_discard

    ask_discard(game, hid, e.amount(), rule)


def _g_lose_renown(game: Game, hid: str, e: Effect, rule: str, source: str) -> None:
    lose_renown(game, game.state.heroes[hid], e.amount(), rule)


def _g_spawn_here(game: Game, hid: str, e: Effect, rule: str, source: str) -> None:
    from skirmish_goblin_uprising.tyranny import spawn_in_region, spawn_random

    region = hero_region(game, game.state.heroes[hid])
    if region:
        spawn_in_region(game, region, rule)
    else:
        spawn_random(game, rule)


GAIN: dict[str, Callable[[Game, str, Any, str, str], None]] = {
    "renown": _g_renown, "essence": _g_essence, "goblins": _g_goblins, "heal": _g_heal, "pet": _g_pet,
    "refresh_tribe": _g_refresh_tribe, "quest": _g_quest, "damage": _g_damage, "lose_essence": _g_lose_essence,
    "discard": _g_discard, "lose_renown": _g_lose_renown, "spawn_here": _g_spawn_here,
}


# ----------------------------------------------------------------------------- tokens


def interact(game: Game, hid: str, space: str) -> None:
    """Take the exploration token, or resolve the Quest token, on ``space``."""
    from skirmish_goblin_uprising.tyranny import foil_scheme, scheme_event

    s: GameState = game.state

    c = C(game)
    if space in s.quests:
        source = s.quests.pop(space)
        if logging(game):
            game.emit("quest", f"{hid} resolves the Quest token on {c.space_name(space)}", rule="Interact", hero=hid,
                      space=space)
        if source.startswith("scheme:") and s.scheme == source[7:]:
            foil_scheme(game, hid)
            return
        apply_gains(game, hid, quest_reward(game, source), "Quest token", "")
        scheme_event(game, "explore", hid)
        return
    token = s.tokens.pop(space)
    if space in s.peeked:
        s.peeked.remove(space)
    spec = c.tokens[token]
    if logging(game):
        game.emit("explore", f"{hid} takes the exploration token on {c.space_name(space)}: {spec.name}",
                  rule="Interact", hero=hid, space=space, token=token)
    apply_gains(game, hid, spec.effects, f"Exploration: {spec.name}")
    scheme_event(game, "explore", hid)


def quest_reward(game: Game, source: str) -> tuple[Any, ...]:
    kind, _, key = source.partition(":")
    if kind == "adventure":
        card = C(game).adventures[key]
        for e in (*card.green, *card.red):
            if e.effect == "quest":
                return e.reward
    return ()


# ----------------------------------------------------------------------------- the Adventure deed


def start_adventure(game: Game, hid: str) -> None:
    s: GameState = game.state
    c = C(game)
    drawn = draw_cards(game, "adventures", 1, R_ADV)
    if not drawn:
        if logging(game):
            say(game, "the adventure deck is empty: nothing happens", R_ADV)
        return
    card = c.adventures[drawn[0]]
    s.adventure = AdventureRun(hid, card.id)
    need = f"needs {card.difficulty} successes" if card.difficulty else "no roll: choose an effect"
    if logging(game):
        game.emit("adventure", f"{hid} goes on an adventure: {card.name} ({need})", rule=R_ADV, hero=hid, card=card.id)
    from skirmish_goblin_uprising.anytime import open_moment

    game.call(_drawn, hid)
    open_moment(game, "the adventure card is drawn", "deed")  # "any time" of the hero turn (issue 27)


def _drawn(game: Game, hid: str) -> None:
    """The card drawn (and any window after it): choose a side, or invite help and roll."""
    s: GameState = game.state
    run = s.adventure
    if run is None or game.result is not None:
        return
    card = C(game).adventures[run.card]
    if not card.difficulty:
        options = [Option("green", "green: " + "; ".join(gain_text(e) for e in card.green),
                          "a card with no roll: you choose its side and succeed either way", data={"side": "green"}),
                   Option("red", "red: " + "; ".join(gain_text(e) for e in card.red),
                          "a card with no roll: you choose its side and succeed either way", data={"side": "red"})]
        game.ask(Decision(hid, "adventure", f"{hid}: {card.name} - choose your effect", options, rule=R_ADV,
                          context={"hero": hid, "card": card.id}), _chosen, hid)
        return
    ask_invite(game, hid)


def _invitable(game: Game, hid: str) -> list[str]:
    """Heroes ``hid`` may still invite: up to Leadership invitations, each paid with 1 Essence (a Bard: free), of
    heroes in its region (a player interacts only with players in its region unless stated otherwise: GU-32)."""
    s: GameState = game.state
    run = s.adventure
    assert run is not None
    hero = s.heroes[hid]
    if len(run.invited) >= hero.leadership:
        return []
    return [h.id for h in heroes_in(game, hero_region(game, hero))
            if h.id != hid and h.id not in run.invited and (hero.essence >= 1 or _bard(game, h.id))]


def ask_invite(game: Game, hid: str) -> None:
    """Before the roll the adventurer invites helpers one at a time, paying 1 Essence per invitation (Adventure:
    help, GU-32), or rolls."""
    s: GameState = game.state
    run = s.adventure
    assert run is not None
    card = C(game).adventures[run.card]
    who = _invitable(game, hid)
    if not who:
        _start_roll(game, hid)
        return
    hero = s.heroes[hid]
    options = [Option(f"invite:{h}", f"invite {h} ({'free: a Bard' if _bard(game, h) else '1 Essence'})",
                      f"{h} may accept and add {'2 dice' if _bard(game, h) else 'a die'} to your roll; the Essence "
                      "is spent on inviting, accepted or not", data={"hero": h}) for h in who]
    options.append(Option("roll", "adventure alone" if not run.invited else "roll now",
                          "roll your 5 dice" + (" after the invited heroes answer" if run.invited else ""),
                          data={"action": "roll"}))
    game.ask(Decision(hid, "invite", f"{hid}: {card.name} needs {card.difficulty} successes on 5 dice. Invite help?",
                      options, rule="Adventure: help",
                      context={"hero": hid, "card": card.id, "difficulty": card.difficulty,
                               "essence": hero.essence, "invited": len(run.invited),
                               "spent": sum(1 for h in run.invited if not _bard(game, h))}), _invited, hid)


def _chosen(game: Game, answer: str, hid: str) -> None:
    s: GameState = game.state
    c = C(game)
    run = s.adventure
    assert run is not None
    card = c.adventures[run.card]
    _finish(game, hid, card, answer == "green", chosen=True)


def _invited(game: Game, answer: str, hid: str) -> None:
    s: GameState = game.state
    run = s.adventure
    assert run is not None
    if answer == "roll":
        _start_roll(game, hid)
        return
    guest = answer.split(":", 1)[1]
    run.invited.append(guest)
    if not _bard(game, guest):
        lose_essence(game, s.heroes[hid], 1, "Adventure: help")
    if logging(game):
        say(game, f"{hid} invites {guest} to help", "Adventure: help", hero=hid, guest=guest)
    ask_invite(game, hid)


def _start_roll(game: Game, hid: str) -> None:
    """The invited heroes answer (each once, in seat order), then the adventurer rolls."""
    s: GameState = game.state
    run = s.adventure
    assert run is not None
    game.call(_roll_adventure, hid)
    if run.invited:
        guests = [h.id for h in s.active_heroes() if h.id in run.invited]
        card = C(game).adventures[run.card]
        open_window(game, "help the adventure", guests, help_offer, help_resolve, rule="Adventure: help", mode="once",
                    invitation=True, context={"hero": hid, "card": run.card, "difficulty": card.difficulty},
                    prompt=f"{hid} invites you to help the adventure {card.name} "
                           f"({card.difficulty} successes): accept?")


def _bard(game: Game, hid: str) -> bool:
    return C(game).classes[game.state.heroes[hid].cls].passive == "inspiring_helper"


def help_offer(game: Game, player: str) -> list[Any]:
    s: GameState = game.state
    run = s.adventure
    if run is None or player not in run.invited or player in run.helpers or s.heroes[player].removed:
        return []
    dice = 2 if _bard(game, player) else C(game).counts.helper
    cost = "free (Bard)" if _bard(game, player) else f"{run.hero} paid 1 Essence to invite you"
    return [Option("help", f"accept: help {run.hero}'s adventure, roll {dice} die ({cost})",
                   f"your successes add to {run.hero}'s roll; an Essence result counts if you pay 1 Essence",
                   data={"action": "help", "dice": dice})]


def help_resolve(game: Game, player: str, value: Any) -> None:
    s: GameState = game.state
    run = s.adventure
    if run is None or value != "help":
        return
    from skirmish_goblin_uprising.combat import essence_faces, roll_goblin, successes

    run.helpers.append(player)
    dice = roll_goblin(game, 2 if _bard(game, player) else C(game).counts.helper, f"{player} helps")
    run.help += successes(game, dice)
    if logging(game):
        say(game, f"{player} helps {run.hero}: {' '.join(dice)}", "Adventure: help", hero=player)
    if essence_faces(game, dice) and s.heroes[player].essence > 0:
        options = [Option("yes", "pay 1 of your Essence: it counts as a success", "one more success for the adventure",
                          data={"action": "essence"}),
                   Option("no", "keep your Essence", "the Essence result counts for nothing", data={"action": "keep"})]
        game.ask(Decision(player, "help-essence", f"{player}: turn your Essence result into a success?", options,
                          rule="Adventure: help", context={"hero": player, "essence": s.heroes[player].essence}),
                 _helper_essence, player)


def _helper_essence(game: Game, answer: str, player: str) -> None:
    s: GameState = game.state
    if answer == "yes" and s.adventure is not None:
        lose_essence(game, s.heroes[player], 1, "Adventure: help")
        s.adventure.help += 1


def _roll_adventure(game: Game, hid: str) -> None:
    from skirmish_goblin_uprising.combat import roll_goblin

    s: GameState = game.state
    run = s.adventure
    if run is None or game.result is not None:
        return
    run.dice = roll_goblin(game, C(game).counts.adventure, f"{hid}'s adventure")
    ask_adventure_roll(game, hid)


def adventure_total(game: Game) -> int:
    from skirmish_goblin_uprising.combat import successes

    run = game.state.adventure
    assert run is not None
    return successes(game, run.dice) + run.converted + run.help


def ask_adventure_roll(game: Game, hid: str) -> None:
    from skirmish_goblin_uprising.combat import blank_faces, essence_faces

    s: GameState = game.state

    c = C(game)
    run = s.adventure
    assert run is not None
    hero = s.heroes[hid]
    card = c.adventures[run.card]
    total = adventure_total(game)
    options = []
    if essence_faces(game, run.dice) > run.converted and hero.essence > 0:
        options.append(Option("essence", "pay 1 Essence: turn an Essence result into a success",
                              "one more success; you may pay again while Essence results and Essence are left",
                              data={"action": "essence"}))
    tribe = c.tribes[hero.tribe]
    blanks = blank_faces(game, run.dice)
    if hero.tribe_ready and tribe.effect == "reroll_any" and blanks:
        options.append(Option("reroll", f"exhaust {tribe.name}: reroll your {len(blanks)} failed dice",
                              "the tribe card turns face down until an effect turns it up", data={"action": "reroll"}))
    if not options:
        _finish(game, hid, card, total >= card.difficulty)
        return
    verdict = "success" if total >= card.difficulty else "failure"
    options.append(Option("done", f"done: {total} of {card.difficulty} successes ({verdict})",
                          "resolve the card: its green side on a success, its red side on a failure",
                          data={"action": "done",
                                "total": total}))
    game.ask(Decision(hid, "adventure-roll", f"{hid} rolled {' '.join(run.dice)} (+{run.help} from help): "
                      f"{total}/{card.difficulty}", options, rule=R_ADV,
                      context={"hero": hid, "dice": list(run.dice), "total": total, "difficulty": card.difficulty,
                               "phase": "adventure"}), _adventure_roll_answer, hid)


def _adventure_roll_answer(game: Game, answer: str, hid: str) -> None:
    from skirmish_goblin_uprising.combat import blank_faces, roll_goblin

    s: GameState = game.state

    c = C(game)
    run = s.adventure
    assert run is not None
    hero = s.heroes[hid]
    card = c.adventures[run.card]
    if answer == "done":
        _finish(game, hid, card, adventure_total(game) >= card.difficulty)
        return
    if answer == "essence":
        lose_essence(game, hero, 1, "Adventure: spending Essence")
        run.converted += 1
    else:
        hero.tribe_ready = False
        blanks = blank_faces(game, run.dice)
        for i, f in zip(blanks, roll_goblin(game, len(blanks), f"{hid}'s reroll"), strict=True):
            run.dice[i] = f
    ask_adventure_roll(game, hid)


def _finish(game: Game, hid: str, card: Adventure, success: bool, chosen: bool = False) -> None:
    from skirmish_goblin_uprising.tyranny import run_extra_moves, scheme_event

    s: GameState = game.state
    s.adventure = None
    discard_cards(game, "adventures", [card.id], R_ADV)
    side = card.green if success else card.red
    if chosen:
        if logging(game):
            game.emit("adventure", f"{hid} chooses the {'green' if success else 'red'} effect of {card.name}",
                      rule=R_ADV, hero=hid, success=True)
    else:
        if logging(game):
            game.emit("adventure", f"{hid}'s adventure {card.name}: {'success' if success else 'failure'}",
                      rule=R_ADV, hero=hid, success=success)
    from skirmish_goblin_uprising.anytime import open_moment

    game.call(open_moment, "after the adventure", "after")  # the turn's last moment (issue 27)
    game.call(run_extra_moves)
    apply_gains(game, hid, side, f"Adventure: {card.name}", f"adventure:{card.id}")
    if success or chosen:
        scheme_event(game, "adventure", hid)
