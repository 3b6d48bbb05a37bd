"""The Dask executor gives the same games as the local path for the same seeds (a LocalCluster in-process)."""

from __future__ import annotations

import pytest

from skirmish import Registry
from skirmish.runner import simulate
from skirmish.studies.executors import LocalExecutor, chunks, simulate_on

REGISTRY = Registry()
FAST = "tavern-brawl" if "tavern-brawl" in REGISTRY.rulesets else "chob-noggoth"


def _key(records: list) -> list:
    return [(r.seed, r.agents, r.winners, r.rounds, r.decisions, r.dice, r.extra) for r in records]


def test_chunks_cover_every_seed_once() -> None:
    assert chunks(list(range(7)), 3) == [[0, 1, 2], [3, 4, 5], [6]]


def test_local_executor_matches_simulate() -> None:
    _, local = simulate(REGISTRY, FAST, 6, ["random"], seed=3, alternate=True)
    _, mine = simulate_on(LocalExecutor(1), FAST, 6, ["random"], seed=3, alternate=True)
    assert _key(local) == _key(mine)


def test_dask_executor_matches_local() -> None:
    distributed = pytest.importorskip("distributed", reason="the 'dask' extra (distributed) is not installed")
    from skirmish.studies.executors import DaskExecutor

    _, local = simulate(REGISTRY, FAST, 6, ["random"], seed=11)
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as lc, \
            distributed.Client(lc) as client:
        ex = DaskExecutor(client=client, chunk=2)
        _, remote = simulate_on(ex, FAST, 6, ["random"], seed=11)
        ex.close()
    assert _key(local) == _key(remote)


def _square_chunk(seeds: list[int], offset: int) -> list[int]:
    return [s * s + offset for s in seeds]


@pytest.mark.parametrize("workers", [1, 2])
def test_local_imap_seeds_yields_every_chunk_once(workers: int) -> None:
    got = list(LocalExecutor(workers).imap_seeds(_square_chunk, list(range(20)), 1))
    assert len(got) > 1 and sorted(x for part in got for x in part) == [s * s + 1 for s in range(20)]


def test_dask_imap_seeds_yields_every_chunk_once() -> None:
    distributed = pytest.importorskip("distributed", reason="the 'dask' extra (distributed) is not installed")
    from skirmish.studies.executors import DaskExecutor

    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as lc, \
            distributed.Client(lc) as client:
        ex = DaskExecutor(client=client, chunk=3)
        got = list(ex.imap_seeds(_square_chunk, list(range(10)), 0))
        ex.close()
    assert len(got) == 4 and sorted(x for part in got for x in part) == [s * s for s in range(10)]
