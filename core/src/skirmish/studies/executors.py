"""Where the games of a study run: here (``local``, in processes when workers > 1) or on a Dask cluster
(``dask``, through ``distributed``, an optional extra). Both hand out chunks of seeds and put the results
back in seed order, so the same seeds give the same results on either."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from skirmish.errors import SkirmishError
from skirmish.runner import GameRecord, Summary, summarize

#: seeds per task sent to a cluster (>= 100 ms of work per task pays for the round trip)
CHUNK = 25


def chunks(seeds: Sequence[int], size: int) -> list[list[int]]:
    return [list(seeds[i:i + size]) for i in range(0, len(seeds), size)]


class LocalExecutor:
    """Chunks run in this process (``workers`` = 1) or a process pool."""

    name = "local"

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)

    def map_seeds(self, fn: Callable[..., list[Any]], seeds: Sequence[int], *args: Any) -> list[Any]:
        size = max(1, min(CHUNK, math.ceil(len(seeds) / (self.workers * 4))))
        parts = chunks(seeds, size)
        if self.workers == 1:
            return [item for part in parts for item in fn(part, *args)]
        from concurrent.futures import ProcessPoolExecutor

        from skirmish.runner import process_context

        with ProcessPoolExecutor(max_workers=self.workers, mp_context=process_context()) as pool:
            return [item for got in pool.map(fn, parts, *([a] * len(parts) for a in args)) for item in got]

    def imap_seeds(self, fn: Callable[..., list[Any]], seeds: Sequence[int], *args: Any) -> Iterator[list[Any]]:
        """Each chunk's results as soon as it is done (chunks in any order), a few chunks per worker in flight."""
        size = max(1, min(CHUNK, math.ceil(len(seeds) / (self.workers * 4))))
        parts = iter(chunks(seeds, size))
        if self.workers == 1:
            for part in parts:
                yield fn(part, *args)
            return
        from skirmish.runner import in_processes

        yield from in_processes(fn, ((part, *args) for part in parts), self.workers, spread=True)


class DaskExecutor:
    """Chunks of seeds sent to a Dask scheduler (``address``) or to a ``distributed.Client`` given."""

    name = "dask"

    def __init__(self, address: str | None = None, client: Any = None, chunk: int = CHUNK) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise SkirmishError("--executor dask needs the 'distributed' package (pip install 'skirmish[dask]')") \
                from None
        self.chunk = chunk
        self.own = client is None
        try:
            self.client = client if client is not None else Client(address) if address else Client(processes=False)
        except OSError as exc:
            raise SkirmishError(f"cannot reach the Dask scheduler {address}: {exc}") from None

    def map_seeds(self, fn: Callable[..., list[Any]], seeds: Sequence[int], *args: Any) -> list[Any]:
        futures = [self.client.submit(fn, part, *args, pure=False) for part in chunks(seeds, self.chunk)]
        return [item for got in self.client.gather(futures) for item in got]

    def imap_seeds(self, fn: Callable[..., list[Any]], seeds: Sequence[int], *args: Any) -> Iterator[list[Any]]:
        """Each chunk's results as soon as the cluster has it (chunks in any order)."""
        from distributed import as_completed

        futures = [self.client.submit(fn, part, *args, pure=False) for part in chunks(seeds, self.chunk)]
        try:
            for fut in as_completed(futures):
                yield fut.result()
        finally:
            for fut in futures:
                fut.cancel()

    def close(self) -> None:
        if self.own:
            self.client.close()


def make_executor(kind: str, *, workers: int = 1, scheduler: str | None = None) -> LocalExecutor | DaskExecutor:
    if kind == "local":
        return LocalExecutor(workers)
    if kind == "dask":
        return DaskExecutor(scheduler)
    raise SkirmishError(f"no executor '{kind}' (local or dask)")


def _games(seeds: list[int], ruleset: str, agents: list[str], setup: dict[str, Any] | None, alternate: bool,
           max_decisions: int | None) -> list[GameRecord]:
    from skirmish.runner import _chunk

    return _chunk((ruleset, seeds, agents, setup, alternate, max_decisions))


def simulate_on(executor: Any, ruleset: str, n: int, agents: Sequence[str], *, seed: int = 0,
                setup: dict[str, Any] | None = None, alternate: bool = False,
                max_decisions: int | None = None) -> tuple[Summary, list[GameRecord]]:
    """:func:`skirmish.simulate` through ``executor``: the same records for the same seeds."""
    start = time.perf_counter()
    records = executor.map_seeds(_games, list(range(seed, seed + n)), ruleset, list(agents), setup, alternate,
                                 max_decisions)
    records.sort(key=lambda r: r.seed)
    return summarize(ruleset, records, time.perf_counter() - start, getattr(executor, "workers", 0)), records
