"""skirmish.counted: a number with its word, singular for one."""

from __future__ import annotations

from skirmish import counted


def test_one_is_singular_and_others_plural() -> None:
    assert counted(1, "round") == "1 round"
    assert counted(0, "round") == "0 rounds"
    assert counted(3, "reinforcement") == "3 reinforcements"


def test_an_irregular_plural() -> None:
    assert counted(1, "die", "dice") == "1 die"
    assert counted(2, "die", "dice") == "2 dice"
