"""Helpers for the CLI tests: run the CLI in-process or as the real console script."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner, Result

HERE = Path(__file__).parent
SKIRMISH = Path(sys.executable).parent / "skirmish"


def lines(*xs: str) -> str:
    """Answers typed at the prompt, one per line."""
    return "".join(f"{x}\n" for x in xs)


def invoke(*args: str, input: str | None = None) -> Result:
    """Run the CLI in-process (the registry is built fresh on every invocation)."""
    from skirmish_cli.main import cli

    return CliRunner().invoke(cli, list(args), input=input, prog_name="skirmish")


def run(*args: str, input: str | None = None, plugins: str = "tiny_ruleset") -> subprocess.CompletedProcess[str]:
    """Run the real ``skirmish`` console script."""
    env = dict(os.environ, SKIRMISH_PLUGINS=plugins, PYTHONPATH=str(HERE))
    return subprocess.run([str(SKIRMISH), *args], input=input, capture_output=True, text=True, env=env,
                          timeout=60)


def assert_one_error(result: Result | subprocess.CompletedProcess[str], code: int | None = None) -> str:
    """The failure is one ``error:`` line on stderr, a non-zero exit and no traceback."""
    exit_code = result.exit_code if isinstance(result, Result) else result.returncode
    stderr = result.stderr
    lines = [line for line in stderr.splitlines() if not line.startswith("warning:")]
    assert exit_code != 0, (exit_code, stderr)
    if code is not None:
        assert exit_code == code, (exit_code, stderr)
    assert len(lines) == 1 and lines[0].startswith("error: "), stderr
    assert "Traceback" not in stderr + result.stdout
    if isinstance(result, Result):
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return lines[0]
