"""The interactive loop on its own (no click): undo, loaded dice, autosave, stopping."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.engine import Game
from skirmish.saves import read_save, replay
from skirmish_cli.registry import build_registry
from skirmish_cli.session import Session, SessionStop, Terminal


def make(tmp_path: Path, lines: list[str], seats: dict[str, str] | None = None, **kw: object) -> Session:
    registry = build_registry()
    game = Game(registry.ruleset("tiny"), seed=3)
    return Session(registry, game, seats or {"red": "human", "blue": "ai"}, tmp_path / "s.toml",
                   terminal=Terminal(lines), **kw)  # type: ignore[arg-type]


def test_every_answer_is_saved_and_the_save_replays(tmp_path: Path) -> None:
    session = make(tmp_path, ["roll", "push", "dice=2", "quit"])
    assert session.run() == 0
    save = read_save(tmp_path / "s.toml")
    assert save.answers == session.game.answers
    game = replay(save, session.game.ruleset)
    assert game.digest() == session.game.digest()


def test_undo_rebuilds_the_game_without_your_last_answer(tmp_path: Path) -> None:
    session = make(tmp_path, ["roll", "safe", "undo", "quit"])
    session.run()
    assert [a["value"] for a in session.game.answers] == ["safe", "roll", "safe"]
    assert session.game.pending is not None and session.game.pending.player == "red"
    assert session.game.round == 2


def test_undo_drops_dice_loaded_after_the_answer(tmp_path: Path) -> None:
    session = make(tmp_path, ["safe", "dice 6,6", "undo", "quit"])
    session.run()
    assert session.game.answers == [{"player": "blue", "value": "safe"}]
    assert not session.game.rng.loaded


def test_loaded_dice_that_do_not_fit_leave_the_game_as_it_was(tmp_path: Path) -> None:
    session = make(tmp_path, ["dice 2,9", "push", "dice=2", "quit"])
    session.run()
    assert any("does not fit" in line for line in session.term.transcript)
    assert {"dice": [], "replace": True} in session.game.answers
    assert session.game.pending is not None and session.game.pending.kind == "push"
    game = replay(read_save(tmp_path / "s.toml"), session.game.ruleset)
    assert game.digest() == session.game.digest()


def test_dice_clear(tmp_path: Path) -> None:
    session = make(tmp_path, ["dice 6", "dice", "dice clear", "dice", "quit"])
    session.run()
    text = "\n".join(session.term.transcript)
    assert "loaded dice: 6" in text and "loaded dice: none" in text


def test_end_of_input_stops_with_the_game_saved(tmp_path: Path) -> None:
    session = make(tmp_path, ["safe"])
    with pytest.raises(SessionStop, match="input ended while red must answer; the game is saved in"):
        session.run()
    assert len(read_save(tmp_path / "s.toml").answers) == 3


def test_an_agent_crash_names_the_save(tmp_path: Path) -> None:
    session = make(tmp_path, [], seats={"red": "random", "blue": "random"})

    class Boom:
        def decide(self, view: object, decision: object) -> object:
            raise RuntimeError("boom")

    session.agents["blue"] = Boom()
    with pytest.raises(RuntimeError) as info:
        session.run()
    assert any("the game is saved in" in note for note in info.value.__notes__)
    assert (tmp_path / "s.toml").exists()


def test_a_game_without_humans_needs_no_input(tmp_path: Path) -> None:
    session = make(tmp_path, [], seats={"red": "random", "blue": "first"})
    assert session.run() == 0
    assert session.game.over and read_save(tmp_path / "s.toml").finished
