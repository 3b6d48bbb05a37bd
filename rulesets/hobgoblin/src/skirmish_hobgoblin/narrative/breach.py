"""The Breach: the Defender holds a breach in the wall at the middle of their table edge; whoever has the most
unbroken units within 8" of the Breach Marker at the end wins (ruling N-7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.geometry import Vec, distance
from skirmish_hobgoblin import stats
from skirmish_hobgoblin.narrative.common import advantage, data, roles, units_of, win
from skirmish_hobgoblin.state import Marker

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.scenarios import Scenario

NAME = "The Breach"


def prepare(game: Game, sc: Scenario) -> None:
    state = game.state
    attacker, defender = roles(game, NAME)
    advantage(game, attacker, int(sc.params["attacker_courage"]), NAME)
    y = 0.0 if state.sides[defender].half == "south" else state.depth
    state.markers.append(Marker("breach", "breach", state.width / 2, y, owner=defender))
    data(game)["breach"] = [state.width / 2, y]
    state.notes["narrative-zones"] = 1
    game.emit("setup", f"{defender} places the Breach Marker at the middle of their table edge "
                       f"({state.width / 2:g}, {y:g})", rule=NAME)


def holding(game: Game, player: str) -> int:
    x, y = data(game)["breach"]
    near = float(game.ruleset.scenarios[game.state.scenario].params["near"])
    return sum(1 for u in units_of(game, player) if not u.has(stats.BROKEN) and distance(Vec(x, y), u.rect) <= near)


def final(game: Game, sc: Scenario) -> None:
    from skirmish_hobgoblin.scenarios import _finish

    if game.result is not None:
        return
    state = game.state
    a, b = state.pair()  # (team play: the Warlords, counting their teams' units)
    ha, hb = holding(game, a), holding(game, b)
    if ha == hb:
        ka, kb = (state.team_of(a), state.team_of(b)) if state.teams else (a, b)
        _finish(game, (), f"{ha} unbroken units each within 8\" of the breach", NAME, {ka: float(ha), kb: float(hb)},
                draw=True)
    else:
        w = a if ha > hb else b
        win(game, w, f"{w} holds the breach with {max(ha, hb)} unbroken units to {min(ha, hb)}", NAME)
