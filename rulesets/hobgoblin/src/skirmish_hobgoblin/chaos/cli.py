"""``skirmish hobgoblin-chaos``: roll (or name) a Chaos of War battle and print it before the game, with the
``--chaos`` value and the set-up lines that play exactly that battle. Also the ``--chaos`` option's parser.
"""

from __future__ import annotations

import json
from typing import Any

from skirmish import SetupError
from skirmish_hobgoblin.chaos.catalogue import TABLES, Entry, check_spec, choose, find, tables


def parse_option(text: str, ruleset: Any = None) -> Any:
    """``--chaos`` value: ``roll``, or entry names/ids separated by commas (each found in its own table)."""
    text = text.strip()
    if text in ("roll", ""):
        return text or ""
    spec: dict[str, Any] = {t: [] for t in TABLES}
    for word in (w.strip() for w in text.split(",")):
        if not word:
            continue
        if word.isdigit() and len(word) == 2 and all(c in "123456" for c in word):
            raise SetupError(f"--chaos names entries, not D66 results ('{word}'): try 'roll' or a name")
        hits = []
        for t in TABLES:
            try:
                hits.append(find(t, word, ruleset))
            except SetupError:
                continue
        if not hits:
            names = ", ".join(e.id for t in TABLES for e in tables(ruleset)[t].values())
            raise SetupError(f"--chaos: no Chaos of War entry '{word}' (entries: {names})")
        spec[hits[0].table].append(hits[0].id)
    return check_spec(spec, ruleset)


class _Roller:
    """Just enough of a game for :func:`choose`: an rng and somewhere to say re-rolls."""

    def __init__(self, seed: int) -> None:
        from skirmish import GameRNG

        self.rng = GameRNG(seed)
        self.notes: list[str] = []

    def emit(self, kind: str, text: str, **_: Any) -> None:
        self.notes.append(text)


def roll_battle(seed: int, spec: Any = "roll") -> list[Entry]:
    """The entries a Chaos of War set-up gives with this seed (named entries as they are)."""
    return choose(_Roller(seed), check_spec(spec))


def battle_text(entries: list[Entry]) -> str:
    """The battle as text: one block per entry, then the ``--chaos`` value and the set-up lines."""
    lines = ["Chaos of War battle", ""]
    for e in entries:
        d66 = f"{e.low}" if e.low == e.high else f"{e.low}-{e.high}"
        lines.append(f"{e.table.title():12} {e.name} (D66 {d66})")
        lines.append(f"{'':12} {e.summary}")
    ids = [e.id for e in entries]
    tables_text = ", ".join(f"{t} = [{', '.join(json.dumps(e.id) for e in entries if e.table == t)}]" for t in TABLES)
    lines += ["", f"play it:  skirmish play hobgoblin --chaos {','.join(ids)}", "or in a set-up file:",
              f"chaos = {{{tables_text}}}"]
    return "\n".join(lines)


def chaos_command() -> Any:
    """The click command ``hobgoblin-chaos``."""
    import click

    @click.command("hobgoblin-chaos")
    @click.option("--seed", type=int, default=None, help="roll with this seed (default: a new battle each time)")
    @click.option("--battlefield", "n_battlefield", type=click.IntRange(0, 6), default=None,
                  help="how many Battlefield results (default: D3)")
    @click.option("--twists", "n_twists", type=click.IntRange(0, 6), default=1, show_default=True,
                  help="how many Twists")
    @click.option("--deployment/--no-deployment", default=True, show_default=True, help="roll a Deployment entry")
    @click.option("--reroll", multiple=True, help="an entry rolled again whenever it comes up (repeat or commas)")
    @click.option("--list", "list_all", is_flag=True, help="list the three tables instead")
    @click.option("--json", "as_json", is_flag=True, help="print the battle as JSON")
    def command(seed: int | None, n_battlefield: int | None, n_twists: int, deployment: bool,
                reroll: tuple[str, ...], list_all: bool, as_json: bool) -> None:
        """Roll a Hobgoblin Chaos of War battle (Battlefield, Deployment, Twists) and print it before the game."""
        import random

        if list_all:
            for t in TABLES:
                click.echo(f"{t.title()} (D66)")
                for e in tables()[t].values():
                    d66 = f"{e.low}" if e.low == e.high else f"{e.low}-{e.high}"
                    click.echo(f"  {d66:6} {e.id:26} {e.summary}")
            return
        spec = {"battlefield": "roll" if n_battlefield is None else n_battlefield,
                "deployment": 1 if deployment else 0, "twists": n_twists,
                "reroll": [w.strip() for r in reroll for w in r.split(",") if w.strip()]}
        try:
            entries = roll_battle(seed if seed is not None else random.randrange(1 << 30), spec)
        except SetupError as exc:
            raise click.ClickException(str(exc)) from None
        if as_json:
            click.echo(json.dumps({"entries": [{"table": e.table, "id": e.id, "name": e.name, "d66": [e.low, e.high],
                                                "summary": e.summary} for e in entries],
                                   "chaos": ",".join(e.id for e in entries)}, indent=2))
            return
        click.echo(battle_text(entries))

    return command
