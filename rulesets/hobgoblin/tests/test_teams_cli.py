"""Team play through the real ``skirmish play`` command: --teams seating with mixed agents, and bad settings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SKIRMISH = Path(sys.executable).parent / "skirmish"


def _play(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SKIRMISH), "play", "hobgoblin", *args], capture_output=True, text=True, timeout=600,
                          check=False)


def test_teams_option_seats_mixed_agents_per_team_and_plays_to_the_end():
    out = _play("--teams", "2v1", "--objectives", "united-in-death,shared-slaughter", "--players", "ai,random,him",
                "--seed", "3")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "game over" in text and "players: red1 (ai), red2 (random), blue1 (him)" in text
    seats = {line.split()[0]: line.split()[-1] for line in text.splitlines() if line.startswith(("  red", "  blue"))}
    assert set(seats) - {"red", "blue"} == {"red1", "red2", "blue1"}  # (and the team, "not a seat")
    assert seats["red1"] == seats["red2"] != seats["blue1"] or seats["red1"] == seats["blue1"] == "draw"


def test_teams_option_bad_sizes_one_line_error():
    out = _play("--teams", "4v4", "--players", "ai", "--seed", "1")
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert "3 to 6 players" in out.stderr.strip().splitlines()[-1]
