"""Unit and terrain keywords at their moments, with loaded dice."""

from __future__ import annotations

import pytest
from hob_bench import battle, run, unit

from skirmish_hobgoblin import keywords, measuring, moves, stats, turns
from skirmish_hobgoblin.state import Activation

D = 60 / 25.4


def _start(game, u):
    game.state.activation = Activation(u.id, float(stats.speed(u)), (u.x, u.y, u.facing),
                                       [e.id for e in measuring.engaged(game.state, u)])


def test_hero_and_weak_change_strikes():
    g = battle([{"name": "A", "x": 20, "y": 10, "keywords": ["Weak [+2]"], "general": False,
                 "battle_standard": False},
                {"name": "G", "x": 50, "y": 10, "keywords": ["Hero [+1]"]}], [{"name": "B", "x": 20, "y": 40}])
    a, gen = unit(g, "A"), unit(g, "G")
    assert stats.combat_dice(a) == 8 and stats.shooting_dice(a) == 5  # Weak is close combat only
    assert stats.strikes(gen) == 10 + 1 + 2 + 1 and stats.shooting_dice(gen) == 7


def test_swift_and_slow_change_speed_and_immobile_never_moves():
    g = battle([{"name": "A", "x": 20, "y": 10, "keywords": ["Swift [+2]"]},
                {"name": "S", "type": "Heavy Infantry", "x": 40, "y": 10, "keywords": ["Slow [+2]"],
                 "general": False, "battle_standard": False},
                {"name": "Gun", "type": "Artillery", "x": 60, "y": 10, "general": False,
                 "battle_standard": False}], [{"name": "B", "x": 20, "y": 40}])
    assert stats.speed(unit(g, "A")) == 10 and stats.speed(unit(g, "S")) == 4
    assert unit(g, "Gun") not in turns.movable(g, "red")


def test_horde_adds_ten_courage_and_stubborn_one_per_engaged_enemy():
    g = battle([{"name": "A", "x": 20, "y": 20, "type": "Heavy Infantry", "width": 160, "depth": 120,
                 "keywords": ["Horde", "Stubborn"], "general": False, "battle_standard": False},
                {"name": "G", "x": 60, "y": 5}],
               [{"name": "B", "x": 20, "y": 20 + 120 / 50.8 + D / 2, "facing": 270}])
    a = unit(g, "A")
    assert stats.courage(g, a) == 10 + 10 + 1


def test_unruly_gets_no_command():
    g = battle([{"name": "G", "x": 20, "y": 10}, {"name": "U", "x": 30, "y": 10, "keywords": ["Unruly"],
                                                  "general": False, "battle_standard": False}],
               [{"name": "B", "x": 20, "y": 40}])
    assert stats.courage(g, unit(g, "U")) == 10


def test_short_ranged_halves_the_range_and_quick_fire_shoots_without_distraction():
    g = battle([{"name": "R", "type": "Ranged Infantry", "x": 30, "y": 10, "keywords": ["Short-Ranged",
                                                                                       "Quick Fire"]}],
               [{"name": "Near", "x": 30, "y": 20}, {"name": "Far", "x": 45, "y": 30, "general": False,
                                                     "battle_standard": False}])
    r = unit(g, "R")
    assert stats.shot_range(g, r) == 12
    assert [e.name for e, _ in turns.shooting_targets(g, r)] == ["Near"]
    run(g, turns.shoot, r, unit(g, "Near"), dice=[1] * 5)
    assert not r.has(stats.DISTRACTED)


def test_shooting_gives_distracted_and_engaged_units_neither_shoot_nor_are_shot():
    g = battle([{"name": "R", "type": "Ranged Infantry", "x": 30, "y": 10},
                {"name": "F", "x": 50, "y": 30, "general": False, "battle_standard": False}],
               [{"name": "T", "x": 30, "y": 20}, {"name": "E", "x": 50, "y": 30 + D, "facing": 270,
                                                  "general": False, "battle_standard": False}])
    r = unit(g, "R")
    assert [e.name for e, _ in turns.shooting_targets(g, r)] == ["T"]
    assert not turns.can_shoot(g, unit(g, "F"))
    run(g, turns.shoot, r, unit(g, "T"), dice=[1] * 5)
    assert r.has(stats.DISTRACTED)


def test_cowardly_choice_at_the_start_of_the_activation_and_wild_takes_the_doom():
    g = battle([{"name": "C", "x": 20, "y": 10, "keywords": ["Cowardly"], "general": False,
                 "battle_standard": False}, {"name": "G", "x": 60, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    c = unit(g, "C")
    run(g, keywords.movement_start, c)
    assert g.pending.kind == "cowardly"
    g.answer("distracted")
    assert c.has(stats.DISTRACTED) and c.doom == 0
    g2 = battle([{"name": "W", "type": "Beasts", "x": 20, "y": 10, "keywords": ["Cowardly"], "general": False,
                  "battle_standard": False}, {"name": "G", "x": 60, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    w = unit(g2, "W")
    g2.phase = "Movement"
    run(g2, keywords.movement_start, w, dice=[6])
    assert w.doom == 3 and not w.has(stats.DISTRACTED)  # Wild with no Character near: D3 Doom


def test_wild_may_not_retreat_without_a_character_near():
    g = battle([{"name": "W", "type": "Beasts", "x": 20, "y": 10, "general": False, "battle_standard": False},
                {"name": "G", "x": 60, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    w = unit(g, "W")
    g.phase = "Movement"
    _start(g, w)
    assert "Wild" in moves.check(g, w, "retreat", 1.0).error
    g2 = battle([{"name": "W", "type": "Beasts", "x": 20, "y": 10, "general": False, "battle_standard": False},
                 {"name": "G", "x": 28, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    w2 = unit(g2, "W")
    g2.phase = "Movement"
    _start(g2, w2)
    assert not moves.check(g2, w2, "retreat", 1.0).error  # the General is within 4"


def test_berserk_takes_d3_unless_it_advanced_six_towards_a_visible_enemy():
    g = battle([{"name": "Z", "x": 20, "y": 10, "keywords": ["Berserk"], "general": False,
                 "battle_standard": False}, {"name": "G", "x": 60, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    z = unit(g, "Z")
    run(g, keywords.movement_end, dice=[4])
    assert z.doom == 2
    z.advanced_towards = 6.0
    run(g, keywords.movement_end)
    assert z.doom == 2


def test_bloodthirsty_discards_d3_when_an_enemy_in_contact_breaks():
    g = battle([{"name": "A", "x": 20, "y": 20, "keywords": ["Bloodthirsty"], "doom": 4}],
               [{"name": "B", "x": 20, "y": 20 + D, "facing": 270}])
    a, b = unit(g, "A"), unit(g, "B")
    g.load_dice([6])
    stats.add_doom(g, b, 20, "test")
    assert b.has(stats.BROKEN) and a.doom == 1


def test_ravenous_devours_and_feasts_when_no_enemy_is_near():
    g = battle([{"name": "R", "x": 20, "y": 20, "keywords": ["Ravenous"]}],
               [{"name": "B", "x": 20, "y": 20 + D, "facing": 270}, {"name": "F", "x": 60, "y": 44,
                                                                    "general": False, "battle_standard": False}])
    r, b = unit(g, "R"), unit(g, "B")
    stats.add_doom(g, b, 20, "test")
    assert r.has("Devour")
    b.status = "removed"
    _start(g, r)
    run(g, keywords.movement_start, r)
    assert g.state.activation.mp == 0 and not r.has("Devour")


def test_rough_terrain_asks_doom_or_distracted_and_skirmishers_ignore_it():
    rough = {"pieces": [{"kind": "rubble", "rect": [20, 16, 10, 2, 0]}]}
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 44}], layout=rough)
    a = unit(g, "A")
    _start(g, a)
    run(g, turns.perform, a.id, "advance", 4.0)
    assert g.pending.kind == "rough"
    g.answer("doom")
    assert a.doom == 1
    g2 = battle([{"name": "S", "type": "Ranged Infantry", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 44}],
                layout=rough)
    s = unit(g2, "S")
    _start(g2, s)
    run(g2, turns.perform, s.id, "advance", 4.0)
    assert g2.pending.kind == "initiative" and s.doom == 0


def test_perilous_terrain_attacks_once_per_mp_as_a_war_wagon():
    pools = {"pieces": [{"kind": "noxious-pools", "rect": [20, 15, 10, 2, 0]}]}
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 44}], layout=pools)
    a = unit(g, "A")
    _start(g, a)
    run(g, turns.perform, a.id, "advance", 3.0, dice=[3, 2, 6])  # War Wagon hits Light Infantry on 3+
    assert a.doom == 2


def test_impassable_terrain_blocks_and_blocking_terrain_hides():
    tower = {"pieces": [{"kind": "watch-tower", "rect": [20, 20, 4, 4, 0]}]}
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 30}], layout=tower)
    a, b = unit(g, "A"), unit(g, "B")
    _start(g, a)
    assert "Watch Tower" in moves.check(g, a, "advance", 8.0).error
    assert not measuring.has_los(g.state, a, b)


def test_obscuring_terrain_gives_cover_and_large_sees_over_small_things():
    wood = {"pieces": [{"kind": "ruined-building", "rect": [20, 20, 8, 2, 0]}]}
    g = battle([{"name": "A", "type": "Ranged Infantry", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 30}],
               layout=wood)
    a, b = unit(g, "A"), unit(g, "B")
    assert measuring.has_los(g.state, a, b) and measuring.in_cover(g.state, a, b)
    a.keywords.add("Large")
    assert not measuring.in_cover(g.state, a, b)


def test_units_block_sight_unless_large():
    g = battle([{"name": "A", "x": 20, "y": 10}, {"name": "M", "x": 20, "y": 20, "width": 200,
                                                  "general": False, "battle_standard": False}],
               [{"name": "B", "x": 20, "y": 30}])
    a, b = unit(g, "A"), unit(g, "B")
    assert not measuring.has_los(g.state, a, b)
    b.keywords.add("Large")
    assert measuring.has_los(g.state, a, b)


def test_grim_terrain_adds_one_to_panic_once_per_doom_phase():
    stone = {"pieces": [{"kind": "corpse-pile", "rect": [40, 16, 2, 2, 0]}]}
    g = battle([{"name": "A", "x": 40, "y": 10}, {"name": "A2", "x": 47, "y": 10, "general": False,
                                                  "battle_standard": False}], [{"name": "B", "x": 20, "y": 44}],
               layout=stone)
    a, a2 = unit(g, "A"), unit(g, "A2")
    a2.doom = 20
    stats.refresh_all(g)
    run(g, turns._panic_step)
    assert a.doom == 2


def test_arcane_terrain_gives_a_wizard_near_it_a_mercury():
    temple = {"pieces": [{"kind": "abyssal-temple", "rect": [20, 16, 4, 2, 0]}]}
    g = battle([{"name": "A", "x": 20, "y": 10, "keywords": ["Wizard"]}], [{"name": "B", "x": 20, "y": 44}],
               layout=temple)
    assert turns.mercury_income(g, "red") == 20 + 1 + 1


def test_fly_moves_two_inches_per_mp_at_least_twelve_over_units():
    g = battle([{"name": "F", "x": 20, "y": 10, "keywords": ["Flying"]}, {"name": "X", "x": 20, "y": 16,
                                                                        "general": False,
                                                                        "battle_standard": False}],
               [{"name": "B", "x": 50, "y": 44}])
    f = unit(g, "F")
    _start(g, f)
    assert "at least 12" in moves.check(g, f, "fly", 10.0).error
    out = moves.check(g, f, "fly", 14.0)
    assert not out.error and out.cost == 7 and out.end.centre.y == pytest.approx(24.0)
    assert "would pass through X" in moves.check(g, f, "advance", 8.0).error


def test_reinforcements_deploy_at_the_start_of_the_movement_phase_distracted():
    g = battle([{"name": "A", "x": 20, "y": 10}, {"name": "R", "x": 40, "y": 10, "general": False,
                                                  "battle_standard": False}], [{"name": "B", "x": 20, "y": 44}])
    r = unit(g, "R")
    r.status = "reserve"
    r.keywords.add("Reinforcements")
    from skirmish_hobgoblin import deployment

    run(g, deployment.offer_reinforcement, r.id)
    g.answer("deploy")
    assert g.pending.kind == "position"
    g.answer(g.pending.examples[0])
    assert r.in_play and r.has(stats.DISTRACTED)
