"""Manoeuvres of a unit (Advance, Wheel, Shuffle, Retreat, Reform, Fly), their MP costs and legality,
and the computed moves offered to players (engage a unit, move towards one, face one).

Geometry comes from ``skirmish.geometry``: each manoeuvre gives the end footprint and the region it
sweeps; a manoeuvre is legal when the region crosses no unit, no Impassable terrain and no table
edge (Reform and Fly only check where they end), the unit has the MP, and a Distracted unit makes
no new contact with an enemy.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import attrs

from skirmish.geometry import (
    EPS,
    IMPASSABLE,
    MAX_ARC_ERROR,
    TABLE_EDGE,
    Move,
    Rect,
    advance,
    bounds,
    contact_edges,
    overlaps,
    path_clear,
    retreat,
    rotate,
    shuffle,
    touching,
    travel_limit,
    wheel,
    wheel_angle,
    wheel_chord,
)
from skirmish_hobgoblin import measuring, stats
from skirmish_hobgoblin.state import READY, HobState, Unit, _rect, derived, linked, table_of
from skirmish_hobgoblin.tables import kp

if TYPE_CHECKING:
    from skirmish import Game

#: manoeuvre kinds, as typed: ``advance 3.5``, ``wheel-left 2``, ``reform 90``
KINDS = ("advance", "wheel-left", "wheel-right", "wheel-back-left", "wheel-back-right", "shuffle-left",
         "shuffle-right", "retreat", "reform", "fly")
#: manoeuvres that give Distracted before the unit moves
DISTRACTING = ("wheel-back-left", "wheel-back-right", "retreat", "reform")
_CORNER = "inches (front corner travel)"
UNIT = {"advance": "inches", "wheel-left": _CORNER, "wheel-right": _CORNER,
        "wheel-back-left": _CORNER, "wheel-back-right": _CORNER,
        "shuffle-left": "inches", "shuffle-right": "inches", "retreat": "inches",
        "reform": "degrees to turn (positive: to the left, negative: to the right)", "fly": "inches"}


#: what each manoeuvre does, for help texts (``help wheel left``) and the options' help
HELP = {
    "advance": "moves straight forwards N inches; 1 MP per inch",
    "wheel-left": "pivots on its front-left corner while the front-right corner swings N inches forwards "
                  "(turning it to the left); 1 MP per inch, at most a half turn",
    "wheel-right": "pivots on its front-right corner while the front-left corner swings N inches forwards "
                   "(turning it to the right); 1 MP per inch, at most a half turn",
    "wheel-back-left": "pivots on its front-left corner while the front-right corner swings N inches backwards; "
                       "1 MP per inch; it gains Distracted",
    "wheel-back-right": "pivots on its front-right corner while the front-left corner swings N inches backwards; "
                        "1 MP per inch; it gains Distracted",
    "shuffle-left": "moves straight to its left N inches, still facing the same way; 1 MP per half inch",
    "shuffle-right": "moves straight to its right N inches, still facing the same way; 1 MP per half inch",
    "retreat": "moves straight backwards N inches, still facing the same way; 1 MP per half inch; it gains "
               "Distracted",
    "reform": "turns about its centre by N degrees (positive to the left, negative to the right) for 5 MP "
              "(Nimble: 2); it gains Distracted",
    "fly": "flies N inches (at least 12) over anything to where it ends, for 6 MP: Flying units only, once per "
           "activation, not while Distracted or engaged",
}


@attrs.frozen
class Outcome:
    """A checked manoeuvre: where it ends, its MP cost, and the refusal (empty when legal)."""

    end: Rect | None
    cost: int
    error: str = ""
    contacts: tuple[str, ...] = ()
    swept: Any = None


def rate(game: Game, kind: str) -> float:
    """Inches one MP buys for a manoeuvre."""
    m = game.ruleset.rules.movement
    if kind == "advance":
        return m.advance_per_mp
    if kind.startswith("wheel"):
        return m.wheel_per_mp
    if kind.startswith("shuffle"):
        return m.shuffle_per_mp
    if kind == "retreat":
        return m.retreat_per_mp
    if kind == "fly":
        return float(kp(game.ruleset.content, "flying", "inches_per_mp"))
    return 1.0


def cost_of(game: Game, unit: Unit, kind: str, amount: float) -> int:
    """MP a manoeuvre costs: whole MP, each buying its distance (1" advance or wheel, 0.5" shuffle or
    retreat, 2" fly with at least 6 MP for the 12" minimum); Reform 5 (Nimble 2)."""
    if kind == "reform":
        return kp(game.ruleset.content, "nimble", "reform_mp") if unit.has("Nimble") else \
            game.ruleset.rules.movement.reform_cost
    if amount <= 0:
        return 0
    return max(1, math.ceil(amount / rate(game, kind) - 1e-6))


def shape_after(rect: Rect, kind: str, amount: float) -> Move:
    """The manoeuvre's geometry (no rules checked; kept per footprint, kind and amount: a pure function)."""
    c = rect.centre
    return _shape(c.x, c.y, rect.width, rect.depth, rect.facing, kind, amount)


#: kept module-level (a bounded pure-math memo): a footprint's numbers, a manoeuvre and its amount -> the frozen
#: geometry of the move; no game object, id or content
@lru_cache(maxsize=4096)
def _shape(x: float, y: float, w: float, d: float, f: float, kind: str, amount: float) -> Move:
    return _shape_after(_rect(x, y, w, d, f), kind, amount)


def swept_bounds(swept: Any, state: HobState | None = None) -> tuple[float, float, float, float]:
    """``swept.bounds`` (kept per swept region, a pure function of it, when ``state`` is given: a derived cache of
    the state; the regions come from :func:`shape_after`, which keeps them)."""
    if state is None:
        return swept.bounds  # type: ignore[no-any-return]
    memo = derived(state).bounds
    found = memo.get(id(swept))
    if found is not None and found[0] is swept:
        return found[1]
    if len(memo) > 4096:
        memo.clear()
    box = swept.bounds
    memo[id(swept)] = (swept, box)
    return box  # type: ignore[no-any-return]


def _shape_after(rect: Rect, kind: str, amount: float) -> Move:
    if kind in ("advance", "fly"):
        return advance(rect, amount)
    if kind == "retreat":
        return retreat(rect, amount)
    if kind == "shuffle-right":
        return shuffle(rect, amount)
    if kind == "shuffle-left":
        return shuffle(rect, -amount)
    if kind == "reform":
        return rotate(rect, rect.facing + amount)
    pivot = "left" if kind.endswith("left") else "right"
    return wheel(rect, min(amount, 2 * rect.width), pivot, backwards="back" in kind)


def obstacles(state: HobState, unit: Unit, *, ignore_friends: bool = False) -> list[Unit]:
    return [u for u in state.in_play() if u.id != unit.id
            and not (ignore_friends and (u.side == unit.side or unit.team and u.team == unit.team))]


def _near(box: tuple[float, float, float, float], units: list[Unit]) -> list[Unit]:
    x0, y0, x1, y1 = box
    out = []
    for u in units:
        r = math.hypot(u.width, u.depth) / 2  # the footprint's radius (Rect.radius), without building it
        if u.x + r >= x0 and u.x - r <= x1 and u.y + r >= y0 and u.y - r <= y1:
            out.append(u)
    return out


def check(game: Game, unit: Unit, kind: str, amount: float, *, mp: float | None = None,
          rect: Rect | None = None, distracted: bool | None = None, engaged_now: list[str] | None = None,
          ignore_friends: bool | None = None, flown_over: list[str] | None = None, flown: bool | None = None
          ) -> Outcome:
    """Check one manoeuvre of ``unit`` (from ``rect``, default where it stands) and say why it is refused."""
    state = game.state
    if rect is not None or state.move_rules or state.units.get(unit.id) is not unit:
        return _check(game, unit, kind, amount, mp, rect, distracted, engaged_now, ignore_friends, flown_over, flown)
    act = state.activation
    units = tuple(state.units.values())
    held = tuple([tuple(u.keywords.entries) for u in units])
    d = linked(state)
    # checks of manoeuvres from where units stand, by everything they read (a derived cache of the state: the
    # amount form, its validator and the manoeuvre made check the same thing in a row)
    memo = d.checked
    key = (id(game.ruleset), d.version, tuple(map(id, units)), state.layout_key,  # keywords: checked below
           game.phase, (act.unit, act.mp, act.ignore_friends, tuple(act.flown_over), act.flown) if act else None,
           unit.id, unit.speed, kind, amount, mp, distracted, None if engaged_now is None else tuple(engaged_now),
           ignore_friends, None if flown_over is None else tuple(flown_over), flown)
    found = memo.get(key)
    if found is not None and found[0] == units and found[1] == held:  # ids of dead objects may come back
        return found[2]
    if len(memo) > 256:
        memo.clear()
    out = _check(game, unit, kind, amount, mp, rect, distracted, engaged_now, ignore_friends, flown_over, flown)
    memo[key] = (units, held, out)
    return out


def _check(game: Game, unit: Unit, kind: str, amount: float, mp: float | None, rect: Rect | None,
           distracted: bool | None, engaged_now: list[str] | None, ignore_friends: bool | None,
           flown_over: list[str] | None, flown: bool | None) -> Outcome:
    state = game.state
    act = state.activation if state.activation and state.activation.unit == unit.id else None
    mp = act.mp if mp is None and act else (mp if mp is not None else float(stats.speed(unit)))
    rect = rect or unit.rect
    ignore_friends = (act.ignore_friends if act else False) if ignore_friends is None else ignore_friends
    flown_over = (act.flown_over if act else []) if flown_over is None else flown_over
    flown = (act.flown if act else False) if flown is None else flown
    if kind not in KINDS:
        return Outcome(None, 0, f"unknown manoeuvre {kind!r} (one of {', '.join(KINDS)})")
    if kind != "reform" and amount <= 0:
        return Outcome(None, 0, f"{spoken(kind)} needs a distance above 0")
    cost = cost_of(game, unit, kind, amount)
    if cost > mp + 1e-9:
        return Outcome(None, cost, f"{spoken(kind)} {amount:g} costs {cost} MP, {unit.name} has {mp:g} MP left")
    is_distracted = unit.has(stats.DISTRACTED) if distracted is None else distracted
    if kind in DISTRACTING:
        if not stats.may_be_distracted(game, unit):
            return Outcome(None, cost, f"{unit.name} is Wild: it may not {spoken(kind)} (it would gain Distracted) "
                                       "without a Character within 4\"")
        is_distracted = is_distracted or not unit.has("Undistractable")
    if kind == "fly":
        if not unit.has("Flying"):
            return Outcome(None, cost, f"{unit.name} cannot Fly (no Flying keyword)")
        if flown:
            return Outcome(None, cost, "Fly is allowed once per activation")
        if is_distracted:
            return Outcome(None, cost, f"{unit.name} is Distracted and may not Fly")
        if any(touching(rect, e.rect) for e in state.enemies(unit)):
            return Outcome(None, cost, f"{unit.name} is engaged and may not Fly")
        fly_min = float(kp(game.ruleset.content, "flying", "min_move"))
        if amount < fly_min - 1e-9:
            return Outcome(None, cost, f"a Fly moves at least {fly_min:g}\"")
    if kind == "reform" and abs(amount) > 180:
        return Outcome(None, cost, "reform turns at most 180 degrees either way")
    if kind.startswith("wheel") and amount > 2 * rect.width + 1e-9:
        return Outcome(None, cost, f"a wheel's corner travels at most {2 * rect.width:g}\" (a half turn)")
    move = shape_after(rect, kind, amount)
    end = move.end
    assert isinstance(end, Rect)
    table = table_of(state)
    others = obstacles(state, unit, ignore_friends=ignore_friends)
    if kind in ("reform", "fly"):
        near = _near(bounds(end), obstacles(state, unit))
        hit = next((u for u in near if overlaps(end, u.rect)), None)
        if hit is not None:
            return Outcome(None, cost, f"{unit.name} would end overlapping {hit.name}")
        if table.edge_overlap(end):
            return Outcome(None, cost, f"{unit.name} would end over the table edge")
        bad = table.terrain_overlapping(end, ("impassable",))
        if bad:
            return Outcome(None, cost, f"{unit.name} would end on impassable terrain ({bad[0].name})")
    else:
        box = swept_bounds(move.swept, state)
        near = _near(box, others)
        blocker = _path_blocker(move.swept, box, [u.rect for u in near], table)
        if blocker is not None:
            if blocker == TABLE_EDGE:
                return Outcome(None, cost, f"{unit.name} would cross the table edge (table edges are impassable)")
            name = next((u.name for u in near if u.rect == blocker), getattr(blocker, "name", "") or "terrain")
            return Outcome(None, cost, f"{unit.name} would pass through {name}")
        if ignore_friends:
            near_f = _near(bounds(end), [u for u in state.friends(unit)])
            hit = next((u for u in near_f if overlaps(end, u.rect)), None)
            if False:
                return Outcome(None, cost, f"{unit.name} would end overlapping {hit.name}")
    for rule in state.move_rules:  # an expansion's (the narrative scenarios: the chasm, the wall)
        why, cost = rule(game, unit, kind, move.swept, end, cost, mp)
        if why:
            return Outcome(None, cost, why)
    if engaged_now is not None:
        engaged_before = set(engaged_now)
    elif rect is unit.rect and unit.in_play and state.units.get(unit.id) is unit:
        engaged_before = set(measuring.contact_map(state).get(unit.id, ()))  # the same touching test, kept
    else:
        engaged_before = {e.id for e in _touching(rect, state.enemies(unit))}
    contacts = tuple(e.id for e in _near(bounds(end), state.enemies(unit)) if touching(end, e.rect))
    new = [c for c in contacts if c not in engaged_before]
    if new and is_distracted:
        return Outcome(None, cost, f"{unit.name} is Distracted and may not move into contact with "
                                   f"{state.units[new[0]].name}")
    if kind == "fly":
        over = [e.id for e in state.enemies(unit) if move.swept.overlaps(e.rect)]
        flown_over = [*flown_over, *over]
    bad_contact = [c for c in contacts if c in flown_over]
    if bad_contact:
        return Outcome(None, cost, f"{unit.name} flew over {state.units[bad_contact[0]].name} this activation and "
                                   "may not end in contact with it")
    return Outcome(end, cost, "", contacts, move.swept)


def _path_blocker(swept: Any, box: tuple[float, float, float, float], rects: list[Rect], table: Any) -> Any:
    """``path_clear(swept, rects, table)`` with the swept bounds at hand: the same tests in the same order (the
    obstacles, the Impassable pieces whose boxes meet the bounds, then the table edge: a part's box is off the
    table exactly when the union of the parts' boxes is)."""
    blocker = path_clear(swept, rects)
    if blocker is not None:
        return blocker
    for piece in table.candidates(box, IMPASSABLE, ()):
        if swept.overlaps(piece.shape):
            return piece
    x0, y0, x1, y1 = box
    if x0 < -EPS or y0 < -EPS or x1 > table.width + EPS or y1 > table.depth + EPS:
        return TABLE_EDGE
    return None


def affordable(game: Game, unit: Unit, kind: str, mp: float | None = None, width: float | None = None) -> float:
    """The most of manoeuvre ``kind`` the unit's MP pay for now (its activation's MP, else its Speed; ``mp`` when
    given), whole MP only; a wheel at most twice the unit's width (``width`` when given)."""
    if mp is None:
        act = game.state.activation
        mp = act.mp if act and act.unit == unit.id else float(stats.speed(unit))
    top = math.floor(mp + 1e-9) * rate(game, kind)
    if kind.startswith("wheel"):
        top = min(top, 2 * (unit.width if width is None else width))
    return top


def max_amount(game: Game, unit: Unit, kind: str, **kw: Any) -> float:
    """The largest legal amount of a manoeuvre now (0 when none), to 0.05" (reform: not used)."""
    state = game.state
    act = state.activation
    rect = kw.get("rect") or unit.rect
    top = affordable(game, unit, kind, kw.get("mp"), rect.width)
    if top <= 0:
        return 0.0
    if kind in ("advance", "retreat", "shuffle-left", "shuffle-right"):
        direction = {"advance": "forward", "retreat": "back", "shuffle-left": "left", "shuffle-right": "right"}[kind]
        ignore_friends = bool(act and act.unit == unit.id and act.ignore_friends)
        near = _near(_grow(bounds(rect), top), obstacles(state, unit, ignore_friends=ignore_friends))
        dist, _ = travel_limit(rect, direction, _in_lane(rect, direction, near, top), top, table_of(state))
        amount = math.floor(dist * 100 + 1e-6) / 100
        while amount > 0:
            if not check(game, unit, kind, amount, **kw).error:
                return amount
            amount = math.floor((amount - 0.05) * 100 + 1e-6) / 100
        return 0.0
    lo, hi = 0.0, top
    step = 0.05
    sure = None
    if not kw and kind.startswith("wheel") and not check(game, unit, kind, step).error:
        sure = wheel_sure(game, unit, kind)  # the same answers as check's, where sure (the bisection is unchanged)
        legal = sure(hi) if sure is not None else None
        if legal is None:
            legal = not check(game, unit, kind, hi).error
        if legal:
            return hi
        lo = step
    elif not check(game, unit, kind, hi, **kw).error:
        return hi
    elif kind == "fly":
        lo = float(kp(game.ruleset.content, "flying", "min_move"))
        if check(game, unit, kind, lo, **kw).error:
            return 0.0
    elif check(game, unit, kind, step, **kw).error:
        return 0.0
    else:
        lo = step
    for _ in range(7):
        mid = (lo + hi) / 2
        legal = sure(mid) if sure is not None else None
        if legal is None:
            legal = not check(game, unit, kind, mid, **kw).error
        if legal:
            lo = mid
        else:
            hi = mid
    return math.floor(lo * 100 + 1e-6) / 100


#: how far outside a sure answer must stay from every boundary of the exact tests (inches)
_SURE = 1e-5


def wheel_sure(game: Game, unit: Unit, kind: str, *, contacts: bool = True) -> Callable[[float], bool | None] | None:
    """Answers to ``check(game, unit, kind, amount)`` for the wheels of ``unit`` from where it stands, without the
    exact check where they are sure: ``answer(amount)`` is True (no error), False (an error) or None (not sure: ask
    ``check``). True only once ``check`` passed a 0.05" wheel of this kind, so that nothing but the path and the
    end's contacts can refuse one (the MP, Wild and the half-turn limit do not depend on the amount up to
    :func:`max_amount`'s top), and never when the table edge or an Impassable piece is within the reach of every
    wheel (then only refusals by units are answered). None when a narrative scenario adds its own checks.

    A wheel's swept region (``shape_after``) is the start and end footprints and a polygon that holds the sector the
    far corner sweeps (the pie) and lies at most ``MAX_ARC_ERROR`` outside it, all within the far corner's circle
    about the hinge (grown by that error). Against each unit within that reach: the end footprint overlapping it is
    ``check``'s own test (refused); one of its corners deep inside the pie is refused (the polygon holds the pie);
    the unit further than the error from the pie (its gap to the circle, or to either side of the pie's angle) is
    clear; anything else is unsure. Contacts at the end (what a Distracted unit, or one that flew over an enemy, may
    not touch) are ``check``'s own tests; with ``contacts=False`` they are left out, and only False answers are sure
    (a path refused whatever else ``check`` is told: its MP, Distracted and contacts).
    """
    state = game.state
    if state.move_rules or state.units.get(unit.id) is not unit or not unit.in_play:
        return None
    act = state.activation
    mine = act if act and act.unit == unit.id else None
    ignore_friends = mine.ignore_friends if mine else False
    flown_over = list(mine.flown_over) if mine else []
    rect = unit.rect
    pivot = "left" if kind.endswith("left") else "right"
    backwards = "back" in kind
    hinge = rect.corner("front-left" if pivot == "left" else "front-right")
    far = rect.corner("rear-right" if pivot == "left" else "rear-left")
    hx, hy = hinge.x, hinge.y
    sx, sy = far.x - hx, far.y - hy
    radius = math.hypot(sx, sy)
    sx, sy = sx / radius, sy / radius
    g = radius + MAX_ARC_ERROR + _SURE
    box = (hx - g, hy - g, hx + g, hy + g)  # holds every wheel's swept region and its bounds
    table = table_of(state)
    open_ground = not (box[0] <= 0 or box[1] <= 0 or box[2] >= table.width or box[3] >= table.depth or
                       table.candidates(box, IMPASSABLE, ()))  # else only refusals by units are sure
    near = [u.rect for u in _near(box, obstacles(state, unit, ignore_friends=ignore_friends))]
    corners = [r._corner_xy for r in near]
    distracted = unit.has(stats.DISTRACTED) or (kind in DISTRACTING and not unit.has("Undistractable"))
    watch = contacts and (distracted or bool(flown_over))
    enemies = _near(box, state.enemies(unit)) if watch else []
    before = set(measuring.contact_map(state).get(unit.id, ())) if watch else set()
    width = rect.width

    def answer(amount: float) -> bool | None:
        degrees = wheel_angle(width, min(amount, 2 * width))  # the end footprint exactly as wheel() makes it
        turn = degrees if (pivot == "left") != backwards else -degrees
        end = rect.rotated(turn, about=hinge)
        sign = 1.0 if turn > 0 else -1.0
        rad = math.radians(turn)
        ex, ey = sx * math.cos(rad) - sy * math.sin(rad), sx * math.sin(rad) + sy * math.cos(rad)
        unsure = False
        for ob, pts in zip(near, corners, strict=True):
            if overlaps(end, ob):
                return False
            inside_deep = False
            gap_s = gap_e = math.inf
            for px, py in pts:
                dx, dy = px - hx, py - hy
                rho = math.hypot(dx, dy)
                side_s = sign * (sx * dy - sy * dx)  # > 0: on the pie's side of the start ray's line
                side_e = sign * (dx * ey - dy * ex)  # > 0: on the pie's side of the end ray's line
                if rho < radius - _SURE and side_s > _SURE and side_e > _SURE:
                    inside_deep = True
                    break
                gap_s = min(gap_s, -side_s)
                gap_e = min(gap_e, -side_e)
            if inside_deep:
                return False
            lower = max(gap_s, gap_e, _point_rect_gap(hx, hy, ob) - radius)
            if not lower > MAX_ARC_ERROR + _SURE:
                unsure = True  # a later unit may still refuse it for sure
        if unsure or not open_ground:
            return None
        if watch:
            contacts = [e.id for e in _near(bounds(end), enemies) if touching(end, e.rect)]
            if distracted and any(c not in before for c in contacts):
                return False
            if any(c in flown_over for c in contacts):
                return False
        return True

    return answer


def _point_rect_gap(x: float, y: float, rect: Rect) -> float:
    """Distance from a point to a rect (0 inside)."""
    cx, cy, fx, fy, hw, hd = rect._frame
    dx, dy = x - cx, y - cy
    u = abs(dx * fy - dy * fx) - hw
    v = abs(dx * fx + dy * fy) - hd
    return math.hypot(u if u > 0 else 0.0, v if v > 0 else 0.0)


def can_make(game: Game, unit: Unit, kind: str) -> bool:
    """A quick test of whether to offer a manoeuvre: the unit has the MP for one step of it and, for a
    straight move, the way is not blocked at once (the amount form then checks exactly; 0 cancels)."""
    return not why_not(game, unit, kind)


def cannot_at_all(game: Game, unit: Unit, kind: str) -> str:
    """Why the rules refuse manoeuvre ``kind`` of ``unit`` at every distance it can afford now, so that its amount
    form could only be cancelled (the form's own words: what refuses the smallest step), or ``""`` when some
    distance is legal. Exact (:func:`max_amount`, as the form measures), and so for screens only: the question
    offers manoeuvres on the quick test of :func:`why_not`, which the AI reads. A Reform is not measured here (its
    form takes any angle): ``""``."""
    if kind == "reform" or max_amount(game, unit, kind) >= 0.01 - 1e-9:
        return ""
    step = float(kp(game.ruleset.content, "flying", "min_move")) if kind == "fly" else 0.05
    return check(game, unit, kind, min(affordable(game, unit, kind), step)).error or why_not(game, unit, kind) or \
        f"no {spoken(kind)} it can afford is legal"


def spoken(kind: str) -> str:
    """A manoeuvre as people type it: ``wheel-left`` -> ``wheel left``."""
    return kind.replace("-", " ")


def why_not(game: Game, unit: Unit, kind: str) -> str:
    """Why a manoeuvre is not offered now (one line), or ``""`` when it is (see :func:`can_make`)."""
    state = game.state
    act = state.activation
    mp = act.mp if act and act.unit == unit.id else float(stats.speed(unit))
    name = spoken(kind)
    if mp < 1 - 1e-9:
        return f"{unit.name} has no MP left"
    if kind == "fly":
        c = game.ruleset.content
        if not unit.has("Flying"):
            return f"{unit.name} cannot fly (no Flying keyword)"
        if act and act.flown:
            return "a unit flies once per activation"
        if mp < kp(c, "flying", "mp") - 1e-9:
            return f"a fly needs {kp(c, 'flying', 'mp')} MP and {unit.name} has {mp:g}"
        return ""
    if kind in DISTRACTING and not stats.may_be_distracted(game, unit):
        return f"{unit.name} is Wild: it may not {name} (that gives Distracted) without a Character within 4\""
    step = rate(game, kind)
    if kind in ("advance", "retreat", "shuffle-left", "shuffle-right") and step >= 0.05 and _clear_around(state, unit):
        return ""  # nothing within 0.1" of it: it can go 0.05" any way, as travel_limit would find
    if kind in ("advance", "retreat", "shuffle-left", "shuffle-right"):
        direction = {"advance": "forward", "retreat": "back", "shuffle-left": "left", "shuffle-right": "right"}[kind]
        ignore_friends = bool(act and act.unit == unit.id and act.ignore_friends)
        near = _near_around(state, unit, step, ignore_friends)
        if step >= 0.05 and _open_way(state, unit, direction, near):
            return ""
        # only whether it can go 0.05" matters (and what stops it sooner): the same answer as looking ``step`` ahead
        reach = min(step, 0.05)
        dist, blocker = travel_limit(unit.rect, direction, _in_lane(unit.rect, direction, near, reach), reach,
                                     table_of(state))
        if dist >= 0.05:
            return ""
        if blocker == TABLE_EDGE:
            what = "the table edge"
        else:
            what = next((u.name for u in near if u.rect == blocker), getattr(blocker, "name", "") or "terrain")
        return f"{unit.name} cannot {name} at all: {what} is in the way"
    return ""


_CLEAR = 0.1


def _near_around(state: HobState, unit: Unit, step: float, ignore_friends: bool) -> list[Unit]:
    """The obstacles whose round hulls come within ``step`` of the unit's box (kept for the arrangement of units when
    the unit is this state's and in play: the four straight manoeuvres ask in a row)."""
    if state.units.get(unit.id) is not unit or not unit.in_play:
        return _near(_grow(bounds(unit.rect), step), obstacles(state, unit, ignore_friends=ignore_friends))
    memo = measuring.kept(state)
    key = ("near-around", unit.id, step, ignore_friends)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _near(_grow(bounds(unit.rect), step), obstacles(state, unit, ignore_friends=ignore_friends))
    return list(found)


def _clear_around(state: HobState, unit: Unit) -> bool:
    """Whether no other unit, no Impassable terrain and no table edge is within 0.1" of the unit (kept for the
    arrangement of units and the terrain)."""
    return _kept_answer(state, unit, "clear", _clear_now)


def _kept_answer(state: HobState, unit: Unit, kind: str, work: Callable[[HobState, Unit], bool]) -> bool:
    """``work(state, unit)`` for a unit in play, kept for the arrangement of units and the terrain (False for a
    unit that is not this state's or not in play)."""
    if state.units.get(unit.id) is not unit or not unit.in_play:
        return False
    memo = measuring.kept(state)
    key = (kind, unit.id, state.layout_key)
    found = memo.get(key)
    if found is None:
        memo[key] = found = work(state, unit)
    return found


def _open_way(state: HobState, unit: Unit, direction: str, near: list[Unit]) -> bool:
    """Whether travel_limit would find 0.05" free in ``direction`` without measuring: no table edge or Impassable
    piece within 0.1", and each unit of ``near`` more than 0.1" away or beside or behind the lane by travel_limit's
    own test (same arithmetic, with a margin)."""
    if not _kept_answer(state, unit, "open", _open_ground):
        return False
    rect = unit.rect
    v = rect.forward if direction in ("forward", "back") else rect.right
    ux, uy = (-v.x, -v.y) if direction in ("back", "left") else (v.x, v.y)
    lane = (rect.width if direction in ("forward", "back") else rect.depth) / 2
    cx, cy = rect.centre.x, rect.centre.y
    for o in near:
        if measuring.gap(unit, o) > _CLEAR:
            continue
        dx, dy = o.x - cx, o.y - cy
        x, y = dx * uy - dy * ux, dx * ux + dy * uy
        r = math.hypot(o.width, o.depth) / 2
        if not (abs(x) >= lane + r + 1e-9 or y + r <= -1e-9):
            return False
    return True


def _open_ground(state: HobState, unit: Unit) -> bool:
    """No table edge and no Impassable piece within 0.1" of the unit."""
    rect = unit.rect
    x0, y0, x1, y1 = bounds(rect)
    m = _CLEAR
    if x0 <= m or y0 <= m or x1 >= state.width - m or y1 >= state.depth - m:
        return False
    return not table_of(state).terrain_within(rect, m, ("impassable",))


def _clear_now(state: HobState, unit: Unit) -> bool:
    """Open ground (:func:`_open_ground`) with no other unit within 0.1" either."""
    m = _CLEAR
    reach = math.hypot(unit.width, unit.depth) / 2 + m
    for o in state.in_play():
        if o.id == unit.id:
            continue
        far = reach + math.hypot(o.width, o.depth) / 2
        if abs(o.x - unit.x) > far or abs(o.y - unit.y) > far:
            continue
        if measuring.gap(unit, o) <= m:
            return False
    return _open_ground(state, unit)


def _in_lane(rect: Rect, direction: str, units: list[Unit], limit: float) -> list[Rect]:
    """The footprints of ``units`` that travel_limit could stop ``rect`` at within ``limit``, in order: the others it
    skips at once by its own test (beside the lane, behind, or no nearer than ``limit``), found here with a margin."""
    v = rect.forward if direction in ("forward", "back") else rect.right
    ux, uy = (-v.x, -v.y) if direction in ("back", "left") else (v.x, v.y)
    lane, lead = (rect.width / 2, rect.depth / 2) if direction in ("forward", "back") else \
        (rect.depth / 2, rect.width / 2)
    cx, cy = rect.centre.x, rect.centre.y
    out = []
    for o in units:
        dx, dy = o.x - cx, o.y - cy
        x, y = dx * uy - dy * ux, dx * ux + dy * uy
        r = math.hypot(o.width, o.depth) / 2
        if abs(x) >= lane + r + 1e-6 or y + r <= -1e-6 or y - r - lead >= limit + 1e-6:
            continue
        out.append(o.rect)
    return out


def _touching(rect: Rect, units: list[Unit]) -> list[Unit]:
    """The units touching ``rect``, in order (the touching test only for those whose round hulls come near it)."""
    return [u for u in _near(_grow(bounds(rect), _CLEAR), units) if touching(rect, u.rect)]


def _grow(box: tuple[float, float, float, float], d: float) -> tuple[float, float, float, float]:
    return (box[0] - d, box[1] - d, box[2] + d, box[3] + d)


# ------------------------------------------------------------------ computed moves


def _turn_to(rect: Rect, facing: float) -> float:
    return (facing - rect.facing + 180.0) % 360.0 - 180.0


def _wheel_for(rect: Rect, delta: float) -> tuple[str, float]:
    """The forward wheel turning ``delta`` degrees (positive: left) and its corner travel."""
    kind = "wheel-left" if delta > 0 else "wheel-right"
    return kind, round(wheel_chord(rect.width, abs(delta)) + 1e-4, 4)


def _local(rect: Rect, x: float, y: float) -> tuple[float, float]:
    """(right, forward) offsets of a point from the rect's centre."""
    dx, dy = x - rect.centre.x, y - rect.centre.y
    f, r = rect.forward, rect.right
    return dx * r.x + dy * r.y, dx * f.x + dy * f.y


def hazard(game: Game, unit: Unit, out: Outcome, kind: str) -> float:
    """What crossing terrain costs a manoeuvre: each MP spent through Perilous terrain (an attack die) and
    1 for Rough terrain (a Doom or Distracted) unless the unit ignores it."""
    if out.swept is None or kind == "fly":
        return 0.0
    table = table_of(game.state)
    found = table.candidates(swept_bounds(out.swept, game.state), ("perilous", "rough"))
    cost = 0.0
    for t in found:
        if not out.swept.overlaps(t.shape):
            continue
        if t.has("perilous"):
            cost += out.cost
        if t.has("rough") and not unit.has("Skirmishers"):
            cost += 1.0
    return cost


def _run(game: Game, unit: Unit, steps: list[tuple[str, float]], mp: float, rect: Rect,
         engaged_now: list[str], memo: dict[tuple[Any, ...], tuple[Outcome, float]] | None = None
         ) -> tuple[Rect, float, float] | None:
    """Check a sequence of manoeuvres: (end footprint, MP left, terrain hazard) or None when one is refused.

    ``memo`` keeps checked steps (and their hazard) between runs of one planning call, where the board does not
    change: a step from the same footprint with the same MP, Distracted and contacts gives the same outcome."""
    distracted = unit.has(stats.DISTRACTED)
    harm = 0.0
    for kind, amount in steps:
        key = (kind, amount, rect, mp, distracted, tuple(engaged_now))
        got = memo.get(key) if memo is not None else None
        if got is None:
            out = check(game, unit, kind, amount, mp=mp, rect=rect, distracted=distracted, engaged_now=engaged_now)
            got = (out, 0.0 if out.error else hazard(game, unit, out, kind))
            if memo is not None:
                memo[key] = got
        out, cost = got
        if out.error:
            return None
        assert out.end is not None
        harm += cost
        rect, mp = out.end, mp - out.cost
        if kind in DISTRACTING and not unit.has("Undistractable"):
            distracted = True
        engaged_now = list(out.contacts)
    return rect, mp, harm


def plan_engage(game: Game, unit: Unit, enemy: Unit, mp: float | None = None) -> list[dict[str, Any]]:
    """Manoeuvre sequences (wheel, shuffle, advance) that end in contact with ``enemy``, one per edge of
    the enemy reached (its front, side or rear), cheapest first, flush front-edge contacts preferred.

    Memoised on everything it depends on (every unit's place, the mover's keywords and activation,
    the layout), so offering a plan and then making it work it out once (a derived cache of the state)."""
    state = game.state
    act = state.activation
    mp = (act.mp if act and act.unit == unit.id else float(stats.speed(unit))) if mp is None else mp
    mine = act if act and act.unit == unit.id else None
    key = (id(game.ruleset), state.layout_key, unit.id, enemy.id, mp, tuple(unit.keywords.entries),
           (mine.ignore_friends, tuple(mine.flown_over), mine.flown) if mine else (),
           tuple([(u.id, u.x, u.y, u.facing, u.width, u.depth) for u in state.units.values() if u.status == READY]))
    plans = derived(state).plans
    found = plans.get(key)
    if found is None:
        if len(plans) > 2048:
            plans.clear()
        found = plans[key] = _plan_engage(game, unit, enemy, mp)
    return [dict(p, steps=list(p["steps"])) for p in found]


def _plan_engage(game: Game, unit: Unit, enemy: Unit, mp: float) -> list[dict[str, Any]]:
    state = game.state
    if unit.has(stats.DISTRACTED):
        return []
    m = game.ruleset.rules.movement
    rect = unit.rect
    target = enemy.rect
    from skirmish.geometry import distance

    if distance(rect, target) > mp * m.advance_per_mp + 1e-6:
        return []
    engaged_now = [e.id for e in _touching(rect, state.enemies(unit))]
    if enemy.id in engaged_now:
        return []
    found: dict[str, dict[str, Any]] = {}
    memo: dict[tuple[Any, ...], tuple[Outcome, float]] = {}
    others: list[Unit] | None = None  # every other unit (the same for each try)
    here = state.units.get(unit.id) is unit and unit.in_play
    refused: dict[str, Callable[[float], bool | None] | None] = {}  # wheels whose path is surely blocked, by kind
    for edge in ("front", "left", "right", "rear"):
        seg = target.edge(edge)
        mid = target.edge_centre(edge)
        nx, ny = mid.x - target.centre.x, mid.y - target.centre.y
        ln = math.hypot(nx, ny) or 1.0
        nx, ny = nx / ln, ny / ln
        if (rect.centre.x - mid.x) * nx + (rect.centre.y - mid.y) * ny < 0:
            continue  # the mover stands behind this edge's line: reaching it means going round the enemy
        facing = math.degrees(math.atan2(-ny, -nx))
        half = seg.length / 2 + rect.width / 2 - 0.25
        delta = _turn_to(rect, facing)
        turn: tuple[str, float] | None = None
        turned = rect
        if abs(delta) > 0.05:  # the same wheel for every lateral offset tried below
            turn = _wheel_for(rect, delta)
            if turn[0] not in refused:
                refused[turn[0]] = wheel_sure(game, unit, turn[0], contacts=False) if here else None
            sure = refused[turn[0]]
            if sure is not None and sure(turn[1]) is False:
                continue  # its path is blocked for sure: _run would refuse it for every lateral offset
            turned = shape_after(rect, *turn).end
            assert isinstance(turned, Rect)
            turned = turned.with_facing(facing)
        for lateral in [*_laterals(rect, mid, nx, ny, half), None]:
            steps: list[tuple[str, float]] = []
            r = turned
            if turn is not None:
                steps.append(turn)
            gx = mid.x + nx * rect.depth / 2 - ny * (lateral or 0.0)
            gy = mid.y + ny * rect.depth / 2 + nx * (lateral or 0.0)
            right, fwd = _local(r, gx, gy)
            if fwd < -0.01:
                continue
            if lateral is not None and abs(right) > 0.01:
                steps.append(("shuffle-right" if right > 0 else "shuffle-left", round(abs(right), 4)))
            pre = _run(game, unit, steps, mp, rect, engaged_now, memo)
            if pre is None:
                continue
            r2, left, _ = pre
            if others is None:
                others = obstacles(state, unit)
            plan = _advance_into(game, unit, enemy, mp, rect, steps, r2, left, others, engaged_now, memo)
            if plan is None:
                continue
            best = found.get(plan["edge"])
            if best is None or (best["hazard"], not best["flush"], best["cost"]) > \
                    (plan["hazard"], not plan["flush"], plan["cost"]):
                found[plan["edge"]] = plan
    if not found:  # no squared-up approach: any manoeuvre may engage, so straight on into contact as it faces
        # (an enemy a hair away at a slant, say, that the squaring wheel's swinging corner would run into)
        plan = _advance_into(game, unit, enemy, mp, rect, [], rect, mp, obstacles(state, unit) if others is None
                             else others, engaged_now, memo)
        if plan is not None:
            found[plan["edge"]] = plan
    return sorted(found.values(), key=lambda p: (p["hazard"], not p["flush"], p["cost"]))


def _advance_into(game: Game, unit: Unit, enemy: Unit, mp: float, rect: Rect, lead: list[tuple[str, float]],
                  at: Rect, left: float, others: list[Unit], engaged_now: list[str],
                  memo: dict[tuple[Any, ...], tuple[Outcome, float]]) -> dict[str, Any] | None:
    """The engage plan that makes the ``lead`` manoeuvres (which leave the unit as ``at`` with ``left`` MP) and then
    advances straight into contact with ``enemy``; None when the advance meets something else first, the whole run
    from ``rect`` is refused, or it ends short of contact."""
    reach = math.floor(left + 1e-9) * game.ruleset.rules.movement.advance_per_mp
    dist, hit = travel_limit(at, "forward", _in_lane(at, "forward", others, reach), reach, table_of(game.state))
    if hit != enemy.rect or dist <= 0:
        return None
    steps = [*lead, ("advance", round(dist, 6))]
    done = _run(game, unit, steps, mp, rect, engaged_now, memo)
    if done is None or not touching(done[0], enemy.rect):
        return None
    end, left_after, harm = done
    return {"steps": steps, "cost": mp - left_after, "edge": measuring.contact_side(enemy, end), "hazard": harm,
            "flush": "front" in contact_edges(end, enemy.rect).edges, "end": (end.centre.x, end.centre.y, end.facing)}


def _laterals(rect: Rect, mid: Any, nx: float, ny: float, half: float) -> list[float]:
    """Lateral offsets along a target edge to try: centred, and the nearest to where the unit is."""
    tx, ty = -ny, nx
    along = (rect.centre.x - mid.x) * tx + (rect.centre.y - mid.y) * ty
    near = max(-half, min(half, along))
    return [0.0] if abs(near) < 0.3 else [0.0, near]


def _towards_once(game: Game, unit: Unit, x: float, y: float, mp: float, rect: Rect, engaged_now: list[str],
                  stop_short: float, lead: list[tuple[str, float]]
                  ) -> tuple[list[tuple[str, float]], Rect, float] | None:
    """``lead`` manoeuvres, then a wheel to face the point (as far as MP allow), then the longest advance:
    (steps, end footprint, terrain hazard), or None when the lead itself is refused."""
    state = game.state
    m = game.ruleset.rules.movement
    pre = _run(game, unit, lead, mp, rect, engaged_now) if lead else (rect, mp, 0.0)
    if pre is None:
        return None
    steps = list(lead)
    r, left, harm = pre
    distracted = unit.has(stats.DISTRACTED) or any(k in DISTRACTING for k, _ in lead)
    now = [e.id for e in _touching(r, state.enemies(unit))] if lead else engaged_now
    facing = math.degrees(math.atan2(y - r.centre.y, x - r.centre.x))
    delta = _turn_to(r, facing)
    if abs(delta) > 2:
        kind, travel = _wheel_for(r, delta)
        travel = min(travel, math.floor(left + 1e-9) * m.wheel_per_mp)
        for t in (travel, travel * 0.66, travel * 0.33):
            if t <= 0.05:
                break
            out = check(game, unit, kind, round(t, 4), mp=left, rect=r, distracted=distracted, engaged_now=now)
            if not out.error and out.end is not None:
                steps.append((kind, round(t, 4)))
                harm += hazard(game, unit, out, kind)
                r, left, now = out.end, left - out.cost, list(out.contacts)
                break
    if left >= 1:
        limit = math.floor(left + 1e-9) * m.advance_per_mp
        _, fwd = _local(r, x, y)
        limit = min(limit, max(0.0, fwd - r.depth / 2 - stop_short))
        dist, hit = travel_limit(r, "forward", _in_lane(r, "forward", obstacles(state, unit), limit), limit,
                                 table_of(state))
        if distracted or stop_short > 0:
            dist -= 0.05
        dist = math.floor(dist * 100) / 100
        if dist > 0.05:
            out = check(game, unit, "advance", dist, mp=left, rect=r, distracted=distracted, engaged_now=now)
            if not out.error and out.end is not None:
                steps.append(("advance", dist))
                harm += hazard(game, unit, out, "advance")
                r = out.end
    return steps, r, harm


def plan_towards(game: Game, unit: Unit, x: float, y: float, mp: float | None = None,
                 stop_short: float = 0.0) -> list[tuple[str, float]]:
    """The manoeuvres that bring the unit closest to a point: wheel towards it and advance, first
    stepping sideways or back when something is in the way (``stop_short`` keeps that many inches off)."""
    state = game.state
    act = state.activation
    mp = (act.mp if act and act.unit == unit.id else float(stats.speed(unit))) if mp is None else mp
    rect = unit.rect
    engaged_now = [e.id for e in _touching(rect, state.enemies(unit))]
    start = math.hypot(x - rect.centre.x, y - rect.centre.y)
    best: list[tuple[str, float]] = []
    best_d = start - 0.25
    leads: list[list[tuple[str, float]]] = [[]]
    for side in ("shuffle-left", "shuffle-right"):
        leads += [[(side, 1.0)], [(side, 3.0)]]
    if stats.may_be_distracted(game, unit) and not unit.has("Undistractable"):
        leads.append([("retreat", 1.0)])
    for lead in leads:
        done = _towards_once(game, unit, x, y, mp, rect, engaged_now, stop_short, lead)
        if done is None or not done[0] or done[0] == lead:
            continue
        steps, end, harm = done
        d = math.hypot(x - end.centre.x, y - end.centre.y) + 0.6 * harm
        if d < best_d - 1e-6:
            best, best_d = steps, d
        if not lead and d < start - 0.5 * mp:
            break  # the straight approach is good enough
    return best


def facing_already(unit: Unit, enemy: Unit) -> bool:
    """Whether ``unit`` already faces ``enemy``'s centre (within the 2 degrees :func:`plan_face` leaves alone)."""
    rect = unit.rect
    facing = math.degrees(math.atan2(enemy.y - rect.centre.y, enemy.x - rect.centre.x))
    return abs(_turn_to(rect, facing)) < 2


def plan_face(game: Game, unit: Unit, x: float, y: float, mp: float | None = None) -> list[tuple[str, float]]:
    """Turn to face a point: a forward wheel when MP allow, else a Reform."""
    state = game.state
    act = state.activation
    mp = (act.mp if act and act.unit == unit.id else float(stats.speed(unit))) if mp is None else mp
    rect = unit.rect
    facing = math.degrees(math.atan2(y - rect.centre.y, x - rect.centre.x))
    delta = _turn_to(rect, facing)
    if abs(delta) < 2:
        return []
    engaged_now = [e.id for e in _touching(rect, state.enemies(unit))]
    kind, travel = _wheel_for(rect, delta)
    if _run(game, unit, [(kind, travel)], mp, rect, engaged_now) is not None:
        return [(kind, travel)]
    if _run(game, unit, [("reform", round(delta, 2))], mp, rect, engaged_now) is not None:
        return [("reform", round(delta, 2))]
    return []
