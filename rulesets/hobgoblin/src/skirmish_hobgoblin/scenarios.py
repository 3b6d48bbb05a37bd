"""The eight scenarios: how each is set up, scored at the end of a round, and won at the end of the game.

``data/scenarios.toml`` holds each scenario's numbers and names its rule functions (below).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import attrs

from skirmish import Decision, Param, SetupError, load_toml
from skirmish.geometry import EPS, distance
from skirmish_hobgoblin import expansions, measuring, stats
from skirmish_hobgoblin.state import READY, Marker, Unit

if TYPE_CHECKING:
    from skirmish import Game


@attrs.frozen
class Scenario:
    id: str
    name: str
    roll: list[int]
    prepare: str
    score: str
    final: str
    tiebreak: str
    params: dict[str, Any] = attrs.field(factory=dict)
    #: how the battle is won, for people ({name} is replaced by ``params[name]``)
    win: str = ""

    def how_to_win(self) -> str:
        """``win`` with its numbers from ``params`` (so a house rule that changes a number changes the text)."""
        if not self.win:
            return ""
        try:
            return self.win.format(**{k: f"{v:g}" if isinstance(v, float) else v for k, v in self.params.items()})
        except (KeyError, IndexError, ValueError):
            return self.win


def load_scenarios(extend: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
                   more: Iterable[dict[str, Any]] = (), tables: dict[str, dict[str, Any]] | None = None
                   ) -> dict[str, Scenario]:
    """The battle scenarios, then ``more`` (the expansions': ``hobgoblin_scenarios``), then what plugins change
    (``extend``); each names its rule functions in ``tables`` (default: the battle scenarios')."""
    raw = load_toml("skirmish_hobgoblin.data", "scenarios.toml")
    merged = dict(raw.get("scenarios", {}))
    for entries in more:
        merged.update(entries)
    raw = {**raw, "scenarios": merged}
    if extend is not None:
        raw = extend({"scenarios": raw})["scenarios"]
    tables = tables or rule_tables(())
    out = {}
    from skirmish_hobgoblin.fortune import _built

    for sid, sc in _built(dict(raw.get("scenarios", {})), Scenario, "scenario").items():
        for what in ("prepare", "score", "final", "tiebreak"):
            if getattr(sc, what) not in tables[what]:
                raise SetupError(f"scenario {sid}: unknown {what} function '{getattr(sc, what)}'")
        out[sid] = sc
    return out


def rule_tables(more: Iterable[dict[str, dict[str, Any]]]) -> dict[str, dict[str, Callable[[Game, Scenario], None]]]:
    """The scenario rule functions by kind (prepare, score, final, tiebreak): the battle scenarios', then those of
    ``more`` (the expansions': ``hobgoblin_scenario_rules``)."""
    tables = {"prepare": dict(PREPARE), "score": dict(SCORE), "final": dict(FINAL), "tiebreak": dict(TIEBREAK)}
    for extra in more:
        for what, functions in extra.items():
            tables[what].update(functions)
    return tables


def _rule(game: Game, what: str, name: str) -> Callable[[Game, Scenario], None]:
    return game.ruleset.scenario_rules[what][name]


def current(game: Game) -> Scenario:
    return game.ruleset.scenarios[game.state.scenario]


def determine(game: Game) -> None:
    """Set-up step 4: the scenario by choice (set-up) or by a 2D6 roll (unless an expansion settles it:
    ``hobgoblin_choose_scenario``, e.g. team play's objectives)."""
    state = game.state
    chosen = game.setup.get("scenario", "roll")
    if expansions.first(game, "hobgoblin_choose_scenario"):
        return
    if chosen == "roll":
        a = game.rng.roll(6, rule="Determine the scenario", why="scenario (2D6)")
        b = game.rng.roll(6, rule="Determine the scenario", why="scenario (2D6)")
        chosen = next((s.id for s in game.ruleset.scenarios.values() if a + b in s.roll), "bloodbath")
        game.emit("setup", f"scenario roll {a + b}: {game.ruleset.scenarios[chosen].name}",
                  rule="Determine the scenario", scenario=chosen)
    else:
        game.emit("setup", f"scenario: {game.ruleset.scenarios[chosen].name}", rule="Determine the scenario",
                  scenario=chosen)
    state.scenario = chosen


def prepare(game: Game) -> None:
    """The scenario's set-up; markers given in the set-up file replace its marker placement."""
    sc = current(game)
    given = game.setup.get("markers", [])
    if given:
        for i, m in enumerate(given, 1):
            kind = str(m.get("kind", "objective"))
            game.state.markers.append(Marker(str(m.get("id", f"{kind}{i}")), kind, float(m["x"]), float(m["y"]),
                                             owner=str(m.get("owner", ""))))
        game.emit("setup", f"{len(given)} marker{'' if len(given) == 1 else 's'} placed from the set-up", rule=sc.name)
        if sc.prepare in ("wages", "search", "pendulum", "tides", "altars"):
            if sc.prepare == "search":
                _roles(game, sc)
            _rules_in_play(game)
            return
    _rule(game, "prepare", sc.prepare)(game, sc)
    _rules_in_play(game)


def _rules_in_play(game: Game) -> None:
    """Ask the expansions once, the scenario prepared, for their sight and movement rules (kept on the state)."""
    state = game.state
    state.sight_rules = [f for f in expansions.call(game, "hobgoblin_sight_rule") if f is not None]
    state.move_rules = [f for f in expansions.call(game, "hobgoblin_move_rule") if f is not None]


def end_of_round(game: Game) -> None:
    if game.result is not None:
        return
    sc = current(game)
    _rule(game, "score", sc.score)(game, sc)
    if game.round >= game.ruleset.rules.game.rounds + game.state.notes.get("extra-rounds", 0):
        finish(game)


def finish(game: Game) -> None:
    """The end of the battle: the scenario's victory (unless an expansion decides it: ``hobgoblin_victory``, e.g.
    His solo game by the points remaining)."""
    if expansions.first(game, "hobgoblin_victory"):
        return None
    sc = current(game)
    _rule(game, "final", sc.final)(game, sc)


def points_in_play(game: Game, player: str) -> int:
    return sum(u.points for u in game.state.of(player))


def _scores(game: Game) -> dict[str, float]:
    return {p: float(s.vp) for p, s in game.state.sides.items()}


def _most_points(game: Game, rule: str) -> None:
    a, b = game.state.order() if game.state.first else list(game.state.sides)
    pa, pb = points_in_play(game, a), points_in_play(game, b)
    scores = {a: float(pa), b: float(pb)}
    if pa == pb:
        _finish(game, (), f"both have {pa} points of units in play", rule, scores, draw=True)
    else:
        w = a if pa > pb else b
        _finish(game, (w,), f"{w} has more points of units in play ({max(pa, pb)} to {min(pa, pb)})", rule, scores)


def _finish(game: Game, winners: tuple[str, ...], reason: str, rule: str, scores: dict[str, float], *,
            draw: bool = False) -> None:
    try:
        game.finish(winners, reason, rule=rule, scores=scores, draw=draw)
    except TypeError:  # older core: no draw argument
        game.finish(winners, reason, rule=rule, scores=scores)


def _most_vp(game: Game, sc: Scenario) -> None:
    state = game.state
    a, b = state.order()
    va, vb = state.sides[a].vp, state.sides[b].vp
    if va == vb:
        _rule(game, "tiebreak", sc.tiebreak)(game, sc)
        va, vb = state.sides[a].vp, state.sides[b].vp
    scores = _scores(game)
    if va == vb:
        _finish(game, (), f"{sc.name}: {va} VP each", sc.name, scores, draw=True)
    else:
        w = a if va > vb else b
        _finish(game, (w,), f"{sc.name}: {w} wins {max(va, vb)} VP to {min(va, vb)}", sc.name, scores)


def _tie_points(game: Game, sc: Scenario) -> None:
    state = game.state
    a, b = state.order()
    pa, pb = points_in_play(game, a), points_in_play(game, b)
    if pa != pb:
        w = a if pa > pb else b
        state.sides[w].vp += 1
        game.emit("vp", f"tie-breaker: {w} has more points in play ({max(pa, pb)} to {min(pa, pb)}): +1 VP",
                  rule="Standard tie-breaker", player=w)


def _tie_none(game: Game, sc: Scenario) -> None:
    pass


def _tie_altar_doom(game: Game, sc: Scenario) -> None:
    """Altars of Grief: the player with the most Doom on their own units within 12" of an altar (ruling A45)."""
    state = game.state
    rng = float(sc.params["range"])
    altars = [m for m in state.markers if m.kind == "altar"]
    doom = {p: sum(u.doom for u in state.of(p) if any(distance(u.rect, m.circle) <= rng for m in altars))
            for p in state.sides}
    a, b = state.order()
    if doom[a] != doom[b]:
        w = a if doom[a] > doom[b] else b
        state.sides[w].vp += 1
        game.emit("vp", f"tie-breaker: {w} has more Doom near the altars: +1 VP", rule=sc.name, player=w)


def _vp(game: Game, player: str, n: int, why: str, rule: str) -> None:
    side = game.state.sides[player]
    side.vp += n
    game.emit("vp", f"{player} scores {n} VP ({why}) -> {side.vp}", rule=rule, player=player, vp=side.vp, change=n)


# ------------------------------------------------------------------------------ preparing


def _prep_none(game: Game, sc: Scenario) -> None:
    pass


def marker_name(m: Marker) -> str:
    """A marker as the player knows it: ``objective marker 1 (x 24)`` (its id holds the number)."""
    number = "".join(c for c in m.id if c.isdigit()) or m.id
    return f"{m.kind} marker {number} (x {m.x:g})"


def _centre_markers(game: Game, kind: str, spacing: float, count: int = 3) -> None:
    state = game.state
    mid = state.width / 2
    xs = [mid - spacing, mid, mid + spacing] if count == 3 else [mid - spacing, mid + spacing]
    for i, x in enumerate(xs, 1):
        state.markers.append(Marker(f"{kind}{i}", kind, x, state.centreline))
    game.emit("setup", f"{count} {kind} markers on the centreline at x = {', '.join(f'{x:g}' for x in xs)}",
              rule=current(game).name)


def _prep_pendulum(game: Game, sc: Scenario) -> None:
    state = game.state
    _centre_markers(game, "objective", float(sc.params["spacing"]))
    a, b = state.order()
    for m in state.markers:
        ra = sum(game.rng.rolls_of(2, 6, rule=sc.name, why=f"{a} pulls the {marker_name(m)}"))
        rb = sum(game.rng.rolls_of(2, 6, rule=sc.name, why=f"{b} pulls the {marker_name(m)}"))
        if ra == rb:
            continue
        w, n = (a, ra) if ra > rb else (b, rb)
        step = -n if state.sides[w].half == "south" else n
        m.y = min(state.depth - m.radius, max(m.radius, m.y + step))
        game.emit("setup", f"the {marker_name(m)} moves {n}\" towards {w}'s half", rule=sc.name, marker=m.id)
    for p in state.sides:
        south = state.sides[p].half == "south"
        if all((m.y < state.centreline) == south and m.y != state.centreline for m in state.markers):
            other = state.enemy_of(p)
            for u in state.units.values():
                if u.side == other:
                    u.courage_bonus += int(sc.params["courage"])
            game.emit("setup", f"all three markers are in {p}'s half: {other}'s units gain +{sc.params['courage']} "
                               "Courage", rule=sc.name)


def _prep_tides(game: Game, sc: Scenario) -> None:
    _centre_markers(game, "objective", float(sc.params["spacing"]), count=2)


def _prep_altars(game: Game, sc: Scenario) -> None:
    _centre_markers(game, "altar", float(sc.params["spacing"]))


def _half_range(game: Game, player: str, whole_zone: bool = False) -> tuple[float, float]:
    from skirmish_hobgoblin.deployment import zone

    if whole_zone:
        return zone(game, player)
    state = game.state
    return (0.0, state.centreline) if state.sides[player].half == "south" else (state.centreline, state.depth)


def _ask_marker(game: Game, player: str, where: str, y_range: tuple[float, float], apart: float, owner: str,
                kind: str, then: Callable[..., None] | None = None) -> None:
    state = game.state
    lo, hi = y_range
    new_radius = attrs.fields(Marker).radius.default  # "more than 16" from any other marker": edge to edge

    def err(x: float, y: float) -> str:
        if not (lo <= y <= hi and 0 <= x <= state.width):
            return f"the marker must be in {where} (y {lo:g} to {hi:g})"
        for m in state.markers:
            if not m.removed and math.hypot(m.x - x, m.y - y) - m.radius - new_radius <= apart:  # closest points
                return f"the marker must be more than {apart:g}\" from the {marker_name(m)}"
        return ""

    spots = [(x, y) for y in (lo + (hi - lo) * f for f in (0.5, 0.25, 0.75)) for x in range(4, int(state.width) - 3, 4)
             if not err(float(x), y)]
    if not spots:
        game.emit("note", f"no room left for another marker in {where}", rule=current(game).name)
        return
    n = sum(1 for m in state.markers if m.kind == kind) + 1

    def validate(g: Game, answer: dict[str, Any]) -> str | None:
        return err(float(answer["x"]), float(answer["y"])) or None

    def placed(g: Game, answer: dict[str, Any]) -> None:
        g.state.markers.append(Marker(f"{kind}{n}", kind, float(answer["x"]), float(answer["y"]), owner=owner))
        g.emit("setup", f"{player} places {kind} marker {n} at ({answer['x']:g}, {answer['y']:g})",
               rule=current(g).name)

    rng = game.rng
    pick = spots[rng.randint(0, len(spots) - 1, rule=current(game).name, why="suggested spot")] if spots else None
    examples = [{"x": float(pick[0]), "y": float(pick[1])}] if pick else []
    game.ask(Decision(player, "marker", f"{player}: place {kind} marker {n} in {where} (y {lo:g} to {hi:g}): type "
                                        "its centre as x,y in inches ('show' draws the table)",
                      params=[Param("x", "float", 0.0, state.width, step=0.01),
                              Param("y", "float", lo, hi, step=0.01)],
                      validator=validate, examples=examples, rule=current(game).name,
                      context={"phase": "Set-up", "action": "marker", "kind": kind}), placed)


def _prep_wages(game: Game, sc: Scenario) -> None:
    """Each player places 3 markers in the opposing half, more than 16" from every other marker; a
    player's markers are the ones they placed (ruling A43)."""
    state = game.state
    n = int(sc.params["markers"])
    for _ in range(n):
        for p in reversed(state.order()):
            other = state.enemy_of(p)
            game.call(_ask_marker_step, p, "the opposing half", _half_range(game, other), float(sc.params["apart"]),
                      p, "objective")


def _ask_marker_step(game: Game, player: str, where: str, y_range: tuple[float, float], apart: float, owner: str,
                     kind: str) -> None:
    _ask_marker(game, player, where, tuple(y_range), apart, owner, kind)


def _roles(game: Game, sc: Scenario) -> tuple[str, str]:
    """The book lets the players choose the Attacker or roll: the set-up's ``attacker`` chooses, else a D6."""
    state = game.state
    attacker = str(game.setup.get("attacker", "") or "")
    how = " (chosen in the set-up)"
    if not attacker:
        a, b = state.order()
        roll = game.rng.roll(6, rule=sc.name, why=f"Attacker: 1-3 {a}, 4-6 {b}")
        attacker, how = (a if roll <= 3 else b), ""
    defender = state.enemy_of(attacker)
    state.sides[attacker].role, state.sides[defender].role = "Attacker", "Defender"
    game.emit("setup", f"{attacker} is the Attacker, {defender} the Defender{how}", rule=sc.name)
    return attacker, defender


def _prep_search(game: Game, sc: Scenario) -> None:
    attacker, defender = _roles(game, sc)
    for _ in range(int(sc.params["markers"])):
        game.call(_ask_marker_step, attacker, "the Defender's deployment zone", _half_range(game, defender, True),
                  float(sc.params["apart"]), attacker, "objective")


def _prep_burn(game: Game, sc: Scenario) -> None:
    """The Defender's three buildings are War Wagon units with Immobile and Objective, placed within 12" of
    the centreline and more than 16" from each other (they belong to the Defender: ruling A46)."""
    attacker, defender = _roles(game, sc)
    for i in range(int(sc.params["buildings"]), 0, -1):
        game.call(_ask_building, defender, i, sc.id)


def _ask_building(game: Game, player: str, i: int, sid: str) -> None:
    from skirmish import Keyword, KeywordSet

    state = game.state
    sc = game.ruleset.scenarios[sid]
    kind = game.ruleset.content.units["war-wagon"]
    size = float(sc.params["size_mm"]) / 25.4
    uid = f"{player[0]}o{i}"
    kws = KeywordSet(uid)
    for k in ("Large", "Immobile", "Objective"):
        kws.add(Keyword(k))
    unit = Unit(uid, player, f"Building {i}", kind.id, kind.name, size, size, 0, kind.strikes, kind.courage,
                kind.points, kws)
    state.units[uid] = unit
    lo, hi = state.centreline - float(sc.params["centreline"]), state.centreline + float(sc.params["centreline"])
    apart = float(sc.params["apart"])

    def err(x: float, y: float) -> str:
        from skirmish.geometry import Rect
        from skirmish_hobgoblin.deployment import placement_error

        rect = Rect((x, y), size, size, 90.0)
        e = placement_error(game_ref[0], unit, rect, (lo, hi))
        if e:
            return e
        for o in state.units.values():
            if o.has("Objective") and o.in_play and o.id != uid and distance(rect, o.rect) <= apart:
                return f"a building must be more than {apart:g}\" from {o.name}"
        return ""

    game_ref = [game]
    spots = [(float(x), float(y)) for y in (state.centreline, lo + size, hi - size)
             for x in range(4, int(state.width) - 3, 3) if not err(float(x), y)]
    if not spots:
        unit.status = "removed"
        return

    def validate(g: Game, answer: dict[str, Any]) -> str | None:
        game_ref[0] = g
        return err(float(answer["x"]), float(answer["y"])) or None

    def placed(g: Game, answer: dict[str, Any]) -> None:
        u = g.state.units[uid]
        u.x, u.y, u.facing, u.status = float(answer["x"]), float(answer["y"]), 90.0, READY
        g.emit("setup", f"{player} places {u.name} at ({u.x:g}, {u.y:g})", rule=sc.name, unit=uid)

    pick = spots[game.rng.randint(0, len(spots) - 1, rule=sc.name, why="suggested spot")]
    game.ask(Decision(player, "building", f"{player} (Defender): place {unit.name} (a {size:.1f}\" square) within "
                                          f"{sc.params['centreline']}\" of the centreline (y {lo:g} to {hi:g}): type "
                                          "its centre as x,y in inches ('show' draws the table)",
                      params=[Param("x", "float", 0.0, state.width, step=0.01), Param("y", "float", lo, hi, step=0.01)],
                      validator=validate, examples=[{"x": pick[0], "y": pick[1]}], rule=sc.name,
                      context={"phase": "Set-up", "action": "building"}), placed)


# ------------------------------------------------------------------------------ scoring


def _score_none(game: Game, sc: Scenario) -> None:
    pass


def _score_pendulum(game: Game, sc: Scenario) -> None:
    p = sc.params
    last = game.ruleset.rules.game.rounds + game.state.notes.get("extra-rounds", 0)
    if game.round <= last - int(p["last_rounds"]):
        return
    state = game.state
    live = [m for m in state.markers if not m.removed]
    for player in state.order():
        side = state.sides[player]
        for u in state.of(player):
            if u.has(stats.BROKEN) or not any(distance(u.rect, m.circle) <= float(p["range"]) for m in live):
                continue
            n = int(p["vp_big"]) if u.points > int(p["big_unit"]) else int(p["vp"])
            n = min(n, int(p["max_vp"]) - side.vp)
            if n > 0:
                _vp(game, player, n, f"{u.name} near an objective", sc.name)


def _score_wages(game: Game, sc: Scenario) -> None:
    p = sc.params
    state = game.state
    for player in state.order():
        enemy = state.enemy_of(player)
        for m in state.markers:
            if m.removed or m.owner != player:
                continue
            mine = any(not u.has(stats.BROKEN) and distance(u.rect, m.circle) <= float(p["near"])
                       for u in state.of(player))
            theirs = any(not u.has(stats.BROKEN) and distance(u.rect, m.circle) <= float(p["clear"])
                         for u in state.of(enemy))
            if mine and not theirs:
                m.removed = True
                lo, hi = _half_range(game, enemy, True)
                inside = lo <= m.y - m.radius and m.y + m.radius <= hi
                _vp(game, player, int(p["vp_zone"]) if inside else int(p["vp"]), f"removed {marker_name(m)}",
                    sc.name)


def _score_tides(game: Game, sc: Scenario) -> None:
    p = sc.params
    state = game.state
    for m in state.markers:
        if m.removed:
            continue
        # A44: base contact includes standing over the marker (units move freely over markers)
        touching_units = [u for u in state.in_play()
                          if distance(u.rect, m.circle) <= EPS and not measuring.engaged(state, u)]
        if len(touching_units) != 1:
            continue
        u = touching_units[0]
        _vp(game, u.side, int(p["vp"]), f"{u.name} holds the {marker_name(m)}", sc.name)
        push = game.rng.roll(6, rule=sc.name, why=f"the {marker_name(m)} moves D6+{p['push']}") + int(p["push"])
        enemy = state.enemy_of(u.side)
        step = -push if state.sides[enemy].half == "south" else push
        m.y = min(state.depth - m.radius, max(m.radius, m.y + step))
        game.emit("marker", f"the {marker_name(m)} moves {push}\" towards {enemy}'s edge", rule=sc.name, marker=m.id)


def _score_altars(game: Game, sc: Scenario) -> None:
    p = sc.params
    state = game.state
    for m in state.markers:
        if m.kind != "altar":
            continue
        count = {pl: sum(2 if u.points > int(p["big_unit"]) else 1 for u in state.of(pl)
                         if distance(u.rect, m.circle) <= float(p["range"])) for pl in state.sides}
        a, b = state.order()
        if count[a] != count[b]:
            w = a if count[a] > count[b] else b
            _vp(game, w, int(p["vp"]), f"most units near the {marker_name(m)}", sc.name)


def _score_search(game: Game, sc: Scenario) -> None:
    p = sc.params
    state = game.state
    attacker = next((pl for pl, s in state.sides.items() if s.role == "Attacker"), "")
    if not attacker:
        return
    enemy = state.enemy_of(attacker)
    for m in state.markers:
        if m.removed:
            continue
        near = any((u.has("General") or u.has("Battle Standard")) and distance(u.rect, m.circle) <= float(p["near"])
                   for u in state.of(attacker))
        threat = any(distance(u.rect, m.circle) <= float(p["near"]) for u in state.of(enemy))
        if near and not threat:
            m.removed = True
            _vp(game, attacker, int(p["vp"]), f"found the {marker_name(m)}", sc.name)


# ------------------------------------------------------------------------------ the end


def _final_bloodbath(game: Game, sc: Scenario) -> None:
    _most_points(game, sc.name)


def _final_most_vp(game: Game, sc: Scenario) -> None:
    _most_vp(game, sc)


def _final_glory(game: Game, sc: Scenario) -> None:
    p = sc.params
    state = game.state
    for player in state.order():
        enemy = state.enemy_of(player)
        chars = [u for u in state.units.values() if u.side == enemy and stats.has_character(u)]
        left = [u for u in chars if u.status == READY]
        if not left:
            _vp(game, player, int(p["vp_none_left"]), f"{enemy} has no Character units left", sc.name)
        else:
            n = min(int(p["max_vp"]), int(p["vp_each"]) * (len(chars) - len(left)))
            if n:
                _vp(game, player, n, f"{len(chars) - len(left)} enemy Character units gone", sc.name)
    _most_vp(game, sc)


def _final_burn(game: Game, sc: Scenario) -> None:
    state = game.state
    defender = next((pl for pl, s in state.sides.items() if s.role == "Defender"), state.second)
    attacker = state.enemy_of(defender)
    standing = sum(1 for u in state.of(defender) if u.has("Objective"))
    need = int(sc.params["needed"])
    scores = {defender: float(standing), attacker: 0.0}
    if standing >= need:
        _finish(game, (defender,), f"{standing} buildings still stand", sc.name, scores)
    else:
        still = "no building still stands" if not standing else \
            "only 1 building still stands" if standing == 1 else f"only {standing} buildings still stand"
        _finish(game, (attacker,), still, sc.name, scores)


def _final_search(game: Game, sc: Scenario) -> None:
    state = game.state
    defender = next((pl for pl, s in state.sides.items() if s.role == "Defender"), "")
    left = sum(1 for m in state.markers if not m.removed)
    if defender and left:
        found = f"{left} marker{'' if left == 1 else 's'} never found"
        _vp(game, defender, int(sc.params["vp_left"]) * left, found, sc.name)
    _most_vp(game, sc)


PREPARE: dict[str, Callable[[Game, Scenario], None]] = {
    "none": _prep_none, "pendulum": _prep_pendulum, "wages": _prep_wages, "tides": _prep_tides,
    "altars": _prep_altars, "burn": _prep_burn, "search": _prep_search}
SCORE: dict[str, Callable[[Game, Scenario], None]] = {
    "none": _score_none, "pendulum": _score_pendulum, "wages": _score_wages, "tides": _score_tides,
    "altars": _score_altars, "search": _score_search}
FINAL: dict[str, Callable[[Game, Scenario], None]] = {
    "bloodbath": _final_bloodbath, "most_vp": _final_most_vp, "glory": _final_glory, "burn": _final_burn,
    "search": _final_search}
TIEBREAK: dict[str, Callable[[Game, Scenario], None]] = {
    "points": _tie_points, "draw": _tie_none, "none": _tie_none, "altar_doom": _tie_altar_doom}
