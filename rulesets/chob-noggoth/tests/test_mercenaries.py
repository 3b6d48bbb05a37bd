"""The Piggun: one Monster while joined, two riders once its wounds run out."""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from helpers_spells import events, make_game, run, warrior  # noqa: E402

from skirmish_chob_noggoth import attacks, measuring, warrior_profile  # noqa: E402
from skirmish_chob_noggoth.mercenaries import present_count, split_piggun  # noqa: E402
from skirmish_chob_noggoth.state import BERSERK, DEAD, FLED, READY, UNDEPLOYED  # noqa: E402


def piggun(x=18.0, y=12.0, **kw):
    kw.setdefault("rules", ["Hardened"])
    return warrior("pig", "red", "Monster", name="Shirley", x=x, y=y, mercenary="piggun",
                   traits=["Gun", "Hardened", "Terrifying"], cost=8, **kw)


def wound_out(game, n=3):
    run(game, lambda g: attacks.suffer_wounds(g, g.state.warriors["pig"], n, rule="test"))


def halves(game):
    return game.state.warriors["pig-front"], game.state.warriors["pig-back"]


def test_piggun_splits_instead_of_rolling_on_the_monster_table():
    game = make_game([piggun(), warrior("foe", "blue", x=30, y=12)])
    wound_out(game)  # strict dice: no last-wound roll is made
    assert game.state.warriors["pig"].status == DEAD
    assert not events(game, "last-wound") and not events(game, "death")
    split = events(game, "split")
    assert len(split) == 1 and split[0].data["halves"] == ["pig-front", "pig-back"]


def test_piggun_extra_wounds_of_the_same_attack_are_not_passed_on():
    game = make_game([piggun(), warrior("foe", "blue", x=30, y=12)])
    wound_out(game, 5)
    front, back = halves(game)
    assert front.wounds == back.wounds == 2


def test_piggun_front_half_is_a_standard_mounted_brawler():
    game = make_game([piggun(), warrior("foe", "blue", x=30, y=12)])
    wound_out(game)
    front, _ = halves(game)
    assert (front.kind, front.quality, front.mounted, front.status) == ("Brawler", "standard", True, READY)
    assert set(front.rules) == {"Hardened", "Bloodthirsty"} and front.traits == []
    assert (front.wounds, front.max_wounds, front.radius, front.mercenary) == (2, 2, 1.0, "rhombus")
    assert front.side == "red"


def test_piggun_back_half_is_a_standard_mounted_warmachine():
    game = make_game([piggun(), warrior("foe", "blue", x=30, y=12)])
    wound_out(game)
    _, back = halves(game)
    assert (back.kind, back.quality, back.mounted, back.mercenary) == ("Warmachine", "standard", True, "reebus")
    assert set(back.rules) == {"Hardened", "Bloodthirsty"}
    assert (back.wounds, back.radius) == (2, 1.0)


def test_piggun_front_half_last_wound_rolls_on_the_mage_table():
    game = make_game([piggun(), warrior("foe", "blue", x=30, y=12)])
    wound_out(game)
    front, back = halves(game)
    assert warrior_profile.last_wound_table(game, front) == "mages"
    assert warrior_profile.last_wound_table(game, back) == "warmachines"


def test_piggun_halves_stand_touching_where_shirley_stood():
    game = make_game([piggun(), warrior("foe", "blue", x=30, y=12)])
    wound_out(game)
    front, back = halves(game)
    assert measuring.in_contact(front, back) and front.gap(back) == 0
    assert math.isclose((front.x + back.x) / 2, 18) and math.isclose((front.y + back.y) / 2, 12)
    assert front.x > back.x  # the front half faces the closest enemy


def test_piggun_halves_turn_to_stand_clear_of_other_warriors():
    ws = [piggun(), warrior("foe", "blue", x=19.6, y=13.6), warrior("pal", "red", x=16.4, y=10.4)]
    game = make_game(ws)
    wound_out(game)
    front, back = halves(game)
    for half in (front, back):
        for other in ("foe", "pal"):
            o = game.state.warriors[other]
            assert math.hypot(o.x - half.x, o.y - half.y) >= o.radius + half.radius - 1e-6
    assert not events(game, "crowded")


def test_piggun_halves_move_out_of_a_corner_as_little_as_needed():
    game = make_game([piggun(x=1, y=1), warrior("foe", "blue", x=30, y=12)])
    wound_out(game)
    front, back = halves(game)
    for half in (front, back):
        assert 1 - 1e-6 <= half.x <= 35 + 1e-6 and 1 - 1e-6 <= half.y <= 23 + 1e-6
    assert math.isclose(front.gap(back), 0, abs_tol=1e-9)
    assert math.hypot((front.x + back.x) / 2 - 1, (front.y + back.y) / 2 - 1) <= 3
    assert not events(game, "crowded")


def test_piggun_halves_keep_the_bonus_rules_bought_for_it():
    game = make_game([piggun(rules=["Hardened", "Quick Attack"]), warrior("foe", "blue", x=30, y=12)])
    wound_out(game)
    front, back = halves(game)
    assert front.rules == back.rules == ["Hardened", "Bloodthirsty", "Quick Attack"]


def test_piggun_halves_share_the_finger_value():
    game = make_game([piggun(), warrior("foe", "blue", x=30, y=12)])
    wound_out(game)
    front, back = halves(game)
    assert front.cost + back.cost == 8


def test_piggun_halves_have_activated_when_shirley_had():
    game = make_game([piggun(), warrior("foe", "blue", x=30, y=12)])
    game.state.activated.append("pig")
    wound_out(game)
    assert {"pig-front", "pig-back"} <= set(game.state.activated)


def test_piggun_back_half_every_hit_wounds_and_a_six_explodes_it_after_the_attack():
    ws = [piggun(x=5, y=5), warrior("foe", "blue", quality="veteran", x=20, y=20)]
    game = make_game(ws)
    wound_out(game)
    _, back = halves(game)
    foe = game.state.warriors["foe"]

    def shot(g):
        result = attacks.attack(g, back, foe, 3, 2, rule="test", every_hit_wounds=True)
        warrior_profile.after_attack(g, back, result)

    # two hits wound with no saves; the 6 then explodes it: radius 1, the front half takes 1 hit and saves
    game.rng.load([6, 4, 1, 1, 1, 6])
    run(game, shot)
    assert foe.wounds == 1
    assert back.status == DEAD
    assert game.state.warriors["pig-front"].status == READY


def test_piggun_present_count_counts_the_piggun_once():
    ws = [piggun(), warrior("r2", "red", x=5, y=3), warrior("foe", "blue", x=30, y=12)]
    game = make_game(ws)
    assert present_count(game, "red") == 2
    wound_out(game)
    assert present_count(game, "red") == 2


def test_piggun_counts_as_present_while_either_half_remains():
    ws = [piggun(), warrior("r2", "red", x=5, y=3), warrior("foe", "blue", x=30, y=12)]
    game = make_game(ws)
    wound_out(game)
    front, back = halves(game)
    front.status = DEAD
    assert present_count(game, "red") == 2
    back.status = FLED
    assert present_count(game, "red") == 1


def test_present_count_leaves_out_the_lost_and_keeps_drop_troops():
    ws = [warrior("a", "red"), warrior("b", "red", status=UNDEPLOYED), warrior("c", "red", status=BERSERK),
          warrior("d", "red", status=DEAD), warrior("e", "red", status=FLED), warrior("f", "blue")]
    game = make_game(ws)
    assert present_count(game, "red") == 2
    assert present_count(game, "blue") == 1


def test_split_piggun_called_directly_leaves_the_joined_warrior_dead():
    game = make_game([piggun(), warrior("foe", "blue", x=30, y=12)])
    run(game, lambda g: split_piggun(g, g.state.warriors["pig"]))
    assert game.state.warriors["pig"].status == DEAD and game.state.warriors["pig"].wounds == 0
    assert all(h.status == READY for h in halves(game))
