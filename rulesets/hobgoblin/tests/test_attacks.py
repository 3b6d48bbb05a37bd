"""Attacking: the target number chart, natural 6 and 1, modifiers, re-rolls and placing Doom."""

from __future__ import annotations

from hob_bench import battle, run, unit

from skirmish_hobgoblin import attacks
from skirmish_hobgoblin.attacks import COMBAT, SHOOTING


def _pair(red_kw=(), blue_kw=(), red_type="Light Infantry", blue_type="Light Infantry", **kw):
    return battle([{"name": "A", "type": red_type, "x": 20, "y": 10, "keywords": list(red_kw)}],
                  [{"name": "B", "type": blue_type, "x": 50, "y": 38, "keywords": list(blue_kw)},
                   {"name": "C", "x": 60, "y": 44, "general": False, "battle_standard": False}], **kw)


def test_target_number_chart_every_cell_matches_hidden_stats(ruleset):
    """All 121 printed cells equal clamp(Base(order) - attack + defence, 2, 6) (ruling A60)."""
    order = {"light-infantry": "C", "ranged-infantry": "L", "heavy-infantry": "C", "monstrous-infantry": "C",
             "light-cavalry": "L", "heavy-cavalry": "C", "chariot": "F", "war-wagon": "F", "monster": "F",
             "beasts": "L", "artillery": "F"}
    atk = {"light-infantry": 0, "ranged-infantry": -1, "heavy-infantry": 0, "monstrous-infantry": 1,
           "light-cavalry": 0, "heavy-cavalry": 1, "chariot": 1, "war-wagon": 0, "monster": 2, "beasts": 0,
           "artillery": -1}
    dfn = {"light-infantry": 0, "ranged-infantry": 0, "heavy-infantry": 1, "monstrous-infantry": 1,
           "light-cavalry": 0, "heavy-cavalry": 1, "chariot": 0, "war-wagon": 0, "monster": 1, "beasts": -1,
           "artillery": -1}
    base = {("C", "C"): 4, ("C", "L"): 3, ("C", "F"): 5, ("L", "C"): 5, ("L", "L"): 4, ("L", "F"): 3,
            ("F", "C"): 3, ("F", "L"): 5, ("F", "F"): 4}
    chart = ruleset.chart
    assert len(chart.types) == 11
    for a in chart.types:
        for d in chart.types:
            want = max(2, min(6, base[(order[a], order[d])] - atk[a] + dfn[d]))
            assert chart.target(a, d) == want, (a, d)


def test_natural_six_always_hits_natural_one_always_misses():
    g = _pair(red_type="Ranged Infantry", blue_type="Heavy Infantry")
    a, b = unit(g, "A"), unit(g, "B")
    assert attacks.target_number(g, a, b, COMBAT) == 6
    run(g, lambda g: attacks.attack(g, a, b, 3, COMBAT, "Combat"), dice=[6, 5, 1])
    assert b.doom == 1 - 1 + 0 or b.doom == 0  # Heavy Infantry is Tough [1]: the single hit is ignored
    g2 = _pair(red_type="Monster", blue_type="Light Infantry")
    a2, b2 = unit(g2, "A"), unit(g2, "B")
    assert attacks.target_number(g2, a2, b2, COMBAT) == 2
    run(g2, lambda g: attacks.attack(g, a2, b2, 3, COMBAT, "Combat"), dice=[1, 1, 2])
    assert b2.doom == 1


def test_shooting_cap_of_five_ignores_the_sixth_doom():
    g = _pair()
    a, b = unit(g, "A"), unit(g, "B")
    b.doom = 3
    run(g, lambda g: attacks.attack(g, a, b, 5, SHOOTING, "Shooting"), dice=[6, 6, 6, 6, 6])
    assert b.doom == 5
    run(g, lambda g: attacks.attack(g, a, b, 5, SHOOTING, "Shooting"), dice=[6, 6, 6, 6, 6])
    assert b.doom == 5


def test_skirmishers_take_every_shooting_hit():
    g = _pair(blue_type="Ranged Infantry")
    a, b = unit(g, "A"), unit(g, "B")
    b.doom = 4
    run(g, lambda g: attacks.attack(g, a, b, 5, SHOOTING, "Shooting"), dice=[6, 6, 6, 1, 1])
    assert b.doom == 7


def test_tough_ignores_the_first_close_combat_doom():
    g = _pair(blue_type="Heavy Infantry", blue_kw=["Tough [+1]"])
    a, b = unit(g, "A"), unit(g, "B")
    assert b.value("Tough") == 2
    run(g, lambda g: attacks.attack(g, a, b, 5, COMBAT, "Combat"), dice=[6, 6, 6, 6, 1])
    assert b.doom == 2


def test_elite_and_devastating_charge_stop_at_two_plus():
    g = _pair(red_type="Heavy Cavalry", red_kw=["Elite"])
    a, b = unit(g, "A"), unit(g, "B")
    assert attacks.target_number(g, a, b, COMBAT) == 2  # 3+ on the chart, Elite -1
    a.advanced = 6.0
    assert attacks.target_number(g, a, b, COMBAT) == 2  # Devastating Charge cannot go below 2+
    a.keywords.remove("Elite")
    a.advanced = 5.9
    assert attacks.target_number(g, a, b, COMBAT) == 3
    a.advanced = 6.0
    assert attacks.target_number(g, a, b, COMBAT) == 2


def test_cover_adds_one_and_deadly_shots_takes_one():
    g = _pair(red_type="Ranged Infantry", red_kw=["Deadly Shots"])
    a, b = unit(g, "A"), unit(g, "B")
    assert attacks.target_number(g, a, b, SHOOTING) == 5  # 6+, Deadly Shots
    assert attacks.target_number(g, a, b, SHOOTING, cover=True) == 5  # cover first (max 6), then -1


def test_brutal_rerolls_misses_once():
    g = _pair(red_kw=["Brutal"])
    a, b = unit(g, "A"), unit(g, "B")
    run(g, lambda g: attacks.attack(g, a, b, 3, COMBAT, "Combat"), dice=[1, 2, 6, 4, 3])
    assert b.doom == 2  # 6 hits; the misses 1 and 2 re-rolled to 4 (hit) and 3 (miss)


def test_cursed_rerolls_hits_once():
    g = _pair(red_kw=["Cursed"])
    a, b = unit(g, "A"), unit(g, "B")
    run(g, lambda g: attacks.attack(g, a, b, 3, COMBAT, "Combat"), dice=[6, 5, 1, 2, 4])
    assert b.doom == 1  # 6 and 5 re-rolled to 2 (miss) and 4 (hit)


def test_critical_hits_add_a_hit_per_six():
    g = _pair(red_kw=["Critical Hits"])
    a, b = unit(g, "A"), unit(g, "B")
    run(g, lambda g: attacks.attack(g, a, b, 3, COMBAT, "Combat"), dice=[6, 6, 2])
    assert b.doom == 4


def test_self_destructive_and_merciless_punish_rolled_ones():
    g = _pair(red_kw=["Self-Destructive"], blue_kw=["Merciless"])
    a, b = unit(g, "A"), unit(g, "B")
    run(g, lambda g: attacks.attack(g, a, b, 4, COMBAT, "Combat"), dice=[1, 1, 6, 3])
    assert a.doom == 4  # 2 for Self-Destructive, 2 for Merciless
    run(g, lambda g: attacks.attack(g, a, b, 2, SHOOTING, "Shooting"), dice=[1, 3])
    assert a.doom == 5  # Merciless is close combat only


def test_force_of_will_rerolls_a_miss_for_one_mercury():
    g = _pair()
    a, b = unit(g, "A"), unit(g, "B")
    g.state.sides["red"].mercury = 1
    run(g, lambda g: attacks.attack(g, a, b, 2, COMBAT, "Combat"), dice=[6, 2])
    assert g.pending.kind == "force-of-will"
    g.load_dice([5])
    g.answer("mercury")
    assert g.state.sides["red"].mercury == 0
    assert b.doom == 2


def test_shoot_into_combat_spreads_hits_over_everything_in_the_fight():
    from skirmish_hobgoblin import turns

    d = 60 / 25.4
    g = battle([{"name": "Gun", "type": "Ranged Infantry", "x": 50, "y": 31, "facing": 180,
                 "keywords": ["Shoot into Combat"]},
                {"name": "Friend", "x": 30, "y": 30, "general": False, "battle_standard": False}],
               [{"name": "Foe", "x": 30, "y": 30 + d, "facing": 270}])
    gun, friend, foe = unit(g, "Gun"), unit(g, "Friend"), unit(g, "Foe")
    assert (foe, False) in [(e, c) for e, c in turns.shooting_targets(g, gun)]
    run(g, turns.shoot, gun, foe, dice=[6, 6, 6, 6, 6])
    assert foe.doom == 3 and friend.doom == 2
