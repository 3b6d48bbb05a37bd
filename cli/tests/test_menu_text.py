"""Menus at 80 columns: labels abbreviated at word boundaries, and a narrowed list shows every word."""

from __future__ import annotations

import contextlib

from skirmish.decisions import Decision, Option
from skirmish_cli import render

LONG = "pass until the end of this phase, keeping your actions for the battles that come later in the round"


def _decision() -> Decision:
    return Decision("hero1", "act", "what now?", options=(
        Option("pass", LONG), Option("rest", "rest (recover a wound)"), Option("forest", "travel to the Forest")))


def test_a_long_label_is_cut_at_a_word_boundary() -> None:
    text = render.decision_text(_decision())
    line = next(x for x in text.splitlines() if "pass until" in x)
    assert len(line) <= 80 and line.endswith("...")
    assert line[:-3].split()[-1] in LONG.replace(",", "").split()  # the last word shown is a whole word
    assert "this p..." not in text


def test_a_narrowed_list_and_list_show_every_word() -> None:
    text = render.decision_text(_decision(), only=[0, 2])
    assert " ".join(text.split()).endswith("later in the round 3. travel to the Forest")
    assert "..." not in text and all(len(x) <= 80 for x in text.splitlines())


def test_the_session_shows_a_narrowed_list_whole(tmp_path) -> None:
    from skirmish.engine import Game
    from skirmish_cli.registry import get_registry
    from skirmish_cli.session import Session, Terminal

    registry = get_registry()
    game = Game(registry.ruleset("tiny"), seed=1)
    game.pending = _decision()  # (a stand-in question: only how it is shown is under test)
    session = Session(registry, game, {p: "human" for p in game.players}, None, terminal=Terminal([]))
    with contextlib.suppress(Exception):  # (narrow raises to read the next line)
        session.narrow(game.pending, "the")
    shown = "\n".join(session.term.transcript)
    assert "2 choices match 'the'" in shown and "later in the round" in shown
