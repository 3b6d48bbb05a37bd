"""A warrior's numbers: dice, hit and save values and ranges by type, quality, bonus rules and traits."""

from __future__ import annotations

import math

import pytest
from chob_bench import bench, texts, warrior

from skirmish_chob_noggoth import turns, warrior_profile
from skirmish_chob_noggoth.state import FLED


@pytest.fixture(scope="module")
def game():
    return bench([warrior("r1", "red")])


@pytest.mark.parametrize(("quality", "dice"), [("bad", 1), ("standard", 2), ("veteran", 3), ("heroic", 4)])
def test_attack_dice_follow_quality(game, quality: str, dice: int) -> None:
    assert warrior_profile.attack_dice(game, warrior("x", "red", quality=quality)) == dice


def test_bloodthirsty_adds_one_attack_die(game) -> None:
    assert warrior_profile.attack_dice(game, warrior("x", "red", rules=["Bloodthirsty"])) == 3


def test_monster_attacks_with_its_remaining_wounds(game) -> None:
    m = warrior("m", "red", "Monster", wounds=5)
    m.wounds = 3
    assert warrior_profile.attack_dice(game, m) == 3


def test_passive_aggressive_starts_at_one_attack_and_gains_one_per_wound_lost(game) -> None:
    m = warrior("m", "red", "Monster", wounds=5, traits=["Passive Aggressive"])
    assert warrior_profile.attack_dice(game, m) == 1
    m.wounds = 2
    assert warrior_profile.attack_dice(game, m) == 4


@pytest.mark.parametrize(("kind", "melee", "ranged", "save", "reach"), [
    ("Brawler", 3, 3, 3, 0), ("Hunter", 5, 5, 5, 24), ("Skirmisher", 4, 4, 4, 12), ("Berserker", 2, 2, 4, 0),
    ("Warmachine", 6, 2, 6, 36), ("Mage", 6, 6, 6, math.inf),
])
def test_type_values(game, kind: str, melee: int, ranged: int, save: int, reach: float) -> None:
    w = warrior("x", "red", kind)
    assert warrior_profile.hit_value(game, w, ranged=False) == melee
    assert warrior_profile.save_value(game, w) == save
    assert warrior_profile.shooting_range(game, w) == reach
    if reach:
        assert warrior_profile.hit_value(game, w, ranged=True) == ranged


def test_monster_hits_on_two_and_a_gun_shoots_twelve_inches(game) -> None:
    m = warrior("m", "red", "Monster", wounds=4, traits=["Gun"])
    assert warrior_profile.hit_value(game, m, ranged=False) == 2
    assert warrior_profile.hit_value(game, m, ranged=True) == 2
    assert warrior_profile.shooting_range(game, m) == 12
    assert warrior_profile.shooting_range(game, warrior("n", "red", "Monster", wounds=4)) == 0


def test_a_hero_uses_the_values_of_the_role_it_acts_as(game) -> None:
    hero = warrior("h", "red", "Hero", quality="heroic", roles=["Brawler", "Hunter"], role="Brawler")
    assert warrior_profile.hit_value(game, hero, ranged=False) == 3 and warrior_profile.shooting_range(game, hero) == 0
    hero.role = "Hunter"
    assert warrior_profile.hit_value(game, hero, ranged=False) == 5 and warrior_profile.shooting_range(game, hero) == 24
    assert warrior_profile.attack_dice(game, hero) == 4


def test_longshot_adds_six_inches_to_a_range(game) -> None:
    assert warrior_profile.shooting_range(game, warrior("x", "red", "Skirmisher", rules=["Longshot"])) == 18


def test_modifiers_accurate_aimed_obscured_cover(game) -> None:
    a = warrior("a", "red", rules=["Accurate"])
    t = warrior("t", "blue", rules=["Obscured"])
    assert warrior_profile.hit_modifier(game, a, t) == 0
    assert warrior_profile.hit_modifier(game, a, t, aimed=True) == 1
    assert warrior_profile.hit_modifier(game, a, t, cover=True) == -1


def test_mounted_warriors_and_monsters_charge_with_impact_and_move_further(game) -> None:
    assert warrior_profile.charges_with_impact(warrior("x", "red", mounted=True))
    assert warrior_profile.charges_with_impact(warrior("m", "red", "Monster", wounds=3))
    assert not warrior_profile.charges_with_impact(warrior("f", "red"))
    assert warrior_profile.move_allowance(game, warrior("m", "red", "Monster", wounds=3)) == 5


def test_terrifying_makes_a_shooter_test_before_shooting_too() -> None:
    hunter = warrior("r1", "red", "Hunter", quality="bad", x=5, y=10)
    beast = warrior("b1", "blue", "Monster", wounds=3, traits=["Terrifying"], x=15, y=10)
    game = bench([hunter, beast], dice=[3])  # the single morale die fails: it flees before shooting
    game.run(lambda g: turns.shoot(g, hunter, beast))
    assert hunter.status == FLED and not texts(game, "attack")


def test_warmachine_last_wound_table_and_the_piggun_halves(game) -> None:
    assert warrior_profile.last_wound_table(game, warrior("w", "red", "Warmachine")) == "warmachines"
    assert warrior_profile.last_wound_table(game, warrior("b", "red", "Berserker")) == "monsters"
    magical = warrior("m", "red", "Monster", wounds=3, traits=["Magical"])
    assert warrior_profile.last_wound_table(game, magical) == "mages"
    assert warrior_profile.last_wound_table(game, warrior("r", "red", mercenary="rhombus", mounted=True)) == "mages"
    reebus = warrior("q", "red", "Warmachine", mercenary="reebus")
    assert warrior_profile.last_wound_table(game, reebus) == "warmachines"
