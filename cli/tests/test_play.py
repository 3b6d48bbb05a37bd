"""``skirmish play`` and ``skirmish resume`` from piped input: the prompt protocol, autosave, undo, errors."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import assert_one_error, invoke, lines

from skirmish.saves import read_save

AUTOSAVE = Path("data/skirmish/autosave/tiny.toml")


def test_a_whole_game_from_piped_input(tiny_env: Path) -> None:
    result = invoke("play", "tiny", "--seed", "1", input=lines(*["safe"] * 6))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "players: red (human), blue (ai)" in out  # default: human against the ruleset's ai
    assert f"saving to {tiny_env / AUTOSAVE}" in out
    assert "red> safe" in out  # piped input is echoed after the prompt
    assert "game over: a draw - tied on 12 (round 6, 12 decisions)" in out
    save = read_save(AUTOSAVE)
    assert save.finished and len(save.answers) == 12 and save.agents == {"red": "human", "blue": "ai"}


def test_the_human_sees_only_their_own_view() -> None:
    out = invoke("play", "tiny", "--seed", "1", input=lines("safe")).stdout
    assert "red's secret number is" in out
    assert "blue's secret number" not in out and "blue picks a secret number" in out
    assert "blue: 0 points (secret ?)" in out or "blue: 2 points (secret ?)" in out


def test_without_humans_the_game_plays_itself_and_shows_everything() -> None:
    result = invoke("play", "tiny", "--players", "random,ai", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "red's secret number is" in result.stdout and "blue's secret number is" in result.stdout
    assert "game over" in result.stdout


def test_as_seats_the_human_elsewhere() -> None:
    out = invoke("play", "tiny", "--as", "blue", "--seed", "1", input=lines("safe")).stdout
    assert "players: red (ai), blue (human)" in out
    assert "blue> safe" in out


def test_short_player_lists_cycle_and_vs() -> None:
    out = invoke("play", "tiny", "--players", "first", "--seed", "2").stdout
    assert "players: red (first), blue (first)" in out
    out = invoke("play", "tiny", "--vs", "random", "--seed", "2", input="").stdout
    assert "players: red (human), blue (random)" in out


def test_a_refused_answer_says_why_and_asks_again() -> None:
    out = invoke("play", "tiny", "--seed", "1", input=lines("7", "jump", "push", "dice=4", "dice=1")).stdout
    assert "refused: choose a number from 1 to 3" in out
    assert "refused: 'jump' is not an answer here" in out
    assert "refused: dice must be between 1 and 3" in out
    assert "red pushes: 1d6 ->" in out


def test_the_ruleset_validator_refuses_with_its_reason(tiny_env: Path) -> None:
    setup = tiny_env / "setup.toml"
    setup.write_text('players = ["red", "blue"]\ntarget = 30\n')
    inp = lines("dice 6,6,6,6", "roll", "roll", "push", "3")
    out = invoke("play", "tiny", "--seed", "1", "--setup", str(setup), input=inp).stdout
    assert "refused: too greedy" in out


def test_eof_while_a_human_must_answer_saves_and_exits_1(tiny_env: Path) -> None:
    result = invoke("play", "tiny", "--seed", "3", input=lines("roll"))
    line = assert_one_error(result, 1)
    assert "input ended while red must answer" in line and str(tiny_env / AUTOSAVE) in line
    assert "skirmish resume" in line
    save = read_save(AUTOSAVE)
    assert not save.finished and [a["value"] for a in save.answers if a.get("player") == "red"] == ["roll"]
    # and it resumes where it stopped
    resumed = invoke("resume", str(AUTOSAVE), input=lines(*["safe"] * 6))
    assert resumed.exit_code == 0, resumed.output
    assert "recent events:" in resumed.stdout and "game over" in resumed.stdout


def test_quit_saves_and_prints_how_to_carry_on(tiny_env: Path) -> None:
    result = invoke("play", "tiny", "--seed", "3", "--save", "g.toml", input=lines("safe", "quit", "safe"))
    assert result.exit_code == 0
    assert "carry on with: skirmish resume g.toml" in result.stdout
    assert len(read_save("g.toml").answers) == 3  # blue, red, blue: the prompt was waiting again


def test_save_refuses_to_overwrite_a_file(tiny_env: Path) -> None:
    invoke("play", "tiny", "--seed", "3", "--save", "g.toml", input=lines("safe", "quit"))
    before = Path("g.toml").read_bytes()
    line = assert_one_error(invoke("play", "tiny", "--save", "g.toml", input=lines("quit")), 1)
    assert "g.toml already exists" in line and "--overwrite" in line
    assert Path("g.toml").read_bytes() == before
    result = invoke("play", "tiny", "--seed", "5", "--save", "g.toml", "--overwrite", input=lines("quit"))
    assert result.exit_code == 0
    assert read_save("g.toml").seed == 5


def test_a_new_game_never_overwrites_an_unfinished_autosave() -> None:
    invoke("play", "tiny", "--seed", "3", input=lines("quit"))
    out = invoke("play", "tiny", "--seed", "4", input=lines("quit")).stdout
    assert "tiny-2.toml" in out
    assert read_save(AUTOSAVE).seed == 3
    invoke("resume", str(AUTOSAVE), input=lines(*["safe"] * 6))  # finished games may be replaced
    out = invoke("play", "tiny", "--seed", "6", input=lines("quit")).stdout
    assert f"saving to {Path.cwd() / AUTOSAVE}" in out


def test_undo_goes_back_to_before_your_last_answer() -> None:
    out = invoke("play", "tiny", "--seed", "3", "--save", "g.toml", input=lines("roll", "safe", "undo", "quit")).stdout
    assert "undone: back to before your answer Take 2 points" in out  # the label, not the answer's id
    answers = read_save("g.toml").answers
    assert [(a["player"], a["value"]) for a in answers] == [("blue", "safe"), ("red", "roll"), ("blue", "safe")]
    out = invoke("play", "tiny", "--seed", "3", "--save", "h.toml", input=lines("undo", "quit")).stdout
    assert "nothing to undo" in out


def test_undo_twice_and_of_a_form_answer() -> None:
    inp = lines("push", "dice=2", "safe", "undo", "undo", "quit")
    out = invoke("play", "tiny", "--seed", "3", "--save", "g.toml", input=inp).stdout
    assert "undone: back to before your answer Take 2 points" in out
    assert "undone: back to before your answer dice=2" in out
    assert [a.get("value") for a in read_save("g.toml").answers] == ["safe", "push"]


def test_dice_loads_the_next_rolls_and_is_saved() -> None:
    out = invoke("play", "tiny", "--seed", "3", "--save", "g.toml", input=lines("dice 5", "roll", "quit")).stdout
    assert "the next dice will be: 5" in out
    assert "red rolls: d6 -> 5 (loaded)" in out and "red scores 5 -> 5" in out
    assert {"dice": [5]} in read_save("g.toml").answers
    assert invoke("replay", "g.toml").exit_code == 0


def test_dice_that_do_not_fit_are_dropped_and_the_game_goes_on() -> None:
    inp = lines("dice 9", "roll", "roll", "quit")
    out = invoke("play", "tiny", "--seed", "3", "--save", "g.toml", input=inp).stdout
    assert "refused: loaded result 9 does not fit a 6-sided die; the answer was not taken" in out
    assert "red rolls: d6 ->" in out
    assert invoke("replay", "g.toml").exit_code == 0


def test_dice_option_is_recorded_and_replays() -> None:
    result = invoke("play", "tiny", "--seed", "3", "--dice", "4,2,3", "--save", "g.toml", input=lines("roll", "quit"))
    assert result.exit_code == 0, result.output
    assert "red's secret number is 4" in result.stdout  # set-up rolls take loaded dice first
    assert "red rolls: d6 -> 3 (loaded)" in result.stdout
    assert read_save("g.toml").answers[0] == {"dice": [4, 2, 3], "start": True}
    assert invoke("replay", "g.toml").exit_code == 0


def test_log_and_why() -> None:
    out = invoke("play", "tiny", "--seed", "3", input=lines("push", "1", "log 8", "why 11", "why 999", "quit")).stdout
    assert "#10   [Push] red pushed 1 dice" in out and "#11   [Score] red scores" in out
    assert len([x for x in out.splitlines() if x.startswith("#")]) >= 8
    why = out[out.index("red> why 11"):]
    assert why.splitlines()[1].startswith("#11   [Score] red scores")
    assert why.splitlines()[2] == "  because #10   [Push] red pushed 1 dice"
    assert "there is no event #999" in out


def test_why_does_not_reveal_hidden_events() -> None:
    out = invoke("play", "tiny", "--seed", "3", input=lines("why 2", "quit")).stdout
    assert "blue's secret number" not in out
    assert "#2    [Secret] blue picks a secret number" in out


def test_help_and_show_at_the_prompt() -> None:
    out = invoke("play", "tiny", "--seed", "3", input=lines("help", "show", "push", "help", "quit")).stdout
    assert "undo" in out and "quit" in out and "why [N]" in out
    assert "answer with the number" in out
    assert "Tiny Race, seed 3: round 1" in out
    assert "dice=1..3 - dice to roll" in out and "e.g. dice=1" in out


def test_save_command_switches_the_save_file(tiny_env: Path) -> None:
    out = invoke("play", "tiny", "--seed", "3", input=lines("save mine.toml", "safe", "quit")).stdout
    assert "saved to mine.toml (and saving there from now on)" in out
    assert len(read_save("mine.toml").answers) == 3
    out = invoke("play", "tiny", "--seed", "3", input=lines("save mine.toml", "quit")).stdout
    assert "refused: mine.toml already exists" in out


def test_an_answer_that_looks_like_a_command() -> None:
    out = invoke("play", "tiny", "--seed", "3", input=lines("=safe", "quit")).stdout
    assert "red scores 2 -> 2" in out


def test_hot_seat_shows_each_human_their_own_view() -> None:
    out = invoke("play", "tiny", "--players", "human,human", "--seed", "3", input=lines("safe", "safe", "quit")).stdout
    assert "=== red to play ===" in out and "=== blue to play ===" in out
    blue_part, red_part = out.split("=== red to play ===", 1)  # blue moves first in tiny
    assert "red's secret number is" in red_part and "blue's secret number is" not in red_part
    assert "blue's secret number is" in blue_part and "red's secret number is" not in blue_part


def test_script_answers_first_then_the_prompt(tiny_env: Path) -> None:
    script = tiny_env / "moves.txt"
    script.write_text("# red's moves\npush\ndice=1\nsafe\n")
    result = invoke("play", "tiny", "--seed", "3", "--script", str(script), input=lines("roll", "quit"))
    assert result.exit_code == 0, result.output
    assert "red> push  (script)" in result.stdout and "red> safe  (script)" in result.stdout
    assert "red> roll" in result.stdout


def test_a_refused_script_answer_stops_with_one_line(tiny_env: Path) -> None:
    script = tiny_env / "moves.txt"
    script.write_text("safe\nfly\n")
    line = assert_one_error(invoke("play", "tiny", "--seed", "3", "--script", str(script)), 1)
    assert "'fly'" in line and "the game is saved in" in line


def test_resume_takes_the_seats_from_the_save_or_players() -> None:
    invoke("play", "tiny", "--players", "human,random", "--seed", "3", "--save", "g.toml", input=lines("quit"))
    out = invoke("resume", "g.toml", input=lines("quit")).stdout
    assert "players: red (human), blue (random)" in out
    out = invoke("resume", "g.toml", "--players", "first").stdout
    assert "players: red (first), blue (first)" in out and "game over" in out
    out = invoke("resume", "g.toml").stdout
    assert "game over" in out


# -- errors: one line, non-zero, no traceback ---------------------------------------------------------
def test_unknown_ruleset() -> None:
    line = assert_one_error(invoke("play", "chess"), 1)
    assert "no ruleset named 'chess'" in line and "tiny" in line


def test_bad_agent_name() -> None:
    line = assert_one_error(invoke("play", "tiny", "--players", "human,wizard"), 2)
    assert "wizard" in line and "random" in line


def test_too_many_agents() -> None:
    assert "3 agents named for 2 players" in assert_one_error(invoke("play", "tiny", "--players", "ai,ai,ai"), 2)


def test_bad_as_player() -> None:
    assert "no player 'green'" in assert_one_error(invoke("play", "tiny", "--as", "green"), 2)


def test_setup_file_errors(tiny_env: Path) -> None:
    bad_toml = tiny_env / "bad.toml"
    bad_toml.write_text("players = [red\n")
    assert "bad.toml is not valid TOML" in assert_one_error(invoke("play", "tiny", "--setup", str(bad_toml)), 1)
    bad_value = tiny_env / "value.toml"
    bad_value.write_text('players = ["red", "blue"]\ntarget = "lots"\n')
    line = assert_one_error(invoke("play", "tiny", "--setup", str(bad_value)), 1)
    assert "value.toml" in line and "'target' must be a whole number" in line
    line = assert_one_error(invoke("play", "tiny", "--setup", "nowhere.toml"), 1)
    assert "file at nowhere.toml" in line


def test_bad_dice_option() -> None:
    assert "1 or more" in assert_one_error(invoke("play", "tiny", "--dice", "0,3"), 1)


def test_save_into_a_missing_folder() -> None:
    line = assert_one_error(invoke("play", "tiny", "--save", "no/such/dir/g.toml", input=lines("quit")), 1)
    assert "cannot lock save file no/such/dir/g.toml: No such file or directory" in line


def test_a_save_file_replays_as_a_script(tiny_env: Path) -> None:
    first = invoke("play", "tiny", "--seed", "8", "--save", "a.toml", input=lines("push", "dice=2", *["roll"] * 6))
    assert first.exit_code == 0, first.output
    again = invoke("play", "tiny", "--seed", "8", "--save", "b.toml", "--script", "a.toml")
    assert again.exit_code == 0, again.output
    assert read_save("a.toml").digest == read_save("b.toml").digest


def test_hot_seat_end_shows_only_the_new_events() -> None:
    out = invoke("play", "tiny", "--players", "human,human", "--seed", "3", input=lines(*["safe"] * 12)).stdout
    assert out.count("[Set-up] Tiny Race begins") == 2  # once for each human, not again at the end
    assert "game over: a draw" in out


def test_more_players_than_two_get_one_human_by_default(tiny_env: Path) -> None:
    setup = tiny_env / "three.toml"
    setup.write_text('players = ["a", "b", "c"]\n')
    out = invoke("play", "tiny", "--setup", str(setup), "--seed", "1", input=lines("quit")).stdout
    assert "players: a (human), b (ai), c (ai)" in out
    out = invoke("play", "tiny", "--setup", str(setup), "--vs", "random", "--seed", "1", input=lines("quit")).stdout
    assert "players: a (human), b (random), c (random)" in out
    setup.write_text('players = ["a", "b", "c", "d"]\n')
    line = assert_one_error(invoke("play", "tiny", "--setup", str(setup)), 1)
    assert "three.toml" in line and "2 to 3 players" in line


def test_a_long_save_path_is_not_cut_mid_word_by_an_80_column_terminal(tmp_path: Path) -> None:
    folder = tmp_path / ("a-rather-long-folder-name-for-saves" * 2)
    folder.mkdir()
    save = folder / "game.toml"
    out = invoke("play", "tiny", "--seed", "3", "--save", str(save), input=lines("quit")).stdout
    assert f"saving to {save}\n  (after every answer)" in out
    assert f"saving to {save} after every answer" not in out
