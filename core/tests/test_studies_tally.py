"""Running summaries: chunks folded and merged in any order give exactly what one pass in seed order gives."""

from __future__ import annotations

import json
import random

import pytest

from skirmish import Registry
from skirmish.runner import simulate, summarize
from skirmish.studies.balance import estimate_rows, estimate_tally, play_rows
from skirmish.studies.compare import figures, pairings
from skirmish.studies.stats import quantile
from skirmish.studies.tally import ExactSum, RegressionTally, Tally, hist_quantile, natural_key, tally

REGISTRY = Registry()
NAMES = [n for n in ("tavern-brawl", "chob-noggoth", "goblin-uprising") if n in REGISTRY.rulesets]


def _shuffled_merge(parts: list[list], seed: int) -> Tally:
    folded = [tally(p) for p in parts]
    random.Random(seed).shuffle(folded)
    out = Tally()
    for t in folded:
        out.merge(t)
    return out


@pytest.mark.parametrize("name", NAMES)
def test_tallies_merged_in_any_order_equal_one_pass(name: str) -> None:
    _, records = simulate(REGISTRY, name, 24, ["random"], seed=5)
    one = tally(records)
    for trial in range(4):
        rng = random.Random(trial)
        cuts = sorted(rng.sample(range(1, len(records)), 5))
        parts = [records[a:b] for a, b in zip([0, *cuts], [*cuts, len(records)], strict=True)]
        merged = _shuffled_merge(parts, trial)
        assert merged == one
        assert merged.summary(name, 1.0, 2) == one.summary(name, 1.0, 2)
        assert _same(figures(REGISTRY, name, dict.fromkeys(("main", "random", "mixed"), merged)),
                     figures(REGISTRY, name, dict.fromkeys(("main", "random", "mixed"), one)))


def _same(a: object, b: object) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)  # NaN equals NaN here


def test_the_summary_of_a_tally_is_the_summary_of_the_records() -> None:
    name = NAMES[-1]
    summary, records = simulate(REGISTRY, name, 10, ["random"], seed=1)
    assert summarize(name, records, summary.seconds, 1).to_dict() == {**summary.to_dict(), "sides": {}}


def test_exact_sums_do_not_depend_on_order() -> None:
    values = [0.1, 1e16, -1e16, 0.3, 1 / 3, 2.5e-8] * 50
    sums = set()
    for trial in range(5):
        random.Random(trial).shuffle(values)
        a, b = ExactSum(values[:120]), ExactSum(values[120:])
        b.merge(a)
        sums.add(b.value())
    assert len(sums) == 1 and sums.pop() == pytest.approx(50 * (0.1 + 0.3 + 1 / 3 + 2.5e-8))


def test_quantiles_from_a_histogram_equal_those_of_the_values() -> None:
    rng = random.Random(3)
    for _ in range(20):
        values = [rng.randint(1, 12) for _ in range(rng.randint(1, 40))]
        hist: dict[int, int] = {}
        for v in values:
            hist[v] = hist.get(v, 0) + 1
        for q in (0.0, 0.1, 0.5, 0.9, 1.0):
            assert hist_quantile(hist, q) == quantile(values, q)


def test_figures_are_sorted_as_numbers() -> None:
    assert sorted(["round 10", "round 2", "round 1"], key=natural_key) == ["round 1", "round 2", "round 10"]


@pytest.mark.skipif("chob-noggoth" not in REGISTRY.rulesets, reason="chob-noggoth is not installed")
def test_regression_tallies_merged_in_any_order_equal_one_pass() -> None:
    rows = play_rows(REGISTRY, "chob-noggoth", range(12))
    one = RegressionTally().add_rows(rows)
    for trial in range(3):
        parts = [rows[i:i + 3] for i in range(0, len(rows), 3)]
        random.Random(trial).shuffle(parts)
        merged = RegressionTally()
        for p in parts:
            merged.merge(RegressionTally().add_rows(p))
        assert merged == one
        assert estimate_tally(merged) == estimate_rows(rows)


def test_compare_pairings_name_what_is_played() -> None:
    assert [p for p, _, _ in pairings(REGISTRY, NAMES[0])][0] == "main"
