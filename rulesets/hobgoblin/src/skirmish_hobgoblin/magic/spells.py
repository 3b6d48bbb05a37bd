"""The spells: loading ``data/spells.toml`` and the effect functions, registered by name in ``EFFECTS``.

An effect is ``fn(game, cast) -> None``; ``cast`` says who casts what on which units (already filtered
for Magic-Eater and Nullify). A homebrew spell adds a TOML entry and ``@effect("name")`` on a function.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import attrs

from skirmish import Keyword, load_toml
from skirmish_hobgoblin import stats

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.state import Unit

STASH = "hobgoblin-magic"
TARGETED = ("unit", "friendly", "enemy", "unbroken", "unengaged")


@attrs.frozen
class Spell:
    """One spell as printed: tier and cost, range, how it picks units, and its effect function's name."""

    id: str
    name: str
    allegiance: str
    tier: str
    cost: int
    effect: str
    target: str = "self"
    range: float = 0.0
    affects: str = "any"
    keywords: tuple[str, ...] = ()
    dice: str = ""
    summary: str = ""

    @property
    def targeted(self) -> bool:
        return self.target in TARGETED


@attrs.define
class Cast:
    """A spell being resolved: the caster, its player, and the units it affects."""

    spell: Spell
    caster: Unit
    player: str
    units: list[Unit]
    choice: str = ""


EFFECTS: dict[str, Callable[[Game, Cast], None]] = {}


def effect(name: str) -> Callable[[Callable[[Game, Cast], None]], Callable[[Game, Cast], None]]:
    """Register a spell effect function under ``name`` (the ``effect`` of a spells.toml entry)."""
    def register(fn: Callable[[Game, Cast], None]) -> Callable[[Game, Cast], None]:
        EFFECTS[name] = fn
        return fn
    return register


def parse_spells(data: dict[str, Any]) -> dict[str, Spell]:
    tiers = data.get("tiers", {})
    out = {}
    for sid, raw in data.get("spells", {}).items():
        raw = dict(raw)
        tier = raw.pop("tier")
        out[sid] = Spell(id=sid, tier=tier, cost=int(raw.pop("cost", tiers[tier])), range=float(raw.pop("range", 0)),
                         keywords=tuple(raw.pop("keywords", ())), **raw)
    return out


@lru_cache(maxsize=1)
def builtin_spells() -> dict[str, Spell]:
    return parse_spells(_data())


def _data() -> dict[str, Any]:
    """data/spells.toml as tables (kept parsed between runs by the core loader)."""
    return load_toml("skirmish_hobgoblin", "data/spells.toml")


def homebrew_spells(data: dict[str, Any]) -> dict[str, Spell]:
    """Homebrew spells from a table shaped like data/spells.toml (``{"spells": {id: {...}}}``, tiers as printed
    unless given), by id; a mistake is one SetupError line."""
    table = {"tiers": {**_data().get("tiers", {}), **data.get("tiers", {})},
             "spells": data.get("spells", {})}
    return parse_spells(table)


def all_spells(ruleset: Any = None) -> dict[str, Spell]:
    """Every spell: the book's, then those the ruleset's plugins add (``hobgoblin_spells``), kept on the ruleset
    (without a ruleset: the book's)."""
    if ruleset is None:
        return builtin_spells()
    kept = getattr(ruleset, "_hobgoblin_spells", None)
    if kept is None:
        from skirmish_hobgoblin import expansions

        kept = dict(builtin_spells())
        for data in reversed(expansions.ask(ruleset, "hobgoblin_spells")):
            kept.update(homebrew_spells(data))
        ruleset._hobgoblin_spells = kept
    return kept


def allegiances(ruleset: Any = None) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for s in all_spells(ruleset).values():
        seen.setdefault(s.allegiance, None)
    return tuple(seen)


def spells_of(allegiance: str, ruleset: Any = None) -> list[Spell]:
    return [s for s in all_spells(ruleset).values() if s.allegiance.casefold() == allegiance.casefold()]


def allegiance_problems(text: str, tome: bool) -> list[str]:
    """What is wrong with a Wizard's allegiance in an army list: one known allegiance, or two different ones
    with Tome of Magic ("Gomb, Atare")."""
    names = [a.strip() for a in text.replace("+", ",").split(",") if a.strip()]
    known = {a.casefold() for a in allegiances()}
    out = [f"has the unknown Abyssal Allegiance '{a}' (one of: {', '.join(allegiances())})"
           for a in names if a.casefold() not in known]
    most = 2 if tome else 1
    if len(names) > most:
        out.append(f"names {len(names)} Abyssal Allegiances; " + ("Tome of Magic allows two" if tome else
                                                                   "a Wizard takes one (two with Tome of Magic)"))
    if len({a.casefold() for a in names}) < len(names):
        out.append("names the same Abyssal Allegiance twice")
    return out


def magic_data(game: Game) -> dict[str, Any]:
    return game.stash.setdefault(STASH, {})


# ---------------------------------------------------------------------------------------------- effects


def _roll(game: Game, dice: str, why: str, rule: str) -> int:
    n = game.rng.roll(6, rule=rule, why=why)
    return (n + 1) // 2 if dice.upper() == "D3" else n


@effect("grant")
def grant(game: Game, cast: Cast) -> None:
    """Each affected unit gains the spell's keywords until the end of the round."""
    for unit in cast.units:
        for text in cast.spell.keywords:
            unit.keywords.add(Keyword.parse(text, until="round", source=f"spell:{cast.spell.id}"), log=game.log,
                              rule=cast.spell.name)
        stats.refresh(game, unit, cast.spell.name)


@effect("discard_doom")
def discard_doom(game: Game, cast: Cast) -> None:
    """Each affected unit discards the spell's dice of Doom (a roll per unit, ruling A35)."""
    for unit in cast.units:
        n = _roll(game, cast.spell.dice, f"{cast.spell.name}: {unit.name} discards {cast.spell.dice} Doom",
                  cast.spell.name)
        stats.discard_doom(game, unit, n, cast.spell.name)


@effect("book_of_tysthy")
def book_of_tysthy(game: Game, cast: Cast) -> None:
    """The caster knows the chosen allegiance's spells until the end of the round."""
    known = magic_data(game).setdefault("tysthy", {})
    known[cast.caster.id] = [game.round, cast.choice]
    game.emit("spell", f"{cast.caster.name} knows the spells of {cast.choice} until the end of the round",
              rule=cast.spell.name, unit=cast.caster.id)


def _ask(game: Game, player: str, kind: str, prompt: str, options: list[Any], then: Callable[..., None],
         *args: Any, rule: str) -> None:
    from skirmish import Decision

    game.ask(Decision(player, kind, prompt, options=options, rule=rule,
                      context={"phase": "Magic", "action": kind}), then, *args)


def _content_kw(game: Game, name: str) -> Any:
    return next((k for k in game.ruleset.content.keywords.values() if k.name == name), None)


@effect("serve_unto_death")
def serve_unto_death(game: Game, cast: Cast) -> None:
    """The target's controller picks 0 to 5 Doom; with any, it gains Blessing of Iskalla until the end of round."""
    from skirmish import Option

    for unit in cast.units:
        opts = [Option(str(n), f"give {unit.name} {n} Doom" + (" and Blessing of Iskalla" if n else ""),
                       data={"action": "serve", "actor": unit.id, "doom": n}) for n in range(6)]
        _ask(game, unit.side, "serve-unto-death", f"Serve Unto Death: how much Doom for {unit.name}?", opts,
             _served, unit.id, rule=cast.spell.name)


def _served(game: Game, answer: str, uid: str) -> None:
    unit, n = game.state.units[uid], int(answer)
    if n:
        stats.add_doom(game, unit, n, "Serve Unto Death")
        unit.keywords.add(Keyword("Blessing of Iskalla", until="round", source="spell:serve-unto-death",
                                  traits=("Strength",)), log=game.log, rule="Serve Unto Death")


@effect("reflective_soulgem")
def reflective_soulgem(game: Game, cast: Cast) -> None:
    """The caster copies one Strength keyword (not Reserved) of the enemy target until the end of the round."""
    from skirmish import Option

    for unit in cast.units:
        names = []
        for name in unit.keywords.names():
            kdef = _content_kw(game, name)
            if kdef is not None and "strength" in kdef.traits and not kdef.is_reserved:
                names.append(name)
        if not names:
            game.emit("spell", f"{unit.name} has no Strength keyword to copy", rule=cast.spell.name)
            continue
        opts = [Option(n, f"{cast.caster.name} copies {n}",
                       data={"action": "copy", "keyword": n}) for n in sorted(names)]
        _ask(game, cast.player, "soulgem", "Reflective Soulgem: copy which keyword?", opts, _copied,
             cast.caster.id, unit.id, rule=cast.spell.name)


def _copied(game: Game, answer: str, caster: str, source: str) -> None:
    kw = next(k for k in game.state.units[source].keywords if k.name == answer)
    unit = game.state.units[caster]
    unit.keywords.add(Keyword(kw.name, kw.value, kw.kind, until="round", source="spell:reflective-soulgem",
                              traits=kw.traits), log=game.log, rule="Reflective Soulgem")
    stats.refresh(game, unit, "Reflective Soulgem")


CHARACTER = ("General", "Battle Standard", "Hero", "Wizard")


@effect("black_gate")
def black_gate(game: Game, cast: Cast) -> None:
    """Move a Character keyword of the friendly target to another unit within 18" it counts friendly, for good."""
    from skirmish import Option
    from skirmish_hobgoblin import measuring

    for unit in cast.units:
        names = [n for n in unit.keywords.names() if n in CHARACTER or n in unit.keywords.with_trait("Character")]
        others = [f for f in game.state.friends(unit) if measuring.gap(unit, f) <= cast.spell.range]
        opts = [Option(f"{n}|{f.id}", f"move {n} from {unit.name} to {f.name}", data={"action": "gate", "keyword": n,
                       "target": f.id}) for n in sorted(set(names)) for f in others
                if not (n == "Wizard" and f.has("Nullify"))]  # Nullify: it cannot gain Wizard
        if not opts:
            game.emit("spell", f"Black Gate: nothing to move from {unit.name}", rule=cast.spell.name)
            continue
        _ask(game, cast.player, "black-gate", "Black Gate: move which keyword where?", opts, _gated, unit.id,
             rule=cast.spell.name)


def _gated(game: Game, answer: str, source: str) -> None:
    name, target = answer.split("|", 1)
    src, dst = game.state.units[source], game.state.units[target]
    moved = [k for k in src.keywords if k.name == name]
    src.keywords.remove(name, log=game.log, rule="Black Gate")
    for k in moved:
        dst.keywords.add(k, log=game.log, rule="Black Gate")
    if name == "Wizard":  # the allegiance goes with it
        table = magic_data(game).setdefault("allegiance", {})
        if source in table:
            table[target] = table.pop(source)
    for u in (src, dst):
        stats.refresh(game, u, "Black Gate")


@effect("prescience")
def prescience(game: Game, cast: Cast) -> None:
    """A random card of the target's controller is seen; the caster's player may swap one of theirs for it."""
    from skirmish import Option
    from skirmish_hobgoblin import fortune

    for unit in cast.units:
        hand = game.state.sides[unit.side].hand.cards
        if not hand or unit.side == cast.player:
            game.emit("spell", "Prescience: no card to see", rule=cast.spell.name)
            continue
        seen = game.rng.choice(list(hand), rule=cast.spell.name, why="a random card from the hand")
        mine = game.state.sides[cast.player].hand.cards
        opts = [Option("keep", "swap nothing", data={"action": "keep"})]
        opts += [Option(c, f"swap {fortune.card_name(game, c)} for {fortune.card_name(game, seen)}",
                        data={"action": "swap",
                        "card": c}) for c in dict.fromkeys(mine)]
        _ask(game, cast.player, "prescience", f"Prescience: you see {fortune.card_name(game, seen)}", opts,
             _swapped, unit.side, seen, cast.player, rule=cast.spell.name)


def _swapped(game: Game, answer: str, other: str, seen: str, player: str) -> None:
    if answer == "keep":
        return
    theirs, mine = game.state.sides[other].hand.cards, game.state.sides[player].hand.cards
    theirs.remove(seen)
    mine.remove(answer)
    theirs.append(answer)
    mine.append(seen)
    game.emit("spell", f"{player} swaps a card with {other}", rule="Prescience", player=player)
