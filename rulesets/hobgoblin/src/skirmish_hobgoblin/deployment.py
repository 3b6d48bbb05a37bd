"""Set-up steps 4 to 7: scenario, First Player, table halves, alternate deployment, opening hands."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from skirmish import Decision, Option, Param, SetupError
from skirmish.geometry import Rect, overlaps
from skirmish_hobgoblin import expansions, fortune
from skirmish_hobgoblin.state import READY, RESERVE, UNDEPLOYED, HobState, Unit, derived, table_of

if TYPE_CHECKING:
    from skirmish import Game

SOUTH, NORTH = "south", "north"


def begin(game: Game) -> None:
    from skirmish_hobgoblin import scenarios

    game.call(_draw_hands)
    game.call(_cunning_ruse)
    game.call(_deploy_turn, 0)
    game.call(_chaos_before)
    game.call(scenarios.prepare)
    game.call(_choose_half)
    game.call(_first_player)
    game.call(scenarios.determine)


def _chaos(game: Game) -> Any:
    """The deployment rules that replace the two halves (the narrative scenarios' zones, a Chaos of War
    Deployment entry: ``hobgoblin_deployment_rules``), else None."""
    return expansions.first(game, "hobgoblin_deployment_rules")


def _chaos_before(game: Game) -> None:
    expansions.call(game, "hobgoblin_deployment_start")


# ----------------------------------------------------------------------------- First Player


def _first_player(game: Game) -> None:
    state = game.state
    setup = game.setup
    players = list(game.players)
    if expansions.first(game, "hobgoblin_first_player"):  # (the solo opponent always takes it)
        return
    if setup.get("first"):
        state.first = setup["first"]
        game.emit("setup", f"{state.first} takes the First Player token (set-up)", rule="Determine the First Player")
        return
    players = state.pair()  # the two players (team play: the Warlords act for their teams)
    caller = players[0]
    game.ask(Decision(caller, "call", f"{caller}: call odd or even ({players[1]} rolls a D6 for the First Player)",
                      options=[Option("odd", "odd", data={"action": "odd"}), Option("even", "even",
                                                                                    data={"action": "even"})],
                      rule="Determine the First Player", context={"phase": "Set-up", "action": "call"}),
             _called, caller)


def _called(game: Game, answer: str, caller: str) -> None:
    other = game.state.enemy_of(caller)
    roll = game.rng.roll(6, rule="Determine the First Player", why=f"{other} rolls against {caller}'s call of {answer}")
    winner = caller if (roll % 2 == 1) == (answer == "odd") else other
    game.emit("setup", f"{caller} called {answer}, {other} rolled {roll}: {winner} wins the initiative",
              rule="Determine the First Player", player=winner)
    loser = game.state.enemy_of(winner)
    game.ask(Decision(winner, "first-player", f"{winner}: take the First Player token or give it to {loser}?",
                      options=[Option(winner, "take it", data={"action": "take", "player": winner}),
                               Option(loser, f"give it to {loser}", data={"action": "give", "player": loser})],
                      rule="Determine the First Player", context={"phase": "Set-up", "action": "first-player"}),
             _first_chosen)


def _first_chosen(game: Game, answer: str) -> None:
    game.state.first = answer
    game.emit("setup", f"{answer} holds the First Player token", rule="Determine the First Player", player=answer)


def _choose_half(game: Game) -> None:
    state = game.state
    first = state.first
    if game.setup.get("positions") and all(game.setup["positions"].get(p) for p in game.players):
        _set_halves(game, _half_from_positions(game, first))
        return
    if expansions.solo(game, first):
        _set_halves(game, NORTH)  # solo: He takes the far half, you deploy first in the near one
        return
    game.ask(Decision(first, "half", f"{first}: deploy in which half of the table?",
                      options=[Option(SOUTH, "the south half (y below the centreline)",
                                      data={"action": "half", "half": SOUTH}),
                               Option(NORTH, "the north half (y above the centreline)",
                                      data={"action": "half", "half": NORTH})],
                      rule="Deployment", context={"phase": "Set-up", "action": "half"}), _half_answer)


def _half_from_positions(game: Game, player: str) -> str:
    pos = game.setup["positions"].get(player, {})
    ys = [float(p.get("y", 0)) for p in pos.values() if isinstance(p, dict)]
    return SOUTH if not ys or sum(ys) / len(ys) < game.state.centreline else NORTH


def _half_answer(game: Game, answer: str) -> None:
    _set_halves(game, answer)


def _set_halves(game: Game, half: str) -> None:
    state = game.state
    state.sides[state.first].half = half
    state.sides[state.second].half = NORTH if half == SOUTH else SOUTH
    expansions.call(game, "hobgoblin_halves_set")  # (Unlikely Allies: each player in their Warlord's half)
    game.emit("setup", f"{state.first} deploys in the {half} half, {state.second} in the "
                       f"{state.sides[state.second].half}", rule="Deployment")


def facing_of(game: Game, player: str) -> float:
    return 90.0 if game.state.sides[player].half == SOUTH else 270.0


def zone(game: Game, player: str, back: float = 0.0) -> tuple[float, float]:
    """The y-range of a player's deployment zone (``back``: extra inches from the centreline)."""
    state = game.state
    gap = game.ruleset.rules.table.deploy_gap + back
    if state.sides[player].half == SOUTH:
        return 0.0, state.centreline - gap
    return state.centreline + gap, state.depth


# ----------------------------------------------------------------------------- deployment


def _place_given(game: Game) -> None:
    """Units with exact positions in the set-up take the table at once."""
    state = game.state
    given = game.setup.get("positions", {})
    for player, table in given.items():
        if player not in state.sides or not isinstance(table, dict):
            continue
        for name, pos in table.items():
            unit = next((u for u in state.units.values() if u.side == player and (u.name == name or u.id == name)),
                        None)
            if unit is None:
                raise SetupError(f"set-up positions: {player} has no unit '{name}'")
            try:
                unit.x, unit.y = float(pos["x"]), float(pos["y"])
                unit.facing = float(pos.get("facing", facing_of(game, player))) % 360
            except (KeyError, TypeError, ValueError):
                raise SetupError(f"set-up positions: {player} '{name}' needs x, y (and facing)") from None
            unit.status = READY
            for k in pos.get("keywords", []):
                unit.keywords.add(str(k))
            unit.doom = int(pos.get("doom", 0))
            game.emit("deploy", f"{unit.name} is placed at ({unit.x:g}, {unit.y:g}) facing {unit.facing:g}",
                      rule="Set-up positions", unit=unit.id)


def _deploy_turn(game: Game, turn: int) -> None:
    state = game.state
    if turn == 0:
        _place_given(game)
        him = expansions.solo(game, state.first)
        if him is not None:  # the solo opponent deploys by its own rules, then the other player
            game.call(him.deploy, state.first)
            game.call(_deploy_all, state.second)
            return
    order = state.order()
    for k in range(len(order)):  # players in turn (team play: 3 to 6)
        player = order[(turn + k) % len(order)]
        waiting = [u for u in state.units.values() if u.side == player and u.status == UNDEPLOYED]
        if waiting:
            game.call(_deploy_turn, turn + k + 1)
            _ask_unit(game, player, waiting)
            return


def _deploy_all(game: Game, player: str) -> None:
    """Solo play: you deploy your whole army first."""
    waiting = [u for u in game.state.units.values() if u.side == player and u.status == UNDEPLOYED]
    if waiting:
        game.call(_deploy_all, player)
        _ask_unit(game, player, waiting)


def _ask_unit(game: Game, player: str, waiting: list[Unit]) -> None:
    chaos = _chaos(game)
    if chaos is not None:
        waiting = chaos.waiting(game, player, waiting)
        if not waiting:
            return
    opts = [Option(f"deploy {u.id}", f"deploy {u.name} ({u.type_name}, {u.width:.1f}\" x {u.depth:.1f}\")",
                   data={"action": "deploy", "actor": u.id}) for u in waiting]
    opts += [Option(f"aside {u.id}", f"set {u.name} aside (Sneaky)", data={"action": "aside", "actor": u.id})
             for u in waiting if u.has("Sneaky")]
    if len(opts) == 1:
        ask_placement(game, waiting[0])
        return
    game.ask(Decision(player, "deploy", f"{player}: which unit deploys next?", options=opts, rule="Deployment",
                      context={"phase": "Set-up", "action": "deploy"}), _unit_chosen)


def _unit_chosen(game: Game, answer: str) -> None:
    what, uid = answer.split()
    unit = game.state.units[uid]
    if what == "aside":
        unit.status = RESERVE
        game.emit("deploy", f"{unit.name} is set aside (Sneaky)", rule="Sneaky", unit=uid)
        return
    ask_placement(game, unit)


def num(v: float) -> str:
    """An inch figure for people: one decimal at most (3.54331 -> 3.5, 12.0 -> 12)."""
    return f"{round(v, 1):g}"


def _legal_near(game: Game, unit: Unit, x: float, y: float, lo: float, hi: float) -> tuple[float, float] | None:
    """The legal centre closest to (x, y) along the row at y (then rows behind it), within x lo..hi.

    Along a row the legal centres are intervals bounded by the obstacles' edges, so the closest one is x
    itself or just beside an obstacle (or at a bound); a 0.5" scan covers what bounding boxes miss."""
    state = game.state
    hw, hd = unit.width / 2, unit.depth / 2
    zlo, zhi = zone(game, unit.side)
    back = -1.0 if facing_of(game, unit.side) == 90 else 1.0
    left, right = max(hw, lo), min(state.width - hw, hi)
    if left > right + 1e-9:
        return None
    edges: list[float] = [left, right, *_obstacle_edges(state, unit, hw)]

    def ok(xx: float, yy: float) -> bool:
        return not placement_error(game, unit, footprint_at(game, unit, xx, yy))

    for dy in (0.0, 2.0, 4.0, 6.0):
        yy = y + back * dy
        if yy - hd < zlo - 1e-9 or yy + hd > zhi + 1e-9:
            continue
        xs = sorted({round(min(max(e, left), right), 2) for e in [x, *edges]}, key=lambda v: (abs(v - x), v))
        for xx in xs:
            if ok(xx, yy):
                return xx, round(yy, 2)
        tried: set[float] = set()
        for k in range(0, int(state.width * 2) + 1):
            for xx in ((x + k / 2, x - k / 2) if k else (x,)):
                xx = round(min(max(xx, left), right), 2)
                if xx not in tried:
                    tried.add(xx)
                    if ok(xx, yy):
                        return xx, round(yy, 2)
    return None


def _obstacle_edges(state: HobState, unit: Unit, hw: float) -> list[float]:
    """Centres just clear of each other unit's and each Impassable piece's sides (the same for every row tried:
    kept for the arrangement of units and the terrain)."""
    from skirmish_hobgoblin import measuring

    memo = measuring.kept(state)
    key = ("placement-edges", unit.id, hw, state.layout_key)
    found = memo.get(key)
    if found is None:
        found = []
        for other in state.in_play():
            if other.id != unit.id:
                x0, _, x1, _ = other.rect.bounds
                found += [x0 - hw - 0.01, x1 + hw + 0.01]
        for t in table_of(state).terrain:
            if t.has("impassable"):
                x0, _, x1, _ = t.bounds
                found += [x0 - hw - 0.01, x1 + hw + 0.01]
        memo[key] = found
    return found


def placement_choices(game: Game, unit: Unit) -> list[tuple[str, str, float, float]]:
    """Computed legal placements: (value, label, x, y) for the left flank, centre and right flank of the
    front line (as the player looks at the enemy), opposite each deployed enemy unit and behind each
    deployed friend."""
    state = game.state
    hw, hd = unit.width / 2, unit.depth / 2
    lo, hi = zone(game, unit.side)
    north = facing_of(game, unit.side) == 90
    front = hi - hd - 0.5 if north else lo + hd + 0.5
    out: list[tuple[str, str, float, float]] = []
    seen: set[tuple[float, float]] = set()

    def add(value: str, label: str, spot: tuple[float, float] | None) -> None:
        if spot is None or any(abs(spot[0] - a) + abs(spot[1] - b) < 2.0 for a, b in seen):
            return  # nothing new: the same place as an earlier choice
        seen.add(spot)
        out.append((value, f"{label} (x {num(spot[0])}, y {num(spot[1])})", spot[0], spot[1]))

    left, right = (hw + 1.0, state.width - hw - 1.0) if north else (state.width - hw - 1.0, hw + 1.0)
    add("left flank", "the left flank of your front line", _legal_near(game, unit, left, front, 0, state.width))
    add("centre", "the centre of your front line", _legal_near(game, unit, state.width / 2, front, 0, state.width))
    add("right flank", "the right flank of your front line", _legal_near(game, unit, right, front, 0, state.width))
    for e in sorted((u for u in state.in_play() if not state.allied(u.side, unit.side)), key=lambda u: u.x):
        add(f"opposite {e.name}", f"opposite the enemy {e.name}", _legal_near(game, unit, e.x, front, 0, state.width))
    for f in sorted((u for u in state.in_play() if u.side == unit.side), key=lambda u: u.x):
        gap = f.depth / 2 + hd + 1.0
        y = f.y - gap if north else f.y + gap
        if lo + hd - 1e-9 <= y <= hi - hd + 1e-9:
            spot = _legal_near(game, unit, f.x, y, f.x - f.width / 2, f.x + f.width / 2)
            if spot is not None and abs(spot[1] - round(y, 2)) < 1e-9:
                add(f"behind {f.name}", f"behind your {f.name}", spot)
    return out


def ask_placement(game: Game, unit: Unit) -> None:
    """Where a unit deploys: computed legal placements, or an exact position typed as x,y."""
    chaos = _chaos(game)
    if chaos is not None:
        chaos.ask(game, unit)
        return
    choices = placement_choices(game, unit)
    if not choices:
        ask_position(game, unit)
        return
    lo, hi = zone(game, unit.side)
    opts = [Option(value, label,
                   data={"action": "place", "actor": unit.id, "x": x, "y": y}) for value, label, x, y in choices]
    opts.append(Option("exact", "an exact position (you type the centre as x,y)",
                       data={"action": "exact", "actor": unit.id}))
    game.ask(Decision(unit.side, "placement",
                      f"{unit.name} ({unit.type_name}, {num(unit.width)}\" wide x {num(unit.depth)}\" deep): "
                      f"where does it deploy? Your zone is y {num(lo)} to {num(hi)}, facing the enemy",
                      options=opts, rule="Deployment",
                      context={"phase": "Set-up", "actor": unit.id, "action": "placement"}),
             _placement_answer, unit.id, {value: [x, y] for value, _, x, y in choices})


def _placement_answer(game: Game, answer: str, uid: str, spots: dict[str, list[float]]) -> None:
    unit = game.state.units[uid]
    spot = spots.get(answer)
    if spot is None:  # "exact"
        ask_position(game, unit)
        return
    place(game, unit, spot[0], spot[1], facing_of(game, unit.side), "Deployment")


def footprint_at(game: Game, unit: Unit, x: float, y: float, facing: float | None = None) -> Rect:
    return Rect((x, y), unit.width, unit.depth, facing_of(game, unit.side) if facing is None else facing)


def placement_error(game: Game, unit: Unit, rect: Rect, y_range: tuple[float, float] | None = None) -> str:
    """Why a unit may not be placed there ("" when it may)."""
    state = game.state
    lo, hi = y_range or zone(game, unit.side)
    x0, y0, x1, y1 = rect.bounds
    if x0 < -1e-9 or x1 > state.width + 1e-9 or y0 < lo - 1e-9 or y1 > hi + 1e-9:
        return f"{unit.name} must be fully within its deployment zone (y {lo:g} to {hi:g})"
    cx, cy, reach = rect.centre.x, rect.centre.y, rect.radius + 1e-6
    for other in state.in_play():
        if other.id == unit.id:
            continue
        far = reach + math.hypot(other.width, other.depth) / 2  # no overlap unless the round hulls meet
        if abs(other.x - cx) > far or abs(other.y - cy) > far:
            continue
        if overlaps(rect, other.rect):
            return f"{unit.name} would overlap {other.name}"
    for t in _impassable(state):  # Table.terrain_overlapping(rect, ("impassable",)), first piece in table order
        tx0, ty0, tx1, ty1 = t.bounds
        if tx0 <= x1 and x0 <= tx1 and ty0 <= y1 and y0 <= ty1 and overlaps(rect, t.shape):
            return f"{unit.name} may not be placed on impassable terrain ({t.name})"
    return ""


def _impassable(state: HobState) -> list[Any]:
    """The table's Impassable pieces in table order (kept with the table they belong to: a derived cache of the
    state)."""
    table = table_of(state)
    d = derived(state)
    found = d.impassable
    if found is None or found[0] is not table:
        found = d.impassable = (table, [t for t in table.terrain if t.has("impassable")])
    return found[1]


def free_spots(game: Game, unit: Unit, y_range: tuple[float, float] | None = None, most: int = 6
               ) -> list[tuple[float, float]]:
    """Legal centres for the unit, front line first, spread across the table."""
    state = game.state
    lo, hi = y_range or zone(game, unit.side)
    facing = facing_of(game, unit.side)
    hd = unit.depth / 2
    ys = [hi - hd - 0.5, hi - hd - 4.5, lo + (hi - lo) / 2] if facing == 90 else [lo + hd + 0.5, lo + hd + 4.5,
                                                                                  lo + (hi - lo) / 2]
    out = []
    for y in ys:
        x = unit.width / 2 + 1.0
        while x <= state.width - unit.width / 2 - 1.0 and len(out) < most:
            spot = (round(x, 2), round(y, 2))  # checked as offered: rounding may move it into a neighbour
            if not placement_error(game, unit, footprint_at(game, unit, *spot), y_range):
                out.append(spot)
                x += unit.width + 4.0
            else:
                x += 2.0
        if len(out) >= most:
            break
    return out


def ask_position(game: Game, unit: Unit) -> None:
    chaos = _chaos(game)
    if chaos is not None:
        chaos.ask(game, unit)
        return
    state = game.state
    lo, hi = zone(game, unit.side)
    hd, hw = unit.depth / 2, unit.width / 2
    spots = free_spots(game, unit)
    if not spots:
        unit.status = RESERVE
        unit.keywords.add("Reinforcements", log=game.log, rule="Deployment")
        game.emit("deploy", f"{unit.name} does not fit in its zone and is set aside", rule="Deployment",
                  unit=unit.id)
        return

    def validate(g: Game, answer: dict[str, Any]) -> str | None:
        u = g.state.units[unit.id]
        return placement_error(g, u, footprint_at(g, u, float(answer["x"]), float(answer["y"]))) or None

    game.ask(Decision(unit.side, "position", f"{unit.name}: type its centre as x,y (x {num(hw)} to "
                                             f"{num(state.width - hw)}, y {num(lo + hd)} to {num(hi - hd)}), "
                                             "facing the enemy",
                      params=[Param("x", "float", round(hw, 2), round(state.width - hw, 2), step=0.01),
                              Param("y", "float", round(lo + hd, 2), round(hi - hd, 2), step=0.01)],
                      validator=validate, examples=[{"x": x, "y": y} for x, y in spots], rule="Deployment",
                      context={"phase": "Set-up", "actor": unit.id, "action": "position",
                               "spots": [list(s) for s in spots]}),
             _placed, unit.id)


def _placed(game: Game, answer: dict[str, Any], uid: str) -> None:
    unit = game.state.units[uid]
    place(game, unit, float(answer["x"]), float(answer["y"]), facing_of(game, unit.side), "Deployment")


def place(game: Game, unit: Unit, x: float, y: float, facing: float, rule: str) -> None:
    unit.x, unit.y, unit.facing = x, y, facing
    unit.status = READY
    game.emit("deploy", f"{unit.name} deploys at ({num(x)}, {num(y)})", rule=rule, unit=unit.id, x=x, y=y,
              facing=facing)


def ask_anywhere(game: Game, unit: Unit, away: float, rule: str) -> None:
    """Place a unit anywhere on the table more than ``away`` inches from every enemy unit, Distracted
    until the end of the round (Sneaky)."""
    from skirmish.geometry import distance

    state = game.state
    enemies = [e for e in state.in_play() if not state.allied(e.side, unit.side)]  # (team play: not Allies)
    zones = _chaos(game)
    arrival = getattr(zones, "arrival_error", None)  # (the narrative scenarios' zones)

    def err(x: float, y: float) -> str:
        rect = footprint_at(game, unit, x, y)
        e = placement_error(game, unit, rect, (0.0, state.depth))
        if not e and arrival is not None:
            e = arrival(game, unit, rect)
        if e:
            return e
        near = next((o for o in enemies if distance(rect, o.rect) <= away), None)
        return f"{unit.name} must be more than {away:g}\" from {near.name}" if near else ""

    spots = [(float(x), float(y)) for y in range(3, int(state.depth) - 2, 4) for x in range(4, int(state.width) - 3, 6)
             if not err(float(x), float(y))]
    if not spots:
        game.emit("note", f"{unit.name} finds nowhere to arrive", rule=rule, unit=unit.id)
        return
    step = max(1, len(spots) // 6)
    examples = [{"x": x, "y": y} for x, y in spots[::step][:6]]

    def validate(g: Game, answer: dict[str, Any]) -> str | None:
        return err(float(answer["x"]), float(answer["y"])) or None

    def placed(g: Game, answer: dict[str, Any]) -> None:
        u = g.state.units[unit.id]
        place(g, u, float(answer["x"]), float(answer["y"]), facing_of(g, u.side), rule)
        from skirmish import Keyword

        if not u.has("Undistractable"):
            u.keywords.add(Keyword("Distracted", until="round", source=rule.lower()), log=g.log, rule=rule)
        g.state.activated.append(u.id)

    hw, hd = unit.width / 2, unit.depth / 2
    game.ask(Decision(unit.side, "arrive", f"{unit.name} arrives ({rule}): place its centre more than {away:g}\" "
                                           "from every enemy",
                      params=[Param("x", "float", round(hw, 2), round(state.width - hw, 2), step=0.01),
                              Param("y", "float", round(hd, 2), round(state.depth - hd, 2), step=0.01)],
                      validator=validate, examples=examples, rule=rule,
                      context={"phase": game.phase, "actor": unit.id, "action": "arrive",
                               "spots": [[e["x"], e["y"]] for e in examples]}), placed)


def offer_reinforcement(game: Game, uid: str) -> None:
    unit = game.state.units[uid]
    if unit.status != RESERVE:
        return
    game.ask(Decision(unit.side, "reinforce", f"{unit.name} (Reinforcements): deploy it now?",
                      options=[Option("deploy", "deploy it now (it becomes Distracted)", data={"action": "deploy",
                                      "actor": uid}),
                               Option("wait", "keep it back", data={"action": "wait", "actor": uid})],
                      rule="Reinforcements", context={"phase": game.phase, "actor": uid, "action": "reinforce"}),
             _reinforce, uid)


def _reinforce(game: Game, answer: str, uid: str) -> None:
    if answer != "deploy":
        return
    unit = game.state.units[uid]
    unit.keywords.remove("Reinforcements", log=game.log, rule="Reinforcements")
    game.call(_distract_arrival, uid)
    ask_position(game, unit)


def _distract_arrival(game: Game, uid: str) -> None:
    unit = game.state.units[uid]
    if unit.status == READY and not unit.has("Undistractable"):
        unit.keywords.add("Distracted", log=game.log, rule="Reinforcements")
    elif unit.status != READY:
        unit.status = RESERVE
        unit.keywords.add("Reinforcements")


def _cunning_ruse(game: Game) -> None:
    """Cunning Ruse: once per game, after deployment, its player may pick up and redeploy up to three of
    their units within their zone; with both players holding it, the First Player (who deployed first)
    starts and they alternate one unit at a time."""
    state = game.state
    ruses = [p for p in state.order() if any(u.has("Cunning Ruse") for u in state.of(p))]
    if not ruses:
        return
    turns = [p for _ in range(3) for p in ruses]
    for p in reversed(turns):
        game.call(_ruse_pick, p)


def _ruse_pick(game: Game, player: str) -> None:
    state = game.state
    used = state.notes.get(f"ruse:{player}", 0)
    if used < 0 or used >= 3:
        return
    units = [u for u in state.of(player)]
    opts = [Option(f"redeploy {u.id}", f"pick up and redeploy {u.name}", data={"action": "redeploy", "actor": u.id})
            for u in units]
    opts.append(Option("done", "no (more) redeployment", data={"action": "done"}))
    game.ask(Decision(player, "cunning-ruse", f"{player}: Cunning Ruse - redeploy a unit ({3 - used} left)?",
                      options=opts, rule="Cunning Ruse", context={"phase": "Set-up", "action": "redeploy"}),
             _ruse_answer, player)


def _ruse_answer(game: Game, answer: str, player: str) -> None:
    state = game.state
    if answer == "done":
        state.notes[f"ruse:{player}"] = -1
        return
    state.notes[f"ruse:{player}"] = state.notes.get(f"ruse:{player}", 0) + 1
    unit = state.units[answer.split()[1]]
    unit.status = UNDEPLOYED
    game.emit("deploy", f"{unit.name} is picked up (Cunning Ruse)", rule="Cunning Ruse", unit=unit.id)
    ask_position(game, unit)


def _draw_hands(game: Game) -> None:
    n = game.ruleset.rules.game.opening_hand
    for p in game.state.order():
        if expansions.solo(game, p):
            continue
        fortune.draw(game, p, n, rule="Draw Fortune Cards")
