"""The ``skirmish`` command group and the wrapper that turns every error into one line.

Start-up stays light: only click is imported here. Built-in commands live in their own
modules and are imported when run; plugin commands (``skirmish_register_commands``)
are found through the registry only when a name is not a built-in, so ``--help``
never loads a plugin.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

import click

from skirmish_cli import __version__
from skirmish_cli.command_table import BUILTIN

EPILOG = ("Plugins may add commands of their own: 'skirmish plugins' lists them. Shell completion (bash): "
          "eval \"$(_SKIRMISH_COMPLETE=bash_source skirmish)\" (zsh_source, fish_source for zsh and fish). "
          "Set NO_COLOR=1 for output without colour.")


class SkirmishGroup(click.Group):
    """A group that loads its commands lazily and reports every failure as one ``error:`` line."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(BUILTIN)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = BUILTIN.get(cmd_name)
        if entry is not None:
            from importlib import import_module

            return getattr(import_module(f"skirmish_cli.{entry[0]}"), entry[1])
        from skirmish_cli.registry import get_registry, plugin_command

        spec = get_registry().commands.get(cmd_name)
        return plugin_command(spec) if spec is not None else None

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                             list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            from skirmish_cli.common import did_you_mean
            from skirmish_cli.registry import get_registry

            known = [*BUILTIN, *get_registry().commands]
            ctx.fail(f"no such command '{name}'{did_you_mean(name, known)}")
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, BUILTIN[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,  # type: ignore[override]
             complete_var: str | None = None, standalone_mode: bool = True, **extra: Any) -> Any:
        code = run_reporting_errors(
            lambda: super(SkirmishGroup, self).main(args, prog_name, complete_var, standalone_mode=False, **extra))
        if standalone_mode:
            sys.exit(code)
        return code


def run_reporting_errors(call: Any) -> int:
    """Run ``call``; return its exit code, printing any failure as one ``error:`` line on stderr
    (and a plugin's warning as one ``warning:`` line)."""
    import warnings

    shown = warnings.showwarning
    warnings.showwarning = _show_warning
    try:
        return _run_reporting_errors(call)
    finally:
        warnings.showwarning = shown


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: Any = None, line: str | None = None) -> None:
    """A warning as one ``warning:`` line, through the one filter (a plugin's text may carry escapes)."""
    from skirmish.safe import safe_text

    text = " ".join(part.strip() for part in str(message).splitlines() if part.strip())
    click.echo(safe_text(f"warning: {text}"), err=True)


def _run_reporting_errors(call: Any) -> int:
    try:
        rv = call()
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help())
        return 0
    except click.UsageError as exc:
        hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
        return _error(_first_lower(exc.format_message()) + hint, exc.exit_code)
    except click.ClickException as exc:
        return _error(_first_lower(exc.format_message()), exc.exit_code)
    except click.exceptions.Abort as exc:
        return _error("interrupted" + _notes(exc.__cause__ or exc), 1)
    except KeyboardInterrupt as exc:
        return _error("interrupted" + _notes(exc), 1)
    except Exception as exc:  # noqa: BLE001 - every failure becomes one line for people
        from skirmish.errors import SkirmishError

        if isinstance(exc, SkirmishError):
            return _error(str(exc) + _notes(exc), 1)
        if isinstance(exc, OSError):
            where = f"{exc.filename}: " if exc.filename else ""
            return _error(f"{where}{exc.strerror or exc}" + _notes(exc), 1)
        if os.environ.get("SKIRMISH_DEBUG"):
            raise
        return _error(f"unexpected {type(exc).__name__}{_where(exc)}: {exc}{_notes(exc)} "
                      "(set SKIRMISH_DEBUG=1 to see the traceback)", 1)
    return rv if isinstance(rv, int) and not isinstance(rv, bool) else 0


def _error(message: str, code: int) -> int:
    from skirmish.safe import safe_text

    line = " ".join(part.strip() for part in str(message).splitlines() if part.strip())
    click.echo(safe_text(f"error: {line}"), err=True)  # names and plugin text in it came from files
    return code or 1


def _first_lower(text: str) -> str:
    return text[0].lower() + text[1:] if len(text) > 1 and text[1].islower() else text


def _notes(exc: BaseException | None) -> str:
    notes = getattr(exc, "__notes__", None) or []
    return "".join(f"; {note}" for note in notes)


def _where(exc: BaseException) -> str:
    """Where an unexpected error came from: the innermost frame outside the standard library."""
    import sysconfig

    stdlib = sysconfig.get_paths()["stdlib"]
    found = None
    tb = exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if not filename.startswith(stdlib) or "site-packages" in filename:
            found = tb
        tb = tb.tb_next
    if found is None:
        return ""
    module = found.tb_frame.f_globals.get("__name__", "?")
    return f" in {module}.{found.tb_frame.f_code.co_name} (line {found.tb_lineno})"


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    import skirmish

    click.echo(f"skirmish-cli {__version__}, skirmish-core {skirmish.__version__}, "
               f"Python {sys.version_info[0]}.{sys.version_info[1]}.{sys.version_info[2]}")
    ctx.exit(0)


@click.group(cls=SkirmishGroup, epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
              help="Show the versions of skirmish-cli and skirmish-core.")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """skirmish: play, replay and simulate tabletop games of any installed ruleset."""
    if os.environ.get("NO_COLOR"):  # https://no-color.org: every click.echo below strips colour
        ctx.color = False


def main() -> None:
    cli.main(prog_name="skirmish")
