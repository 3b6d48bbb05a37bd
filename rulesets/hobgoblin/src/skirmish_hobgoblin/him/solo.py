"""Solo play against "Him" (the rulebook's solo rules), as rules for His seat and as an agent anyone can seat.

With ``him = "<player>"`` in the set-up His seat follows the solo rules: He starts with the First
Player token and always keeps it when His roll allows, draws no cards and gains no Mercury, His units
are Undistractable, His units deploy by the deployment table, His Ranged Infantry move and shoot in the
Shooting Phase by Cautious Behaviour, His other units move by Aggressive Behaviour, He spreads combat
dice evenly and reforms to face the closest enemy in Who's Next?, and the game is won on points left.
The ``him`` agent answers any question His seat is still asked the same way.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from skirmish import AgentContext, Decision
from skirmish_hobgoblin import measuring, moves, stats
from skirmish_hobgoblin.state import READY, UNDEPLOYED, Activation

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.state import Unit

RULE = "Solo play"
#: the deployment table: D6 -> (section 0 left / 1 centre / 2 right, bias -1 left / +1 right)
DEPLOY_TABLE = {1: (0, -1), 2: (0, 1), 3: (1, -1), 4: (1, 1), 5: (2, -1), 6: (2, 1)}


# ------------------------------------------------------------------------------ target selection


def _candidates(game: Game, unit: Unit, visible: bool) -> list[Unit]:
    state = game.state
    enemies = [e for e in state.enemies(unit) if not visible or measuring.has_los(state, unit, e)]
    if not enemies:
        return []
    d = min(measuring.range_to(unit, e) for e in enemies)
    near = [e for e in enemies if measuring.range_to(unit, e) <= d + 3.0]
    return [e for e in near if sum(1 for f in measuring.engaged(state, e) if f.side == unit.side) < 2]


def select(game: Game, unit: Unit, *, visible: bool) -> Unit | None:
    """"Select a visible unit within D+3"" (or any unit, ignoring sight): the nearest distance D, every
    enemy within D+3", less those engaged with two or more of His units, one at random."""
    pool = _candidates(game, unit, visible)
    if not pool:
        return None
    return pool[game.rng.randint(0, len(pool) - 1, rule=RULE, why=f"{unit.name} picks a target")]


def select_engageable(game: Game, unit: Unit) -> tuple[Unit, list[tuple[str, float]]] | None:
    state = game.state
    pool = []
    for e in state.enemies(unit):
        if sum(1 for f in measuring.engaged(state, e) if f.side == unit.side) >= 2:
            continue
        if measuring.gap(unit, e) > stats.speed(unit) + 0.01:
            continue
        plans = moves.plan_engage(game, unit, e)
        if plans:
            pool.append((e, list(plans[0]["steps"])))
    if not pool:
        return None
    return pool[game.rng.randint(0, len(pool) - 1, rule=RULE, why=f"{unit.name} picks whom to engage")]


# ------------------------------------------------------------------------------ deployment


def deploy(game: Game, player: str) -> None:
    """His deployment: most expensive first, a D6 on the table for section and bias, exactly 8" from the
    centreline (Ranged Infantry 15", Artillery as far back as the table allows up to 24"), 1" apart."""
    from skirmish_hobgoblin.deployment import facing_of, footprint_at, place, placement_error

    state = game.state
    gap = game.ruleset.rules.table.deploy_gap
    units = sorted((u for u in state.units.values() if u.side == player and u.status == UNDEPLOYED),
                   key=lambda u: -u.points)
    south = state.sides[player].half == "south"
    for u in units:
        roll = game.rng.roll(6, rule=RULE, why=f"deployment table for {u.name}")
        section, bias = DEPLOY_TABLE[roll]
        back = gap
        if u.type == "ranged-infantry":
            back = 15.0
        elif u.type == "artillery":
            back = min(24.0, state.centreline - u.depth - 1.05)
        y = state.centreline - back - u.depth / 2 if south else state.centreline + back + u.depth / 2
        lo, hi = section * state.width / 3, (section + 1) * state.width / 3
        xs = _xs(lo, hi, u.width, bias, state.width, _beside(game, u, lo, hi))
        zone = (0.0, state.depth)
        spot = None
        fits = [x for x in xs if not placement_error(game, u, footprint_at(game, u, x, y), zone)
                and _spaced(game, u, footprint_at(game, u, x, y))]
        if u.type in ("ranged-infantry", "artillery"):  # on a hill or other Elevated terrain of the section
            high = _on_elevated(game, u, lo, hi, bias)
            if high is not None:
                place(game, u, high[0], high[1], facing_of(game, player), RULE)
                continue
        if fits and u.type == "ranged-infantry":  # ideally where it can see one of your units
            seen = [x for x in fits[::4] if _sees_enemy(game, u, x, y, facing_of(game, player))]
            fits = seen + fits if seen else fits
        if fits:
            spot = (fits[0], y)
        if spot is None:  # 1" behind the unit at the rolled spot: its rear edge, not this unit's depth
            spot = _behind(game, u, xs, lo, hi, south, zone)
        if spot is None:
            for step in range(1, 8):
                yy = y - step * (u.depth + 1.0) if south else y + step * (u.depth + 1.0)
                for x in xs:
                    rect = footprint_at(game, u, x, yy)
                    if not placement_error(game, u, rect, zone) and _spaced(game, u, rect):
                        spot = (x, yy)
                        break
                if spot:
                    break
        if spot is None:
            u.status = "reserve"
            continue
        place(game, u, spot[0], spot[1], facing_of(game, player), RULE)


def _behind(game: Game, unit: Unit, xs: list[float], lo: float, hi: float, south: bool,
            zone: tuple[float, float]) -> tuple[float, float] | None:
    """A centre exactly 1" behind the rear edge of one of His units in the section (directly behind it first,
    then along the section by the bias), or None."""
    from skirmish_hobgoblin.deployment import footprint_at, placement_error

    ahead = [o for o in game.state.units.values() if o.side == unit.side and o.status == READY
             and o.rect.bounds[2] > lo and o.rect.bounds[0] < hi]
    ahead.sort(key=lambda o: xs.index(min(xs, key=lambda x: abs(x - o.x))))
    for o in ahead:
        y0, y1 = o.rect.bounds[1], o.rect.bounds[3]
        yy = y0 - SPACING - unit.depth / 2 if south else y1 + SPACING + unit.depth / 2
        for x in [o.x, *xs]:
            rect = footprint_at(game, unit, x, yy)
            if not placement_error(game, unit, rect, zone) and _spaced(game, unit, rect):
                return x, yy
    return None


def _on_elevated(game: Game, unit: Unit, lo: float, hi: float, bias: int) -> tuple[float, float] | None:
    """A legal centre in His zone and the section lo..hi with more than half the footprint on Elevated
    terrain, 1" from His units and the edges, as far towards the bias as it goes (None: no such place)."""
    from skirmish_hobgoblin.deployment import footprint_at, placement_error, zone
    from skirmish_hobgoblin.state import table_of

    state = game.state
    zlo, zhi = zone(game, unit.side)
    hills = [t for t in table_of(state).terrain if t.has("elevated") and not t.has("impassable")]
    share = state.elevated_share
    best: tuple[float, float] | None = None
    for t in hills:
        x0, y0, x1, y1 = t.bounds
        x0, x1 = max(x0, lo), min(x1, hi)
        y0, y1 = max(y0, zlo), min(y1, zhi)
        if x0 > x1 or y0 > y1:
            continue
        nx, ny = max(1, int((x1 - x0) / 0.5)), max(1, int((y1 - y0) / 0.5))
        for i in range(nx + 1):
            x = x0 + (x1 - x0) * i / nx
            if best is not None and (x - best[0]) * bias <= 0:
                continue
            for j in range(ny + 1):
                y = y0 + (y1 - y0) * j / ny
                rect = footprint_at(game, unit, x, y)
                if placement_error(game, unit, rect) or not _spaced(game, unit, rect):
                    continue
                if measuring.area_fraction(rect, t) > share:
                    best = (round(x, 2), round(y, 2))
                    break
    return best


def _sees_enemy(game: Game, unit: Unit, x: float, y: float, facing: float) -> bool:
    old = (unit.x, unit.y, unit.facing, unit.status)
    unit.x, unit.y, unit.facing, unit.status = x, y, facing, READY
    try:
        return any(measuring.has_los(game.state, unit, e) for e in game.state.enemies(unit))
    finally:
        unit.x, unit.y, unit.facing, unit.status = old


#: the gap His units keep from each other and from the table edges (the book: not closer than 1")
SPACING = 1.0
#: lengths within this count as equal (a unit placed exactly 1" away is not "closer than 1"")
EPS = 1e-6


def _xs(lo: float, hi: float, width: float, bias: int, table_width: float, exact: list[float] = ()) -> list[float]:
    """Centres across the section ``lo``..``hi`` for a unit ``width`` wide, furthest towards the bias first: whole
    in the section, and 1" from a table edge (a section's inner edges need no margin); ``exact`` adds the centres
    exactly 1" beside units already placed, so His line closes up to the book's 1" rather than the next grid step."""
    first = lo + width / 2 + (SPACING if lo <= EPS else 0.0)
    last = hi - width / 2 - (SPACING if hi >= table_width - EPS else 0.0)
    if last < first - EPS:
        return [(lo + hi) / 2]
    n = max(1, int((last - first) / 0.5))
    xs = {round(first + (last - first) * k / n, 6) for k in range(n + 1)}
    xs |= {round(x, 6) for x in exact if first - EPS <= x <= last + EPS}
    return sorted(xs, reverse=bias > 0)


def _beside(game: Game, unit: Unit, lo: float, hi: float) -> list[float]:
    """The centres that put ``unit`` exactly 1" to the left or right of each of His units already placed."""
    out = []
    for o in game.state.units.values():
        if o.side == unit.side and o.status == READY and o.id != unit.id:
            half = o.rect.bounds[2] - o.x
            out += [o.x - half - SPACING - unit.width / 2, o.x + half + SPACING + unit.width / 2]
    return out


def _spaced(game: Game, unit: Unit, rect: Any) -> bool:
    from skirmish.geometry import distance

    state = game.state
    x0, y0, x1, y1 = rect.bounds
    edge = SPACING - EPS
    if x0 < edge or x1 > state.width - edge or y0 < edge or y1 > state.depth - edge:
        return False
    return all(distance(rect, o.rect) >= SPACING - EPS for o in state.units.values()
               if o.side == unit.side and o.status == READY and o.id != unit.id)


# ------------------------------------------------------------------------------ behaviours


def _run_plan(game: Game, unit: Unit, steps: list[tuple[str, float]]) -> None:
    from skirmish_hobgoblin import turns

    state = game.state
    state.activated.append(unit.id)
    state.activation = Activation(unit.id, float(stats.speed(unit)), (unit.x, unit.y, unit.facing),
                                  [e.id for e in measuring.engaged(state, unit)])
    game.call(turns.end_activation, unit.id)
    for kind, amount in reversed(steps):
        game.call(turns.perform, unit.id, kind, amount)


def shooting(game: Game, player: str) -> None:
    """His Shooting Phase: Ranged Infantry by Cautious Behaviour (move, then shoot), then His other
    Ranged units shoot a visible unit within D+3"."""
    state = game.state
    units = sorted((u for u in state.of(player) if u.has("Ranged")), key=lambda u: -u.points)
    for u in reversed(units):
        game.call(_shoot_one, u.id)


def _shoot_one(game: Game, uid: str) -> None:
    from skirmish_hobgoblin import turns

    state = game.state
    u = state.units[uid]
    if not u.in_play or measuring.engaged(state, u):
        return
    if u.type == "ranged-infantry":
        state.notes[f"him-moved:{uid}"] = game.round
        targets = turns.shooting_targets(game, u)
        if targets:
            target = select(game, u, visible=True)
            if target is None:
                return
            steps = _back_off(game, u, target)
        else:
            target = select(game, u, visible=False)
            if target is None:
                return
            steps = _close_in(game, u, target)
        game.call(_fire, uid, target.id)
        if steps:
            _run_plan(game, u, steps)
        return
    target = select(game, u, visible=True)
    if target is not None:
        game.call(_fire, uid, target.id)


def _fire(game: Game, uid: str, tid: str) -> None:
    from skirmish_hobgoblin import turns

    state = game.state
    u, t = state.units[uid], state.units[tid]
    if u.in_play and t.in_play and any(e.id == tid for e, _ in turns.shooting_targets(game, u)):
        turns.shoot(game, u, t)


def _back_off(game: Game, unit: Unit, target: Unit) -> list[tuple[str, float]]:
    """Retreat as far as possible from the target without leaving range or sight of it."""
    rng = stats.shot_range(game, unit)
    best = 0.0
    top = moves.max_amount(game, unit, "retreat", mp=float(stats.speed(unit)), distracted=False)
    amount = math.floor(top * 2) / 2
    original = unit.rect
    while amount > 0:
        out = moves.check(game, unit, "retreat", amount, mp=float(stats.speed(unit)), distracted=False)
        if not out.error and out.end is not None:
            unit.place(out.end)
            ok = measuring.range_to(unit, target) <= rng and measuring.has_los(game.state, unit, target)
            unit.place(original)
            if ok:
                best = amount
                break
        amount -= 0.5
    return [("retreat", best)] if best > 0 else []


def _close_in(game: Game, unit: Unit, target: Unit) -> list[tuple[str, float]]:
    """Move as close as possible to the target, stopping once in range and sight of it."""
    steps = moves.plan_towards(game, unit, target.x, target.y, float(stats.speed(unit)))
    if not steps:
        return []
    rng = stats.shot_range(game, unit)
    kind, amount = steps[-1]
    if kind != "advance":
        return steps
    original = unit.rect
    lead = steps[:-1]
    run = moves._run(game, unit, lead, float(stats.speed(unit)), original, [])
    if run is None:
        return steps
    start = run[0]
    for inch in range(1, int(amount) + 1):
        end = moves.shape_after(start, "advance", float(inch)).end
        unit.place(end)
        ok = measuring.range_to(unit, target) <= rng and measuring.has_los(game.state, unit, target)
        unit.place(original)
        if ok:
            return [*lead, ("advance", float(inch))]
    return steps


def movement(game: Game, player: str, units: list[Unit]) -> None:
    """His Movement Phase: each unit that did not move in the Shooting Phase, most expensive first, by
    Aggressive Behaviour (engage a unit it can reach; else move as close as possible to a unit)."""
    state = game.state
    left = sorted(units, key=lambda u: -u.points)
    if not left:
        return
    u = left[0]
    if state.notes.get(f"him-moved:{u.id}") == game.round or u.type == "artillery" or measuring.engaged(state, u):
        state.activated.append(u.id)
        return
    picked = select_engageable(game, u)
    if picked is not None:
        target, steps = picked
        game.emit("note", f"{u.name} (Him) charges {target.name}", rule="Aggressive Behaviour", unit=u.id)
        _run_plan(game, u, steps)
        return
    target = select(game, u, visible=True) or select(game, u, visible=False)
    if target is None:
        state.activated.append(u.id)
        return
    steps = moves.plan_towards(game, u, target.x, target.y, float(stats.speed(u)), stop_short=0.1)
    game.emit("note", f"{u.name} (Him) closes on {target.name}", rule="Aggressive Behaviour", unit=u.id)
    _run_plan(game, u, steps)


def whos_next(game: Game, unit: Unit, choices: list[tuple[str, float, str]]) -> None:
    """He reforms to face the closest of your units."""
    from skirmish_hobgoblin import turns

    enemies = sorted(game.state.enemies(unit), key=lambda e: measuring.gap(unit, e))
    if not enemies:
        return
    face = f"face {enemies[0].id}"
    delta = next((d for v, d, _ in choices if v == face), 0.0)
    turns.free_reform(game, unit, delta)


# ------------------------------------------------------------------------------ the agent


class HimAgent:
    """Answers His seat's questions by the solo procedures (engage at random what He can reach, else close
    on a unit within D+3"; spread dice evenly; never plays cards)."""

    def __init__(self, ctx: AgentContext) -> None:
        self.player = ctx.player
        self.rng = random.Random(ctx.seed)

    def decide(self, view: Any, decision: Decision) -> Any:
        kind = decision.kind
        opts = decision.options
        data = [o.data for o in opts]
        if kind == "move":
            engage = [o for o, d in zip(opts, data, strict=True) if d.get("action") == "engage"]
            if engage:
                return self.rng.choice(engage).value
            towards = [o for o, d in zip(opts, data, strict=True) if d.get("action") == "towards"]
            if towards and not decision.context.get("moved"):
                return towards[0].value
            return "end"
        if kind == "assign":
            spreads = [o for o in opts if o.data.get("action") == "assign"]
            return min(spreads, key=lambda o: max(o.data["dice"]) - min(o.data["dice"])).value
        if kind == "shoot":
            shots = [o for o, d in zip(opts, data, strict=True) if d.get("action") == "shoot"]
            return self.rng.choice(shots).value if shots else "done"
        if kind == "respond":
            return "pass"
        if kind in ("initiative", "first-player"):
            return next((o.value for o, d in zip(opts, data, strict=True) if d.get("action") in ("keep", "take")),
                        opts[0].value)
        if kind == "force-of-will":
            return "keep"
        if kind == "whos-next":
            return next((o.value for o in opts if str(o.value).startswith("face ")), opts[0].value)
        if kind == "harvest":
            return "mercury"
        if kind in ("rough", "cowardly"):
            return "distracted"
        if kind == "deploy":
            return opts[0].value
        if opts:
            return opts[0].value
        if decision.examples:
            return decision.examples[0]
        return {p.name: p.low for p in decision.params}


def make_him(ctx: AgentContext) -> HimAgent:
    """The solo opponent as an agent (``--players him``)."""
    return HimAgent(ctx)
