"""The table as the AI sees it: the state rebuilt from the ruleset's view, with the AI's lists and mood.

Chob-Noggoth hides nothing, so the AI rebuilds the table from the view at each decision (a
dozen warriors: cheap) and measures on it with the ruleset's own helpers. It never clones the
game and never touches the game's dice.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from operator import is_
from typing import TYPE_CHECKING, Any

from skirmish_chob_noggoth import measuring
from skirmish_chob_noggoth.ai.evaluation import Stats, knock_on
from skirmish_chob_noggoth.state import BERSERK, READY, UNDEPLOYED, ChobState, Piece, Shrine, Side, Warrior

if TYPE_CHECKING:
    from skirmish import View
    from skirmish_chob_noggoth.ai.planning import ChobAI

#: a round gives about MOVES_PER_ROUND moves; the AI looks at most HORIZON rounds ahead
MOVES_PER_ROUND, HORIZON = 1.2, 4
#: in the last LATE + 1 rounds of a game on points, a side LEAD Fingers ahead weighs threats and
#: prayers by AHEAD (caution, piety, boldness); one level or behind uses BEHIND
LATE, LEAD, AHEAD, BEHIND = 2, 3, (1.6, 0.3, 1.0), (0.6, 1.5, 0.5)
#: a warband whose Butchered warrior would cost it FRAGILITY times what the enemy's would cost the
#: enemy plays by FRAGILE (caution, piety, boldness)
FRAGILITY, FRAGILE = 1.5, (0.5, 1.0, 0.7)


#: what :meth:`ChobAI.foe_table` keeps per pair of warriors (shot, charge, danger, the enemy's move, its shot, its
#: reach, and the products :meth:`ChobAI.potential` reads), and a row of the table: the enemy's id, x, y and base
#: radius, then the pair's values (typed, so that a compiled build reads them as floats)
PairValues = tuple[float, float, float, float, float, float, float, float, float, float, float, float, float]
FoeRow = tuple[str, float, float, float, float, float, float, float, float, float, float, float, float, float, float,
               float, float]


class GameLike:
    """Just enough of a game for the ruleset's helpers: its ruleset and a state (and the AI's caches)."""

    __slots__ = ("caches", "ruleset", "state")

    def __init__(self, ruleset: Any, state: ChobState, caches: Any = None) -> None:
        self.ruleset = ruleset
        self.state = state
        self.caches = caches


class Situation:
    """The table at one decision, rebuilt from the view, with the AI's lists."""

    def __init__(self, ai: ChobAI, view: View) -> None:
        data = view.state
        self.state = state_from_view(data, ai.warriors_seen)
        self.game = GameLike(ai.ruleset, self.state, ai.caches)
        self._ai = ai
        self.player = ai.player
        player = ai.player
        self.enemy = ""
        for p in self.state.sides:  # the first side that is not the AI's (a loop: no generator on a hot path)
            if p != player:
                self.enemy = p
                break
        mine: list[Warrior] = []
        foes: list[Warrior] = []
        for w in self.state.warriors.values():
            status = w.status
            if status == READY:
                (mine if w.side == player else foes).append(w)
            elif status == BERSERK:
                foes.append(w)
        self.mine, self.foes = mine, foes
        self._engaged: dict[str, bool] = {}
        content = ai.ruleset.content
        self.state.contact = float(content.combat.base_contact)
        #: how near a shrine a warrior prays, and no enemy may be
        self.shrine_reach = float(content.table.shrine_reach)
        self._enemy_reach = float(content.prayer.enemy_reach)
        self._free: list[tuple[float, float]] | None = None
        self._foes_key: int | None = None
        self._table_key: int | None = None
        self._knock_on: dict[str, tuple[float, float, float, float, float]] = {}
        self._raw_knock_on: dict[str, tuple[float, float]] = {}
        #: the divine table's die ("2d6" as printed, "d12" as the house option)
        self.divine_die = str(data.get("divine_die", "2d6"))
        self.caution, self.piety, self.boldness = self._mood(data, view.game_round)
        limit = int(data.get("max_rounds", 0) or 0)
        left = max(0, limit - view.game_round) if limit else 0
        #: how much wounds that do not remove a warrior still count (none in the last round)
        self.future = round(left / (left + 1), 2) if limit else 1.0
        #: moves a warrior may still make before the game ends (about one a round), beyond which a
        #: target out of reach is worth nothing
        self.moves_left = round(MOVES_PER_ROUND * left) + 1 if limit else 99
        #: rounds in which a warrior may still hurt us (counting this one), as far as the AI looks ahead
        self.horizon = float(min(left + 1, HORIZON)) if limit else float(HORIZON)
        #: per-decision caches: stats and enemy tables by warrior id, potentials where they stand,
        #: the spot each "move to a point" option would aim for, the worth of a cast
        self.stats: dict[str, Stats] = {}
        self.foe_rows: dict[str, list[FoeRow]] = {}
        self.here: dict[str, float] = {}
        self.points: dict[str, tuple[float, float]] = {}
        self.casts: dict[str, float] = {}
        #: what each warrior's explosion would do (see :meth:`Evaluation.blast_value`)
        self.blasts: dict[str, float] = {}
        #: what one more prayer is worth, by the prayer's bonus (Holy)
        self.prayers: dict[int, float] = {}
        #: named moves scored on a straight-line guess (measured exactly before one is taken)
        self.rough: set[tuple[str, str, str]] = set()
        self.baseline: dict[str, float] = {}

    def knock_on(self, player: str) -> tuple[float, float, float, float, float]:
        """What else a loss costs ``player`` (see :func:`knock_on`), how much the future still counts, and
        how much the AI cares for its own warriors just now (its boldness)."""
        hit = self._knock_on.get(player)
        if hit is None:
            scale = self.boldness if player == self.player else 1.0
            hit = self._knock_on[player] = (*self.raw_knock_on(player), self.future, scale, self.horizon)
        return hit

    def table_key(self) -> int:
        """A number for everything on the table that sight, cover and the gods' favour depend on."""
        if self._table_key is None:
            key = (self.future, tuple([(w.id, w.x, w.y, w.wounds, w.status, w.role, w.radius)
                                       for w in self.state.warriors.values()]),
                   tuple([(p.x, p.y) for p in self.state.pieces]))
            self._table_key = self._ai.token(key)
        return self._table_key

    def raw_knock_on(self, player: str) -> tuple[float, float]:
        hit = self._raw_knock_on.get(player)
        if hit is None:
            # everything knock_on reads: the side, and its warriors' statuses, costs and morale
            side = self.state.sides.get(player)
            flags = (side.starting if side else None, side.heroic_death if side else None)
            team = [w for w in self.state.warriors.values() if w.side == player]
            # the same warrior objects as at the last decision have the same rows (see :meth:`_knock_row`)
            last = self._ai.knock_last.get(player)
            if last is not None and last[1] == flags and len(last[0]) == len(team) and all(map(is_, last[0], team)):
                hit = last[2]
            else:
                key = (player, *flags, tuple([self._knock_row(w) for w in team]))
                known = self._ai.knock_ons
                hit = known.get(key)
                if hit is None:
                    if len(known) > 2000:
                        known.clear()
                    hit = known[key] = knock_on(self.game, player)
                self._ai.knock_last[player] = (tuple(team), flags, hit)
            self._raw_knock_on[player] = hit
        return hit

    def _knock_row(self, w: Warrior) -> tuple[Any, ...]:
        """What :func:`knock_on` reads of a warrior, kept while the AI's picture holds the same warrior object
        (it is made afresh when its view changes; the AI itself only ever tries out a Hero's role)."""
        rows = self._ai.knock_rows
        hit = rows.get(w.id)
        if hit is not None and hit[0] is w:
            return hit[1]
        row = (w.status, w.cost, w.kind, w.quality, tuple(w.rules), tuple(w.traits))
        rows[w.id] = (w, row)
        return row

    def foes_key(self, ai: ChobAI) -> int:
        """A number for everything about the enemies (and the AI's mood) a move's worth depends on."""
        if self._foes_key is None:
            stats = self.stats
            key = (self.caution, self.moves_left,
                   *[(e.id, e.x, e.y, e.radius, stats.get(e.id) or ai.stats(self, e)) for e in self.foes])
            self._foes_key = ai.token(key)
        return self._foes_key

    def _mood(self, data: dict[str, Any], game_round: int) -> tuple[float, float, float]:
        """(caution, piety, boldness): how much threats, prayers and its own warriors weigh now.

        A warband that one Butchered warrior could send running (much more than its enemy)
        cannot win a long war of attrition, so it trades blows early and heeds threats less.
        Late in a game decided on points, a side well ahead heeds threats more and prays
        less (the gods are a gamble); a side level or behind takes risks (a draw is no
        better than a loss).
        """
        mine, theirs = self.raw_knock_on(self.player)[1], self.raw_knock_on(self.enemy)[1] if self.enemy else 0
        usual = FRAGILE if mine > FRAGILITY * theirs + 0.5 else (1.0, 1.0, 1.0)
        limit = int(data.get("max_rounds", 0) or 0)
        if not limit or game_round < limit - LATE:
            return usual
        standing = {p: 0 for p in self.state.sides}
        for w in self.state.warriors.values():
            if w.status in (READY, UNDEPLOYED):
                standing[w.side] = standing.get(w.side, 0) + w.cost
        lead = standing.get(self.player, 0) - standing.get(self.enemy, 0)
        if lead >= LEAD:
            return AHEAD
        if lead <= 0:
            return BEHIND
        return usual

    def forget(self, w: Warrior) -> None:
        """Drop what was worked out for ``w`` (its numbers changed, e.g. a Hero trying a role)."""
        for cache in (self.stats, self.foe_rows, self.here, self.casts):
            cache.pop(w.id, None)
        self.blasts.clear()  # they read everyone's numbers
        self.foe_rows.clear()

    def engaged(self, w: Warrior) -> bool:
        hit = self._engaged.get(w.id)
        if hit is None:
            hit = self._engaged[w.id] = bool(measuring.contacts(self.state, w))
        return hit

    def free_shrines(self) -> list[tuple[float, float]]:
        """(x, y) of the shrines no enemy stands near."""
        if self._free is None:
            free = []
            reach, hypot = self._enemy_reach, math.hypot
            for s in self.state.shrines:
                sx, sy = s.x, s.y
                for e in self.foes:  # measuring.point_gap(e, sx, sy) written out (the same floats)
                    gap = hypot(e.x - sx, e.y - sy) - e.radius
                    if (gap if gap > 0.0 else 0.0) <= reach:
                        break
                else:
                    free.append((sx, sy))
            self._free = free
        return self._free

    def free_shrine(self, w: Warrior, x: float, y: float) -> bool:
        """A shrine is within reach of (x, y) and no enemy stands near it."""
        reach = self.shrine_reach + w.radius
        hypot = math.hypot
        for sx, sy in self.free_shrines():  # noqa: SIM110 (a loop: no generator on a hot path)
            if hypot(sx - x, sy - y) <= reach:
                return True
        return False





def state_from_view(data: dict[str, Any], seen: dict[str, Any] | None = None) -> ChobState:
    """A ChobState rebuilt from the ruleset's view (everything in Chob-Noggoth is open).

    ``seen`` keeps each warrior's view and the warrior made from it: a warrior whose view is unchanged
    since the last decision is taken from there (the AI never changes them, but for a Hero's role,
    which it tries out on warriors it then forgets: see :meth:`Answers._role`); the sides, terrain pieces and
    shrines are kept the same way.
    """
    warriors: dict[str, Warrior] = {}
    for d in data["warriors"]:
        if seen is not None:
            hit = seen.get(d["id"])
            if hit is not None and (hit[0] is d or hit[0] == d):  # the rules hand out an unchanged dict again
                warriors[d["id"]] = hit[1]
                continue
        kind, acting = d["type"], d["acting_as"]
        w = warriors[d["id"]] = Warrior(
            d["id"], d["side"], d["name"], kind, quality=d["quality"], roles=list(d.get("roles", ())),
            role=acting if acting != kind else "", mounted=d["mounted"], rules=d["rules"], traits=d["traits"],
            wounds=d["wounds"], max_wounds=d["max_wounds"], x=d["x"], y=d["y"], radius=d["base"] / 2,
            status=d["status"], aimed=d["aimed"], boomstick_used=d.get("boomstick_used", False),
            mercenary=d.get("mercenary", ""), cost=d.get("cost", 0))
        if seen is not None:
            seen[d["id"]] = (d, w)
    sides = _kept(seen, "~sides", data["sides"], _sides)
    pieces = _kept(seen, "~terrain", data["terrain"], _pieces)
    shrines = _kept(seen, "~shrines", data["shrines"], _shrines)
    return ChobState(warriors, dict(sides), list(pieces), list(shrines), round_type=data.get("round_type", ""))


def _kept(seen: dict[str, Any] | None, key: str, part: Any, make: Callable[[Any], Any]) -> Any:
    """The objects made from one part of the view, made again only when the part differs from the last one seen
    (sides, terrain pieces and shrines: the AI never changes them; the state gets its own dict or list of them)."""
    if seen is None:
        return make(part)
    hit = seen.get(key)
    if hit is not None and (hit[0] is part or hit[0] == part):
        return hit[1]
    made = make(part)
    seen[key] = (part, made)
    return made


def _sides(part: dict[str, Any]) -> dict[str, Side]:
    return {p: Side(p, s["warband"], s["letter"], s["edge"], s["starting"], s["divine_points"], s["heroic_death"])
            for p, s in part.items()}


def _pieces(part: list[dict[str, Any]]) -> list[Piece]:
    return [Piece(p["id"], p["name"], p["kind"], p["shape"], p["x"], p["y"], p["w"], p["h"]) for p in part]


def _shrines(part: list[dict[str, Any]]) -> list[Shrine]:
    return [Shrine(s["id"], s["x"], s["y"]) for s in part]