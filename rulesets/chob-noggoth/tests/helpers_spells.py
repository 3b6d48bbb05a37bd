"""A bench for rules tests: a hand-built Chob-Noggoth state inside a real Game.

The bench ruleset keeps the game waiting on an ``idle`` decision; :func:`run` queues a
rules function and answers ``idle`` so the function runs (with its decisions answered
through ``game.answer``), after which the game waits on ``idle`` again. Dice are strict:
every die rolled must have been loaded with ``game.rng.load``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cached_property
from typing import Any

from skirmish import Decision, Game, Option, Ruleset
from skirmish_chob_noggoth.content import Content, load_content
from skirmish_chob_noggoth.state import READY, ChobState, Piece, Shrine, Side, Warrior

PLAYERS = ("red", "blue")
IDLE = "idle"

_CONTENT: Content | None = None


def content() -> Content:
    global _CONTENT
    if _CONTENT is None:
        _CONTENT = load_content()
    return _CONTENT


class Bench(Ruleset):
    """A ruleset whose state is given and whose game does nothing until told to."""

    name = "chob-bench"
    title = "Chob-Noggoth bench"
    version = "0"

    def __init__(self, state: ChobState) -> None:
        super().__init__()
        self._state = state
        self.jobs: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []

    @cached_property
    def content(self) -> Content:
        return content()

    def default_setup(self) -> dict[str, Any]:
        return {"players": list(PLAYERS)}

    def create(self, game: Game) -> ChobState:
        return self._state

    def start(self, game: Game) -> None:
        _wait(game)

    def out_of_steps(self, game: Game) -> None:
        _wait(game)


def _wait(game: Game) -> None:
    game.ask(Decision(PLAYERS[0], IDLE, "waiting for the test", options=(Option("go", "go"),)), _go)


def _go(game: Game, answer: str) -> None:
    jobs = game.ruleset.jobs
    while jobs:
        fn, args = jobs.pop()
        game.call(fn, *args)


def warrior(wid: str, side: str = "red", kind: str = "Brawler", *, quality: str = "standard", x: float = 10.0,
            y: float = 10.0, mounted: bool = False, wounds: int | None = None, **kw: Any) -> Warrior:
    """A warrior on the table; wounds default to its quality's (a Monster: 3), bases to its size."""
    c = content()
    if kind == "Monster":
        quality = ""
        mounted = True
        wounds = 3 if wounds is None else wounds
    elif wounds is None:
        wounds = c.quality(quality).wounds
    radius = kw.pop("radius", 1.0 if mounted or kind == "Warmachine" else 0.5)
    max_wounds = kw.pop("max_wounds", wounds)
    return Warrior(wid, side, kw.pop("name", wid), kind, quality, mounted=mounted, wounds=wounds,
                   max_wounds=max_wounds, x=x, y=y, radius=radius, status=kw.pop("status", READY), **kw)


def make_game(warriors: Iterable[Warrior], *, pieces: Iterable[Piece] = (), shrines: Iterable[Shrine] = (),
              options: dict[str, Any] | None = None, seed: int = 0, strict: bool = True) -> Game:
    """A game on a 36" x 24" table holding ``warriors`` (red is side A, south; blue is B, north)."""
    ws = list(warriors)
    sides = {"red": Side("red", "Red Band", letter="A", edge="south"),
             "blue": Side("blue", "Blue Band", letter="B", edge="north")}
    for p, side in sides.items():
        side.starting = sum(1 for w in ws if w.side == p)
    state = ChobState(warriors={w.id: w for w in ws}, sides=sides, pieces=list(pieces), shrines=list(shrines))
    setup: dict[str, Any] = {"players": list(PLAYERS)}
    if options:
        setup["options"] = dict(options)
    game = Game(Bench(state), setup, seed=seed)
    game.rng.strict = strict
    return game


def run(game: Game, fn: Callable[..., Any], *args: Any) -> None:
    """Run ``fn(game, *args)`` now (it stops at its first decision, if it asks one)."""
    assert game.pending is not None and game.pending.kind == IDLE, f"the game is busy: {game.pending}"
    game.ruleset.jobs.append((fn, args))
    game.answer("go")


def idle(game: Game) -> bool:
    return game.pending is not None and game.pending.kind == IDLE


def events(game: Game, kind: str) -> list[Any]:
    return [e for e in game.log.events if e.kind == kind]


def piece(pid: str, x: float, y: float, size: float = 4.0, kind: str = "area") -> Piece:
    return Piece(pid, pid, kind, "circle", x, y, size, size)
