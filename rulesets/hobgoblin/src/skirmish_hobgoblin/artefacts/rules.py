"""The artefact keywords that act at a moment, one small function each, named after the keyword.

``phase_start`` / ``phase_end`` (called from the phase hooks) schedule every one that acts then; the rest act
where the battle rules read them (Mystic Roots and Prepared Mind in turns.py, Anguished Spirits in shooting,
Thirst for Battle at the start of combat, Magic-Eater and Nullify in magic/, Cunning Ruse in deployment.py,
Syphon Power and the Quicksilver Dice of Force of Will in attacks.py, War Horn around its unit's combat
activation in turns.py). Once-per-game keywords note their use in ``unit.used`` as ``"artefact:<name>"``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skirmish import Decision, Keyword, Option
from skirmish_hobgoblin import measuring, stats
from skirmish_hobgoblin.state import RESERVE, UNDEPLOYED

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.state import Unit

STASH = "hobgoblin-artefacts"
#: keyword -> (phase -> "start"/"end" moment) -> function, filled by @at
MOMENTS: dict[tuple[str, str], list[Callable[[Game], None]]] = {}


def at(moment: str, *phases: str) -> Callable[[Callable[[Game], None]], Callable[[Game], None]]:
    """Register a rule function for ``moment`` ("start"/"end") of each of ``phases`` ("*" = every phase)."""
    def wrap(fn: Callable[[Game], None]) -> Callable[[Game], None]:
        for p in phases:
            MOMENTS.setdefault((moment, p), []).append(fn)
        return fn
    return wrap


#: homebrew keyword rules by effect name (:func:`rule`)
RULES: dict[str, Callable[[Game, Unit], None]] = {}


def rule(effect: str, moment: str, *phases: str) -> Callable[[Callable[[Game, Unit], None]],
                                                               Callable[[Game, Unit], None]]:
    """Register a homebrew keyword's rule under its ``effect`` name: at ``moment`` ("start"/"end") of each of
    ``phases`` it runs once for every unit in play holding a keyword with that effect."""
    def wrap(fn: Callable[[Game, Unit], None]) -> Callable[[Game, Unit], None]:
        RULES[effect] = fn

        def each_holder(game: Game) -> None:
            names = [k.name for k in game.ruleset.content.keywords.values() if k.effect == effect]
            for u in [u for u in game.state.in_play() if any(u.has(n) for n in names)]:
                if RULES.get(effect) is fn:
                    fn(game, u)

        each_holder.__name__ = fn.__name__
        each_holder.effect = effect  # type: ignore[attr-defined]  # (to find it again: forget)
        at(moment, *phases)(each_holder)
        return fn
    return wrap


def forget(effect: str) -> None:
    """Unregister a homebrew rule (tests, or a plugin taking its artefact back)."""
    RULES.pop(effect, None)
    for fns in MOMENTS.values():
        fns[:] = [f for f in fns if getattr(f, "effect", None) != effect]


def _run(game: Game, moment: str, phase: str) -> None:
    fns = MOMENTS.get((moment, phase), []) + MOMENTS.get((moment, "*"), [])
    for fn in reversed(fns):  # scheduled last runs first: keep the registration order
        game.call(_step, fn)


def _step(game: Game, fn: Callable[[Game], None]) -> None:
    if game.result is None:
        fn(game)


def phase_start(game: Game, phase: str) -> None:
    """Schedule the artefact rules of the start of ``phase`` (they run before the phase's own steps)."""
    _run(game, "start", phase)


def phase_end(game: Game, phase: str) -> None:
    _run(game, "end", phase)


def holders(game: Game, keyword: str) -> list[Unit]:
    return [u for u in game.state.in_play() if u.has(keyword)]


def unused(unit: Unit, keyword: str) -> bool:
    return f"artefact:{keyword}" not in unit.used


def spend(game: Game, unit: Unit, keyword: str) -> None:
    unit.used.append(f"artefact:{keyword}")
    game.emit("artefact", f"{unit.name} uses {keyword} (once per game)", rule=keyword, unit=unit.id,
              player=unit.side)


def _ask_once(game: Game, unit: Unit, keyword: str, prompt: str, yes: str, then: Callable[..., None],
              phase: str) -> None:
    """Offer a once-per-game artefact keyword: use it now or keep it."""
    game.ask(Decision(unit.side, "artefact", f"{unit.side}: {prompt}",
                      options=[Option("use", yes,
                                      data={"action": "artefact", "keyword": keyword, "actor": unit.id, "use": True}),
                               Option("keep", f"keep {keyword} for later",
                                      data={"action": "artefact", "keyword": keyword,
                                      "actor": unit.id, "use": False})],
                      rule=keyword, context={"phase": phase, "action": "artefact", "keyword": keyword,
                                             "actor": unit.id}),
             then, unit.id)


def game_start(game: Game) -> None:
    """Before deployment: Byzantine Strategies holds the General back (it arrives by Sneaky); Stolen Time."""
    for u in game.state.units.values():
        if u.has("Byzantine Strategies") and u.status == UNDEPLOYED:
            u.status = RESERVE
            game.emit("artefact", f"{u.name} is not deployed: it must arrive by Sneaky", rule="Byzantine Strategies",
                      unit=u.id, player=u.side)
    stolen_time(game)


# ------------------------------------------------------------------------------------- every phase


@at("start", "*")
def stolen_time(game: Game) -> None:
    """Stolen Time: while its unit is in play, its player's hand is face-up."""
    for p, side in game.state.sides.items():
        open_hand = any(u.has("Stolen Time") for u in game.state.of(p))
        if open_hand != side.hand.public:
            side.hand.public = open_hand
            game.emit("artefact", f"{p}'s Fortune Cards are {'face-up' if open_hand else 'hidden again'}",
                      rule="Stolen Time", player=p)


@at("start", "*")
def abyssal_piping(game: Game) -> None:
    """Abyssal Piping: enemies within 4" of its unit are Cowardly, and lose it when no longer within 4"
    (checked at each phase start and at the start of each movement activation: ruling CA-7)."""
    pipers = holders(game, "Abyssal Piping")
    for u in game.state.in_play():
        near = any(not game.state.allied(p.side, u.side) and measuring.gap(p, u) <= 4.0 for p in pipers)
        piped = any(k.source == "abyssal piping" for k in u.keywords.get("Cowardly"))
        if near and not u.has("Cowardly"):
            u.keywords.add(Keyword("Cowardly", until="phase", source="abyssal piping"), log=game.log,
                           rule="Abyssal Piping")
        elif piped and not near:
            u.keywords.remove("Cowardly", source="abyssal piping", log=game.log, rule="Abyssal Piping")


@at("start", "*")
def futility(game: Game) -> None:
    """Futility: enemies in base contact with its unit are Hollow (checked at each phase start, for the phase)."""
    for u in holders(game, "Futility"):
        for e in measuring.engaged(game.state, u):
            if not e.has("Hollow"):
                e.keywords.add(Keyword("Hollow", until="phase", source="futility"), log=game.log, rule="Futility")


@at("start", "*")
@at("end", "*")
def dissonant_echoes(game: Game) -> None:
    """Dissonant Echoes: each time its unit becomes Broken, the opponent may draw five Fortune Cards (checked when
    Broken is gained, and at each phase start and end; rallying lets it happen again: ruling CA-9)."""
    from skirmish_hobgoblin import fortune

    for u in game.state.units.values():
        if not u.has("Dissonant Echoes"):
            continue
        if not u.has(stats.BROKEN):
            if not unused(u, "Dissonant Echoes"):
                u.used.remove("artefact:Dissonant Echoes")
            continue
        if unused(u, "Dissonant Echoes"):
            u.used.append("artefact:Dissonant Echoes")
            other = game.state.enemy_of(u.side)
            game.emit("artefact", f"{u.name} is Broken: {other} draws five Fortune Cards", rule="Dissonant Echoes",
                      unit=u.id, player=other)
            if not game.state.notes.get(f"him:{other}"):
                fortune.draw(game, other, 5, rule="Dissonant Echoes")


# ------------------------------------------------------------------------------------- Initiative


@at("start", "Initiative")
@at("end", "Initiative")
def overconfident_schemes(game: Game) -> None:
    """Overconfident Schemes: its player may never hold the First Player token (it passes to the opponent)."""
    state = game.state
    holder = state.first
    if not holder or not any(u.has("Overconfident Schemes") for u in state.of(holder)):
        return
    other = state.enemy_of(holder)
    if any(u.has("Overconfident Schemes") for u in state.of(other)):
        return  # both may not hold it: the token stays (ruling)
    state.first = other
    game.emit("initiative", f"{holder} may not hold the First Player token: it passes to {other}",
              rule="Overconfident Schemes", player=other)


@at("start", "Initiative")
def vengeful_shades(game: Game) -> None:
    """Vengeful Shades: once per game, before the initiative roll, every unit on the table gains Ranged [+12]
    until the end of the round."""
    for u in holders(game, "Vengeful Shades"):
        if unused(u, "Vengeful Shades"):
            _ask_once(game, u, "Vengeful Shades", "Vengeful Shades - every unit gains Ranged [+12] this round?",
                      "use Vengeful Shades now", _shades, "Initiative")


def _shades(game: Game, answer: str, uid: str) -> None:
    if answer != "use":
        return
    spend(game, game.state.units[uid], "Vengeful Shades")
    for u in game.state.in_play():
        u.keywords.add(Keyword("Ranged", 12, "add", until="round", source="vengeful shades"), log=game.log,
                       rule="Vengeful Shades")


@at("end", "Initiative")
def like_clockwork(game: Game) -> None:
    """Like Clockwork: at the end of the Initiative Phase its player may swap any number of Fortune Cards."""
    for p in reversed(game.state.order()):
        if any(u.has("Like Clockwork") for u in game.state.of(p)) and game.state.sides[p].hand.cards:
            game.call(_clockwork_ask, p, 0)


def _clockwork_ask(game: Game, player: str, swapped: int) -> None:
    from skirmish_hobgoblin import fortune

    hand = game.state.sides[player].hand
    opts = [Option(f"discard {c}", f"discard {fortune.card_name(game, c)}", data={"action": "discard", "card": c})
            for c in hand.cards]
    opts.append(Option("done", f"done: draw {swapped} card{'s' if swapped != 1 else ''}", data={"action": "done",
                       "count": swapped}))
    game.ask(Decision(player, "artefact", f"{player}: Like Clockwork - discard a Fortune Card to redraw?",
                      options=opts, rule="Like Clockwork",
                      context={"phase": "Initiative", "action": "artefact", "keyword": "Like Clockwork"}),
             _clockwork_answer, player, swapped)


def _clockwork_answer(game: Game, answer: str, player: str, swapped: int) -> None:
    from skirmish_hobgoblin import fortune

    if answer == "done":
        if swapped:
            fortune.draw(game, player, swapped, rule="Like Clockwork")
        return
    fortune.discard_from_hand(game, player, answer.split(" ", 1)[1], "Like Clockwork")
    if game.state.sides[player].hand.cards:
        _clockwork_ask(game, player, swapped + 1)
    else:
        fortune.draw(game, player, swapped + 1, rule="Like Clockwork")


# ------------------------------------------------------------------------------------- Magic


@at("start", "Magic")
def ruinous_price(game: Game) -> None:
    """Ruinous Price: at the start of the Magic Phase its unit puts 1 Doom on a friendly unit within 12"
    (itself allowed)."""
    for u in reversed(holders(game, "Ruinous Price")):
        friends = [f for f in game.state.of(u.side) if f.id == u.id or measuring.gap(u, f) <= 12.0]
        opts = [Option(f"doom {f.id}", f"1 Doom on {f.name} ({f.doom} now)", data={"action": "doom", "target": f.id})
                for f in friends]
        game.ask(Decision(u.side, "artefact", f"{u.side}: Ruinous Price - which friendly unit takes 1 Doom?",
                          options=opts, rule="Ruinous Price",
                          context={"phase": "Magic", "action": "artefact", "keyword": "Ruinous Price",
                                   "actor": u.id, "targets": [f.id for f in friends]}),
                 _ruin)


def _ruin(game: Game, answer: str) -> None:
    stats.add_doom(game, game.state.units[answer.split()[1]], 1, "Ruinous Price")


@at("start", "*")
def quicksilver(game: Game) -> None:
    """Quicksilver: Mercury its player gained while its unit is in play arrives as rolled Quicksilver Dice
    (checked at each phase start, before casting and before Force of Will: ruling CA-10)."""
    for p in game.state.order():
        sync_quicksilver(game, p)


def _qs(game: Game) -> dict[str, Any]:
    return game.stash.setdefault(STASH, {}).setdefault("quicksilver", {})


def sync_quicksilver(game: Game, player: str) -> None:
    """Match ``player``'s Quicksilver Dice to their Mercury: tokens gained since the last look become dice
    (rolled now) while a Quicksilver unit is in play, plain tokens otherwise; tokens spent go plain ones first,
    then the lowest dice (a higher face is never worse to keep)."""
    if game.state.notes.get(f"him:{player}"):
        return
    table = game.stash.get(STASH, {}).get("quicksilver", {})
    holder = any(u.has("Quicksilver") for u in game.state.of(player))
    if player not in table and not any(u.side == player and u.has("Quicksilver") for u in game.state.units.values()):
        return  # never had the artefact: nothing to track
    entry = _qs(game).setdefault(player, [])
    plain_table = game.stash[STASH].setdefault("plain", {})
    plain = plain_table.get(player, 0)
    mercury = game.state.sides[player].mercury
    known = len(entry) + plain
    if mercury < known:
        spent = known - mercury
        from_plain = min(plain, spent)
        plain -= from_plain
        entry.sort()
        del entry[:spent - from_plain]
    elif mercury > known:
        new = mercury - known
        if holder:
            faces = [game.rng.roll(6, rule="Quicksilver", why=f"{player}'s Quicksilver Die") for _ in range(new)]
            entry.extend(faces)
            game.emit("artefact", f"{player}'s Mercury arrives as Quicksilver Dice: {', '.join(map(str, faces))}",
                      rule="Quicksilver", player=player)
        else:
            plain += new
    plain_table[player] = plain


def quicksilver_dice(game: Game, player: str) -> list[int]:
    """The faces of ``player``'s Quicksilver Dice set aside (each also counts as one Mercury Token)."""
    return list(game.stash.get(STASH, {}).get("quicksilver", {}).get(player, []))


def spend_quicksilver(game: Game, player: str, face: int) -> bool:
    """Spend the Quicksilver Die showing ``face`` (with its Mercury): an attack die may be turned to that face."""
    sync_quicksilver(game, player)
    dice = game.stash.get(STASH, {}).get("quicksilver", {}).get(player, [])
    side = game.state.sides[player]
    if face not in dice or side.mercury <= 0:
        return False
    dice.remove(face)
    side.mercury -= 1
    game.emit("artefact", f"{player} spends a Quicksilver Die showing {face}", rule="Quicksilver", player=player,
              change=-1)
    return True


def quicksilver_options(game: Game, player: str, atk: Any) -> list[Any]:
    """Force of Will: for each face of ``player``'s Quicksilver Dice that would hit, turn a missed die to it."""
    from skirmish_hobgoblin import attacks

    sync_quicksilver(game, player)
    misses = attacks._misses(game, atk)
    if not misses:
        return []
    old = atk.rolls[misses[0]]
    return [Option(f"quicksilver {f}", f"turn the {old} to {f}, spending the Quicksilver Die showing {f}",
                   data={"action": "reroll", "pay": "quicksilver", "face": f})
            for f in sorted(set(quicksilver_dice(game, player))) if attacks.is_hit(game, f, atk.need)]


def turn_die(game: Game, player: str, atk: Any, face: int) -> None:
    """Spend the Quicksilver Die showing ``face``; the lowest missed attack die now shows that face."""
    from skirmish_hobgoblin import attacks

    misses = attacks._misses(game, atk)
    if not misses or not spend_quicksilver(game, player, face):
        return
    i = misses[0]
    game.emit("artefact", f"a {atk.rolls[i]} is turned to {face} (Quicksilver)", rule="Quicksilver", player=player)
    atk.rolls[i] = face


# ------------------------------------------------------------------------------------- Movement


@at("start", "Movement")
def hidden_passages(game: Game) -> None:
    """Hidden Passages: once per game up to three friendly units within 24" gain Flying until the round ends."""
    for u in holders(game, "Hidden Passages"):
        if unused(u, "Hidden Passages"):
            _passages_ask(game, u.id, 0)


def _passages_ask(game: Game, uid: str, given: int) -> None:
    u = game.state.units[uid]
    near = [f for f in game.state.of(u.side) if measuring.gap(u, f) <= 24.0 and not f.has("Flying")]
    if given >= 3 or not near:
        return
    opts = [Option(f"fly {f.id}", f"{f.name} gains Flying this round",
                   data={"action": "flying", "target": f.id}) for f in near]
    opts.append(Option("done", "no more" if given else "keep Hidden Passages for later", data={"action": "done"}))
    game.ask(Decision(u.side, "artefact", f"{u.side}: Hidden Passages - a unit gains Flying ({3 - given} left)?",
                      options=opts, rule="Hidden Passages",
                      context={"phase": "Movement", "action": "artefact", "keyword": "Hidden Passages",
                               "actor": uid, "targets": [f.id for f in near]}),
             _passages_answer, uid, given)


def _passages_answer(game: Game, answer: str, uid: str, given: int) -> None:
    if answer == "done":
        return
    if given == 0:
        spend(game, game.state.units[uid], "Hidden Passages")
    target = game.state.units[answer.split()[1]]
    target.keywords.add(Keyword("Flying", until="round", source="hidden passages"), log=game.log,
                        rule="Hidden Passages")
    _passages_ask(game, uid, given + 1)


@at("end", "Movement")
def manipulate_time(game: Game) -> None:
    """Manipulate Time: once per game, after the Movement Phase, every friendly unengaged unit within 12" of its
    unit may make one more movement activation (ruling A37)."""
    for u in holders(game, "Manipulate Time"):
        if unused(u, "Manipulate Time") and _time_units(game, u):
            _ask_once(game, u, "Manipulate Time", "Manipulate Time - friendly units within 12\" move again?",
                      "use Manipulate Time now", _time_used, "Movement")


def _time_units(game: Game, u: Unit) -> list[str]:
    return [f.id for f in game.state.of(u.side) if measuring.gap(u, f) <= 12.0 and not measuring.engaged(game.state, f)
            and can_move(f)]


def can_move(unit: Unit) -> bool:
    return unit.in_play and not unit.has("Immobile") and stats.speed(unit) > 0


def _time_used(game: Game, answer: str, uid: str) -> None:
    if answer != "use":
        return
    u = game.state.units[uid]
    spend(game, u, "Manipulate Time")
    extra_moves(game, u.side, _time_units(game, u), 0, "Manipulate Time")


@at("end", "Movement")
def unspool(game: Game) -> None:
    """Unspool: once per game, at the end of a Movement Phase, its player may call a second Movement Phase in
    which each player (First Player first) moves up to three units."""
    for u in holders(game, "Unspool"):
        if unused(u, "Unspool"):
            _ask_once(game, u, "Unspool", "Unspool - a second Movement Phase (up to 3 units each)?",
                      "use Unspool now", _unspooled, "Movement")
            return


def _unspooled(game: Game, answer: str, uid: str) -> None:
    if answer != "use":
        return
    spend(game, game.state.units[uid], "Unspool")
    for p in reversed(game.state.order()):
        game.call(_unspool_turn, p)


def _unspool_turn(game: Game, player: str) -> None:
    extra_moves(game, player, [u.id for u in game.state.of(player) if can_move(u)], 3, "Unspool")


def extra_moves(game: Game, player: str, ids: list[str], limit: int, rule: str) -> None:
    """``player`` activates units of ``ids`` one at a time (each once; ``limit`` > 0 caps how many)."""
    if not ids or limit < 0:
        return
    units = [game.state.units[i] for i in ids if game.state.units[i].in_play]
    if not units:
        return
    opts = [Option(f"activate {u.id}", f"move {u.name} ({stats.speed(u)} MP)",
                   data={"action": "activate", "actor": u.id})
            for u in units]
    opts.append(Option("done", "no more movement", data={"action": "done"}))
    left = f" ({limit} left)" if limit else ""
    game.ask(Decision(player, "activate", f"{player}: {rule} - which unit moves{left}?", options=opts, rule=rule,
                      context={"phase": "Movement", "action": "activate", "extra": rule}),
             _extra_pick, player, [u.id for u in units], limit, rule)


def _extra_pick(game: Game, answer: str, player: str, ids: list[str], limit: int, rule: str) -> None:
    from skirmish_hobgoblin import turns

    if answer == "done":
        return
    uid = answer.split()[1]
    rest = [i for i in ids if i != uid]
    if limit != 1:
        game.call(_extra_next, player, rest, limit - 1 if limit else 0, rule)
    turns.activate_now(game, game.state.units[uid])


def _extra_next(game: Game, player: str, ids: list[str], limit: int, rule: str) -> None:
    extra_moves(game, player, ids, limit, rule)


# ------------------------------------------------------------------------------------- Combat


def war_horn_around(game: Game, unit: Unit) -> None:
    """War Horn: once per game in the Combat Phase, just before or just after its unit's activation, another
    friendly unit within 8" (sight ignored) attacks at once; that does not use up its own activation."""
    mark = f"war-horn-offered:{game.round}"
    if mark in unit.used:  # the same activation again (a refused Bold Challenge): no second offer
        _own_fight(game, unit.id)
        return
    unit.used.append(mark)
    game.call(war_horn, unit.id, "after")
    game.call(_own_fight, unit.id)
    war_horn(game, unit.id, "before")


def _own_fight(game: Game, uid: str) -> None:
    from skirmish_hobgoblin import turns

    turns.fight(game, game.state.units[uid], horn=False)


def war_horn(game: Game, uid: str, when: str = "before") -> None:
    u = game.state.units[uid]
    if not u.in_play or not u.has("War Horn") or not unused(u, "War Horn"):
        return
    near = [f for f in game.state.of(u.side) if f.id != u.id and measuring.gap(u, f) <= 8.0
            and measuring.engaged(game.state, f)]
    if not near:
        return
    opts = [Option(f"horn {f.id}", f"{f.name} attacks now", data={"action": "attack", "actor": f.id}) for f in near]
    opts.append(Option("keep", "keep War Horn for later",
                       data={"action": "artefact", "keyword": "War Horn", "use": False}))
    game.ask(Decision(u.side, "artefact", f"{u.side}: War Horn - a unit within 8\" attacks now ({when} "
                                          f"{u.name} attacks)?", options=opts,
                      rule="War Horn", context={"phase": "Combat", "action": "artefact", "keyword": "War Horn",
                                                "actor": u.id, "targets": [f.id for f in near], "when": when}),
             _horn, u.id)


def _horn(game: Game, answer: str, uid: str) -> None:
    from skirmish_hobgoblin import turns

    if answer == "keep":
        return
    spend(game, game.state.units[uid], "War Horn")
    target = answer.split()[1]
    game.call(_unmark, target)
    turns.fight(game, game.state.units[target])


def _unmark(game: Game, uid: str) -> None:
    """The War Horn attack does not use up the unit's own activation."""
    act = game.state.activated
    if uid in act:
        act.remove(uid)


def syphon_power(game: Game, attacker: Unit, target: Unit, doom: int, kind: str) -> None:
    """Syphon Power: a close-combat attack on an enemy Wizard takes 1 of its player's Mercury per Doom placed."""
    if kind not in ("combat", "punish") or doom <= 0 or not attacker.has("Syphon Power") or not target.has("Wizard"):
        return
    foe, mine = game.state.sides[target.side], game.state.sides[attacker.side]
    took = min(doom, foe.mercury)
    if took:
        foe.mercury -= took
        mine.mercury += took
    game.emit("mercury", f"{attacker.name} syphons {took} Mercury from {target.side}", rule="Syphon Power",
              player=attacker.side, change=took)


# ------------------------------------------------------------------------------------- Doom


@at("start", "Doom")
def suspended_agony(game: Game) -> None:
    """Suspended Agony: once per game, at the start of a Doom Phase, its player may skip the whole phase for both
    players (Ready Units too: ruling A39)."""
    for u in holders(game, "Suspended Agony"):
        if unused(u, "Suspended Agony"):
            _ask_once(game, u, "Suspended Agony", "Suspended Agony - skip this whole Doom Phase?",
                      "skip the Doom Phase", _agony, "Doom")
            return


def _agony(game: Game, answer: str, uid: str) -> None:
    if answer != "use":
        return
    spend(game, game.state.units[uid], "Suspended Agony")
    game.state.notes[f"skip-doom:{game.round}"] = 1
    skip_phase_body(game, "Doom")
    game.emit("artefact", "the Doom Phase is skipped", rule="Suspended Agony")


def skip_phase_body(game: Game, phase: str) -> bool:
    """Replace the scheduled body of ``phase`` with nothing (the phase's start and end still happen)."""
    from skirmish import Do

    for i, step in enumerate(game.stack):
        if type(step).__name__ == "_Body" and getattr(step, "name", "") == phase:
            game.stack[i] = Do(_skipped, (phase,))
            return True
    return False


def _skipped(game: Game, phase: str) -> None:
    del game, phase


@at("start", "Doom")
def haunted_melody(game: Game) -> None:
    """Haunted Melody: once per game in the Doom Phase, friendly units within 4" of its unit ignore Broken
    (offered at the start of the Doom Phase when one of them is Broken)."""
    for u in holders(game, "Haunted Melody"):
        if unused(u, "Haunted Melody") and any(f.has(stats.BROKEN) for f in _melody_units(game, u)):
            _ask_once(game, u, "Haunted Melody", "Haunted Melody - friends within 4\" ignore Broken this Doom Phase?",
                      "use Haunted Melody now", _melody, "Doom")


def _melody_units(game: Game, u: Unit) -> list[Unit]:
    return [f for f in game.state.of(u.side) if f.id == u.id or measuring.gap(u, f) <= 4.0]


def _melody(game: Game, answer: str, uid: str) -> None:
    if answer != "use":
        return
    u = game.state.units[uid]
    spend(game, u, "Haunted Melody")
    for f in _melody_units(game, u):
        f.keywords.add(Keyword("Against All Odds", until="phase", source="haunted melody"), log=game.log,
                       rule="Haunted Melody")
