"""``skirmish roll``: roll a dice expression through a seeded game RNG, or print its exact odds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

GRAMMAR = """\b
Expressions:
  2d6+1, d3, d66          sums of dice and numbers
  10d6>=4                 a pool: count the dice showing 4+
  10d6>=4!rx m-1          ! natural 6 hits / 1 misses, r re-roll misses (rh hits, r1 ones),
                          x extra hit per 6, m-1 take 1 from each die
  3xNAME                  three named dice (registered by plugins: listed below)"""


class RollCommand(click.Command):
    """``roll``: its help lists the named dice the installed plugins register (so it tells the truth)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        rows = named_dice()
        with formatter.section("Named dice"):
            if rows:
                formatter.write_dl(rows)
            else:
                formatter.write_text("none: no installed plugin registers a named die (skirmish_register_dice)")


def named_dice() -> list[tuple[str, str]]:
    """(name, faces and help) of every named die, after the plugins registered theirs."""
    from skirmish.dice import get_die, registered_dice
    from skirmish_cli.registry import get_registry

    registry = get_registry(quiet=True)
    rows = []
    for name in registered_dice():
        spec = registry.dice.get(name)
        rows.append((name, spec.describe() if spec is not None else ", ".join(map(str, get_die(name).faces))))
    return rows


@click.command(cls=RollCommand, epilog=GRAMMAR)
@click.argument("expr", nargs=-1, required=True)
@click.option("--seed", type=int, help="Seed of the roll (default: random, and printed).")
@click.option("--odds", is_flag=True, help="Print the exact distribution instead of rolling (as decimal chances).")
@click.option("--exact", is_flag=True, help="With --odds: show the exact fractions too.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def roll(expr: Sequence[str], seed: int | None, odds: bool, exact: bool, as_json: bool) -> int:
    """Roll the dice expression EXPR and show every die, or (--odds) its exact odds."""
    from skirmish_cli import render

    text = " ".join(expr)
    parsed = _parse(text)
    if odds:
        dist = parsed.distribution()
        click.echo(render.to_json(render.odds_json(str(parsed), dist, exact=exact)) if as_json
                   else render.odds_text(str(parsed), dist, exact=exact))
        return 0
    import secrets

    from skirmish.events import EventLog
    from skirmish.rng import GameRNG

    if seed is None:
        seed = secrets.randbelow(1_000_000)
    log = EventLog()
    outcome = parsed.roll(GameRNG(seed, log=log))
    value: Any = outcome.value
    if as_json:
        click.echo(render.to_json({"expr": str(parsed), "seed": seed, "value": render.outcome_json(value),
                                   "text": outcome.text, "rolls": [ev.to_dict() for ev in log.of_kind("roll")]}))
        return 0
    shown = outcome.text
    if isinstance(value, int) and "=" not in shown:
        shown += f" = {value}"
    click.echo(shown)
    click.echo(click.style(f"(seed {seed})", dim=True))
    return 0


def _parse(text: str) -> Any:
    """Parse ``text``; named dice are those the installed plugins register, so they load the plugins first."""
    from skirmish.dice import Custom, parse
    from skirmish.errors import DiceError

    try:
        parsed = parse(text)
    except DiceError as exc:
        if "unknown die" not in str(exc):
            raise
        parsed = None
    if parsed is None or isinstance(parsed, Custom):
        from skirmish_cli.registry import get_registry

        get_registry()  # sets the dice the plugins register (and forgets any other plugins' from before)
        parsed = parse(text)
    return parsed
