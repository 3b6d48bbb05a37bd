"""Casting in the Magic Phase: each player in turn names a spell, pays its Mercury, names the target,
and resolves it, as often as their Mercury allows (no other limit).

Targeted spells need range from the caster's front-edge centre and line of sight; untargeted ones
affect every unit in range of any part of the caster. Magic-Eater units ignore enemy spells (their
player gains D3 Mercury), Nullify units ignore friendly ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish import Decision, Option
from skirmish_hobgoblin import measuring
from skirmish_hobgoblin.magic import lasting, placement_spells  # noqa: F401 - their spell effects register themselves
from skirmish_hobgoblin.magic.spells import EFFECTS, Cast, Spell, all_spells, allegiances, magic_data, spells_of

if TYPE_CHECKING:
    from skirmish import Game, Option
    from skirmish_hobgoblin.state import Unit

RULE = "Abyssal Sorcery"
DONE = "done"


def magic_on(game: Game, player: str) -> bool:
    """Set-up ``options.magic``: true (default), false, or the list of players who may cast."""
    opts = game.setup.get("options") or {}
    flag = opts.get("magic", True) if isinstance(opts, dict) else True
    if isinstance(flag, list | tuple):
        return player in flag
    return bool(flag)


def allegiance_of(game: Game, unit: Unit) -> str:
    return str(magic_data(game).get("allegiance", {}).get(unit.id, ""))


def split_allegiances(text: str) -> list[str]:
    """The allegiances an army list names for a Wizard: one, or two with Tome of Magic ("Gomb, Atare")."""
    return [a.strip() for a in text.replace("+", ",").split(",") if a.strip()]


def known_spells(game: Game, unit: Unit) -> list[Spell]:
    """The spells of its allegiance (two with Tome of Magic), plus another allegiance's through Book of Tysthy
    this round."""
    spells = [s for a in split_allegiances(allegiance_of(game, unit)) for s in spells_of(a, game.ruleset)]
    tysthy = magic_data(game).get("tysthy", {}).get(unit.id)
    if tysthy and tysthy[0] == game.round:
        spells += [s for s in spells_of(tysthy[1], game.ruleset) if s not in spells]
    return spells


def wizards(game: Game, player: str) -> list[Unit]:
    return [u for u in game.state.of(player) if u.has("Wizard")]


def ignores(unit: Unit, player: str) -> str:
    """Why ``unit`` ignores a spell cast by ``player`` ('' when it does not)."""
    if unit.side != player and unit.has("Magic-Eater"):
        return "Magic-Eater"
    if unit.side == player and unit.has("Nullify"):
        return "Nullify"
    return ""


def targets(game: Game, caster: Unit, spell: Spell, origin: Unit | None = None) -> list[Unit]:
    """The units a targeted spell may name (measured from ``origin``: Familiar), or every unit an untargeted
    one affects."""
    state = game.state
    origin = origin or caster
    if spell.target == "self":
        return [caster]
    if spell.target == "place":  # a marker or a new unit: no unit is affected
        return []
    units = list(state.in_play())
    if spell.target == "within":  # friendly: the caster's or (team play) an ally's unit
        side = {"enemy": lambda u: not state.allied(u.side, caster.side),
                "friendly": lambda u: state.allied(u.side, caster.side)}.get(spell.affects, lambda u: True)
        return [u for u in units if side(u) and measuring.gap(origin, u) <= spell.range]
    ok = {"friendly": lambda u: state.allied(u.side, caster.side),
          "enemy": lambda u: not state.allied(u.side, caster.side),
          "unbroken": lambda u: not u.has("Broken"), "unengaged": lambda u: not measuring.is_engaged(state, u)}.get(
        spell.target, lambda u: True)
    return [u for u in units
            if ok(u) and measuring.range_to(origin, u) <= spell.range and measuring.has_los(state, origin, u)]


def cost_for(game: Game, caster: Unit, spell: Spell) -> int:
    """The spell's Mercury cost for this caster (the Lodestone battlefield: Makings and Cataclysms cost less
    within its range, closest points of the Wizard and the lodestone piece, H-M8)."""
    from skirmish.geometry import Circle, Polygon, distance

    stone = game.stash.get("hobgoblin-chaos", {}).get("lodestone")
    if not stone or spell.tier not in ("making", "cataclysm"):
        return spell.cost
    x, y, h = stone["x"], stone["y"], float(stone.get("size", 0.0)) / 2
    piece = Polygon(((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h))) if h > 0 \
        else Circle((x, y), 0.01)
    if distance(caster.rect, piece) > float(stone.get("range", 4)):
        return spell.cost
    return max(0, spell.cost - int(stone.get("discount", 1)))


def playable(spell: Spell) -> bool:
    return spell.effect in EFFECTS


def cast_options(game: Game, player: str) -> list[Option]:
    """Every spell the player can pay for now, with each legal target (or choice)."""
    from skirmish_hobgoblin.artefacts.rules import sync_quicksilver

    sync_quicksilver(game, player)
    mercury = game.state.sides[player].mercury
    out: list[Option] = []
    scroll, familiar = spell_card(game, player, SCROLL), spell_card(game, player, FAMILIAR)
    for caster in wizards(game, player):
        known = known_spells(game, caster)
        extra = [s for s in all_spells(game.ruleset).values() if s not in known] if scroll else []
        for spell in known + extra:
            if cost_for(game, caster, spell) > mercury or not playable(spell):
                continue
            card = scroll if spell in extra else ""
            if spell.effect == "book_of_tysthy":
                own = {a.casefold() for a in split_allegiances(allegiance_of(game, caster))}
                for a in allegiances(game.ruleset):
                    if a.casefold() not in own:
                        out.append(_opt(game, caster, spell, a, [caster], player, card))
            elif spell.targeted:
                seen = {t.id for t in targets(game, caster, spell)}
                for t in targets(game, caster, spell):
                    out.append(_opt(game, caster, spell, t.id, [t], player, card))
                if familiar and not card:  # Familiar: measured from any friendly unit
                    for friend in game.state.friends(caster):
                        for t in targets(game, caster, spell, origin=friend):
                            if t.id not in seen:
                                seen.add(t.id)
                                out.append(_opt(game, caster, spell, t.id, [t], player, familiar))
            else:
                hit = targets(game, caster, spell)
                if hit or spell.target in ("self", "place"):
                    out.append(_opt(game, caster, spell, "", hit, player, card))
                if familiar and not card and spell.target in ("within", "place"):
                    out += _familiar_untargeted(game, caster, spell, hit, player, familiar)
    return out


FROM = "from:"


def _familiar_untargeted(game: Game, caster: Unit, spell: Spell, hit: list[Unit], player: str,
                         card: str) -> list[Option]:
    """Familiar for a spell without a target: measured from another friendly unit (ruling H-M18); a "within"
    spell is offered only where that changes the units it affects."""
    out, seen = [], {tuple(u.id for u in hit)}
    for friend in game.state.friends(caster):
        if spell.target == "within":
            units = targets(game, caster, spell, origin=friend)
            key = tuple(u.id for u in units)
            if not units or key in seen:
                continue
            seen.add(key)
        else:
            units = []
        out.append(_opt(game, caster, spell, FROM + friend.id, units, player, card))
    return out


def origin_of(game: Game, cast_: Cast) -> Unit:
    """Where a spell without a target is measured from: the caster, or the friend Familiar named."""
    if cast_.choice.startswith(FROM):
        return game.state.units.get(cast_.choice[len(FROM):], cast_.caster)
    return cast_.caster


SCROLL, FAMILIAR = "scroll-of-occult-knowledge", "familiar"


def spell_card(game: Game, player: str, card_id: str) -> str:
    """The id of a copy of a spell Fortune Card in the player's hand ('' when none)."""
    from skirmish_hobgoblin import fortune

    if game.state.sides[player].cards_off == game.phase:
        return ""
    return next((c for c, card in fortune.hand_cards(game, player, "spell") if card.id == card_id), "")


def _opt(game: Game, caster: Unit, spell: Spell, target: str, units: list[Unit], player: str,
         card: str = "") -> Option:
    from skirmish_hobgoblin import fortune

    affected = [u.id for u in units if not ignores(u, player)]
    ignored = [u.id for u in units if ignores(u, player)]
    names = ", ".join(game.state.units[t].name for t in ([target] if target in game.state.units else []))
    what = f" on {names}" if names else (f" ({target})" if target else "")
    if target.startswith(FROM):
        what = f" measured from {game.state.units[target[len(FROM):]].name}"
    using = f", playing {fortune.card_name(game, card)}" if card else ""
    value = f"{caster.id}|{spell.id}|{target}" + (f"|{card}" if card else "")
    cost = cost_for(game, caster, spell)
    return Option(value, f"{caster.name} casts {spell.name}{what} ({cost} Mercury{using})",
                  spell.summary, data={"action": "cast", "actor": caster.id, "spell": spell.id, "effect": spell.effect,
                                       "target": target, "cost": cost, "affects": affected, "ignored": ignored,
                                       "keywords": list(spell.keywords), "dice": spell.dice, "tier": spell.tier,
                                       "card": card})


def cast_step(game: Game, player: str, first: bool = True) -> None:
    """Ask ``player`` for their next spell (or to stop casting this phase); with nothing to cast at the ``first``
    ask, say why."""
    if game.state.notes.get(f"him:{player}"):
        return
    opts = cast_options(game, player) if magic_on(game, player) else []
    if not opts:
        if first:  # (not after a spell that spent the last Mercury)
            game.emit("no-spell", f"{player} casts no spell: {why_no_spell(game, player)}", rule=RULE, player=player)
        return
    mercury = game.state.sides[player].mercury
    game.ask(Decision(player, "cast", f"{player}: cast a spell ({mercury} Mercury)?",
                      options=[Option(DONE, "cast no more spells this phase",
                                      data={"action": "done"}), *opts], rule=RULE,
                      context={"phase": "Magic", "action": "cast", "mercury": mercury}),
             _cast_answer, player)


def why_no_spell(game: Game, player: str) -> str:
    """Why ``player`` has nothing to cast in this Magic Phase (said in the log, so a player sees the phase pass)."""
    mercury = game.state.sides[player].mercury
    kept = f"{mercury} Mercury kept (Force of Will re-rolls spend it too)"
    if not magic_on(game, player):
        return f"magic is off in this battle's set-up; {kept}"
    casters = wizards(game, player)
    if not casters:
        return f"no Wizard in play; {kept}"
    costs = [cost_for(game, c, s) for c in casters for s in known_spells(game, c) if playable(s)]
    if costs and min(costs) > mercury:
        return f"the cheapest spell its Wizards know costs {min(costs)} Mercury; {kept}"
    return f"no spell its Wizards know has a target in range and sight; {kept}"


def _cast_answer(game: Game, answer: str, player: str) -> None:
    if answer == DONE:
        return
    caster_id, spell_id, target, *card = answer.split("|")
    if card:  # Scroll of Occult Knowledge or Familiar
        from skirmish_hobgoblin import fortune

        game.emit("card", f"{player} plays {fortune.card_name(game, card[0])}", rule=fortune.card_name(game, card[0]),
                  player=player)
        fortune.discard_from_hand(game, player, card[0])
        lasting.card_played(game, player, card[0], game.state.units[caster_id])
    game.call(cast_step, player, False)
    game.call(_redirect_or_cast, player, caster_id, spell_id, target)


REDIRECTION = "eldritch-redirection"


def _redirect_or_cast(game: Game, player: str, caster_id: str, spell_id: str, target: str) -> None:
    """Eldritch Redirection: the targeted unit's player may move the spell to another unit within 8"."""
    spell = all_spells(game.ruleset)[spell_id]
    unit = game.state.units.get(target) if spell.targeted else None
    card = spell_card(game, unit.side, REDIRECTION) if unit is not None and not unit.has("Nullify") else ""
    others = [u for u in game.state.in_play() if u.id != target and measuring.gap(unit, u) <= REDIRECT_RANGE
              and redirect_ok(game, spell, u)] if card and unit is not None else []
    if not others:
        cast(game, player, game.state.units[caster_id], spell, target)
        return
    assert unit is not None
    opts = [Option("keep", f"let {spell.name} hit {unit.name}", data={"action": "keep"})]
    opts += [Option(u.id, f"play Eldritch Redirection: {spell.name} hits {u.name}",
                    data={"action": "redirect", "target": u.id,
                    "spell": spell.id, "effect": spell.effect, "keywords": list(spell.keywords), "affects": [u.id]})
             for u in others]
    game.ask(Decision(unit.side, "redirect", f"{spell.name} targets {unit.name}: redirect it?", options=opts,
                      rule="Eldritch Redirection",
                      context={"phase": "Magic", "action": "redirect", "spell": spell.id, "target": target}),
             _redirected, player, caster_id, spell_id, target, card)


REDIRECT_RANGE = 8.0


def redirect_ok(game: Game, spell: Spell, unit: Unit) -> bool:
    """Eldritch Redirection's new target: friendly or enemy, but still unbroken / unengaged when the spell
    needs it (ruling H-M14)."""
    if spell.target == "unbroken":
        return not unit.has("Broken")
    if spell.target == "unengaged":
        return not measuring.is_engaged(game.state, unit)
    return True


def _redirected(game: Game, answer: str, player: str, caster_id: str, spell_id: str, target: str, card: str) -> None:
    if answer != "keep":
        from skirmish_hobgoblin import fortune

        side = game.state.units[target].side
        game.emit("card", f"{side} plays Eldritch Redirection", rule="Eldritch Redirection", player=side)
        fortune.discard_from_hand(game, side, card)
        lasting.card_played(game, side, card, game.state.units[target])
        target = answer
    cast(game, player, game.state.units[caster_id], all_spells(game.ruleset)[spell_id], target)


def cast(game: Game, player: str, caster: Unit, spell: Spell, target: str = "") -> None:
    """Name, pay, target, resolve."""
    side = game.state.sides[player]
    cost = cost_for(game, caster, spell)
    side.mercury -= cost
    game.emit("spell", f"{caster.name} casts {spell.name} ({cost} Mercury, {side.mercury} left)", rule=RULE,
              player=player, unit=caster.id, change=-cost)
    if spell.effect == "book_of_tysthy":
        units, choice = [caster], target
    elif spell.targeted:
        units, choice = [game.state.units[target]], ""
    elif target.startswith(FROM):  # Familiar: measured from another friendly unit
        units, choice = targets(game, caster, spell, origin=game.state.units[target[len(FROM):]]), target
    else:
        units, choice = targets(game, caster, spell), ""
    kept = []
    for u in units:
        why = ignores(u, player)
        if not why:
            kept.append(u)
            continue
        game.emit("spell", f"{u.name} ignores {spell.name} ({why})", rule=why, unit=u.id)
        if why == "Magic-Eater":
            n = (game.rng.roll(6, rule=why, why=f"{why}: D3 Mercury for {u.side}") + 1) // 2
            game.state.sides[u.side].mercury += n
            game.emit("mercury", f"{u.side} gains {n} Mercury", rule=why, player=u.side, change=n)
    from skirmish_hobgoblin import fortune

    game.call(fortune.any_time, "after a spell")  # "any time" cards once the spell is done (ruling B-8)
    game.call(lasting.after_cast)  # runs once the effect's own steps are done
    EFFECTS[spell.effect](game, Cast(spell, caster, player, kept, choice))


def register_allegiances(game: Game, units: list[tuple[str, Any]]) -> None:
    """Remember each Wizard's allegiance from the army list (unit id, army entry)."""
    table = magic_data(game).setdefault("allegiance", {})
    for uid, au in units:
        if getattr(au, "allegiance", ""):
            table[uid] = au.allegiance
