"""The plain ``human`` agent (used by drivers other than ``skirmish play``): reads lines until one is legal."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish.agents import AgentContext, View
from skirmish.engine import Game
from skirmish.errors import SkirmishError
from skirmish_cli.human import HumanAgent


@pytest.fixture
def arena(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,tiny_arena")
    from skirmish_cli.registry import get_registry

    return Game(get_registry().ruleset("arena"), seed=1)


def agent_for(game: Game, lines: list[str]) -> tuple[HumanAgent, list[str]]:
    out: list[str] = []
    feed = iter(lines)
    ctx = AgentContext(game.pending.player, 0, game.ruleset, players=game.players)
    return HumanAgent(ctx, read=lambda prompt: next(feed, None), write=out.append), out


def test_names_narrow_refusals_explain_and_a_unique_match_answers(arena: Game) -> None:
    assert arena.pending.player == "hero2"  # Di, Ed, Flo, Gus
    agent, out = agent_for(arena, ["ed", "fly", "ed dodge"])
    value = agent.decide(View(arena, "hero2"), arena.pending)
    assert value == "ed-dodge"
    text = "\n".join(out)
    assert "(17 choices)" in text and "   5. Ed: strike the Beast" in text
    assert "refused: 'fly' is not an answer here" in text


def test_end_of_input_is_an_error(arena: Game) -> None:
    agent, _ = agent_for(arena, [])
    with pytest.raises(SkirmishError, match="input ended while hero2 must answer"):
        agent.decide(View(arena, "hero2"), arena.pending)


def test_play_and_the_plain_agent_read_lines_through_one_path(arena: Game) -> None:
    """``skirmish play`` puts each human seat's lines through a HumanAgent: the same words, the same replies."""
    from skirmish_cli.registry import get_registry
    from skirmish_cli.session import Session, Terminal

    lines = ["ed", "fly", "x=1"]
    agent, out = agent_for(arena, [*lines, "ed dodge"])
    assert agent.decide(View(arena, "hero2"), arena.pending) == "ed-dodge"
    session = Session(get_registry(), arena, {p: "human" for p in arena.players}, None, terminal=Terminal([]))
    assert isinstance(session.readers["hero2"], HumanAgent)
    for line in lines:
        session.give("hero2", line, line, scripted=False)
    assert arena.answers == []  # nothing given: listed or refused
    replies = "\n".join(session.term.transcript)
    assert replies.startswith("4 choices match 'ed':\n   5. Ed: strike the Beast")
    assert replies.endswith("refused: 'x=1' is not an answer here; choose 1 to 17 (or type help)")
    assert replies in "\n".join(out)  # word for word what the plain agent said
