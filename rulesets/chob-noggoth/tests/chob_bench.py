"""A test bench: a Chob-Noggoth game built from warriors placed by hand, with loaded dice.

    game = bench([warrior("r1", "red", "Brawler", x=10, y=10), warrior("b1", "blue", "Hunter", x=11, y=10)],
                 dice=[6, 6, 1])
    game.run(melee.fight, game.state.warriors["r1"], game.state.warriors["b1"], charged=True)

The bench game idles on a dummy decision; ``game.run(fn, ...)`` runs rules code now.
"""

from __future__ import annotations

from typing import Any

from skirmish import Decision, Game, Option
from skirmish_chob_noggoth.rules import ChobNoggoth
from skirmish_chob_noggoth.state import READY, ChobState, Piece, Shrine, Side, Warrior

_CONTENT: Any = None


def warrior(wid: str, side: str, kind: str = "Brawler", *, x: float = 10.0, y: float = 10.0, quality: str = "standard",
            wounds: int | None = None, rules: list[str] | None = None, traits: list[str] | None = None,
            mounted: bool = False, roles: list[str] | None = None, role: str = "", radius: float | None = None,
            name: str = "", status: str = READY, mercenary: str = "", cost: int = 2) -> Warrior:
    """A warrior with the wounds its quality gives (Monsters: ``wounds`` must be given)."""
    per_quality = {"bad": 1, "standard": 2, "veteran": 3, "heroic": 4}
    w = wounds if wounds is not None else per_quality.get(quality, 3)
    big = mounted or kind in ("Monster", "Warmachine")
    return Warrior(wid, side, name or wid, kind, "" if kind == "Monster" else quality, list(roles or []),
                   role or (roles[0] if roles else ""), mounted or kind == "Monster", sorted(rules or []),
                   list(traits or []), w, w, x, y, radius if radius is not None else (1.0 if big else 0.5),
                   status, mercenary=mercenary, cost=cost)


class Bench(ChobNoggoth):
    """ChobNoggoth with a hand-built state and no set-up steps."""

    name = "chob-noggoth"

    def __init__(self, state: ChobState) -> None:
        super().__init__()
        self._state = state

    def check_setup(self, setup: Any) -> dict[str, Any]:
        return {"players": ["red", "blue"], "options": {"max_rounds": 8, "divine_die": "2d6", "limits": True},
                **dict(setup or {})}

    def create(self, game: Game) -> ChobState:
        return self._state

    def start(self, game: Game) -> None:
        game.ask(Decision("red", "bench", "idle", options=[Option("idle")]), _idle)


def _idle(game: Game, answer: str) -> None:
    game.ask(Decision("red", "bench", "idle", options=[Option("idle")]), _idle)


def bench(warriors: list[Warrior], *, dice: list[int | str] = (), pieces: list[Piece] = (),
          shrines: list[Shrine] = (), seed: int = 1, a: str = "red", round_roll: int = 2,
          setup: dict[str, Any] | None = None, content: Any = None) -> Game:
    """A game on a hand-built table; ``content`` replaces the packaged numbers (see :func:`changed`)."""
    global _CONTENT
    sides = {"red": Side("red", "Red", "A" if a == "red" else "B", "south"),
             "blue": Side("blue", "Blue", "B" if a == "red" else "A", "north")}
    state = ChobState({w.id: w for w in warriors}, sides, list(pieces), list(shrines), round_roll=round_roll)
    for s in sides.values():
        s.starting = sum(1 for w in warriors if w.side == s.player)
    ruleset = Bench(state)
    if _CONTENT is None:
        _CONTENT = ruleset.content
    ruleset.__dict__["content"] = content if content is not None else _CONTENT
    state.contact = float(ruleset.content.combat.base_contact)
    game = Game(ruleset, setup, seed=seed)
    game.rng.load(dice)
    return game


def texts(game: Game, kind: str | None = None) -> list[str]:
    return [e.text for e in game.log if kind is None or e.kind == kind]


def changed(**edits: Any) -> Any:
    """The packaged content with some numbers changed, e.g. ``changed(**{"morale.pass_on": 6})``.

    Keys are dotted paths into the merged TOML (``"last_wound.warriors.results.3.reach"``);
    the content is built through the same loader a house-rules plugin goes through.
    """
    from skirmish_chob_noggoth.content import load_content

    def edit(raw: dict[str, Any]) -> None:
        for path, value in edits.items():
            *head, last = path.split(".")
            node: Any = raw
            for key in head:
                node = node[int(key)] if isinstance(node, list) else node[key]
            if isinstance(node, list):
                node[int(last)] = value
            else:
                node[last] = value

    return load_content(edit)
