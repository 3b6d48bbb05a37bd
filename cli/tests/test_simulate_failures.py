"""``skirmish simulate`` when games fail or the run is interrupted: nothing finished is lost."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import HERE, SKIRMISH, assert_one_error, invoke


@pytest.fixture()
def flaky(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "flaky_ruleset")


def test_a_failing_game_is_reported_with_its_seed_and_place_and_the_rest_is_kept(flaky: None) -> None:
    result = invoke("simulate", "flaky", "-n", "15", "--players", "first")
    assert result.exit_code == 0, result.output
    assert "errors: 3 games failed" in result.stdout  # seeds 0, 7 and 14
    assert "seed 7 (first): ZeroDivisionError: a deliberate bug in the third answer (at flaky_ruleset.py:" in (
        result.stdout)
    data = json.loads(invoke("simulate", "flaky", "-n", "15", "--players", "first", "--json").stdout)
    assert data["errors"] == 3 and data["finished"] == 12 and data["wins_by_side"] == {"solo": 12}
    assert [f["seed"] for f in data["failures"]] == [0, 7, 14]


def test_failures_are_kept_with_two_workers_too(flaky: None) -> None:
    data = json.loads(invoke("simulate", "flaky", "-n", "30", "--players", "first", "--workers", "2",
                             "--json").stdout)
    assert data["errors"] == 5 and data["finished"] == 25
    assert "flaky_ruleset.py" in data["failures"][1]["error"]


def test_fail_fast_stops_at_the_first_failure_with_one_line(flaky: None) -> None:
    line = assert_one_error(invoke("simulate", "flaky", "-n", "15", "--players", "first", "--seed", "1",
                                   "--fail-fast"), 1)
    assert "game with seed 7 (first) failed: ZeroDivisionError" in line


def test_absurd_game_counts_are_refused_with_a_clear_message() -> None:
    line = assert_one_error(invoke("simulate", "tiny", "-n", "30000000"), 2)
    assert "at most 10,000,000 games" in line
    assert "at most" in assert_one_error(invoke("simulate", "tiny", "-n", "9" * 20), 2)


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


@pytest.mark.skipif(sys.platform == "win32" or (os.cpu_count() or 1) < 2, reason="needs POSIX signals, 2 CPUs")
def test_one_ctrl_c_stops_every_worker_prints_what_finished_and_exits_130(tmp_path: Path) -> None:
    setup = tmp_path / "slow.toml"
    setup.write_text('players = ["solo"]\nslow = true\n')
    env = dict(os.environ, SKIRMISH_PLUGINS="flaky_ruleset", PYTHONPATH=str(HERE))
    proc = subprocess.Popen([str(SKIRMISH), "simulate", "flaky", "-n", "2000", "--workers", "2", "--setup",
                             str(setup), "--seed", "1", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    deadline = time.monotonic() + 30
    while len(_children(proc.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.5)  # some chunks finish
    workers = _children(proc.pid)
    assert workers, "the workers never started"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=15)
    assert proc.returncode == 130, err
    assert "interrupted:" in err and "Traceback" not in err
    if out.strip():
        data = json.loads(out)
        assert data["interrupted"] is True and data["games"] < 2000
    time.sleep(0.5)
    assert [pid for pid in workers if _running(pid)] == []


def _running(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status")
    try:
        return "zombie" not in status.read_text().lower()
    except OSError:
        return False
