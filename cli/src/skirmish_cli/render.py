"""Text for people: events, decisions, results, game headers, tables, odds and simulation summaries.

Everything returns plain strings. Colour is added by :func:`style` (never when ``NO_COLOR``
is set) and stripped by click.echo when the output is not a terminal.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from fractions import Fraction

    from skirmish.agents import View
    from skirmish.decisions import Decision, Option
    from skirmish.dice.odds import Distribution
    from skirmish.engine import Game
    from skirmish.events import Event
    from skirmish.runner import Summary

WIDTH = 80


def style(text: str, **kw: Any) -> str:
    """``click.style``, unless the NO_COLOR environment variable is set (https://no-color.org)."""
    if os.environ.get("NO_COLOR"):
        return text
    return click.style(text, **kw)


def event_line(ev: Event, *, seq: bool = False, width: int | None = None) -> str:
    """``  [Rule] text`` (``#12   [Rule] text`` with ``seq``); wrapped under itself to ``width`` when given."""
    rule = f"[{ev.rule}] " if ev.rule else ""
    number = f"#{ev.seq:<4} " if seq else "  "
    text = event_text(ev)
    if width is not None and len(number) + len(rule) + len(text) > width:
        import textwrap

        lines = textwrap.wrap(number + rule + text, width=width, subsequent_indent=" " * (len(number) + 2),
                              break_on_hyphens=False)
        if lines and lines[0].startswith(number + rule):
            lines[0] = lines[0][len(number) + len(rule):]
            return _styled_head(number, rule) + "\n".join(lines)
        return "\n".join(lines)
    return _styled_head(number, rule) + text


def _styled_head(number: str, rule: str) -> str:
    head = style(number, fg="cyan") if number.startswith("#") else number
    return head + (style(rule, dim=True) if rule else "")


def event_text(ev: Event) -> str:
    """An event's text; an answer given as data (``-> {"x":1,"y":2}``) reads as typed (``-> x=1 y=2``)."""
    if ev.kind == "answer":
        head, sep, value = ev.text.partition(" -> ")
        if sep and value[:1] in "[{":
            import json

            try:
                return f"{head} -> {answer_text(json.loads(value))}"
            except ValueError:
                pass
    return ev.text


def wrap(text: str, *, indent: str = "", width: int = WIDTH) -> str:
    import textwrap

    return textwrap.fill(text, width=width, initial_indent=indent, subsequent_indent=indent)


def clip(text: str, width: int = WIDTH) -> str:
    """``text`` cut to ``width`` at a word boundary, with ``...`` (mid-word only when a word is very long)."""
    if len(text) <= width:
        return text
    cut = text[:width - 3]
    space = cut.rfind(" ")
    ends_a_word = not (text[width - 3].isalnum() and cut[-1].isalnum())
    if not ends_a_word and space > max(len(cut) - 25, len(cut) - len(cut.lstrip()) + 1):
        cut = cut[:space]
    return cut.rstrip(" ,;:(-") + "..."


def hanging(text: str, width: int = WIDTH) -> str:
    """``text`` wrapped at word boundaries, the lines after the first indented under its text (``  12. ...``)."""
    import textwrap

    if len(text) <= width:
        return text
    body = text.lstrip()
    lead = len(text) - len(body)
    number, sep, _ = body.partition(". ")
    indent = lead + (len(number) + 2 if sep and number.isdigit() else 2)
    return textwrap.fill(text, width=width, subsequent_indent=" " * indent, break_on_hyphens=False,
                         drop_whitespace=True)


# -- decisions -------------------------------------------------------------------------
def option_group(o: Option) -> str:
    """Which piece an option belongs to: ``data["actor"]`` (or piece/unit), else the label before ': '."""
    data = o.data or {}
    for key in ("actor_name", "actor", "piece", "unit", "group"):
        value = data.get(key)
        if isinstance(value, str) and value:
            return value
    head, sep, _ = o.label.partition(": ")
    return head if sep else ""


def _group_title(options: Sequence[Option]) -> str:
    """The name shared by the labels of a group (text before ': '), else the group key."""
    heads = {o.label.partition(": ")[0] for o in options if ": " in o.label}
    if len(heads) == 1 and all(": " in o.label for o in options):
        return heads.pop()
    return option_group(options[0]) or "other"


def _ranges(numbers: Sequence[int]) -> str:
    out: list[str] = []
    start = prev = numbers[0]
    for n in list(numbers[1:]) + [None]:  # type: ignore[list-item]
        if n is not None and n == prev + 1:
            prev = n
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ",".join(out)


def decision_text(d: Decision, *, limit: int = 14, only: Sequence[int] | None = None, width: int = WIDTH,
                  labels: Mapping[int, str] | None = None) -> str:
    """The question and how to answer it, in at most about ``limit`` lines.

    A long list of options is shown one line per piece (``Option.data`` actor, or the label
    before ': '), with its answer numbers; ``only`` lists the options to show in full
    (the list narrowed by what the player typed). Forms show each field and an example. ``labels`` replace some
    options' labels, by index (:func:`shown_labels`: what the ruleset tells a person and no agent).
    """
    lines = [d.prompt]
    options = d.options
    if labels:
        from skirmish.decisions import Option

        options = [Option(o.value, labels[i], o.help, o.data) if i in labels else o for i, o in enumerate(options)]
    if not options:
        for p in d.params:
            lines.append(clip(f"  {p.describe()}" + (f" - {p.help}" if p.help else ""), width))
        if d.examples:
            lines.append(f"  e.g. {answer_text(d.examples[0])}")
        return "\n".join(lines)
    indexes = list(only) if only is not None else list(range(len(options)))
    if only is not None:  # a list narrowed by what was typed: every word of every choice
        lines += [hanging(f"  {i + 1:>2}. {options[i]}", width) for i in indexes]
        return "\n".join(lines)
    if len(indexes) <= limit:
        lines += [clip(f"  {i + 1:>2}. {options[i]}", width) for i in indexes]
        return "\n".join(lines)
    groups: dict[str, list[int]] = {}
    for i in indexes:  # an option of no piece is a group of its own
        groups.setdefault(option_group(options[i]) or f"\0{i}", []).append(i)
    if 1 < len(groups) < len(indexes):
        rows = []
        for key, members in groups.items():
            opts = [options[i] for i in members]
            if key.startswith("\0"):
                rows.append((str(opts[0]), str(members[0] + 1), ""))
                continue
            title = _group_title(opts)
            what = "; ".join(str(o).partition(": ")[2] or str(o) for o in opts)
            rows.append((title, _ranges([i + 1 for i in members]), what))
        tw = min(max(len(t) for t, _, _ in rows), 28)
        nw = max(len(n) for _, n, _ in rows)
        lines[0] += f" ({len(indexes)} choices)"
        lines += [clip(f"  {t[:tw]:<{tw}}  {n:>{nw}}  {w}".rstrip(), width) for t, n, w in rows]
        lines.append("  type a name to see its choices, then the number ('list' shows every choice)")
        return "\n".join(lines)
    lines += [clip(f"  {i + 1:>2}. {options[i]}", width) for i in indexes[:limit - 1]]
    lines.append(f"  ... {len(indexes) - limit + 1} more: type part of a choice to narrow the list, or 'list'")
    return "\n".join(lines)


def shown_labels(game: Game | View, decision: Decision | None = None) -> dict[int, str]:
    """The ruleset's labels for a person (:meth:`skirmish.Ruleset.option_labels`) for ``decision`` of ``game`` or
    a view's decision; none when working them out fails (a plain label rather than a lost screen)."""
    try:
        if decision is None:
            return dict(game.option_labels())  # type: ignore[union-attr]
        return dict(game.ruleset.option_labels(game, decision))  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - the option's own label is still right, only less helpful
        return {}


def answer_text(value: Any, *, nested: bool = False) -> str:
    """An answer as it could be typed: ``dice=2 side=left`` for a form, ``at=10,1`` for a point,
    ``pick=a,b`` for a subset, ``dice=u1:3,u2:2`` for an assignment, else the value."""
    if isinstance(value, dict):
        if set(value) in ({"x", "y"}, {"x", "y", "facing"}):
            return ",".join(_number(value[k]) for k in ("x", "y", "facing") if k in value)
        if nested:
            return ",".join(f"{k}:{answer_text(v, nested=True)}" for k, v in value.items())
        return " ".join(f"{k}={answer_text(v, nested=True)}" for k, v in value.items())
    if isinstance(value, list):
        return ",".join(answer_text(v, nested=True) for v in value) if value else "none"
    return _number(value)


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def result_line(game: Game) -> str:
    result = game.result
    if result is None:
        return "the game is not finished"
    if getattr(result, "draw", False) and not result.winners:
        text = "game over: a draw"
    elif result.winners:
        text = f"game over: {' and '.join(result.winners)} won"  # (a side's name may be plural: "heroes")
    else:
        text = "game over: nobody wins"
    text += f" - {result.reason}" if result.reason else ""
    return f"{text} (round {game.round}, {game.decisions} decisions)"


def outcome_of(game: Game, seat: str) -> str:
    """``win``, ``loss`` or ``draw`` for ``seat`` (works with results that predate per-seat outcomes)."""
    result = game.result
    assert result is not None
    outcome = getattr(result, "outcome", None)
    if outcome is not None:
        return str(outcome(seat))
    return "draw" if not result.winners else ("win" if seat in result.winners else "loss")


def seat_results(game: Game, seats: Mapping[str, str] | None = None, you: Sequence[str] = ()) -> str:
    """One line per seat: ``red (you, human): win, 12 points``; then sides that are no seat, if one won."""
    result = game.result
    if result is None:
        return ""
    lines = []
    for p in game.players:
        who = [w for w in (("you" if p in you else ""), (seats or {}).get(p, "")) if w]
        tag = f" ({', '.join(who)})" if who else ""
        score = f", {result.scores[p]:g} point{'' if result.scores[p] == 1 else 's'}" if p in result.scores else ""
        lines.append(f"  {p}{tag}: {outcome_of(game, p)}{score}")
    others = [w for w in result.winners if w not in game.players]
    if others:
        lines.append(f"  {' and '.join(others)} (not a seat): win")
    return "\n".join(lines)


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


def table(rows: Sequence[Sequence[Any]], headers: Sequence[str], width: int | None = None) -> str:
    """Aligned columns with a header row. With ``width``, a last column that would run past it wraps onto lines
    of its own, indented under the column (never narrower than 30 characters)."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lead = sum(w + 2 for w in widths[:-1])
    room = None if width is None or lead + widths[-1] <= width else max(30, width - lead)
    if room is not None:
        widths[-1] = min(widths[-1], room)
    lines = []
    for r in cells:
        head = "  ".join(c.ljust(w) for c, w in zip(r[:-1], widths, strict=False))
        last = _wrapped(r[-1], room) if room is not None else [r[-1]]
        lines.append(f"{head}  {last[0]}".rstrip() if head else last[0].rstrip())
        lines.extend((" " * lead + more).rstrip() for more in last[1:])
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _wrapped(text: str, room: int) -> list[str]:
    if len(text) <= room:
        return [text]
    import textwrap  # (only a table too wide for the terminal wraps)

    return textwrap.wrap(text, room, break_on_hyphens=False) or [""]


def to_json(data: Any) -> str:
    import json  # (json and fractions load when used: listing commands start faster without them)

    return json.dumps(data, indent=2, sort_keys=False, default=_jsonable)


def _jsonable(value: Any) -> Any:
    if isinstance(value, set | frozenset | tuple):
        return list(value)
    return str(value)  # a Fraction too


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
    from fractions import Fraction

    return all(isinstance(o, int | float | Fraction) and not isinstance(o, bool) for o in dist)


def odds_text(expr: str, dist: Distribution, *, exact: bool = False) -> str:
    """The distribution as a table of decimal chances (``exact``: the fractions too, where they print)."""
    rows = []
    is_number = numeric(dist)
    for outcome, p, at_least in dist.table():
        row = [outcome_text(outcome)] + ([_fraction(p)] if exact else []) + [percent(p)]
        if is_number:
            row.append(percent(at_least))
        rows.append(row)
    headers = ["outcome"] + (["chance"] if exact else []) + ["exactly"] + (["at least"] if is_number else [])
    lines = [f"{expr}: {len(dist)} outcomes"]
    if is_number:
        mean = dist.mean()
        lines[0] += f", mean {float(mean):.4g}"
        if exact and mean.denominator != 1:
            lines[0] += f" ({_fraction(mean)})"
    lines.append(_right_table(rows, headers))
    return "\n".join(lines)


def percent(p: Any) -> str:
    """A chance as a percentage people read: two decimals, or more digits when it is tiny but not zero."""
    x = float(p) * 100
    if x == 0 or x >= 0.01:
        return f"{x:.2f}%"
    return f"{x:.1e}%"


def _fraction(p: Any) -> str:
    """An exact fraction, or a note when it is too long to print."""
    try:
        text = str(p)
    except ValueError:  # more digits than Python converts
        return "(too long)"
    return text if len(text) <= 40 else "(too long)"


def odds_json(expr: str, dist: Distribution, *, exact: bool = False) -> dict[str, Any]:
    """The distribution as data: probabilities as numbers, and (``exact``) the fractions as text."""
    is_number = numeric(dist)
    rows = []
    for outcome, p, at_least in dist.table():
        row: dict[str, Any] = {"outcome": outcome_json(outcome), "probability": float(p)}
        if exact:
            row["fraction"] = _fraction(p)
        if is_number:
            row["at_least"] = float(at_least)
            if exact:
                row["at_least_fraction"] = _fraction(at_least)
        rows.append(row)
    out: dict[str, Any] = {"expr": expr, "distribution": rows}
    if is_number:
        out["mean"] = float(dist.mean())
    return out


def odds_line(title: str, dist: Mapping[Any, Fraction]) -> str:
    """One distribution on (wrapped) lines: ``title: 0 83.3%, 1 16.7% (average 0.17)``."""
    from fractions import Fraction

    items = [(o, Fraction(p)) for o, p in dist.items()]
    numbers = all(isinstance(o, int | float | Fraction) and not isinstance(o, bool) for o, _ in items)
    if numbers:
        items.sort(key=lambda kv: kv[0])
    text = f"{title}: " + ", ".join(f"{outcome_text(o)} {float(p) * 100:.1f}%" for o, p in items)
    if numbers and items:
        text += f" (average {float(sum((Fraction(o) * p for o, p in items), Fraction(0))):.2f})"
    import textwrap

    return textwrap.fill(text, width=WIDTH, subsequent_indent="    ", break_on_hyphens=False)


def histogram_text(title: str, dist: Mapping[Any, Fraction], *, width: int = 30, rows_max: int = 16) -> str:
    """An exact distribution ``{outcome: Fraction}``: chance, percent, at least (numbers) and a text bar.

    More than ``rows_max`` numeric outcomes: the largest are summed into one ``N+`` row (fits 80x24).
    """
    from fractions import Fraction

    items = [(o, Fraction(p)) for o, p in dist.items()]
    with_numbers = all(isinstance(o, int | float | Fraction) and not isinstance(o, bool) for o, _ in items)
    if with_numbers:
        items.sort(key=lambda kv: kv[0])
    mean = sum((Fraction(o) * p for o, p in items), Fraction(0)) if with_numbers else None
    labels = [outcome_text(o) for o, _ in items]
    if with_numbers and len(items) > rows_max:
        tail = items[rows_max - 1:]
        items = items[:rows_max - 1] + [(tail[0][0], sum((p for _, p in tail), Fraction(0)))]
        labels = labels[:rows_max - 1] + [f"{outcome_text(tail[0][0])}+"]
    top = max((float(p) for _, p in items), default=0.0) or 1.0
    rows = []
    remaining = Fraction(1)
    for label, (_, p) in zip(labels, items, strict=True):
        row = [label, str(p), f"{float(p) * 100:.1f}%"]
        if with_numbers:
            row.append(f"{float(remaining) * 100:.1f}%")
            remaining -= p
        row.append("#" * max(1 if p else 0, round(float(p) / top * width)))
        rows.append(row)
    headers = ["outcome", "chance", "exactly"] + (["at least"] if with_numbers else []) + [""]
    import textwrap

    head = title + (f" (average {float(mean):.2f})" if mean is not None and items else "")
    lines = textwrap.wrap(head, width=WIDTH, subsequent_indent="  ", break_on_hyphens=False) or [""]
    cells = [headers] + rows
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers) - 1)]
    for r in cells:
        lines.append("  " + "  ".join(c.rjust(w) for c, w in zip(r[:-1], widths, strict=True)) + "  " + r[-1])
    return "\n".join(line.rstrip() for line in lines)


def _right_table(rows: Sequence[Sequence[str]], headers: Sequence[str]) -> str:
    cells = [list(headers)] + [list(r) for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    return "\n".join("  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in cells)


# -- simulation -----------------------------------------------------------------------
def _side_note(side: str, summary: Summary, seat_outcomes: Mapping[str, Any]) -> str:
    """`` (no seat)`` for a side that holds no seat, `` (team of N)`` for a team, else nothing."""
    sides: dict[str, list[str]] = getattr(summary, "sides", {}) or {}
    if side in sides:
        seats = sides[side]
        return " (no seat)" if not seats else f" (team of {len(seats)})" if len(seats) > 1 else ""
    return "" if not seat_outcomes or side in seat_outcomes else " (no seat)"


def summary_text(summary: Summary, seed: int, agents: Sequence[str]) -> str:
    """The simulate report: finished games, draws, wins per side (teams and sides with no seat too),
    win/loss/draw and points per seat, wins per agent, game length, extra figures, failures, speed."""
    s = summary
    seat_outcomes: dict[str, dict[str, int]] = getattr(s, "seat_outcomes", {}) or {}
    scores: dict[str, float] = getattr(s, "mean_scores", {}) or {}
    no_winner = getattr(s, "no_winner", 0)
    lines = [f"{s.ruleset}: {s.games} games (seeds {seed}..{seed + s.games - 1}), agents {', '.join(agents)}"]
    ends = f"finished {s.finished} ({pct(s.finished, s.games)}), draws {s.draws} ({pct(s.draws, s.games)})"
    if no_winner:
        ends += f", lost by every seat {no_winner} ({pct(no_winner, s.games)})"
    lines.append(ends)
    if s.wins_by_side:
        lines.append("wins by side:  " + ", ".join(
            f"{k}{_side_note(k, s, seat_outcomes)} {v} ({pct(v, s.games)})" for k, v in s.wins_by_side.items()))
    if seat_outcomes:
        rows = []
        for seat, c in seat_outcomes.items():
            row = [seat, str(c.get("win", 0)), str(c.get("loss", 0)), str(c.get("draw", 0)),
                   pct(c.get("win", 0), s.games)]
            if scores:
                row.append(f"{scores[seat]:.2f}" if seat in scores else "-")
            rows.append(row)
        headers = ["seat", "wins", "losses", "draws", "win rate"] + (["mean points"] if scores else [])
        lines.append("per seat:")
        lines += ["  " + line for line in table(rows, headers).splitlines()]
    if s.wins_by_agent:
        lines.append("seats won by agent: " + ", ".join(f"{k} {v}" for k, v in s.wins_by_agent.items()))
    lines.append(f"per game: {s.mean_rounds:.2f} rounds, {s.mean_decisions:.1f} decisions, {s.mean_dice:.1f} dice")
    for key, value in s.extra.items():
        lines.append(f"  {key}: {value:.3g} per game")
    errors = getattr(s, "errors", 0)
    if errors:
        lines.append(f"failed: {errors} game{'s' if errors != 1 else ''} raised an error")
        for f in (getattr(s, "failures", []) or [])[:5]:
            lines.append(f"  seed {f['seed']} ({', '.join(f['agents'])}): {f['error']}")
    lines.append(f"time: {s.seconds:.2f} s, {s.games_per_second:.1f} games/s "
                 f"({s.workers} worker{'s' if s.workers != 1 else ''})")
    return "\n".join(lines)
