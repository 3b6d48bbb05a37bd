"""Fortune Cards: the deck, hidden hands, and cards at their moments."""

from __future__ import annotations

from hob_bench import battle, give_card, run, unit

from skirmish_hobgoblin import attacks, fortune, measuring, stats, turns


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
    cid = give_card(g, "blue", "enchanted-shield")
    run(g, lambda g: attacks.attack(g, a, b, 3, attacks.COMBAT, "Combat"), dice=[6, 6, 6])
    assert g.pending.kind == "respond" and g.pending.player == "blue"
    g.answer(f"play {cid} on {b.id}")
    assert b.doom == 2


def test_the_hit_window_names_the_attack_its_target_and_hits():
    """What the window is about is in the decision itself: a player (or the AI in a study, where no log is kept)
    need not read it off the log."""
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    a, b = unit(g, "A"), unit(g, "B")
    give_card(g, "blue", "enchanted-shield")
    run(g, lambda g: attacks.attack(g, a, b, 3, attacks.COMBAT, "Combat"), dice=[6, 6, 5])
    ctx = g.pending.context
    assert (ctx["moment"], ctx["target"], ctx["hits"]) == ("hits", b.id, 3) and isinstance(ctx["attack"], int)


def test_tattered_banner_halves_hits_rounding_up():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    a, b = unit(g, "A"), unit(g, "B")
    cid = give_card(g, "blue", "tattered-banner")
    run(g, lambda g: attacks.attack(g, a, b, 5, attacks.COMBAT, "Combat"), dice=[6, 6, 6, 6, 6])
    g.answer(f"play {cid} on {b.id}")
    assert b.doom == 3


def test_against_all_odds_keeps_a_broken_unit_in_play():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    a = unit(g, "A")
    a.doom = 20
    stats.refresh(g, a)
    cid = give_card(g, "red", "against-all-odds")
    run(g, fortune.any_time, "test")
    g.answer(f"play {cid} on {a.id}")
    run(g, turns._remove_broken)
    assert a.in_play


def test_healing_potion_discards_d3_doom():
    g = battle([{"name": "A", "x": 20, "y": 10, "doom": 4}], [{"name": "B", "x": 20, "y": 40}])
    a = unit(g, "A")
    cid = give_card(g, "red", "healing-potion")
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
    cid = give_card(g, "red", "hopelessness")
    run(g, turns._panic_step)
    assert g.pending.kind == "respond" and g.pending.player == "red"
    g.load_dice([6])
    g.answer(f"play {cid} on {b.id}")
    assert b.doom == 1 + 3


def test_vial_of_mercury_gives_two():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    cid = give_card(g, "red", "vial-of-mercury")
    run(g, fortune.any_time, "test")
    g.answer(f"play {cid}")
    assert g.state.sides["red"].mercury == 2


def test_pass_until_the_end_of_the_phase_stops_the_asking():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    give_card(g, "red", "vial-of-mercury")
    g.phase = "Shooting"
    run(g, fortune.any_time, "test")
    g.answer("pass-phase")
    run(g, fortune.any_time, "again")
    assert g.pending.kind == "initiative"


def test_force_of_will_with_a_card_discards_it():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    a, b = unit(g, "A"), unit(g, "B")
    cid = give_card(g, "red", "redeploy")
    run(g, lambda g: attacks.attack(g, a, b, 1, attacks.COMBAT, "Combat"), dice=[2])
    g.load_dice([6])
    g.answer(cid)
    assert b.doom == 1 and cid in g.state.deck.discard_pile


def test_carpe_diem_after_the_initiative_roll_takes_the_token():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    cid = give_card(g, "blue", "carpe-diem")
    run(g, fortune.initiative_roll)
    assert g.pending.kind == "respond" and g.pending.player == "blue"
    g.answer(f"play {cid}")
    g.answer("blue")
    assert g.state.first == "blue"


def test_famous_blade_gives_hero_two_until_the_end_of_the_round():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    a = unit(g, "A")
    cid = give_card(g, "red", "famous-blade")
    run(g, fortune.any_time, "test")
    g.answer(f"play {cid} on {a.id}")
    assert stats.strikes(a) == 10 + 3 + 2
    g.ruleset.expire_keywords(g, "round")
    assert stats.strikes(a) == 10 + 3


def test_hold_adds_two_courage_and_heroic_last_stand_gives_brutal_to_the_broken():
    g = battle([{"name": "A", "x": 20, "y": 10}, {"name": "Z", "x": 50, "y": 10, "general": False,
                                                  "battle_standard": False, "doom": 20}],
               [{"name": "B", "x": 20, "y": 40}])
    a, z = unit(g, "A"), unit(g, "Z")
    stats.refresh_all(g)
    hold, last = give_card(g, "red", "hold"), give_card(g, "red", "heroic-last-stand")
    run(g, fortune.any_time, "test")
    values = [o.value for o in g.pending.options]
    assert f"play {hold} on {z.id}" not in values  # Hold! is for unbroken units
    assert f"play {last} on {a.id}" not in values  # Heroic Last Stand for Broken ones
    g.answer(f"play {hold} on {a.id}")
    assert stats.courage(g, a) == 12 + 2
    g.answer(f"play {last} on {z.id}")
    assert z.has("Brutal")


def test_go_down_fighting_gives_each_enemy_in_contact_one_doom():
    d = 60 / 25.4
    g = battle([{"name": "A", "x": 20, "y": 20, "doom": 20}], [{"name": "B", "x": 20, "y": 20 + d, "facing": 270}])
    a, b = unit(g, "A"), unit(g, "B")
    stats.refresh_all(g)
    cid = give_card(g, "red", "go-down-fighting")
    run(g, fortune.any_time, "test")
    g.answer(f"play {cid} on {a.id}")
    assert b.doom == 1


def test_take_heart_discards_d6_when_engaged_with_a_broken_enemy():
    d = 60 / 25.4
    g = battle([{"name": "A", "x": 20, "y": 20, "doom": 6}], [{"name": "B", "x": 20, "y": 20 + d, "facing": 270,
                                                               "doom": 20}])
    a = unit(g, "A")
    stats.refresh_all(g)
    cid = give_card(g, "red", "take-heart")
    run(g, fortune.any_time, "test")
    g.load_dice([4])
    g.answer(f"play {cid} on {a.id}")
    assert a.doom == 2


def test_crushing_charge_and_eager_for_battle_at_the_end_of_the_movement_phase():
    d = 60 / 25.4
    g = battle([{"name": "A", "x": 20, "y": 20, "doom": 3}], [{"name": "B", "x": 20, "y": 20 + d, "facing": 270}])
    a = unit(g, "A")
    a.advanced = 6.0
    crush, eager = give_card(g, "red", "crushing-charge"), give_card(g, "red", "eager-for-battle")
    run(g, fortune.move_end)
    g.answer(f"play {crush} on {a.id}")
    assert a.has("Critical Hits")
    g.load_dice([6])
    g.answer(f"play {eager} on {a.id}")
    assert a.doom == 0


def test_moment_of_glory_and_bold_challenge_at_the_start_of_combat():
    d = 60 / 25.4
    g = battle([{"name": "A", "x": 20, "y": 20}], [{"name": "B", "x": 20, "y": 20 + d, "facing": 270},
                                                   {"name": "C", "x": 50, "y": 40, "general": False,
                                                    "battle_standard": False}])
    a, b = unit(g, "A"), unit(g, "B")
    glory, bold = give_card(g, "red", "moment-of-glory"), give_card(g, "red", "bold-challenge")
    run(g, fortune.phase_start, "Combat")
    g.answer(f"play {glory} on {a.id}")
    assert a.has("Elite")
    g.answer(f"play {bold} on {a.id}")
    assert "bold-challenge" in a.used
    _ = b


def test_redeploy_gives_swift_four_and_decisive_move_activates_at_once():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}])
    a = unit(g, "A")
    red, decisive = give_card(g, "red", "redeploy"), give_card(g, "red", "decisive-move")
    run(g, fortune.any_time, "test")
    g.answer(f"play {red} on {a.id}")
    assert stats.speed(a) == 12
    g.phase = "Movement"
    run(g, fortune.phase_start, "Movement")
    g.answer(f"play {decisive} on {a.id}")
    assert g.state.activation is not None and g.state.activation.unit == a.id and a.id in g.state.activated


def test_relentless_advances_four_after_doom_from_shooting():
    g = battle([{"name": "S", "type": "Ranged Infantry", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 30}])
    s, b = unit(g, "S"), unit(g, "B")
    cid = give_card(g, "blue", "relentless")
    run(g, lambda g: attacks.attack(g, s, b, 2, attacks.SHOOTING, "Shooting"), dice=[6, 6])
    assert g.pending.kind == "respond" and g.pending.player == "blue"
    y = b.y
    g.answer(f"play {cid} on {b.id}")
    assert b.y == y - 4.0


def test_barge_through_lets_a_unit_pass_friends():
    from skirmish_hobgoblin import moves
    from skirmish_hobgoblin.state import Activation

    g = battle([{"name": "A", "x": 20, "y": 10}, {"name": "F", "x": 20, "y": 14, "general": False,
                                                  "battle_standard": False}], [{"name": "B", "x": 20, "y": 44}])
    a = unit(g, "A")
    g.state.activation = Activation(a.id, 8.0, (a.x, a.y, a.facing), [])
    assert "would pass through F" in moves.check(g, a, "advance", 8.0).error
    g.state.activation.ignore_friends = True
    assert not moves.check(g, a, "advance", 8.0).error


def test_bold_challenge_forces_a_character_to_face_the_challenger_or_turn_cowardly():
    d = 60 / 25.4
    g = battle([{"name": "A", "x": 30, "y": 20}, {"name": "A2", "x": 36.5, "y": 20, "general": False,
                                                  "battle_standard": False}],
               [{"name": "B", "x": 33.25, "y": 20 + d, "facing": 270}])
    a, a2, b = unit(g, "A"), unit(g, "A2"), unit(g, "B")
    assert {e.id for e in measuring.engaged(g.state, b)} == {a.id, a2.id}
    a2.used.append("bold-challenge")
    run(g, turns.fight, b)
    values = [o.value for o in g.pending.options]
    assert "refuse" in values and all(v == "refuse" or v.endswith(",10") for v in values)  # all it can on A2
    g.answer("refuse")
    assert b.has("Cowardly") and g.pending.kind == "assign" and "refuse" not in [o.value for o in g.pending.options]
