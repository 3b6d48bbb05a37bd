"""A test ruleset on a table, written only against the presentation hook (``SKIRMISH_PLUGINS=tiny_table``).

Tiny Table: two players each have one round piece on a 24" x 12" table. Each turn a player moves
their piece to a spot and facing (a pose) at most 6" away; after three rounds the piece nearer the
centre wins. It has no web code at all: the browser tests check that pointing, dragging to turn,
ghosts, refusals, the tape and piece details all work from ``present()`` alone.
"""

from __future__ import annotations

import math
from typing import Any

from skirmish import Decision, Param, Phase, Ruleset, RulesetSpec, SetupOption, hookimpl
from skirmish.presentation import Frame, LegendItem, Piece, Presentation, grid

SCALE = 20.0
MARGIN = 30.0
START = {"red": (4.0, 6.0), "blue": (20.0, 6.0)}


class TinyTable(Ruleset):
    """Move your piece nearer the centre than theirs."""

    name = "tiny-table"
    title = "Tiny Table"
    version = "1.0"
    max_decisions = 50

    def default_setup(self) -> dict[str, Any]:
        return {"players": ["red", "blue"], "fields": "pose"}

    def setup_options(self) -> list[SetupOption]:
        return [SetupOption("fields", "how a move is asked: one pose, or two numbers x and y", "choice",
                            choices=("pose", "xy"))]

    def create(self, game: Any) -> dict[str, Any]:
        return {"at": {p: [*START[p], 0.0] for p in game.players}}

    def phases(self) -> dict[str, Phase]:
        return {"move": Phase("move", _moves, rule="Move")}

    def end_of_round(self, game: Any) -> None:
        if game.round >= 3:
            near = {p: math.dist(v[:2], (12, 6)) for p, v in game.state["at"].items()}
            best = min(near.values())
            winners = [p for p, d in near.items() if d == best]
            game.finish(winners if len(winners) == 1 else (), "nearer the centre", draw=len(winners) > 1)

    def glossary(self) -> dict[str, str]:
        return {"Piece": "a round base, 1 inch across", "Steady": "has not moved yet"}

    def present(self, game: Any, player: str | None) -> Presentation:
        frame = Frame(24, 12, SCALE, origin_x=MARGIN, origin_y=MARGIN + 12 * SCALE)
        w, h = 24 * SCALE + 2 * MARGIN, 12 * SCALE + 2 * MARGIN
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:g} {h:g}" width="{w:g}" height="{h:g}">',
                 f'<rect x="{MARGIN}" y="{MARGIN}" width="{24 * SCALE}" height="{12 * SCALE}" fill="#efe9dc"/>',
                 grid(frame)]
        pieces = []
        for p, (x, y, facing) in game.state["at"].items():
            sx, sy = frame.to_svg(x, y)
            colour = "#b22222" if p == "red" else "#1e4fb2"
            parts.append(f'<g data-piece="{p}"><circle cx="{sx:.1f}" cy="{sy:.1f}" r="{0.5 * SCALE}" '
                         f'fill="{colour}"/><title>{p}</title></g>')
            pieces.append(Piece(p, f"{p}'s piece", side=p, kind="piece", keywords=("Piece",),
                                details=(("facing", f"{facing:g} degrees"),), shape=("circle", x, y, 0.5)))
        parts.append("</svg>")
        return Presentation(svg="\n".join(parts), pieces=pieces, frame=frame, brief=f"round {game.round}",
                            legend=[LegendItem("red", "#b22222", "circle"), LegendItem("blue", "#1e4fb2", "circle")])


def _moves(game: Any) -> None:
    for p in game.players:
        x, y = game.state["at"][p][:2]
        if game.setup.get("fields") == "xy":  # two plain numbers, as some rulesets ask a spot
            params = (Param("x", "float", 0, 24, step=0.1), Param("y", "float", 0, 12, step=0.1))
            example: dict[str, Any] = {"x": x, "y": y}
        else:
            params = (Param("to", "pose", bounds=(0, 0, 24, 12), step=0.1),)
            example = {"to": {"x": x, "y": y, "facing": 0}}
        game.ask(Decision(p, "move", f"{p}: move your piece (6 inches at most)", params=params,
                          validator=_not_too_far, examples=(example,), rule="Move", context={"actor": p}), _moved, p)


def _spot(answer: dict[str, Any]) -> dict[str, Any]:
    return answer["to"] if "to" in answer else {"x": answer["x"], "y": answer["y"], "facing": 0.0}


def _not_too_far(game: Any, answer: dict[str, Any]) -> str | None:
    x, y = game.state["at"][game.pending.player][:2]
    to = _spot(answer)
    if math.dist((x, y), (to["x"], to["y"])) > 6:
        return "too far: a piece moves 6 inches at most"
    return None


def _moved(game: Any, answer: dict[str, Any], player: str) -> None:
    to = _spot(answer)
    game.state["at"][player] = [to["x"], to["y"], to["facing"]]
    game.emit("move", f"{player} moves to {to['x']:g},{to['y']:g} facing {to['facing']:g}", rule="Move")


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec.of(TinyTable)]
