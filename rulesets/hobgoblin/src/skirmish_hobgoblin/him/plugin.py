"""The solo opponent (Him) as a plugin on Hobgoblin's hooks: set-up key ``him`` names the seat He plays."""

from __future__ import annotations

from typing import Any

from skirmish import hookimpl

skirmish_rulesets = ("hobgoblin",)

#: His levels (``data/him/<level>.toml``: His list at 1x, 1.5x and 2x your points)
LEVELS = ("easy", "normal", "hardcore")


@hookimpl
def hobgoblin_setup_options() -> list[Any]:
    from skirmish import SetupOption

    return [SetupOption("him", "solo play: He plays the last seat (blue) by the solo rules, on His list for the "
                               "level (easy 1x, normal 1.5x, hardcore 2x your points); --vs him alone plays Normal",
                        "choice", choices=LEVELS, metavar="LEVEL")]


@hookimpl
def hobgoblin_apply_options(setup: dict[str, Any], options: Any) -> None:
    if "him" not in options:
        return
    seat = list(setup.get("players") or ("red", "blue"))[-1]
    setup["him"] = seat
    setup["armies"] = {**setup.get("armies", {}), seat: f"him:{options['him']}"}


@hookimpl
def hobgoblin_side_revealed(game: Any, player: str) -> None:
    if game.setup.get("him") != player:
        return
    state = game.state
    state.notes[f"him:{player}"] = 1
    for u in state.units.values():
        if u.side == player:
            u.keywords.add("Undistractable")


@hookimpl
def hobgoblin_first_player(game: Any) -> bool | None:
    him = game.setup.get("him")
    if not him:
        return None
    game.state.first = him
    game.emit("setup", f"{him} (Him) starts with the First Player token", rule="Solo: Initiative")
    return True


@hookimpl
def hobgoblin_choose_scenario(game: Any) -> bool | None:
    if not game.setup.get("him"):
        return None
    game.state.scenario = "bloodbath"  # the winner is whoever has the most points left
    return True


@hookimpl
def hobgoblin_solo(game: Any, player: str) -> Any:
    if game.state.notes.get(f"him:{player}"):
        from skirmish_hobgoblin.him import solo

        return solo
    return None


@hookimpl
def hobgoblin_victory(game: Any) -> bool | None:
    state = game.state
    if not any(state.notes.get(f"him:{p}") for p in state.sides):
        return None
    from skirmish_hobgoblin.scenarios import _most_points

    _most_points(game, "Solo: Victory")
    return True


@hookimpl
def hobgoblin_may_surrender(game: Any, player: str) -> bool | None:
    return False if game.state.notes.get(f"him:{player}") else None
