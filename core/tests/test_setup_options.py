"""Set-up settings a ruleset offers on the command line, parsed with one clear line for a bad value."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish import SetupOption
from skirmish.errors import SetupError
from skirmish.testing.samples import DiceRace


def test_each_kind_parses_and_explains_a_bad_value(tmp_path: Path) -> None:
    heroes = SetupOption("heroes", "how many heroes", "int", low=1, high=6)
    assert heroes.parse("4") == 4
    with pytest.raises(SetupError, match="--heroes must be 1 to 6, not 9"):
        heroes.parse("9")
    with pytest.raises(SetupError, match="--heroes takes a whole number, not 'many'"):
        heroes.parse("many")
    level = SetupOption("difficulty", "how hard", "choice", choices=("easy", "normal"))
    assert level.parse("NORMAL") == "normal"
    with pytest.raises(SetupError, match="one of easy, normal"):
        level.parse("brutal")
    assert SetupOption("fast", "x", "bool").parse("yes") is True
    assert SetupOption("content", "x", "path").parse(str(tmp_path)) == str(tmp_path.resolve())
    with pytest.raises(SetupError, match="--content: no file or directory"):
        SetupOption("content", "x", "path").parse(str(tmp_path / "none"))


def test_the_default_apply_puts_each_value_under_its_name_and_rulesets_offer_none() -> None:
    ruleset = DiceRace()
    assert ruleset.setup_options() == []
    assert ruleset.apply_options({"players": ["a", "b"]}, {"goal": 3}) == {"players": ["a", "b"], "goal": 3}
