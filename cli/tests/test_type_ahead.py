"""Type-ahead at the prompt: 'push 2' answers the option push and keeps 2 for the next question."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import invoke

from skirmish.engine import Game
from skirmish.saves import read_save, replay
from skirmish_cli.registry import build_registry
from skirmish_cli.session import Session, Terminal


def make(tmp_path: Path, lines: list[str], seats: dict[str, str] | None = None) -> Session:
    registry = build_registry()
    game = Game(registry.ruleset("tiny"), seed=3)
    return Session(registry, game, seats or {"red": "human", "blue": "ai"}, tmp_path / "s.toml",
                   terminal=Terminal(lines))


def text(session: Session) -> str:
    return "\n".join(session.term.transcript)


def answers(session: Session, player: str = "red") -> list[object]:
    return [a["value"] for a in session.game.answers if a["player"] == player]


def test_type_ahead_gives_the_option_then_the_words_after_it(tmp_path: Path) -> None:
    session = make(tmp_path, ["push 2", "quit"])
    session.run()
    assert answers(session)[:2] == ["push", {"dice": 2}]
    pushed = session.game.answers.index({"player": "red", "value": "push"})
    assert session.game.answers[pushed + 1] == {"player": "red", "value": {"dice": 2}}  # one after the other
    assert "red> 2  (typed ahead)" in text(session)
    assert "red pushed 2 dice" in text(session)


def test_type_ahead_records_two_answers_and_the_save_replays(tmp_path: Path) -> None:
    session = make(tmp_path, ["push 1", "quit"])
    session.run()
    save = read_save(tmp_path / "s.toml")
    assert [a["value"] for a in save.answers if a["player"] == "red"][:2] == ["push", {"dice": 1}]
    assert replay(save, session.game.ruleset).digest() == session.game.digest()


def test_a_refused_second_answer_gives_neither_and_says_why(tmp_path: Path) -> None:
    session = make(tmp_path, ["push 9", "quit"])
    session.run()
    out = text(session)
    assert "refused: push 9:" in out and "dice" in out
    assert answers(session) == []  # all or nothing: push is not taken either
    assert session.game.pending is not None and session.game.pending.kind == "action"
    assert session.game.pending.player == "red"


def test_the_validator_refusal_is_shown_before_anything_is_answered(tmp_path: Path) -> None:
    session = make(tmp_path, ["safe", "safe", "safe", "safe", "push 3", "quit"])
    session.run()
    assert "too greedy" in text(session)
    assert answers(session) == ["safe"] * 4


def test_words_left_when_the_next_question_is_someone_elses_are_not_used(tmp_path: Path) -> None:
    session = make(tmp_path, ["safe 2", "quit"], seats={"red": "human", "blue": "human"})
    first = session.game.pending.player
    other = "blue" if first == "red" else "red"
    session.run()
    assert f"('2' was not used: the next question is {other}'s)" in text(session)
    assert session.game.answers == [{"player": first, "value": "safe"}]
    assert session.game.pending is not None and session.game.pending.player == other  # hot-seat: not answered


def test_a_queued_answer_is_only_for_the_very_next_question(tmp_path: Path) -> None:
    session = make(tmp_path, ["push 2", "quit"])
    session.ahead["red"] = ("3", False, session.game.decisions + 5, "push 3")  # stale: for a later question
    session.run()
    assert "red> 3  (typed ahead)" not in text(session)


def test_plain_answers_and_narrowing_still_work(tmp_path: Path) -> None:
    session = make(tmp_path, ["Push your", "2", "quit"])
    session.run()
    assert answers(session)[:2] == ["push", {"dice": 2}]


def test_the_real_play_command_takes_typed_ahead_answers(tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    result = invoke("play", "tiny", "--seed", "3", "--vs", "ai", "--save", str(save), input="push 2\nquit\n")
    assert result.exit_code == 0, result.output
    assert "red> 2  (typed ahead)" in result.output
    assert [a["value"] for a in read_save(save).answers if a["player"] == "red"][:2] == ["push", {"dice": 2}]


def test_a_long_status_that_changed_in_a_few_lines_prints_only_those(tmp_path: Path) -> None:
    session = make(tmp_path, [])
    before = "\n".join(f"unit {i}: 0 Doom" for i in range(10))
    after = before.replace("unit 3: 0 Doom", "unit 3: 2 Doom")
    assert session.changed_lines(before, after) == "unit 3: 2 Doom"
    assert session.changed_lines(None, after) == after  # first time: all of it
    many = "\n".join(f"unit {i}: 1 Doom" for i in range(10))
    assert session.changed_lines(before, many) == many  # much changed: all of it
    short = "a\nb"
    assert session.changed_lines("a\nc", short) == short  # a short status is always shown whole


def test_a_changed_indented_line_comes_with_the_line_it_continues(tmp_path: Path) -> None:
    session = make(tmp_path, [])
    before = "round 2\nred: 3 units\n  r1 0 Doom\n  r2 0 Doom\nblue: 2 units\n  b1 0 Doom\n  b2 0 Doom\n(key)"
    after = before.replace("b2 0 Doom", "b2 3 Doom")
    assert session.changed_lines(before, after) == "blue: 2 units\n  b2 3 Doom"
    after = before.replace("r2 0 Doom", "r2 1 Doom").replace("red: 3 units", "red: 3 units, 1 hurt")
    assert session.changed_lines(before, after) == "red: 3 units, 1 hurt\n  r2 1 Doom"


def test_a_long_question_wraps_to_the_screen(tmp_path: Path) -> None:
    from skirmish.decisions import choose

    d = choose("red", "x", "why " * 40, [("a", "A"), ("b", "B")])
    text = Session.question(d)
    assert all(len(line) <= 80 for line in text.splitlines())
    assert text.splitlines()[-2:] == ["   1. A", "   2. B"]


def test_undo_after_a_line_typed_ahead_takes_back_both_answers(tmp_path: Path) -> None:
    session = make(tmp_path, ["push 1", "undo", "quit"])
    session.run()
    assert "undone: back to before your answer 'push 1'" in text(session)
    assert answers(session) == []
    assert session.game.pending is not None and session.game.pending.kind == "action"


def test_help_term_finds_hyphenated_and_spaced_names_alike(tmp_path: Path) -> None:
    session = make(tmp_path, [])
    session.glossary = lambda: {"wheel left": "a manoeuvre", "Roll": "a d6"}  # type: ignore[method-assign]
    assert session.lookup("wheel-left") == "wheel left: a manoeuvre"
    assert session.lookup("  Wheel   Left ") == "wheel left: a manoeuvre"


def test_under_a_long_status_a_long_list_is_grouped_but_never_cut(tmp_path: Path) -> None:
    from skirmish.decisions import Decision, Option

    session = make(tmp_path, [])
    grouped = Decision("red", "shoot", "?", options=tuple(
        Option(f"s{i}", f"shot {i}", data={"actor_name": f"Unit {i // 4}"}) for i in range(12)))
    single = Decision("red", "move", "?", options=tuple(
        Option(f"m{i}", f"move {i}", data={"actor": "r1"}) for i in range(12)))
    assert session.option_lines(grouped, 0) == 16
    assert session.option_lines(grouped, 11) == 7  # one line per unit fits under the status
    assert session.option_lines(single, 11) == 16  # one group: a shorter list would hide choices
