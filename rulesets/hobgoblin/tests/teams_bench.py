"""Test bench for Unlikely Allies: team battles with every unit placed (red1, red2 south; blue1, blue2 north)."""

from __future__ import annotations

from typing import Any

from hob_bench import RULESET, army

from skirmish import Game

TEAMS = {"red": ["red1", "red2"], "blue": ["blue1", "blue2"]}


def team_battle(seats: dict[str, list[dict[str, Any]]], *, objectives: Any = None, dice: list[int] | None = None,
                teams: dict[str, list[str]] | None = None, seed: int = 1,
                markers: list[dict[str, Any]] | None = None) -> Game:
    """A team game stopped at its first decision, red1 holding the First Player token, no cards in hand.

    ``seats``: player -> units (name, x, y, facing, doom, type...). Every seat needs at least one unit.
    """
    teams = teams or TEAMS
    players = [p for ps in teams.values() for p in ps]
    positions = {p: {u["name"]: {"x": u["x"], "y": u["y"], "doom": u.get("doom", 0),
                                 "facing": u.get("facing", 90 if p.startswith("red") else 270)}
                     for u in seats[p]} for p in players}
    setup = {"players": players, "teams": teams, "armies": {p: army(seats[p], p) for p in players},
             "points": 20000, "first": players[0], "positions": positions, "layout": {"pieces": []},
             "objectives": objectives if objectives is not None else ["combined-arms"], "markers": markers or []}
    game = Game(RULESET, setup, seed=seed, dice=dice or [])
    for side in game.state.sides.values():
        game.state.deck.discard(side.hand.cards)
        side.hand.cards.clear()
    return game


def far(name: str, x: float, y: float, **kw: Any) -> dict[str, Any]:
    return {"name": name, "x": x, "y": y, **kw}
