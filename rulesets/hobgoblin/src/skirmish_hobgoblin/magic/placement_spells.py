"""Spells that take units off the table, put them back, or put new things on it: Flicker, Marble Forest,
Void of Nebularis and Raise The Dead.

Placements go through the deployment rules' footprint checks (``deployment.placement_error``: on the table,
no overlap, no Impassable terrain); the Void's Perilous area is a terrain piece like any other.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skirmish import Decision, Keyword, Param
from skirmish.geometry import Circle, Rect, distance
from skirmish_hobgoblin import deployment, stats
from skirmish_hobgoblin.magic.lasting import VOID, VOID_RADIUS, VOID_REACH
from skirmish_hobgoblin.magic.spells import STASH, Cast, effect, magic_data
from skirmish_hobgoblin.state import UNDEPLOYED, Piece, layout_key

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.state import Unit

#: Marble Forest's units are off the table until the end of the round (not destroyed, not in reserve)
ASIDE = "aside"
#: grid step (inches) of the example places offered to players
STEP = 2.0


# ------------------------------------------------------------------------------ Flicker


@effect("flicker")
def flicker(game: Game, cast: Cast) -> None:
    """The target's owner takes it off and deploys it again in their deployment zone, Doom and effects kept."""
    for unit in cast.units:
        unit.status = UNDEPLOYED
        game.emit("spell", f"{unit.name} vanishes (Flicker): {unit.side} deploys it again", rule=cast.spell.name,
                  unit=unit.id, player=unit.side)
        game.call(_after_flicker, unit.id)
        deployment.ask_placement(game, unit)


def _after_flicker(game: Game, uid: str) -> None:
    stats.refresh_all(game, "Flicker")


# ------------------------------------------------------------------------------ Marble Forest


@effect("marble_forest")
def marble_forest(game: Game, cast: Cast) -> None:
    """The unengaged target leaves play until the end of the round (then ``return_marbled`` puts it back)."""
    aside = magic_data(game).setdefault("marbled", [])
    for unit in cast.units:
        unit.status = ASIDE
        aside.append(unit.id)
        game.emit("spell", f"{unit.name} is set aside until the end of the round (Marble Forest)",
                  rule=cast.spell.name, unit=unit.id, player=unit.side)
    stats.refresh_all(game, "Marble Forest")


def return_marbled(game: Game) -> None:
    """The end of the round, before victory points: each set-aside unit's owner puts it back more than 8"
    from every enemy unit (ruling H-M10)."""
    ids = game.stash.get(STASH, {}).pop("marbled", [])
    for uid in reversed(ids):
        game.call(_return_one, uid)


MARBLE_AWAY = 8.0


def _return_one(game: Game, uid: str) -> None:
    unit = game.state.units[uid]
    if unit.status != ASIDE:
        return
    enemies = game.state.enemies(unit)

    def error(x: float, y: float, facing: float) -> str:
        rect = Rect((x, y), unit.width, unit.depth, facing)
        bad = deployment.placement_error(game, unit, rect, (0.0, game.state.depth))
        if bad:
            return bad
        near = next((e for e in enemies if distance(rect, e.rect) <= MARBLE_AWAY), None)
        return f"{unit.name} must be more than {MARBLE_AWAY:g}\" from {near.name}" if near else ""

    facing = deployment.facing_of(game, unit.side)
    spots = _spots(game, unit, lambda x, y: not error(x, y, facing), enemies)
    if not spots:  # nowhere more than 8" from every enemy: lost in the forest (ruling H-M10)
        from skirmish_hobgoblin import turns

        game.emit("note", f"{unit.name} finds nowhere to return (Marble Forest)", rule="Marble Forest", unit=uid)
        turns.remove(game, unit, "Marble Forest")
        return
    _ask_place(game, unit, "marble-forest", f"Marble Forest: where does {unit.name} return (more than "
                                            f"{MARBLE_AWAY:g}\" from every enemy)?", spots, error, _returned,
               rule="Marble Forest")


def _returned(game: Game, answer: dict[str, Any], uid: str) -> None:
    unit = game.state.units[uid]
    deployment.place(game, unit, float(answer["x"]), float(answer["y"]), float(answer["facing"]), "Marble Forest")
    stats.refresh_all(game, "Marble Forest")


# ------------------------------------------------------------------------------ Void of Nebularis


@effect("void_of_nebularis")
def void_of_nebularis(game: Game, cast: Cast) -> None:
    """The caster's player puts a Void marker within 18" of the caster: 6" around it is Perilous for the rest
    of the game."""
    from skirmish_hobgoblin.magic.casting import origin_of

    caster, reach = origin_of(game, cast), cast.spell.range

    def error(x: float, y: float, facing: float = 0.0) -> str:
        if not (0 <= x <= game.state.width and 0 <= y <= game.state.depth):
            return "the Void marker must be on the table"
        if distance(caster.rect, Circle((x, y), VOID_RADIUS)) > reach + 1e-9:
            return f"the Void marker must be within {reach:g}\" of {caster.name}"
        return ""

    foes = game.state.enemies(caster)
    spots = [(x, y) for x, y in _grid(game, caster.x, caster.y, reach + max(caster.width, caster.depth))
             if not error(x, y)]
    spots.sort(key=lambda s: (-sum(1 for e in foes if distance(e.rect, Circle(s, VOID_RADIUS)) <= VOID_REACH),
                              min((math.hypot(e.x - s[0], e.y - s[1]) for e in foes), default=0.0), s))
    if not spots:
        return
    examples = [{"x": x, "y": y} for x, y in spots[:6]]
    game.ask(Decision(cast.player, "marker", f"Void of Nebularis: place the Void marker within {reach:g}\" of "
                                             f"{caster.name}",
                      params=[Param("x", "float", 0.0, game.state.width, step=0.01),
                              Param("y", "float", 0.0, game.state.depth, step=0.01)],
                      validator=lambda g, a: error(float(a["x"]), float(a["y"])) or None, examples=examples,
                      rule=cast.spell.name,
                      context={"phase": game.phase, "action": "marker", "actor": caster.id, "spell": cast.spell.id,
                               "spots": [[e["x"], e["y"]] for e in examples]}),
             _void_placed)


def _void_placed(game: Game, answer: dict[str, Any]) -> None:
    add_void(game, float(answer["x"]), float(answer["y"]))


def add_void(game: Game, x: float, y: float) -> None:
    """A Void marker at (x, y) and its Perilous area (a terrain piece 6" around the marker)."""
    state = game.state
    placed = magic_data(game).setdefault(VOID, [])
    placed.append([round(x, 2), round(y, 2)])
    n = len(placed)
    r = VOID_REACH + VOID_RADIUS
    points = [(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a))) for a in range(0, 360, 10)]
    state.pieces.append(Piece(f"Void of Nebularis {n}", "", points, ["perilous"]))
    state.layout_key = layout_key(state.width, state.depth, state.pieces)
    game.emit("spell", f"a Void marker is placed at ({x:g}, {y:g}): 6\" around it is Perilous terrain",
              rule="Void of Nebularis", x=x, y=y)


# ------------------------------------------------------------------------------ Raise The Dead


#: the risen unit (ruling H-M13): a Light Infantry unit with Hollow on a 150 x 60 mm tray
RAISED = {"type": "Light Infantry", "width": 150.0, "depth": 60.0, "keywords": ("Hollow",)}


@effect("raise_the_dead")
def raise_the_dead(game: Game, cast: Cast) -> None:
    """A new Hollow Light Infantry unit of the caster's player, placed wholly within 12" of the caster (sight
    not needed), facing as the caster does; then it gains 2D6 Doom."""
    from skirmish_hobgoblin.magic.casting import origin_of

    caster, reach = origin_of(game, cast), cast.spell.range
    unit = new_unit(game, cast.player, "Risen Dead")
    foes = game.state.enemies(caster)

    def error(x: float, y: float, facing: float) -> str:
        rect = Rect((x, y), unit.width, unit.depth, facing)
        if any(distance(caster.rect, Circle((p.x, p.y), 1e-6)) > reach + 1e-9 for p in rect.corners):
            return f"the new unit must be wholly within {reach:g}\" of {caster.name}"
        return deployment.placement_error(game, unit, rect, (0.0, game.state.depth))

    spots = _spots(game, unit, lambda x, y: not error(x, y, caster.facing), foes, centre=(caster.x, caster.y),
                   radius=reach + max(caster.width, caster.depth))
    if not spots:
        game.emit("note", "Raise The Dead: no room for a new unit", rule=cast.spell.name)
        del game.state.units[unit.id]
        return
    _ask_place(game, unit, "raise-the-dead", f"Raise The Dead: place the new unit wholly within {reach:g}\" of "
                                             f"{caster.name}", spots, error, _risen, rule=cast.spell.name,
               player=cast.player, facing=caster.facing)


def _risen(game: Game, answer: dict[str, Any], uid: str) -> None:
    unit = game.state.units[uid]
    deployment.place(game, unit, float(answer["x"]), float(answer["y"]), float(answer["facing"]), "Raise The Dead")
    doom = game.rng.roll(6, rule="Raise The Dead", why="2D6 Doom for the new unit") + \
        game.rng.roll(6, rule="Raise The Dead", why="2D6 Doom for the new unit")
    stats.refresh_all(game, "Raise The Dead")
    stats.add_doom(game, unit, doom, "Raise The Dead", "2D6")


def new_unit(game: Game, player: str, name: str) -> Unit:
    """A unit of RAISED for ``player``, not yet on the table (a fresh id after the player's others)."""
    from skirmish_hobgoblin.army import ArmyUnit

    state = game.state
    prefix = next((u.id.rstrip("0123456789") for u in state.units.values() if u.side == player), player[0])
    taken = {u.id for u in state.units.values()}
    n = 1 + sum(1 for u in state.units.values() if u.side == player)
    while f"{prefix}{n}" in taken:
        n += 1
    count = 1 + sum(1 for u in state.units.values() if u.side == player and u.name.startswith(name))
    au = ArmyUnit(RAISED["type"], f"{name} {count}", RAISED["width"], RAISED["depth"], tuple(RAISED["keywords"]))
    unit = game.ruleset.build_unit(au, f"{prefix}{n}", player)
    for text in RAISED["keywords"]:  # Hollow is not bought: the spell gives it
        if not unit.has(text):
            unit.keywords.add(Keyword(text, traits=("Weakness",)), log=game.log, rule="Raise The Dead")
    unit.status = UNDEPLOYED
    state.units[unit.id] = unit
    return unit


# ------------------------------------------------------------------------------ placing helpers


def _grid(game: Game, cx: float, cy: float, reach: float) -> list[tuple[float, float]]:
    state = game.state
    lo_x, hi_x = max(0.0, cx - reach), min(state.width, cx + reach)
    lo_y, hi_y = max(0.0, cy - reach), min(state.depth, cy + reach)
    xs = [round(lo_x + i * STEP, 2) for i in range(int((hi_x - lo_x) / STEP) + 1)]
    ys = [round(lo_y + j * STEP, 2) for j in range(int((hi_y - lo_y) / STEP) + 1)]
    return [(x, y) for y in ys for x in xs]


def _spots(game: Game, unit: Unit, ok: Callable[[float, float], bool], foes: list[Unit], *,
           centre: tuple[float, float] | None = None, radius: float = 0.0) -> list[tuple[float, float]]:
    """Legal centres on a 2" grid (the whole table, or around ``centre``), closest to an enemy first."""
    state = game.state
    if centre is None:
        centre, radius = (state.width / 2, state.depth / 2), max(state.width, state.depth)
    spots = [s for s in _grid(game, centre[0], centre[1], radius) if ok(*s)]
    spots.sort(key=lambda s: (min((math.hypot(e.x - s[0], e.y - s[1]) for e in foes), default=0.0), s))
    return spots


def _ask_place(game: Game, unit: Unit, kind: str, prompt: str, spots: list[tuple[float, float]],
               error: Callable[[float, float, float], str], then: Callable[..., None], *, rule: str,
               player: str = "", facing: float | None = None) -> None:
    """Ask for the centre (and facing) of ``unit``; examples are the first legal grid places."""
    face = deployment.facing_of(game, unit.side) if facing is None else facing
    examples = [{"x": x, "y": y, "facing": face} for x, y in spots[:6]]
    hw, hd = unit.width / 2, unit.depth / 2
    game.ask(Decision(player or unit.side, kind, prompt,
                      params=[Param("x", "float", round(hw, 2), round(game.state.width - hw, 2), step=0.01),
                              Param("y", "float", round(hd, 2), round(game.state.depth - hd, 2), step=0.01),
                              Param("facing", "float", 0.0, 359.99, step=0.01)],
                      validator=lambda g, a: error(float(a["x"]), float(a["y"]), float(a["facing"])) or None,
                      examples=examples, rule=rule,
                      context={"phase": game.phase, "action": kind, "actor": unit.id,
                               "spots": [[e["x"], e["y"]] for e in examples]}),
             then, unit.id)
