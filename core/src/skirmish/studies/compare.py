"""``skirmish compare``: play each ruleset AI v AI, random v random and AI v random, and put the
figures on common scales (rates 0..1 with Wilson intervals, lengths as quantiles)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from skirmish.errors import SkirmishError
from skirmish.runner import GameRecord, SimulationInterrupted, play_games
from skirmish.safe import safe_html
from skirmish.studies.stats import wilson
from skirmish.studies.tally import Tally, hist_quantile

#: keys of a report that depend on the machine's speed (left out when two reports are compared)
TIMING = ("seconds_per_game",)


def has_ai(registry: Any, ruleset: str) -> bool:
    return ("ai", ruleset) in registry.agents or ("ai", "") in registry.agents


class CompareInterrupted(SkirmishError):
    """Ctrl-C during ``compare``: ``report`` holds the figures of the games finished (``"interrupted": true``)."""

    def __init__(self, report: dict[str, Any]) -> None:
        super().__init__("interrupted")
        self.report = report


#: the pairings a ruleset is played in, by key: (agents, alternate seats)
PAIRINGS = {"main": None, "random": (["random"], False), "mixed": (["ai", "random"], True)}


def compare(registry: Any, rulesets: Sequence[str], n: int, *, seed: int = 0, workers: int = 1,
            max_decisions: int | None = None, executor: Any = None, progress: Callable[[int], None] | None = None,
            sink: Callable[[str, str, list[GameRecord]], None] | None = None,
            vary: Mapping[str, Sequence[str]] | None = None) -> dict[str, Any]:
    """The report: one entry per ruleset (in the order given); ``executor`` (e.g. a Dask one) plays the games.

    Each pairing's games are folded into a :class:`~skirmish.studies.tally.Tally` as they finish (flat
    memory); ``sink(ruleset, pairing, records)`` is given them first (to write rows to a file). On Ctrl-C,
    :class:`CompareInterrupted` carries the report of what finished. Each ruleset's main pairing is also
    played ``n`` times in every combination of its :func:`axes` (``vary``, or the ruleset's own
    ``study_axes``), reported under ``by_setup``."""
    own = None
    if executor is None and workers > 1 and n > 1:  # one set of worker processes for every study here
        from skirmish.studies.executors import LocalExecutor

        executor = own = LocalExecutor(min(workers, n))
    try:
        return _compare(registry, rulesets, n, seed, workers, max_decisions, executor, progress, sink, vary)
    finally:
        if own is not None:
            own.close()


def _compare(registry: Any, rulesets: Sequence[str], n: int, seed: int, workers: int, max_decisions: int | None,
             executor: Any, progress: Callable[[int], None] | None,
             sink: Callable[[str, str, list[GameRecord]], None] | None,
             vary: Mapping[str, Sequence[str]] | None) -> dict[str, Any]:
    report: dict[str, Any] = {"games": n, "seed": seed, "rulesets": []}
    for name in rulesets:
        tallies: dict[str, Tally] = {}
        cells: list[tuple[dict[str, str], Tally]] = []
        chosen: dict[str, str] | None = None  # the set-up being played, once the pairings are done
        try:
            for pairing, agents, alternate in pairings(registry, name):
                tallies[pairing] = _run(registry, name, n, agents, seed, workers, max_decisions, alternate,
                                        executor, progress, (lambda got, p=pairing, r=name: sink(r, p, got))
                                        if sink else None)
            agents = pairings(registry, name)[0][1]
            for chosen, setup in setups(registry, name, vary):
                label = "main " + " ".join(f"{k}={v}" for k, v in chosen.items())
                cells.append((chosen, _run(registry, name, n, agents, seed, workers, max_decisions, False, executor,
                                           progress, (lambda got, p=label, r=name: sink(r, p, got)) if sink
                                           else None, setup)))
        except SimulationInterrupted as stop:
            got = stop.tally if stop.tally is not None else Tally()
            if chosen is None:
                tallies[pairing] = got
            else:
                cells.append((chosen, got))
            report["rulesets"].append({**figures(registry, name, tallies), "by_setup": _by_setup(cells)})
            report["interrupted"] = True
            raise CompareInterrupted(report) from None
        report["rulesets"].append({**figures(registry, name, tallies), "by_setup": _by_setup(cells)})
    return report


def axes(registry: Any, ruleset: str, vary: Mapping[str, Sequence[str]] | None = None) -> dict[str, tuple[str, ...]]:
    """The settings whose every combination ``compare`` plays for ``ruleset``: of ``vary``, those the ruleset
    offers (``None``: the ruleset's own ``study_axes``); each value checked as ``--NAME VALUE`` would be."""
    rules = registry.ruleset(ruleset)
    if vary is None:
        return {k: tuple(v) for k, v in rules.study_axes().items()}
    offered = {o.name: o for o in rules.setup_options()}
    out = {}
    for key, values in vary.items():
        if key in offered:
            for value in values:
                offered[key].parse(value)
            out[key] = tuple(values)
    return out


def setups(registry: Any, ruleset: str, vary: Mapping[str, Sequence[str]] | None = None
           ) -> list[tuple[dict[str, str], dict[str, Any]]]:
    """(the values chosen, the set-up) of every combination of :func:`axes`, first axis slowest."""
    import itertools

    chosen_axes = axes(registry, ruleset, vary)
    if not chosen_axes:
        return []
    rules = registry.ruleset(ruleset)
    offered = {o.name: o for o in rules.setup_options()}
    out = []
    for combo in itertools.product(*chosen_axes.values()):
        chosen = dict(zip(chosen_axes, combo, strict=True))
        options = {k: offered[k].parse(v) if k in offered else v for k, v in chosen.items()}
        out.append((chosen, rules.apply_options(rules.default_setup(), options)))
    return out


def _by_setup(cells: list[tuple[dict[str, str], Tally]]) -> list[dict[str, Any]]:
    out = []
    for chosen, t in cells:
        first = t.first[1][0] if t.first and t.first[1] else None
        win = _rate(t.seats.get(first, {}).get("win", 0), t.finished) if first else _rate(0, 0)
        out.append({"setup": dict(chosen), "first_seat": first, "first_seat_win_rate": win,
                    "draw_rate": _rate(t.draws, t.finished), "rounds": _spread(t.rounds), "finished": t.finished})
    return out


def pairings(registry: Any, ruleset: str) -> list[tuple[str, list[str], bool]]:
    """(key, agents, alternate) of each set of games ``compare`` plays of ``ruleset``."""
    if not has_ai(registry, ruleset):
        return [("main", ["random"], False)]
    return [("main", ["ai"], False), ("random", ["random"], False), ("mixed", ["ai", "random"], True)]


def _run(registry: Any, ruleset: str, n: int, agents: list[str], seed: int, workers: int,
         max_decisions: int | None, alternate: bool = False, executor: Any = None,
         progress: Callable[[int], None] | None = None,
         sink: Callable[[list[GameRecord]], None] | None = None, setup: dict[str, Any] | None = None) -> Tally:
    _, total = play_games(registry, ruleset, n, agents, seed=seed, workers=workers, alternate=alternate,
                          max_decisions=max_decisions, executor=executor, progress=progress, sink=sink, setup=setup)
    return total


def _rate(k: float, n: int) -> dict[str, float]:
    p, lo, hi = wilson(k, n)
    return {"rate": round(p, 4), "low": round(lo, 4), "high": round(hi, 4), "n": n}


def _spread(hist: dict[int, int]) -> dict[str, float]:
    n = sum(hist.values())
    return {"mean": round(sum(k * v for k, v in hist.items()) / n if n else math.nan, 3),
            "p10": hist_quantile(hist, 0.1), "median": hist_quantile(hist, 0.5), "p90": hist_quantile(hist, 0.9),
            "max": max(hist) if hist else 0}


def study(registry: Any, ruleset: str, n: int, *, seed: int = 0, workers: int = 1,
          max_decisions: int | None = None, executor: Any = None) -> dict[str, Any]:
    """Every common figure of one ruleset, plus its own (``summary``/``skirmish_simulate_figures``) means."""
    return compare(registry, [ruleset], n, seed=seed, workers=workers, max_decisions=max_decisions,
                   executor=executor)["rulesets"][0]


def figures(registry: Any, ruleset: str, tallies: dict[str, Tally]) -> dict[str, Any]:
    """The report entry of one ruleset from its pairings' tallies (``main``: the ruleset's AI, or random, against
    itself; ``random``; ``mixed``: AI v random, seats alternating); a pairing not played yet counts nothing."""
    ai = "ai" if has_ai(registry, ruleset) else "random"
    main = tallies.get("main") or Tally()
    rand = main if ai == "random" else tallies.get("random") or Tally()
    seats = {seat: _rate(main.seats.get(seat, {}).get("win", 0), main.finished)
             for seat in (main.first[1] if main.first else ())}
    out: dict[str, Any] = {
        "ruleset": ruleset, "agent": ai, "finished": main.finished, "errors": main.errors,
        "seat_win_rate": seats,
        "rounds": _spread(main.rounds), "decisions": _spread(main.decisions), "dice": _spread(main.dice),
        "rounds_histogram": dict(sorted(main.rounds.items())),
        "draw_rate": _rate(main.draws, main.finished),
        "random_rounds": _spread(rand.rounds),
        "seconds_per_game": round(main.seconds.value() / main.games, 4) if main.games else math.nan,
    }
    out["decided_before_last_round"], out["last_round_known"] = _decided_early(main)
    lethality = {int(k.rsplit(" ", 1)[1]): round(v, 4) for k, v in main.extra_means("lost in round ").items()}
    out["lethality_per_round"] = {str(k): v for k, v in sorted(lethality.items())} or None
    if ai == "ai":
        mixed = tallies.get("mixed") or Tally()
        out["ai_v_random"] = _rate(mixed.agent_won["ai"], mixed.agent_played["ai"])
    else:
        out["ai_v_random"] = None
    out["own_figures"] = {k: round(v, 4) for k, v in sorted(main.extra_means().items())
                          if not k.startswith("lost in round ")}
    return out


def _decided_early(main: Tally) -> tuple[dict[str, float], bool]:
    """How often a game ended before the round it would have run to (the ruleset's ``last_round``); for a
    ruleset without a fixed length, before the longest game seen (second value ``False``)."""
    if main.known_last:
        return _rate(main.ended_early, main.known_last), True
    top = max(main.played_rounds, default=0)
    return _rate(main.finished - main.played_rounds.get(top, 0), main.finished), False


def without_timing(report: dict[str, Any]) -> dict[str, Any]:
    """The report less the figures that depend on the machine's speed (for equality tests)."""
    return {**report, "rulesets": [{k: v for k, v in r.items() if k not in TIMING} for r in report["rulesets"]]}


def _pct(rate: dict[str, float] | None) -> str:
    if not rate or rate.get("n", 0) == 0:
        return "n/a"
    return f"{rate['rate']:.1%} ({rate['low']:.1%}-{rate['high']:.1%})"


def markdown(report: dict[str, Any]) -> str:
    """A terminal-friendly table: one column per ruleset, rates with 95% Wilson intervals."""
    rs = report["rulesets"]
    head = "| figure | " + " | ".join(r["ruleset"] for r in rs) + " |"
    rows = [head, "|---|" + "---|" * len(rs)]

    def row(name: str, cells: list[str]) -> None:
        rows.append(f"| {name} | " + " | ".join(cells) + " |")

    row("agent (v itself)", [r["agent"] for r in rs])
    row("first seat wins", [_pct(next(iter(r["seat_win_rate"].values()), None)) for r in rs])
    row("draws", [_pct(r["draw_rate"]) for r in rs])
    row("AI wins v random", [_pct(r["ai_v_random"]) for r in rs])
    for key in ("rounds", "decisions", "dice"):
        row(f"{key} (median, p10-p90)", [f"{r[key]['median']:g} ({r[key]['p10']:g}-{r[key]['p90']:g})" for r in rs])
    row("decided before the last round", [_pct(r["decided_before_last_round"]) + ("" if r.get("last_round_known")
                                                                                else " *") for r in rs])
    row("lethality (share lost per round)", [", ".join(f"r{k} {v:.0%}" for k, v in r["lethality_per_round"].items())
                                             if r["lethality_per_round"] else "n/a" for r in rs])
    row("seconds per game", [f"{r['seconds_per_game']:.3f}" for r in rs])
    out = "\n".join(rows)
    if any(not r.get("last_round_known") for r in rs):
        out += "\n\n\\* no fixed game length: before the longest game seen"
    for r in rs:
        if r["own_figures"]:
            out += f"\n\n{r['ruleset']} own figures (mean per game): " + ", ".join(
                f"{k} {v:g}" for k, v in r["own_figures"].items())
    for r in rs:
        grid = setup_grid(r)
        if grid is not None:
            title, header, body = grid
            out += f"\n\n{title}\n\n| " + " | ".join(header) + " |\n|" + "---|" * len(header)
            out += "".join("\n| " + " | ".join([label, *(_pct(c) for c in cells)]) + " |" for label, cells in body)
    return out


def setup_grid(entry: dict[str, Any]) -> tuple[str, list[str], list[tuple[str, list[dict[str, float] | None]]]] | None:
    """(title, header, rows) of a ruleset's win rate by set-up: the first axis down, the second across (or one
    row per combination when there are more than two); ``None`` when no set-up was varied."""
    cells = entry.get("by_setup") or []
    if not cells:
        return None
    who = "heroes win" if cooperative(entry) else f"first seat ({cells[0]['first_seat']}) wins"
    agent = "AI" if entry["agent"] == "ai" else entry["agent"]
    title = f"{entry['ruleset']}: {who} by set-up, {agent} v {agent} (95% interval)"
    keys = list(cells[0]["setup"])
    if len(keys) == 2:
        down, across = keys
        columns = list(dict.fromkeys(c["setup"][across] for c in cells))
        rows: dict[str, list[dict[str, float] | None]] = {}
        for c in cells:
            rows.setdefault(c["setup"][down], [None] * len(columns))[columns.index(c["setup"][across])] = \
                c["first_seat_win_rate"]
        return title, [f"{down} \\ {across}", *columns], list(rows.items())
    return title, [", ".join(keys), "wins"], [(", ".join(c["setup"].values()), [c["first_seat_win_rate"]])
                                                 for c in cells]


#: what each figure of the report measures, shown under the HTML table
EXPLAINED = {
    "first seat wins": "how often the seat that plays first won, AI against the same AI (50% means no edge); "
                       "the bracket is the 95% Wilson interval, the range the true rate very likely lies in",
    "heroes win": "co-operative game: how often the heroes won together (every seat wins or loses together), "
                  "AI heroes in the default set-up",
    "draws": "games that ended with no winner",
    "AI wins v random": "how often the ruleset's AI beat random play, seats alternating: how much skill matters",
    "rounds": "game length in rounds (median, and 10th-90th percentile); decisions and dice likewise",
    "decided before the last round": "games won before the round the ruleset would stop at (* no fixed length: "
                                     "before the longest game seen)",
    "lethality": "mean share of a side's starting force lost in each round (never below 0: a round in which a "
                 "force grew, by summons or returns, counts as 0)",
    "seconds per game": "time to play one game on this machine",
}


def cooperative(entry: dict[str, Any]) -> bool:
    """Whether a report entry is of a co-operative game: every seat won exactly as often (3 seats or more), or
    the seats' win rates add up to more than one game's worth of winners."""
    rates = [r["rate"] for r in entry["seat_win_rate"].values() if r.get("n")]
    if len(rates) < 2:
        return False
    same = max(rates) - min(rates) < 1e-9
    return same and (len(rates) >= 3 or sum(rates) > 1.001)


def _label_width(labels: Sequence[str], size: int = 12) -> float:
    return 8 + 0.62 * size * max((len(x) for x in labels), default=4)


def _svg_rates(title: str, items: list[tuple[str, dict[str, float] | None]]) -> str:
    """A horizontal bar chart of rates on a common 0..100% scale, with interval whiskers, a 50% line and the
    figure with its interval written after each bar (the picture is as wide as its labels need)."""
    row_h, span = 26, 300
    left = _label_width([label for label, _ in items])
    w = left + span + 130
    h = 48 + row_h * len(items)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h}" role="img">',
             f'<text x="4" y="16" font-size="13" font-weight="bold">{safe_html(title)}</text>']
    x50 = left + span / 2
    parts.append(f'<line x1="{x50}" y1="22" x2="{x50}" y2="{h - 18}" stroke="#999" stroke-dasharray="3"/>')
    for tick in (0, 0.5, 1):
        parts.append(f'<text x="{left + span * tick:.1f}" y="{h - 4}" font-size="10" text-anchor="middle">'
                     f'{tick:.0%}</text>')
    for i, (label, rate) in enumerate(items):
        y = 26 + i * row_h
        parts.append(f'<text x="4" y="{y + 14}" font-size="12">{safe_html(label)}</text>')
        if not rate or not rate.get("n"):
            parts.append(f'<text x="{left}" y="{y + 14}" font-size="12" fill="#777">n/a</text>')
            continue
        parts.append(f'<rect x="{left}" y="{y + 3}" width="{span * rate["rate"]:.1f}" height="14" fill="#4a7ab5"/>')
        parts.append(f'<line x1="{left + span * rate["low"]:.1f}" y1="{y + 10}" x2="{left + span * rate["high"]:.1f}"'
                     f' y2="{y + 10}" stroke="#000" stroke-width="2"/>')
        parts.append(f'<text x="{left + span + 6}" y="{y + 14}" font-size="11">{rate["rate"]:.0%} '
                     f'({rate["low"]:.0%}-{rate["high"]:.0%}, n={rate["n"]:g})</text>')
    parts.append("</svg>")
    return "".join(parts)


def _svg_histogram(title: str, hist: dict[int, int]) -> str:
    """Games by length: a bar per round count, with a labelled x axis (rounds) and y axis (games)."""
    w, h, left, bottom, top_pad = 300, 170, 34, 34, 22
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img">',
             f'<text x="4" y="14" font-size="12" font-weight="bold">{safe_html(title)}</text>']
    if hist:
        lo, hi = min(hist), max(hist)
        top = max(hist.values())
        plot_w, plot_h = w - left - 8, h - bottom - top_pad
        bw = plot_w / (hi - lo + 1)
        y0 = h - bottom
        parts.append(f'<line x1="{left}" y1="{y0}" x2="{w - 8}" y2="{y0}" stroke="#333"/>')
        parts.append(f'<line x1="{left}" y1="{top_pad}" x2="{left}" y2="{y0}" stroke="#333"/>')
        for k in range(lo, hi + 1):
            v = hist.get(k, 0)
            bh = plot_h * v / top
            x = left + (k - lo) * bw
            if v:
                parts.append(f'<rect x="{x + 1:.1f}" y="{y0 - bh:.1f}" width="{max(1, bw - 2):.1f}" '
                             f'height="{bh:.1f}" fill="#6a9f58"><title>{k} rounds: {v} games</title></rect>')
            if (hi - lo) <= 12 or (k - lo) % max(1, (hi - lo) // 6) == 0:
                parts.append(f'<text x="{x + bw / 2:.1f}" y="{y0 + 12}" font-size="10" '
                             f'text-anchor="middle">{k}</text>')
        for v in sorted({0, top // 2, top}):
            y = y0 - plot_h * v / top
            parts.append(f'<text x="{left - 4}" y="{y + 3:.1f}" font-size="10" text-anchor="end">{v}</text>')
        parts.append(f'<text x="{left + plot_w / 2:.0f}" y="{h - 4}" font-size="10" text-anchor="middle">'
                     "rounds played</text>")
        parts.append(f'<text x="10" y="{top_pad + plot_h / 2:.0f}" font-size="10" text-anchor="middle" '
                     f'transform="rotate(-90 10 {top_pad + plot_h / 2:.0f})">games</text>')
    parts.append("</svg>")
    return "".join(parts)


def findings(report: dict[str, Any]) -> list[str]:
    """Plain sentences for what stands out: a first-seat edge whose 95% interval leaves out 50%."""
    out = []
    for r in report["rulesets"]:
        if cooperative(r):
            continue
        first = next(iter(r["seat_win_rate"].items()), None)
        if first is None or not first[1].get("n"):
            continue
        seat, rate = first
        if rate["low"] > 0.5 or rate["high"] < 0.5:
            side = "won" if rate["low"] > 0.5 else "won only"
            out.append(f"{r['ruleset']}: the first seat ({seat}) {side} {rate['rate']:.0%} of {rate['n']:g} "
                       f"{r['agent']} v {r['agent']} games (95% interval {rate['low']:.0%} to {rate['high']:.0%}): "
                       "the interval leaves out 50%, so the seat that plays first has a real "
                       f"{'advantage' if rate['low'] > 0.5 else 'disadvantage'}, not luck of the dice.")
    return out


def _html_grid(entry: dict[str, Any]) -> str:
    """The win rate by set-up as an HTML table, each cell shaded from red (0%) through white to blue (100%)."""
    grid = setup_grid(entry)
    if grid is None:
        return ""
    title, header, body = grid

    def cell(rate: dict[str, float] | None) -> str:
        if not rate or not rate.get("n"):
            return "<td>n/a</td>"
        strength = abs(rate["rate"] - 0.5) * 2
        target = (235, 120, 120) if rate["rate"] < 0.5 else (125, 160, 235)
        r, g, b = (round(255 + (t - 255) * strength) for t in target)
        return (f"<td class='rate' style='background:rgb({r},{g},{b})' title='n={rate['n']:g}'>"
                f"{safe_html(_pct(rate))}</td>")

    rows = "".join("<tr><th>" + safe_html(label) + "</th>" + "".join(cell(c) for c in cells) + "</tr>"
                   for label, cells in body)
    return (f"<h2>{safe_html(title)}</h2><table><tr>" + "".join(f"<th>{safe_html(h)}</th>" for h in header)
            + f"</tr>{rows}</table>")


def html_report(report: dict[str, Any]) -> str:
    """A standalone HTML page: findings, the figures as a table (co-operative games get the heroes' win rate
    instead of seat and AI-v-random rows), what each figure means, and SVG charts drawn by hand."""
    rs = report["rulesets"]
    coop = {r["ruleset"] for r in rs if cooperative(r)}
    md = markdown(report).split("\n\n")[0].splitlines()
    cells = [[c.strip() for c in line.strip("|").split("|")] for line in md if not line.startswith("|---")]
    for row in cells:
        if row[0] == "first seat wins" and coop:
            row[0] = "first seat wins / heroes win"
        for j, r in enumerate(rs, 1):
            if r["ruleset"] in coop and row[0] == "AI wins v random":
                row[j] = "n/a (co-operative: AI and random heroes share a side)"
            if row[0].startswith("lethality") and r.get("lethality_per_round"):
                row[j] = ", ".join(f"r{k} {max(0.0, v):.0%}" for k, v in r["lethality_per_round"].items())
    tag = ["th"] + ["td"] * len(cells)
    table = "<table>" + "".join("<tr>" + "".join(f"<{tag[i]}>{safe_html(c)}</{tag[i]}>" for c in row) + "</tr>"
                                for i, row in enumerate(cells)) + "</table>"
    notes = "".join(f"<dt>{safe_html(k)}</dt><dd>{safe_html(v)}</dd>" for k, v in EXPLAINED.items()
                    if k != "heroes win" or coop)
    found = findings(report)
    found_html = ("<div class='finding'><h2>What stands out</h2>" + "".join(f"<p>{safe_html(f)}</p>"
                                                                            for f in found) + "</div>"
                  if found else "<p>No seat edge stands out: every first-seat interval includes 50%.</p>")
    if coop:
        found_html += ("<p>Co-operative games (" + safe_html(", ".join(sorted(coop))) + "): the seats win or lose "
                       "together, so the first-seat and AI-v-random figures do not apply; the heroes' win rate is "
                       "shown instead, for the default set-up, and by set-up below where one was varied.</p>")
    grids = "".join(_html_grid(r) for r in rs)
    competitive = [r for r in rs if r["ruleset"] not in coop]
    charts = [_svg_rates("first seat wins (95% interval)", [(r["ruleset"], next(iter(r["seat_win_rate"].values()),
                                                                                 None)) for r in competitive]),
              _svg_rates("AI wins v random (95% interval)", [(r["ruleset"], r["ai_v_random"]) for r in competitive])
              ] if competitive else []
    charts.append(_svg_rates("decided before the last round", [(r["ruleset"], r["decided_before_last_round"])
                                                               for r in rs]))
    if coop:
        charts.insert(0, _svg_rates("heroes win, default set-up (95% interval)",
                                    [(r["ruleset"], next(iter(r["seat_win_rate"].values()), None))
                                     for r in rs if r["ruleset"] in coop]))
    hists = "".join(_svg_histogram(f"{r['ruleset']}: games by length", {int(k): v for k, v in
                                                                         r["rounds_histogram"].items()})
                    for r in rs)
    return ("<!doctype html><html><head><meta charset='utf-8'><title>skirmish compare</title><style>"
            "body{font-family:sans-serif;max-width:1100px}table{border-collapse:collapse}"
            "td,th{border:1px solid #ccc;padding:3px 6px}td.rate{text-align:right}svg{display:block;margin:12px 0}"
            ".finding{border-left:5px solid #c0392b;background:#fdf0ee;padding:4px 12px;margin:12px 0}"
            "dt{font-weight:bold;margin-top:4px}"
            "</style></head><body>"
            f"<h1>skirmish compare</h1><p>{report['games']} games per ruleset and pairing, seeds from "
            f"{report['seed']}.</p>{found_html}{table}{grids}<h2>What the figures mean</h2><dl>{notes}</dl>"
            f"<h2>Charts</h2><div>{''.join(charts)}</div><div style='display:flex;flex-wrap:wrap'>{hists}</div>"
            "</body></html>\n")
