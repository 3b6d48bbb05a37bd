"""Moves and Actions steps: options offered, moving, shooting, Aimed, Boomstick, Healer, Drop Troops, Berserk."""

from __future__ import annotations

from chob_bench import bench, texts, warrior

from skirmish_chob_noggoth import measuring, turns
from skirmish_chob_noggoth.state import BERSERK, DEAD, READY, UNDEPLOYED, Piece


def values(game, player="red", what="moves"):
    return [o.value for o in turns.activation_options(game, player, what)]


def test_a_warrior_moves_four_inches_and_mounted_five() -> None:
    foot = warrior("r1", "red", x=5, y=5)
    horse = warrior("r2", "red", x=5, y=15, mounted=True)
    game = bench([foot, horse, warrior("b1", "blue", x=30, y=20)])
    assert measuring.move_problem(game.state, foot, 9, 5, 4) is None
    assert "can move 4" in measuring.move_problem(game.state, foot, 9.5, 5, 4)
    from skirmish_chob_noggoth import warrior_profile

    assert warrior_profile.move_allowance(game, horse) == 5 and warrior_profile.move_allowance(game, foot) == 4
    assert warrior_profile.move_allowance(game, horse, "action") == 3
    assert warrior_profile.move_allowance(game, foot, "action") == 2


def test_no_moving_through_another_warrior_but_winged_may() -> None:
    mover = warrior("r1", "red", x=5, y=10)
    blocker = warrior("b1", "blue", x=7, y=10)
    game = bench([mover, blocker])
    assert "blocked" in measuring.move_problem(game.state, mover, 9, 10, 4)
    assert measuring.move_problem(game.state, mover, 9, 10, 4, fly=True) is None


def test_blocking_terrain_is_impassable() -> None:
    mover = warrior("r1", "red", x=5, y=10)
    rock = Piece("t1", "rock", "blocking", "rect", 7, 10, 1, 4)
    game = bench([mover, warrior("b1", "blue", x=30, y=20)], pieces=[rock])
    assert measuring.move_problem(game.state, mover, 9, 10, 4) is not None


def test_a_charge_option_is_offered_for_a_reachable_enemy_and_starts_a_melee_at_once() -> None:
    r1 = warrior("r1", "red", x=10, y=10)
    b1 = warrior("b1", "blue", x=13, y=10)
    game = bench([r1, b1], dice=[6, 6, 5])
    assert "r1|charge|b1" in values(game)
    game.run(lambda g: turns.perform(g, r1, "charge", "b1", "moves"))
    assert measuring.in_contact(r1, b1) or b1.status == DEAD
    assert b1.status == DEAD


def test_an_enemy_beyond_reach_offers_an_advance_not_a_charge() -> None:
    game = bench([warrior("r1", "red", x=5, y=10), warrior("b1", "blue", x=20, y=10)])
    opts = values(game)
    assert "r1|charge|b1" not in opts and "r1|advance|b1" in opts


def test_move_to_point_is_a_form_that_explains_refusals() -> None:
    r1 = warrior("r1", "red", x=5, y=10)
    game = bench([r1, warrior("b1", "blue", x=30, y=10)])
    game.run(lambda g: turns.perform(g, r1, "point", "", "moves"))
    d = game.pending
    assert d.kind == "move-to"
    _, why = d.check(game, {"x": 8.5, "y": 13.5})
    assert why is not None and "can move 4" in why
    game.answer({"x": 7, "y": 12})
    assert (r1.x, r1.y) == (7, 12)


def test_shoot_options_need_range_and_sight() -> None:
    hunter = warrior("r1", "red", "Hunter", x=5, y=10)
    near = warrior("b1", "blue", x=20, y=10)
    far = warrior("b2", "blue", x=5, y=40 - 16)  # 13" away: in range
    hidden = warrior("b3", "blue", x=5, y=2)
    wall = Piece("t1", "wall", "blocking", "rect", 5, 5, 6, 1)
    game = bench([hunter, near, far, hidden], pieces=[wall])
    opts = values(game, what="actions")
    assert "r1|shoot|b1" in opts and "r1|shoot|b2" in opts
    assert "r1|shoot|b3" not in opts  # behind the wall


def test_skirmisher_range_is_twelve_inches_measured_base_to_base() -> None:
    sk = warrior("r1", "red", "Skirmisher", x=5, y=10)
    inside = warrior("b1", "blue", x=17.9, y=10)  # gap 11.9
    outside = warrior("b2", "blue", x=5, y=22.6)  # gap 11.6 -> inside too
    beyond = warrior("b3", "blue", x=30, y=10)
    game = bench([sk, inside, outside, beyond])
    opts = values(game, what="actions")
    assert "r1|shoot|b1" in opts and "r1|shoot|b3" not in opts


def test_cover_from_area_terrain_takes_one_from_the_hit_rolls() -> None:
    hunter = warrior("r1", "red", "Hunter", x=5, y=10)
    target = warrior("b1", "blue", x=15, y=10)
    bush = Piece("t1", "bush", "area", "rect", 10, 10, 2, 2)
    game = bench([hunter, target], pieces=[bush], dice=[5, 5])  # 5s miss at 5+ with cover
    game.run(lambda g: turns.shoot(g, hunter, target))
    assert target.wounds == 2
    assert any("(-1)" in t for t in texts(game, "attack"))


def test_mages_always_see_and_ignore_cover() -> None:
    mage = warrior("r1", "red", "Mage", x=5, y=10)
    target = warrior("b1", "blue", x=30, y=10)
    wall = Piece("t1", "wall", "blocking", "rect", 15, 10, 2, 8)
    game = bench([mage, target], pieces=[wall])
    assert "r1|shoot|b1" in values(game, what="actions")


def test_no_shooting_while_in_base_contact_with_an_enemy() -> None:
    hunter = warrior("r1", "red", "Hunter", x=5, y=10)
    touching = warrior("b1", "blue", x=6.05, y=10)
    other = warrior("b2", "blue", x=15, y=10)
    game = bench([hunter, touching, other])
    opts = values(game, what="actions")
    assert not [o for o in opts if "|shoot|" in o]
    assert "r1|fight|b1" in opts


def test_no_shooting_at_an_enemy_in_base_contact_with_an_ally() -> None:
    hunter = warrior("r1", "red", "Hunter", x=5, y=5)
    ally = warrior("r2", "red", x=15, y=10)
    target = warrior("b1", "blue", x=16.05, y=10)
    game = bench([hunter, ally, target])
    assert "r1|shoot|b1" not in values(game, what="actions")


def test_doing_nothing_in_an_actions_step_takes_aim_and_the_token_adds_one() -> None:
    hunter = warrior("r1", "red", "Hunter", x=5, y=10)
    target = warrior("b1", "blue", x=15, y=10)
    game = bench([hunter, target], dice=[4, 4, 6, 6])
    game.run(lambda g: turns.finish_step(g, "red", "actions"))
    assert hunter.aimed
    game.run(lambda g: turns.shoot(g, hunter, target))  # 4 + 1 = 5: two hits; saves 6, 6
    assert not hunter.aimed
    assert any("2 hits" in t for t in texts(game, "attack"))


def test_moving_discards_the_aimed_token() -> None:
    hunter = warrior("r1", "red", "Hunter", x=5, y=10)
    hunter.aimed = True
    game = bench([hunter, warrior("b1", "blue", x=30, y=10)])
    game.run(lambda g: turns.move_to(g, hunter, 6, 10, kind="move"))
    assert not hunter.aimed


def test_blast_em_round_allows_only_shooting_and_casting() -> None:
    hunter = warrior("r1", "red", "Hunter", x=5, y=10)
    game = bench([hunter, warrior("b1", "blue", x=15, y=10)], round_roll=1)
    opts = values(game, what="actions")
    assert "r1|shoot|b1" in opts
    assert not [o for o in opts if "|a" in o and o.split("|")[1].startswith("a")]


def test_boomstick_is_six_dice_hitting_on_four_once_per_game() -> None:
    r1 = warrior("r1", "red", x=5, y=10, rules=["Boomstick"])
    b1 = warrior("b1", "blue", "Hunter", quality="veteran", x=9, y=10)
    game = bench([r1, b1], dice=[4, 4, 3, 3, 3, 3, 1, 1])
    assert "r1|boomstick|b1" in values(game, what="actions")
    game.run(lambda g: turns.boomstick(g, r1, b1))
    assert b1.wounds == 1 and r1.boomstick_used
    assert "r1|boomstick|b1" not in values(game, what="actions")


def test_healer_heals_an_ally_in_contact_without_saves() -> None:
    healer = warrior("r1", "red", x=5, y=10, rules=["Healer"])
    hurt = warrior("r2", "red", "Hunter", quality="veteran", x=6.05, y=10, wounds=1)
    hurt.max_wounds = 3
    game = bench([healer, hurt, warrior("b1", "blue", x=30, y=10)], dice=[3, 6])
    assert "r1|heal|r2" in values(game, what="actions")
    game.run(lambda g: turns.heal(g, healer, hurt))
    assert hurt.wounds == 3


def test_drop_troops_arrive_at_their_first_step_and_die_on_a_one() -> None:
    lucky = warrior("r1", "red", x=0, y=0, rules=["Drop Troops"], status=UNDEPLOYED)
    unlucky = warrior("r2", "red", x=0, y=0, rules=["Drop Troops"], status=UNDEPLOYED)
    game = bench([lucky, unlucky, warrior("b1", "blue", x=20, y=20)], dice=[4, 1])
    game.run(lambda g: turns.drop_troops(g, "red"))
    assert game.pending.kind == "place"
    _, why = game.pending.check(game, {"x": 20.5, "y": 20})
    assert why is not None and "b1" in why
    game.answer({"x": 10, "y": 10})
    assert lucky.status == READY and (lucky.x, lucky.y) == (10, 10)
    assert unlucky.status == DEAD


def test_a_berserk_warrior_charges_the_closest_warrior_of_either_side() -> None:
    mad = warrior("r1", "red", "Berserker", x=10, y=10, status=BERSERK)
    friend = warrior("r2", "red", x=12.5, y=10)
    foe = warrior("b1", "blue", x=20, y=10)
    game = bench([mad, friend, foe], dice=[6, 6, 5])
    game.run(lambda g: turns.berserkers_act(g, "red", "moves"))
    assert friend.status == DEAD and foe.wounds == 2


def test_ending_a_step_gives_aim_only_to_warriors_that_can_shoot() -> None:
    hunter = warrior("r1", "red", "Hunter", x=5, y=10)
    brawler = warrior("r2", "red", x=5, y=15)
    game = bench([hunter, brawler, warrior("b1", "blue", x=30, y=10)])
    game.run(lambda g: turns.activated(g, "end", "red", "actions"))
    assert hunter.aimed and not brawler.aimed


def test_longshot_gives_a_melee_warrior_a_six_inch_shot() -> None:
    brute = warrior("r1", "red", x=5, y=10, rules=["Longshot"])
    game = bench([brute, warrior("b1", "blue", x=11, y=10), warrior("b2", "blue", x=20, y=10)])
    opts = values(game, what="actions")
    assert "r1|shoot|b1" in opts and "r1|shoot|b2" not in opts


def test_blast_em_offers_no_melee_to_warriors_still_in_contact() -> None:
    r1 = warrior("r1", "red", x=10, y=10)
    b1 = warrior("b1", "blue", x=11.05, y=10)  # bases touching
    hunter = warrior("r2", "red", "Hunter", x=5, y=20)
    game = bench([r1, b1, hunter, warrior("b2", "blue", x=15, y=20)], round_roll=1)
    opts = values(game, what="actions")
    assert not [o for o in opts if "|fight|" in o]
    assert "r2|shoot|b2" in opts
    game.state.round_roll = 2  # a Standard round: the pair may fight in an Actions step
    assert "r1|fight|b1" in values(game, what="actions")


def test_berserk_warriors_stay_put_in_a_blast_em_round() -> None:
    mad = warrior("r1", "red", x=10, y=10, status=BERSERK)
    b1 = warrior("b1", "blue", x=11.05, y=10)
    game = bench([mad, b1, warrior("r2", "red", x=30, y=2)], round_roll=1)
    game.run(lambda g: turns.berserkers_act(g, "red", "actions"))
    assert not [e for e in game.log if e.kind == "melee"]
