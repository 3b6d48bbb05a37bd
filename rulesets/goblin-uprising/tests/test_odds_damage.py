"""Odds at the ability menu count what the ability adds (Deadeye's +2) and give damage, numbered like the menu."""

from __future__ import annotations

from fractions import Fraction

from skirmish import Decision, Game, Option, Registry
from skirmish_goblin_uprising.odds import goblin_successes


def test_deadeye_odds_count_its_two_extra_damage_and_the_royal_armor() -> None:
    ruleset = Registry().ruleset("goblin-uprising")
    game = Game(ruleset, ruleset.check_setup(ruleset.default_setup()), seed=3)
    hero = game.state.heroes["hero1"]
    hero.cls, hero.abilities, hero.essence = "ranger", ["volley", "deadeye"], 0
    game.state.armor = 1
    game.pending = Decision("hero1", "ability", "hero1: attack the Tyrant with which ability?", options=(
        Option("ability:volley", "Volley"), Option("ability:deadeye", "Deadeye")), context={"target": "tyrant"})
    tables = dict(ruleset.odds(game, "hero1", ""))
    title = next(t for t in tables if t.startswith("2. Deadeye"))
    assert "+2 damage" in title and "Royal Armor 1" in title
    plain = goblin_successes(game, 5, 0)
    want: dict[int, Fraction] = {}
    for k, q in plain.items():  # successes + 2, less the 1 armour stops
        want[max(0, k + 2 - 1)] = want.get(max(0, k + 2 - 1), Fraction(0)) + q
    assert tables[title] == want
    assert any(t.startswith("1. Volley: damage on 3 dice") for t in tables)
