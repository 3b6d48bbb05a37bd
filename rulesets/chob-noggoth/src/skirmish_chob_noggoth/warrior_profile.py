"""A warrior's numbers right now: dice, hit and save values, range, moves, which last-wound table.

All numbers come from the content (``data/*.toml``) through the type the warrior acts
as this round, so a house rule that changes the data changes play.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from skirmish_chob_noggoth.state import Warrior

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_chob_noggoth.attacks import AttackResult
    from skirmish_chob_noggoth.content import Content, Entry, MercenaryPart, TypeProfile

TABLE_NAMES = {"warriors": "Warriors", "monsters": "Monsters & Berserkers", "warmachines": "Warmachines",
               "mages": "Mages", "heroes": "Heroes", "hero": "Heroes", "mage": "Mages"}
_TABLE_IDS = {"hero": "heroes", "mage": "mages"}


def content(game: Game) -> Content:
    return game.ruleset.content


def type_of(game: Game, w: Warrior) -> TypeProfile:
    return content(game).profile(w.acting_as)


def is_monster(w: Warrior) -> bool:
    return w.kind == "Monster"


def charges_with_impact(w: Warrior) -> bool:
    """Mounted warriors and Monsters hit a non-mounted enemy they move into."""
    return w.mounted or is_monster(w)


def flies(w: Warrior) -> bool:
    return w.has("Winged")


def attack_dice(game: Game, w: Warrior) -> int:
    """Dice per attack: by quality; a Monster by its remaining wounds (Passive Aggressive: 1 + wounds lost)."""
    if is_monster(w):
        n = 1 + (w.max_wounds - w.wounds) if w.has("Passive Aggressive") else w.wounds
    else:
        n = content(game).quality(w.quality).attack_dice
    return n + (1 if w.has("Bloodthirsty") else 0)


def hit_value(game: Game, w: Warrior, *, ranged: bool) -> int:
    if is_monster(w):
        return content(game).monster.hit
    t = type_of(game, w)
    if ranged:
        return t.ranged_hit or t.melee_hit
    return t.melee_hit


def hit_modifier(game: Game, attacker: Warrior, target: Warrior, *, cover: bool = False, aimed: int = 0) -> int:
    """Accurate +1, ``combat.aimed_bonus`` per Aimed token; Obscured target -1 and ``combat.cover_penalty``
    for cover (natural 6 still hits)."""
    c = content(game).combat
    return (attacker.has("Accurate") + c.aimed_bonus * int(aimed)) - (target.has("Obscured") + c.cover_penalty * cover)


def save_value(game: Game, w: Warrior) -> int:
    return type_of(game, w).save


def shooting_range(game: Game, w: Warrior) -> float:
    """How far it can shoot (0: it cannot; ``inf``: a Mage). Longshot adds 6" or gives 6"."""
    c = content(game)
    if is_monster(w):
        base = float(c.monster.gun_range) if w.has("Gun") else 0.0
    else:
        t = type_of(game, w)
        if t.any_range:
            return math.inf
        base = float(t.ranged_range)
    if w.has("Longshot"):
        return base + c.longshot.bonus_range if base else float(c.longshot.new_range)
    return base


def can_shoot(game: Game, w: Warrior) -> bool:
    return shooting_range(game, w) > 0


def is_mage_now(w: Warrior) -> bool:
    return w.acting_as == "Mage"


def sees_everything(game: Game, w: Warrior) -> bool:
    """Mages always have line of sight and their shots ignore cover."""
    return not is_monster(w) and type_of(game, w).always_sees


def move_allowance(game: Game, w: Warrior, kind: str = "move") -> float:
    """Inches for a Moves step ("move"), the Move action ("action") or an Eager move ("eager")."""
    m = content(game).movement
    mounted = charges_with_impact(w)
    if kind == "action":
        return float(m.action(mounted))
    if kind == "eager":
        return float(m.eager_move)
    return float(m.step_move(mounted))


def morale_dice(game: Game, w: Warrior) -> int:
    return content(game).quality(w.quality).morale_dice


def stop_dice(game: Game, w: Warrior) -> int:
    return content(game).quality(w.quality).stop_dice


def last_wound_table(game: Game, w: Warrior) -> str:
    """Which table its last wound rolls on (a Hero acting as a Mage is split later)."""
    part = mercenary_part(game, w)
    if part is not None:
        return part.last_wound
    if is_monster(w):
        return "mages" if w.has("Magical") else "monsters"
    return content(game).profile(w.kind).last_wound


def table_id(table: str) -> str:
    """The content key of a last-wound table name ("hero" -> "heroes")."""
    return _TABLE_IDS.get(table, table)


def last_wound_result(game: Game, table: str, roll: int) -> Entry:
    return content(game).last_wound_result(table_id(table), roll)


def mercenary_part(game: Game, w: Warrior) -> MercenaryPart | None:
    """The Piggun half ``w`` is (its content entry), or None."""
    if w.mercenary not in ("rhombus", "reebus"):
        return None
    merc = content(game).mercenaries["piggun"]
    return merc.front if w.mercenary == "rhombus" else merc.back


def every_hit_wounds(game: Game, w: Warrior) -> bool:
    """Its hits wound with no save (the Piggun's back half, ``every_hit_wounds``)."""
    part = mercenary_part(game, w)
    return bool(part and part.every_hit_wounds)


def after_attack(game: Game, attacker: Warrior, result: AttackResult) -> None:
    """Reebus and the back half explode as soon as they roll ``explodes_on`` or more on an attack die."""
    part = mercenary_part(game, attacker)
    if part is None or not part.explodes_on or attacker.status not in ("ready", "berserk"):
        return
    if any(d >= part.explodes_on for d in result.dice):
        from skirmish_chob_noggoth.attacks import explode

        explode(game, attacker, "The Piggun: Reebus overheats")


def describe_type(game: Game, w: Warrior) -> dict[str, Any]:
    """Numbers shown to players."""
    rng = shooting_range(game, w)
    return {"dice": attack_dice(game, w), "melee": hit_value(game, w, ranged=False),
            "shoot": hit_value(game, w, ranged=True) if rng else 0,
            "range": "any" if rng == math.inf else rng,
            "save": f">{w.wounds}" if is_monster(w) else save_value(game, w)}
