"""``balance``: the regression recovers a known worth from synthetic games; rulesets without a model say so."""

from __future__ import annotations

import random
from typing import Any

import pytest

from skirmish import Registry, SkirmishError
from skirmish.runner import GameRecord
from skirmish.studies.balance import balance_model, estimate


class Model:
    """Armies of knights (printed 10, worth 10) and pikes (printed 10, worth 30 in play)."""

    def features(self, setup: dict[str, Any], seat: str) -> tuple[dict[str, float], float]:
        army = setup[seat]
        return army, 10.0 * sum(army.values())


def synthetic(n: int) -> list[tuple[int, dict[str, Any], GameRecord]]:
    rng = random.Random(3)
    out = []
    for s in range(n):
        setup = {side: {"knight": rng.randint(0, 6), "pike": rng.randint(0, 6)} for side in ("a", "b")}
        strength = {side: 10 * a["knight"] + 30 * a["pike"] for side, a in setup.items()}
        p = 1 / (1 + 10 ** ((strength["b"] - strength["a"]) / 200))
        win = "a" if rng.random() < p else "b"
        out.append((s, setup, GameRecord(s, ("ai", "ai"), ("a", "b"), (win,), True, 1, 1, 1, 0.0,
                                         winning_seats=(win,))))
    return out


def test_estimate_finds_the_underpriced_feature() -> None:
    report = estimate(Model(), synthetic(3000))
    by = {r["feature"]: r for r in report["features"]}
    assert by["pike"]["win_effect"] > by["knight"]["win_effect"] > 0
    assert by["pike"]["worth_points"] > by["pike"]["printed_cost"] > by["knight"]["worth_points"]
    assert 2 < by["pike"]["worth_points"] / by["knight"]["worth_points"] < 4.5  # worth 30 v 10 in play
    assert by["pike"]["se"] > 0


def test_a_ruleset_without_a_model_is_one_clear_error() -> None:
    registry = Registry()
    name = next(r for r in sorted(registry.rulesets)
                if not any(m is not None for m in registry.pm.hook.skirmish_balance_model(ruleset=r)))
    with pytest.raises(SkirmishError, match="gives no balance model"):
        balance_model(registry, name)


def test_too_few_games_for_the_features_is_warned_not_hidden() -> None:
    from skirmish.studies.balance import text

    few = estimate(Model(), synthetic(8))
    assert any("only 8 games for 2 features" in w for w in few["warnings"])
    assert "warning: only 8 games" in text({**few, "ruleset": "x"})
    assert estimate(Model(), synthetic(3000))["warnings"] == []


def test_armies_always_of_equal_cost_are_warned_about() -> None:
    same = [{"seed": i, "first": {"knight": i % 3, "pike": 2 - i % 3}, "first_cost": 20.0,
             "second": {"knight": 2 - i % 3, "pike": i % 3}, "second_cost": 20.0,
             "outcome": "win" if i % 2 else "loss"} for i in range(60)]
    from skirmish.studies.balance import estimate_rows

    assert any("cannot be told from its price" in w for w in estimate_rows(same)["warnings"])
    assert not any("cannot be told" in w for w in estimate(Model(), synthetic(3000))["warnings"])


def test_prices_the_model_gives_are_the_printed_costs() -> None:
    class Priced(Model):
        def prices(self) -> dict[str, float]:
            return {"knight": 10.0, "pike": 10.0}

    by = {r["feature"]: r for r in estimate(Priced(), synthetic(3000))["features"]}
    assert by["knight"]["printed_cost"] == 10.0 and by["pike"]["printed_cost"] == 10.0
    assert by["pike"]["worth_points"] > 2 * by["knight"]["worth_points"]


def test_the_table_shows_long_feature_names_whole_and_the_worth_standard_error() -> None:
    from skirmish.studies.balance import text

    class Long(Model):
        def features(self, setup: dict[str, Any], seat: str) -> tuple[dict[str, float], float]:
            army, cost = super().features(setup, seat)
            return {"a knight with a rather long feature name": army["knight"], "pike": army["pike"]}, cost

    report = estimate(Long(), synthetic(500))
    table = text({**report, "ruleset": "x"})
    assert "a knight with a rather long feature name " in table and "± worth" in table
    pike = next(r for r in report["features"] if r["feature"] == "pike")
    assert pike["worth_se"] > 0 and f"{pike['worth_se']:.1f}" in table


def test_points_per_win_has_a_standard_error_that_shrinks_with_more_games() -> None:
    from skirmish.studies.balance import text

    few, many = estimate(Model(), synthetic(500)), estimate(Model(), synthetic(3000))
    assert 0 < many["points_per_win_se"] < few["points_per_win_se"]
    assert 1.5 < few["points_per_win_se"] / many["points_per_win_se"] < 4  # about sqrt(6)
    assert f"(se {many['points_per_win_se']}; each ± worth includes it)" in text({**many, "ruleset": "x"})


def test_a_worths_standard_error_counts_the_scales_uncertainty_as_sampling_does() -> None:
    """A worth is an effect divided by a scale fitted to every effect: its spread over draws of the effects
    (independent normals here) matches the delta method's, and differs from the effect's alone."""
    import math
    import random
    import statistics

    from skirmish.studies.balance import _worth_se

    beta, sigma, printed = [0.0, 0.30, 0.10, 0.20], [0.0, 0.02, 0.01, 0.03], [300.0, 100.0, 150.0]
    cov = [[sigma[i] ** 2 if i == j else 0.0 for j in range(4)] for i in range(4)]
    denom = sum(x * x for x in printed)
    scale = sum(b * x for b, x in zip(beta[1:], printed, strict=True)) / denom
    rng = random.Random(5)
    for i in range(3):
        draws = []
        for _ in range(20_000):
            b = [rng.gauss(beta[k], sigma[k]) for k in range(1, 4)]
            draws.append(b[i] / (sum(x * y for x, y in zip(b, printed, strict=True)) / denom))
        sampled, delta = statistics.stdev(draws), _worth_se(i, beta, cov, printed, scale, denom)
        assert math.isclose(delta, sampled, rel_tol=0.06), (i, delta, sampled)
    assert not math.isclose(_worth_se(0, beta, cov, printed, scale, denom), sigma[1] / scale, rel_tol=0.1)
