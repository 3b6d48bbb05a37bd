"""``skirmish simulate``: many games between agents, in parallel processes, and a summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click


def _complete_ruleset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    from skirmish_cli.common import complete_ruleset

    return complete_ruleset(ctx, param, incomplete)


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("ruleset", shell_complete=lambda *a: _complete_ruleset(*a))
@click.option("-n", "--games", "n", type=click.IntRange(min=1), required=True, help="How many games.")
@click.option("--players", "players", multiple=True, metavar="A,B",
              help="Agents seated in player order (a short list cycles; default: the ruleset's ai, else random).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game (then seed+1, ...).")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Processes to use.")
@click.option("--alternate", is_flag=True, help="Reverse the seating every other game (fair first-player tests).")
@click.option("--setup", "setup_file", type=click.Path(dir_okay=False), metavar="FILE.toml",
              help="A set-up file instead of the ruleset's default.")
@click.option("--max-decisions", type=click.IntRange(min=1), help="Stop a game after this many decisions.")
@click.option("--fail-fast", is_flag=True, help="Stop at the first game that fails (default: count it, go on).")
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Play here (local processes) or on a Dask cluster (needs the 'dask' extra).")
@click.option("--scheduler", metavar="ADDRESS",
              help="The Dask scheduler (default: a cluster of --workers processes started here).")
@click.option("--scheduler-timeout", type=click.FloatRange(min=1), default=60, show_default=True, metavar="SECONDS",
              help="Stop when the Dask scheduler has not answered for this long.")
@click.option("--csv", "csv_file", type=click.Path(dir_okay=False), metavar="FILE.csv",
              help="Also write one row per game to FILE as games finish (columns: skirmish.studies.rows).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.pass_context
def simulate(ctx: click.Context, ruleset: str, n: int, players: Sequence[str], seed: int, workers: int, alternate: bool,
             setup_file: str | None, max_decisions: int | None, fail_fast: bool, executor: str, scheduler: str | None,
             scheduler_timeout: float, csv_file: str | None, as_json: bool) -> int:
    """Play N games of RULESET between agents and summarise them: wins per side and per agent,
    draws, game length, dice rolled, speed. A game that fails is reported with its seed and
    counted as an error; Ctrl-C stops every worker and prints what was finished (exit 130).
    Memory stays flat however many games: they are summed up as they finish (--csv keeps each on disk).
    A ruleset's own settings (e.g. --heroes 4) may follow the options."""
    from skirmish.errors import SetupError
    from skirmish.runner import MAX_GAMES, SimulationInterrupted, WorkersLost, play_games
    from skirmish_cli.common import check_agents, load_setup, progress_bar, split_names
    from skirmish_cli.registry import ai_or_random, get_registry

    if n > MAX_GAMES:
        raise click.BadParameter(f"at most {MAX_GAMES:,} games in one run (split bigger studies by --seed)",
                                 param_hint="'-n'")
    registry = get_registry()
    from skirmish_cli.common import get_ruleset

    rs = get_ruleset(registry, ruleset)
    names = split_names(players) or [ai_or_random(registry, ruleset)]
    check_agents(registry, names, ruleset)
    for name in names:
        if registry.agent_spec(name, ruleset).interactive:
            raise click.BadParameter(f"'{name}' asks a person at the keyboard; simulate needs agents that play "
                                     "by themselves", param_hint="'--players'")
    from skirmish_cli.common import ruleset_options, with_options

    setup = with_options(rs, load_setup(setup_file), ruleset_options(rs, ctx.args))
    if setup is not None:
        try:
            setup = rs.check_setup(setup)
        except SetupError as exc:
            raise SetupError(f"set-up {setup_file or '(command-line settings)'}: {exc}") from None
    from skirmish.studies.executors import make_executor
    from skirmish.studies.rows import GAME_COLUMNS, CsvFile, game_row

    code = 0
    table = CsvFile(csv_file, GAME_COLUMNS) if csv_file else None
    sink = (lambda got: table.add([game_row(r) for r in got])) if table is not None else None
    where = None
    try:
        where = make_executor(executor, workers=workers, scheduler=scheduler, timeout=scheduler_timeout)
        with progress_bar(n, "simulating") as advance:
            summary, _ = play_games(registry, ruleset, n, names, seed=seed, workers=workers, setup=setup,
                                    alternate=alternate, max_decisions=max_decisions, progress=advance,
                                    fail_fast=fail_fast, executor=where, sink=sink)
    except SimulationInterrupted as stop:
        click.echo(f"interrupted: {stop.summary.games} of {n} games finished", err=True)
        if not stop.summary.games:
            return 130
        summary, code = stop.summary, 130
    except WorkersLost as lost:
        summary, code = lost.summary, 1
        _report(summary, ruleset, seed, names, as_json, interrupted=False)
        raise
    except KeyboardInterrupt:  # while a cluster starts or stops
        click.echo(f"interrupted: 0 of {n} games finished", err=True)
        return 130
    finally:
        if table is not None:
            table.close()
        if where is not None:
            where.close()
    _report(summary, ruleset, seed, names, as_json, interrupted=code == 130)
    return code


def _report(summary: Any, ruleset: str, seed: int, names: list[str], as_json: bool, interrupted: bool) -> None:
    from skirmish_cli import render

    if as_json:
        data = summary.to_dict()
        data.update({"seed": seed, "agents": names, "interrupted": interrupted})
        click.echo(render.to_json(data))
        return
    click.echo(render.summary_text(summary, seed, names))
    if summary.errors:
        click.echo(f"errors: {summary.errors} game{'s' if summary.errors != 1 else ''} failed "
                   f"(replay one: skirmish play {ruleset} --seed SEED --players AGENTS)")
        for failure in summary.failures:
            click.echo(f"  seed {failure['seed']} ({', '.join(failure['agents'])}): {failure['error']}")
