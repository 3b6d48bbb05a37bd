"""What players see: the text map and tables, the SVG picture, and the generic svg command on a Chob-Noggoth save."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from chob_bench import bench, warrior

from skirmish import Game, Registry, SaveFile, View, write_save
from skirmish.runner import agent_seed
from skirmish_chob_noggoth import render
from skirmish_chob_noggoth.state import DEAD, FLED, Piece, Shrine

SVG = "{http://www.w3.org/2000/svg}"


def table_game():
    warriors = [
        warrior("r1", "red", "Brawler", x=10.2, y=5.5, name="Grub"),
        warrior("r2", "red", "Hunter", x=3.0, y=1.0, name="Dreg", rules=["Longshot"]),
        warrior("b1", "blue", "Warmachine", x=30.0, y=20.4, name="Old Thunder", quality="veteran"),
        warrior("b2", "blue", "Skirmisher", x=18.0, y=12.0, name="Gone", status=DEAD),
        warrior("b3", "blue", "Skirmisher", x=20.0, y=12.0, name="Ran", status=FLED),
    ]
    pieces = [Piece("t1", "Rock", "blocking", "rect", 6, 18, 2, 2), Piece("t2", "Bog", "area", "circle", 26, 8, 3, 3)]
    return bench(warriors, pieces=pieces, shrines=[Shrine("s1", 18.25, 3.5)])


def char_at(lines: list[str], row: int, col: int) -> str:
    return lines[2 + row][4 + col]  # two lines of ruler and border above; "24 |" before each row


def test_the_map_is_72_by_24_with_north_at_the_top() -> None:
    lines = render.text_map(table_game().state)
    rows = lines[2:-2]
    assert len(rows) == 24 and all(len(r) == 4 + 72 + 1 for r in rows)
    assert rows[0].startswith("24 |") and rows[-1].startswith("   |")


def test_warriors_show_at_their_cells_by_side_letters() -> None:
    game = table_game()
    lines = render.text_map(game.state)
    letters = render.keys(game.state)
    assert letters == {"r1": "A", "r2": "B", "b1": "a", "b2": "b", "b3": "c"}
    assert char_at(lines, 18, 20) == "A"  # x 10.2 -> column 20, y 5.5 -> row 24 - 5.5 = 18.5 -> 18
    assert char_at(lines, 23, 6) == "B"  # (3, 1): the bottom row
    assert char_at(lines, 3, 60) == "a"  # (30, 20.4)
    assert render.cell_of(game.state, 10.2, 5.5) == (18, 20)
    body = "".join(lines[2:-2])
    assert "b" not in body.replace("blue", "") and "c" not in body  # the dead and the fled are not drawn


def test_a_big_base_covers_several_cells() -> None:
    lines = render.text_map(table_game().state)
    assert sum(row.count("a") for row in lines[2:-2]) >= 4  # a 2" Warmachine base


def test_terrain_and_shrines_are_drawn() -> None:
    lines = render.text_map(table_game().state)
    assert char_at(lines, 6, 12) == render.BLOCKING  # the rock around (6, 18)
    assert char_at(lines, 16, 52) == render.AREA  # the bog around (26, 8)
    assert char_at(lines, 20, 36) == render.SHRINE  # the shrine at (18.25, 3.5)
    assert char_at(lines, 12, 2) == render.EMPTY


def test_describe_has_the_round_the_map_a_legend_and_both_tables() -> None:
    game = table_game()
    game.state.sides["red"].divine_points = 4
    text = render.describe(game, None)
    assert "Chob-Noggoth - round" in text and "Standard Round" in text
    assert "blocking terrain" in text and "shrine" in text and "A-Z" in text
    assert "north edge (blue)" in text and "south edge (red)" in text
    assert "DI points 4" in text and "DI points 0" in text
    for name in ("Grub", "Dreg", "Old Thunder", "Gone"):
        assert name in text
    assert "Longshot" in text and "30\"" in text  # Dreg's range with Longshot
    assert "dead" in text and "fled" in text


def test_view_data_carries_what_the_ai_needs() -> None:
    data = render.view_data(table_game())
    w = {d["id"]: d for d in data["warriors"]}
    assert {"roles", "boomstick_used", "mercenary", "cost"} <= set(w["r1"])
    assert data["max_rounds"] == 8


def parse_svg(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg" and root.get("viewBox")
    return root


def played_save(tmp_path: Path, decisions: int = 60) -> Path:
    registry = Registry()
    ruleset = registry.ruleset("chob-noggoth")
    game = Game(ruleset, None, seed=3)
    agents = {p: registry.make_agent("ai", ruleset, p, agent_seed(3, i), game.players)
              for i, p in enumerate(game.players)}
    while game.pending is not None and game.decisions < decisions:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    path = tmp_path / "game.toml"
    write_save(SaveFile.of(game, {p: "ai" for p in game.players}), path)
    return path


def svg_command():
    from skirmish_cli.cmd_files import svg

    return svg


def test_skirmish_svg_writes_the_picture_of_a_chob_noggoth_save(tmp_path: Path) -> None:
    from click.testing import CliRunner

    save = played_save(tmp_path)
    out = tmp_path / "table.svg"
    result = CliRunner().invoke(svg_command(), [str(save), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert f"wrote {out}" in result.output
    root = parse_svg(out.read_text(encoding="utf-8"))
    assert len(list(root.iter(SVG + "circle"))) >= 5
    default = CliRunner().invoke(svg_command(), [str(save)])
    assert default.exit_code == 0 and save.with_suffix(".svg").exists()
    piped = CliRunner().invoke(svg_command(), [str(save), "-o", "-"])
    assert piped.exit_code == 0 and piped.output.lstrip().startswith("<svg")


def test_skirmish_svg_through_the_installed_command(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("skirmish")
    if not exe.exists():
        pytest.skip("the skirmish command is not installed")
    save = played_save(tmp_path, decisions=20)
    out = tmp_path / "cli.svg"
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "xdg")}
    done = subprocess.run([str(exe), "svg", str(save), "-o", str(out)], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    parse_svg(out.read_text(encoding="utf-8"))


def test_view_hands_out_an_unchanged_warrior_dict_again_and_a_changed_one_afresh() -> None:
    from skirmish_chob_noggoth.render import _warrior_view, view_data

    game = bench([warrior("r1", "red", x=10, y=10), warrior("r2", "red", x=12, y=10), warrior("b1", "blue", x=20)])
    first = view_data(game)
    game.state.warriors["r1"].x = 11.0
    b1 = game.state.warriors["b1"]
    b1.rules = [*b1.rules, "Fearless"]  # lists are never changed in place (state.Names): a new list is assigned
    game.state.warriors["r2"].aimed = game.state.warriors["r2"].aimed  # a new stamp, the same fields
    second = view_data(game)
    same = {a["id"] for a, b in zip(first["warriors"], second["warriors"], strict=True) if a is b}
    assert same == {"r2"}
    assert second["warriors"] == [_warrior_view(w) for w in game.state.warriors.values()]
    assert second["terrain"] is first["terrain"] and second["shrines"] is first["shrines"]
