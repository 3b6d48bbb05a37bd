"""The browser drops a ruleset's pointers to terminal commands ('help TERM', 'show'): its ? panel holds the glossary.

The function is game.js's own, run by node when the machine has it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from importlib import resources

import pytest

NODE = shutil.which("node")


def run_js(function: str, call: str) -> object:
    """game.js's own ``function``, run by node on ``call`` (an expression); its value comes back as JSON."""
    source = resources.files("skirmish_cli.web").joinpath("static/game.js").read_text(encoding="utf-8")
    match = re.search(rf"^function {function}\(.*?^\}}$", source, re.S | re.M)
    assert match, f"game.js has no {function} function"
    assert NODE is not None
    out = subprocess.run([NODE, "-e", f"{match.group(0)}\nconsole.log(JSON.stringify({call}));"],
                         capture_output=True, text=True, check=True, timeout=30)
    return json.loads(out.stdout)


def screen_text(texts: list[str]) -> object:
    return run_js("screenText", f"{json.dumps(texts)}.map(screenText)")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_terminal_pointers_are_dropped_and_the_rest_kept() -> None:
    assert screen_text([
        "costs no action; 'help Fireball' explains it",
        "roll 3 Goblin dice: each Star is 1 damage; 'help Smash'",
        "heals 1; level 1 abilities: Smash, Dodge ('help NAME' explains one)",
        "can engage no enemy: the nearest, Orcs ('help engage')",
        "Red's warriors: 4 standing; 'show' for the map, 'help TERM' for a rule",
        "nothing to drop here",
        "",
    ]) == [
        "costs no action",
        "roll 3 Goblin dice: each Star is 1 damage",
        "heals 1; level 1 abilities: Smash, Dodge",
        "can engage no enemy: the nearest, Orcs",
        "Red's warriors: 4 standing",
        "nothing to drop here",
        "",
    ]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_an_odds_table_named_after_a_choice_is_not_numbered_twice() -> None:
    tables = [{"title": "3. Long Rifles shoots Cave Wolves", "choice": 3, "mean": 2.5},
              {"title": "a Bloodbath roll", "choice": None, "mean": None}]
    assert run_js("oddsCaption", f"{json.dumps(tables)}.map(oddsCaption)") == [
        "3. Long Rifles shoots Cave Wolves (average 2.50)", "2. a Bloodbath roll"]
