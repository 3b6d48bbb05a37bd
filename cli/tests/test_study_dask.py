"""Dask on par with local (issue 28): the same JSON for simulate, compare and balance on a cluster of worker
processes, a lost scheduler and a frozen one each end the study with one line."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import HERE, SKIRMISH

pytest.importorskip("distributed", reason="the 'dask' extra (distributed) is not installed")
pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")]

DASK = Path(sys.executable).parent / "dask"
TIMING = ("seconds", "games_per_second", "seconds_per_game")


def _run(*args: str, plugins: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SKIRMISH_PLUGINS=plugins, PYTHONPATH=str(HERE))
    return subprocess.run([str(SKIRMISH), *args], capture_output=True, text=True, env=env, timeout=240)


def _timeless(data: object) -> object:
    if isinstance(data, dict):
        return {k: _timeless(v) for k, v in data.items() if k not in TIMING}
    if isinstance(data, list):
        return [_timeless(v) for v in data]
    return data


@pytest.mark.parametrize("command", [
    ["simulate", "goblin-uprising", "-n", "6", "--players", "random"],
    ["compare", "tavern-brawl", "-n", "4"],
    ["balance", "chob-noggoth", "-n", "6"],
])
def test_dask_gives_the_same_json_as_local(command: list[str]) -> None:
    local = _run(*command, "--workers", "2", "--json")
    dask = _run(*command, "--workers", "2", "--json", "--executor", "dask")
    assert local.returncode == 0 and dask.returncode == 0, (local.stderr, dask.stderr)
    assert dask.stderr == ""
    a, b = json.loads(local.stdout), json.loads(dask.stdout)
    assert _timeless(a) == _timeless(b)
    if command[0] == "simulate":
        assert b["workers"] == 2 and b["sides"] and b["interrupted"] is False


def test_fail_fast_and_failures_on_dask_as_locally() -> None:
    result = _run("simulate", "flaky", "-n", "15", "--players", "first", "--seed", "1", "--fail-fast",
                  "--executor", "dask", "--workers", "1", plugins="flaky_ruleset")
    assert result.returncode == 1 and result.stderr.count("\n") == 1, result.stderr
    assert "game with seed 7 (first) failed: ZeroDivisionError" in result.stderr
    both = [json.loads(_run("simulate", "flaky", "-n", "15", "--players", "first", "--json", *extra,
                            plugins="flaky_ruleset").stdout) for extra in ([], ["--executor", "dask"])]
    assert _timeless({**both[0], "workers": 0}) == _timeless({**both[1], "workers": 0})
    assert both[1]["errors"] == 3 and [f["seed"] for f in both[1]["failures"]] == [0, 7, 14]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture()
def cluster(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A ``dask scheduler`` and one ``dask worker``, as the README sets them up."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = dict(os.environ, SKIRMISH_PLUGINS="flaky_ruleset", PYTHONPATH=str(HERE))
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env, "cwd": tmp_path}
    scheduler = subprocess.Popen([str(DASK), "scheduler", "--port", str(port), "--dashboard-address", ":0"], **quiet)
    worker = subprocess.Popen([str(DASK), "worker", address, "--nworkers", "1", "--nthreads", "1"], **quiet)
    time.sleep(6)
    yield scheduler, address
    for proc in (worker, scheduler):
        if proc.poll() is None:
            proc.send_signal(signal.SIGCONT)
            proc.kill()
        proc.wait(timeout=10)


def _study(address: str, *extra: str) -> subprocess.Popen[str]:
    env = dict(os.environ, SKIRMISH_PLUGINS="flaky_ruleset", PYTHONPATH=str(HERE))
    return subprocess.Popen([str(SKIRMISH), "simulate", "flaky", "-n", "50000", "--executor", "dask", "--scheduler",
                             address, "--json", *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)


def test_a_lost_scheduler_is_one_line(cluster: tuple[subprocess.Popen[bytes], str]) -> None:
    scheduler, address = cluster
    proc = _study(address, "--scheduler-timeout", "20")
    time.sleep(8)
    scheduler.kill()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 1 and err.count("\n") == 1, err
    assert err.startswith("error: lost the Dask scheduler at") or "has not answered" in err


def test_a_frozen_scheduler_times_out_with_one_line(cluster: tuple[subprocess.Popen[bytes], str]) -> None:
    scheduler, address = cluster
    proc = _study(address, "--scheduler-timeout", "4")
    time.sleep(8)
    scheduler.send_signal(signal.SIGSTOP)
    start = time.monotonic()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 1 and err.count("\n") == 1, err
    assert "has not answered for" in err and time.monotonic() - start < 60


def test_a_worker_without_the_clients_plugins_is_refused(cluster: tuple[subprocess.Popen[bytes], str]) -> None:
    """The workers run with SKIRMISH_PLUGINS=flaky_ruleset; a client with a house plugin too is refused."""
    _, address = cluster
    env = dict(os.environ, SKIRMISH_PLUGINS="flaky_ruleset,house_plugin", PYTHONPATH=str(HERE))
    result = subprocess.run([str(SKIRMISH), "simulate", "flaky", "-n", "5", "--executor", "dask", "--scheduler",
                             address], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 1 and result.stderr.count("\n") == 1, result.stderr
    assert "differs from this machine" in result.stderr and "house_plugin" in result.stderr
