"""Mercenaries: the Piggun (Rhombus, Reebus and Shirley the pig).

Joined, the Piggun is one Monster (3 wounds; Gun, Hardened, Terrifying). When it would
lose its last wound it rolls on no table: it splits (:func:`split_piggun`) into two riders
placed touching each other where Shirley stood:

- Rhombus and the front half (id ``<piggun>-front``, ``mercenary = "rhombus"``): a Standard
  Mounted Brawler, Hardened and Bloodthirsty, whose last wound rolls on the Mage table;
- Reebus and the back half (id ``<piggun>-back``, ``mercenary = "reebus"``): a Standard
  Mounted Warmachine, Hardened and Bloodthirsty; every hit it scores wounds, and any 6 it
  rolls makes it explode once the attack is over (``warrior_profile.after_attack``).

The joined warrior is left ``dead`` (an event ``split`` says why). For morale the Piggun
counts as one warrior, present while either half is (:func:`present_count`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from skirmish_chob_noggoth import measuring
from skirmish_chob_noggoth.state import BERSERK, DEAD, READY, UNDEPLOYED, Warrior

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_chob_noggoth.content import Content, MercenaryPart

PIGGUN = "piggun"
RULE = "The Piggun: split"
HALVES = (("front", "rhombus"), ("back", "reebus"))


def split_piggun(game: Game, w: Warrior) -> None:
    """The joined Piggun ``w`` would lose its last wound: it splits in two (no last-wound roll).

    Wounds still to come from the same attack are not passed on to the halves. A half
    counts as having activated this step when the Piggun had.
    """
    state = game.state
    c = game.ruleset.content
    merc = c.mercenaries[PIGGUN]
    w.status, w.wounds, w.aimed = DEAD, 0, False
    halves = []
    for (suffix, tag), part, cost in zip(HALVES, (merc.front, merc.back), (w.cost // 2, w.cost - w.cost // 2),
                                         strict=True):
        half = _half(c, w, f"{w.id}-{suffix}", part, tag, cost)
        state.warriors[half.id] = half
        halves.append(half)
        if w.id in state.activated:
            state.activated.append(half.id)
    front, back = halves
    cx, cy, angle, crowded = _placement(game, w, front, back)
    ux, uy = math.cos(angle), math.sin(angle)
    front.x, front.y = cx + ux * front.radius, cy + uy * front.radius
    back.x, back.y = cx - ux * back.radius, cy - uy * back.radius
    game.emit("split", f"{w.name} splits in two: {front.name} at ({front.x:.1f}, {front.y:.1f}) and {back.name} at "
              f"({back.x:.1f}, {back.y:.1f})", rule=RULE, target=w.id, halves=[front.id, back.id])
    if crowded:
        game.emit("crowded", f"there is no clear room around {w.name}: the halves overlap {crowded}", rule=RULE,
                  target=w.id)


def _half(c: Content, w: Warrior, wid: str, part: MercenaryPart, tag: str, cost: int) -> Warrior:
    """One half: the part's profile plus any bonus rules the joined Piggun had (each once)."""
    quality = c.find("quality", part.quality) if part.quality else "standard"
    rules = list(dict.fromkeys([*(c.bonus_rules[r].name for r in part.rules), *w.rules]))
    wounds = part.wounds or c.qualities[quality].wounds
    if c.bonus_rules["big"].name in rules:
        wounds += 1
    radius = c.base_diameter(part.type, part.mounted) / 2
    return Warrior(wid, w.side, part.name, c.types[part.type].name, quality, mounted=part.mounted, rules=rules,
                   wounds=wounds, max_wounds=wounds, x=w.x, y=w.y, radius=radius, status=READY, mercenary=tag,
                   cost=cost)


def _placement(game: Game, w: Warrior, front: Warrior, back: Warrior) -> tuple[float, float, float, str]:
    """Where the pair goes: its centre, the direction (radians) from the back half to the front
    half, and what they overlap ("" if nothing).

    The pair is centred where Shirley stood, the front half facing the closest enemy. If that
    is not clear (another warrior, impassable terrain, the table edge), the axis turns in
    15-degree steps; if no turn works, the centre moves out in half-inch rings (up to 3") until
    both halves stand clear. With no clear spot at all they go where Shirley stood.
    """
    state = game.state
    foes = [e for e in state.on_table() if e.side != w.side or e.status == BERSERK]
    base = 0.0
    if foes:
        near = min(foes, key=lambda e: (w.gap(e), e.id))
        if near.x != w.x or near.y != w.y:
            base = math.atan2(near.y - w.y, near.x - w.x)
    turns = [base + math.radians(15 * k) for k in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8, -8, 9, -9,
                                                   10, -10, 11, -11, 12)]
    centres = [(w.x, w.y)]
    for ring in range(1, 7):
        r = ring * 0.5
        centres += [(w.x + r * math.cos(math.radians(a)), w.y + r * math.sin(math.radians(a)))
                    for a in range(0, 360, 30)]
    for cx, cy in centres:
        for angle in turns:
            if not _overlap(game, w, front, back, cx, cy, angle):
                return cx, cy, angle, ""
    return w.x, w.y, base, _overlap(game, w, front, back, w.x, w.y, base)


def _overlap(game: Game, w: Warrior, front: Warrior, back: Warrior, cx: float, cy: float, angle: float) -> str:
    state = game.state
    ux, uy = math.cos(angle), math.sin(angle)
    spots = ((front, cx + ux * front.radius, cy + uy * front.radius),
             (back, cx - ux * back.radius, cy - uy * back.radius))
    table = measuring.table_of(state)
    for half, x, y in spots:
        if not (half.radius - measuring.EPS <= x <= state.width - half.radius + measuring.EPS
                and half.radius - measuring.EPS <= y <= state.depth - half.radius + measuring.EPS):
            return "the table edge"
        if table.terrain_overlapping(measuring.base(half, x, y), {"blocking"}):
            return "impassable terrain"
        for o in state.on_table():
            if o.id in (w.id, front.id, back.id):
                continue
            if math.hypot(o.x - x, o.y - y) < o.radius + half.radius - measuring.EPS:
                return o.name
    return ""


def piggun_of(game: Game, w: Warrior) -> str:
    """The id of the joined Piggun that ``w`` is a half of ("" when it is none)."""
    for suffix, _tag in HALVES:
        if w.id.endswith(f"-{suffix}"):
            whole = game.state.warriors.get(w.id[: -len(suffix) - 1])
            if whole is not None and whole.mercenary == PIGGUN:
                return whole.id
    return ""


def present_count(game: Game, side: str) -> int:
    """Warriors of ``side`` that count as present for morale: under its control or still to
    arrive (Drop Troops), with the Piggun's two halves counted as one warrior."""
    seen: set[str] = set()
    for w in game.state.warriors.values():
        if w.side != side or w.status not in (READY, UNDEPLOYED):
            continue
        seen.add(piggun_of(game, w) or w.id)
    return len(seen)
