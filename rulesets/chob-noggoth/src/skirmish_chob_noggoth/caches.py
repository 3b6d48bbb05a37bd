"""Speed caches of one game: option lists and view dicts kept between decisions (see ``turns`` and ``render``).

They live in the game's ``stash`` under :data:`KEY` and die with the game. They never enter a digest, a save or
a view, and a copy of the game (a clone, or the backup taken while loaded dice are pending) starts with empty
ones: whatever they hold is worked out again from the game itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skirmish import Game

KEY = "chob-noggoth.caches"


class GameCaches:
    """What the rules keep between decisions of one game, for speed only."""

    __slots__ = ("kept", "rows", "shown")

    def __init__(self) -> None:
        #: ``turns``: the option lists kept for a state, with that state (see ``turns._Kept``)
        self.kept: tuple[Any, ...] | None = None
        #: ``turns``: each warrior's table row by its stamp (a stamp stands for one set of fields)
        self.rows: dict[int, tuple[Any, ...]] = {}
        #: ``render``: the warrior dicts and lists last shown for a state, with that state
        self.shown: tuple[Any, ...] | None = None

    def __copy__(self) -> GameCaches:
        return GameCaches()

    def __deepcopy__(self, _memo: Any) -> GameCaches:
        return GameCaches()

    def __reduce__(self) -> tuple[Any, ...]:
        return (GameCaches, ())


def game_caches(game: Game) -> GameCaches:
    """The speed caches of ``game`` (made on first use)."""
    found = game.stash.get(KEY)
    if found is None:
        found = game.stash[KEY] = GameCaches()
    return found  # type: ignore[no-any-return]
