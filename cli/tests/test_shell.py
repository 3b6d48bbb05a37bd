"""Shell completion (click's) and NO_COLOR, through the real console script."""

from __future__ import annotations

import os
import subprocess

from cli_helpers import HERE, SKIRMISH, invoke


def complete(words: str, cword: int) -> list[str]:
    env = dict(os.environ, COMP_WORDS=words, COMP_CWORD=str(cword), _SKIRMISH_COMPLETE="bash_complete",
               SKIRMISH_PLUGINS="tiny_ruleset", PYTHONPATH=str(HERE))
    out = subprocess.run([str(SKIRMISH)], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    return [line.split(",", 1)[1] for line in out.stdout.splitlines()]


def test_completion_script_and_command_names() -> None:
    env = dict(os.environ, _SKIRMISH_COMPLETE="bash_source")
    script = subprocess.run([str(SKIRMISH)], capture_output=True, text=True, env=env, timeout=60).stdout
    assert "_skirmish_completion()" in script
    assert complete("skirmish pl", 1) == ["play", "plugins"]
    assert complete("skirmish res", 1) == ["resume"]


def test_completion_of_ruleset_names() -> None:
    assert "tiny" in complete("skirmish play ti", 2)
    assert "tiny" in complete("skirmish simulate t", 2)


def test_help_documents_completion_and_no_color() -> None:
    out = invoke("--help").stdout
    assert "_SKIRMISH_COMPLETE=bash_source skirmish" in out and "NO_COLOR" in out


def test_no_color_keeps_escape_codes_out_even_on_a_colour_terminal() -> None:
    coloured = invoke_color("log 3", no_color=False)
    assert "\x1b[" in coloured
    plain = invoke_color("log 3", no_color=True)
    assert "\x1b[" not in plain and "#" in plain


def invoke_color(command: str, *, no_color: bool) -> str:
    """A game's prompt with colour forced on (as on a terminal), with or without NO_COLOR."""
    from click.testing import CliRunner

    from skirmish_cli.main import cli

    env = {"NO_COLOR": "1"} if no_color else {"NO_COLOR": ""}
    result = CliRunner().invoke(cli, ["play", "tiny", "--seed", "1"], input=f"{command}\nquit\n", env=env,
                                color=True, prog_name="skirmish")
    return result.stdout


def test_a_mistyped_command_or_ruleset_gets_did_you_mean() -> None:
    from cli_helpers import assert_one_error

    line = assert_one_error(invoke("paly", "tiny"), 2)
    assert line == "error: no such command 'paly' (did you mean 'play' or 'replay'?) (see 'skirmish --help')"
    line = assert_one_error(invoke("xyzzy"), 2)
    assert line == "error: no such command 'xyzzy' (see 'skirmish --help')"
    line = assert_one_error(invoke("play", "tiyn"), 1)
    assert "no ruleset named 'tiyn'" in line and "did you mean 'tiny'?" in line
    line = assert_one_error(invoke("simulate", "tin", "-n", "1"), 1)
    assert "did you mean 'tiny'?" in line
    assert invoke("tiny-hello").stdout.strip() == "hello world from tiny"  # plugin commands still resolve
