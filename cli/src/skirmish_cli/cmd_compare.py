"""``skirmish compare``: rulesets side by side over many games (Markdown, JSON, HTML with SVG charts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click


@click.command()
@click.argument("rulesets", nargs=-1)
@click.option("-n", "--games", "n", type=click.IntRange(min=1), default=100, show_default=True,
              help="Games per ruleset and pairing (AI v AI, random v random, AI v random).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Processes to use.")
@click.option("--max-decisions", type=click.IntRange(min=1), help="Stop a game after this many decisions.")
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Play here (local processes) or on a Dask cluster (needs the 'dask' extra).")
@click.option("--scheduler", metavar="ADDRESS",
              help="The Dask scheduler (default: a cluster of --workers processes started here).")
@click.option("--scheduler-timeout", type=click.FloatRange(min=1), default=60, show_default=True, metavar="SECONDS",
              help="Stop when the Dask scheduler has not answered for this long.")
@click.option("--csv", "csv_file", type=click.Path(dir_okay=False), metavar="FILE.csv",
              help="Also write one row per game (ruleset, pairing, game columns) to FILE as games finish.")
@click.option("--vary", "vary_items", multiple=True, metavar="SETTING=V1,V2,...",
              help="Also play the AI pairing in every combination of these settings' values, per ruleset that "
                   "has them (repeat for several; 'none' for no set-up sweep). Default: each ruleset's own "
                   "(Goblin Uprising: heroes and difficulty).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--markdown", "as_markdown", is_flag=True, help="Print the report as a Markdown table (the default).")
@click.option("--html", "html_file", type=click.Path(dir_okay=False), help="Also write an HTML report with charts.")
def compare(rulesets: Sequence[str], n: int, seed: int, workers: int, max_decisions: int | None,
            executor: str, scheduler: str | None, scheduler_timeout: float, csv_file: str | None,
            vary_items: Sequence[str], as_json: bool, as_markdown: bool, html_file: str | None) -> int:
    """Compare RULESETS (default: every installed one) over N games each: seat advantage, game length,
    how much the AI beats random play, lethality, how often games end early, time per game.
    Ctrl-C prints the figures of the games finished (exit 130)."""
    from skirmish.studies.compare import CompareInterrupted, pairings, setups
    from skirmish.studies.compare import compare as run
    from skirmish.studies.executors import make_executor
    from skirmish.studies.rows import COMPARE_COLUMNS, CsvFile, game_row
    from skirmish_cli.common import get_ruleset, progress_bar
    from skirmish_cli.registry import get_registry

    registry = get_registry()
    names = list(rulesets) or sorted(registry.rulesets)
    for name in names:
        get_ruleset(registry, name)
    vary = _vary(registry, names, vary_items)
    table = CsvFile(csv_file, COMPARE_COLUMNS) if csv_file else None
    sink = ((lambda name, pairing, got: table.add([{"ruleset": name, "pairing": pairing, **game_row(r)}
                                                   for r in got])) if table is not None else None)
    total = n * sum(len(pairings(registry, name)) + len(setups(registry, name, vary)) for name in names)
    code = 0
    runner = None
    try:
        runner = make_executor(executor, workers=workers, scheduler=scheduler, timeout=scheduler_timeout)
        with progress_bar(total, "comparing") as advance:
            report = run(registry, names, n, seed=seed, workers=workers, max_decisions=max_decisions,
                         executor=runner, progress=advance, sink=sink, vary=vary)
    except CompareInterrupted as stop:
        report, code = stop.report, 130
        done = sum(r["rounds_histogram"] and sum(r["rounds_histogram"].values()) or 0 for r in report["rulesets"])
        click.echo(f"interrupted: the figures below are of the games finished ({done} AI v AI games of "
                   f"{n * len(names)})", err=True)
    except KeyboardInterrupt:  # while a cluster starts or stops
        click.echo("interrupted: no game finished", err=True)
        return 130
    finally:
        if table is not None:
            table.close()
        if runner is not None:
            runner.close()
    _show(report, as_json, html_file)
    return code


def _vary(registry: Any, names: Sequence[str], items: Sequence[str]) -> dict[str, tuple[str, ...]] | None:
    """``--vary`` as {setting: values}: ``None`` when not given (each ruleset's own), ``{}`` for 'none'."""
    from skirmish.studies.compare import axes

    if not items:
        return None
    if [i.strip().lower() for i in items] == ["none"]:
        return {}
    out: dict[str, tuple[str, ...]] = {}
    for item in items:
        key, eq, values = item.partition("=")
        key = key.strip().lstrip("-")
        chosen = tuple(v.strip() for v in values.split(",") if v.strip())
        if not eq or not key or not chosen:
            raise click.UsageError(f"--vary takes SETTING=VALUE,VALUE,... (e.g. heroes=1,2,3), not {item!r}")
        out[key] = chosen
    from skirmish.errors import SetupError

    for key in out:
        try:
            found = any(key in axes(registry, name, {key: out[key]}) for name in names)
        except SetupError as err:
            raise click.UsageError(f"--vary {key}: {str(err).removeprefix(f'--{key} ')}") from None
        if not found:
            raise click.UsageError(f"--vary {key}: no ruleset compared has a setting '{key}'")
    return out


def _show(report: dict[str, Any], as_json: bool, html_file: str | None) -> None:
    from skirmish.studies.compare import html_report, markdown
    from skirmish_cli import render

    if html_file:
        with open(html_file, "w", encoding="utf-8") as fh:
            fh.write(html_report(report))
    if as_json:
        click.echo(render.to_json(report))
    else:
        click.echo(markdown(report))
