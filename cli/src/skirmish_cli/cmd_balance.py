"""``skirmish balance RULESET``: estimated worth of unit types and rules against their printed cost."""

from __future__ import annotations

import click


@click.command()
@click.argument("ruleset")
@click.option("-n", "--games", "n", type=click.IntRange(min=2), default=200, show_default=True,
              help="AI v AI games with random armies.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option("--max-decisions", type=click.IntRange(min=1), help="Stop a game after this many decisions.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Processes to use.")
@click.option("--top", type=click.IntRange(min=1), default=15, show_default=True, help="Rows to show.")
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Play here (local processes) or on a Dask cluster (needs the 'dask' extra).")
@click.option("--scheduler", metavar="ADDRESS", help="The Dask scheduler (default: a cluster in this process).")
@click.option("--json", "as_json", is_flag=True, help="Print the whole estimate as JSON.")
def balance(ruleset: str, n: int, seed: int, max_decisions: int | None, workers: int, top: int,
            executor: str, scheduler: str | None, as_json: bool) -> int:
    """Estimate what each unit type, keyword or rule of RULESET is worth in play, from N AI v AI games with
    random armies (least squares of the result on the difference in army content, with standard errors),
    and list where printed cost and estimated worth disagree most."""
    from skirmish.studies.balance import balance as run
    from skirmish.studies.balance import balance_model, text
    from skirmish_cli import render
    from skirmish_cli.common import get_ruleset
    from skirmish_cli.registry import get_registry

    registry = get_registry()
    get_ruleset(registry, ruleset)
    balance_model(registry, ruleset)
    from skirmish.studies.executors import make_executor

    runner = make_executor(executor, workers=workers, scheduler=scheduler)
    try:
        report = run(registry, ruleset, n, seed=seed, max_decisions=max_decisions, executor=runner)
    finally:
        getattr(runner, "close", lambda: None)()
    click.echo(render.to_json(report) if as_json else text(report, top))
    return 0
