"""A game killed at random moments always resumes, and no temporary file outlives the next save."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import HERE, SKIRMISH

KILLS = 12


def _start(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen([str(SKIRMISH), *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env=env)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")
def test_killed_games_always_resume_and_leave_no_temporary_file_after_the_next_save(tmp_path: Path) -> None:
    env = dict(os.environ, SKIRMISH_PLUGINS="tiny_ruleset", PYTHONPATH=str(HERE), XDG_DATA_HOME=str(tmp_path))
    rng = random.Random(11)
    resumed = 0
    for i in range(KILLS):
        save = tmp_path / f"g{i}.toml"
        proc = _start(["play", "chob-noggoth", "--players", "ai,ai", "--seed", str(i), "--save", str(save)], env)
        deadline = time.monotonic() + 60
        while not save.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.8))  # somewhere in the middle of the game (or just after its end)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        if not save.exists():
            continue  # killed before the first save: nothing to resume, nothing lost
        after = subprocess.run([str(SKIRMISH), "resume", str(save), "--players", "ai,ai"], capture_output=True,
                               text=True, env=env, timeout=120)
        assert after.returncode == 0, (i, after.stderr)
        resumed += 1
        assert not list(tmp_path.glob(f".g{i}.toml.*.tmp")), "a temporary copy outlived the next save"
        shown = subprocess.run([str(SKIRMISH), "show", str(save), "--json"], capture_output=True, text=True, env=env,
                               timeout=60)
        assert shown.returncode == 0, shown.stderr
        assert json.loads(shown.stdout)["result"], "the resumed game did not reach its end"
    assert resumed >= KILLS // 2, f"only {resumed} of {KILLS} kills happened after the first save"
