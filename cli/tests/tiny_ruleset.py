"""A tiny ruleset for the CLI tests, loaded through ``SKIRMISH_PLUGINS=tiny_ruleset``.

Tiny Race: each round every player either rolls a d6 for points, takes 2 safe points,
or pushes their luck (a form: roll 1-3 dice, any 1 scores nothing). First to the
target (default 12) at the end of a round wins; ties are draws; 6 rounds at most.
Each player has a secret number (private events) so views differ.
"""

from __future__ import annotations

from typing import Any

import attrs
import click

from skirmish import (
    AgentSpec,
    CommandSpec,
    Decision,
    Param,
    Phase,
    Ruleset,
    RulesetSpec,
    SetupError,
    SetupOption,
    choose,
    hookimpl,
)


@attrs.define
class TinyState:
    scores: dict[str, int]
    secret: dict[str, int]


class TinyRuleset(Ruleset):
    """A race to a target score with one die."""

    name = "tiny"
    title = "Tiny Race"
    version = "1.0"
    max_players = 3
    max_decisions = 200

    def default_setup(self) -> dict[str, Any]:
        return {"players": ["red", "blue"], "target": 12}

    def setup_options(self) -> list[SetupOption]:
        return [SetupOption("target", "points needed to win", "int", low=1, high=100)]

    def check_setup(self, setup: Any) -> dict[str, Any]:
        setup = super().check_setup(setup)
        target = setup.setdefault("target", 12)
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 100:
            raise SetupError(f"'target' must be a whole number from 1 to 100, not {target!r}")
        extra = set(setup) - {"players", "target"}
        if extra:
            raise SetupError(f"unknown set-up key '{sorted(extra)[0]}' (known: players, target)")
        return setup

    def create(self, game: Any) -> TinyState:
        secret = {}
        for p in game.players:
            value = game.rng.roll(6, rule="Secret", log=False)
            secret[p] = value
            game.emit("secret", f"{p}'s secret number is {value}", rule="Secret", visible_to=(p,),
                      public_text=f"{p} picks a secret number")
        return TinyState({p: 0 for p in game.players}, secret)

    def phases(self) -> dict[str, Phase]:
        return {"race": Phase("race", _race, rule="Race")}

    def end_of_round(self, game: Any) -> None:
        scores = game.state.scores
        best = max(scores.values())
        if best >= game.setup["target"] or game.round >= 6:
            winners = [p for p, s in scores.items() if s == best]
            if len(winners) > 1:
                game.finish((), f"tied on {best}", rule="Finish", draw=True)
            else:
                game.finish(winners, f"{best} points", rule="Finish", scores=dict(scores))

    def view(self, game: Any, player: str | None) -> dict[str, Any]:
        secret = {p: (v if player is None or p == player else "?") for p, v in game.state.secret.items()}
        return {"scores": dict(game.state.scores), "secret": secret, "target": game.setup["target"]}

    def describe(self, game: Any, player: str | None) -> str:
        v = self.view(game, player)
        lines = [f"Round {game.round}, first to {v['target']}"]
        lines += [f"  {p}: {s} points (secret {v['secret'][p]})" for p, s in v["scores"].items()]
        return "\n".join(lines)

    def svg(self, game: Any, player: str | None) -> str | None:
        """Each player's score as a bar, and their secret only for themselves (or everybody)."""
        v = self.view(game, player)
        bars = [f'<rect x="0" y="{12 * i}" width="{s}" height="10"><title>{p} {v["secret"][p]}</title></rect>'
                for i, (p, s) in enumerate(v["scores"].items())]
        return '<svg xmlns="http://www.w3.org/2000/svg">' + "".join(bars) + "</svg>"

    def summary(self, game: Any) -> dict[str, float]:
        return {"points": float(sum(game.state.scores.values()))}


def _race(game: Any) -> None:
    for p in game.players:
        game.call(_turn, p)


def _turn(game: Any, player: str) -> None:
    game.ask(choose(player, "action", f"{player}: roll, safe or push?",
                    [("roll", "Roll a d6"), ("safe", "Take 2 points"), ("push", "Push your luck")], rule="Race"),
             _act, player)


def _act(game: Any, answer: str, player: str) -> None:
    if answer == "roll":
        _gain(game, player, game.rng.roll(6, rule="Race", why=f"{player} rolls"))
    elif answer == "safe":
        _gain(game, player, 2)
    else:
        game.ask(Decision(player, "push", "How many dice?", params=(Param("dice", "int", 1, 3, help="dice to roll"),),
                          validator=_greedy, examples=({"dice": 1},), rule="Push"), _push, player)


def _greedy(game: Any, answer: dict[str, Any]) -> str | None:
    if answer["dice"] == 3 and game.state.scores[game.pending.player] > 6:
        return "too greedy: 3 dice only while you have 6 points or fewer"
    return None


def _push(game: Any, answer: dict[str, Any], player: str) -> None:
    values = game.rng.rolls_of(answer["dice"], 6, rule="Push", why=f"{player} pushes")
    ev = game.emit("push", f"{player} pushed {answer['dice']} dice", rule="Push")
    with game.log.caused_by(ev):
        _gain(game, player, 0 if 1 in values else sum(values))


def _gain(game: Any, player: str, points: int) -> None:
    game.state.scores[player] += points
    game.emit("score", f"{player} scores {points} -> {game.state.scores[player]}", rule="Score")


class SafeAgent:
    """Always takes the safe points."""

    def __init__(self, ctx: Any) -> None:
        pass

    def decide(self, view: Any, decision: Any) -> Any:
        return "safe" if decision.options else {"dice": 1}


@click.command("tiny-hello")
@click.option("--name", default="world")
def hello(name: str) -> None:
    """Say hello (a command added by a plugin)."""
    click.echo(f"hello {name} from tiny")


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec.of(TinyRuleset)]


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    return [AgentSpec("ai", SafeAgent, "always takes the safe points", rulesets=("tiny",))]


@hookimpl
def skirmish_register_commands() -> list[CommandSpec]:
    return [CommandSpec("tiny-hello", hello, "say hello")]
