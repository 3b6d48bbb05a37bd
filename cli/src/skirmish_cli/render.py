"""Text for people: events, results, game headers, tables, odds and simulation summaries.

Everything returns plain strings (colour is added by click.style and stripped by
click.echo when the output is not a terminal).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from skirmish.dice.odds import Distribution
    from skirmish.engine import Game
    from skirmish.events import Event
    from skirmish.runner import Summary


def event_line(ev: Event, *, seq: bool = False) -> str:
    rule = click.style(f"[{ev.rule}] ", dim=True) if ev.rule else ""
    number = click.style(f"#{ev.seq:<4} ", fg="cyan") if seq else "  "
    return f"{number}{rule}{ev.text}"


def answer_text(value: Any) -> str:
    """An answer as it could be typed: ``dice=2 side=left`` for a form, else the value."""
    if isinstance(value, dict):
        return " ".join(f"{k}={answer_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        return json.dumps(value)
    return str(value)


def result_line(game: Game) -> str:
    result = game.result
    if result is None:
        return "the game is not finished"
    if result.winners:
        text = f"game over: {', '.join(result.winners)} win{'s' if len(result.winners) == 1 else ''}"
    else:
        text = "game over: a draw"
    text += f" - {result.reason}" if result.reason else ""
    return f"{text} (round {game.round}, {game.decisions} decisions)"


def waiting_line(game: Game) -> str:
    d = game.pending
    if d is None:
        return result_line(game)
    return f"waiting for {d.player}: {d.kind} - {d.prompt}"


def header(game: Game) -> str:
    rs = game.ruleset
    phase = f", phase {game.phase}" if game.phase else ""
    return (f"{rs.title or rs.name} ({rs.name} {rs.version}), seed {game.seed}: "
            f"round {game.round}{phase}, {game.decisions} decisions")


def seats_line(seats: dict[str, str]) -> str:
    return "players: " + ", ".join(f"{p} ({a})" for p, a in seats.items())


def table(rows: Sequence[Sequence[Any]], headers: Sequence[str]) -> str:
    """Aligned columns with a header row."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def to_json(data: Any) -> str:
    return json.dumps(data, indent=2, sort_keys=False, default=_jsonable)


def _jsonable(value: Any) -> Any:
    if isinstance(value, set | frozenset | tuple):
        return list(value)
    if isinstance(value, Fraction):
        return str(value)
    return str(value)


def pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


# -- dice ---------------------------------------------------------------------------
def outcome_text(outcome: Any) -> str:
    """An outcome: a number, or a tally of faces ``((face, n), ...)``."""
    if isinstance(outcome, tuple):
        return ", ".join(f"{face} {n}" for face, n in outcome) or "nothing"
    return str(outcome)


def outcome_json(outcome: Any) -> Any:
    if isinstance(outcome, tuple):
        return {str(face): n for face, n in outcome}
    return outcome


def numeric(dist: Distribution) -> bool:
    return all(isinstance(o, int | float | Fraction) and not isinstance(o, bool) for o in dist)


def odds_text(expr: str, dist: Distribution) -> str:
    rows = []
    is_number = numeric(dist)
    for outcome, p, at_least in dist.table():
        row = [outcome_text(outcome), str(p), f"{float(p) * 100:.2f}%"]
        if is_number:
            row.append(f"{float(at_least) * 100:.2f}%")
        rows.append(row)
    headers = ["outcome", "chance", "exactly"] + (["at least"] if is_number else [])
    lines = [f"{expr}: {len(dist)} outcomes"]
    if is_number:
        mean = dist.mean()
        lines[0] += f", mean {float(mean):.4g}" + (f" ({mean})" if mean.denominator != 1 else "")
    lines.append(_right_table(rows, headers))
    return "\n".join(lines)


def odds_json(expr: str, dist: Distribution) -> dict[str, Any]:
    is_number = numeric(dist)
    rows = []
    for outcome, p, at_least in dist.table():
        row: dict[str, Any] = {"outcome": outcome_json(outcome), "fraction": str(p), "probability": float(p)}
        if is_number:
            row["at_least"] = float(at_least)
            row["at_least_fraction"] = str(at_least)
        rows.append(row)
    out: dict[str, Any] = {"expr": expr, "distribution": rows}
    if is_number:
        out["mean"] = float(dist.mean())
    return out


def _right_table(rows: Sequence[Sequence[str]], headers: Sequence[str]) -> str:
    cells = [list(headers)] + [list(r) for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    return "\n".join("  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in cells)


# -- simulation -----------------------------------------------------------------------
def summary_text(summary: Summary, seed: int, agents: Sequence[str]) -> str:
    s = summary
    lines = [f"{s.ruleset}: {s.games} games (seeds {seed}..{seed + s.games - 1}), agents {', '.join(agents)}",
             f"finished {s.finished} ({pct(s.finished, s.games)}), draws {s.draws} ({pct(s.draws, s.games)})"]
    if s.wins_by_side:
        lines.append("wins by side:  " + ", ".join(f"{k} {v} ({pct(v, s.games)})" for k, v in s.wins_by_side.items()))
    if s.wins_by_agent:
        lines.append("wins by agent: " + ", ".join(f"{k} {v} ({pct(v, s.games)})"
                                                   for k, v in s.wins_by_agent.items()))
    lines.append(f"per game: {s.mean_rounds:.2f} rounds, {s.mean_decisions:.1f} decisions, {s.mean_dice:.1f} dice")
    for key, value in s.extra.items():
        lines.append(f"  {key}: {value:.3g} per game")
    lines.append(f"time: {s.seconds:.2f} s, {s.games_per_second:.1f} games/s "
                 f"({s.workers} worker{'s' if s.workers != 1 else ''})")
    return "\n".join(lines)
