"""His level from the command line (``skirmish play hobgoblin --vs him --him LEVEL``) through the real command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SKIRMISH = Path(sys.executable).parent / "skirmish"


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SKIRMISH), *args], capture_output=True, text=True, timeout=600, check=False,
                          input=stdin)


def test_him_level_setting_is_listed_with_its_levels():
    out = _run("rulesets", "hobgoblin")
    assert out.returncode == 0, out.stderr
    line = next(ln for ln in out.stdout.splitlines() if ln.strip().startswith("--him"))
    assert "easy, normal, hardcore" in line


def test_vs_him_at_hardcore_seats_him_on_his_hardcore_list_by_the_solo_rules(tmp_path):
    out = _run("play", "hobgoblin", "--vs", "him", "--him", "hardcore", "--seed", "4",
               "--save", str(tmp_path / "g.json"), stdin="quit\n")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "players: red (human), blue (him)" in text
    assert "blue reveals Guruk's Horde (Hardcore)" in text
    assert "blue (Him) starts with the First Player token" in text  # the solo rules, not a plain game
    assert "red reveals Iron Grudge Hold" in text


def test_him_level_plays_a_whole_game_against_the_ai_and_is_won_on_points():
    out = _run("play", "hobgoblin", "--players", "ai,him", "--him", "easy", "--seed", "2")
    assert out.returncode == 0, out.stderr
    assert "blue reveals Guruk's Horde (Easy)" in out.stdout
    assert "[Solo: Victory] game over" in out.stdout and "more points of units in play" in out.stdout


def test_him_level_bad_value_is_a_one_line_error():
    out = _run("play", "hobgoblin", "--vs", "him", "--him", "hard", "--seed", "1")
    assert out.returncode != 0 and "Traceback" not in out.stderr
    last = out.stderr.strip().splitlines()[-1]
    assert "--him must be one of easy, normal, hardcore, not 'hard'" in last


def test_him_level_with_team_play_is_a_one_line_error():
    out = _run("play", "hobgoblin", "--players", "ai", "--teams", "2v2", "--him", "easy", "--seed", "1")
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert "team play has no 'him' seat" in out.stderr.strip().splitlines()[-1]


def test_vs_him_alone_plays_the_solo_rules_at_normal(tmp_path):
    out = _run("play", "hobgoblin", "--vs", "him", "--seed", "4", "--save", str(tmp_path / "g.toml"), stdin="quit\n")
    assert out.returncode == 0, out.stderr
    assert "blue reveals Guruk's Horde (Normal)" in out.stdout
    assert "blue (Him) starts with the First Player token" in out.stdout


def test_him_seated_first_plays_a_plain_battle(tmp_path):
    out = _run("play", "hobgoblin", "--players", "him,human", "--seed", "4", "--save", str(tmp_path / "g.toml"),
               stdin="quit\n")
    assert out.returncode == 0, out.stderr
    assert "Guruk's Horde" not in out.stdout and "starts with the First Player token" not in out.stdout


def test_a_browser_game_against_him_plays_the_solo_rules(tmp_path):
    from skirmish_cli.registry import get_registry
    from skirmish_cli.web.hub import Hub

    hub = Hub(get_registry(), tmp_path)
    solo = hub.new_game("hobgoblin", seats=["human", "him"], seed=4)
    assert solo.game.setup["him"] == "blue" and solo.game.setup["armies"]["blue"] == "him:normal"
    easy = hub.new_game("hobgoblin", seats=["human", "him"], options={"him": "easy"}, seed=4)
    assert easy.game.setup["armies"]["blue"] == "him:easy"
    plain = hub.new_game("hobgoblin", seats=["human", "ai"], seed=4)
    assert plain.game.setup is None or "him" not in plain.game.setup
