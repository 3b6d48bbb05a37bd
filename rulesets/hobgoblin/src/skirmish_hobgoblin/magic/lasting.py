"""Spell effects that last after the casting, read by the battle rules through small calls.

- Sightless Eyes: the unit holds the keyword ``Sightless Eyes`` until the end of the round; ``measuring.has_los``
  lets it see every unit.
- Polyceus' Blessing: ``card_played`` draws its player a card after each card they play on a friendly unit.
- Void of Nebularis: ``card_played`` takes a card played on a unit within 6" of a Void marker out of the game.
- By My Will: the unit's Weakness keywords are set aside until the end of the round (again at each phase start
  and after each spell, for any gained since), Broken and Distracted are ignored through Against All Odds and
  Undistractable.
- Marble Forest: the units set aside come back at the end of the round's last phase, before victory points.

``phase_start`` / ``phase_end`` run from the Cursed Artefacts plugin's phase hooks (the ruleset's timed rules).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish import Keyword
from skirmish_hobgoblin import stats
from skirmish_hobgoblin.magic.spells import STASH, Cast, effect, magic_data

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.state import Unit

SEES_ALL = "Sightless Eyes"
VOID = "void"
#: how far from a Void marker its Perilous area and its card rule reach (inches)
VOID_REACH = 6.0
#: a Void marker is at most 20 mm across (ruling H-M12)
VOID_RADIUS = 10 / 25.4
#: what By My Will gives for the Weakness keywords the battle rules derive from the position (ruling H-M11)
BY_MY_WILL_GRANTS = ("Against All Odds", "Undistractable")


def _read(game: Game) -> dict[str, Any]:
    """The magic rules' stash for reading (not created when absent: plain games keep an empty stash)."""
    return game.stash.get(STASH, {})


# ------------------------------------------------------------------------------ Sightless Eyes


@effect("sightless_eyes")
def sightless_eyes(game: Game, cast: Cast) -> None:
    """The target sees every unit on the table until the end of the battle round."""
    for unit in cast.units:
        unit.keywords.add(Keyword(SEES_ALL, until="round", source="spell:sightless-eyes"), log=game.log,
                          rule=cast.spell.name)


def sees_all(unit: Unit) -> bool:
    return unit.has(SEES_ALL)


# ------------------------------------------------------------------------------ Polyceus' Blessing


@effect("polyceus_blessing")
def polyceus_blessing(game: Game, cast: Cast) -> None:
    """Until the end of the round, each card its player plays on a friendly unit draws them a card."""
    magic_data(game).setdefault("blessing", {})[cast.player] = game.round
    game.emit("spell", f"{cast.player} draws a Fortune Card after each card played on a friendly unit this round",
              rule=cast.spell.name, player=cast.player)


def blessed(game: Game, player: str) -> bool:
    return _read(game).get("blessing", {}).get(player) == game.round


def card_played(game: Game, player: str, card_id: str, unit: Unit | None) -> None:
    """A Fortune Card was played (on ``unit``): the Void takes it out of the game; the Blessing draws a card."""
    from skirmish_hobgoblin import fortune

    if unit is not None and near_void(game, unit):
        pile = game.state.deck.discard_pile
        if card_id in pile:
            pile.remove(card_id)
            magic_data(game).setdefault("void_cards", []).append(card_id)
            game.emit("card", f"{fortune.card_name(game, card_id)} is removed from the game (Void of Nebularis)",
                      rule="Void of Nebularis", player=player, card=card_id)
    if unit is not None and unit.side == player and blessed(game, player) and \
            not game.state.notes.get(f"him:{player}"):
        fortune.draw(game, player, 1, rule="Polyceus' Blessing")


# ------------------------------------------------------------------------------ Void of Nebularis


def voids(game: Game) -> list[Any]:
    """The Void markers on the table, as circles (kept with the magic rules, not among the scenario's markers,
    so that no scenario scores them)."""
    from skirmish.geometry import Circle

    return [Circle((x, y), VOID_RADIUS) for x, y in _read(game).get(VOID, [])]


def near_void(game: Game, unit: Unit) -> bool:
    from skirmish.geometry import distance

    return any(distance(unit.rect, c) <= VOID_REACH + 1e-9 for c in voids(game))


# ------------------------------------------------------------------------------ By My Will


@effect("by_my_will")
def by_my_will(game: Game, cast: Cast) -> None:
    """The target's player may have it ignore its Weakness keywords until the end of the round."""
    from skirmish import Decision, Option

    for unit in cast.units:
        names = weaknesses(game, unit)
        opts = [Option("ignore", f"{unit.name} ignores its Weakness keywords this round"
                                 + (f" ({', '.join(names)})" if names else ""),
                       data={"action": "ignore", "actor": unit.id, "keywords": names}),
                Option("keep", f"{unit.name} keeps its Weakness keywords", data={"action": "keep", "actor": unit.id})]
        game.ask(Decision(unit.side, "by-my-will", f"By My Will: may {unit.name} ignore its Weakness keywords?",
                          options=opts, rule=cast.spell.name,
                          context={"phase": game.phase, "action": "by-my-will", "actor": unit.id}),
                 _willed, unit.id)


def _willed(game: Game, answer: str, uid: str) -> None:
    if answer != "ignore":
        return
    unit = game.state.units[uid]
    magic_data(game).setdefault("by_my_will", {})[uid] = game.round
    for name in BY_MY_WILL_GRANTS:
        unit.keywords.add(Keyword(name, until="round", source="spell:by-my-will"), log=game.log, rule="By My Will")
    strip_weaknesses(game)


def weaknesses(game: Game, unit: Unit) -> list[str]:
    """The Weakness keywords the unit holds (Broken and Outmanoeuvred come from its position: ruling H-M11)."""
    out = []
    for name in unit.keywords.names():
        kdef = _kdef(game, name)
        traits = {t.lower() for t in (kdef.traits if kdef is not None else ())}
        if "weakness" in traits and name not in (stats.BROKEN, stats.OUTMANOEUVRED):
            out.append(name)
    return out


def _kdef(game: Game, name: str) -> Any:
    content = game.ruleset.content
    try:
        return content.keywords[content.keyword_id(name)]
    except Exception:  # noqa: BLE001 - a keyword outside the index (a homebrew one) has no traits
        return None


def strip_weaknesses(game: Game) -> None:
    """Set aside the Weakness keywords of every unit under By My Will this round (kept to come back)."""
    table = _read(game).get("by_my_will", {})
    if not table:
        return
    kept = magic_data(game).setdefault("by_my_will_kept", {})
    for uid, rnd in table.items():
        unit = game.state.units.get(uid)
        if unit is None or rnd != game.round:
            continue
        for name in weaknesses(game, unit):
            copies = [k for k in unit.keywords if k.name == name]
            kept.setdefault(uid, []).extend([k.name, k.value, k.kind, k.until or "", k.source, list(k.traits)]
                                            for k in copies if k.until not in ("phase", "round", "activation")
                                            and name != stats.DISTRACTED)  # the Ready step would have cleared it
            unit.keywords.remove(name, log=game.log, rule="By My Will")
        stats.refresh(game, unit, "By My Will")


def restore_weaknesses(game: Game) -> None:
    """The end of the round: the set-aside Weakness keywords that outlast it come back."""
    data = _read(game)
    kept = data.pop("by_my_will_kept", {})
    data.pop("by_my_will", None)
    for uid, copies in kept.items():
        unit = game.state.units[uid]
        for name, value, kind, until, source, traits in copies:
            unit.keywords.add(Keyword(name, value, kind, until=until or None, source=source, traits=tuple(traits)),
                              log=game.log, rule="By My Will ends")
        stats.refresh(game, unit, "By My Will ends")


# ------------------------------------------------------------------------------ timing


def phase_start(game: Game, phase: str) -> None:
    """By My Will: after the phase-start rules (scheduled before them, so it runs after them)."""
    if _read(game).get("by_my_will"):
        game.call(strip_weaknesses)


def phase_end(game: Game, phase: str) -> None:
    """The round's last phase ends: Marble Forest's units return, By My Will ends."""
    order = game.ruleset.phase_order(game)
    if not order or phase != order[-1]:
        return
    restore_weaknesses(game)
    from skirmish_hobgoblin.magic import placement_spells

    placement_spells.return_marbled(game)


def after_cast(game: Game) -> None:
    strip_weaknesses(game)
