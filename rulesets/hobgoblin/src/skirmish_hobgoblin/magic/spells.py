"""The spells: loading ``data/spells.toml`` and the effect functions, registered by name in ``EFFECTS``.

An effect is ``fn(game, cast) -> None``; ``cast`` says who casts what on which units (already filtered
for Magic-Eater and Nullify). A homebrew spell adds a TOML entry and ``@effect("name")`` on a function.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

import attrs

from skirmish import Keyword
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
    text = resources.files("skirmish_hobgoblin").joinpath("data/spells.toml").read_text(encoding="utf-8")
    return parse_spells(tomllib.loads(text))


def allegiances() -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for s in builtin_spells().values():
        seen.setdefault(s.allegiance, None)
    return tuple(seen)


def spells_of(allegiance: str) -> list[Spell]:
    return [s for s in builtin_spells().values() if s.allegiance.casefold() == allegiance.casefold()]


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
