"""``skirmish balance RULESET``: estimated worth of unit types and rules against their printed cost."""

from __future__ import annotations

import click


@click.command()
@click.argument("ruleset")
@click.option("-n", "--games", "n", type=click.IntRange(min=2), default=200, show_default=True,
              help="AI v AI games with random armies.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option("--max-decisions", type=click.IntRange(min=1), help="Stop a game after this many decisions.")
@click.option("--top", type=click.IntRange(min=1), default=15, show_default=True, help="Rows to show.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole estimate as JSON.")
def balance(ruleset: str, n: int, seed: int, max_decisions: int | None, top: int, as_json: bool) -> int:
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
    report = run(registry, ruleset, n, seed=seed, max_decisions=max_decisions)
    click.echo(render.to_json(report) if as_json else text(report, top))
    return 0
