"""Helpers for Goblin Uprising tests: games with fixed heroes, answering by option value, loaded dice."""

from __future__ import annotations

from typing import Any

from skirmish import Game
from skirmish_goblin_uprising.rules import GoblinUprising

RULESET = GoblinUprising()

HEROES = {
    "hero1": {"class": "barbarian", "tribe": "fire", "ability": "cleaving-swing", "village": "village-mountains"},
    "hero2": {"class": "wizard", "tribe": "stone", "ability": "firebolt", "village": "village-tundra"},
    "hero3": {"class": "druid", "tribe": "moss", "ability": "thorns", "village": "village-desert"},
    "hero4": {"class": "ranger", "tribe": "river", "ability": "volley", "village": "village-prairie"},
    "hero5": {"class": "rogue", "tribe": "wind", "ability": "backstab", "village": "village-forest"},
    "hero6": {"class": "bard", "tribe": "bone", "ability": "rally-song", "village": "village-corals"},
}


def new_game(n: int = 2, *, tyrant: str = "dwarf", seed: int = 1, difficulty: str = "normal",
             heroes: dict[str, Any] | None = None, **extra: Any) -> Game:
    players = [f"hero{i + 1}" for i in range(n)]
    spec = {p: dict(HEROES[p]) for p in players}
    for p, over in (heroes or {}).items():
        spec[p] = {**spec.get(p, {}), **over}
    setup = {"players": players, "tyrant": tyrant, "difficulty": difficulty, "heroes": spec, **extra}
    return Game(RULESET, setup, seed=seed)


def values(game: Game) -> list[Any]:
    assert game.pending is not None
    return [o.value for o in game.pending.options]


def in_anytime_window(game: Game) -> bool:
    """The pending decision is an "any time" window (issue 27: goblins and tribe cards inside a deed or the
    Tyrant's turn)."""
    d = game.pending
    return d is not None and d.kind == "respond" and d.rule == "Any time"


def pass_windows(game: Game) -> None:
    """Pass every "any time" window now pending."""
    while in_anytime_window(game):
        game.answer("pass")


def answer(game: Game, value: Any) -> None:
    """Answer with ``value``, then pass the "any time" windows that follow (issue 27; a test of those windows answers
    them with ``game.answer``). Windows pending before that do not offer ``value`` are passed first."""
    assert game.pending is not None, "no decision pending"
    while value not in values(game) and in_anytime_window(game):
        game.answer("pass")
    assert value in values(game), f"{value!r} not offered to {game.pending.kind}: {values(game)}"
    game.answer(value)
    pass_windows(game)


def choose(game: Game, kind: str, value: Any) -> None:
    """Answer a ``kind`` decision with ``value``, or check the rules resolved it so because it was the only option
    (RULINGS GU-S1: such decisions are not asked; the log says so)."""
    while in_anytime_window(game) and kind != "respond":
        game.answer("pass")
    d = game.pending
    if d is not None and d.kind == kind:
        answer(game, value)
        return
    assert any(e.kind == "rule" and e.data.get("decision") == kind and e.data.get("value") == value
               for e in game.log), f"no {kind} decision asked, nor resolved as {value!r} (pending: {d and d.kind})"


def until(game: Game, kind: str, player: str | None = None, pick: str = "end", limit: int = 200) -> None:
    """Answer decisions (with ``pick`` when offered, else the first option) until one of ``kind`` comes up."""
    for _ in range(limit):
        d = game.pending
        assert d is not None, "game over"
        if d.kind == kind and (player is None or d.player == player):
            return
        vals = values(game)
        game.answer(pick if pick in vals else ("take" if "take" in vals else "pass" if "pass" in vals else vals[0]))
    raise AssertionError(f"no {kind} decision within {limit} answers")


def state(game: Game) -> Any:
    return game.state


def kinds_log(game: Game, kind: str) -> list[str]:
    return [e.text for e in game.log if e.kind == kind]


def bare_game(n: int = 2) -> Game:
    """``n`` heroes on a board with no tokens, quests or troops, and the Tyrant out of reach (armor 20)."""
    game = new_game(n)
    s = game.state
    s.tokens.clear()
    s.quests.clear()
    for key in s.troops:
        s.troops[key] = 0
    s.armor = 20  # the Tyrant is no goal
    return game


def reask(game: Game) -> None:
    """Ask the pending hero-turn decision again, built from the current state (after a test changed it)."""
    from skirmish_goblin_uprising.turns import ask_action

    hid = game.pending.player
    game.pending = None
    game._waiting = None
    game.call(ask_action, hid)
    game.advance()


def to_turn_of(game: Game, hid: str) -> None:
    """Play the other heroes' turns plainly (end actions, adventure, take damage) until ``hid`` acts."""
    for _ in range(300):
        d = game.pending
        if d.kind == "action" and d.player == hid:
            return
        vals = values(game)
        for pick in ("end", "adventure", "take", "done", "green", "roll", "pass", "strike"):
            if pick in vals:
                game.answer(pick)
                break
        else:
            game.answer(vals[0])
    raise AssertionError(f"{hid} never got a turn")
