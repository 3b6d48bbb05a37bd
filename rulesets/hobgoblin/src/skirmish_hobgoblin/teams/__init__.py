"""Unlikely Allies: Hobgoblin for 3 to 6 players in two teams (rulebook: Team Play).

Set-up (:mod:`.setup`): the ``teams`` key (team name -> its players, the Warlord first) and ``objectives``
(how many to roll, or their names); ``--teams 2v2`` and ``--objectives`` on the command line. Play
(:mod:`.rules`): allied units are friendly (``Unit.team``), each player keeps a hidden hand and may not play
cards on their own units, and the team objectives (``objectives.toml``, scored by :mod:`.objectives`)
replace the scenario's victory conditions.
"""

from __future__ import annotations

from typing import Any

SCENARIO = "unlikely-allies"


def data() -> dict[str, Any]:
    """``objectives.toml``: the six objectives and the team game's scenario entry."""
    from skirmish import load_toml  # (this package module stays light: plugins import it to list)

    return dict(load_toml("skirmish_hobgoblin.teams", "objectives.toml"))


def raw() -> dict[str, Any]:
    """The team game's scenario as a scenarios.toml entry (never rolled)."""
    return dict(data()["scenario"])


def glossary() -> dict[str, str]:
    """Help texts: Warlord, Ally and the six objectives."""
    out = {"Warlord": "team play: the player who acts for the team wherever set-up asks 'the players' (First "
                      "Player roll, halves, token)",
           "Ally": "team play: a player on your team; their units are friendly to yours, your cards may go on them "
                   "(never on your own units)"}
    for o in data()["objectives"].values():
        out[o["name"]] = f"Unlikely Allies objective (D6 {o['d6']}): {o['summary']}"
    return out
