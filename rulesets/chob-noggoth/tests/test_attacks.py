"""Hits, saves, wounds, morale and the last-wound tables, with loaded dice."""

from __future__ import annotations

from chob_bench import bench, texts, warrior

from skirmish_chob_noggoth import attacks
from skirmish_chob_noggoth.state import BERSERK, DEAD, FLED, READY


def test_attack_hits_on_the_type_value_and_natural_six_is_critical() -> None:
    a, t = warrior("r1", "red", "Hunter"), warrior("b1", "blue", "Brawler", quality="veteran")
    game = bench([a, t], dice=[6, 5, 4, 1])  # crit, hit (5+), miss, and the hit's save roll 1 fails
    game.run(lambda g: attacks.attack(g, a, t, 3, 5, rule="Test"))
    assert t.wounds == 1  # one critical (no save) + one failed save
    assert any("hit 5+, rolled 6 5 4: 2 hits (1 critical, no save)" in x for x in texts(game, "attack"))


def test_natural_one_always_misses_whatever_the_modifier() -> None:
    a, t = warrior("r1", "red"), warrior("b1", "blue")
    game = bench([a, t], dice=[1, 1])
    game.run(lambda g: attacks.attack(g, a, t, 2, 2, rule="Test", modifier=+5))
    assert t.wounds == 2


def test_natural_six_hits_even_when_modifiers_push_the_target_past_six() -> None:
    a, t = warrior("r1", "red"), warrior("b1", "blue")
    game = bench([a, t], dice=[6])
    game.run(lambda g: attacks.attack(g, a, t, 1, 6, rule="Test", modifier=-2))
    assert t.wounds == 1


def test_save_passes_on_the_type_value() -> None:
    t = warrior("b1", "blue", "Brawler")
    game = bench([t], dice=[3, 2])
    assert attacks.save(game, t, rule="Test") is True  # Brawler saves on 3+
    assert attacks.save(game, t, rule="Test") is False


def test_hardened_adds_one_to_saves_but_natural_one_fails() -> None:
    t = warrior("b1", "blue", "Hunter", rules=["Hardened"])
    game = bench([t], dice=[4, 1])
    assert attacks.save(game, t, rule="Test") is True  # 4 + 1 >= 5
    assert attacks.save(game, t, rule="Test") is False


def test_monster_saves_by_rolling_above_its_remaining_wounds() -> None:
    m = warrior("b1", "blue", "Monster", wounds=4)
    game = bench([m], dice=[4, 5])
    assert attacks.save(game, m, rule="Test") is False
    assert attacks.save(game, m, rule="Test") is True


def test_wounds_apply_one_at_a_time_and_the_last_rolls_on_the_table() -> None:
    t = warrior("b1", "blue", "Brawler")  # 2 wounds; Warriors table: 5 = Dead
    game = bench([t], dice=[5])
    game.run(lambda g: attacks.suffer_wounds(g, t, 3, rule="Test"))
    assert t.status == DEAD
    assert sum("last wound" in x or "rolls 5" in x for x in texts(game)) >= 1


def test_warriors_table_flesh_wound_keeps_the_last_wound_and_later_wounds_roll_again() -> None:
    t = warrior("b1", "blue", "Brawler", quality="bad")
    game = bench([t], dice=[1, 2, 5])  # flesh wound, flesh wound, dead
    game.run(lambda g: attacks.suffer_wounds(g, t, 3, rule="Test"))
    assert t.status == DEAD
    assert len([e for e in game.log if e.kind == "last-wound"]) == 3


def test_warriors_table_second_wind_restores_all_wounds() -> None:
    t = warrior("b1", "blue", "Hunter", quality="veteran", wounds=1)
    t.max_wounds = 3
    game = bench([t], dice=[3])
    game.run(lambda g: attacks.suffer_wounds(g, t, 1, rule="Test"))
    assert (t.status, t.wounds) == (READY, 3)


def test_warriors_table_last_stand_hits_the_nearest_enemy_within_three_inches() -> None:
    t = warrior("b1", "blue", "Brawler", quality="bad", x=10)
    near = warrior("r1", "red", "Hunter", x=12.5)
    game = bench([t, near], dice=[4, 1])  # last stand, then the enemy's save fails
    game.run(lambda g: attacks.suffer_wounds(g, t, 1, rule="Test"))
    assert t.status == DEAD and near.wounds == 1


def test_warriors_table_butchered_makes_every_ally_test_morale() -> None:
    t = warrior("b1", "blue", "Brawler", quality="bad")
    ally = warrior("b2", "blue", "Hunter", quality="bad", x=20)
    game = bench([t, ally], dice=[6, 4])  # butchered; ally's single morale die 4 fails
    game.run(lambda g: attacks.suffer_wounds(g, t, 1, rule="Test"))
    assert t.status == DEAD and ally.status == FLED


def test_monster_table_berserk_keeps_the_warrior_but_out_of_control() -> None:
    m = warrior("b1", "blue", "Monster", wounds=1)
    game = bench([m], dice=[5])
    game.run(lambda g: attacks.suffer_wounds(g, m, 1, rule="Test"))
    assert m.status == BERSERK and m.wounds == 1


def test_monster_table_spooked_runs_2d6_away_from_the_attacker() -> None:
    m = warrior("b1", "blue", "Berserker", quality="bad", x=18, y=12)
    foe = warrior("r1", "red", x=16, y=12)
    game = bench([m, foe], dice=[4, 3, 4])  # spooked, 2D6 = 7
    game.run(lambda g: attacks.suffer_wounds(g, m, 1, rule="Test", attacker=foe))
    assert m.status == READY and abs(m.x - 25) < 0.2 and abs(m.y - 12) < 1e-6


def test_warmachine_table_explodes_hitting_everyone_in_radius() -> None:
    wm = warrior("b1", "blue", "Warmachine", quality="bad", x=10, y=10)
    near = warrior("r1", "red", "Hunter", x=12.5, y=10)
    far = warrior("r2", "red", "Hunter", x=30, y=10)
    # explodes, radius 3; near takes 2 hits, fails both saves, then rolls 5 (Dead) on its last wound
    game = bench([wm, near, far], dice=[4, 3, 2, 1, 1, 5])
    game.run(lambda g: attacks.suffer_wounds(g, wm, 1, rule="Test"))
    assert wm.status == DEAD and near.status == DEAD
    assert far.wounds == 2 and far.status == READY


def test_mage_table_backlash_hits_the_attacker() -> None:
    mage = warrior("b1", "blue", "Mage", quality="bad")
    foe = warrior("r1", "red", "Hunter", x=20)
    game = bench([mage, foe], dice=[3, 1])
    game.run(lambda g: attacks.suffer_wounds(g, mage, 1, rule="Test", attacker=foe))
    assert mage.status == READY and foe.wounds == 1


def test_heroes_table_heroic_death_makes_allies_pass_every_morale_check() -> None:
    hero = warrior("b1", "blue", "Hero", quality="heroic", wounds=1, roles=["Brawler", "Hunter"])
    ally = warrior("b2", "blue", quality="bad", x=20)
    game = bench([hero, ally], dice=[6])
    game.run(lambda g: attacks.suffer_wounds(g, hero, 1, rule="Test"))
    assert hero.status == DEAD and game.state.sides["blue"].heroic_death
    assert attacks.morale_check(game, ally, rule="Test") is True
    assert not [e for e in game.log if e.kind == "roll" and "morale" in e.text]


def test_hero_acting_as_mage_rolls_which_table_first() -> None:
    hero = warrior("b1", "blue", "Hero", quality="heroic", wounds=1, roles=["Brawler", "Mage"], role="Mage")
    game = bench([hero], dice=[5, 3])  # 4-6: Mages table; 3 = Backlash (no attacker)
    game.run(lambda g: attacks.suffer_wounds(g, hero, 1, rule="Test"))
    assert hero.status == READY
    assert any("Mages table" in x for x in texts(game, "last-wound"))


def test_heroes_table_blame_game_shoves_the_closest_ally_into_the_way() -> None:
    hero = warrior("b1", "blue", "Hero", quality="heroic", wounds=1, roles=["Brawler", "Hunter"], x=10)
    ally = warrior("b2", "blue", "Brawler", x=14)
    game = bench([hero, ally], dice=[3, 1])  # blame game; ally fails its save
    game.run(lambda g: attacks.suffer_wounds(g, hero, 1, rule="Test"))
    assert hero.status == READY and ally.wounds == 1
    assert abs(ally.gap(hero)) < 0.1


def test_blame_game_with_no_ally_within_six_inches_kills_the_hero() -> None:
    hero = warrior("b1", "blue", "Hero", quality="heroic", wounds=1, roles=["Brawler", "Hunter"], x=5)
    ally = warrior("b2", "blue", "Brawler", x=20)
    game = bench([hero, ally], dice=[3])
    game.run(lambda g: attacks.suffer_wounds(g, hero, 1, rule="Test"))
    assert hero.status == DEAD and ally.wounds == 2


def test_morale_holds_on_any_five_or_six() -> None:
    w = warrior("r1", "red", quality="standard")
    game = bench([w], dice=[1, 5])
    assert attacks.morale_check(game, w, rule="Test") is True


def test_morale_failure_flees() -> None:
    w = warrior("r1", "red", quality="veteran")
    game = bench([w], dice=[4, 4, 1])
    assert attacks.morale_check(game, w, rule="Test") is False
    assert w.status == FLED


def test_monsters_never_test_morale_even_for_divine_intervention() -> None:
    m = warrior("r1", "red", "Monster", wounds=3)
    game = bench([m])
    assert attacks.morale_check(game, m, rule="Test", divine=True) is True
    assert game.rng.rolls == 0


def test_fearless_ignores_morale_except_divine_intervention() -> None:
    w = warrior("r1", "red", quality="bad", rules=["Fearless"])
    game = bench([w], dice=[2])
    assert attacks.morale_check(game, w, rule="Test") is True
    assert game.rng.rolls == 0
    assert attacks.morale_check(game, w, rule="Test", divine=True) is False


def test_big_hand_failure_is_a_wound_not_fleeing() -> None:
    w = warrior("r1", "red", quality="standard")
    game = bench([w], dice=[1, 2])
    attacks.morale_check(game, w, rule="Test", divine=True, big_hand=True)
    assert w.status == READY and w.wounds == 1


def test_a_hit_removes_the_aimed_token_even_if_saved() -> None:
    a, t = warrior("r1", "red"), warrior("b1", "blue", "Hunter")
    t.aimed = True
    game = bench([a, t], dice=[4, 6])  # hit (Brawler hits 3+ in this call), save 6
    game.run(lambda g: attacks.attack(g, a, t, 1, 3, rule="Test"))
    assert t.wounds == 2 and not t.aimed


def test_parry_wounds_the_attacker_for_each_natural_one_in_melee() -> None:
    a, t = warrior("r1", "red", quality="veteran"), warrior("b1", "blue", rules=["Parry"])
    game = bench([a, t], dice=[1, 1, 2])
    game.run(lambda g: attacks.attack(g, a, t, 3, 3, rule="Test", melee=True))
    assert a.wounds == 1 and t.wounds == 2


def test_last_stand_parting_hit_resolves_before_the_warrior_is_removed() -> None:
    t = warrior("b1", "blue", "Brawler", quality="bad", x=10)
    near = warrior("r1", "red", "Hunter", quality="bad", x=12.5)
    # b1: Last Stand (4); r1 fails its save (1) and rolls Last Stand too (4): its closest enemy
    # within 3" is the dying b1, still on the table, so nobody else is hit; then both die
    game = bench([t, near], dice=[4, 1, 4])
    game.run(lambda g: attacks.suffer_wounds(g, t, 1, rule="Test"))
    kinds = [(e.kind, e.data.get("target")) for e in game.log if e.kind in ("hits", "death")]
    assert kinds.index(("hits", "r1")) < kinds.index(("death", "b1"))
    assert t.status == DEAD and near.status == DEAD


def test_last_stand_with_no_enemy_in_reach_just_dies() -> None:
    t = warrior("b1", "blue", "Brawler", quality="bad", x=10)
    far = warrior("r1", "red", "Hunter", x=14.5)
    game = bench([t, far], dice=[4])
    game.run(lambda g: attacks.suffer_wounds(g, t, 1, rule="Test"))
    assert t.status == DEAD and far.wounds == 2
    assert any("no enemy within 3" in x for x in texts(game, "last-stand"))
