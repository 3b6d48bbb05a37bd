"""Odds, measure, glossary, brief, final summary and the SVG picture."""

from __future__ import annotations

from fractions import Fraction

import icepool
from hob_bench import battle, unit

from skirmish_hobgoblin.explain import attack_odds, die_outcomes


def test_odds_of_an_attack_match_icepool():
    g = battle([{"name": "A", "x": 30, "y": 14}], [{"name": "B", "x": 32, "y": 30}])
    a, b = unit(g, "A"), unit(g, "B")
    got = attack_odds(g, a, b, 5, "combat")  # Light Infantry against Light Infantry: 4+
    pool = sum(icepool.d6 >= 4 for _ in range(5))
    want = {k: Fraction(v, pool.denominator()) for k, v in pool.items()}
    assert got == want


def test_brutal_die_hits_three_times_in_four_on_four_plus():
    assert die_outcomes(4, brutal=True) == {0: Fraction(1, 4), 1: Fraction(3, 4)}
    assert die_outcomes(4, crit=True) == {0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)}


def test_odds_with_tough_and_shooting_cap():
    g = battle([{"name": "A", "type": "Ranged Infantry", "x": 30, "y": 14}],
               [{"name": "B", "type": "Heavy Infantry", "x": 32, "y": 30, "doom": 4}])
    a, b = unit(g, "A"), unit(g, "B")
    shots = attack_odds(g, a, b, 5, "shooting")
    assert max(shots) == 1  # the cap of 5 Doom
    melee = attack_odds(g, a, b, 10, "combat")
    assert max(melee) == 9  # Tough [1]


def test_measure_reports_distance_sight_and_edges(ruleset):
    g = battle([{"name": "A", "x": 30, "y": 14}], [{"name": "B", "x": 30, "y": 30}])
    text = ruleset.measure(g, "red", "A", "b1")
    assert "closest distance 13.64" in text and "line of sight: yes" in text and "front edge" in text


def test_glossary_brief_and_svg(ruleset):
    terms = ruleset.glossary()
    assert "Distracted" in terms and "Tough" in terms and "Carpe Diem" in terms
    g = battle([{"name": "A", "x": 30, "y": 14}], [{"name": "B", "x": 30, "y": 30}])
    assert len(ruleset.brief(g, "red").splitlines()) <= 22
    picture = ruleset.svg(g, None)  # drawn by the presentation (skirmish_hobgoblin.picture)
    assert picture.startswith("<svg") and "r1 A" in picture and picture.rstrip().endswith("</svg>")
