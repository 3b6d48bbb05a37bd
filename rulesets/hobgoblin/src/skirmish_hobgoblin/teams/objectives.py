"""The Unlikely Allies objectives: picked at set-up (rolled or chosen), Shared Ruination's markers, and the
Victory Points each team scores at the end of the game (which decide the winner instead of a scenario)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skirmish.geometry import Circle, distance
from skirmish_hobgoblin.teams import data

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.scenarios import Scenario

RULE = "Unlikely Allies"


def catalogue() -> dict[str, dict[str, Any]]:
    return dict(data()["objectives"])


def chosen(game: Game) -> list[str]:
    """The objectives in play, in table order."""
    return [oid for oid in catalogue() if game.state.notes.get(f"objective:{oid}")]


def determine(game: Game) -> None:
    """Roll a D6 per objective (a repeat is re-rolled: ruling T-2) or take the set-up's choice."""
    objs = catalogue()
    spec = game.setup.get("objectives", 2)
    if isinstance(spec, list):
        picked = list(spec)
    else:
        by_roll = {int(o["d6"]): oid for oid, o in objs.items()}
        picked = []
        while len(picked) < min(int(spec), len(objs)):
            roll = game.rng.roll(6, rule=RULE, why="Unlikely Allies objective (D6)")
            oid = by_roll.get(roll)
            if oid is None or oid in picked:
                game.emit("setup", f"objective roll {roll}: already in play, rolled again", rule=RULE)
                continue
            picked.append(oid)
            game.emit("setup", f"objective roll {roll}: {objs[oid]['name']}", rule=RULE, objective=oid)
    for oid in picked:
        game.state.notes[f"objective:{oid}"] = 1
    teams = "; ".join(f"{t}: {', '.join(ps)} (Warlord {ps[0]})" for t, ps in game.state.teams.items())
    game.emit("setup", f"Unlikely Allies - {teams}; objectives: {', '.join(objs[o]['name'] for o in picked)}",
              rule=RULE, objectives=picked)


# ------------------------------------------------------------------------------ Shared Ruination


def _ruination(game: Game) -> dict[str, Any]:
    return dict(catalogue()["shared-ruination"]["params"])


def prepare(game: Game, sc: Scenario) -> None:
    """Shared Ruination: each Warlord places the team's markers in the enemy's deployment zone, in turn."""
    from skirmish_hobgoblin import scenarios
    from skirmish_hobgoblin.deployment import zone

    state = game.state
    if not game.state.notes.get("objective:shared-ruination") or any(m.kind == "ruination" for m in state.markers):
        return
    p = _ruination(game)
    warlords = [state.first, state.second]
    for _ in range(int(p["markers"])):
        for w in reversed(warlords):
            enemy = state.enemy_of(w)
            game.call(scenarios._ask_marker_step, w, "the enemy's deployment zone", zone(game, enemy),
                      float(p["apart"]), w, "ruination")


def removers(game: Game, marker: Any) -> list[Any]:
    """Units of the marker's team within reach of it; two of them remove it (two players' units when the team
    has more than one player: ruling T-9)."""
    state = game.state
    p = _ruination(game)
    team = state.team_of(marker.owner)
    circle = Circle((marker.x, marker.y), float(p["radius"]))
    near = [u for u in state.in_play() if u.team == team and distance(u.rect, circle) <= float(p["reach"]) + 1e-9]
    players = {u.side for u in near}
    enough = len(near) >= 2 and (len(players) >= 2 or len(state.teams[team]) == 1)
    return near if enough else []


def score(game: Game, sc: Scenario) -> None:
    """The end of each round (ruling T-10): markers with two allied units near them are removed."""
    if not game.state.notes.get("objective:shared-ruination"):
        return
    for m in game.state.markers:
        if m.kind != "ruination" or m.removed:
            continue
        near = removers(game, m)
        if near:
            m.removed = True
            team = game.state.team_of(m.owner)
            game.emit("marker", f"team {team} removes ruination marker {m.id} at ({m.x:g}, {m.y:g}) with "
                                f"{near[0].name} and {near[1].name}", rule="Shared Ruination", marker=m.id, team=team)


# ------------------------------------------------------------------------------ end of the game


def _remaining(game: Game, player: str) -> int:
    return sum(u.points for u in game.state.of(player))


def _team_points(game: Game, team: str) -> int:
    return sum(_remaining(game, p) for p in game.state.teams[team])


def _ticks(game: Game, oid: str, obj: dict[str, Any]) -> dict[str, tuple[int, str]]:
    out = {}
    for team in game.state.teams:
        n = game.state.notes.get(f"tick:{oid}:{team}", 0)
        vp = max([v for need, v in obj["vp"] if n >= need], default=0)
        out[team] = (vp, f"{n} tick{'' if n == 1 else 's'}")
    return out


def _united(game: Game, oid: str, obj: dict[str, Any]) -> dict[str, tuple[int, str]]:
    """The smallest difference between a team's players' remaining totals gains the VP (ties: both; ruling T-11)."""
    diff = {t: max(_remaining(game, p) for p in ps) - min(_remaining(game, p) for p in ps)
            for t, ps in game.state.teams.items()}
    low = min(diff.values())
    return {t: (int(obj["params"]["vp"]) if d == low else 0, f"difference {d}") for t, d in diff.items()}


def _slaughter(game: Game, oid: str, obj: dict[str, Any]) -> dict[str, tuple[int, str]]:
    """The higher team total of points in play gains 1 VP, 2 if the other team has nothing left (equal: none)."""
    pts = {t: _team_points(game, t) for t in game.state.teams}
    out = {}
    for t, n in pts.items():
        other = next(v for k, v in pts.items() if k != t)
        vp = 0 if n <= other else int(obj["params"]["vp_nothing_left" if other == 0 else "vp"])
        out[t] = (vp, f"{n} points in play to {other}")
    return out


def _ruined(game: Game, oid: str, obj: dict[str, Any]) -> dict[str, tuple[int, str]]:
    """1 VP with only one of the team's markers left in play, 2 VP with none."""
    p = obj["params"]
    out = {}
    for t in game.state.teams:
        mine = [m for m in game.state.markers if m.kind == "ruination" and game.state.team_of(m.owner) == t]
        left = sum(1 for m in mine if not m.removed)
        vp = int(p["vp_none_left"]) if mine and left == 0 else int(p["vp_one_left"]) if left == 1 else 0
        out[t] = (vp, f"{left} of its markers left")
    return out


RULES: dict[str, Callable[[Game, str, dict[str, Any]], dict[str, tuple[int, str]]]] = {
    "ticks": _ticks, "united": _united, "slaughter": _slaughter, "ruination": _ruined}


def team_vp(game: Game) -> dict[str, int]:
    """Each team's VP so far (kept on its Warlord's side)."""
    return {t: game.state.sides[ps[0]].vp for t, ps in game.state.teams.items()}


def final(game: Game, sc: Scenario) -> None:
    """Score every objective in play, then the team with more VP wins; equal VP: more points of units in play
    (the standard tie-breaker), else a draw (ruling T-12)."""
    from skirmish_hobgoblin.scenarios import _finish

    state = game.state
    objs = catalogue()
    for oid in chosen(game):
        obj = objs[oid]
        for team, (vp, why) in RULES[obj["rule"]](game, oid, obj).items():
            if vp:
                side = state.sides[state.teams[team][0]]
                side.vp += vp
            game.emit("vp", f"{obj['name']}: team {team} {why} - {vp} VP", rule=obj["name"], team=team, vp=vp)
    vps = team_vp(game)
    (a, va), (b, vb) = vps.items()
    scores = {t: float(v) for t, v in vps.items()}
    if va != vb:
        w, lose = (a, b) if va > vb else (b, a)
        _finish(game, (w,), f"team {w} wins {vps[w]} VP to {vps[lose]}", RULE, scores)
        return
    pa, pb = _team_points(game, a), _team_points(game, b)
    if pa == pb:
        _finish(game, (), f"{va} VP each and {pa} points in play each", RULE, scores, draw=True)
        return
    w = a if pa > pb else b
    _finish(game, (w,), f"{va} VP each; team {w} has more points in play ({max(pa, pb)} to {min(pa, pb)})",
            RULE, scores)

