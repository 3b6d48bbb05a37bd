"""Melee: impact, who strikes first, the reply, the loser's morale and push-back."""

from __future__ import annotations

from chob_bench import bench, texts, warrior

from skirmish_chob_noggoth import melee
from skirmish_chob_noggoth.state import DEAD, FLED, READY


def pair(**kw_b: object) -> tuple:
    r1 = warrior("r1", "red", x=10, y=10)
    b1 = warrior("b1", "blue", x=11.05, y=10, **kw_b)  # bases touching
    return r1, b1


def test_the_warrior_that_moved_in_strikes_first() -> None:
    r1, b1 = pair()
    game = bench([r1, b1], dice=[6, 6, 5])  # two criticals, then b1 rolls Dead on its last wound
    game.run(lambda g: melee.fight(g, r1, b1, charged=True))
    assert b1.status == DEAD and r1.wounds == 2


def test_quick_attack_strikes_before_the_charger() -> None:
    r1, b1 = pair(rules=["Quick Attack"])
    game = bench([r1, b1], dice=[6, 6, 5])
    game.run(lambda g: melee.fight(g, r1, b1, charged=True))
    assert r1.status == DEAD and b1.wounds == 2


def test_quick_attack_on_both_sides_rolls_off_for_who_strikes_first() -> None:
    r1, b1 = pair(rules=["Quick Attack"])
    r1.rules = ["Quick Attack"]
    game = bench([r1, b1], dice=[2, 5, 6, 6, 5])
    game.run(lambda g: melee.fight(g, r1, b1, charged=True))
    assert r1.status == DEAD
    assert any("roll-off" in t for t in texts(game, "roll-off"))


def test_the_defender_replies_if_it_survives() -> None:
    r1, b1 = pair()
    # r1 misses twice, b1 hits twice (r1 saves 1 fails, 3 holds), r1 loses and holds on 5, pushed 2"
    game = bench([r1, b1], dice=[2, 2, 4, 4, 1, 3, 5, 1, 2])
    game.run(lambda g: melee.fight(g, r1, b1, charged=True))
    assert r1.wounds == 1 and b1.wounds == 2
    assert r1.status == READY and abs(r1.x - 8.0) < 0.2  # pushed 2" directly away from b1


def test_mounted_charge_hits_a_foot_enemy_before_the_melee() -> None:
    r1 = warrior("r1", "red", x=10, y=10, mounted=True)
    b1 = warrior("b1", "blue", x=11.55, y=10)
    # impact: b1 fails its save (1); r1 misses twice; b1 misses twice; b1 lost more wounds, holds (6), pushed 3"
    game = bench([r1, b1], dice=[1, 2, 2, 2, 2, 6, 1, 3])
    game.run(lambda g: melee.fight(g, r1, b1, charged=True))
    assert b1.wounds == 1
    assert any(e.rule == "Mounted Impact" for e in game.log if e.kind == "hits")
    assert abs(b1.x - 14.55) < 0.2


def test_no_impact_hit_on_a_mounted_enemy() -> None:
    r1 = warrior("r1", "red", x=10, y=10, mounted=True)
    b1 = warrior("b1", "blue", x=12.05, y=10, mounted=True)
    game = bench([r1, b1], dice=[2, 2, 2, 2, 6, 1, 1, 1, 1])
    game.run(lambda g: melee.fight(g, r1, b1, charged=True))
    assert not [e for e in game.log if e.rule == "Mounted Impact"]


def test_tied_wounds_roll_off_and_the_loser_of_the_roll_off_loses() -> None:
    r1, b1 = pair()
    # both miss; roll-off r1 6 v b1 1: b1 loses the melee, fails morale (1, 1) and flees
    game = bench([r1, b1], dice=[2, 2, 2, 2, 6, 1, 1, 1])
    game.run(lambda g: melee.fight(g, r1, b1, charged=True))
    assert b1.status == FLED and r1.status == READY


def test_no_morale_or_push_back_when_a_warrior_died() -> None:
    r1, b1 = pair()
    game = bench([r1, b1], dice=[6, 6, 5])
    game.run(lambda g: melee.fight(g, r1, b1, charged=True))
    assert not [e for e in game.log if e.kind in ("morale", "melee-result")]


def test_terrifying_monster_makes_a_non_monster_test_before_attacking() -> None:
    r1 = warrior("r1", "red", x=10, y=10)
    m = warrior("b1", "blue", "Monster", x=11.55, y=10, wounds=3, traits=["Terrifying"])
    game = bench([r1, m], dice=[1, 2])  # r1's nerve fails: it flees without attacking
    game.run(lambda g: melee.fight(g, r1, m, charged=True))
    assert r1.status == FLED and m.wounds == 3


def test_push_back_off_the_table_counts_as_fleeing() -> None:
    r1 = warrior("r1", "red", x=3, y=10)
    b1 = warrior("b1", "blue", x=1.95, y=10)  # b1 is pushed west, toward the edge
    game = bench([r1, b1], dice=[2, 2, 2, 2, 6, 1, 5, 6])  # tie; b1 loses roll-off, holds, pushed 6"
    game.run(lambda g: melee.fight(g, r1, b1, charged=True))
    assert b1.status == FLED


def test_melee_discards_aimed_tokens() -> None:
    r1, b1 = pair()
    r1.aimed = b1.aimed = True
    game = bench([r1, b1], dice=[2, 2, 2, 2, 6, 1, 6, 1, 1])
    game.run(lambda g: melee.fight(g, r1, b1, charged=False))
    assert not r1.aimed and not b1.aimed
