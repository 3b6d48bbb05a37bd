"""The text picture at an 80-column terminal: ``show`` fits, and shrines carry their names on the map."""

from __future__ import annotations

from chob_bench import bench, warrior
from click.testing import CliRunner

from skirmish_chob_noggoth import render
from skirmish_chob_noggoth.state import Shrine


def test_show_of_the_demo_game_fits_80_columns(tmp_path, monkeypatch) -> None:
    from skirmish_cli.main import cli

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    save = tmp_path / "g.toml"
    runner = CliRunner()
    played = runner.invoke(cli, ["play", "chob-noggoth", "--vs", "ai", "--seed", "5", "--save", str(save)],
                           input="south\nline\n")
    assert save.exists(), played.output
    out = runner.invoke(cli, ["show", str(save)]).stdout
    assert "The Relic Beast" in out and "Passive Aggressive" in out  # nothing is cut off...
    assert max(len(line) for line in out.splitlines()) <= 80  # ...and it fits (it was about 150 wide)


def test_the_warrior_table_keeps_one_line_each_when_it_fits() -> None:
    rows = [["A", "r1", "Grub", "Brawler", "Standard", "2/2", "-", "ready", "", "2", "3+", "-", "3+", "-", "-"]]
    assert len(render._table(rows, width=200).splitlines()) == 2  # a wide screen: the header and the warrior
    wide = [rows[0][:-1] + ["Bloodthirsty, Hardened, Quick Attack, Parry, Big, Fearless, Holy, Obscured"]]
    assert all(len(line) <= 80 for line in render._table(wide).splitlines())


def test_shrines_are_named_on_the_text_map() -> None:
    game = bench([warrior("r1", "red", "Brawler", x=3.0, y=1.0, name="Grub")],
                 shrines=[Shrine("s1", 18.25, 3.5), Shrine("s4", 35.8, 12.0)])
    lines = render.text_map(game.state)
    text = "\n".join(lines)
    assert "+s1" in text  # name to the right of its mark
    assert "s4+" in text  # no room on the right at the table's edge: to the left
    assert "shrine s1" in render.describe(game, None)  # the legend says how to read it


def test_ending_moves_with_warriors_left_asks_once_at_the_terminal() -> None:
    from skirmish_chob_noggoth.turns import END, activation_options

    game = bench([warrior("r1", "red", "Brawler", x=3.0, y=1.0, name="Grub"),
                  warrior("b1", "blue", "Brawler", x=30.0, y=20.0, name="Snag")])
    end = next(o for o in activation_options(game, "red", "moves") if o.value == END)
    assert end.data["confirm"] == "1 warrior will not move this round"  # (the session asks "Sure? (y/n)")
