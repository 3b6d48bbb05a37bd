"""The ``compare --html`` page: labels that fit, figures explained, co-operative games, lethality, axes, findings."""

from __future__ import annotations

import re

from skirmish.studies.compare import cooperative, findings, html_report


def _rate(rate: float, low: float, high: float, n: int = 50) -> dict[str, float]:
    return {"rate": rate, "low": low, "high": high, "n": n}


def _entry(name: str, seats: dict[str, dict[str, float]], **kw: object) -> dict[str, object]:
    out: dict[str, object] = {
        "ruleset": name, "agent": "ai", "finished": 50, "errors": 0, "seat_win_rate": seats,
        "rounds": {"mean": 5, "p10": 4, "median": 5, "p90": 6, "max": 7},
        "decisions": {"mean": 5, "p10": 4, "median": 5, "p90": 6, "max": 7},
        "dice": {"mean": 5, "p10": 4, "median": 5, "p90": 6, "max": 7},
        "rounds_histogram": {"4": 10, "5": 30, "6": 10}, "draw_rate": _rate(0, 0, 0.07),
        "random_rounds": {"mean": 5, "p10": 4, "median": 5, "p90": 6, "max": 7}, "seconds_per_game": 0.1,
        "decided_before_last_round": _rate(0.2, 0.1, 0.3), "last_round_known": True,
        "lethality_per_round": {"1": 0.1, "2": -0.05}, "ai_v_random": _rate(0.8, 0.67, 0.89), "own_figures": {}}
    out.update(kw)
    return out


REPORT = {"games": 50, "seed": 0, "rulesets": [
    _entry("hobgoblin-with-a-long-name", {"red": _rate(0.74, 0.60, 0.84), "blue": _rate(0.26, 0.16, 0.40)}),
    _entry("goblin-uprising", {f"hero{i}": _rate(0.4, 0.28, 0.54) for i in (1, 2, 3)})]}


def test_a_first_seat_edge_stands_out_with_its_interval() -> None:
    said = findings(REPORT)
    assert said == ["hobgoblin-with-a-long-name: the first seat (red) won 74% of 50 ai v ai games (95% interval 60% "
                    "to 84%): the interval leaves out 50%, so the seat that plays first has a real advantage, not "
                    "luck of the dice."]
    page = html_report(REPORT)
    assert "<div class='finding'><h2>What stands out</h2>" in page and "95% interval 60% to 84%" in page


def test_co_operative_games_get_the_heroes_win_rate_not_seat_rows() -> None:
    assert cooperative(REPORT["rulesets"][1]) and not cooperative(REPORT["rulesets"][0])
    page = html_report(REPORT)
    assert "heroes win, default set-up" in page
    assert "n/a (co-operative: AI and random heroes share a side)" in page
    first_seat_chart = page.split("first seat wins (95% interval)")[1].split("</svg>")[0]
    assert "goblin-uprising" not in first_seat_chart


def test_figures_are_explained_and_lethality_is_never_negative() -> None:
    page = html_report(REPORT)
    assert "<h2>What the figures mean</h2>" in page and "Wilson interval" in page
    assert "r2 0%" in page and "-5%" not in page


def test_bar_labels_fit_their_chart_and_histograms_have_axes() -> None:
    page = html_report(REPORT)
    for svg in re.findall(r"<svg [^>]*width=\"([\d.]+)\"[^>]*>(.*?)</svg>", page):
        width = float(svg[0])
        for x, text in re.findall(r"<text x=\"([\d.]+)\"[^>]*>([^<]*)</text>", svg[1]):
            assert float(x) + 6.5 * len(text) <= width + 1, (text, width)  # (labels were cut at 520 px)
    hist = page.split("games by length")[1]
    assert "rounds played" in hist and ">games</text>" in hist
