"""The prompt explains the game: help TERM, odds, measure, the brief status, grouped and narrowed choices,
positions typed as 10,1, did-you-mean, NO_COLOR, the end-of-game summary and per-seat results."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import assert_one_error, invoke, lines

from skirmish.saves import read_save


@pytest.fixture(autouse=True)
def arena(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,tiny_arena")


def play(*answers: str, seed: str = "1") -> str:
    result = invoke("play", "arena", "--players", "human,random", "--seed", seed, "--save", "g.toml",
                    "--overwrite", input=lines(*answers))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.stdout


def after(out: str, typed: str) -> list[str]:
    """The lines printed in answer to ``typed`` (up to the next prompt)."""
    part = out[out.index(f"hero1> {typed}\n") + len(f"hero1> {typed}\n"):]
    return part.split("hero1> ")[0].splitlines()


# -- help TERM ---------------------------------------------------------------------------------
def test_help_term_reads_the_rulesets_glossary_any_case_or_part() -> None:
    out = play("help strike", "help STRI", "help terms", "help odds", "quit")
    assert after(out, "help strike") == ["Strike: hit the Beast: one die, 4+ wounds it"]
    assert after(out, "help STRI") == ["Strike: hit the Beast: one die, 4+ wounds it"]
    assert after(out, "help terms")[1].strip() == "Strike, Shove, Banner, Beast"
    assert after(out, "help odds")[0].startswith("odds [QUERY]: exact chances")  # prompt commands too


def test_help_term_that_is_unknown_says_what_comes_close() -> None:
    out = play("help banna", "help xyzzy", "help s", "quit")
    assert after(out, "help banna") == ["'banna' could be: Banner (help TERM explains one)"]
    assert after(out, "help xyzzy") == ["no entry for 'xyzzy' in Tiny Arena's glossary ('help terms' lists them)"]
    assert "could be: Strike, Shove" in after(out, "help s")[0]


def test_plain_help_lists_the_commands_and_points_at_the_glossary() -> None:
    out = "\n".join(after(play("help", "quit"), "help"))
    for command in ("help [TERM]", "odds [QUERY]", "measure A B", "show", "map on|off", "list", "why [N]", "undo"):
        assert command in out
    assert "help TERM explains any of 4 terms of Tiny Arena, e.g. Strike, Shove, Banner, Beast" in " ".join(out.split())
    help_lines = after(play("help", "quit"), "help")
    assert len(help_lines) <= 22 and all(len(line) <= 80 for line in help_lines)  # fits with its prompt


def test_a_ruleset_without_a_glossary_says_so() -> None:
    result = invoke("play", "tiny", "--seed", "1", input=lines("help safe", "help terms", "quit"))
    assert "no entry for 'safe' in Tiny Race's glossary" in result.stdout
    assert "Tiny Race has no glossary" in result.stdout


# -- odds and measure ------------------------------------------------------------------------------
def test_odds_prints_an_exact_table_with_a_histogram() -> None:
    got = after(play("odds", "quit"), "odds")
    assert got[0] == "strike: wounds from one die (4+) (average 0.50)"
    assert re.fullmatch(r"\s+outcome\s+chance\s+exactly\s+at least", got[1])
    assert re.fullmatch(r"\s+0\s+1/2\s+50\.0%\s+100\.0%\s+#+", got[2])
    assert re.fullmatch(r"\s+1\s+1/2\s+50\.0%\s+50\.0%\s+#+", got[3])


def test_odds_of_a_bad_query_is_one_line_and_the_game_goes_on() -> None:
    out = play("odds fly", "1", "quit")
    assert after(out, "odds fly") == ["odds: no attack called 'fly' (try: strike)"]
    assert "hero1 strikes" in out
    tiny = invoke("play", "tiny", "--seed", "1", input=lines("odds", "quit")).stdout
    assert "odds: Tiny Race does not work out odds" in tiny


def test_measure_finds_where_names_with_spaces_split() -> None:
    from skirmish_cli.session import name_pairs

    assert name_pairs("Nib Sister Pike") == [("Nib", "Sister Pike"), ("Nib Sister", "Pike")]
    assert name_pairs("Big Gutz, Sister Pike") == [("Big Gutz", "Sister Pike")]
    assert name_pairs("'Big Gutz' Nib") == [("Big Gutz", "Nib")]
    assert name_pairs("Nib") == [] and name_pairs(", x") == [] and name_pairs("'open") == []


def test_measure_between_two_pieces_and_its_bad_input() -> None:
    out = play("measure Ada Flo", "measure Ada, Flo", "measure Ada to Di", "measure Ada", "measure Ada Zed", "quit")
    assert after(out, "measure Ada Flo") == ['Ada to Flo: 12", in sight']
    assert after(out, "measure Ada, Flo") == ['Ada to Flo: 12", in sight']
    assert after(out, "measure Ada to Di") == ['Ada to Di: 8", in sight']
    assert after(out, "measure Ada")[0].startswith("measure needs two pieces")
    assert after(out, "measure Ada Zed") == ["measure: no piece called 'Zed'"]


# -- the screen -----------------------------------------------------------------------------------
def test_the_prompt_shows_the_brief_status_and_the_whole_picture_on_request() -> None:
    out = play("show", "map on", "map off", "map maybe", "quit")
    before_show = out.split("hero1> show")[0]
    assert "Arena, round 1: the Beast has 0/3 wounds" in before_show
    assert "THE WHOLE ARENA MAP" not in before_show
    assert "THE WHOLE ARENA MAP" in "\n".join(after(out, "show"))
    assert after(out, "map on")[:2] == ["the whole picture is shown after every change", "THE WHOLE ARENA MAP"]
    assert after(out, "map off")[1] == "Arena, round 1: the Beast has 0/3 wounds"
    assert after(out, "map maybe")[0].startswith("refused:")


def test_every_prompt_fits_80_by_24() -> None:
    out = play("1", "2", "3", seed="2")
    screens = out.split("hero1> ")
    for screen in screens[1:-1]:
        body = screen.splitlines()[1:]  # what follows the echoed answer, up to the next prompt
        assert len(body) <= 23, body
        assert all(len(line) <= 80 for line in body), body


def test_a_long_list_of_choices_is_grouped_by_piece() -> None:
    out = play("quit")
    question = out.split("hero1> ")[0].splitlines()
    start = next(i for i, line in enumerate(question) if line.startswith("hero1: what does your band do?"))
    assert question[start] == "hero1: what does your band do? (17 choices)"
    assert re.fullmatch(r"  Ada\s+1-4  strike the Beast; shove the Beast; shout the Beast\.\.\.", question[start + 1])
    assert len(question[start + 1]) <= 80  # clipped to the screen, at a word boundary
    assert re.fullmatch(r"  Place the banner\s+17", question[start + 5])
    assert "type a name to see its choices" in question[start + 6]


def test_typing_a_name_narrows_the_list_and_a_unique_match_answers() -> None:
    out = play("bo", "xyz", "dot: dodge", "quit")
    assert after(out, "bo") == ["4 choices match 'bo':", "   5. Bo: strike the Beast", "   6. Bo: shove the Beast",
                                "   7. Bo: shout the Beast", "   8. Bo: dodge the Beast"]
    assert after(out, "xyz")[0].startswith("refused: 'xyz' is not an answer here")
    assert [a["value"] for a in read_save("g.toml").answers if a.get("player") == "hero1"] == ["dot-dodge"]


def test_list_shows_every_choice_numbered() -> None:
    got = after(play("list", "quit"), "list")
    assert got[1] == "   1. Ada: strike the Beast" and got[-1] == "  17. Place the banner"


@pytest.mark.parametrize("typed", ["10,1", "x=10 y=1", "10 1", "at=10,1"])
def test_a_position_is_typed_as_x_comma_y_or_named(typed: str) -> None:
    out = play("banner", typed, "quit")
    assert "hero1 plants the banner at (10, 1)" in out


def test_a_position_off_the_table_is_refused_with_the_bounds() -> None:
    out = play("banner", "30,1", "10", "quit")
    assert "refused: at must lie within x 0..24, y 0..12" in out
    assert "refused: at needs x, y" in out


def test_a_mistyped_command_gets_did_you_mean() -> None:
    out = play("shw", "mesure Ada Bo", "quit")
    assert " ".join(after(out, "shw")).endswith("did you mean 'show'? (type help for the commands)")
    assert "did you mean 'measure'?" in " ".join(after(out, "mesure Ada Bo"))
    assert all(len(line) <= 80 for line in after(out, "shw"))
    tiny = invoke("play", "tiny", "--seed", "1", input=lines("push", "dice=9", "map maybe", "quit")).stdout
    assert "did you mean" not in tiny  # a form field that looks like a command, a command with a wrong word


def test_no_answer_ids_or_json_reach_the_player() -> None:
    out = play("banner", "10,1", "undo", "quit")
    assert "dot-dodge" not in out and "ada-strike" not in out and '{"' not in out
    assert "decided (" not in out  # answers are echoed, not logged back as 'hero2 decided (action)'
    assert "undone: back to before your answer at=10,1" in out or "undone: back to before your answer" in out


def test_events_between_your_turns_are_capped_with_a_pointer_to_log(tiny_env: Path) -> None:
    from cli_helpers import HERE  # noqa: F401 - the test plugins are importable

    from skirmish_cli.registry import get_registry
    from skirmish_cli.session import Session, Terminal

    registry = get_registry()
    game = registry.ruleset("arena")
    from skirmish.engine import Game

    g = Game(game, seed=1)
    for i in range(40):
        g.emit("note", f"something happened {i}", rule="Test")
    term = Terminal(["quit"])
    Session(registry, g, {"hero1": "human", "hero2": "random"}, tiny_env / "s.toml", terminal=term).run()
    text = "\n".join(term.transcript)
    assert "something happened 39" in text and "something happened 20" not in text
    assert re.search(r"\.\.\. \((\d+) events and dice rolls not shown: Enter or 'more' shows all \d+\)",
                     text)
    assert "'log " not in text  # (no more pointing at a log longer than the screen)
    assert len(text.split("hero1> ")[0].splitlines()) <= 24


# -- colour ----------------------------------------------------------------------------------------
def test_no_color_turns_colour_off(monkeypatch: pytest.MonkeyPatch) -> None:
    from skirmish_cli import render

    assert "\x1b[" in render.style("x", fg="cyan")
    monkeypatch.setenv("NO_COLOR", "1")
    assert render.style("x", fg="cyan") == "x"


# -- the end ---------------------------------------------------------------------------------------
def test_the_end_shows_the_summary_and_every_seat_and_the_side_without_a_seat() -> None:
    out = play("1", "1", "1", seed="2")
    tail = out[out.rindex("game over"):] if "Final picture" not in out else out[out.index("Final picture"):]
    assert "Final picture: the Beast took" in tail
    assert "  hero1 (you, human): loss" in tail and "  hero2 (random): loss" in tail
    assert "  Beast (not a seat): win" in tail


def test_a_team_win_is_a_win_for_every_seat_with_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    result = invoke("play", "arena", "--players", "human,random", "--seed", "3", "--dice", "6,6,6,6,6,6",
                    "--save", "w.toml", input=lines("1", "1", "1"))
    out = result.stdout
    assert "game over: heroes won - the Beast is slain (round" in out
    assert "  hero1 (you, human): win, 2 points" in out and "  hero2 (random): win, 1 point" in out


def test_a_draw_and_a_single_winner_in_the_tiny_race() -> None:
    out = invoke("play", "tiny", "--seed", "1", input=lines(*["safe"] * 6)).stdout
    assert "game over: a draw - tied on 12" in out
    assert "  red (you, human): draw" in out and "  blue (ai): draw" in out


def test_eof_in_the_middle_of_a_narrowed_list_still_saves() -> None:
    result = invoke("play", "arena", "--players", "human,random", "--seed", "1", "--save", "g.toml",
                    input=lines("bo"))
    line = assert_one_error(result, 1)
    assert "input ended while hero1 must answer" in line and "g.toml" in line


# -- why and the log --------------------------------------------------------------------------------
def test_why_alone_explains_the_latest_event_and_answers_read_as_typed() -> None:
    out = play("banner", "10,1", "why", "why 6", "log 30", "quit")
    latest = [line for line in after(out, "log 30") if line.startswith("#") and "decided (" not in line][-1]
    assert after(out, "why")[0] == latest
    got = after(out, "why 6")
    assert got[0].endswith("hero1 plants the banner at (10, 1)")
    assert got[1].startswith("  because #5") and got[1].endswith("hero1: banner -> at=10,1")  # as it was typed
    assert '{"' not in "\n".join(after(out, "log 30"))


def test_answer_text_round_trips_through_the_parser() -> None:
    from skirmish.answer_text import parse_answer
    from skirmish.decisions import Decision, Param
    from skirmish_cli.render import answer_text

    d = Decision("a", "k", "?", params=(Param("at", "point", bounds=(0, 0, 9, 9)),
                                        Param("pick", "subset", 0, 0, choices=("a", "b")),
                                        Param("dice", "assign", choices=("u1", "u2"), total=3)))
    value = {"at": {"x": 1.5, "y": 2}, "pick": ["a", "b"], "dice": {"u1": 1, "u2": 2}}
    assert answer_text(value) == "at=1.5,2 pick=a,b dice=u1:1,u2:2"
    assert d.check(None, parse_answer(d, answer_text(value))) == (value, None)
    assert answer_text({"pick": []}) == "pick=none"


def test_a_ruleset_without_a_brief_gets_a_header_when_its_picture_is_too_big(monkeypatch: pytest.MonkeyPatch) -> None:
    import tiny_arena

    from skirmish.ruleset import Ruleset

    monkeypatch.setattr(tiny_arena.ArenaRuleset, "brief", Ruleset.brief)
    out = play("quit")
    assert "THE WHOLE ARENA MAP" not in out
    assert "Tiny Arena: round 1, fight ('show' draws the whole picture)" in out
    small = invoke("play", "tiny", "--seed", "1", input=lines("quit")).stdout
    assert "  red: 0 points (secret" in small  # a small picture is shown whole


def test_when_events_do_not_fit_dice_rolls_give_way_first(tiny_env: Path) -> None:
    from skirmish.engine import Game
    from skirmish_cli.registry import get_registry
    from skirmish_cli.session import Session, Terminal

    registry = get_registry()
    g = Game(registry.ruleset("arena"), seed=1)
    for i in range(8):
        g.emit("roll", f"a die for hit {i}", rule="Test")
        g.emit("note", f"hit {i} lands", rule="Test")
    term = Terminal(["quit"])
    Session(registry, g, {"hero1": "human", "hero2": "random"}, tiny_env / "s.toml", terminal=term, rows=20).run()
    screen = "\n".join(term.transcript).split("hero1> ")[0]
    assert "Tiny Arena begins" in screen and "hit 7 lands" in screen and "a die for hit" not in screen
    assert "dice rolls not shown: Enter or 'more' shows all" in screen


def _burst(tiny_env: Path, lines: list[str], *, pages: bool, rows: int = 24) -> str:
    from skirmish.engine import Game
    from skirmish_cli.registry import get_registry
    from skirmish_cli.session import Session, Terminal

    registry = get_registry()
    g = Game(registry.ruleset("arena"), seed=1)
    for i in range(60):
        g.emit("note", f"the other side did thing {i}", rule="Test")
    term = Terminal(lines, pages=pages)
    Session(registry, g, {"hero1": "human", "hero2": "random"}, tiny_env / "s.toml", terminal=term, rows=rows).run()
    return "\n".join(term.transcript)


def test_at_a_screen_the_other_sides_turn_is_shown_in_full_a_page_at_a_time(tiny_env: Path) -> None:
    text = _burst(tiny_env, ["", "", "", "quit"], pages=True)
    assert all(f"the other side did thing {i}\n" in text + "\n" for i in range(60))  # nothing left out
    pages = text.split("more lines: Enter for the next page, q to skip, or type your answer --")
    assert len(pages) >= 3
    assert all(len(page.strip("\n").splitlines()) <= 24 for page in pages[:-1])  # each page fits the screen
    assert "hero1> quit" in pages[-1] and len(pages[-1].split("hero1> ")[0].strip("\n").splitlines()) <= 24


def test_q_skips_the_pages_and_enter_shows_them_again(tiny_env: Path) -> None:
    text = _burst(tiny_env, ["q", "", "", "", "", "quit"], pages=True)
    first = text.split("hero1> ")[0]
    assert "lines skipped: 'more' shows everything since your last turn" in first
    assert "thing 59" not in first
    again = text.split("hero1> ", 1)[1]
    assert "since your last turn (" in again and "thing 59" in again


def test_without_a_screen_enter_or_more_shows_the_whole_list(tiny_env: Path) -> None:
    text = _burst(tiny_env, ["more", "quit"], pages=False)
    first, again = text.split("hero1> more", 1)
    assert "thing 30" not in first and "Enter or 'more' shows all" in first
    assert all(f"thing {i}\n" in again for i in range(60))
    text = _burst(tiny_env, ["", "quit"], pages=False)
    assert "thing 30" in text.split("hero1> ", 1)[1]


def test_long_event_lines_wrap_under_themselves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    from skirmish.events import Event
    from skirmish_cli.render import event_line

    ev = Event(7, "note", "word " * 30, "A Long Rule")
    lines = event_line(ev, width=40).splitlines()
    assert lines[0].startswith("  [A Long Rule] word") and all(len(x) <= 40 for x in lines)
    assert all(x.startswith("    word") for x in lines[1:])
    numbered = event_line(ev, seq=True, width=40).splitlines()
    assert numbered[0].startswith("#7    [A Long Rule]") and numbered[1].startswith("        word")
    assert event_line(Event(1, "note", "short", ""), width=40) == "  short"


def test_a_ruleset_bug_in_odds_or_measure_is_one_line_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import tiny_arena

    def broken(*args: object) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(tiny_arena.ArenaRuleset, "odds", broken)
    monkeypatch.setattr(tiny_arena.ArenaRuleset, "measure", broken)
    monkeypatch.setattr(tiny_arena.ArenaRuleset, "glossary", broken)
    out = play("odds", "measure Ada Bo", "help strike", "1", "quit")
    assert after(out, "odds") == ["odds: Tiny Arena failed to work this out (ZeroDivisionError: division by zero)"]
    assert after(out, "measure Ada Bo")[0].startswith("measure: Tiny Arena failed to measure (ZeroDivisionError")
    assert "no entry for 'strike'" in after(out, "help strike")[0]
    assert "hero1 strikes" in out


def test_a_long_distribution_is_cut_to_fit_the_screen() -> None:
    from fractions import Fraction

    from skirmish_cli.render import histogram_text

    dist = {n: Fraction(1, 30) for n in range(30)}
    lines = histogram_text("30 outcomes", dist).splitlines()
    assert len(lines) == 18 and lines[0] == "30 outcomes (average 14.50)"
    assert lines[-1].split()[:4] == ["15+", "1/2", "50.0%", "50.0%"]
    faces = histogram_text("faces", {(("hit", 1),): Fraction(1, 3), (("miss", 1),): Fraction(2, 3)}).splitlines()
    assert faces[1].split() == ["outcome", "chance", "exactly"] and "hit 1" in faces[2]


def test_a_refused_form_answer_shows_what_an_answer_looks_like() -> None:
    out = invoke("play", "tiny", "--seed", "1", input=lines("push", "dice=9", "quit")).stdout
    assert "refused: dice must be between 1 and 3 (an answer looks like: dice=1)" in out


def test_a_long_glossary_entry_wraps_at_80(monkeypatch: pytest.MonkeyPatch) -> None:
    import tiny_arena

    monkeypatch.setattr(tiny_arena.ArenaRuleset, "glossary", lambda self: {"Roar": "a very long roar " * 10})
    got = after(play("help roar", "quit"), "help roar")
    assert len(got) > 1 and all(len(line) <= 80 for line in got)
    assert got[0].startswith("Roar: a very long roar") and got[1].startswith("  ")


def test_many_odds_tables_are_one_line_each_then_odds_n_draws_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from fractions import Fraction

    import tiny_arena

    tables = [(f"attack {i} with a long title that goes on and on to show the wrapping of lines", 
               {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}) for i in range(1, 6)]
    monkeypatch.setattr(tiny_arena.ArenaRuleset, "odds", lambda self, game, player, query: tables)
    out = play("odds", "odds 2", "odds 9", "quit")
    got = after(out, "odds")
    assert got[0].startswith("1. attack 1 with a long title") and all(len(line) <= 80 for line in got)
    assert "0 33.3%, 1 33.3%, 2 33.3% (average 1.00)" in " ".join(" ".join(got).split())
    assert got[-1] == "('odds N' draws table N in full, 1 to 5)"
    full = after(out, "odds 2")
    assert full[0].startswith("attack 2 with a long title") and any("at least" in line for line in full)
    assert after(out, "odds 9")[0] == "odds: no odds for choice 9 of this question (5 tables)"


def test_what_your_answer_did_is_fitted_to_the_screen_too(monkeypatch: pytest.MonkeyPatch) -> None:
    import tiny_arena

    def busy(game: object, answer: str, player: str) -> None:
        for i in range(30):
            game.rng.roll(6, why=f"die {i}")  # type: ignore[attr-defined]
            game.emit("note", f"consequence {i}", rule="Busy")  # type: ignore[attr-defined]

    monkeypatch.setattr(tiny_arena, "_act", busy)
    out = play("1", "quit", seed="2")
    screen = out.split("hero1> 1\n")[1].split("hero1> ")[0].splitlines()
    assert len(screen) <= 23 and "consequence 29" in "\n".join(screen) and "consequence 0" in "\n".join(screen)
    assert not any("die " in line for line in screen)  # the rolls gave way first


def test_why_wraps_its_chain_at_80(monkeypatch: pytest.MonkeyPatch) -> None:
    import tiny_arena

    def wordy(game: object, answer: str, player: str) -> None:
        first = game.emit("note", "a long reason " * 8, rule="Wordy")  # type: ignore[attr-defined]
        with game.because(first):  # type: ignore[attr-defined]
            game.emit("note", "a long consequence " * 6, rule="Wordy")  # type: ignore[attr-defined]

    monkeypatch.setattr(tiny_arena, "_act", wordy)
    out = play("1", "why", "quit", seed="2")
    got = after(out, "why")
    assert all(len(line) <= 80 for line in got)
    assert any(line.startswith("  because #") and "a long reason" in line for line in got)


def test_tab_completes_commands_pieces_and_terms(tiny_env: Path) -> None:
    from skirmish.engine import Game
    from skirmish_cli.registry import get_registry
    from skirmish_cli.session import Session, Terminal

    registry = get_registry()
    game = Game(registry.ruleset("arena"), seed=1)
    term = Terminal([])
    session = Session(registry, game, {"hero1": "random", "hero2": "human"}, None, terminal=term)
    words = term.completions() if term.completions else []
    assert {"measure", "odds", "Ed", "Gus", "strike", "Strike", "Banner"} <= set(words)

    class FakeReadline:
        def set_completer(self, fn: object) -> None:
            self.fn = fn

        def set_completer_delims(self, delims: str) -> None:
            pass

        def parse_and_bind(self, text: str) -> None:
            pass

    fake = FakeReadline()
    term._complete_with(fake)
    assert [fake.fn("me", i) for i in range(2)] == ["measure ", None]
    assert fake.fn("gu", 0) == "Gus "
    assert session.game is game


def test_odds_n_belongs_to_the_decision_on_screen_and_its_menu_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    from fractions import Fraction

    import tiny_arena

    def odds(self: object, game: object, player: str, query: str) -> list[tuple[str, dict[int, Fraction]]]:
        if game.decisions > 1 or query:  # type: ignore[attr-defined]
            return []  # (a later question offers no attack)
        return [("3. Ada strikes the Beast", {0: Fraction(1, 2), 1: Fraction(1, 2)}),
                ("7. Bo strikes the Beast", {0: Fraction(1, 4), 2: Fraction(3, 4)})]

    monkeypatch.setattr(tiny_arena.ArenaRuleset, "odds", odds)
    out = play("odds", "odds 7", "odds 1", "1", "odds 7", "quit")
    assert after(out, "odds 7")[0].startswith("7. Bo strikes the Beast")  # choice 7 of the menu, not table 7
    assert after(out, "odds 1")[0] == "odds: no odds for choice 1 of this question (choices 3, 7 have odds)"
    later = out.split("odds 7", 2)[2]  # asked again at the next question: not the old question's table
    assert "Bo strikes" not in later.split("> quit")[0]
    assert "no odds for choice 7" in later


def test_a_word_typed_at_the_page_prompt_is_the_players_next_line_not_a_lost_keystroke(tiny_env: Path) -> None:
    text = _burst(tiny_env, ["", "help", "quit"], pages=True)
    head, tail = text.split("hero1> help  (typed at the page prompt)")
    assert "lines skipped: 'more' shows everything since your last turn" in head.rsplit("type your answer --", 1)[1]
    assert "thing 59" not in head  # the rest of the pages gave way to the typed line
    assert "hero1> quit" in tail and "help TERM" in tail.split("hero1> quit")[0]  # 'help' was acted on


def test_show_longer_than_the_screen_is_paged(tiny_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tiny_arena

    from skirmish.engine import Game
    from skirmish_cli.registry import get_registry
    from skirmish_cli.session import Session, Terminal

    monkeypatch.setattr(tiny_arena.ArenaRuleset, "describe",
                        lambda self, game, player: "\n".join(f"map row {i}" for i in range(50)))
    registry = get_registry()
    g = Game(registry.ruleset("arena"), seed=1)
    term = Terminal(["show", "", "", "quit"], pages=True)
    Session(registry, g, {"hero1": "human", "hero2": "random"}, tiny_env / "s.toml", terminal=term).run()
    text = "\n".join(term.transcript).split("hero1> show", 1)[1]
    assert "map row 0\n" in text and "map row 49" in text
    first = text.split("more lines: Enter for the next page")[0]
    assert "map row 0" in first and "map row 30" not in first and len(first.strip("\n").splitlines()) <= 24


def test_a_long_odds_refusal_is_wrapped_at_words_to_80_columns(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from skirmish.engine import Game
    from skirmish_cli.registry import get_registry
    from skirmish_cli.session import Session, Terminal

    registry = get_registry()
    if "goblin-uprising" not in registry.rulesets:
        pytest.skip("needs goblin-uprising")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    g = Game(registry.ruleset("goblin-uprising"), seed=1)
    seats = {p: "human" if i == 0 else "ai" for i, p in enumerate(g.players)}
    term = Terminal(["odds the great dragon of the northern hills", "quit"])
    Session(registry, g, seats, tmp_path / "s.toml", terminal=term, rows=24).run()
    said = "\n".join(term.transcript).split("odds the great dragon of the northern hills", 1)[1].split("> quit")[0]
    assert "cannot weigh" in said and "'enemy TARGET'" in said.replace("\n", " ")
    assert all(len(line) <= 80 for line in said.splitlines())
