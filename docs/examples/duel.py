"""Dice Duel: the guide's running example, a complete ruleset in one file (and its numbers in duel.toml).

Each round every player says how many dice to roll (1 to 3). The roll scores its sum,
unless any die shows a 1: then it scores nothing. After three rounds the most points wins.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs

from skirmish import Decision, Game, Param, Phase, Ruleset, SkirmishError, load_toml, structure
from skirmish.dice import Distribution


# -- content: TOML data structured into frozen attrs classes -------------------------------------------
@attrs.frozen
class Rules:
    rounds: int
    max_dice: int
    bust: int


@attrs.frozen
class Content:
    rules: Rules


def load_content(ruleset: Ruleset) -> Content:
    """Read the TOML, let plugins change the raw tables (``extend_content``), then build and check it."""
    raw = load_toml(Path(__file__).with_name("duel.toml"))  # a package uses load_toml("my_pkg", "data/x.toml")
    return structure(ruleset.extend_content(raw), Content, where="dice-duel content")


# -- state: plain attrs data (clones, saves and replays need nothing more) -----------------------------
@attrs.define
class DuelState:
    points: dict[str, int]


# -- rules: small steps; a step that needs a choice asks a Decision ------------------------------------
def roll_phase(game: Game) -> None:
    """Each player, in seat order, chooses how many dice to roll."""
    for player in reversed(game.players):  # game.call puts a step on top: the last called runs first
        game.call(ask_dice, player)


def ask_dice(game: Game, player: str) -> None:
    rules = game.ruleset.content.rules
    decision = Decision(
        player, "dice", f"{player}: roll how many dice? (a {rules.bust} scores nothing)",
        params=(Param("dice", "int", 1, rules.max_dice, help="dice to roll"),),
        examples=({"dice": 1}, {"dice": rules.max_dice}),  # known-legal answers: random agents and the kit use them
        rule="Roll",
        context={"actor": player, "points": dict(game.state.points), "round": game.round},
    )
    game.ask(decision, roll, player)


def roll(game: Game, answer: Mapping[str, Any], player: str) -> None:
    values = game.rng.rolls_of(answer["dice"], rule="Roll", why=f"{player} rolls")
    score = 0 if game.ruleset.content.rules.bust in values else sum(values)
    modify = getattr(game.hooks, "dice_duel_modify_score", None) if game.hooks is not None else None
    if modify is not None:  # the ruleset's own hook (duel_hooks.py): house rules change a score here
        score += sum(modify(game=game, player=player, values=list(values), score=score))
    game.state.points[player] += score
    game.emit("score", f"{player} scores {score}", rule="Roll", player=player, score=score)
    game.ruleset.after_roll(game, player, score)


def score_distribution(n: int, bust: int = 1) -> Distribution:
    """Exact odds of one roll of ``n`` dice, worked out from the same rule the game plays."""
    counts: dict[int, int] = {0: 0}
    faces = range(1, 7)
    outcomes: list[tuple[int, ...]] = [()]
    for _ in range(n):
        outcomes = [o + (f,) for o in outcomes for f in faces]
    for o in outcomes:
        score = 0 if bust in o else sum(o)
        counts[score] = counts.get(score, 0) + 1
    return Distribution(counts)


class Duel(Ruleset):
    """Dice Duel: push your luck with up to three dice a round."""

    name = "dice-duel"
    title = "Dice Duel"
    version = "1.0.0"
    min_players = 2
    max_players = 4
    max_decisions = 50

    @functools.cached_property
    def content(self) -> Content:
        """Built on first use: the registry sets ``hooks`` after making the ruleset."""
        return load_content(self)

    def default_setup(self) -> dict[str, Any]:
        return {"players": ["Red", "Blue"]}

    def create(self, game: Game) -> DuelState:
        return DuelState({p: 0 for p in game.players})

    def after_roll(self, game: Game, player: str, score: int) -> None:
        """Called after each roll has scored (variants add to it)."""

    def phases(self) -> Mapping[str, Phase]:
        return {"roll": Phase("roll", roll_phase, "Roll")}

    def end_of_round(self, game: Game) -> None:
        if game.round < self.content.rules.rounds:
            return
        points = game.state.points
        best = max(points.values())
        leaders = [p for p, v in points.items() if v == best]
        scores = {p: float(v) for p, v in points.items()}
        if len(leaders) > 1:
            game.finish([], "the leaders are level", rule="End", scores=scores, draw=True)
        else:
            game.finish(leaders, f"most points after {game.round} rounds", rule="End", scores=scores)

    # -- explaining ---------------------------------------------------------------------------------
    def brief(self, game: Game, player: str | None) -> str:
        points = "  ".join(f"{p} {v}" for p, v in game.state.points.items())
        return f"round {game.round}/{self.content.rules.rounds}  {points}"

    def glossary(self) -> dict[str, str]:
        rules = self.content.rules
        return {"Roll": f"roll 1-{rules.max_dice} dice; the sum scores, unless a die shows {rules.bust}",
                "End": f"after {rules.rounds} rounds the most points wins; level leaders draw"}

    def odds(self, game: Game, player: str, query: str) -> list[tuple[str, dict[Any, Fraction]]]:
        rules = self.content.rules
        allowed = [str(n) for n in range(1, rules.max_dice + 1)]
        if query.strip() and query.strip() not in allowed:
            raise SkirmishError(f"odds takes a number of dice (1-{rules.max_dice}), not {query!r}")
        counts = [int(query)] if query.strip() else [int(n) for n in allowed]
        return [(f"{n} dice", dict(score_distribution(n, rules.bust).items())) for n in counts]

    def measure(self, game: Game, player: str, a: str, b: str) -> str:
        raise SkirmishError("Dice Duel has no table to measure on")

    def final_summary(self, game: Game, player: str | None) -> str:
        return super().final_summary(game, player) + "\n" + self.brief(game, player)


if __name__ == "__main__":
    # Loaded dice: Red rolls 3 dice (4 5 6 = 15), Blue 2 dice (1 6 = 0), and so on.
    game = Game(Duel(), {"players": ["Red", "Blue"]}, seed=7, dice=[4, 5, 6, 1, 6])
    assert game.pending.kind == "dice" and game.pending.context["actor"] == "Red"
    game.answer({"dice": 3})
    game.answer({"dice": 2})
    assert game.state.points == {"Red": 15, "Blue": 0}
    for _ in range(4):
        game.answer({"dice": 1})  # unloaded dice from here: the seed decides
    assert game.result is not None and game.result.outcome("Red") in ("win", "loss", "draw")
    assert score_distribution(1)[0] == Fraction(1, 6)
    assert sum(score_distribution(3).values()) == 1
    print(game.ruleset.final_summary(game, None))
