"""Driving games with agents, one at a time or thousands in parallel processes.

A game that raises is recorded (ruleset, seed, agents and where in the rules code it
failed) and the run goes on, unless ``fail_fast``. Seeds are handed out lazily, chunk by
chunk, and each chunk's games are folded into running summaries as it finishes, so a long run
costs flat memory (:mod:`skirmish.studies.executors`, :mod:`skirmish.studies.tally`). Ctrl-C
stops every worker and :class:`SimulationInterrupted` carries what was finished.
"""

from __future__ import annotations

import contextlib
import gc
import os
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from skirmish.agents import Agent, View
from skirmish.engine import Game
from skirmish.errors import SkirmishError
from skirmish.plugins import Registry, worker_registry

if TYPE_CHECKING:
    from skirmish.studies.tally import Summary

# The study machinery (skirmish.studies: executors, tallies) is imported inside the functions that run
# studies, never at the top: playing one game (``skirmish play``) does not load it. No circle: the
# studies modules do not import this one.

#: the most games one ``simulate`` call plays (seeds are lazy; this bounds a typo's cost)
MAX_GAMES = 10_000_000


class DecisionLimit(SkirmishError):
    """A game did not end within its decision bound."""


class SimulationInterrupted(SkirmishError):
    """The run was interrupted (Ctrl-C); ``summary`` holds the games finished before (``records`` too, when the
    caller asked for them to be kept)."""

    def __init__(self, summary: Summary, records: list[GameRecord] | None = None, tally: Any = None) -> None:
        super().__init__(f"interrupted after {summary.games} games")
        self.summary = summary
        self.records = records if records is not None else []
        self.tally = tally


class WorkersLost(SkirmishError):
    """Worker processes died during the run: ``summary`` holds the games finished, ``lost`` the seeds the dead
    workers held (``unplayed`` seeds were not handed out yet)."""

    def __init__(self, summary: Summary, why: str, lost: list[int], unplayed: int, tally: Any = None) -> None:
        from skirmish.studies.executors import seed_ranges

        self.summary, self.why, self.lost, self.unplayed, self.tally = summary, why, lost, unplayed, tally
        super().__init__(f"{why}: {summary.games} games finished, {len(lost)} lost (seeds {seed_ranges(lost)})"
                         + (f", {unplayed} not played" if unplayed else "")
                         + "; play the lost seeds again with --seed")


class GameFailed(SkirmishError):
    """A game raised and the run was asked to stop at the first failure (``fail_fast``)."""

    def __init__(self, record: GameRecord) -> None:
        super().__init__(f"game with seed {record.seed} ({', '.join(record.agents)}) failed: {record.error}")
        self.record = record


def drive(game: Game, agents: Mapping[str, Agent], *, max_decisions: int | None = None,
          after_answer: Callable[[Game], None] | None = None, until: Callable[[Any], bool] | None = None) -> Game:
    """Ask each pending decision of its player's agent until the game ends (or, with ``until``, until the pending
    decision is one ``until`` accepts: left unanswered, for a test or a study to look at)."""
    while game.pending is not None:
        if until is not None and until(game.pending):
            break
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


def seat_agents(registry: Any, game: Game, seats: Mapping[str, str], *, skip: Iterable[str] = (),
                **options: Any) -> dict[str, Agent]:
    """A fresh agent for each player but those in ``skip``, named by ``seats[player]`` and seeded by its seat
    (:func:`agent_seed`): the same agents for the same game wherever it is played."""
    left_out = set(skip)
    return {p: registry.make_agent(seats[p], game.ruleset, p, agent_seed(game.seed, i), game.players, **options)
            for i, p in enumerate(game.players) if p not in left_out}


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
        agents = seat_agents(registry, game, dict(zip(game.players, seats, strict=True)), **(options or {}))
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
            lost = [max(0.0, a[s] - b.get(s, a[s])) for s in a]  # a side that grew lost nothing
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


def summarize(ruleset: str, records: Sequence[GameRecord], seconds: float, workers: int) -> Summary:
    """The summary of ``records`` (one pass of a :class:`skirmish.studies.tally.Tally`)."""
    from skirmish.studies.tally import tally

    return tally(records).summary(ruleset, seconds, workers)


def play_seeds(registry: Any, ruleset: str, seeds: Iterable[int], agents: Sequence[str],
               setup: dict[str, Any] | None, alternate: bool, max_decisions: int | None) -> list[GameRecord]:
    """One game per seed (seats reversed on odd seeds with ``alternate``); in a worker asked to stop (Ctrl-C in
    the parent), the games played so far."""
    from skirmish.studies.executors import stop_requested

    out = []
    with fewer_collections():
        for s in seeds:
            if stop_requested():
                break
            names = list(agents)[::-1] if alternate and s % 2 else list(agents)
            out.append(play_one(registry, ruleset, s, names, setup=setup, max_decisions=max_decisions))
    return out


#: the youngest generation's threshold while a study plays its games (Python's default is 700)
STUDY_GC_THRESHOLD = 50_000


@contextlib.contextmanager
def fewer_collections(threshold: int = STUDY_GC_THRESHOLD) -> Iterator[None]:
    """Collect cyclic garbage less often while many games play in this process, restoring the setting after.

    Games allocate many short-lived containers that reference counting frees; the default threshold runs a young
    collection every 700 of them. Raising it saves 1.5-3 % of the instructions of an AI game (valgrind,
    2026-12-07: Chob-Noggoth 278.3 -> 269.8 M, Hobgoblin 1,452 -> 1,430 M, Goblin Uprising 84.4 -> 84.1 M) and
    changes no game: results never depend on when garbage is collected.
    """
    old = gc.get_threshold()
    gc.set_threshold(max(threshold, old[0]), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


def _games(seeds: list[int], ruleset: str, agents: list[str], setup: dict[str, Any] | None, alternate: bool,
           max_decisions: int | None) -> list[GameRecord]:
    """Worker: play a chunk of games with the worker's registry."""
    return play_seeds(worker_registry(), ruleset, seeds, agents, setup, alternate, max_decisions)


def play_games(registry: Any, ruleset: str, n: int, agents: Sequence[str], *, seed: int = 0, workers: int = 1,
               setup: dict[str, Any] | None = None, alternate: bool = False, max_decisions: int | None = None,
               progress: Callable[[int], None] | None = None, fail_fast: bool = False, executor: Any = None,
               sink: Callable[[list[GameRecord]], None] | None = None) -> tuple[Summary, Any]:
    """Play ``n`` games (seeds ``seed`` .. ``seed+n-1``): (summary, tally), the games folded into a
    :class:`~skirmish.studies.tally.Tally` as each chunk finishes (memory flat in ``n``); ``sink`` is given
    each chunk's records (to write them to a file), ``progress`` their number. ``executor``
    (:mod:`skirmish.studies.executors`) says where the games run; by default here, in ``workers`` processes
    when more than one.

    Raises :class:`SimulationInterrupted` on Ctrl-C and :class:`WorkersLost` when a worker dies (both with the
    games finished), and with ``fail_fast`` :class:`GameFailed` at the first game that raises.
    """
    from skirmish.studies.executors import (
        LocalExecutor,
        StudyInterrupted,
        lazy_chunks,
        run_chunks,
        run_inline,
    )
    from skirmish.studies.executors import WorkersLost as Lost
    from skirmish.studies.tally import Tally


    if not 1 <= n <= MAX_GAMES:
        raise SkirmishError(f"the number of games must be between 1 and {MAX_GAMES:,}, not {n:,}")
    registry.ruleset(ruleset)  # fail early on a bad name
    for a in agents:
        registry.agent_spec(a, ruleset)
    given = executor
    if executor is None:
        executor = LocalExecutor(min(workers, n))
    elif executor.name == "local" and executor.workers > n:  # no more processes than games
        executor = LocalExecutor(n)
    start = time.perf_counter()
    total = Tally()
    agents = list(agents)

    def done(part: list[int], got: list[GameRecord]) -> None:
        total.add_all(got)
        if sink is not None:
            sink(got)
        if progress:
            progress(len(got))
        if fail_fast:
            failed = min((r for r in got if r.error), key=lambda r: r.seed, default=None)
            if failed is not None:
                raise GameFailed(failed)

    backend = executor.backend()
    used = getattr(backend, "workers", 1) if backend is not None else 1

    def summary() -> Summary:
        return total.summary(ruleset, time.perf_counter() - start, used, _sides(registry, ruleset, setup))

    parts = lazy_chunks(range(seed, seed + n), executor.chunk_size(n))
    try:
        if backend is None:
            run_inline(lambda part: play_seeds(registry, ruleset, part, agents, setup, alternate, max_decisions),
                       parts, done)
        else:
            from skirmish.studies.fingerprint import fingerprint

            check = fingerprint(registry) if backend.name != "local" else None
            run_chunks(backend, _games, parts, (ruleset, agents, setup, alternate, max_decisions), done, check)
    except StudyInterrupted:
        raise SimulationInterrupted(summary(), tally=total) from None
    except Lost as lost:
        raise WorkersLost(summary(), lost.why, lost.lost, lost.unplayed, total) from None
    finally:
        if executor is not given:  # made here: its workers end with this study (a given one keeps them)
            executor.close()
    return summary(), total


def simulate(registry: Any, ruleset: str, n: int, agents: Sequence[str], *, seed: int = 0, workers: int = 1,
             setup: dict[str, Any] | None = None, alternate: bool = False, max_decisions: int | None = None,
             progress: Callable[[int], None] | None = None, fail_fast: bool = False, executor: Any = None
             ) -> tuple[Summary, list[GameRecord]]:
    """:func:`play_games` keeping every record too (in seed order): for small runs and tests; a big study folds
    its games with :func:`play_games` and writes rows with its ``sink``.

    Raises :class:`SimulationInterrupted` on Ctrl-C (with the finished games) and, with
    ``fail_fast``, :class:`GameFailed` at the first game that raises.
    """
    records: list[GameRecord] = []
    try:
        summary, _ = play_games(registry, ruleset, n, agents, seed=seed, workers=workers, setup=setup,
                           alternate=alternate, max_decisions=max_decisions, progress=progress, fail_fast=fail_fast,
                           executor=executor, sink=records.extend)
    except SimulationInterrupted as stop:
        records.sort(key=lambda r: r.seed)
        raise SimulationInterrupted(stop.summary, records, stop.tally) from None
    records.sort(key=lambda r: r.seed)
    return summary, records


def _sides(registry: Any, ruleset: str, setup: dict[str, Any] | None) -> dict[str, list[str]]:
    """The sides of the set-up the games were played from (empty when it cannot be worked out)."""
    rs = registry.ruleset(ruleset)
    try:
        checked = rs.check_setup(setup if setup is not None else rs.default_setup())
        return {side: list(seats) for side, seats in rs.sides(checked).items()}
    except Exception:  # noqa: BLE001 - a label for the report, never a reason to lose the results
        return {}


def simulate_on(executor: Any, ruleset: str, n: int, agents: Sequence[str], *, seed: int = 0,
                setup: dict[str, Any] | None = None, alternate: bool = False,
                max_decisions: int | None = None) -> tuple[Any, list[Any]]:
    """:func:`simulate` through ``executor``: the same records for the same seeds."""
    return simulate(Registry(), ruleset, n, agents, seed=seed, setup=setup, alternate=alternate,
                    max_decisions=max_decisions, executor=executor)


def __getattr__(name: str) -> Any:
    """``skirmish.runner.Summary`` still works (it lives in :mod:`skirmish.studies.tally`, loaded on first use)."""
    if name == "Summary":
        from skirmish.studies.tally import Summary

        return Summary
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
