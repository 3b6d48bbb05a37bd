"""One test (or a few) per rule, with loaded dice. Read README.md for the rules themselves."""

from __future__ import annotations

import pytest

from skirmish import IllegalAnswer, parse_answer
from skirmish_tavern_brawl.state import card_kind


def labels(game):
    return [o.label for o in game.pending.options]


def kinds(cards):
    return [card_kind(c) for c in cards]


# -- Round order -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("die", "order"), [(1, ["last-orders", "brawl", "patch-up"]),
                                            (4, ["brawl", "patch-up", "last-orders"]),
                                            (5, ["patch-up", "last-orders", "brawl"])])
def test_round_order_is_rolled_on_the_barkeeps_die(make_game, die, order):
    game = make_game(dice=[die])
    assert game.state.order == order
    rounds = [e for e in game.log if e.kind == "round"]
    assert rounds[0].data["order"] == order
    assert any(e.kind == "roll" and e.rule == "Round Order" and e.data["value"] == die for e in game.log)


def test_first_seat_moves_on_each_round(make_game):
    game = make_game(dice=[3, 3], ale={"Red": 0, "Blue": 0})
    assert game.pending.player == "Red"
    game.answer("pass", "Red")
    game.answer("pass", "Blue")
    assert game.round == 2 and game.pending.player == "Blue"


# -- Set-up and Last Orders --------------------------------------------------------------------------
def test_set_up_deals_three_hidden_cards_and_one_ale(make_game):
    game = make_game()
    for b in game.state.brawlers.values():
        assert len(b.hand) == 3 and b.ale == 1 and b.bruises == 0
    assert len(game.state.deck) == 27 - 6


def test_last_orders_draws_a_card_and_gains_ale(make_game):
    game = make_game(["smith", "pickpocket"], dice=[1])  # last-orders first
    assert [len(b.hand) for b in game.state.brawlers.values()] == [4, 4]
    assert [b.ale for b in game.state.brawlers.values()] == [2, 2]


def test_hard_drinker_gains_one_more_ale(make_game):
    game = make_game(["smith", "cooper"], dice=[1])
    assert game.state.brawlers["Blue"].ale == 3


def test_ale_is_capped_at_three(make_game):
    game = make_game(["smith", "cooper"], dice=[1], ale={"Blue": 2})
    assert game.state.brawlers["Blue"].ale == 3


def test_hand_limit_discards_face_up(make_game):
    game = make_game(hands={"Red": ["stool", "duck", "trip", "tankard", "bottle"]}, dice=[1])
    assert game.pending.kind == "discard" and game.pending.player == "Red"
    game.answer("stool", "Red")
    red = game.state.brawlers["Red"]
    assert len(red.hand) == 5 and "stool" not in kinds(red.hand)
    assert card_kind(game.state.deck.discard_pile[0]) == "stool"
    shown = [e for e in game.log.for_player("Blue") if e.kind == "discard"]
    assert shown and "Bar Stool" in shown[0].text


# -- Attacks: pools, targets, re-rolls --------------------------------------------------------------
def test_punch_rolls_brawn_dice_hitting_on_five(make_game):
    game = make_game(ale={"Red": 0}, dice=[3, 5, 4, 6])
    assert "punch Blue (3 dice, 5+)" in labels(game)
    game.answer("punch:Blue", "Red")
    assert game.state.brawlers["Blue"].bruises == 2
    assert game.state.brawlers["Red"].glory == 2
    assert game.pending.player == "Blue"  # an attack ends the turn


def test_attack_card_adds_dice_and_sets_the_target(make_game):
    game = make_game(["cooper", "smith"], hands={"Red": ["tankard"]}, ale={"Red": 0}, dice=[3, 4, 3, 1, 6])
    assert "Flying Tankard at Blue (4 dice, 4+)" in labels(game)
    game.answer("tankard:Blue", "Red")
    assert game.state.brawlers["Blue"].bruises == 2
    assert "tankard" in kinds(game.state.deck.discard_pile)


def test_strong_adds_dice_to_thrown_things_only(make_game):
    game = make_game(["smith", "cooper"], hands={"Red": ["stool", "bottle"]})
    assert "Bar Stool at Blue (6 dice, 5+)" in labels(game)  # 3 brawn + 2 + Strong 1
    assert "Broken Bottle at Blue (3 dice, 3+)" in labels(game)  # a bottle is not thrown


def test_dutch_courage_rerolls_missed_dice_for_ale(make_game):
    game = make_game(ale={"Red": 2}, dice=[3, 1, 2, 5, 6, 6])
    game.answer("punch:Blue", "Red")
    d = game.pending
    assert d.kind == "reroll" and d.is_form and d.examples == ({"dice": 0}, {"dice": 2})
    game.answer(parse_answer(d, "dice=2"), "Red")
    assert game.state.brawlers["Red"].ale == 0
    assert game.state.brawlers["Blue"].bruises == 3
    assert game.state.stats["rerolls"] == 2


def test_dutch_courage_refusals_say_why(make_game):
    game = make_game(ale={"Red": 1}, dice=[3, 1, 2, 5])
    game.answer("punch:Blue", "Red")
    with pytest.raises(IllegalAnswer, match="only 2 missed dice can be re-rolled"):
        game.answer({"dice": 3}, "Red")
    with pytest.raises(IllegalAnswer, match="you have only 1 ale"):
        game.answer({"dice": 2}, "Red")
    with pytest.raises(IllegalAnswer, match="between 0 and 3"):
        game.answer({"dice": 4}, "Red")
    game.answer({"dice": 0}, "Red")
    assert game.state.brawlers["Blue"].bruises == 1


def test_each_die_is_rerolled_at_most_once(make_game):
    game = make_game(["bard", "cooper"], ale={"Red": 3}, dice=[3, 1, 2, 6, 3])  # Lucky re-rolls the 1 into a 3
    game.answer("punch:Blue", "Red")
    assert game.state.attack.dice == [3, 2, 6] and game.state.attack.rerolled == [0]
    with pytest.raises(IllegalAnswer, match="only 1 missed die"):
        game.answer({"dice": 2}, "Red")


def test_lucky_rerolls_one_miss_free(make_game):
    game = make_game(["bard", "cooper"], ale={"Red": 0}, dice=[3, 5, 2, 1, 6])
    game.answer("punch:Blue", "Red")
    assert game.state.brawlers["Blue"].bruises == 2  # 5, 2->6, 1
    assert any(e.rule == "Lucky" and e.kind == "roll" for e in game.log)


def test_thick_skull_ignores_the_first_hit(make_game):
    game = make_game(["smith", "bouncer"], ale={"Red": 0}, dice=[3, 5, 6, 2])
    game.answer("punch:Blue", "Red")
    assert game.state.brawlers["Blue"].bruises == 1
    assert game.state.brawlers["Red"].glory == 1


def test_nimble_raises_the_target(make_game):
    game = make_game(["smith", "pickpocket"], ale={"Red": 0}, dice=[3, 5, 6, 6])
    assert "punch Blue (3 dice, 6+)" in labels(game)
    game.answer("punch:Blue", "Red")
    assert game.state.brawlers["Blue"].bruises == 2


def test_a_six_always_hits(make_game):
    game = make_game(["smith", "pickpocket"], hands={"Blue": ["duck", "trip"]}, ale={"Red": 0, "Blue": 0},
                     dice=[3, 3, 6, 5, 6])
    game.answer("pass", "Red")
    game.answer("pass", "Blue")
    assert game.round == 2 and game.pending.player == "Blue"  # Blue acts first in round 2
    game.answer("duck", "Blue")
    game.answer("trip:Red", "Blue")
    game.answer("pass", "Blue")
    # 5 for a punch, +1 Nimble, +1 Ducking, +1 Tripped = 8: a six still hits
    assert "punch Blue (3 dice, 6+)" in labels(game)
    game.answer("punch:Blue", "Red")
    game.answer({"dice": 0}, "Red")
    assert game.state.brawlers["Blue"].bruises == 2


# -- Tricks --------------------------------------------------------------------------------------------
def test_duck_lasts_until_the_end_of_the_round(make_game):
    game = make_game(hands={"Red": ["duck"]}, ale={"Red": 0, "Blue": 0}, dice=[3, 3])
    game.answer("duck", "Red")
    assert game.pending.player == "Red" and "duck" not in [o.value for o in game.pending.options]  # still Red's turn
    assert "Ducking" in game.state.brawlers["Red"].keywords
    game.answer("pass", "Red")
    assert "punch Red (3 dice, 6+)" in labels(game)
    game.answer("pass", "Blue")
    assert game.round == 2
    assert "Ducking" not in game.state.brawlers["Red"].keywords


def test_trip_makes_the_victims_attacks_harder(make_game):
    game = make_game(hands={"Red": ["trip"]}, ale={"Red": 0, "Blue": 0})
    game.answer("trip:Blue", "Red")
    game.answer("pass", "Red")
    assert "punch Red (3 dice, 6+)" in labels(game)


def test_another_round_gains_two_ale_up_to_the_cap(make_game):
    game = make_game(hands={"Red": ["another-round"]}, ale={"Red": 2})
    game.answer("another-round", "Red")
    assert game.state.brawlers["Red"].ale == 3


def test_cold_steak_heals_two_bruises(make_game):
    game = make_game(hands={"Red": ["cold-steak"]}, bruises={"Red": 3})
    game.answer("cold-steak", "Red")
    assert game.state.brawlers["Red"].bruises == 1


def test_played_cards_are_revealed_and_discarded(make_game):
    game = make_game(hands={"Red": ["stool"]}, ale={"Red": 0}, dice=[3, 1, 1, 1, 1, 1, 1])
    game.answer("stool:Blue", "Red")
    played = [e for e in game.log.for_player("Blue") if e.kind == "play"]
    assert played[0].text == "Red plays Bar Stool at Blue"
    assert game.state.stats["cards_played"] == 1


def test_pass_ends_the_turn(make_game):
    game = make_game()
    game.answer("pass", "Red")
    assert game.pending.player == "Blue"


# -- Patch-up ------------------------------------------------------------------------------------------
def test_patch_up_drinks_ale_to_heal_bruises(make_game):
    game = make_game(bruises={"Red": 2}, ale={"Red": 2}, dice=[5])  # patch-up first
    assert game.pending.kind == "patch-up" and [o.value for o in game.pending.options] == [0, 1, 2]
    game.answer(2, "Red")
    red = game.state.brawlers["Red"]
    assert red.bruises == 0 and red.ale == 0 + 1  # and 1 from Last Orders, which comes next


def test_patch_up_is_not_asked_without_bruises(make_game):
    game = make_game(dice=[5])
    assert game.pending.kind == "action"


# -- Knock-outs and the end -------------------------------------------------------------------------
def test_last_brawler_standing_wins(make_game):
    game = make_game(bruises={"Blue": 5}, ale={"Red": 0}, dice=[3, 6, 1, 1])
    game.answer("punch:Blue", "Red")
    assert game.over
    assert game.result.winners == ("Red",) and game.result.reason == "last brawler standing"
    assert game.result.scores == {"Red": 1 + 3, "Blue": 0}


def test_knocked_out_brawler_drops_cards_and_loses_turns(make_game):
    game = make_game(["smith", "cooper", "bard"], hands={"Blue": ["duck", "trip"]}, bruises={"Blue": 5},
                     ale={"Red": 0}, dice=[3, 6, 1, 1])
    game.answer("punch:Blue", "Red")
    assert not game.over and game.state.brawlers["Blue"].out
    assert game.pending.player == "Green"  # Blue's turn is skipped
    assert len(game.state.brawlers["Blue"].hand) == 0
    assert {"duck", "trip"} <= set(kinds(game.state.deck.discard_pile))
    assert "punch Blue" not in " ".join(labels(game))


def test_the_watch_ends_the_brawl_most_glory_wins(make_game):
    game = make_game(rounds=1, ale={"Red": 0, "Blue": 0}, dice=[3, 6, 1, 1])
    game.answer("punch:Blue", "Red")
    game.answer("pass", "Blue")
    game.answer(0, "Blue")  # Patch-up: Blue keeps the ale
    assert game.over and game.result.winners == ("Red",) and game.result.rule == "The Watch"


def test_the_watch_ties_share_the_win(make_game):
    game = make_game(rounds=1, ale={"Red": 0, "Blue": 0})
    game.answer("pass", "Red")
    game.answer("pass", "Blue")
    assert game.result.winners == ("Red", "Blue")


def test_summary_counts_the_brawl(make_game):
    game = make_game(bruises={"Blue": 5}, ale={"Red": 0}, dice=[3, 6, 1, 1])
    game.answer("punch:Blue", "Red")
    assert game.ruleset.summary(game) == {"knockouts": 1.0, "cards_played": 0.0, "rerolls": 0.0, "bruises": 1.0}
