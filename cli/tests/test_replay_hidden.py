"""``replay --log`` keeps hidden information hidden (issue 25): ``--as PLAYER`` and ``--all``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import assert_one_error, invoke

from skirmish.agents import FirstAgent
from skirmish.engine import Game
from skirmish.saves import SaveFile, write_save
from skirmish_cli.registry import get_registry


@pytest.fixture
def unfinished(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A Hobgoblin game stopped after both players drew their Fortune Cards (hidden from each other)."""
    monkeypatch.delenv("SKIRMISH_PLUGINS", raising=False)
    game = Game(get_registry().ruleset("hobgoblin"), None, seed=1)
    agent = FirstAgent(None)  # type: ignore[arg-type]
    for _ in range(40):
        decision = game.pending
        assert decision is not None
        game.answer(agent.decide(None, decision), decision.player)  # type: ignore[arg-type]
    path = tmp_path / "g.toml"
    write_save(SaveFile.of(game), path)
    return path


def _cards_of(player: str, text: str) -> bool:
    """Whether ``text`` names the cards ``player`` drew (not only how many)."""
    return re.search(rf"{player} draws (?!\d+ cards?\b)", text) is not None


def test_replay_log_of_an_unfinished_game_hides_every_hand_unless_asked(unfinished: Path) -> None:
    out = invoke("replay", str(unfinished), "--log").stdout
    assert "blue draws 4 cards" in out and "red draws 4 cards" in out
    assert not _cards_of("blue", out) and not _cards_of("red", out)
    assert "--all" in out  # it says how to see everything


def test_replay_log_as_a_player_shows_that_players_cards_only(unfinished: Path) -> None:
    out = invoke("replay", str(unfinished), "--log", "--as", "blue").stdout
    assert _cards_of("blue", out) and not _cards_of("red", out)
    assert "red draws 4 cards" in out


def test_replay_log_all_shows_every_hand(unfinished: Path) -> None:
    out = invoke("replay", str(unfinished), "--log", "--all").stdout
    assert _cards_of("blue", out) and _cards_of("red", out)


def test_replay_json_log_hides_hands_too(unfinished: Path) -> None:
    data = json.loads(invoke("replay", str(unfinished), "--log", "--json").stdout)
    texts = [ev["text"] for ev in data["log"]]
    assert "blue draws 4 cards" in texts and not _cards_of("blue", "\n".join(texts))


def test_replay_as_someone_not_playing_is_one_line(unfinished: Path) -> None:
    assert_one_error(invoke("replay", str(unfinished), "--log", "--as", "green"))
    assert_one_error(invoke("replay", str(unfinished), "--log", "--as", "blue", "--all"))
