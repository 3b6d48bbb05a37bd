"""Conformance check of a ruleset's own agents (its AIs): they play whole games and answer only legally."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from skirmish.agents import AgentContext, RandomAgent, View
from skirmish.engine import Game
from skirmish.ruleset import Ruleset
from skirmish.runner import agent_seed

AgentFactory = Callable[[AgentContext], Any]


def _state(game: Game, deep: bool) -> tuple[Any, ...]:
    return game.digest() if deep else "", game.decisions, len(game.log), len(game.answers), game.pending


def play_with_agents(ruleset: Ruleset, seed: int, seats: Mapping[str, tuple[str, AgentFactory]],
                     default: tuple[str, AgentFactory] = ("random", RandomAgent), *, digest_every: int = 4) -> Game:
    """A game from the default set-up, each seat played by ``seats[player]`` (``default`` for the others).

    Every answer is checked before the game takes it: an illegal answer, an agent that
    fails, changes the game while deciding (the state digest is compared at every
    ``digest_every``-th decision of a seat in ``seats``, the log and answers at every
    decision) or never ends the game
    raises AssertionError naming the agent, the seed and the decision.
    """
    game = Game(ruleset, seed=seed)
    agents: dict[str, tuple[str, Any]] = {}
    for i, player in enumerate(game.players):
        name, factory = seats.get(player, default)
        ctx = AgentContext(player, agent_seed(seed, i), ruleset, {}, game.players)
        try:
            agents[player] = (name, factory(ctx))
        except Exception as exc:  # noqa: BLE001 - report any failure as the agent's
            raise AssertionError(f"{ruleset.name}: agent {name!r} could not be made for {player}: "
                                 f"{type(exc).__name__}: {exc}") from exc
    while game.pending is not None:
        if game.decisions >= ruleset.max_decisions:
            raise AssertionError(f"{ruleset.name} seed {seed}: no end within {ruleset.max_decisions} decisions with "
                                 f"agents {[agents[p][0] for p in game.players]}")
        d = game.pending
        name, agent = agents[d.player]
        where = f"{ruleset.name} seed {seed}, decision {game.decisions + 1} ({d.kind!r} for {d.player})"
        deep = d.player in seats and game.decisions % digest_every == 0  # (the default agent is core's own)
        before = _state(game, deep)
        try:
            answer = agent.decide(View(game, d.player), d)
        except Exception as exc:  # noqa: BLE001
            raise AssertionError(f"{where}: agent {name!r} failed: {type(exc).__name__}: {exc}") from exc
        assert _state(game, deep) == before, f"{where}: agent {name!r} changed the game while deciding " \
            "(look ahead on view.sandbox(), never on the game)"
        value, err = d.check(game, answer)
        if err:
            raise AssertionError(f"{where}: agent {name!r} gave an illegal answer {answer!r}: {err}")
        game.answer(value, d.player)
    return game


def check_agents_play(ruleset: Ruleset, agents: Mapping[str, AgentFactory], seeds: Iterable[int]) -> dict[str, int]:
    """Each agent plays a game per seed (in seat ``seed % players``, random players elsewhere) and one game
    in every seat at once; every answer must be legal and every game must end. Returns decisions per agent."""
    played: dict[str, int] = {}
    seeds = list(seeds)
    for name, factory in sorted(agents.items()):
        decisions = 0
        players = tuple(ruleset.players(ruleset.check_setup(ruleset.default_setup())))
        for seed in seeds:
            seat = players[seed % len(players)]
            decisions += play_with_agents(ruleset, seed, {seat: (name, factory)}).decisions
        everyone = {p: (name, factory) for p in players}
        decisions += play_with_agents(ruleset, seeds[0] if seeds else 0, everyone).decisions
        played[name] = decisions
    return played
