"""``skirmish balance RULESET``: estimated worth of unit types and rules against their printed cost."""

from __future__ import annotations

from typing import Any

import click


@click.command()
@click.argument("ruleset", required=False)
@click.option("-n", "--games", "n", type=click.IntRange(min=2), default=None,
              help="AI v AI games with random armies.  [default: 200]")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option("--max-decisions", type=click.IntRange(min=1), help="Stop a game after this many decisions.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Processes to use.")
@click.option("--top", type=click.IntRange(min=1), default=15, show_default=True, help="Rows to show.")
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Play here (local processes) or on a Dask cluster (needs the 'dask' extra).")
@click.option("--scheduler", metavar="ADDRESS",
              help="The Dask scheduler (default: a cluster of --workers processes started here).")
@click.option("--scheduler-timeout", type=click.FloatRange(min=1), default=60, show_default=True, metavar="SECONDS",
              help="Stop when the Dask scheduler has not answered for this long.")
@click.option("--csv", "csv_file", type=click.Path(dir_okay=False), metavar="FILE.csv",
              help="Also write one row per game played (seed, outcome, both armies) to FILE as games finish.")
@click.option("--record", "record", metavar="FILE", type=click.Path(dir_okay=False),
              help="Keep every game in FILE as it finishes; games already in it are not played again, so a long "
                   "study can be stopped and carried on, or split over machines by --seed.")
@click.option("--from", "sources", metavar="FILE", multiple=True, type=click.Path(dir_okay=False),
              help="Estimate from the games kept in these --record files (repeatable, merged); play none.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole estimate as JSON.")
def balance(ruleset: str | None, n: int | None, seed: int, max_decisions: int | None, workers: int, top: int,
            executor: str, scheduler: str | None, scheduler_timeout: float, csv_file: str | None, record: str | None,
            sources: tuple[str, ...], as_json: bool) -> int:
    """Estimate what each unit type, keyword or rule of RULESET is worth in play, from N AI v AI games with
    random armies (least squares of the result on the difference in army content, with standard errors),
    and list where printed cost and estimated worth disagree most.

    Thousands of games: keep them with --record (interrupt and rerun the same command to carry on), play
    other seed ranges elsewhere (--seed 5000 -n 5000 --record b.jsonl), then read all of them together with
    --from a.jsonl --from b.jsonl. Ctrl-C prints the estimate from the games finished (exit 130)."""
    from pathlib import Path

    from skirmish.studies.balance import BalanceInterrupted, balance_from, text
    from skirmish_cli import render

    code = 0
    if sources:
        if n is not None or record is not None:
            raise click.UsageError("--from reads kept games only: give it without -n and --record")
        report = balance_from([Path(p) for p in sources])
        if ruleset is not None and ruleset != report["ruleset"]:
            raise click.ClickException(f"the files hold {report['ruleset']} games, not {ruleset}")
    else:
        if ruleset is None:
            raise click.UsageError("name the RULESET to study (or read kept games with --from FILE)")
        try:
            report = _play(ruleset, n or 200, seed, max_decisions, workers, executor, scheduler, scheduler_timeout,
                           record, csv_file)
        except BalanceInterrupted as stop:
            kept = f"; the finished games are kept in {record}: run the same command to carry on" if record else ""
            if stop.report is None:
                click.echo(f"interrupted: {stop.played} games finished, too few to estimate from{kept}", err=True)
                return 130
            click.echo(f"interrupted: the estimate below is from the {stop.played} games finished{kept}", err=True)
            report, code = stop.report, 130
    click.echo(render.to_json(report) if as_json else text(report, top))
    return code


def _play(ruleset: str, n: int, seed: int, max_decisions: int | None, workers: int, executor: str,
          scheduler: str | None, timeout: float, record: str | None, csv_file: str | None) -> dict[str, Any]:
    from pathlib import Path

    from skirmish.studies.balance import BalanceInterrupted, balance_model
    from skirmish.studies.balance import balance as run
    from skirmish.studies.executors import make_executor
    from skirmish.studies.rows import BALANCE_COLUMNS, CsvFile, balance_csv_row
    from skirmish_cli.common import get_ruleset, progress_bar
    from skirmish_cli.registry import get_registry

    registry = get_registry()
    get_ruleset(registry, ruleset)
    balance_model(registry, ruleset)
    table = CsvFile(csv_file, BALANCE_COLUMNS) if csv_file else None
    sink = (lambda rows: table.add([balance_csv_row(r) for r in rows])) if table is not None else None
    runner = None
    try:
        runner = make_executor(executor, workers=workers, scheduler=scheduler, timeout=timeout)
        with progress_bar(n, "playing") as advance:
            return run(registry, ruleset, n, seed=seed, max_decisions=max_decisions, executor=runner,
                       record=Path(record) if record else None, progress=advance, sink=sink)
    except KeyboardInterrupt:  # while a cluster starts or stops
        raise BalanceInterrupted(None, 0) from None
    finally:
        if table is not None:
            table.close()
        if runner is not None:
            runner.close()
