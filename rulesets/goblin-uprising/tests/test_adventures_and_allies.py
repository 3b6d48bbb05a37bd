"""Adventures (every card, success and failure), help, tokens and quests; guardians, tribes and pets."""

from __future__ import annotations

import pytest
from gu_helpers import RULESET, answer, choose, new_game, reask, to_turn_of, values

from skirmish import Game
from skirmish_goblin_uprising.adventure import GAIN

CARDS = list(RULESET.content.adventures.values())


def adventure(game: Game, card: str, dice: list[str]) -> None:
    s = game.state
    s.adventures.put_top(card)
    answer(game, "end")
    game.load_dice(dice)
    answer(game, "adventure")
    if game.pending.kind == "invite":
        answer(game, "roll")


def snapshot(game: Game) -> tuple:
    s = game.state
    h = s.heroes["hero1"]
    return (h.renown, h.essence, len(h.hand), h.hp, h.pet, h.tribe_ready, len(s.quests), sum(s.troops.values()))


def expected_changes(effects) -> set[int]:  # noqa: ANN001
    index = {"renown": 0, "lose_renown": 0, "essence": 1, "lose_essence": 1, "goblins": 2, "discard": 2,
             "heal": 3, "damage": 3, "pet": 4, "refresh_tribe": 5, "quest": 6, "spawn_here": 7}
    return {index[e.effect] for e in effects}


def prepared(n: int = 2) -> Game:
    game = new_game(n)
    h = game.state.heroes["hero1"]
    h.hp, h.essence, h.renown, h.tribe_ready = 6, 1, 2, False
    h.hand.cards[:] = ["scavenger", "trickster"]
    game.state.board.move("hero1", "mountains-outer")
    reask(game)
    return game


@pytest.mark.parametrize("card", [c.id for c in CARDS if c.difficulty], ids=str)
def test_each_adventure_card_success_resolves_green_and_failure_red(card: str) -> None:
    spec = RULESET.content.adventures[card]
    for dice, side in ((["Star"] * 5, spec.green), (["Blank"] * 5, spec.red)):
        game = prepared()
        before = snapshot(game)
        adventure(game, card, dice)
        while game.pending.kind != "action" or game.pending.player != "hero2":
            vals = values(game)
            game.answer("take" if "take" in vals else "done" if "done" in vals else "pass" if "pass" in vals
                        else vals[0])
        after = snapshot(game)
        changed = {i for i in range(len(before)) if before[i] != after[i]}
        assert expected_changes(side) <= changed, (card, side)


@pytest.mark.parametrize("card", [c.id for c in CARDS if not c.difficulty], ids=str)
def test_each_no_number_card_lets_the_hero_choose_and_succeeds(card: str) -> None:
    spec = RULESET.content.adventures[card]
    for side, effects in (("green", spec.green), ("red", spec.red)):
        game = prepared()
        before = snapshot(game)
        adventure(game, card, [])
        assert game.pending.kind == "adventure"
        answer(game, side)
        while game.pending.player != "hero2":
            game.answer(values(game)[0])
        after = snapshot(game)
        changed = {i for i in range(len(before)) if before[i] != after[i]}
        assert expected_changes(effects) <= changed


def test_adventure_rolls_five_dice_and_needs_the_card_number() -> None:
    game = prepared()
    adventure(game, "toll-bridge", ["Star", "Blank", "Blank", "Blank", "Blank"])
    assert game.state.heroes["hero1"].renown == 1  # failure: red, lose 1 Renown
    assert sum(1 for e in game.log if e.kind == "roll" and "adventure" in e.text) == 5


def in_the_mountains(game: Game, *seats: str) -> None:
    for seat in seats:
        game.state.board.move(seat, "mountains-spawn")


def _adventure_with_two_neighbours() -> Game:
    """hero1 (2 Essence) about to invite help to Sabotage the Forge, hero2 and hero3 in its region."""
    game = prepared(3)
    in_the_mountains(game, "hero2", "hero3")
    game.state.heroes["hero1"].essence = 2
    game.state.adventures.put_top("sabotage-the-forge")
    answer(game, "end")
    answer(game, "adventure")
    return game


def test_adventure_help_window_asks_each_invited_hero_once() -> None:
    game = _adventure_with_two_neighbours()
    s = game.state
    assert game.pending.kind == "invite"
    answer(game, "invite:hero2")
    answer(game, "invite:hero3")  # Leadership 2 (or no Essence left): no further invitation is asked
    assert game.pending.kind == "respond" and game.pending.player == "hero2"
    game.load_dice(["Star"])
    answer(game, "help")
    assert game.pending.player == "hero3"
    game.load_dice(["Star", "Star", "Blank", "Blank", "Blank", "Blank"])
    answer(game, "help")
    # 3 from the adventurer... 1 from hero2, 1 from hero3 (a Druid), the adventurer rolled 1
    assert s.heroes["hero1"].essence == 0
    assert s.heroes["hero1"].renown == 5


def test_adventure_help_essence_is_spent_on_inviting_even_when_declined() -> None:
    """Adventure: help (GU-32): the adventurer spends 1 Essence to invite; a hero who declines costs it all the
    same, and rolls nothing."""
    game = _adventure_with_two_neighbours()
    s = game.state
    answer(game, "invite:hero2")
    assert s.heroes["hero1"].essence == 1  # paid on inviting, before any answer
    answer(game, "roll")
    assert game.pending.kind == "respond" and game.pending.player == "hero2"
    game.load_dice(["Blank"] * 5)
    answer(game, "pass")
    assert s.heroes["hero1"].essence == 1


def test_adventure_help_asks_an_invited_hero_who_passed_the_phase_s_any_time_windows() -> None:
    """Adventure: help (GU-32, ruling GU-R-help-invitation): passing "until the end of the phase" turns down any-time
    windows, not a particular invitation the adventurer paid 1 Essence for: the invited hero is still asked."""
    from skirmish.windows import PASS, PASS_PHASE, quiet_players

    game = _adventure_with_two_neighbours()
    game.stash.setdefault("skirmish.windows", {}).setdefault("quiet", {})["hero2"] = [game.round, game.phase]
    assert quiet_players(game) == ["hero2"]
    answer(game, "invite:hero2")
    answer(game, "roll")
    assert game.pending.kind == "respond" and game.pending.player == "hero2"
    offered = values(game)
    assert "help" in offered and PASS in offered and PASS_PHASE not in offered


def test_bard_helps_for_free_with_two_dice() -> None:
    game = new_game(6)
    s = game.state
    s.board.move("hero1", "mountains-outer")
    in_the_mountains(game, "hero2", "hero6")
    reask(game)
    s.heroes["hero1"].essence = 0
    s.adventures.put_top("sabotage-the-forge")
    answer(game, "end")
    answer(game, "adventure")
    assert values(game) == ["invite:hero6", "roll"]  # no Essence: only the Bard can be invited (hero2 is near too)
    answer(game, "invite:hero6")
    assert game.pending.player == "hero6"
    game.load_dice(["Star", "Star", "Star", "Blank", "Blank", "Blank", "Blank"])
    answer(game, "help")
    answer(game, "done")
    assert s.heroes["hero1"].renown == 3 and s.heroes["hero1"].essence == 0


@pytest.mark.parametrize("token", list(RULESET.content.tokens))
def test_each_exploration_token(token: str) -> None:
    game = prepared()
    s = game.state
    s.tokens["mountains-outer"] = token
    before = snapshot(game)
    answer(game, "interact:mountains-outer")
    changed = {i for i, (a, b) in enumerate(zip(before, snapshot(game), strict=True)) if a != b}
    assert expected_changes(RULESET.content.tokens[token].effects) <= changed


def test_quest_token_from_an_adventure_pays_its_reward() -> None:
    game = prepared()
    s = game.state
    s.quests["mountains-outer"] = "adventure:old-map"
    answer(game, "interact:mountains-outer")
    assert s.heroes["hero1"].renown == 5 and not s.quests


def test_scheme_quest_foils_the_scheme() -> None:
    game = prepared()
    s = game.state
    s.scheme = "smoke-over-eldain"
    s.quests["mountains-outer"] = "scheme:smoke-over-eldain"
    answer(game, "interact:mountains-outer")
    assert "smoke-over-eldain" in s.foiled


# ----------------------------------------------------------------------------- guardians, tribes, pets


def with_guardian(gid: str, n: int = 2) -> Game:
    game = new_game(n)
    s = game.state
    s.heroes["hero1"].guardian = gid
    s.board.move("hero1", "mountains-spawn")
    reask(game)
    return game


def test_guardian_active_costs_two_actions_once_per_turn() -> None:
    game = with_guardian("earth")
    s = game.state
    s.heroes["hero1"].hp = 5
    reask(game)
    answer(game, "guardian")
    assert s.turn.actions == 1 and s.heroes["hero1"].hp == 8 and "guardian" not in values(game)


def test_fire_guardian_blast_and_passive() -> None:
    game = with_guardian("fire")
    s = game.state
    answer(game, "guardian")
    choose(game, "blast", "troop:dwarf")
    assert s.troops["dwarf"] == 1 and s.heroes["hero1"].renown == 2  # no counter-attack, rewards


def test_water_guardian_travel_and_rest_essence() -> None:
    game = with_guardian("water")
    s = game.state
    s.heroes["hero1"].essence = 0
    answer(game, "guardian")
    answer(game, "space:gate")
    assert s.where("hero1") == "gate"
    answer(game, "rest:hp")
    assert s.heroes["hero1"].essence == 1


def test_wind_guardian_pull_and_long_step() -> None:
    game = with_guardian("wind")
    s = game.state
    assert "leap:gate" in values(game)
    answer(game, "guardian")
    choose(game, "pull", "hero:hero2")
    assert s.where("hero2") == "mountains-spawn"


def test_life_guardian_heals_and_saves_a_falling_ally() -> None:
    from skirmish_goblin_uprising.damage import deal_damage

    game = with_guardian("life")
    s = game.state
    s.heroes["hero2"].hp = 3
    answer(game, "guardian")
    answer(game, "hero:hero2")
    assert s.heroes["hero2"].hp == 7
    s.board.move("hero2", "mountains-inner")
    s.heroes["hero1"].hand.cards[:] = ["scavenger", "trickster"]
    s.heroes["hero2"].hand.cards.clear()
    s.heroes["hero2"].tribe_ready = False
    game.run(deal_damage, "hero2", 9, True, "test", "test")
    answer(game, "save")
    assert s.heroes["hero2"].hp == 1 and s.heroes["hero2"].falls == 0 and not s.heroes["hero1"].hand.cards


def test_death_guardian_removes_a_troop_and_gains_renown_on_kills() -> None:
    game = with_guardian("death")
    s = game.state
    answer(game, "guardian")
    choose(game, "remove", "troop:dwarf")
    assert s.troops["dwarf"] == 1 and s.heroes["hero1"].renown == 0


def test_stone_tribe_prevents_three() -> None:
    from skirmish_goblin_uprising.damage import deal_damage

    game = new_game(2)
    s = game.state
    s.heroes["hero2"].hand.cards.clear()
    game.run(deal_damage, "hero2", 5, False, "test", "test")
    answer(game, "tribe")
    assert s.heroes["hero2"].hp == 8 - 2 and not s.heroes["hero2"].tribe_ready


def test_bone_tribe_stays_at_one_hp() -> None:
    from skirmish_goblin_uprising.damage import deal_damage

    game = new_game(6)
    s = game.state
    s.heroes["hero6"].hand.cards.clear()
    game.run(deal_damage, "hero6", 20, True, "test", "test")
    answer(game, "tribe")
    assert s.heroes["hero6"].hp == 1 and s.heroes["hero6"].falls == 0


def test_moss_tribe_heals_to_full_and_wind_tribe_moves() -> None:
    game = new_game(5)
    to_turn_of(game, "hero3")
    s = game.state
    s.heroes["hero3"].hp = 2
    reask(game)
    answer(game, "tribe")
    assert s.heroes["hero3"].hp == 10
    to_turn_of(game, "hero5")
    answer(game, "tribe")
    answer(game, "space:forest-inner")
    assert s.where("hero5") == "forest-inner"


def test_bear_prevents_one_damage_from_each_enemy_attack() -> None:
    from skirmish_goblin_uprising.damage import deal_damage

    game = new_game(3)
    s = game.state
    s.heroes["hero3"].hand.cards.clear()
    game.run(deal_damage, "hero3", 3, False, "test", "test", True)
    assert s.heroes["hero3"].hp == 8


def test_hawk_interacts_with_an_adjacent_token() -> None:
    game = new_game(1)
    s = game.state
    s.heroes["hero1"].pet = "hawk"
    s.tokens["mountains-outer"] = "song-of-deeds"
    reask(game)
    answer(game, "interact:mountains-outer")
    assert s.heroes["hero1"].renown == 1


def test_gain_functions_cover_the_gain_effects() -> None:
    assert set(GAIN) == {"renown", "essence", "goblins", "heal", "pet", "refresh_tribe", "quest", "damage",
                         "lose_essence", "discard", "lose_renown", "spawn_here"}


def test_adventure_help_only_heroes_in_the_region_are_invited() -> None:
    """Adventure: help / Regions (GU-32): a player interacts only with players in its region, so only heroes in the
    adventurer's region may be invited."""
    game = prepared(3)
    s = game.state
    s.heroes["hero1"].essence = 2
    in_the_mountains(game, "hero2")
    s.board.move("hero3", "tundra-spawn")
    s.adventures.put_top("sabotage-the-forge")
    answer(game, "end")
    answer(game, "adventure")
    assert values(game) == ["invite:hero2", "roll"]
