"""``compare``: figures on common scales, same seeds give the same report, hand-written SVG in the HTML."""

from __future__ import annotations

import pytest

from skirmish import Registry
from skirmish.studies.compare import compare, html_report, markdown, without_timing
from skirmish.studies.stats import invert, least_squares, quantile, wilson

REGISTRY = Registry()
FAST = "tavern-brawl" if "tavern-brawl" in REGISTRY.rulesets else "chob-noggoth"


def test_wilson_interval_contains_the_rate_and_narrows() -> None:
    p, lo, hi = wilson(30, 100)
    assert lo < p == 0.3 < hi
    assert hi - lo > wilson(300, 1000)[2] - wilson(300, 1000)[1]
    assert wilson(0, 10)[1] == pytest.approx(0.0, abs=1e-12) and wilson(10, 10)[2] == pytest.approx(1.0)


def test_quantile_and_least_squares() -> None:
    assert quantile([1, 2, 3, 4], 0.5) == 2.5
    rows = [[1.0, float(x)] for x in range(10)]
    beta, se = least_squares(rows, [2.0 + 3.0 * x for x in range(10)])
    assert beta == pytest.approx([2.0, 3.0]) and se[1] == pytest.approx(0.0, abs=1e-6)
    assert invert([[2.0, 0.0], [0.0, 4.0]]) == [[0.5, 0.0], [0.0, 0.25]]


def test_same_seeds_same_report() -> None:
    a = compare(REGISTRY, [FAST], 4, seed=7)
    b = compare(REGISTRY, [FAST], 4, seed=7)
    assert without_timing(a) == without_timing(b)
    r = a["rulesets"][0]
    assert set(r) >= {"seat_win_rate", "rounds", "decisions", "dice", "ai_v_random", "decided_before_last_round",
                      "lethality_per_round", "seconds_per_game", "own_figures"}
    for rate in r["seat_win_rate"].values():
        assert 0 <= rate["low"] <= rate["rate"] <= rate["high"] <= 1


def test_markdown_and_html() -> None:
    report = compare(REGISTRY, [FAST], 2, seed=1)
    text = markdown(report)
    assert FAST in text and "first seat wins" in text and "n/a" in text or "%" in text
    page = html_report(report)
    assert page.startswith("<!doctype html>") and page.count("<svg") >= 4


def test_lethality_comes_from_a_force_share_hook() -> None:
    if "chob-noggoth" not in REGISTRY.rulesets:
        pytest.skip("chob-noggoth is not installed")
    from skirmish.runner import play_one

    record = play_one(REGISTRY, "chob-noggoth", 3, ["random"])
    lost = {k: v for k, v in record.extra.items() if k.startswith("lost in round ")}
    assert lost and all(0 <= v <= 1 for v in lost.values()) and sum(lost.values()) <= 1 + 1e-9


def _record(rounds: int, last_round: int, finished: bool = True):  # noqa: ANN202
    from skirmish.runner import GameRecord

    return GameRecord(1, ("ai", "ai"), ("a", "b"), ("a",), finished, rounds, 10, 5, 0.0, last_round=last_round)


def test_decided_early_counts_games_ending_before_the_rulesets_last_round() -> None:
    from skirmish.studies.compare import _decided_early
    from skirmish.studies.tally import tally

    rate, known = _decided_early(tally([_record(3, 5), _record(5, 5), _record(2, 6), _record(6, 6)]))
    assert known and rate["rate"] == 0.5 and rate["n"] == 4
    rate, known = _decided_early(tally([_record(3, 0), _record(7, 0)]))  # no fixed length: before the longest seen
    assert not known and rate["rate"] == 0.5


@pytest.mark.parametrize("name", [n for n in ("tavern-brawl", "chob-noggoth", "hobgoblin") if n in REGISTRY.rulesets])
def test_rulesets_with_a_fixed_length_report_their_last_round(name: str) -> None:
    from skirmish.runner import play_one

    record = play_one(REGISTRY, name, 2, ["random"])
    assert record.last_round >= record.rounds >= 1


@pytest.mark.parametrize("name", [n for n in ("hobgoblin", "goblin-uprising") if n in REGISTRY.rulesets])
def test_lethality_of_the_mass_battle_and_the_co_op_game(name: str) -> None:
    from skirmish.runner import play_one

    record = play_one(REGISTRY, name, 4, ["random"])
    lost = {k: v for k, v in record.extra.items() if k.startswith("lost in round ")}
    assert lost and all(-1 <= v <= 1 for v in lost.values())


@pytest.mark.skipif("goblin-uprising" not in REGISTRY.rulesets, reason="needs goblin-uprising")
def test_co_op_win_rate_is_reported_per_hero_count_and_difficulty() -> None:
    from skirmish.studies.compare import setup_grid, setups

    cells = setups(REGISTRY, "goblin-uprising", {"heroes": ("1", "3"), "difficulty": ("easy", "hard")})
    assert [c for c, _ in cells] == [{"heroes": "1", "difficulty": "easy"}, {"heroes": "1", "difficulty": "hard"},
                                     {"heroes": "3", "difficulty": "easy"}, {"heroes": "3", "difficulty": "hard"}]
    assert [len(s["players"]) for _, s in cells] == [1, 1, 3, 3] and cells[1][1]["difficulty"] == "hard"
    report = compare(REGISTRY, ["goblin-uprising"], 2, seed=3,
                     vary={"heroes": ("1", "3"), "difficulty": ("easy", "hard")})
    entry = report["rulesets"][0]
    assert [c["finished"] for c in entry["by_setup"]] == [2, 2, 2, 2]
    title, header, body = setup_grid(entry)
    assert title.startswith("goblin-uprising: heroes win by set-up, AI v AI")
    assert header == ["heroes \\ difficulty", "easy", "hard"] and [label for label, _ in body] == ["1", "3"]
    md = markdown(report)
    assert "| heroes \\ difficulty | easy | hard |" in md and "\n| 3 | " in md
    assert "heroes win by set-up" in html_report(report)


@pytest.mark.skipif("goblin-uprising" not in REGISTRY.rulesets, reason="needs goblin-uprising")
def test_a_co_op_ruleset_sweeps_its_own_axes_by_default_and_competitive_ones_do_not() -> None:
    from skirmish.studies.compare import axes

    own = axes(REGISTRY, "goblin-uprising")
    assert own["heroes"] == ("1", "2", "3", "4", "5", "6") and "legendary" in own["difficulty"]
    assert axes(REGISTRY, FAST) == {}
    assert axes(REGISTRY, FAST, {"heroes": ("2",)}) == {}  # a setting the ruleset lacks is skipped
    assert compare(REGISTRY, [FAST], 2, seed=1)["rulesets"][0]["by_setup"] == []
