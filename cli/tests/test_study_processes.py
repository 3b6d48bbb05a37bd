"""Studies and their processes (issue 25, Processes): workers die with their parent, Ctrl-C reports the
games played, a worker killed -9 keeps the finished games and names the lost seeds, an early Ctrl-C prints
no traceback, compare and balance exit 130 with what finished, and Dask's Ctrl-C is one line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import HERE, SKIRMISH

pytestmark = [pytest.mark.skipif(sys.platform == "win32" or (os.cpu_count() or 1) < 2,
                                 reason="needs POSIX signals, 2 CPUs")]


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def _family(pid: int) -> list[int]:
    """Every descendant of ``pid``."""
    out, todo = [], [pid]
    while todo:
        for child in _children(todo.pop()):
            out.append(child)
            todo.append(child)
    return out


def _running(pid: int) -> bool:
    try:
        return "zombie" not in Path(f"/proc/{pid}/status").read_text().lower()
    except OSError:
        return False


def _start(args: list[str], tmp_path: Path, plugins: str = "flaky_ruleset") -> subprocess.Popen[str]:
    env = dict(os.environ, SKIRMISH_PLUGINS=plugins, PYTHONPATH=str(HERE))
    return subprocess.Popen([str(SKIRMISH), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=tmp_path, start_new_session=True)


def _slow(tmp_path: Path) -> str:
    setup = tmp_path / "slow.toml"
    setup.write_text('players = ["solo"]\nslow = true\n')
    return str(setup)


def _wait_for_workers(proc: subprocess.Popen[str], count: int = 2, timeout: float = 40) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        kids = [p for p in _children(proc.pid) if "resource_tracker" not in _cmdline(p)]
        if len(kids) >= count:
            return kids
        time.sleep(0.1)
    raise AssertionError("the workers never started")


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _gone(pids: list[int], timeout: float = 10) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(_running(p) for p in pids):
        time.sleep(0.2)
    return [p for p in pids if _running(p)]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_workers_stop_when_their_parent_is_killed(tmp_path: Path, sig: signal.Signals) -> None:
    proc = _start(["simulate", "flaky", "-n", "2000", "--workers", "2", "--setup", _slow(tmp_path)], tmp_path)
    _wait_for_workers(proc)
    time.sleep(0.5)
    family = _family(proc.pid)  # the workers and the resource tracker
    proc.send_signal(sig)
    proc.communicate(timeout=15)
    assert _gone(family) == [], "processes outlived their parent"


def test_ctrl_c_reports_the_games_actually_played(tmp_path: Path) -> None:
    """Chunks of 50 slow games take ~12 s each: before, nothing had come back after a few seconds."""
    proc = _start(["simulate", "flaky", "-n", "2000", "--workers", "2", "--setup", _slow(tmp_path), "--seed", "1",
                   "--json", "--csv", "games.csv"], tmp_path)
    workers = _wait_for_workers(proc)
    time.sleep(4)
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal does: the whole group
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert err.count("\n") == 1 and "Traceback" not in err
    played = int(err.split("interrupted: ")[1].split(" of ")[0])
    data = json.loads(out)
    assert data["interrupted"] is True and data["games"] == played >= 6
    rows = (tmp_path / "games.csv").read_text().splitlines()
    assert len(rows) == played + 1  # the CSV holds every game reported
    assert _gone(workers) == []


def test_a_worker_killed_9_keeps_the_finished_games_and_names_the_lost_seeds(tmp_path: Path) -> None:
    proc = _start(["simulate", "flaky", "-n", "60", "--workers", "2", "--setup", _slow(tmp_path), "--json"],
                  tmp_path)
    workers = _wait_for_workers(proc)
    time.sleep(2.5)
    os.kill(workers[0], signal.SIGKILL)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: a worker process died") and "Traceback" not in err
    assert "lost (seeds " in lines[0] and "play the lost seeds again" in lines[0]
    data = json.loads(out)
    finished = data["games"]
    lost = int(lines[0].split(" finished, ")[1].split(" lost")[0])
    assert finished == int(lines[0].split(": ")[2].split(" games finished")[0])
    assert 0 < finished + lost <= 60


def test_an_early_ctrl_c_prints_no_traceback(tmp_path: Path) -> None:
    for delay in (0.3, 0.5, 0.7, 0.9, 1.2):
        proc = _start(["simulate", "flaky", "-n", "500", "--workers", "2", "--setup", _slow(tmp_path)], tmp_path)
        time.sleep(delay)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        assert "Traceback" not in err and len([x for x in err.splitlines() if x.strip()]) <= 1, (delay, err)
        assert proc.returncode in (130, 1), (delay, err)


def test_compare_and_balance_exit_130_with_what_finished(tmp_path: Path) -> None:
    proc = _start(["compare", "tavern-brawl", "-n", "100000", "--workers", "2", "--json"], tmp_path, plugins="")
    _wait_for_workers(proc)
    time.sleep(3)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert err.count("\n") == 1 and err.startswith("interrupted: the figures below are of the games finished")
    report = json.loads(out)
    assert report["interrupted"] is True and 0 < report["rulesets"][0]["finished"] < 100000

    proc = _start(["balance", "chob-noggoth", "-n", "100000", "--workers", "2", "--json"], tmp_path, plugins="")
    _wait_for_workers(proc)
    time.sleep(8)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert err.count("\n") == 1 and err.startswith("interrupted:") and "Traceback" not in err
    if "estimate below" in err:
        assert 0 < json.loads(out)["games"] < 100000


def test_dask_ctrl_c_is_one_line_and_the_cluster_is_shut_down(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="the 'dask' extra (distributed) is not installed")
    proc = _start(["simulate", "flaky", "-n", "100000", "--executor", "dask", "--workers", "2", "--json"],
                  tmp_path)
    _wait_for_workers(proc, count=2, timeout=60)
    time.sleep(15)  # the cluster starts, then plays
    family = _family(proc.pid)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.count("\n") == 1 and err.startswith("interrupted: ") and "Traceback" not in err, err
    data = json.loads(out)
    assert data["interrupted"] is True and data["games"] == int(err.split("interrupted: ")[1].split(" of ")[0])
    assert _gone(family) == []
