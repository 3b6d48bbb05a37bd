"""Driving games with agents, one at a time or thousands in parallel processes.

A game that raises is recorded (ruleset, seed, agents and where in the rules code it
failed) and the run goes on, unless ``fail_fast``. Seeds are handed out lazily, chunk by
chunk, so a long run costs no memory up front. Ctrl-C stops every worker at once and
:class:`SimulationInterrupted` carries what was finished.
"""

from __future__ import annotations

import math
import os
import signal
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from skirmish.agents import Agent, View
from skirmish.engine import Game
from skirmish.errors import SkirmishError

#: the most games one ``simulate`` call plays (seeds are lazy; this bounds a typo's cost)
MAX_GAMES = 10_000_000


class DecisionLimit(SkirmishError):
    """A game did not end within its decision bound."""


class SimulationInterrupted(SkirmishError):
    """The run was interrupted (Ctrl-C); ``summary`` and ``records`` hold the games finished before."""

    def __init__(self, summary: Summary, records: list[GameRecord]) -> None:
        super().__init__(f"interrupted after {len(records)} games")
        self.summary = summary
        self.records = records


class GameFailed(SkirmishError):
    """A game raised and the run was asked to stop at the first failure (``fail_fast``)."""

    def __init__(self, record: GameRecord) -> None:
        super().__init__(f"game with seed {record.seed} ({', '.join(record.agents)}) failed: {record.error}")
        self.record = record


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
    #: why the game failed, with the place in the code ("" when it did not)
    error: str = ""
    #: the round the game would have ended after if nothing decided it sooner (0: no fixed length)
    last_round: int = 0

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
    """Play one game with the named agents seated in order.

    A game that raises comes back as a record with ``error`` set (what and where), not finished.
    """
    ruleset = registry.ruleset(ruleset_name)
    start = time.perf_counter()
    names = list(agent_names) or ["random"]
    game: Game | None = None
    seats: list[str] = []
    try:
        game = Game(ruleset, setup, seed=seed, keep_log=False)
        seats = [names[i % len(names)] for i in range(len(game.players))]
        agents = {p: registry.make_agent(seats[i], ruleset, p, agent_seed(seed, i), game.players, **(options or {}))
                  for i, p in enumerate(game.players)}
        limit = max_decisions or ruleset.max_decisions
        finished = True
        tracker = ForceTracker(game)
        try:
            drive(game, agents, max_decisions=limit, after_answer=tracker)
        except DecisionLimit:
            finished = False
        result = game.result
        return GameRecord(seed, tuple(seats), game.players, result.winners if result else (), finished and result
                          is not None, game.round, game.decisions, game.rng.rolls, time.perf_counter() - start,
                          result.reason if result else "decision limit",
                          {**game_figures(game), **tracker.figures()},
                          result.winning_seats if result else (), bool(result and result.draw),
                          dict(result.scores) if result else {}, last_round=_last_round(ruleset, game))
    except Exception as exc:  # noqa: BLE001 - one failing game must not lose the run
        players = game.players if game is not None else ()
        return GameRecord(seed, tuple(seats or names), players, (), False, game.round if game else 0,
                          game.decisions if game else 0, game.rng.rolls if game else 0,
                          time.perf_counter() - start, "error", {}, error=describe_failure(exc))


def _last_round(ruleset: Any, game: Game) -> int:
    try:
        return int(ruleset.last_round(game) or 0)
    except Exception:  # noqa: BLE001 - a figure, not the game: a ruleset that cannot say has no fixed length
        return 0


class ForceTracker:
    """Share of the force lost in each round, from ``skirmish_force_share`` (asked as each round starts and
    at the end); gives ``{"lost in round N": share}`` averaged over seats, or nothing when unmeasured."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.round = game.round
        self.shares: list[tuple[int, dict[str, float]]] = []
        self.active = self._ask() is not None

    def _ask(self) -> dict[str, float] | None:
        hooks = self.game.hooks
        if hooks is None:
            return None
        for got in hooks.skirmish_force_share(game=self.game):
            if got:
                self.shares.append((self.game.round, dict(got)))
                return got
        return None

    def __call__(self, game: Game) -> None:
        if self.active and game.round != self.round:
            self.round = game.round
            self._ask()

    def figures(self) -> dict[str, float]:
        if not self.active:
            return {}
        self._ask()
        out: dict[str, float] = {}
        for i in range(len(self.shares) - 1):
            (r, a), (_, b) = self.shares[i], self.shares[i + 1]
            lost = [a[s] - b.get(s, a[s]) for s in a]
            key = f"lost in round {max(r, 1)}"
            out[key] = out.get(key, 0.0) + (sum(lost) / len(lost) if lost else 0.0)
        return out


def describe_failure(exc: BaseException) -> str:
    """``"ValueError: message (at rules.py:120 in shoot)"``: what failed and the innermost place in the code."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = ""
    if frames:
        last = frames[-1]
        where = f" (at {os.path.basename(last.filename)}:{last.lineno} in {last.name})"
    message = str(exc).splitlines()[0] if str(exc) else ""
    text = f"{type(exc).__name__}: {message}" if message else type(exc).__name__
    return text[:300] + where


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
    #: games that raised, and the first few of them (seed, agents, error)
    errors: int = 0
    failures: list[dict[str, Any]] = attrs.field(factory=list)
    #: the sides of the simulated set-up and the seats on each (a side with none: not a seat, e.g. the Tyrant)
    sides: dict[str, list[str]] = attrs.field(factory=dict)

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
    failed = [r for r in records if r.error]
    shown = [{"seed": r.seed, "agents": list(r.agents), "error": r.error} for r in failed[:MAX_FAILURES_SHOWN]]
    return Summary(ruleset, len(records), sum(r.finished for r in records), draws, dict(sorted(by_side.items())),
                   dict(sorted(by_agent.items())), sum(r.rounds for r in records) / n,
                   sum(r.decisions for r in records) / n, sum(r.dice for r in records) / n, seconds, workers,
                   {k: v / n for k, v in sorted(extra.items())}, no_winner,
                   {seat: dict(c) for seat, c in sorted(seats.items())},
                   {seat: sum(v) / len(v) for seat, v in sorted(scores.items())}, len(failed), shown)


#: how many failed games a summary lists in full
MAX_FAILURES_SHOWN = 20


_REGISTRY: Any = None


def _worker_init() -> None:
    """Workers leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
             progress: Callable[[int], None] | None = None, fail_fast: bool = False
             ) -> tuple[Summary, list[GameRecord]]:
    """Play ``n`` games (seeds ``seed`` .. ``seed+n-1``), in ``workers`` processes when more than one.

    Raises :class:`SimulationInterrupted` on Ctrl-C (with the finished games) and, with
    ``fail_fast``, :class:`GameFailed` at the first game that raises.
    """
    if not 1 <= n <= MAX_GAMES:
        raise SkirmishError(f"the number of games must be between 1 and {MAX_GAMES:,}, not {n:,}")
    registry.ruleset(ruleset)  # fail early on a bad name
    for a in agents:
        registry.agent_spec(a, ruleset)
    start = time.perf_counter()
    records: list[GameRecord] = []
    workers = max(1, min(workers, os.cpu_count() or 1, n))

    def done(got: list[GameRecord]) -> None:
        records.extend(got)
        if progress:
            progress(len(got))
        if fail_fast:
            failed = next((r for r in got if r.error), None)
            if failed is not None:
                raise GameFailed(failed)

    try:
        if workers == 1:
            for s in range(seed, seed + n):
                names = list(agents)[::-1] if alternate and s % 2 else list(agents)
                done([play_one(registry, ruleset, s, names, setup=setup, max_decisions=max_decisions)])
        else:
            _run_in_processes(ruleset, n, seed, list(agents), setup, alternate, max_decisions, workers, done)
    except KeyboardInterrupt:
        records.sort(key=lambda r: r.seed)
        summary = summarize(ruleset, records, time.perf_counter() - start, workers)
        raise SimulationInterrupted(summary, records) from None
    records.sort(key=lambda r: r.seed)
    summary = summarize(ruleset, records, time.perf_counter() - start, workers)
    return attrs.evolve(summary, sides=_sides(registry, ruleset, setup)), records


def _sides(registry: Any, ruleset: str, setup: dict[str, Any] | None) -> dict[str, list[str]]:
    """The sides of the set-up the games were played from (empty when it cannot be worked out)."""
    rs = registry.ruleset(ruleset)
    try:
        checked = rs.check_setup(setup if setup is not None else rs.default_setup())
        return {side: list(seats) for side, seats in rs.sides(checked).items()}
    except Exception:  # noqa: BLE001 - a label for the report, never a reason to lose the results
        return {}


def _run_in_processes(ruleset: str, n: int, seed: int, agents: list[str], setup: dict[str, Any] | None,
                      alternate: bool, max_decisions: int | None, workers: int,
                      done: Callable[[list[GameRecord]], None]) -> None:
    """Hand out chunks of seeds lazily (a few per worker in flight); on any exit, stop every worker."""
    size = max(1, min(100, math.ceil(n / (workers * 8))))
    end = seed + n
    tasks = ((ruleset, list(range(first, min(first + size, end))), agents, setup, alternate, max_decisions)
             for first in range(seed, end, size))
    for got in in_processes(_chunk, tasks, workers, in_flight=3, initializer=_worker_init):
        done(got)


def in_processes(fn: Callable[..., Any], tasks: Iterable[Any], workers: int, *, in_flight: int = 2,
                 initializer: Callable[[], None] | None = None, spread: bool = False) -> Iterator[Any]:
    """``fn(task)`` (``fn(*task)`` with ``spread``) for each task in ``workers`` spawned processes, each result
    as soon as it is done (in any order). Tasks are handed out lazily, ``in_flight`` per worker at a time;
    when the caller stops early or anything fails, every worker is stopped."""
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    pool = ProcessPoolExecutor(max_workers=workers, initializer=initializer, mp_context=process_context())
    todo = iter(tasks)
    clean = False
    try:
        pending: set[Any] = set()
        while True:
            while len(pending) < workers * in_flight and (task := next(todo, None)) is not None:
                pending.add(pool.submit(fn, *task) if spread else pool.submit(fn, task))
            if not pending:
                break
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                yield fut.result()
        clean = True
    finally:
        if clean:
            pool.shutdown(wait=True)
        else:
            _stop_pool(pool)


def process_context() -> Any:
    """How worker processes start: spawned afresh, never forked from the calling process.

    Forking a process that runs threads (a Dask client, a GUI, a test runner's helpers) is unsafe:
    a child can inherit a lock held by a thread that does not exist in it. A spawned worker starts
    clean with the parent's ``sys.path`` and its environment as it is now (``SKIRMISH_PLUGINS``
    included) and builds its own registry; it costs a start-up per worker, once per run.
    """
    import multiprocessing

    return multiprocessing.get_context("spawn")


def _stop_pool(pool: Any) -> None:
    """Terminate the workers now and leave no process behind."""
    processes = list(getattr(pool, "_processes", {}).values())
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        proc.join(timeout=2)
        if proc.is_alive():
            proc.kill()
            proc.join(timeout=1)
