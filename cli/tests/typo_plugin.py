"""A plugin with a misspelled hook (``skirmish plugins --check`` must say so and exit 1)."""

from skirmish import hookimpl


@hookimpl
def skirmish_game_strat(game: object) -> None:
    """Meant to be skirmish_game_start."""
