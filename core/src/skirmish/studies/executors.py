"""Where the games of a study run, chunk by chunk: here (``local``: this process, or spawned worker
processes when workers > 1) or on a Dask cluster (``dask``, through ``distributed``, an optional extra).

Every study (``simulate``, ``compare``, ``balance``) goes through :func:`run_chunks`: chunks of seeds are
submitted in a bounded window (a few per worker, never all at once), each chunk's results are handed to
the caller as soon as it is done (in any order) and then dropped, so memory stays flat in the number
of games. The same code runs on both backends, so the two give the same results, progress, fail-fast,
interruption and lost-worker reports:

- Ctrl-C: running chunks are asked to stop after their current game and hand back what they played
  (local workers), unfinished tasks are cancelled (Dask), and :class:`StudyInterrupted` carries on.
- A worker that dies (killed -9, out of memory): the chunks it held are lost; the finished ones are kept
  and :class:`WorkersLost` names the lost seeds.
- Local workers stop by themselves when their parent process dies (SIGKILL gives it no chance to stop
  them); they ignore Ctrl-C, which the parent handles, even while still starting.
- Dask: every worker's environment (:mod:`skirmish.studies.fingerprint`) is checked against this one's
  before the first chunk; a lost scheduler or one silent for longer than ``timeout`` seconds ends the
  study with one line.
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from skirmish.errors import SkirmishError

#: seeds per task sent to a cluster (>= 100 ms of work per task pays for the round trip)
CHUNK = 25
#: most seeds per chunk of local worker processes
LOCAL_CHUNK = 50
#: chunks in flight per worker
IN_FLIGHT = 3
#: how long a Ctrl-C waits for running chunks to hand back the games they finished
GRACE = 5.0
#: the Dask setting of how many recent events a worker and the scheduler keep, and our value for the cluster we
#: start (on a cluster of your own: DASK_DISTRIBUTED__ADMIN__LOW_LEVEL_LOG_LENGTH=20 in the workers' environment)
LOG_LENGTH, SHORT_LOG = "distributed.admin.low-level-log-length", 20
#: default seconds a Dask scheduler may stay silent before the study stops
SCHEDULER_TIMEOUT = 60.0
#: seconds between looks at whether a Ctrl-C came while waiting for chunks
POLL = 2.0


class WorkerDied(SkirmishError):
    """A worker process was lost while it held a chunk."""


class WorkersLost(SkirmishError):
    """Worker processes died: ``lost`` seeds were in their hands; the games finished before are kept."""

    def __init__(self, why: str, lost: Sequence[int], unplayed: int) -> None:
        self.why = why
        self.lost = sorted(lost)
        self.unplayed = unplayed
        super().__init__(f"{why}: {len(self.lost)} game{'s' if len(self.lost) != 1 else ''} lost "
                         f"(seeds {seed_ranges(self.lost)})"
                         + (f", {unplayed} not played" if unplayed else ""))


class StudyInterrupted(SkirmishError):
    """Ctrl-C: the chunks finished (and the games played of those running) have been handed over."""


def seed_ranges(seeds: Sequence[int], most: int = 6) -> str:
    """``"3-7, 12, 20-24"``: sorted seeds as ranges (the first ``most`` of them, then "...")."""
    out: list[str] = []
    seeds = sorted(seeds)
    i = 0
    while i < len(seeds):
        j = i
        while j + 1 < len(seeds) and seeds[j + 1] == seeds[j] + 1:
            j += 1
        out.append(str(seeds[i]) if i == j else f"{seeds[i]}-{seeds[j]}")
        i = j + 1
    return ", ".join(out[:most]) + (", ..." if len(out) > most else "")


def chunks(seeds: Sequence[int], size: int) -> list[list[int]]:
    return [list(seeds[i:i + size]) for i in range(0, len(seeds), size)]


def lazy_chunks(seeds: Iterable[int], size: int) -> Iterator[list[int]]:
    """Chunks of ``size`` seeds, made as they are asked for (a range of a million costs nothing up front)."""
    part: list[int] = []
    for s in seeds:
        part.append(s)
        if len(part) == size:
            yield part
            part = []
    if part:
        yield part


# -- the worker side -------------------------------------------------------------------------------------------
_STOP: Any = None  # the parent's "hand back what you have" event, in a local worker


def stop_requested() -> bool:
    """True in a local worker whose parent asked running chunks to stop after their current game."""
    return _STOP is not None and _STOP.is_set()


def _worker_init(stop: Any, parent: int) -> None:
    """Local worker: ignore Ctrl-C (the parent handles it; SIGINT was blocked while this process started, so
    an early one is dropped here), keep the stop event, and exit when the parent is gone."""
    global _STOP
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _STOP = stop
    threading.Thread(target=_watch_parent, args=(parent,), name="skirmish-parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(1)  # the parent was killed: nobody will read our results


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """Hold Ctrl-C back while worker processes may be spawned: they inherit SIGINT blocked and ignored, so one
    that lands while a worker is still importing cannot print a traceback there (a Dask worker never sees
    it); here it stays pending (a blocked signal is kept even while ignored) and is delivered right after."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class _CtrlC:
    """Remembers a Ctrl-C as well as raising it: Python raises KeyboardInterrupt in whatever code runs when the
    signal lands, and one that lands in a finalizer (a Dask future's ``__del__``) is printed and dropped. The study
    loop asks :meth:`came` between waits, so a dropped Ctrl-C still stops it."""

    def __init__(self) -> None:
        self.seen = False
        self.old: Any = None
        self.hook: Any = None

    def __enter__(self) -> _CtrlC:
        main = threading.current_thread() is threading.main_thread()
        if main and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self.old = signal.signal(signal.SIGINT, self._note)
            self.hook, sys.unraisablehook = sys.unraisablehook, self._unraisable
        return self

    def __exit__(self, *exc: object) -> None:
        if self.old is not None:
            signal.signal(signal.SIGINT, self.old)
            sys.unraisablehook = self.hook

    def _unraisable(self, info: Any) -> None:
        """The Ctrl-C a finalizer swallowed is noted here and stops the study: no traceback for it."""
        if not (self.seen and info.exc_type is KeyboardInterrupt):
            self.hook(info)

    def _note(self, signum: int, frame: Any) -> None:
        self.seen = True
        raise KeyboardInterrupt

    def came(self) -> None:
        """Raise KeyboardInterrupt if a Ctrl-C came (even one dropped where it landed)."""
        if self.seen:
            raise KeyboardInterrupt


class WorkerDiffers(SkirmishError):
    """A worker's environment differs from the client's (raised in the worker, by a chunk)."""


def _checked_chunk(fn: Callable[..., list[Any]], expected: dict[str, Any], part: list[int], *args: Any) -> list[Any]:
    """Worker: ``fn(part, *args)`` after checking this worker's fingerprint (once per process) against the
    client's, so a worker that joined after the study started is refused too."""
    from skirmish.studies.fingerprint import difference, worker_fingerprint

    diff = difference(expected, worker_fingerprint())
    if diff:
        where = "a worker"
        with contextlib.suppress(Exception):
            from distributed import get_worker

            where = f"Dask worker {get_worker().address}"
        raise WorkerDiffers(f"{where} differs from this machine: {diff}; it would play other games than these "
                            "(install the same versions and plugins there)")
    return fn(part, *args)


# -- backends ----------------------------------------------------------------------------------------------------
class PoolBackend:
    """Spawned local worker processes (see :func:`process_context`)."""

    name = "local"

    def __init__(self, workers: int, kept: bool = False) -> None:
        from concurrent.futures import ProcessPoolExecutor

        ctx = process_context()
        self.workers = workers
        #: kept by its :class:`LocalExecutor` for the next study when a study ends cleanly (``shut`` ends it)
        self.kept = kept
        self.closed = False
        self.window = workers * IN_FLIGHT
        with _sigint_blocked():
            self.stop = ctx.Event()
            self.pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_worker_init,
                                            initargs=(self.stop, os.getpid()))

    def check(self, fingerprint: dict[str, Any]) -> None:
        """Spawned here from the same files and environment: nothing to check."""

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        with _sigint_blocked():
            return self.pool.submit(fn, *args)

    def wait(self, pending: set[Any], timeout: float | None = None) -> set[Any]:
        from concurrent.futures import FIRST_COMPLETED, wait

        return wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)[0]

    def outcome(self, fut: Any) -> Any:
        from concurrent.futures.process import BrokenProcessPool

        try:
            return fut.result()
        except BrokenProcessPool:
            raise WorkerDied("a worker process died (killed, or out of memory)") from None

    def interrupt(self) -> None:
        self.stop.set()

    def close(self, clean: bool) -> None:
        """The end of a study: a kept pool that ended cleanly waits for the next study; otherwise it stops."""
        if clean and self.kept:
            return
        self.shut(clean)

    def shut(self, clean: bool = True) -> None:
        """Stop the worker processes (waiting for them when ``clean``)."""
        self.closed = True
        if clean:
            self.pool.shutdown(wait=True)
        else:
            _stop_pool(self.pool)


def _stop_pool(pool: Any) -> None:
    """Terminate the workers now and leave no process behind."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    # the pool's manager thread closes its wake-up pipe as it ends; Python 3.11's exit hook writes to that pipe
    # without a lock, and a race there prints a traceback at exit (CPython gh-105829): let it end first (the pool
    # forgets the thread when it shuts down, so it is taken now)
    manager = getattr(pool, "_executor_manager_thread", None)
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    if manager is not None:
        manager.join(timeout=5)
    for proc in processes:
        proc.join(timeout=2)
        if proc.is_alive():
            proc.kill()
            proc.join(timeout=1)


class DaskBackend:
    """Chunks as tasks of a ``distributed.Client``."""

    name = "dask"

    def __init__(self, client: Any, address: str, timeout: float, on_close: Callable[[], None] | None = None) -> None:
        import warnings

        # Ctrl-C inside a wait leaves Dask's own result coroutine unawaited; Python's warning about it, printed
        # whenever that object is collected, would be a second line after "interrupted: ..." (it is Dask's, and
        # nothing is wrong)
        warnings.filterwarnings("ignore", message="coroutine 'Future._result' was never awaited",
                                category=RuntimeWarning)
        self.client = client
        self.address = address
        self.timeout = timeout
        self.on_close = on_close
        self.heard = time.monotonic()
        info = self._call(lambda: client.scheduler_info(), "ask the scheduler for its workers")
        self.workers = len(info.get("workers", {}))
        threads = sum(int(w.get("nthreads", 1)) for w in info.get("workers", {}).values()) or 1
        self.window = max(2, threads * IN_FLIGHT)

    def _call(self, fn: Callable[[], Any], what: str) -> Any:
        try:
            return fn()
        except (OSError, TimeoutError) as exc:
            raise SkirmishError(f"lost the Dask scheduler at {self.address} (could not {what}: "
                                f"{type(exc).__name__})") from None

    def check(self, fingerprint: dict[str, Any]) -> None:
        """Refuse the study when a worker's environment differs from this one (one line naming it)."""
        from skirmish.studies.fingerprint import difference, worker_fingerprint

        got = self._call(lambda: self.client.run(worker_fingerprint), "ask the workers for their environment")
        if not got:
            raise SkirmishError(f"the Dask scheduler at {self.address} has no workers")
        for worker, theirs in sorted(got.items()):
            diff = difference(fingerprint, theirs)
            if diff:
                raise SkirmishError(f"Dask worker {worker} differs from this machine: {diff}; it would play "
                                    "other games than these (install the same versions and plugins there)")

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        return self._call(lambda: self.client.submit(fn, *args, pure=False), "send a task")

    def wait(self, pending: set[Any], timeout: float | None = None) -> set[Any]:
        from distributed import wait

        poll = min(timeout if timeout is not None else 2.0, 2.0)
        while True:
            try:
                done = wait(list(pending), timeout=poll, return_when="FIRST_COMPLETED").done
            except TimeoutError:
                done = set()
            except Exception as exc:  # noqa: BLE001 - closed connections, futures cancelled by a lost scheduler
                if isinstance(exc, OSError) or "Cancelled" in type(exc).__name__:
                    raise SkirmishError(f"lost the Dask scheduler at {self.address} ({type(exc).__name__})") from None
                raise
            if done:
                self.heard = time.monotonic()
                return set(done)
            self._alive()
            if timeout is not None:
                return set()

    def _alive(self) -> None:
        """Ping the scheduler: a closed connection is a lost scheduler; silence longer than the timeout stops."""
        if self.client.status != "running":  # "connecting": the client lost the scheduler and tries again
            raise SkirmishError(f"lost the Dask scheduler at {self.address} (the connection was closed)")
        try:
            self.client.sync(self.client.scheduler.identity, callback_timeout=min(self.timeout, 5.0))
            self.heard = time.monotonic()
        except OSError as exc:
            if not isinstance(exc, TimeoutError):
                raise SkirmishError(f"lost the Dask scheduler at {self.address} ({type(exc).__name__})") from None
            self._silent()
        except Exception:  # noqa: BLE001 - no answer in time is silence
            self._silent()

    def _silent(self) -> None:
        silent = time.monotonic() - self.heard
        if silent >= self.timeout:
            raise SkirmishError(f"the Dask scheduler at {self.address} has not answered for {silent:.0f} s "
                                "(lost or frozen): stopped") from None

    def outcome(self, fut: Any) -> Any:
        from distributed import KilledWorker

        try:
            return fut.result(timeout=self.timeout)  # fetched through the scheduler
        except TimeoutError:
            raise SkirmishError(f"the Dask scheduler at {self.address} has not answered for {self.timeout:.0f} s "
                                "(lost or frozen): stopped") from None
        except KilledWorker:
            raise WorkerDied("Dask workers died running a chunk (killed, or out of memory)") from None
        except WorkerDiffers as exc:
            raise SkirmishError(str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - closed connections, futures cancelled by a lost scheduler
            if isinstance(exc, OSError) or "Cancelled" in type(exc).__name__:
                raise SkirmishError(f"lost the Dask scheduler at {self.address} ({type(exc).__name__})") from None
            raise

    def interrupt(self) -> None:
        """Nothing to hand back on a cluster: what is running is cancelled by :meth:`close`."""

    def close(self, clean: bool) -> None:
        if self.on_close is not None:
            self.on_close()


def run_chunks(backend: Any, fn: Callable[..., list[Any]], parts: Iterator[list[int]], args: tuple[Any, ...],
               on_chunk: Callable[[list[int], list[Any]], None], fingerprint: dict[str, Any] | None = None) -> None:
    """``fn(part, *args)`` for each part, on ``backend``, at most its ``window`` parts in flight; ``on_chunk(part,
    results)`` as each is done. Ctrl-C hands over what finished (``StudyInterrupted``); a dead worker ends the
    run after the other chunks in flight (:class:`WorkersLost`). Anything ``on_chunk`` raises stops the run."""
    pending: dict[Any, list[int]] = {}
    lost: list[int] = []
    died: WorkerDied | None = None
    clean = False
    try:
        if fingerprint is not None:
            backend.check(fingerprint)
            fn, args = _checked_chunk, (fn, fingerprint, *args)
        try:
            with _CtrlC() as ctrl_c:
                while True:
                    while died is None and len(pending) < backend.window and (part := next(parts, None)) is not None:
                        pending[backend.submit(fn, *_order(fn, part, args))] = part
                    if not pending:
                        break
                    for fut in backend.wait(set(pending), timeout=POLL):
                        part = pending.pop(fut)
                        try:
                            got = backend.outcome(fut)
                        except WorkerDied as exc:
                            died, lost = exc, lost + part
                            continue
                        on_chunk(part, got)
                    ctrl_c.came()
        except KeyboardInterrupt:
            backend.interrupt()
            _hand_back(backend, pending, on_chunk)
            raise StudyInterrupted("interrupted") from None
        if died is not None:
            unplayed = sum(len(p) for p in parts)
            raise WorkersLost(str(died), lost, unplayed)
        clean = True
    finally:
        backend.close(clean)


def _order(fn: Callable[..., Any], part: list[int], args: tuple[Any, ...]) -> tuple[Any, ...]:
    """The arguments of one task: ``part`` first, or after the wrapped function and fingerprint when checked."""
    return (*args[:2], part, *args[2:]) if fn is _checked_chunk else (part, *args)


def _hand_back(backend: Any, pending: dict[Any, list[int]], on_chunk: Callable[[list[int], list[Any]], None]) -> None:
    """After Ctrl-C: the chunks that finish within :data:`GRACE` seconds (a second Ctrl-C stops waiting)."""
    if backend.name != "local":
        for fut in [f for f in pending if f.done()]:
            with contextlib.suppress(Exception):
                on_chunk(pending.pop(fut), backend.outcome(fut))
        return
    deadline = time.monotonic() + GRACE
    with contextlib.suppress(KeyboardInterrupt):
        while pending and (left := deadline - time.monotonic()) > 0:
            for fut in backend.wait(set(pending), timeout=left):
                part = pending.pop(fut)
                with contextlib.suppress(Exception):
                    on_chunk(part, backend.outcome(fut))


def run_inline(fn: Callable[[list[int]], list[Any]], parts: Iterator[list[int]],
               on_chunk: Callable[[list[int], list[Any]], None]) -> None:
    """:func:`run_chunks` in this process (one worker): Ctrl-C keeps every game finished before it."""
    try:
        with _CtrlC() as ctrl_c:
            for part in parts:
                on_chunk(part, fn(part))
                ctrl_c.came()
    except KeyboardInterrupt:
        raise StudyInterrupted("interrupted") from None


# -- choosing where to play ------------------------------------------------------------------------------------
class LocalExecutor:
    """Chunks run in this process (``workers`` = 1) or in spawned worker processes."""

    name = "local"

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, min(workers, os.cpu_count() or 1))  # more processes than cores only cost memory
        self._pool: PoolBackend | None = None

    def chunk_size(self, n: int) -> int:
        """One game at a time here (Ctrl-C loses nothing finished); in workers, up to :data:`LOCAL_CHUNK`."""
        if self.workers == 1:
            return 1
        return max(1, min(LOCAL_CHUNK, math.ceil(n / (self.workers * 8))))

    def backend(self) -> PoolBackend | None:
        """The worker processes, started at the first study and kept for the next ones of this executor (each
        costs a start-up of about half a CPU-second: a ``compare`` of many set-ups pays it once, issue 24);
        a study that was interrupted or lost a worker stops them, and the next study starts afresh."""
        if self.workers == 1:
            return None
        if self._pool is None or self._pool.closed:
            self._pool = PoolBackend(self.workers, kept=True)
        return self._pool

    def close(self) -> None:
        """Stop the kept worker processes."""
        if self._pool is not None and not self._pool.closed:
            self._pool.shut()
        self._pool = None


class DaskExecutor:
    """Chunks of seeds sent to a Dask scheduler (``address``), a cluster of worker processes started here
    (no address), or a ``distributed.Client`` given."""

    name = "dask"

    def __init__(self, address: str | None = None, client: Any = None, chunk: int = CHUNK,
                 timeout: float = SCHEDULER_TIMEOUT, workers: int | None = None) -> None:
        try:
            import distributed
        except ImportError:
            raise SkirmishError("--executor dask needs the 'distributed' package (pip install 'skirmish[dask]')") \
                from None
        self.chunk = chunk
        self.timeout = timeout
        self.cluster: Any = None
        self.own = client is None
        self.address = address or "(a cluster started here)"
        if client is not None:
            self.client = client
            return
        import logging

        for name in ("distributed", "distributed.client", "distributed.worker", "distributed.nanny",
                     "distributed.scheduler", "distributed.core", "distributed.comm", "tornado", "asyncio"):
            logging.getLogger(name).setLevel(logging.CRITICAL)  # one line of ours, not their tracebacks
        import warnings

        import dask

        try:
            # a worker keeps its last low-level-log-length events, each finished task's result in them: with the
            # default 1000 that is ~25,000 games' records per worker (~40 MB of Goblin Uprising) held for nothing
            with _sigint_blocked(), warnings.catch_warnings(), dask.config.set({LOG_LENGTH: SHORT_LOG}):
                warnings.simplefilter("ignore")  # "port 8787 is in use" (its HTTP server moves, nothing is wrong)
                if address:
                    self.client = distributed.Client(address, timeout=f"{max(1, int(timeout))}s")
                else:
                    self.cluster = distributed.LocalCluster(
                        n_workers=workers or 1, threads_per_worker=1, processes=True,
                        dashboard_address=None, silence_logs=logging.CRITICAL)
                    self.client = distributed.Client(self.cluster)
                    self.address = self.cluster.scheduler_address
        except (OSError, TimeoutError) as exc:
            raise SkirmishError(f"cannot reach the Dask scheduler {address}: {exc}") from None

    @property
    def workers(self) -> int:
        try:
            return len(self.client.scheduler_info().get("workers", {}))
        except Exception:  # noqa: BLE001 - a figure for the report
            return 0

    def chunk_size(self, n: int) -> int:
        return self.chunk

    def backend(self) -> DaskBackend:
        return DaskBackend(self.client, self.address, self.timeout)

    def close(self) -> None:
        if not self.own:
            return
        with contextlib.suppress(Exception):
            self.client.close(timeout=5)
        if self.cluster is not None:
            with contextlib.suppress(Exception):
                self.cluster.close(timeout=5)


def make_executor(kind: str, *, workers: int = 1, scheduler: str | None = None,
                  timeout: float = SCHEDULER_TIMEOUT) -> LocalExecutor | DaskExecutor:
    if kind == "local":
        return LocalExecutor(workers)
    if kind == "dask":
        return DaskExecutor(scheduler, timeout=timeout, workers=workers)
    raise SkirmishError(f"no executor '{kind}' (local or dask)")


def process_context() -> Any:
    """How worker processes start: spawned afresh, never forked from the calling process.

    Forking a process that runs threads (a Dask client, a GUI, a test runner's helpers) is unsafe:
    a child can inherit a lock held by a thread that does not exist in it. A spawned worker starts
    clean with the parent's ``sys.path`` and its environment as it is now (``SKIRMISH_PLUGINS``
    included) and builds its own registry; it costs a start-up per worker, once per run.
    """
    import multiprocessing

    return multiprocessing.get_context("spawn")
