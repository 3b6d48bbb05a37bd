"""Fortune Cards: the deck, hidden hands, and cards at their moments."""

from __future__ import annotations

from hob_bench import battle, run, unit

from skirmish_hobgoblin import attacks, fortune, stats, turns


def _give(game, player, card):
    cid = f"card:{card}:1"
    deck = game.state.deck
    for pile in (deck.draw_pile, deck.discard_pile):
        if cid in pile:
            pile.remove(cid)
    for side in game.state.sides.values():
        if cid in side.hand.cards:
            side.hand.cards.remove(cid)
    game.state.sides[player].hand.cards.append(cid)
    return cid


def test_the_deck_holds_two_of_each_of_24_cards(ruleset):
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}], cards=True)
    state = g.state
    everything = state.deck.all_cards() + [c for s in state.sides.values() for c in s.hand.cards]
    assert len(everything) == 48 and len(set(fortune.card_key(c) for c in everything)) == 24
    assert all(len(s.hand.cards) == 4 + 1 for s in state.sides.values())  # 4 at set-up, 1 in round 1


def test_hands_are_hidden_from_the_other_player(ruleset):
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}], cards=True)
    assert ruleset.view(g, "blue")["sides"]["red"]["hand"] == 5
    assert ruleset.view(g, "red")["sides"]["red"]["hand"] == g.state.sides["red"].hand.cards


def test_empty_deck_and_discards_give_mercury_instead():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    g.state.deck.draw_pile.clear()
    g.state.deck.discard_pile.clear()
    run(g, fortune.draw, "red", 2)
    assert g.state.sides["red"].mercury == 2


def test_enchanted_shield_cancels_a_hit():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    a, b = unit(g, "A"), unit(g, "B")
    cid = _give(g, "blue", "enchanted-shield")
    run(g, lambda g: attacks.attack(g, a, b, 3, attacks.COMBAT, "Combat"), dice=[6, 6, 6])
    assert g.pending.kind == "respond" and g.pending.player == "blue"
    g.answer(f"play {cid} on {b.id}")
    assert b.doom == 2


def test_tattered_banner_halves_hits_rounding_up():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    a, b = unit(g, "A"), unit(g, "B")
    cid = _give(g, "blue", "tattered-banner")
    run(g, lambda g: attacks.attack(g, a, b, 5, attacks.COMBAT, "Combat"), dice=[6, 6, 6, 6, 6])
    g.answer(f"play {cid} on {b.id}")
    assert b.doom == 3


def test_against_all_odds_keeps_a_broken_unit_in_play():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    a = unit(g, "A")
    a.doom = 20
    stats.refresh(g, a)
    cid = _give(g, "red", "against-all-odds")
    run(g, fortune.any_time, "test")
    g.answer(f"play {cid} on {a.id}")
    run(g, turns._remove_broken)
    assert a.in_play


def test_healing_potion_discards_d3_doom():
    g = battle([{"name": "A", "x": 20, "y": 10, "doom": 4}], [{"name": "B", "x": 20, "y": 40}])
    a = unit(g, "A")
    cid = _give(g, "red", "healing-potion")
    run(g, fortune.any_time, "test")
    g.load_dice([5])
    g.answer(f"play {cid} on {a.id}")
    assert a.doom == 1


def test_hopelessness_adds_d3_after_panic():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40},
                                                   {"name": "B2", "x": 28, "y": 40, "general": False,
                                                    "battle_standard": False}])
    b, b2 = unit(g, "B"), unit(g, "B2")
    b2.doom = 20
    stats.refresh_all(g)
    cid = _give(g, "red", "hopelessness")
    run(g, turns._panic_step)
    assert g.pending.kind == "respond" and g.pending.player == "red"
    g.load_dice([6])
    g.answer(f"play {cid} on {b.id}")
    assert b.doom == 1 + 3


def test_vial_of_mercury_gives_two():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    cid = _give(g, "red", "vial-of-mercury")
    run(g, fortune.any_time, "test")
    g.answer(f"play {cid}")
    assert g.state.sides["red"].mercury == 2


def test_pass_until_the_end_of_the_phase_stops_the_asking():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    _give(g, "red", "vial-of-mercury")
    g.phase = "Shooting"
    run(g, fortune.any_time, "test")
    g.answer("pass-phase")
    run(g, fortune.any_time, "again")
    assert g.pending.kind == "initiative"


def test_force_of_will_with_a_card_discards_it():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    a, b = unit(g, "A"), unit(g, "B")
    cid = _give(g, "red", "redeploy")
    run(g, lambda g: attacks.attack(g, a, b, 1, attacks.COMBAT, "Combat"), dice=[2])
    g.load_dice([6])
    g.answer(cid)
    assert b.doom == 1 and cid in g.state.deck.discard_pile
