"""Names from files are printed without terminal control sequences, even when piped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import pytest
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


BAD = ("\x1b", "\x07", "\x00", "\u202e")


def _clean(text: str) -> bool:
    return not any(c in text for c in BAD)


def test_bidi_overrides_and_nul_go_too() -> None:
    assert safe_text("abc\u202edef\x00\u2066g") == "abcdefg"


def test_plugins_and_agents_listings_print_plugin_names_clean(monkeypatch: Any) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "evil_names_plugin")
    for args in (["plugins"], ["agents"], ["rulesets"], ["plugins", "--check"]):
        result = invoke(*args)
        assert _clean(result.stdout) and _clean(result.stderr), args


def test_a_plugins_exception_text_reaches_the_screen_clean(monkeypatch: Any) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "evil_names_plugin")
    result = invoke("play", "evil", "--players", "ai,ai", "--seed", "1")
    assert result.exit_code != 0
    assert "boom" in result.stderr and _clean(result.stderr)


def test_hobgoblin_army_validate_and_cost_print_an_army_name_clean(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.delenv("SKIRMISH_PLUGINS", raising=False)
    from importlib import resources

    text = resources.files("skirmish_hobgoblin").joinpath("data/armies").iterdir()
    source = next(ref for ref in text if ref.name.endswith(".toml")).read_text()
    head, sep, rest = source.partition("\nname = ")
    rest = rest.split("\n", 1)[1]  # the army's own name (the first 'name =' line) is replaced
    army = tmp_path / "army.toml"
    army.write_text(head + sep + '"Grub\\u001b]0;owned\\u0007\\u0000\\u202e"\n' + rest)
    for command in ("validate", "cost"):
        result = invoke("hobgoblin-army", command, str(army))
        assert "Grub" in result.stdout + result.stderr, (command, result.output)
        assert _clean(result.stdout) and _clean(result.stderr), command


def test_goblin_uprising_player_names_in_an_error_are_clean(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.delenv("SKIRMISH_PLUGINS", raising=False)
    setup = tmp_path / "s.toml"
    setup.write_text('players = ["hero\\u001b]0;owned\\u0007", "hero\\u001b]0;owned\\u0007"]\n')
    result = invoke("play", "goblin-uprising", "--setup", str(setup), "--players", "ai")
    assert result.exit_code != 0 and _clean(result.stderr)


@pytest.mark.parametrize(("ruleset", "players"), [("hobgoblin", ["red", "blue"]), ("chob-noggoth", ["red", "blue"]),
                                                  ("goblin-uprising", ["hero"])])
def test_svg_pictures_hold_no_control_sequences_from_player_names(monkeypatch: Any, ruleset: str,
                                                                  players: list[str]) -> None:
    monkeypatch.delenv("SKIRMISH_PLUGINS", raising=False)
    from skirmish.engine import Game
    from skirmish_cli.registry import get_registry

    evil = [players[0] + "\x1b]0;owned\x07\u202e", *players[1:]]
    game = Game(get_registry().ruleset(ruleset), {"players": evil}, seed=1)
    picture = game.ruleset.svg(game, None)
    assert picture is not None and _clean(picture)


def test_compare_html_escapes_and_cleans_names() -> None:
    from skirmish.safe import safe_html

    assert safe_html("<b>Grub\x1b]0;x\x07\u202e</b>") == "&lt;b&gt;Grub&lt;/b&gt;"
