"""``skirmish compare``: rulesets side by side over many games (Markdown, JSON, HTML with SVG charts)."""

from __future__ import annotations

from collections.abc import Sequence

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
@click.option("--scheduler", metavar="ADDRESS", help="The Dask scheduler (default: a cluster in this process).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--markdown", "as_markdown", is_flag=True, help="Print the report as a Markdown table (the default).")
@click.option("--html", "html_file", type=click.Path(dir_okay=False), help="Also write an HTML report with charts.")
def compare(rulesets: Sequence[str], n: int, seed: int, workers: int, max_decisions: int | None,
            executor: str, scheduler: str | None, as_json: bool,
            as_markdown: bool, html_file: str | None) -> int:
    """Compare RULESETS (default: every installed one) over N games each: seat advantage, game length,
    how much the AI beats random play, lethality, how often games end early, time per game."""
    from skirmish.studies.compare import compare as run
    from skirmish.studies.compare import html_report, markdown
    from skirmish_cli import render
    from skirmish_cli.common import get_ruleset
    from skirmish_cli.registry import get_registry

    registry = get_registry()
    names = list(rulesets) or sorted(registry.rulesets)
    for name in names:
        get_ruleset(registry, name)
    runner = None
    if executor == "dask":
        from skirmish.studies.executors import make_executor

        runner = make_executor("dask", scheduler=scheduler)
    try:
        report = run(registry, names, n, seed=seed, workers=workers, max_decisions=max_decisions, executor=runner)
    finally:
        if runner is not None:
            runner.close()
    if html_file:
        with open(html_file, "w", encoding="utf-8") as fh:
            fh.write(html_report(report))
    if as_json:
        click.echo(render.to_json(report))
    else:
        click.echo(markdown(report))
    return 0
