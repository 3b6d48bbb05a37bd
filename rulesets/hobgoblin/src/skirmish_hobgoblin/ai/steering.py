"""Steering a unit to a point with plain manoeuvres: a forward wheel (or a Reform for a big turn) to face it,
then an advance, one manoeuvre at a time, and where that leaves the unit (to value a move before making it)."""

from __future__ import annotations

import math

from skirmish_hobgoblin.ai.board import Point, Unit, centre, dist, keywords_of

#: turns smaller than this (degrees) are not worth a wheel
SLACK = 6.0
WHEEL_PER_MP = 1.0
SHUFFLE_PER_MP = 0.5
REFORM_MP = 5
NIMBLE_REFORM_MP = 2
#: Fly: inches per MP and the shortest fly (rulebook: 2" per MP, at least 12")
FLY_PER_MP = 2.0
FLY_MIN = 12.0


def flies(unit: Unit, far: float, mp: float) -> bool:
    """Whether a Flying unit covers ``far`` better with a Fly (at least 12", 2" per MP) than by advancing."""
    return "Flying" in keywords_of(unit) and far > math.floor(mp + 1e-9) and math.floor(mp + 1e-9) * FLY_PER_MP >= \
        FLY_MIN and far >= FLY_MIN


def turn_to(facing: float, frm: Point, to: Point) -> float:
    """Degrees to turn (positive: left) to face ``to`` from ``frm``."""
    want = math.degrees(math.atan2(to[1] - frm[1], to[0] - frm[0]))
    return (want - facing + 180.0) % 360.0 - 180.0


def chord(width: float, degrees: float) -> float:
    """How far the swinging front corner travels in a wheel of ``degrees``."""
    return 2 * width * math.sin(math.radians(abs(degrees)) / 2)


def _reform_mp(unit: Unit) -> int | None:
    kw = keywords_of(unit)
    if "Wild" in kw or "Immobile" in kw:
        return None  # a Wild unit may not gain Distracted (a Character near may allow it: not counted on)
    return NIMBLE_REFORM_MP if "Nimble" in kw else REFORM_MP


def next_step(unit: Unit, to: Point, mp: float) -> tuple[str, float] | None:
    """The next manoeuvre towards ``to`` with ``mp`` left: (kind, inches or degrees), or None when there."""
    here = centre(unit)
    far = dist(here, to)
    whole = math.floor(mp + 1e-9)
    if far < 0.4 or whole < 1:
        return None
    delta = turn_to(float(unit.get("facing", 0.0)), here, to)
    if abs(delta) > SLACK:
        width = float(unit.get("width", 4.0))
        travel = chord(width, delta)
        reform = _reform_mp(unit)
        if reform is not None and abs(delta) > 75 and math.ceil(travel / WHEEL_PER_MP) > reform and whole >= reform:
            return "reform", round(delta, 1)
        travel = min(travel, whole * WHEEL_PER_MP)
        if travel >= 0.1:
            return ("wheel-left" if delta > 0 else "wheel-right"), round(travel, 2)
        return None
    if flies(unit, far, whole):
        return "fly", round(min(far, whole * FLY_PER_MP), 2)
    return "advance", round(min(far, float(whole)), 2)


def _rotate(p: Point, about: Point, degrees: float) -> Point:
    a = math.radians(degrees)
    dx, dy = p[0] - about[0], p[1] - about[1]
    return about[0] + dx * math.cos(a) - dy * math.sin(a), about[1] + dx * math.sin(a) + dy * math.cos(a)


def predict(unit: Unit, to: Point, mp: float) -> tuple[Point, float, float, Point, bool]:
    """Where steering to ``to`` with ``mp`` leaves the unit: (centre, facing, inches advanced, centre after
    the turn and before the advance, whether it flies), obstacles not counted."""
    x, y = centre(unit)
    facing = float(unit.get("facing", 0.0))
    left = math.floor(mp + 1e-9)
    width, depth = float(unit.get("width", 4.0)), float(unit.get("depth", 2.0))
    delta = turn_to(facing, (x, y), to)
    if abs(delta) > SLACK:
        travel = chord(width, delta)
        reform = _reform_mp(unit)
        if reform is not None and abs(delta) > 75 and math.ceil(travel) > reform and left >= reform:
            left -= reform
            facing += delta
        else:
            cost = math.ceil(travel / WHEEL_PER_MP - 1e-6)
            if cost > left:  # a partial wheel uses everything
                part = 2 * math.degrees(math.asin(min(1.0, left * WHEEL_PER_MP / (2 * width))))
                delta = math.copysign(part, delta)
                cost = left
            f = math.radians(facing)
            fx, fy, rx, ry = math.cos(f), math.sin(f), math.sin(f), -math.cos(f)
            side = -1.0 if delta > 0 else 1.0  # the held front corner: left for a left wheel
            pivot = (x + fx * depth / 2 + side * rx * width / 2, y + fy * depth / 2 + side * ry * width / 2)
            x, y = _rotate((x, y), pivot, delta)
            facing += delta
            left -= cost
    far = dist((x, y), to)
    fly = flies(unit, far, left)
    go = min(far, left * FLY_PER_MP) if fly else min(far, float(max(0, left)))
    f = math.radians(facing)
    return (x + math.cos(f) * go, y + math.sin(f) * go), facing % 360.0, go, (x, y), fly
