"""The ``skirmish hobgoblin-army`` command group: validate, cost, list and randomly build army lists.

click is imported only inside :func:`army_command_spec`, so registering the command stays light.
"""

from __future__ import annotations

import json
from typing import Any


def army_command_spec() -> Any:
    """The :class:`skirmish.CommandSpec` of ``skirmish hobgoblin-army`` (a click group)."""
    import click

    from skirmish import CommandSpec, SetupError, safe_text

    def echo(text: str, nl: bool = True) -> None:  # names in lists are a person's text: no control sequences
        click.echo(safe_text(text), nl=nl)

    def fail(exc: Exception) -> click.ClickException:
        return click.ClickException(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)

    def content() -> Any:
        from skirmish_hobgoblin.content import load_content

        return load_content()

    @click.group("hobgoblin-army")
    def group() -> None:
        """Hobgoblin army lists: check them, price them, list the built-in ones, build random ones."""

    @group.command("validate")
    @click.argument("army")
    @click.option("--him", is_flag=True, help="also apply the solo rules for His army (no Wizard)")
    @click.option("--json", "as_json", is_flag=True, help="print the result as JSON")
    def validate_cmd(army: str, him: bool, as_json: bool) -> None:
        """Check ARMY (a TOML file or a built-in army) against Building an Army; exit 1 when it breaks a rule."""
        from skirmish_hobgoblin.army import army_cost, find_army, numbered, validate

        try:
            data = content()
            lst = find_army(army, data)
            problems = validate(lst, data, him=him)
        except SetupError as exc:
            raise fail(exc) from None
        total = army_cost(lst, data)
        if as_json:
            echo(json.dumps({"name": lst.name, "valid": not problems, "total": total, "limit": lst.points,
                                   "problems": [{"unit": p.unit, "rule": p.rule, "message": p.message}
                                                for p in problems]}, indent=2))
        elif problems:
            echo(f"{lst.name}: {len(problems)} problem(s)")
            echo(numbered(problems))
        else:
            echo(f"{lst.name}: valid, {total:,} of {lst.points:,} points")
        if problems:
            click.get_current_context().exit(1)

    @group.command("cost")
    @click.argument("army")
    @click.option("--json", "as_json", is_flag=True, help="print the breakdown as JSON")
    def cost_cmd(army: str, as_json: bool) -> None:
        """Print the cost breakdown of ARMY (a TOML file or a built-in army)."""
        from skirmish_hobgoblin.army import breakdown_data, breakdown_text, find_army

        try:
            data = content()
            lst = find_army(army, data)
        except SetupError as exc:
            raise fail(exc) from None
        if as_json:
            echo(json.dumps(breakdown_data(lst, data), indent=2))
        else:
            echo(breakdown_text(lst, data))

    @group.command("list")
    @click.option("--json", "as_json", is_flag=True, help="print the list as JSON")
    def list_cmd(as_json: bool) -> None:
        """List the built-in armies (and His solo lists, as him:LEVEL)."""
        from skirmish_hobgoblin.army import army_cost, builtin_armies, him_armies

        try:
            data = content()
            rows = [{"id": aid, "name": a.name, "points": a.points, "cost": army_cost(a, data),
                     "units": len(a.units)} for aid, a in builtin_armies().items()]
            rows += [{"id": f"him:{level}", "name": a.name, "points": a.points, "cost": army_cost(a, data),
                      "units": len(a.units)} for level, a in him_armies().items()]
        except SetupError as exc:
            raise fail(exc) from None
        if as_json:
            echo(json.dumps(rows, indent=2))
            return
        width = max(len(r["id"]) for r in rows)
        for r in rows:
            echo(f"{r['id']:<{width}}  {r['name']:<28} {r['cost']:>6,} of {r['points']:,} points, "
                       f"{r['units']} units")

    @group.command("random")
    @click.option("--points", type=click.IntRange(min=1), default=None,
                  help="the points limit (default: the book's standard, from the content)")
    @click.option("--seed", type=int, default=0, show_default=True, help="seed of the random choices")
    @click.option("--him", is_flag=True, help="build a list for Him (no Wizard)")
    @click.option("--name", default="Random army", show_default=True, help="the army's name")
    def random_cmd(points: int | None, seed: int, him: bool, name: str) -> None:
        """Print a random valid army list as TOML (same seed, same army)."""
        import random

        from skirmish_hobgoblin.army import army_to_toml
        from skirmish_hobgoblin.army_random import random_army

        try:
            data = content()
            lst = random_army(data, points or data.building.default_points, random.Random(seed), him=him, name=name)
        except SetupError as exc:
            raise fail(exc) from None
        echo(army_to_toml(lst), nl=False)

    return CommandSpec("hobgoblin-army", group, "check, price, list and randomly build Hobgoblin army lists")


def army_group() -> Any:
    """The ``skirmish hobgoblin-army`` click group (what the plugin's lazy command record loads)."""
    return army_command_spec().command
