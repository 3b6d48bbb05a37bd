"""A house-rules plugin for Dice Duel: every game and content hook of core, scoped to one ruleset."""

from __future__ import annotations

from typing import Any

from skirmish import hookimpl

#: this plugin serves Dice Duel only: skirmish calls the hooks below for its content and games, no other
skirmish_rulesets = ("dice-duel",)
STASH = "duel-house"  # the plugin's id: its key in game.stash


@hookimpl
def skirmish_extend_content(ruleset: str, content: dict[str, Any]) -> None:
    content["rules"]["rounds"] = 4  # a longer duel


@hookimpl
def skirmish_game_start(game: Any) -> None:
    game.stash[STASH] = {"rolls": 0, "busts": 0, "phases": []}  # per-game data: plain, copied with clones


@hookimpl
def skirmish_phase_start(game: Any, phase: str) -> None:
    game.stash[STASH]["phases"].append(f"{game.round}:{phase}")


@hookimpl
def skirmish_phase_end(game: Any, phase: str) -> None:
    if game.round == 1:  # a step scheduled here runs before the phase closes
        game.call(lambda g: g.emit("note", "the crowd cheers", rule="House: Crowd"))


@hookimpl
def skirmish_event(game: Any, event: Any) -> None:
    if event.kind == "score":  # observers read events and write only to their own stash entry
        data = game.stash[STASH]
        data["rolls"] += 1
        data["busts"] += event.data["score"] == 0


@hookimpl
def skirmish_game_end(game: Any, result: Any) -> None:
    game.stash[STASH]["winners"] = list(result.winners)


@hookimpl
def skirmish_simulate_figures(game: Any) -> dict[str, float]:
    data = game.stash.get(STASH, {})
    return {f"{STASH}: busts": float(data.get("busts", 0))}


@hookimpl
def dice_duel_modify_score(game: Any, player: str, values: list[int], score: int) -> int | None:
    return 1 if score and len(values) == 3 else None  # a bonus point for a brave roll that scores
