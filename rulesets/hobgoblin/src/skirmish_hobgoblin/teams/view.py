"""What players see of a team game: the teams, the objectives in play, ticks, markers left and VP."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skirmish import Game


#: each team's hue in pictures, one shade per player of the team (the Warlord first)
TEAM_SHADES = (("#c0392b", "#e8826f", "#8b1d12"), ("#2456a6", "#6a9be0", "#14336b"))


def side_colours(game: Game) -> dict[str, str]:
    """Each player's colour: their team's hue, a shade per player."""
    state = game.state
    teams = list(state.teams)
    out = {}
    for p in state.sides:
        t = teams.index(state.team_of(p))
        shades = TEAM_SHADES[t % len(TEAM_SHADES)]
        out[p] = shades[state.teams[teams[t]].index(p) % len(shades)]
    return out


def data(game: Game) -> dict[str, Any]:
    """Plain data for views: teams (Warlord first), objectives, each team's ticks and VP."""
    from skirmish_hobgoblin.teams.objectives import catalogue, chosen, team_vp

    state = game.state
    objs = catalogue()
    ticks = {oid: {t: state.notes.get(f"tick:{oid}:{t}", 0) for t in state.teams}
             for oid in chosen(game) if objs[oid]["rule"] == "ticks"}
    return {"teams": {t: list(ps) for t, ps in state.teams.items()}, "objectives": chosen(game), "ticks": ticks,
            "vp": team_vp(game)}


def lines(game: Game, width: int = 80) -> list[str]:
    """``Unlikely Allies: red (red1 Warlord, red2) 0 VP vs blue (...) 0 VP | Combined Arms ticks red 1, blue 0``."""
    from skirmish_hobgoblin.teams.objectives import catalogue

    state = game.state
    d = data(game)
    teams = " vs ".join(f"{t} ({ps[0]} Warlord{''.join(', ' + p for p in ps[1:])}) {d['vp'][t]} VP"
                        for t, ps in state.teams.items())
    parts = [f"Unlikely Allies: {teams}"]
    objs = catalogue()
    for oid in d["objectives"]:
        name = objs[oid]["name"]
        if oid in d["ticks"]:
            parts.append(f"{name} ticks " + ", ".join(f"{t} {n}" for t, n in d["ticks"][oid].items()))
        elif oid == "shared-ruination":
            left = {t: sum(1 for m in state.markers if m.kind == "ruination" and not m.removed
                           and state.team_of(m.owner) == t) for t in state.teams}
            parts.append(f"{name} markers left " + ", ".join(f"{t} {n}" for t, n in left.items()))
        else:
            parts.append(f"{name} (scored at the end)")
    return textwrap.wrap(" | ".join(parts), width, subsequent_indent="  ")
