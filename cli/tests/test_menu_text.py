"""Menus at 80 columns: labels abbreviated at word boundaries, and a narrowed list shows every word."""

from __future__ import annotations

import contextlib

from skirmish.decisions import Decision, Option
from skirmish_cli import render

LONG = "pass until the end of this phase, keeping your actions for the battles that come later in the round"


def _decision() -> Decision:
    return Decision("red", "act", "what now?", options=(
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
    session.give("red", "the", "the", scripted=False)  # several choices match: listed, nothing given
    shown = "\n".join(session.term.transcript)
    assert "2 choices match 'the'" in shown and "later in the round" in shown
    assert game.answers == []


def test_a_choice_that_gives_something_up_is_asked_about_once(tmp_path) -> None:
    import attrs

    from skirmish.engine import Game
    from skirmish_cli.registry import get_registry
    from skirmish_cli.session import Session, Terminal

    registry = get_registry()

    def session(lines: list[str], pages: bool) -> tuple[Session, Game]:
        game = Game(registry.ruleset("tiny"), seed=1)
        d = game.pending
        marked = tuple(attrs.evolve(o, data={**o.data, "confirm": "your unused actions are lost"}) if i == 0 else o
                       for i, o in enumerate(d.options))
        game.pending = attrs.evolve(d, options=marked)
        return Session(registry, game, {p: "human" for p in game.players}, None,
                       terminal=Terminal(lines, pages=pages)), game

    s, game = session(["n"], pages=True)
    first = game.pending.options[0]
    with contextlib.suppress(Exception):
        s.give(game.pending.player, "1", "1", False)
    assert not game.answers  # "n": nothing given
    assert any("your unused actions are lost. Sure? (y/n)" in line for line in s.term.transcript)
    s, game = session(["y"], pages=True)
    with contextlib.suppress(Exception):
        s.give(game.pending.player, "1", "1", False)
    assert len(game.answers) == 1 and game.answers[0]["value"] == first.value
    s, game = session([], pages=False)  # piped input and scripts are not asked (their next line is an answer)
    with contextlib.suppress(Exception):
        s.give(game.pending.player, "1", "1", False)
    assert len(game.answers) == 1


def test_the_rulesets_labels_for_a_person_replace_the_options_own_in_every_list() -> None:
    labels = {2: "travel to the Forest (cannot now: the bridge is out)"}
    for text in (render.decision_text(_decision(), labels=labels), render.decision_text(_decision(), only=[2],
                                                                                         labels=labels)):
        assert "3. travel to the Forest (cannot now: the bridge is out)" in text
    assert "2. rest (recover a wound)" in render.decision_text(_decision(), labels=labels)


def test_the_session_shows_the_rulesets_labels_and_a_failing_hook_leaves_the_plain_ones(monkeypatch) -> None:
    from skirmish.engine import Game
    from skirmish_cli.registry import get_registry
    from skirmish_cli.session import Session, Terminal

    registry = get_registry()
    game = Game(registry.ruleset("tiny"), seed=1)
    game.pending = _decision()
    ruleset = type(game.ruleset)
    monkeypatch.setattr(ruleset, "option_labels", lambda self, g, d: {2: "travel to the Forest (cannot now)"},
                        raising=False)
    session = Session(registry, game, {p: "human" for p in game.players}, None, terminal=Terminal([]))
    session.cmd_list("red", "")
    assert "3. travel to the Forest (cannot now)" in "\n".join(session.term.transcript)

    def broken(self, g, d):  # noqa: ANN001, ANN202
        raise ValueError("a bug in the ruleset's labels")

    monkeypatch.setattr(ruleset, "option_labels", broken, raising=False)
    assert render.shown_labels(game, game.pending) == {}
    session.cmd_list("red", "")
    assert session.term.transcript[-1].endswith("3. travel to the Forest")
