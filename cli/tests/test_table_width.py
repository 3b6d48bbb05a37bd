"""Listings fit the terminal: a table's last column wraps under itself rather than running off the screen."""

from __future__ import annotations

from click.testing import CliRunner

from skirmish_cli import render
from skirmish_cli.main import cli


def test_a_table_that_fits_is_left_alone() -> None:
    text = render.table([["a", "short"]], ["x", "y"], width=80)
    assert text.splitlines() == ["x  y", "-  -----", "a  short"]


def test_a_long_last_column_wraps_under_itself() -> None:
    words = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    lines = render.table([["name", words]], ["agent", "plays"], width=40).splitlines()
    assert all(len(line) <= 40 for line in lines)
    assert len(lines) > 3
    assert all(line.startswith(" " * 6) for line in lines[3:])  # under the column, after 'name  '
    assert " ".join(line.strip() for line in lines[2:]).removeprefix("name ").split() == words.split()


def test_the_wrapped_column_keeps_a_readable_width() -> None:
    lines = render.table([["x" * 60, "a b c d e f g h i j k l m n o p q r s t u v w x y z " * 2]], ["k", "v"],
                         width=70).splitlines()
    assert max(len(line) for line in lines) <= 62 + 30


def test_agents_listing_fits_an_80_column_terminal() -> None:
    result = CliRunner().invoke(cli, ["agents"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    assert "ai-hard" in result.output
