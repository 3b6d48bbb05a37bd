"""What each scenario's objectives are worth to the AI: a unit standing at a point (markers to hold, touch,
clear or find), and the extra worth of breaking (or losing) a unit that scores (Characters in Bathed in Glory,
the buildings of Burn Them Out). Values are in points, like :mod:`.combat`: one Victory Point is worth ``VP``."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from skirmish_hobgoblin.ai.board import Point, Unit, dist, keywords_of, point_gap, ready, unit_corners, units_of

#: a Victory Point, in points of units (a VP usually decides a scenario game; points only break ties)
VP = 450.0
#: Bloodbath, level or behind on points lost: what breaking an enemy unit is worth beyond its points (a VP's share)
EDGE = 0.4
#: the same against Him, whose game is won on points of units in play: a point of His taken is worth a point of mine
#: kept, and no more (the Bloodbath edge made the AI trade its units for His cheapest)
HIM_EDGE = 0.0
#: the rounds of a game (twists that change it are not read)
ROUNDS = 5
#: a marker's radius (32 mm across)
MARKER = 0.625
CHARACTERS = ("General", "Battle Standard", "Hero", "Wizard")
#: Desperate Search: a marker is found with the General or Battle Standard, and no enemy, this close
SEARCH_NEAR = 4.0
#: how much inside that 4" the AI wants to be (the unit's end spot is predicted, not exact)
SEARCH_SPARE = 0.1
#: what a marker an enemy stands by is worth to a searcher next to it, against one it would find
BLOCKED = 0.35


def scenario(view: Any) -> str:
    return str(view.state.get("scenario", "") or "")


def role(view: Any, player: str) -> str:
    return str(view.state.get("sides", {}).get(player, {}).get("role", "") or "")


def is_character(unit: Unit) -> bool:
    kw = keywords_of(unit)
    return any(k in kw for k in CHARACTERS)


def markers(view: Any) -> list[dict[str, Any]]:
    return [m for m in view.state.get("markers", []) if not m.get("removed")]


def _reach(unit: Unit, p: Point, m: dict[str, Any]) -> float:
    """Roughly the gap from a unit centred at ``p`` to a marker (half its smaller side counts as inside)."""
    half = min(float(unit.get("width", 4)), float(unit.get("depth", 2))) / 2
    return max(0.0, dist(p, (float(m["x"]), float(m["y"]))) - half - MARKER)


def _toward(d: float, within: float, scale: float = 24.0) -> float:
    """1 inside ``within``, falling off linearly to 0 at ``within + scale`` (a gradient to walk up)."""
    return 1.0 if d <= within else max(0.0, 1.0 - (d - within) / scale)


def _round(view: Any) -> int:
    return int(getattr(view, "game_round", 0) or 0)


def rounds_after(view: Any) -> int:
    """Rounds still to come after this one (0 in the last)."""
    return max(0, ROUNDS - max(1, _round(view)))


#: whether the AI now deciding plays the expansions' goals (narrative scenarios, team objectives, Chaos of War
#: placing). Set by :class:`~skirmish_hobgoblin.agents.HobgoblinAI` for the span of one decision (benchmarks seat
#: an AI with ``expansion_goals=False`` to measure what the goals are worth); never left set between decisions.
EXPANSION_GOALS: ContextVar[bool] = ContextVar("hobgoblin_expansion_goals", default=True)


def goals_module(view: Any) -> Any:
    """The module with the AI's goals for a narrative scenario (:mod:`.narrative`, team games too: ruling T-15) or
    team play's objectives (:mod:`.teams`), or None in the battle scenarios."""
    from skirmish_hobgoblin import expansions

    return expansions.view_hook(view, "hobgoblin_ai_goals", keep=(scenario(view), bool(view.state.get("teams"))))


def goal_points(view: Any, player: str, unit: Unit) -> list[tuple[Point, str, str]]:
    """Places to steer to besides markers and enemies (bridges, Weak Points...): (point, why, target)."""
    goals = goals_module(view)
    if goals is not None:
        return goals.goal_points(view, player, unit)
    if searcher(view, player, unit):  # the spots between two markers it finds together
        return [(mid, f"between {a} and {b}", "") for (a, b), mid in search_pairs(unit, markers(view))]
    return []


def engage_bonus(view: Any, player: str, me: Unit, them: Unit, data: dict[str, Any]) -> float:
    """What engaging ``them`` (the engage option's ``data``: edge...) is worth beyond the fight."""
    goals = goals_module(view)
    return goals.engage_bonus(view, player, me, them, data) if goals is not None else 0.0


def marker_spot(view: Any, player: str, decision: Any) -> dict[str, float] | None:
    """Where to place a marker the player is asked to place (None: the first suggestion)."""
    goals = goals_module(view)
    return goals.marker_spot(view, player, decision) if goals is not None else None


def deploy_option(view: Any, player: str, decision: Any) -> Any:
    """Which deployment option to take (set a Sneaky unit aside...), or None: the battle AI's own choice."""
    goals = goals_module(view)
    pick = getattr(goals, "deploy_option", None)
    return pick(view, player, decision) if pick is not None else None


def arrive_spot(view: Any, player: str, decision: Any) -> dict[str, float] | None:
    """Where a unit arriving (Sneaky) goes, or None: the first suggested spot."""
    goals = goals_module(view)
    pick = getattr(goals, "arrive_spot", None)
    return pick(view, player, decision) if pick is not None else None


def position_spot(view: Any, player: str, decision: Any) -> dict[str, float] | None:
    """Where to deploy the unit a position decision asks about (None: the battle AI's own choice)."""
    goals = goals_module(view)
    return goals.position_spot(view, player, decision) if goals is not None else None


def place_value(view: Any, player: str, unit: Unit, p: Point) -> float:
    """The scenario worth of ``unit`` ending its move centred at ``p`` (0 where the scenario has no markers)."""
    goals = goals_module(view)
    if goals is not None:
        return goals.place_value(view, player, unit, p)
    name = scenario(view)
    if not ready(unit) or name in ("", "bloodbath", "bathed-in-glory", "burn-them-out"):
        return 0.0
    rnd = max(1, _round(view))
    left = max(1, ROUNDS - rnd + 1)  # scoring ends of round still to come, this one included
    live = markers(view)
    if name == "pendulums-swing":
        each = 2.0 if float(unit.get("points", 0)) > 500 else 1.0
        scoring = min(2, left)
        best = max((_toward(_reach(unit, p, m), 7.0, 30.0) for m in live), default=0.0)
        return VP * 0.45 * each * scoring * best
    if name == "wages-of-sin":
        mine = [m for m in live if m.get("owner") == player]
        best = max((_toward(_reach(unit, p, m), 3.0, 30.0) for m in mine), default=0.0)
        return VP * 0.8 * best
    if name == "tides-of-war":
        # a unit touching or standing over a marker is in base contact with it (ruling A44)
        best = max((_toward(_reach(unit, p, m), 0.0, 24.0) for m in live), default=0.0)
        touching = best >= 1.0
        return VP * min(3, left) * (0.7 if touching else 0.3 * best ** 2)
    if name == "altars-of-grief":
        friends = [u for u in units_of(view).values() if u["side"] == player and ready(u) and u["id"] != unit["id"]]
        total = 0.0
        for m in live:
            d = _reach(unit, p, m)
            near = sum(1 for f in friends if _reach(f, (f["x"], f["y"]), m) <= 12.0)
            total += VP * 0.5 * min(3, left) * _toward(d, 11.0, 24.0) / (1 + near)
        return total
    if name == "desperate-search":
        if role(view, player) == "Attacker":
            kw = keywords_of(unit)
            if "General" not in kw and "Battle Standard" not in kw:
                return 0.0
            return VP * 0.9 * search_worth(view, unit, p, live)
        best = max((_toward(_reach(unit, p, m), 3.0, 24.0) for m in live), default=0.0)
        return VP * 0.4 * best
    return 0.0


def searcher(view: Any, player: str, unit: Unit) -> bool:
    """Whether ``unit`` is one of the Attacker's General or Battle Standard in Desperate Search (it finds the
    markers)."""
    if scenario(view) != "desperate-search" or role(view, player) != "Attacker" or unit.get("side") != player:
        return False
    kw = keywords_of(unit)
    return "General" in kw or "Battle Standard" in kw


def search_worth(view: Any, unit: Unit, p: Point, live: list[dict[str, Any]]) -> float:
    """Desperate Search, the Attacker's General or Battle Standard centred at ``p`` (facing as ``unit`` does): one
    for each marker it would find there (its outline within 4", with a little to spare), so that standing between
    two markers counts for both, plus a gradient towards the best of what is left: a marker, or the spot between two
    that it would find together (:func:`search_pairs`). A marker an enemy stands within 4" of is not found while it
    stays: it counts :data:`BLOCKED` as much."""
    outline = unit_corners(unit, p)
    worth: dict[str, float] = {}
    found: set[str] = set()
    more = 0.0
    for m in live:
        at = (float(m["x"]), float(m["y"]))
        worth[m["id"]] = w = BLOCKED if blocked(view, unit["side"], at) else 1.0
        g = point_gap(at, outline) - MARKER
        if g <= SEARCH_NEAR - SEARCH_SPARE:
            found.add(m["id"])
        else:
            more = max(more, w * _toward(g, SEARCH_NEAR - SEARCH_SPARE, 36.0))
    for (a, b), mid in search_pairs(unit, live):
        add = sum(worth[k] for k in (a, b) if k not in found)
        if add > more:
            more = max(more, add * _toward(dist(p, mid), 0.0, 36.0))
    return sum(worth[k] for k in found) + 0.9 * more


def search_pairs(unit: Unit, live: list[dict[str, Any]]) -> list[tuple[tuple[str, str], Point]]:
    """Desperate Search: pairs of markers close enough that ``unit`` standing midway, side on to them, is within 4"
    of both (the markers' ids and the spot between them)."""
    half = float(unit.get("width", 4.0)) / 2 + MARKER + SEARCH_NEAR - SEARCH_SPARE
    out = []
    for i, a in enumerate(live):
        for b in live[i + 1:]:
            pa, pb = (float(a["x"]), float(a["y"])), (float(b["x"]), float(b["y"]))
            if dist(pa, pb) / 2 <= half:
                out.append(((a["id"], b["id"]), ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)))
    return out


def blocked(view: Any, player: str, at: Point) -> bool:
    """Whether an enemy unit in play stands within 4" of the marker at ``at`` (Desperate Search: it is not found)."""
    return any(u["side"] != player and ready(u) and point_gap(at, unit_corners(u)) - MARKER <= SEARCH_NEAR
               for u in units_of(view).values())


def unit_worth(view: Any, player: str, unit: Unit) -> float:
    """What breaking ``unit`` is worth beyond its points (positive for an enemy unit that scores for its
    opponent when gone, or that the opponent needs)."""
    goals = goals_module(view)
    if goals is not None:
        return goals.unit_worth(view, player, unit)
    name = scenario(view)
    enemy = unit["side"] != player
    if name == "bloodbath" and enemy and not ahead(view, player):
        if solo_enemy(view, player):
            return VP * HIM_EDGE
        return VP * EDGE  # level (or behind), the first enemy unit broken is what wins the game
    if name == "bathed-in-glory" and is_character(unit):
        return VP if enemy else VP * 0.8
    if name == "burn-them-out" and "Objective" in keywords_of(unit):  # the Defender's buildings decide it
        return VP * 1.5
    if name == "desperate-search" and role(view, player) == "Attacker":
        kw = keywords_of(unit)
        if not enemy and ("General" in kw or "Battle Standard" in kw):
            return VP * 0.7
        if enemy and any(_reach(unit, (float(unit["x"]), float(unit["y"])), m) <= SEARCH_NEAR + 2.0
                         for m in markers(view)):
            return VP * 0.5  # it keeps a marker from being found
    return 0.0


def ahead(view: Any, player: str) -> bool:
    """Bloodbath: whether the enemy has lost more points of units than ``player`` has (so ``player`` leads);
    against Him, whether ``player`` has more points of units in play (His solo victory: He starts with 1.5 or 2
    times the points at Normal and Hardcore, so losing fewer points than He does is not yet leading). Kept per
    player in a game's view (its data is read-only below the top level; a view built by hand keeps nothing)."""
    state = view.state
    if getattr(state, "memos", None) is not None:
        kept = state.get("_ai_ahead")
        if kept is None:
            kept = state["_ai_ahead"] = {}
        found = kept.get(player)
        if found is None:
            found = kept[player] = _ahead(view, player)
        return found
    return _ahead(view, player)


def _ahead(view: Any, player: str) -> bool:
    units = units_of(view).values()
    if solo_enemy(view, player):
        left = {True: 0.0, False: 0.0}
        for u in units:
            if u.get("status") != "removed":
                left[u["side"] == player] += float(u.get("points", 0))
        return left[True] > left[False]
    mine = theirs = 0.0
    for u in units:
        if u.get("status") == "removed":
            if u["side"] == player:
                mine += float(u.get("points", 0))
            else:
                theirs += float(u.get("points", 0))
    return theirs > mine


def solo_enemy(view: Any, player: str) -> bool:
    """Whether the enemy is Him (the solo opponent, whose units are all Undistractable by His solo rules)."""
    theirs = [u for u in units_of(view).values() if u["side"] != player]
    return bool(theirs) and all("Undistractable" in keywords_of(u) for u in theirs)


def guard_value(view: Any, player: str, them: Unit) -> float:
    """Extra worth of fighting an enemy that threatens one of my scoring things (Burn Them Out buildings)."""
    if scenario(view) != "burn-them-out":
        return 0.0
    mine = [u for u in units_of(view).values() if u["side"] == player and ready(u)
            and "Objective" in keywords_of(u)]
    near = any(dist((them["x"], them["y"]), (b["x"], b["y"])) <= float(them.get("speed", 8)) + 6 for b in mine)
    return VP * 0.5 if near else 0.0
