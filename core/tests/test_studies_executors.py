"""Where a study's games run: the Dask executor gives the same games as the local path for the same seeds,
chunks are handed out in a bounded window, and a worker whose environment differs is refused."""

from __future__ import annotations

import os
import signal
import threading
import time
from typing import Any

import pytest

from skirmish import Registry
from skirmish.errors import SkirmishError
from skirmish.runner import simulate, simulate_on
from skirmish.studies import executors
from skirmish.studies.executors import (
    DaskBackend,
    LocalExecutor,
    PoolBackend,
    chunks,
    lazy_chunks,
    run_chunks,
    seed_ranges,
)
from skirmish.studies.fingerprint import difference, fingerprint

REGISTRY = Registry()
FAST = "tavern-brawl" if "tavern-brawl" in REGISTRY.rulesets else "chob-noggoth"


def _key(records: list) -> list:
    return [(r.seed, r.agents, r.winners, r.rounds, r.decisions, r.dice, r.extra) for r in records]


def test_chunks_cover_every_seed_once() -> None:
    assert chunks(list(range(7)), 3) == [[0, 1, 2], [3, 4, 5], [6]]
    assert list(lazy_chunks(range(7), 3)) == [[0, 1, 2], [3, 4, 5], [6]]
    assert seed_ranges([5, 1, 2, 3, 9]) == "1-3, 5, 9"


def test_local_executor_matches_simulate() -> None:
    _, local = simulate(REGISTRY, FAST, 6, ["random"], seed=3, alternate=True)
    _, mine = simulate_on(LocalExecutor(1), FAST, 6, ["random"], seed=3, alternate=True)
    assert _key(local) == _key(mine)


def _square_chunk(seeds: list[int], offset: int) -> list[int]:
    return [s * s + offset for s in seeds]


def test_local_pool_runs_every_chunk_once_in_a_bounded_window() -> None:
    backend = PoolBackend(2)
    submitted: list[int] = []
    real = backend.submit

    def submit(fn: Any, *args: Any) -> Any:
        submitted.append(args[0][0])
        return real(fn, *args)

    backend.submit = submit  # type: ignore[method-assign]
    got: list[int] = []
    in_flight: list[int] = []

    def done(part: list[int], results: list[int]) -> None:
        got.extend(results)
        in_flight.append(len(submitted) - len(got) // 2)

    run_chunks(backend, _square_chunk, lazy_chunks(range(40), 2), (1,), done)
    assert sorted(got) == [s * s + 1 for s in range(40)]
    assert max(in_flight) <= backend.window  # never more than the window handed out ahead


class _FakeClient:
    """Stands for a distributed.Client whose worker reports another environment."""

    status = "running"

    def __init__(self, theirs: dict[str, Any]) -> None:
        self.theirs = theirs

    def scheduler_info(self) -> dict[str, Any]:
        return {"workers": {"tcp://10.0.0.9:4000": {"nthreads": 1}}}

    def run(self, fn: Any) -> dict[str, Any]:
        return {"tcp://10.0.0.9:4000": self.theirs}


def test_a_worker_whose_environment_differs_is_refused_with_one_line() -> None:
    mine = fingerprint(REGISTRY)
    theirs = {**mine, "plugins": {k: v for k, v in mine["plugins"].items() if k != FAST},
              "SKIRMISH_PLUGINS": "house_rules"}
    assert difference(mine, mine) == ""
    backend = DaskBackend(_FakeClient(theirs), "tcp://10.0.0.1:8786", 5.0)
    with pytest.raises(SkirmishError) as caught:
        backend.check(mine)
    line = str(caught.value)
    assert "\n" not in line and "tcp://10.0.0.9:4000" in line
    assert "SKIRMISH_PLUGINS 'house_rules' there, '' here" in line and f"plugin {FAST} missing there" in line
    changed = {**mine, "rulesets": {**mine["rulesets"], FAST: {"version": "9.9", "content": "0"}}}
    assert f"ruleset {FAST} is version 9.9, content 0 there" in difference(mine, changed)
    DaskBackend(_FakeClient(mine), "x", 5.0).check(mine)  # the same: accepted


def test_dask_executor_matches_local() -> None:
    distributed = pytest.importorskip("distributed", reason="the 'dask' extra (distributed) is not installed")
    from skirmish.studies.executors import DaskExecutor

    _, local = simulate(REGISTRY, FAST, 6, ["random"], seed=11)
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as lc, \
            distributed.Client(lc) as client:
        ex = DaskExecutor(client=client, chunk=2)
        _, remote = simulate(REGISTRY, FAST, 6, ["random"], seed=11, executor=ex)
        ex.close()
    assert _key(local) == _key(remote)


def test_a_silent_scheduler_stops_the_study_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    class Silent(_FakeClient):
        def sync(self, *args: Any, **kwargs: Any) -> Any:
            raise TimeoutError

        scheduler = type("S", (), {"identity": None})()

    backend = DaskBackend(Silent(fingerprint(REGISTRY)), "tcp://10.0.0.1:8786", 0.0)
    with pytest.raises(SkirmishError) as caught:
        backend._alive()
    assert "has not answered for" in str(caught.value) and "\n" not in str(caught.value)


def test_workers_stop_when_asked_between_games() -> None:
    event = threading.Event()
    monkey = executors._STOP
    try:
        executors._STOP = event
        event.set()
        from skirmish.runner import play_seeds

        assert play_seeds(REGISTRY, FAST, range(5), ["random"], None, False, None) == []
    finally:
        executors._STOP = monkey


def test_every_chunk_on_a_cluster_checks_its_workers_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that joins after the first check is refused by its first chunk."""
    from skirmish.studies import fingerprint as fp

    mine = fingerprint(REGISTRY)
    assert executors._checked_chunk(_square_chunk, mine, [2, 3], 0) == [4, 9]
    monkeypatch.setattr(fp, "worker_fingerprint", lambda: {**mine, "skirmish-core": "0.0.1"})
    with pytest.raises(executors.WorkerDiffers, match="skirmish-core '0.0.1' there"):
        executors._checked_chunk(_square_chunk, mine, [2, 3], 0)


def _pids(executor: LocalExecutor) -> set[int]:
    pool = executor._pool
    assert pool is not None
    return {p.pid for p in pool.pool._processes.values()}


def test_local_executor_keeps_its_workers_between_studies(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: a command that runs several studies (compare) pays the workers' start-up once, not per study;
    the games are the same as played in this process, and close() ends the workers."""
    monkeypatch.setattr(executors.os, "cpu_count", lambda: 2)
    executor = LocalExecutor(2)
    try:
        _, first = simulate_on(executor, FAST, 4, ["random"], seed=3, alternate=True)
        pids = _pids(executor)
        _, second = simulate_on(executor, FAST, 4, ["random"], seed=11, alternate=True)
        assert _pids(executor) == pids  # the same processes played the second study
        processes = list(executor._pool.pool._processes.values())  # type: ignore[union-attr]
    finally:
        executor.close()
    assert all(not p.is_alive() for p in processes)
    assert _key(first) == _key(simulate(REGISTRY, FAST, 4, ["random"], seed=3, alternate=True)[1])
    assert _key(second) == _key(simulate(REGISTRY, FAST, 4, ["random"], seed=11, alternate=True)[1])


def test_a_study_that_ends_unclean_stops_the_kept_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(executors.os, "cpu_count", lambda: 2)
    executor = LocalExecutor(2)
    try:
        backend = executor.backend()
        assert backend is not None and executor.backend() is backend
        backend.close(clean=False)  # as after Ctrl-C or a lost worker
        assert backend.closed
        assert executor.backend() is not backend  # the next study starts afresh
    finally:
        executor.close()


class _DroppingBackend:
    """Chunks done at once; the first wait meets a Ctrl-C that a finalizer swallows (as a Dask future's
    ``__del__`` does when the signal lands in it)."""

    name = "dask"
    window = 2

    def __init__(self, finalized: Any) -> None:
        self.waits = 0
        self.finalized = finalized

    def submit(self, fn: Any, *args: Any) -> Any:
        from concurrent.futures import Future

        fut: Future[Any] = Future()
        fut.set_result(fn(*args))
        return fut

    def wait(self, pending: set[Any], timeout: float | None = None) -> set[Any]:
        self.waits += 1
        if self.waits == 1:
            self.finalized()
        return set(pending)

    def outcome(self, fut: Any) -> Any:
        return fut.result()

    def interrupt(self) -> None:
        pass

    def close(self, clean: bool) -> None:
        self.clean = clean


def test_a_ctrl_c_dropped_where_it_landed_still_stops_the_study(capsys: pytest.CaptureFixture[str]) -> None:
    class Finalized:
        def __del__(self) -> None:
            signal.raise_signal(signal.SIGINT)  # lands in a finalizer: Python prints it and carries on

    backend = _DroppingBackend(Finalized)
    got: list[int] = []
    with pytest.raises(executors.StudyInterrupted):
        run_chunks(backend, _square_chunk, lazy_chunks(range(1000), 2), (0,), lambda part, res: got.extend(res))
    assert 0 < len(got) < 1000 and backend.clean is False
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back as it was
    assert "Traceback" not in capsys.readouterr().err  # not "Exception ignored in ... KeyboardInterrupt"


def _sleep_chunk(seeds: list[int]) -> list[int]:
    time.sleep(30)
    return seeds


def test_a_pool_stopped_after_a_lost_worker_leaves_no_thread_to_race_the_exit() -> None:
    """Python 3.11's exit hook writes to the pool's wake-up pipe while the pool's manager thread may be closing
    it (a traceback at exit after "a worker process died"): stopping the pool waits for that thread."""
    backend = PoolBackend(2)
    fut = backend.submit(_sleep_chunk, [1])
    wakeup = backend.pool._executor_manager_thread_wakeup
    close = wakeup.close

    def slow_close() -> None:  # widen the window in which the manager thread is still closing its pipe
        time.sleep(1)
        close()

    wakeup.close = slow_close
    deadline = time.monotonic() + 60
    while not backend.pool._processes and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid in list(backend.pool._processes):
        os.kill(pid, signal.SIGKILL)
    with pytest.raises(executors.WorkerDied):
        backend.outcome(fut)
    manager = backend.pool._executor_manager_thread
    backend.close(clean=False)
    assert manager is not None and not manager.is_alive()
    assert wakeup._closed
