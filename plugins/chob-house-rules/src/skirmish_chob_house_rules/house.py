"""The house rules themselves: two content changes and one rules-code step.

Nothing here checks which ruleset is being played: the plugin is scoped to the variant
(``skirmish_rulesets`` in ``plugin.py``), so skirmish calls in here only for its games.
The numbers come from ``data/house.toml``.

- **Long Bows** (content): Hunters shoot further.
- **Veteran Prices** (content): Veterans cost more; the warband budget goes up to match,
  so every built-in warband is still legal.
- **Rallying Cry** (rules code, start of each End of Round phase): each Hero still
  standing calls to the most wounded ally near it, who regains a wound on a good roll.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import attrs

from skirmish import load_toml, structure
from skirmish_chob_noggoth.state import READY

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_chob_noggoth.state import Warrior

RALLYING_CRY = "House rule: Rallying Cry"
#: base-to-base distances within this of the reach count as inside it (as the ruleset measures)
EPS = 1e-6


@attrs.frozen
class LongBows:
    hunter_range: int


@attrs.frozen
class VeteranPrices:
    veteran_cost: int
    budget: int


@attrs.frozen
class RallyingCry:
    reach: float
    score: int
    wounds: int


@attrs.frozen
class Numbers:
    """Everything in ``data/house.toml``."""

    long_bows: LongBows
    veteran_prices: VeteranPrices
    rallying_cry: RallyingCry


@functools.cache
def numbers() -> Numbers:
    """The house rules' numbers, read once (a typo is one SetupError line)."""
    return structure(load_toml("skirmish_chob_house_rules", "data/house.toml"), Numbers,
                     where="chob-house-rules data/house.toml")


# ------------------------------------------------------------------------------ content


def change_content(content: dict[str, Any]) -> None:
    """Long Bows and Veteran Prices: change the raw Chob-Noggoth tables in place.

    ``content`` is the ruleset's TOML merged into one dict (``[types.hunter]``,
    ``[qualities.veteran]``, ``[costs]``...) before the ruleset builds and checks it, so a
    wrong key here fails as one clear SetupError when the variant is first used.
    """
    n = numbers()
    content["types"]["hunter"]["ranged_range"] = n.long_bows.hunter_range
    content["qualities"]["veteran"]["cost"] = n.veteran_prices.veteran_cost
    content["costs"]["budget"] = n.veteran_prices.budget


# ------------------------------------------------------------------------------ rules code


def heroes(game: Game) -> list[Warrior]:
    """The Heroes (warriors with two roles) still standing, Player A's first."""
    state = game.state
    letter = {p: s.letter for p, s in state.sides.items()}
    return sorted((w for w in state.warriors.values() if len(w.roles) == 2 and w.status == READY),
                  key=lambda w: (letter.get(w.side, ""), w.id))


def rallied_by(game: Game, hero: Warrior) -> Warrior | None:
    """The ally ``hero`` calls to: the most wounds down, then the nearest, then by id; None if nobody."""
    reach = numbers().rallying_cry.reach
    wounded = [a for a in game.state.allies(hero) if a.wounds < a.max_wounds and hero.gap(a) <= reach + EPS]
    if not wounded:
        return None
    return min(wounded, key=lambda a: (a.wounds - a.max_wounds, hero.gap(a), a.id))


def rallying_cry(game: Game) -> None:
    """Each standing Hero calls to one wounded ally within reach, who regains a wound on the score or more.

    Scheduled by ``skirmish_phase_start`` for the End of Round phase, so it runs before
    the phase's own steps (morale tests). The dice go through ``game.rng`` and every
    call is logged under :data:`RALLYING_CRY`, so a replay repeats it exactly.
    """
    rule = numbers().rallying_cry
    for hero in heroes(game):
        ally = rallied_by(game, hero)
        if ally is None:
            continue
        roll = game.rng.roll(6, rule=RALLYING_CRY, why=f"{ally.name} answers {hero.name}'s cry")
        if roll >= rule.score:
            before = ally.wounds
            ally.wounds = min(ally.max_wounds, ally.wounds + rule.wounds)
            game.emit("rally", f"{ally.name} answers {hero.name}'s cry and regains {ally.wounds - before} "
                      f"wound{'s' if ally.wounds - before != 1 else ''} ({ally.wounds}/{ally.max_wounds})",
                      rule=RALLYING_CRY, target=ally.id, hero=hero.id, roll=roll, healed=ally.wounds - before)
        else:
            game.emit("rally", f"{ally.name} does not answer {hero.name}'s cry ({roll}, needs {rule.score}+)",
                      rule=RALLYING_CRY, target=ally.id, hero=hero.id, roll=roll, healed=0)
