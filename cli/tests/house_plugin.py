"""A house-rules plugin scoped to the tiny ruleset: it counts the scoring events there (figures for simulate)."""

from typing import Any

from skirmish import hookimpl

skirmish_rulesets = ("tiny",)


@hookimpl
def skirmish_event(game: Any, event: Any) -> None:
    if event.kind == "score":
        counted = game.stash.setdefault("house_plugin", {"scores": 0})
        counted["scores"] += 1


@hookimpl
def skirmish_simulate_figures(game: Any) -> dict[str, float]:
    return {"house_plugin: scores": float(game.stash.get("house_plugin", {}).get("scores", 0))}
