"""Team play set-up: ``--teams 2v2`` seats, the ``teams`` and ``objectives`` set-up keys, and their checks."""

from __future__ import annotations

import re
from typing import Any

from skirmish import SetupError
from skirmish_hobgoblin.narrative import NARRATIVE

TEAM_NAMES = ("red", "blue")
MIN_PLAYERS, MAX_PLAYERS = 3, 6
FULL_POINTS = 3000


def parse_teams(text: str) -> dict[str, list[str]]:
    """``2v2`` -> ``{"red": ["red1", "red2"], "blue": ["blue1", "blue2"]}`` (the first seat is the Warlord)."""
    m = re.fullmatch(r"\s*(\d)\s*v\s*(\d)\s*", text.lower())
    if not m:
        raise SetupError(f"--teams wants two team sizes like 2v2 or 2v1 (got '{text}')")
    sizes = int(m.group(1)), int(m.group(2))
    if min(sizes) < 1 or not MIN_PLAYERS <= sum(sizes) <= MAX_PLAYERS:
        raise SetupError(f"team play needs 3 to 6 players in two teams of at least one (got {text})")
    return {name: [f"{name}{i}" for i in range(1, n + 1)] for name, n in zip(TEAM_NAMES, sizes, strict=True)}


def parse_objectives(text: str) -> int | list[str]:
    """``roll`` (two), a number to roll, or objective names joined by commas."""
    text = text.strip()
    if text.lower() == "roll":
        return 2
    if text.isdigit():
        return int(text)
    return [t.strip() for t in text.split(",") if t.strip()]


def apply_teams(setup: dict[str, Any], text: str) -> dict[str, Any]:
    """The set-up with ``--teams NvM``: the seats, a random army each (unless the set-up already names that seat's
    army) of 3000 points shared out in its team (ruling T-1)."""
    teams = parse_teams(text)
    out = dict(setup)
    out["teams"] = teams
    players = [p for ps in teams.values() for p in ps]
    out["players"] = players
    given = dict(out.get("armies", {})) if isinstance(out.get("armies"), dict) else {}
    out["armies"] = {p: given.get(p, "random") for p in players}
    out["points"] = {p: max(500, FULL_POINTS // len(ps) // 250 * 250) for ps in teams.values() for p in ps}
    return out


def objective_ids(content: dict[str, Any]) -> dict[str, str]:
    """Every way to name an objective (id, name, lower-case name) -> its id."""
    out = {}
    for oid, entry in content.items():
        out[oid] = oid
        out[str(entry["name"]).lower()] = oid
        out[str(entry["d6"])] = oid
    return out


def check_teams(setup: dict[str, Any], objectives: dict[str, Any]) -> dict[str, Any]:
    """Check and normalise ``teams`` (two teams covering every player once) and ``objectives``."""
    teams = setup.get("teams")
    players = list(setup["players"])
    if not teams:
        if len(players) > 2:
            raise SetupError(f"{len(players)} players play Unlikely Allies: give set-up 'teams' (two teams, each a "
                             "list of players, the Warlord first) or --teams 2v2")
        if "objectives" in setup:
            raise SetupError("set-up 'objectives' needs team play ('teams' or --teams 2v2)")
        return setup
    if not isinstance(teams, dict) or len(teams) != 2 or not all(
            isinstance(ps, list) and ps and all(isinstance(p, str) for p in ps) for ps in teams.values()):
        raise SetupError("set-up 'teams' must be two teams, each a list of players (the Warlord first)")
    seats = [p for ps in teams.values() for p in ps]
    if sorted(seats) != sorted(players) or len(set(seats)) != len(seats):
        raise SetupError(f"set-up 'teams' must name every player once ({', '.join(players)}); got "
                         f"{', '.join(seats)}")
    if set(teams) & set(players):
        raise SetupError("a team may not have the same name as a player")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise SetupError(f"team play needs 3 to 6 players (got {len(players)})")
    if setup.get("him"):
        raise SetupError("team play has no 'him' seat (seat the 'him' agent with --players instead)")
    warlords = [ps[0] for ps in teams.values()]
    if setup.get("first") and setup["first"] not in warlords:
        raise SetupError(f"set-up 'first' must be a Warlord ({' or '.join(warlords)})")
    setup["teams"] = {str(t): list(ps) for t, ps in teams.items()}
    if setup.get("scenario") in NARRATIVE:  # its own victory conditions decide the team game (ruling T-15)
        if setup.get("objectives") not in (None, 0, [], "0"):
            raise SetupError(f"a narrative scenario ({setup['scenario']}) decides a team game by its own victory "
                             "conditions: leave out 'objectives' (--objectives)")
        setup["objectives"] = 0
        return setup
    chosen = setup.get("objectives", 2)
    if isinstance(chosen, str):
        chosen = parse_objectives(chosen)
    names = objective_ids(objectives)
    if isinstance(chosen, bool) or not isinstance(chosen, int | list):
        raise SetupError("set-up 'objectives' must be a number to roll or a list of objective names")
    if isinstance(chosen, int):
        if not 1 <= chosen <= len(objectives):
            raise SetupError(f"roll 1 to {len(objectives)} objectives (got {chosen})")
    else:
        ids = []
        for name in chosen:
            oid = names.get(str(name).lower())
            if oid is None:
                raise SetupError(f"unknown objective '{name}' (known: {', '.join(objectives)})")
            if oid not in ids:
                ids.append(oid)
        if not ids:
            raise SetupError("name at least one objective")
        chosen = ids
    setup["objectives"] = chosen
    return setup
