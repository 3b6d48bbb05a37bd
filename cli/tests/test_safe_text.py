"""Names from files are printed without terminal control sequences, even when piped."""

from __future__ import annotations

from pathlib import Path

import click
from cli_helpers import invoke

from skirmish_cli.safe import safe_text

HOSTILE = "Grub\x1b]0;owned\x07\x1b[2J\x9b\x07"


def test_control_sequences_go_and_our_colours_stay() -> None:
    assert safe_text(HOSTILE + " the bold") == "Grub the bold"
    red = click.style("red", fg="red")
    assert safe_text(f"{red} {HOSTILE}\nnext\tline") == f"{red} Grub\nnext\tline"


def test_a_player_name_from_a_set_up_file_reaches_the_screen_clean(tiny_env: Path) -> None:
    setup = tiny_env / "s.toml"
    setup.write_text('players = ["red\\u001b]0;owned\\u0007", "blue"]\n')
    result = invoke("play", "tiny", "--setup", str(setup), "--players", "ai,ai", "--seed", "1", "--save", "g.toml")
    assert result.exit_code == 0, result.output
    assert "\x1b]" not in result.stdout and "\x07" not in result.stdout
    shown = invoke("show", "g.toml")
    assert "\x1b]" not in shown.stdout and "\x07" not in shown.stdout
    replayed = invoke("replay", "g.toml", "--log")
    assert "\x1b]" not in replayed.stdout
