"""Hostile files (issue 25): each is one clear line, a non-zero exit, within seconds, in bounded memory."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import assert_one_error, invoke

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev/zero")


def _run(*args: str, timeout: float = 30) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {k: v for k, v in os.environ.items() if k != "SKIRMISH_PLUGINS"}
    start = time.monotonic()
    # at most 1 GB of memory: a reader that floods fails loudly instead of taking the machine
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))"
    done = subprocess.run([sys.executable, "-c", f"{limit}; import sys; from skirmish_cli.main import main; "
                           f"sys.argv = ['skirmish', *sys.argv[1:]]; sys.exit(main())", *args],
                          capture_output=True, text=True, env=env, timeout=timeout, stdin=subprocess.DEVNULL)
    return done, time.monotonic() - start


def _fifo(tmp_path: Path) -> str:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return str(path)


@pytest.mark.parametrize("source", ["/dev/zero", "fifo"])
def test_play_script_from_a_device_or_a_fifo_is_refused_at_once(tmp_path: Path, source: str) -> None:
    path = _fifo(tmp_path) if source == "fifo" else source
    done, took = _run("play", "chob-noggoth", "--seed", "1", "--script", path, "--save", str(tmp_path / "g.toml"))
    assert "not a regular file" in assert_one_error(done)
    assert took < 20


@pytest.mark.parametrize("source", ["/dev/zero", "fifo"])
def test_balance_from_a_device_or_a_fifo_is_refused_at_once(tmp_path: Path, source: str) -> None:
    path = _fifo(tmp_path) if source == "fifo" else source
    done, took = _run("balance", "--from", path)
    assert "not a regular file" in assert_one_error(done)
    assert took < 20


def _dotted(path: Path, parts: int = 200_000) -> Path:
    path.write_text("a" + ".a" * parts + " = 1\n")
    return path


@pytest.mark.parametrize("ruleset", ["hobgoblin", "chob-noggoth", "goblin-uprising"])
def test_a_key_of_200000_dotted_parts_is_refused_well_under_a_second(tmp_path: Path, ruleset: str) -> None:
    from skirmish.content import load_toml
    from skirmish.errors import SetupError

    path = _dotted(tmp_path / "setup.toml")
    start = time.perf_counter()
    with pytest.raises(SetupError, match="dotted parts"):
        load_toml(path)
    assert time.perf_counter() - start < 1.0
    assert "dotted parts" in assert_one_error(invoke("play", ruleset, "--setup", str(path)))


def test_a_file_at_the_size_limit_of_dotted_keys_is_refused_well_under_a_second(tmp_path: Path) -> None:
    from skirmish.content import MAX_FILE_BYTES
    from skirmish.errors import SetupError
    from skirmish.textfiles import parse_toml

    text = "a" + ".a" * (MAX_FILE_BYTES // 2 - 8) + " = 1\n"
    start = time.perf_counter()
    with pytest.raises(SetupError):
        parse_toml(text, "big.toml")
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize("command", ["show", "replay", "resume", "svg"])
def test_save_commands_refuse_a_dotted_key_bomb(tmp_path: Path, command: str) -> None:
    path = _dotted(tmp_path / "save.toml")
    before = path.read_bytes()
    assert "dotted parts" in assert_one_error(invoke(command, str(path)))
    assert path.read_bytes() == before


def test_hobgoblin_army_validate_refuses_a_dotted_key_bomb(tmp_path: Path) -> None:
    path = _dotted(tmp_path / "army.toml")
    assert "dotted parts" in assert_one_error(invoke("hobgoblin-army", "validate", str(path)))


def test_a_hobgoblin_table_of_1e300_inches_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "setup.toml"
    path.write_text("[table]\nwidth = 1e300\ndepth = 1e300\n")
    done, took = _run("play", "hobgoblin", "--players", "ai,ai", "--setup", str(path))
    assert "table width" in assert_one_error(done)
    assert took < 20


@pytest.mark.parametrize("text", ["[table]\nwidth = nan\n", "[table]\ndepth = inf\n", "points = -inf\n",
                                  "points = 1e300\n"])
def test_hobgoblin_set_ups_with_nan_infinite_or_absurd_numbers_are_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "setup.toml"
    path.write_text(text)
    assert_one_error(invoke("play", "hobgoblin", "--players", "ai,ai", "--setup", str(path)))


@pytest.mark.parametrize("ruleset", ["chob-noggoth", "goblin-uprising"])
def test_max_rounds_beyond_what_the_command_line_allows_is_refused(tmp_path: Path, ruleset: str) -> None:
    path = tmp_path / "setup.toml"
    path.write_text("[options]\nmax_rounds = 1000000000000000000000\n")
    assert "max_rounds" in assert_one_error(invoke("play", ruleset, "--players", "ai", "--setup", str(path)))
    path.write_text("[options]\nmax_rounds = 1000\n")
    assert "max_rounds" in assert_one_error(invoke("play", ruleset, "--players", "ai", "--setup", str(path)))


def _content(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "content"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text)
    return folder


@pytest.mark.parametrize(("key", "value"), [("hp", "-5"), ("count", "-3"), ("hp", "nan"), ("count", "10000000")])
def test_goblin_uprising_content_refuses_negative_and_absurd_numbers(tmp_path: Path, key: str, value: str) -> None:
    from importlib import resources

    from skirmish_goblin_uprising.content import PACKAGE

    text = resources.files(PACKAGE).joinpath("data/enemies.toml").read_text()
    text = text.replace("human = { name = \"Human Soldiers\", hp = 2, damage = 1, count = 6 }",
                        f"human = {{ name = \"Human Soldiers\", hp = 2, damage = 1, count = 6, {key} = {value} }}"
                        .replace(f"{key} = 2, ", "").replace(f"{key} = 6, ", "").replace(f", {key} = 6", ""), 1)
    assert f"{key} = {value}" in text
    folder = _content(tmp_path, "enemies.toml", text)
    line = assert_one_error(invoke("play", "goblin-uprising", "--players", "ai", "--content", str(folder)))
    assert key in line


def test_goblin_uprising_content_files_have_a_size_limit_and_a_nesting_limit(tmp_path: Path) -> None:
    folder = _content(tmp_path, "enemies.toml", "x = " + "[" * 100_000 + "\n")
    assert "nested too deeply" in assert_one_error(invoke("play", "goblin-uprising", "--players", "ai",
                                                          "--content", str(folder)))
    (folder / "enemies.toml").write_text("# " + "x" * (5 * 1024 * 1024) + "\n")
    assert "too big" in assert_one_error(invoke("play", "goblin-uprising", "--players", "ai",
                                                "--content", str(folder)))


def test_a_script_with_bad_utf8_is_one_line(tmp_path: Path) -> None:
    script = tmp_path / "answers.txt"
    script.write_bytes(b"1\n\xff\xfe\n")
    line = assert_one_error(invoke("play", "chob-noggoth", "--seed", "1", "--script", str(script),
                                   "--save", str(tmp_path / "g.toml")))
    assert "not a text file" in line


def test_a_script_nested_deeply_is_one_line_and_the_game_is_saved(tmp_path: Path) -> None:
    script = tmp_path / "answers.txt"
    script.write_text("[" * 100_000 + "\n")
    save = tmp_path / "g.toml"
    result = invoke("play", "chob-noggoth", "--seed", "1", "--script", str(script), "--save", str(save))
    assert "nested too deeply" in assert_one_error(result)
    assert save.exists()
    toml_script = tmp_path / "answers.toml"
    toml_script.write_text("answers = " + "[" * 100_000 + "\n")
    assert "nested too deeply" in assert_one_error(invoke("play", "chob-noggoth", "--seed", "1", "--script",
                                                          str(toml_script), "--save", str(tmp_path / "h.toml")))


def test_balance_from_a_deeply_nested_record_is_one_line(tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    record.write_text("[" * 100_000 + "\n")
    assert "not JSON" in assert_one_error(invoke("balance", "--from", str(record)))


def test_a_hobgoblin_marker_off_the_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "setup.toml"
    path.write_text('[[markers]]\nx = 100000000.0\ny = 5.0\nkind = "objective"\n')
    assert "marker 1: x" in assert_one_error(invoke("play", "hobgoblin", "--players", "ai,ai", "--setup", str(path)))
