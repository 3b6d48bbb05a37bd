"""Steering a unit to a point with plain manoeuvres: a forward wheel (or a Reform for a big turn) to face it,
then an advance, one manoeuvre at a time, and where that leaves the unit (to value a move before making it)."""

from __future__ import annotations

import math
from typing import Any

from skirmish_hobgoblin.ai.board import (
    Point,
    Unit,
    around,
    centre,
    corners,
    dist,
    keywords_of,
    near,
    overlaps,
    unit_corners,
)

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


def turn_between(facing: float, heading: float) -> float:
    """Degrees to turn (positive: left, within -180..180) from ``facing`` to ``heading``."""
    return (heading - facing + 180.0) % 360.0 - 180.0


def turn_to(facing: float, frm: Point, to: Point) -> float:
    """Degrees to turn (positive: left) to face ``to`` from ``frm``."""
    return turn_between(facing, math.degrees(math.atan2(to[1] - frm[1], to[0] - frm[0])))


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
        if reforms(unit, delta, whole, far):
            return "reform", round(delta, 1)
        travel = min(travel, whole * WHEEL_PER_MP)
        if travel >= 0.1:
            return ("wheel-left" if delta > 0 else "wheel-right"), round(travel, 2)
        return None
    if flies(unit, far, whole) and "Distracted" not in keywords_of(unit):  # (after a Reform it may not Fly)
        return "fly", round(min(far, whole * FLY_PER_MP), 2)
    return "advance", round(min(far, float(whole)), 2)


def reforms(unit: Unit, delta: float, whole: int, far: float) -> bool:
    """Whether a turn of ``delta`` degrees with ``whole`` MP is a Reform rather than a wheel: a big turn that a
    wheel would pay more for, unless the unit could wheel and still Fly ``far`` (a Reform leaves it Distracted,
    and a Distracted unit may not Fly)."""
    reform = _reform_mp(unit)
    if reform is None or abs(delta) <= 75 or whole < reform:
        return False
    cost = math.ceil(chord(float(unit.get("width", 4.0)), delta) / WHEEL_PER_MP - 1e-6)
    if cost <= reform:
        return False
    return not ("Flying" in keywords_of(unit) and far >= FLY_MIN and "Distracted" not in keywords_of(unit)
                and flies(unit, far, whole - cost))


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
    reformed = False
    if abs(delta) > SLACK:
        travel = chord(width, delta)
        if reforms(unit, delta, left, dist((x, y), to)):
            left -= _reform_mp(unit) or REFORM_MP
            facing += delta
            reformed = True  # Distracted now: no Fly after it
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
    fly = flies(unit, far, left) and not reformed and "Distracted" not in keywords_of(unit)
    go = min(far, left * FLY_PER_MP) if fly else min(far, float(max(0, left)))
    f = math.radians(facing)
    return (x + math.cos(f) * go, y + math.sin(f) * go), facing % 360.0, go, (x, y), fly


def _hull(points: list[Point]) -> list[Point]:
    """The convex hull of ``points`` (monotone chain), counter-clockwise."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def half(seq: list[Point]) -> list[Point]:
        out: list[Point] = []
        for p in seq:
            while len(out) >= 2 and (out[-1][0] - out[-2][0]) * (p[1] - out[-2][1]) - \
                    (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0]) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return lower[:-1] + upper[:-1]


def swept(unit: Unit, kind: str, amount: float) -> list[Point]:
    """Roughly the area a manoeuvre sweeps (the hull of the footprint where it starts, ends and, for turns, on the
    way), to test it against terrain as the rules do."""
    x, y = centre(unit)
    facing = float(unit.get("facing", 0.0))
    w, dp = float(unit.get("width", 4.0)), float(unit.get("depth", 2.0))
    f = math.radians(facing)
    fx, fy, rx, ry = math.cos(f), math.sin(f), math.sin(f), -math.cos(f)
    places: list[tuple[float, float, float]] = [(x, y, facing)]
    if kind in ("advance", "retreat", "fly"):
        go = amount if kind != "retreat" else -amount
        places.append((x + fx * go, y + fy * go, facing))
    elif kind.startswith("shuffle"):
        side = 1.0 if kind.endswith("right") else -1.0
        places.append((x + rx * side * amount, y + ry * side * amount, facing))
    elif kind == "reform":
        places += [(x, y, facing + amount * t / 4) for t in range(1, 5)]
    elif kind.startswith("wheel"):
        left = kind.endswith("left")
        back = "back" in kind
        turn = 2 * math.degrees(math.asin(min(1.0, amount / (2 * w))))
        turn = turn if left != back else -turn
        side = -1.0 if left else 1.0  # the held corner: the front left corner for a wheel left
        along = -dp / 2 if back else dp / 2
        pivot = (x + fx * along + side * rx * w / 2, y + fy * along + side * ry * w / 2)
        for t in range(1, 4):
            cx, cy = _rotate((x, y), pivot, turn * t / 3)
            places.append((cx, cy, facing + turn * t / 3))
    pts: list[Point] = []
    for px, py, pf in places:
        pts += corners(px, py, pf, w, dp)
    return _hull(pts)


def harmful(unit: Unit) -> list[str]:
    """The terrain a manoeuvre of ``unit`` should keep off: Perilous (a die for every MP of a manoeuvre that
    touches it), and Rough for a Wild unit that is not a Skirmisher (a Doom for every such manoeuvre)."""
    kw = keywords_of(unit)
    return ["perilous"] + (["rough"] if "Wild" in kw and "Skirmishers" not in kw else [])


def hurts(view: Any, unit: Unit, kind: str, amount: float) -> bool:
    """Whether the manoeuvre touches terrain that hurts the unit while it does not stand on any already (then
    every way out crosses it, and moving on is the cheapest)."""
    kinds = harmful(unit)
    reach = math.hypot(float(unit.get("width", 4.0)), float(unit.get("depth", 2.0))) / 2 + abs(amount) + 0.1
    if kind == "reform":
        reach -= abs(amount)
    if not near(view, kinds, around([centre(unit)], reach)):
        return False
    if any(overlaps(view, k, unit_corners(unit)) for k in kinds):
        return False
    area = swept(unit, kind, amount)
    return any(overlaps(view, k, area) for k in kinds)


def safe_amount(view: Any, unit: Unit, kind: str, amount: float) -> float:
    """The longest ``kind`` up to ``amount`` (a quarter inch or a degree at a time, as far as it goes) that does
    not touch terrain that hurts the unit (see :func:`hurts`); 0 when none does."""
    if kind == "fly" or not hurts(view, unit, kind, amount):
        return amount
    grain = 5.0 if kind == "reform" else 0.25
    go = math.copysign(math.floor(abs(amount) / grain) * grain, amount)
    while abs(go) > 0 and hurts(view, unit, kind, go):
        go = math.copysign(abs(go) - grain, go)
    return go


def unjam(unit: Unit, to: Point, mp: float, offered: set[str], backed: bool) -> tuple[str, float] | None:
    """After a wheel was cut short (something in the way of the swinging corner), what to do instead of inching
    round a degree at a time: reform to face ``to`` where the unit may, else back off a little (once) to steer
    again from there, else go on as it faces; None: nothing useful (end)."""
    whole = math.floor(mp + 1e-9)
    delta = turn_to(float(unit.get("facing", 0.0)), centre(unit), to)
    reform = _reform_mp(unit)
    if abs(delta) > SLACK and reform is not None and whole >= reform and "reform" in offered:
        return "reform", round(delta, 1)
    if not backed and "retreat" in offered and whole >= 2 and reform is not None:
        return "retreat", 1.0
    if abs(delta) <= 60 and "advance" in offered and whole >= 1:
        return "advance", float(whole)
    return None


#: Berserk: a unit that does not advance this far towards an enemy it sees in the Movement Phase gains D3 Doom
BERSERK_ADVANCE = 6.0


def berserk(unit: Unit) -> bool:
    """A Berserk unit not yet in combat (it must advance 6" towards an enemy this Movement Phase)."""
    return "Berserk" in keywords_of(unit) and not unit.get("engaged")


def step_mp(unit: Unit, step: tuple[str, float]) -> int:
    """Roughly the MP a steering manoeuvre costs (rounded up, as the rules round)."""
    kind, amount = step
    if kind == "reform":
        return _reform_mp(unit) or REFORM_MP
    if kind.startswith("shuffle"):
        return math.ceil(abs(amount) / SHUFFLE_PER_MP - 1e-6)
    if kind == "fly":
        return math.ceil(abs(amount) / FLY_PER_MP - 1e-6)
    return math.ceil(abs(amount) / WHEEL_PER_MP - 1e-6)


def turn_costs_berserk(unit: Unit, step: tuple[str, float], mp: float, advanced: float) -> bool:
    """Whether making ``step`` (a turn or shuffle) would leave a Berserk unit too few MP to finish the advance it
    needs this phase, having ``advanced`` so far."""
    need = BERSERK_ADVANCE - advanced
    return need > 0 and math.floor(mp + 1e-9) - step_mp(unit, step) < need <= math.floor(mp + 1e-9)


def enemy_ahead(unit: Unit, units: Any) -> bool:
    """Whether an enemy in play stands ahead of the unit's front edge (an Advance then counts for Berserk)."""
    f = math.radians(float(unit.get("facing", 0.0)))
    x, y = centre(unit)
    front = float(unit.get("depth", 2.0)) / 2
    return any(u.get("side") != unit.get("side") and u.get("status") == "ready"
               and (float(u["x"]) - x) * math.cos(f) + (float(u["y"]) - y) * math.sin(f) > front for u in units)


# -- a move as a whole path (the AI answers the movement question with the manoeuvres it would steer in turn) -----

#: the most manoeuvres in one path answer (the rules allow 12 an activation)
PATH_STEPS = 12
#: inches one MP buys, by manoeuvre (the rulebook's; a house rule that changes them makes the rules stop a path
#: where a step costs more than the AI thought, and the AI steers on from there)
PER_MP = {"advance": 1.0, "wheel": WHEEL_PER_MP, "shuffle": SHUFFLE_PER_MP, "retreat": 0.5, "fly": FLY_PER_MP}
#: manoeuvres that leave the unit Distracted
DISTRACTING = ("wheel-back-left", "wheel-back-right", "retreat", "reform")


def as_asked(kind: str, want: float | None) -> float | None:
    """The amount the manoeuvre's form would take for ``want`` (degrees to 0.5, inches to 0.01); None when the
    AI would cancel it there (under 0.1, or a turn beyond a half turn)."""
    if want is None:
        return None
    step = 0.5 if kind == "reform" else 0.01
    value = round(round(want / step) * step, 6)
    if abs(value) < 0.1 or (kind == "reform" and abs(value) > 180) or (kind != "reform" and value <= 0):
        return None
    return value


def cost(unit: Unit, kind: str, amount: float) -> int:
    """The MP a manoeuvre costs (whole MP, as the rules round; a Reform 5, Nimble 2)."""
    if kind == "reform":
        return NIMBLE_REFORM_MP if "Nimble" in keywords_of(unit) else REFORM_MP
    if amount <= 0:
        return 0
    rate = PER_MP[kind.split("-")[0]]
    return max(1, math.ceil(amount / rate - 1e-6))


def moved(unit: Unit, kind: str, amount: float) -> Unit:
    """``unit`` (a view's entry) where the manoeuvre leaves it, as the view would show it next (its centre to
    0.001", facing to 0.01 degrees; Distracted after a manoeuvre that distracts)."""
    from skirmish.geometry import Rect
    from skirmish_hobgoblin.moves import shape_after

    x, y = centre(unit)
    end = shape_after(Rect((x, y), float(unit.get("width", 4.0)), float(unit.get("depth", 2.0)),
                           float(unit.get("facing", 0.0))), kind, amount).end
    out = dict(unit)
    out["x"], out["y"] = round(round(end.centre.x, 9), 3), round(round(end.centre.y, 9), 3)
    out["facing"] = round(round(end.facing, 9) % 360, 2)
    kw = keywords_of(unit)
    if kind in DISTRACTING and "Distracted" not in kw and "Undistractable" not in kw:
        text = str(unit.get("keywords", ""))
        out["keywords"] = f"{text}, Distracted" if text else "Distracted"
    return out


class Offered:
    """The answers offered now, standing in for those offered after the path's steps so far: a step offered
    now is taken to be offered then (the rules stop the path where it is not); asking about one not offered now
    marks the answer as ``unsure`` (it might be offered there), and the path stops before it."""

    __slots__ = ("now", "unsure")

    def __init__(self, now: set[str]) -> None:
        self.now = now
        self.unsure = False

    def __contains__(self, value: object) -> bool:
        if value in self.now:
            return True
        self.unsure = True
        return False


class Asked:
    """Whether an answer is offered by a lazy question, asked one answer at a time (the question builds only that
    answer's family: a manoeuvre's, the moves towards, an engagement's); the whole list once it is built."""

    __slots__ = ("decision", "seen")

    def __init__(self, decision: Any) -> None:
        self.decision = decision
        self.seen: dict[object, bool] = {}

    def __contains__(self, value: object) -> bool:
        got = self.seen.get(value)
        if got is None:
            offers = getattr(self.decision, "offers", None)
            got = self.seen[value] = offers(value) if offers is not None else \
                self.decision.option_for(value) is not None
        return got
