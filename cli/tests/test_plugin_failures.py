"""One policy for a plugin that fails in any hook (issue 25): named, and the game stops with a save that
resumes once the plugin is fixed or removed; an observer that fails is left out and the game goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import assert_one_error, invoke

from skirmish.saves import read_save


@pytest.mark.parametrize("how", ["raise", "exit0"])
def test_a_plugin_failing_in_phase_end_stops_the_game_with_one_line_and_a_save_that_resumes(
        monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,phase_end_plugin")
    monkeypatch.setenv("SKIRMISH_FAIL", how)
    result = invoke("play", "tiny", "--players", "ai,ai", "--seed", "2", "--save", "g.toml")
    line = assert_one_error(result)
    assert "phase_end_plugin" in line and "skirmish_phase_end" in line and "\x1b" not in line
    assert "g.toml" in line  # where the game is saved
    assert not read_save("g.toml").finished
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset")  # the plugin removed: the game resumes to its end
    resumed = invoke("resume", "g.toml")
    assert resumed.exit_code == 0, resumed.output
    assert read_save("g.toml").finished


def test_an_observer_calling_sys_exit_is_left_out_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,phase_end_plugin")
    monkeypatch.setenv("SKIRMISH_FAIL", "observer-exit")
    result = invoke("play", "tiny", "--players", "ai,ai", "--seed", "2", "--save", "g.toml")
    assert result.exit_code == 0, result.output
    assert "phase_end_plugin" in result.stderr and "skirmish_event" in result.stderr
    assert read_save("g.toml").finished


@pytest.mark.parametrize("plugin", ["loop_import_plugin", "loop_register_plugin"])
@pytest.mark.parametrize("command", [["rulesets"], ["agents"], ["plugins"], ["plugins", "--check"]])
def test_a_plugin_looping_at_import_or_registration_is_timed_out_and_named_by_listing_commands(
        command: list[str], plugin: str) -> None:
    import os
    import subprocess
    import time

    from cli_helpers import HERE, SKIRMISH

    env = dict(os.environ, SKIRMISH_PLUGINS=f"tiny_ruleset,{plugin}", PYTHONPATH=str(HERE),
               SKIRMISH_PLUGIN_TIMEOUT="2")
    start = time.monotonic()
    done = subprocess.run([str(SKIRMISH), *command], capture_output=True, text=True, env=env, timeout=120)
    assert time.monotonic() - start < 90  # 2 s of processor time; the wall clock of a busy machine runs on
    assert plugin in done.stdout + done.stderr and "within 2 s" in done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    if command == ["plugins", "--check"]:
        assert done.returncode == 1
    else:
        assert done.returncode == 0 and "tiny" in done.stdout or command != ["rulesets"]


def test_one_ctrl_c_stops_a_game_stuck_in_a_plugins_hook_and_the_save_resumes(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import time

    from cli_helpers import HERE, SKIRMISH

    env = dict(os.environ, SKIRMISH_PLUGINS="tiny_ruleset,phase_end_plugin", PYTHONPATH=str(HERE),
               SKIRMISH_FAIL="loop", XDG_DATA_HOME=str(tmp_path))
    save = tmp_path / "g.toml"
    proc = subprocess.Popen([str(SKIRMISH), "play", "tiny", "--players", "ai,ai", "--seed", "2", "--save", str(save)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 30
    while not save.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)  # it is in the loop by now
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=20)
    lines = [line for line in err.splitlines() if not line.startswith("warning:")]
    assert proc.returncode != 0 and len(lines) == 1 and "interrupted" in lines[0], err
    assert "Traceback" not in err
    env["SKIRMISH_FAIL"] = ""
    done = subprocess.run([str(SKIRMISH), "resume", str(save)], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
