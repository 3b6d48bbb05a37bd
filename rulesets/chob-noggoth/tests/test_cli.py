"""Chob-Noggoth through the real `skirmish` command: AI games, piped play, saves, resume, replay, show."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import tomli_w

EXE = str(Path(sys.executable).with_name("skirmish"))


def skirmish(*args: str, stdin: str = "", tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp / "xdg")}
    return subprocess.run([EXE, *args], input=stdin, capture_output=True, text=True, env=env, timeout=300, cwd=tmp)


def test_ai_against_ai_plays_to_the_end_and_replays(tmp_path: Path) -> None:
    save = tmp_path / "game.toml"
    out = skirmish("play", "chob-noggoth", "--players", "ai,ai", "--seed", "4", "--save", str(save), tmp=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "game over" in out.stdout and "Round Order" in out.stdout
    replay = skirmish("replay", str(save), "--json", tmp=tmp_path)
    assert replay.returncode == 0, replay.stderr
    assert json.loads(replay.stdout)["finished"] is True


def test_piped_human_game_saves_at_end_of_input_and_resumes(tmp_path: Path) -> None:
    save = tmp_path / "game.toml"
    out = skirmish("play", "chob-noggoth", "--players", "human,ai", "--seed", "8", "--save", str(save),
                   stdin="help\nsouth\nline\n", tmp=tmp_path)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert save.exists() and "resume" in (out.stdout + out.stderr)
    shown = skirmish("show", str(save), tmp=tmp_path)
    assert shown.returncode == 0 and "waiting for red" in shown.stdout and "Drop Troops" in shown.stdout
    resumed = skirmish("resume", str(save), "--players", "ai,ai", tmp=tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    assert "game over" in resumed.stdout


def test_a_refused_answer_says_why_and_asks_again(tmp_path: Path) -> None:
    out = skirmish("play", "chob-noggoth", "--players", "human,ai", "--seed", "8", "--save",
                   str(tmp_path / "g.toml"), stdin="sideways\nsouth\n", tmp=tmp_path)
    assert "refused" in out.stdout + out.stderr


def test_a_set_up_file_places_terrain_and_warriors_and_dice_can_be_loaded(tmp_path: Path) -> None:
    setup = {
        "warbands": {"red": {"name": "Reds", "warriors": [{"name": "Grub", "type": "Brawler"}]},
                     "blue": {"name": "Blues", "warriors": [{"name": "Snag", "type": "Brawler"}]}},
        "layout": {"name": "duel", "pieces": [{"id": "t1", "name": "Rock", "kind": "blocking", "shape": "circle",
                                               "x": 18, "y": 12, "w": 4, "h": 4}],
                   "shrines": [{"id": "s1", "x": 6, "y": 12}, {"id": "s2", "x": 30, "y": 12},
                               {"id": "s3", "x": 18, "y": 5}]},
        "positions": {"red": {"Grub": [10, 2]}, "blue": {"Snag": [10, 22]}},
    }
    path = tmp_path / "setup.toml"
    path.write_text(tomli_w.dumps(setup))
    save = tmp_path / "g.toml"
    out = skirmish("play", "chob-noggoth", "--setup", str(path), "--players", "ai,ai", "--dice", "6,1",
                   "--save", str(save), "--seed", "1", tmp=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "Grub is placed at (10.0, 2.0)" in out.stdout
    assert "roll-off: red: d6 -> 6 (loaded)" in out.stdout


@pytest.mark.parametrize(("setup", "message"), [
    ({"warbands": {"red": "Nobody"}}, "no built-in warband"),
    ({"warbands": {"red": {"name": "Too rich", "warriors": [{"name": f"v{i}", "type": "Hunter",
                                                            "quality": "veteran"} for i in range(8)]}}}, "budget"),
])
def test_a_bad_warband_is_one_line_and_no_traceback(tmp_path: Path, setup: dict, message: str) -> None:
    path = tmp_path / "setup.toml"
    path.write_text(tomli_w.dumps(setup))
    out = skirmish("play", "chob-noggoth", "--setup", str(path), "--players", "ai,ai", tmp=tmp_path)
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert message in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_simulate_reports_a_summary(tmp_path: Path) -> None:
    out = skirmish("simulate", "chob-noggoth", "-n", "6", "--players", "ai,random", "--json", tmp=tmp_path)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] == 6 and data["finished"] == 6
