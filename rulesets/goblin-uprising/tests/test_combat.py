"""Combat with loaded dice: armies, counter-attacks, Piercing, the Tyrant, enemy and Tyrant dice, damage,
falling, rewards, player against player."""

from __future__ import annotations

from gu_helpers import answer, choose, new_game, reask, values

from skirmish import Game


def battle(game: Game, target: str, space: str, dice: list[str], ability: str = "") -> None:
    """hero1 moves to ``space``, ends its actions and battles ``target`` rolling ``dice``."""
    s = game.state
    s.board.move("hero1", space)
    reask(game)
    answer(game, "end")
    game.load_dice(dice)
    answer(game, f"battle:{target}")
    if game.pending.kind == "ability":
        answer(game, ability or values(game)[0])


def strike(game: Game) -> None:
    """Strike (the roll is resolved at once when striking is the only choice)."""
    if game.pending is not None and game.pending.kind == "roll":
        answer(game, "strike")


def test_army_tile_damage_carries_over_and_the_army_counter_attacks() -> None:
    game = new_game(2)
    s = game.state
    s.heroes["hero1"].hand.cards.clear()
    battle(game, "troop:dwarf", "mountains-spawn", ["Star", "Blank", "Blank", "+1"])
    strike(game)
    assert s.troop_damage["dwarf"] == 1 and s.troops["dwarf"] == 2
    # dwarf damage 1 + 1 other miniature + enemy die +1 = 3
    assert s.heroes["hero1"].hp == 12 - 3


def test_kill_removes_one_miniature_and_the_army_does_not_counter_attack() -> None:
    game = new_game(2)
    s = game.state
    s.heroes["hero1"].abilities = ["roar"]
    battle(game, "troop:dwarf", "mountains-spawn", ["Star", "Star", "Star"])
    strike(game)
    assert s.troops["dwarf"] == 1 and s.troop_damage["dwarf"] == 0
    assert s.heroes["hero1"].hp == 12
    h = s.heroes["hero1"]
    assert (h.renown, h.essence, len(h.hand)) == (2, 2, 3)  # +2 Renown, +1 Essence, +1 goblin


def test_piercing_leftover_goes_to_the_next_miniature_of_the_same_army() -> None:
    game = new_game(2)
    s = game.state
    s.heroes["hero1"].hand.cards.clear()
    s.heroes["hero1"].abilities = ["rampage"]
    battle(game, "troop:dwarf", "mountains-spawn", ["Star", "Star", "Star", "Star"])
    strike(game)
    assert s.troops["dwarf"] == 1 and s.troop_damage["dwarf"] == 1


def test_piercing_leftover_goes_to_another_army_which_counter_attacks() -> None:
    game = new_game(1)
    s = game.state
    s.heroes["hero1"].hand.cards.clear()
    s.troops["dwarf"] = 1
    s.generals["dwarf"] = 0
    s.board.place("general:dwarf", "mountains-spawn")
    s.heroes["hero1"].abilities = ["rampage"]
    battle(game, "troop:dwarf", "mountains-spawn", ["Star", "Star", "Star", "Star", "+2"])
    strike(game)
    choose(game, "pierce", "general:dwarf")  # the only other enemy there: not asked (GU-S1)
    assert s.generals["dwarf"] == 1
    assert s.heroes["hero1"].hp == 12 - 4  # general damage 2 + die 2


def test_non_piercing_leftover_is_lost() -> None:
    game = new_game(2)
    s = game.state
    s.heroes["hero1"].abilities = ["roar"]
    s.heroes["hero1"].hand.cards[:] = ["wolf-rider"]
    battle(game, "troop:dwarf", "mountains-spawn", ["Star", "Star", "Uprising"])
    answer(game, "uprising:wolf-rider")
    strike(game)
    assert s.troops["dwarf"] == 1 and s.troop_damage["dwarf"] == 0


def test_tyrant_strikes_first_and_royal_armor_reduces_damage() -> None:
    game = new_game(1)
    s = game.state
    s.heroes["hero1"].hand.cards.clear()
    s.heroes["hero1"].abilities = ["earthsplitter"]
    s.armor = 2
    battle(game, "tyrant", "throne", ["+1", "+2", *["Star"] * 5])
    assert s.heroes["hero1"].hp == 12 - (3 + 1 + 2)
    strike(game)
    assert s.hp == s.max_hp - (5 - 2)


def test_a_hero_felled_by_the_tyrants_first_strike_gets_no_attack() -> None:
    game = new_game(1)
    s = game.state
    s.heroes["hero1"].hand.cards.clear()
    s.heroes["hero1"].hp = 3
    battle(game, "tyrant", "throne", ["+1", "+2"])
    assert s.heroes["hero1"].falls == 1 and s.hp == s.max_hp and s.where("hero1") == "village-mountains"


def test_tyrant_power_face_applies_the_power() -> None:
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards.clear()
    h.essence = 2
    battle(game, "tyrant", "throne", ["Power", "Discard"])
    # Dwarf power: +1 damage and 1 Essence discarded
    assert h.hp == 12 - 4 and h.essence == 1


def test_enemy_die_arrow_is_aimed_and_cannot_be_prevented() -> None:
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards[:] = ["spear-goblin", "scavenger"]
    battle(game, "troop:dwarf", "mountains-spawn", ["Blank", "Blank", "Blank", "Arrow"])
    strike(game)
    assert game.pending.kind != "prevent" and h.hp == 12 - 2


def test_goblins_prevent_one_damage_each() -> None:
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards[:] = ["spear-goblin", "scavenger"]
    battle(game, "troop:dwarf", "mountains-spawn", ["Blank", "Blank", "Blank", "+2"])
    strike(game)
    assert game.pending.kind == "prevent"
    answer(game, "goblin:spear-goblin")
    answer(game, "take")
    assert h.hp == 12 - 3 and h.hand.cards == ["scavenger"]


def test_cleave_hits_every_hero_in_the_region() -> None:
    game = new_game(2)
    s = game.state
    for h in s.heroes.values():
        h.hand.cards.clear()
    s.board.move("hero2", "mountains-inner")
    battle(game, "troop:dwarf", "mountains-spawn", ["Blank", "Blank", "Blank", "Axe"])
    strike(game)
    answer(game, "take")  # hero2 could exhaust the Stone Tribe
    assert s.heroes["hero1"].hp == 12 - 2 and s.heroes["hero2"].hp == 8 - 2


def test_enemy_essence_face_drains_the_defender() -> None:
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards.clear()
    h.essence = 2
    battle(game, "troop:dwarf", "mountains-spawn", ["Blank", "Blank", "Blank", "Essence"])
    strike(game)
    assert h.essence == 1 and h.hp == 12 - 2


def test_essence_result_becomes_a_success_for_one_essence() -> None:
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards.clear()
    battle(game, "troop:human", "prairie-spawn", ["Essence", "Star", "Blank"])
    assert h.essence == 1
    answer(game, "strike:1")  # GU-S4: paid for as the hero strikes
    assert s.troops["human"] == 0 and h.essence == 0 + 1  # paid 1, then the kill's reward


def test_essence_results_are_paid_for_with_the_strike_in_one_answer() -> None:
    """GU-S4: one strike option per number of Essence results paid for, each with the damage it deals."""
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards.clear()
    h.essence = 2
    battle(game, "troop:dwarf", "mountains-spawn", ["Essence", "Essence", "Star"])
    opts = {o.value: o for o in game.pending.options}
    assert [v for v in opts if v.startswith("strike")] == ["strike", "strike:1", "strike:2"]
    assert [opts[v].data["damage"] for v in ("strike", "strike:1", "strike:2")] == [1, 2, 3]
    assert opts["strike:2"].label == "strike for 3 damage, pay 2 Essence"
    assert opts["strike:2"].help.startswith("2 Essence results count as successes")
    answer(game, "strike:2")
    assert h.essence == min(h.max_essence, h.kills)  # both paid, then 1 per kill
    assert s.troop_damage.get("dwarf", 0) == 3 or h.kills


def test_essence_results_paid_for_are_limited_by_the_heros_essence() -> None:
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards.clear()
    h.essence = 1
    battle(game, "troop:dwarf", "mountains-spawn", ["Essence", "Essence", "Star"])
    assert [v for v in values(game) if v.startswith("strike")] == ["strike", "strike:1"]


def test_wizard_pays_for_one_essence_result_per_roll_free() -> None:
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards.clear()
    h.essence = 1
    battle(game, "troop:dwarf", "mountains-spawn", ["Essence", "Essence", "Blank"])
    from skirmish_goblin_uprising.combat import ask_roll

    s.combat.free_convert = True  # as the Wizard's passive sets it; the roll is asked again
    game.pending = None
    game._waiting = None
    game.call(ask_roll, "hero1")
    game.advance()
    opts = {o.value: o for o in game.pending.options}
    assert "pay 0 Essence" not in opts["strike:1"].label
    assert opts["strike:1"].label.endswith(", 1 free (Wizard)")
    assert opts["strike:2"].label.endswith(", pay 1 Essence, 1 free (Wizard)")
    answer(game, "strike:2")
    assert h.essence == 0


def test_uprising_pays_one_goblin_and_rally_adds_one() -> None:
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards[:] = ["wolf-rider", "spear-goblin"]
    h.renown = 1
    battle(game, "troop:dwarf", "mountains-spawn", ["Uprising", "Blank", "Blank"])
    answer(game, "uprising:wolf-rider")
    assert s.combat.bonus == 2 and not any(v.startswith("uprising:") for v in values(game))
    answer(game, "rally")
    assert h.renown == 0
    answer(game, "uprising:spear-goblin")
    assert s.combat.bonus == 3


def test_rally_is_offered_with_renown_even_with_an_empty_hand() -> None:
    """Rally (GU-S3): 1 Renown adds an Uprising result to a combat roll; the book does not ask for a goblin in hand
    (the Uprising result then does nothing, but the Renown is spent)."""
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards[:] = ["wolf-rider"]
    h.renown = 2
    battle(game, "troop:dwarf", "mountains-spawn", ["Blank", "Blank", "Blank"])
    assert "rally" in values(game)
    answer(game, "rally")
    answer(game, "uprising:wolf-rider")
    assert not h.hand.cards and h.renown == 1
    assert "rally" in values(game)  # Renown left, no goblin: still on offer
    answer(game, "rally")
    assert h.renown == 0 and s.combat.uprisings == 1
    choose(game, "roll", "strike")  # no Renown, no goblin: striking is the only choice, not asked


def test_fire_tribe_rerolls_the_failed_dice() -> None:
    game = new_game(2)
    s = game.state
    s.heroes["hero1"].hand.cards.clear()
    battle(game, "troop:dwarf", "mountains-spawn", ["Blank", "Blank", "Star"])
    game.load_dice(["Star", "Star"])
    answer(game, "reroll")
    assert s.troops["dwarf"] == 1 and not s.heroes["hero1"].tribe_ready


def test_surviving_a_combat_gives_one_renown() -> None:
    game = new_game(1)
    s = game.state
    s.heroes["hero1"].hand.cards.clear()
    battle(game, "troop:dwarf", "mountains-spawn", ["Blank", "Blank", "Blank", "+1"])
    strike(game)
    assert s.heroes["hero1"].renown == 1


def test_falling_in_battle() -> None:
    game = new_game(2)
    s = game.state
    h = s.heroes["hero1"]
    h.hp, h.renown = 2, 3
    h.hand.cards[:] = ["scavenger"]
    battle(game, "troop:dwarf", "mountains-spawn", ["Blank", "Blank", "Blank", "+1"])
    strike(game)
    answer(game, "take")
    assert h.falls == 1 and h.hp == 12 and h.renown == 2 and not h.hand.cards
    assert s.where("hero1") == "village-mountains" and s.marker == 1


def test_oppress_damage_and_removal() -> None:
    from skirmish_goblin_uprising.tyranny import move_marker

    game = new_game(2)
    s = game.state
    s.oppress = True
    for h in s.heroes.values():
        h.hand.cards.clear()
    s.heroes["hero2"].hp = 2
    game.run(move_marker)
    answer(game, "take")
    assert s.heroes["hero1"].hp == 10 and s.heroes["hero2"].removed
    assert s.where("hero2") is None and s.marker == 1  # the removed hero moved no marker


def test_every_hero_removed_loses_the_game() -> None:
    game = new_game(1)
    s = game.state
    s.oppress = True
    s.heroes["hero1"].hand.cards.clear()
    s.heroes["hero1"].hp = 1
    from skirmish_goblin_uprising.tyranny import move_marker

    game.run(move_marker)
    assert game.result is not None and game.result.winners == ("Tyrant",)
    assert game.result.outcome("hero1") == "loss"


def test_player_against_player() -> None:
    game = new_game(2)
    s = game.state
    s.board.move("hero2", "mountains-spawn")
    s.heroes["hero2"].hp = 2
    s.heroes["hero2"].hand.cards[:] = ["scavenger"]
    s.heroes["hero1"].hand.cards.clear()
    battle(game, "hero:hero2", "mountains-spawn", ["Star", "Star", "Blank"])
    strike(game)
    answer(game, "take")
    assert s.heroes["hero2"].falls == 1 and s.heroes["hero1"].hand.cards == ["scavenger"]
    assert s.heroes["hero1"].renown == 1


def test_no_player_battles_when_pvp_is_off() -> None:
    game = new_game(2, options={"pvp": False})
    s = game.state
    s.board.move("hero2", "mountains-spawn")
    s.board.move("hero1", "mountains-spawn")
    reask(game)
    answer(game, "end")
    assert "battle:hero:hero2" not in values(game)


def test_attack_phase_order_and_counter_attacks() -> None:
    from skirmish_goblin_uprising.tyranny import attack_phase

    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards.clear()
    s.aggressive = True
    s.armor = 4
    s.board.move("hero1", "throne")
    game.load_dice(["+1", "+1", "Star", "Star", "Star"])
    game.run(attack_phase)
    assert h.hp == 12 - 5
    choose(game, "ability", f"ability:{h.abilities[0]}")  # its only ability: the counter-attack is not asked (GU-S1)
    strike(game)
    assert s.hp == s.max_hp and h.renown == 1  # armor stops 3; survived


def test_generals_are_aggressive_and_attack_in_the_attack_phase() -> None:
    from skirmish_goblin_uprising.tyranny import attack_phase

    game = new_game(1)
    s = game.state
    s.heroes["hero1"].hand.cards.clear()
    s.generals["elven"] = 0
    s.board.place("general:elven", "forest-spawn")
    s.board.move("hero1", "forest-outer")
    game.load_dice(["+2"])
    game.run(attack_phase)
    assert s.heroes["hero1"].hp == 12 - 4


def test_tyrant_rolls_both_dice() -> None:
    game = new_game(2)
    s = game.state
    s.heroes["hero1"].hand.cards.clear()
    battle(game, "tyrant", "throne", ["+2", "+2", "Blank", "Blank", "Blank"])
    rolls = [e for e in game.log if e.kind == "roll" and "Tyrant" not in e.text and "attacks" in e.text]
    assert len(rolls) == 2 and s.heroes["hero1"].hp == 12 - 7


def test_strike_options_fit_an_80_column_menu_against_the_tyrant() -> None:
    """The longest strike labels (the Tyrant's full name, Essence paid, the Wizard's free one) are not cut off."""
    from skirmish_goblin_uprising.combat import TYRANT, _strike_option

    for tyrant in ("dwarf", "human", "elven", "merfolk"):
        game = new_game(1, tyrant=tyrant)
        for k, pay in ((0, 0), (1, 0), (2, 1), (6, 6)):
            label = _strike_option(game, TYRANT, 12, k, pay).label
            assert len(label) <= 80 - len("   6. "), label
