"""``skirmish odds RULESET [SITUATION] [k=v ...]``: exact outcome odds of a ruleset's named situations."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import click

BAR = 40


@click.command()
@click.argument("ruleset")
@click.argument("situation", required=False)
@click.argument("settings", nargs=-1, metavar="[K=V ...]")
@click.option("--json", "as_json", is_flag=True, help="Print the odds (or the list of situations) as JSON.")
def odds(ruleset: str, situation: str | None, settings: Sequence[str], as_json: bool) -> int:
    """Exact odds of SITUATION in RULESET, from the rules code itself (no sampling): a table and a
    histogram. Without SITUATION, list the situations the ruleset offers. K=V changes a setting."""
    from skirmish.errors import SkirmishError
    from skirmish.studies.situations import situations
    from skirmish_cli import render
    from skirmish_cli.common import did_you_mean, get_ruleset
    from skirmish_cli.registry import get_registry

    registry = get_registry()
    get_ruleset(registry, ruleset)
    known = situations(registry, ruleset)
    if situation is None:
        if as_json:
            click.echo(render.to_json([{"name": s.name, "title": s.title, "settings": s.params}
                                       for s in known.values()]))
        elif not known:
            click.echo(f"{ruleset} offers no named situations")
        else:
            for s in known.values():
                sets = " ".join(f"{k}={v}" for k, v in s.params.items())
                click.echo(f"{s.name}: {s.title}" + (f"  [{sets}]" if sets else ""))
        return 0
    if situation not in known:
        raise SkirmishError(f"{ruleset} has no situation '{situation}'{did_you_mean(situation, known)}"
                            f" ('skirmish odds {ruleset}' lists them)")
    s = known[situation]
    given: dict[str, str] = {}
    for item in settings:
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise SkirmishError(f"setting '{item}': write it as KEY=VALUE")
        given[key] = value
    params = s.settings(given)
    dist = dict(s.exact(params))
    if as_json:
        click.echo(render.to_json({"ruleset": ruleset, "situation": s.name, "title": s.title, "settings": params,
                                   "outcome": s.outcome, "odds": [{"outcome": o, "exact": str(p), "chance": float(p)}
                                                                  for o, p in _ordered(dist)]}))
        return 0
    click.echo(f"{s.title}  [{' '.join(f'{k}={v}' for k, v in params.items())}]")
    click.echo(table(s.outcome, dist))
    return 0


def _ordered(dist: dict[Any, Fraction]) -> list[tuple[Any, Fraction]]:
    try:
        return sorted(dist.items(), key=lambda kv: kv[0])
    except TypeError:
        return list(dist.items())


def table(label: str, dist: dict[Any, Fraction]) -> str:
    """Outcome, exact chance, percent, at least (for numbers), and a text histogram bar."""
    rows = _ordered(dist)
    top = max((p for _, p in rows), default=Fraction(1)) or Fraction(1)
    numeric = all(isinstance(o, int) for o, _ in rows)
    width = max([len(label), *(len(str(o)) for o, _ in rows)])
    ew = max([5, *(len(str(p)) for _, p in rows)])
    head = f"{label:>{width}}  {'exact':>{ew}}  {'chance':>7}" + (f"  {'>= this':>7}" if numeric else "")
    head += "  histogram"
    out = [head]
    left = Fraction(1)
    for o, p in rows:
        bar = "#" * round(BAR * p / top)
        line = f"{o!s:>{width}}  {str(p):>{ew}}  {float(p):7.2%}"
        if numeric:
            line += f"  {float(left):7.2%}"
            left -= p
        out.append(f"{line}  {bar}")
    return "\n".join(out)
