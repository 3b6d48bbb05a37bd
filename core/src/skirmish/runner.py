"""Driving games with agents, one at a time or thousands in parallel processes."""

from __future__ import annotations

import math
import os
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from skirmish.agents import Agent, View
from skirmish.engine import Game
from skirmish.errors import SkirmishError


class DecisionLimit(SkirmishError):
    """A game did not end within its decision bound."""


def drive(game: Game, agents: Mapping[str, Agent], *, max_decisions: int | None = None,
          after_answer: Callable[[Game], None] | None = None) -> Game:
    """Ask each pending decision of its player's agent until the game ends."""
    while game.pending is not None:
        if max_decisions is not None and game.decisions >= max_decisions:
            raise DecisionLimit(f"the game did not end within {max_decisions} decisions")
        decision = game.pending
        answer = agents[decision.player].decide(View(game, decision.player), decision)
        game.answer(answer, decision.player)
        if after_answer is not None:
            after_answer(game)
    return game


def agent_seed(seed: int, index: int) -> int:
    """A seed for the ``index``-th agent of the game seeded ``seed`` (independent of the game's dice)."""
    return (seed * 1_000_003 + index * 7_919 + 12_345) % (2**63)


@attrs.frozen
class GameRecord:
    """The outcome of one simulated game."""

    seed: int
    agents: tuple[str, ...]
    players: tuple[str, ...]
    winners: tuple[str, ...]
    finished: bool
    rounds: int
    decisions: int
    dice: int
    seconds: float
    reason: str = ""
    extra: dict[str, float] = attrs.field(factory=dict)
    winning_seats: tuple[str, ...] = ()
    draw: bool = False
    scores: dict[str, float] = attrs.field(factory=dict)

    def outcome(self, seat: str) -> str:
        """``"win"``, ``"loss"`` or ``"draw"`` for ``seat`` (an unfinished game is a draw for nobody: ``"none"``)."""
        if not self.finished:
            return "none"
        if self.draw:
            return "draw"
        return "win" if seat in self.winning_seats else "loss"


def play_one(registry: Any, ruleset_name: str, seed: int, agent_names: Sequence[str], *,
             setup: dict[str, Any] | None = None, max_decisions: int | None = None,
             options: dict[str, Any] | None = None) -> GameRecord:
    """Play one game with the named agents seated in order."""
    ruleset = registry.ruleset(ruleset_name)
    start = time.perf_counter()
    game = Game(ruleset, setup, seed=seed, keep_log=False)
    names = list(agent_names) or ["random"]
    seats = [names[i % len(names)] for i in range(len(game.players))]
    agents = {p: registry.make_agent(seats[i], ruleset, p, agent_seed(seed, i), game.players, **(options or {}))
              for i, p in enumerate(game.players)}
    limit = max_decisions or ruleset.max_decisions
    finished = True
    try:
        drive(game, agents, max_decisions=limit)
    except DecisionLimit:
        finished = False
    result = game.result
    return GameRecord(seed, tuple(seats), game.players, result.winners if result else (), finished and result
                      is not None, game.round, game.decisions, game.rng.rolls, time.perf_counter() - start,
                      result.reason if result else "decision limit", game_figures(game),
                      result.winning_seats if result else (), bool(result and result.draw),
                      dict(result.scores) if result else {})


def game_figures(game: Game) -> dict[str, float]:
    """The ruleset's ``summary`` of a game, then every plugin's ``skirmish_simulate_figures`` (for its ruleset)."""
    figures = dict(game.ruleset.summary(game))
    if game.hooks is not None:
        for extra in game.hooks.skirmish_simulate_figures(game=game):
            figures.update(extra or {})
    return figures


@attrs.frozen
class Summary:
    """What ``skirmish simulate`` reports.

    ``wins_by_side`` counts games won by each side (seats, teams, or a side with no seat such as
    a co-op game's Tyrant); ``wins_by_agent`` counts seats won by each agent; ``draws`` are games
    the rules called a draw; ``no_winner`` games ended with every seat losing and no side named;
    ``seat_outcomes`` gives wins, losses and draws per seat.
    """

    ruleset: str
    games: int
    finished: int
    draws: int
    wins_by_side: dict[str, int]
    wins_by_agent: dict[str, int]
    mean_rounds: float
    mean_decisions: float
    mean_dice: float
    seconds: float
    workers: int
    extra: dict[str, float] = attrs.field(factory=dict)
    no_winner: int = 0
    seat_outcomes: dict[str, dict[str, int]] = attrs.field(factory=dict)
    mean_scores: dict[str, float] = attrs.field(factory=dict)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else math.inf

    def to_dict(self) -> dict[str, Any]:
        out = attrs.asdict(self)
        out["games_per_second"] = round(self.games_per_second, 2)
        return out


def summarize(ruleset: str, records: Sequence[GameRecord], seconds: float, workers: int) -> Summary:
    by_side: Counter[str] = Counter()
    by_agent: Counter[str] = Counter()
    extra: Counter[str] = Counter()
    seats: dict[str, Counter[str]] = {}
    scores: dict[str, list[float]] = {}
    draws = no_winner = 0
    for r in records:
        if r.finished and r.draw:
            draws += 1
        elif r.finished and not r.winners:
            no_winner += 1
        for w in r.winners:
            by_side[w] += 1
        for seat in r.winning_seats:
            if seat in r.players:
                by_agent[r.agents[r.players.index(seat)]] += 1
        for seat in r.players:
            outcome = r.outcome(seat)
            if outcome != "none":
                seats.setdefault(seat, Counter({"win": 0, "loss": 0, "draw": 0}))[outcome] += 1
        extra.update(r.extra)
        for seat, points in r.scores.items():
            scores.setdefault(seat, []).append(points)
    n = max(len(records), 1)
    return Summary(ruleset, len(records), sum(r.finished for r in records), draws, dict(sorted(by_side.items())),
                   dict(sorted(by_agent.items())), sum(r.rounds for r in records) / n,
                   sum(r.decisions for r in records) / n, sum(r.dice for r in records) / n, seconds, workers,
                   {k: v / n for k, v in sorted(extra.items())}, no_winner,
                   {seat: dict(c) for seat, c in sorted(seats.items())},
                   {seat: sum(v) / len(v) for seat, v in sorted(scores.items())})


_REGISTRY: Any = None


def _chunk(args: tuple[str, list[int], list[str], dict[str, Any] | None, bool, int | None]) -> list[GameRecord]:
    """Worker: play a chunk of games (the registry is built once per process)."""
    global _REGISTRY
    from skirmish.plugins import Registry

    ruleset, seeds, agents, setup, alternate, max_decisions = args
    if _REGISTRY is None:
        _REGISTRY = Registry()
    out = []
    for s in seeds:
        names = agents[::-1] if alternate and s % 2 else agents
        out.append(play_one(_REGISTRY, ruleset, s, names, setup=setup, max_decisions=max_decisions))
    return out


def simulate(registry: Any, ruleset: str, n: int, agents: Sequence[str], *, seed: int = 0, workers: int = 1,
             setup: dict[str, Any] | None = None, alternate: bool = False, max_decisions: int | None = None,
             progress: Callable[[int], None] | None = None) -> tuple[Summary, list[GameRecord]]:
    """Play ``n`` games (seeds ``seed`` .. ``seed+n-1``), in ``workers`` processes when more than one."""
    registry.ruleset(ruleset)  # fail early on a bad name
    for a in agents:
        registry.agent_spec(a, ruleset)
    seeds = list(range(seed, seed + n))
    start = time.perf_counter()
    records: list[GameRecord] = []
    workers = max(1, min(workers, os.cpu_count() or 1, n or 1))
    if workers == 1:
        for s in seeds:
            names = list(agents)[::-1] if alternate and s % 2 else list(agents)
            records.append(play_one(registry, ruleset, s, names, setup=setup, max_decisions=max_decisions))
            if progress:
                progress(1)
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        size = max(1, min(100, math.ceil(n / (workers * 8))))
        chunks = [seeds[i:i + size] for i in range(0, n, size)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_chunk, (ruleset, c, list(agents), setup, alternate, max_decisions))
                       for c in chunks]
            for fut in as_completed(futures):
                got = fut.result()
                records.extend(got)
                if progress:
                    progress(len(got))
        records.sort(key=lambda r: r.seed)
    return summarize(ruleset, records, time.perf_counter() - start, workers), records
