"""One policy for a plugin that fails in any hook (issue 25): named, and the game stops with a save that
resumes once the plugin is fixed or removed; an observer that fails is left out and the game goes on."""

from __future__ import annotations

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
