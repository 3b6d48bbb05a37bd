"""`skirmish odds hobgoblin`: the named situations are small battles asked of the playing code."""

from __future__ import annotations

from fractions import Fraction

from skirmish_hobgoblin import situations as sit
from skirmish_hobgoblin import stats


def table(name: str, **settings: int) -> dict:
    found = {s.name: s for s in sit.situations()}[name]
    return found.exact({**found.params, **settings})


def test_outmanoeuvred_unit_strikes_back_with_at_most_five_dice_from_a_side_edge():
    _, dice, _, _ = sit._attack("light-infantry-strikes-back-from-the-flank", 0, 6)
    assert dice == 5 and max(table("light-infantry-strikes-back-from-the-flank")) == 5


def test_devastating_charge_needs_the_advance():
    _, _, need_charging, _ = sit._attack("heavy-cavalry-charges-flank", 0, 6)
    _, _, need_standing, _ = sit._attack("heavy-cavalry-charges-flank", 0, 0)
    assert need_charging == need_standing - 1


def test_flank_charge_breaks_at_courage_less_one_for_the_outmanoeuvring_enemy():
    game, _, _, _ = sit._attack("heavy-cavalry-charges-flank-broken", 0, 6)
    target = sit._named(game, "Target")
    assert stats.break_point(game, target) == target.courage - 1
    doom = table("heavy-cavalry-charges-flank")
    broken = table("heavy-cavalry-charges-flank-broken")
    assert broken["Broken"] == sum((p for d, p in doom.items() if d >= target.courage - 1), Fraction(0))


def test_doom_already_on_the_target_makes_breaking_likelier():
    calm = table("heavy-infantry-attacked-in-the-rear")["Broken"]
    shaken = table("heavy-infantry-attacked-in-the-rear", doom=6)["Broken"]
    assert shaken > calm


def test_cover_raises_the_number_needed_to_hit():
    _, dice, need, cover = sit._attack("ranged-infantry-shoots-into-cover", 0, 6)
    assert cover and dice == 5 and need >= 4
