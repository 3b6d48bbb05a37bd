"""The Tyrant's side with loaded dice: the track, spawning, schemes, behavior cards, abilities, generals, the end."""

from __future__ import annotations

from pathlib import Path

import pytest
from gu_helpers import RULESET, answer, new_game

from skirmish_goblin_uprising import tyranny


def test_track_move_reinforces_then_applies_effect() -> None:
    game = new_game(1)
    s = game.state
    s.marker = 2  # the next move lands on space 3: 1 roll, then the Dwarf General
    game.load_dice(["Human"])
    game.run(tyranny.move_marker)
    events = [e.kind for e in game.log if e.kind in ("spawn", "track")][-3:]
    assert events == ["track", "spawn", "spawn"]
    assert s.marker == 3 and s.troops["human"] == 2 and "dwarf" in s.generals


def test_brackets_roll_one_two_three_regions() -> None:
    game = new_game(1)
    s = game.state
    s.marker = 5
    game.load_dice(["Human", "Elf"])
    game.run(tyranny.move_marker)
    assert s.marker == 6 and s.troops["human"] == 2 and s.troops["elven"] == 2


def test_end_of_track_repeats_the_last_space() -> None:
    game = new_game(1)
    s = game.state
    s.marker = 12
    s.oppress = True
    s.heroes["hero1"].hand.cards.clear()
    game.load_dice(["Human", "Elf", "Merfolk"])
    game.run(tyranny.move_marker)
    assert s.marker == 12 and s.heroes["hero1"].hp == 10


def test_failed_spawn_moves_the_marker_with_its_reinforcements() -> None:
    """Spawning Troops / Destruction Track (GU-34): a troop with no miniature left moves the marker, and that move
    rolls its bracket's reinforcements like every other move."""
    game = new_game(1)
    s = game.state
    s.troops["human"] = 6
    # the Tyranny move rolls the Prairie twice (full); the owed move rolls the Forest: an elf spawns
    game.load_dice(["Human", "Human", "Elf"])
    before = s.troops.get("elven", 0)
    game.run(tyranny.move_marker)
    assert s.marker == 2 and s.extra_moves == 0
    assert s.troops.get("elven", 0) == before + 1


def test_spawn_loop_goes_on_past_twelve_moves_a_round() -> None:
    """Spawning Troops (GU-34): no cap on the moves failed spawns cause in a round; each one is resolved."""
    game = new_game(1)
    s = game.state
    for troop, spec in RULESET.content.troops.items():
        s.troops[troop] = spec.count  # every miniature out: each reinforcement fails
    s.heroes["hero1"].hp = s.heroes["hero1"].max_hp = 99
    s.heroes["hero1"].hand.cards[:] = []
    s.moves_this_round = 12
    game.load_dice(["Human"] * 60)
    game.run(tyranny.move_marker)
    assert s.moves_this_round >= 12 + 12  # the marker went down all 12 spaces on failed spawns alone


def test_random_region_rerolls_once_then_counts_as_resolved() -> None:
    game = new_game(1)
    game.load_dice(["Human", "Elf"])
    got = []
    game.run(lambda g: got.append(tyranny.random_region(g, "test", lambda r: False)))
    assert got == [""]


def test_general_already_out_moves_the_marker() -> None:
    game = new_game(1)
    s = game.state
    s.generals["dwarf"] = 0
    game.run(tyranny.spawn_general, "dwarf")
    assert s.marker == 0 and s.extra_moves == 1
    game.run(tyranny.run_extra_moves)
    assert s.marker == 1


@pytest.mark.parametrize(("general", "check"), [
    ("human", lambda s: s.troops["human"] == 2),
    ("elven", lambda s: s.heroes["hero1"].hp == 10),
    ("dwarf", lambda s: s.armor == 2),
    ("merfolk", lambda s: len(s.heroes["hero1"].hand) == 1),
    ("undead", lambda s: s.troops["undead"] == 2),
    ("dragon", lambda s: s.heroes["hero1"].hp == 11),
])
def test_general_entry_effects(general: str, check) -> None:  # noqa: ANN001
    game = new_game(1)
    s = game.state
    region = RULESET.content.generals[general].region
    s.board.move("hero1", f"{region}-outer")
    s.heroes["hero1"].hand.cards[:] = ["scavenger", "scavenger"]
    game.run(tyranny.spawn_general, general)
    if game.pending.kind == "prevent":
        answer(game, "take")
    assert general in s.generals and check(s)


def test_first_scheme_upkeep_spawns_at_home_and_two_kills_in_a_round_foil_it() -> None:
    game = new_game(1)
    s = game.state
    game.run(tyranny.upkeep_phase)
    assert s.troops["dwarf"] == 3
    s.kills_round = 2
    game.run(tyranny.check_scheme)
    assert "forge-awakens" in s.foiled and s.armor == 0 and s.scheme != "forge-awakens"


def test_foiling_removes_armor_and_rewards_those_who_took_part() -> None:
    game = new_game(2)
    s = game.state
    s.participants = ["hero2"]
    game.run(tyranny.foil_scheme)
    assert s.heroes["hero2"].renown == 2 and s.heroes["hero1"].renown == 0 and s.armor == 2


def test_empty_scheme_deck_leaves_no_scheme() -> None:
    game = new_game(1)
    s = game.state
    s.schemes.draw_pile.clear()
    game.run(tyranny.foil_scheme)
    assert s.scheme == ""


def test_goal_checked_at_reveal() -> None:
    game = new_game(1)
    s = game.state
    s.schemes.draw_pile = ["molten-rivers", "iron-tithe"]
    s.troops["dwarf"] = 0
    game.run(tyranny.foil_scheme)
    assert s.foiled == ["forge-awakens", "molten-rivers"] and s.scheme == "iron-tithe"


@pytest.mark.parametrize("tid", ["dwarf", "human", "elven", "merfolk"])
def test_every_scheme_of_every_tyrant_resolves_its_upkeep(tid: str) -> None:
    t = RULESET.content.tyrants[tid]
    for sc in t.schemes:
        game = new_game(2, tyrant=tid, seed=5)
        s = game.state
        s.scheme = sc.id
        game.run(tyranny.upkeep_phase)
        while game.pending is not None and game.pending.kind != "action":
            game.answer("take" if "take" in [o.value for o in game.pending.options] else
                        game.pending.options[0].value)
        assert any(e.rule == f"Scheme: {sc.name}" or e.text.startswith("Upkeep") for e in game.log), sc.id


def test_behavior_revealed_on_space_9() -> None:
    game = new_game(1)
    s = game.state
    s.marker = 8
    s.behavior = "last-stand"
    s.hp = 5
    game.load_dice(["Human", "Elf", "Merfolk"])
    game.run(tyranny.move_marker)
    assert s.revealed and s.hp == s.max_hp and s.aggressive


def test_flight_moves_the_tyrant_in_upkeep() -> None:
    game = new_game(1)
    s = game.state
    s.flight = True
    game.load_dice(["Elf"])
    game.run(tyranny.upkeep_phase)
    assert s.where("tyrant") == "forest-spawn"


def test_scorched_earth_countdown_loses_the_game() -> None:
    game = new_game(1)
    s = game.state
    s.behavior = "scorched-earth"
    s.heroes["hero1"].hand.cards.clear()
    game.run(tyranny.reveal_behavior)
    assert s.oppress and s.countdown == 3
    s.countdown = 1
    game.run(tyranny.move_marker)
    assert game.result is not None and game.result.winners == ("Tyrant",)


def test_defeating_the_tyrant_wins() -> None:
    game = new_game(2)
    game.state.hp = 0
    game.run(tyranny.tyrant_defeated, "hero1")
    assert game.result.winners == ("heroes",)
    assert game.result.outcome("hero2") == "win"


def test_undying_rises_once() -> None:
    game = new_game(1, tyrant="elven")
    s = game.state
    s.revealed, s.undying, s.hp = True, True, 0
    game.run(tyranny.tyrant_defeated, "hero1")
    assert game.result is None and s.hp == s.max_hp // 2
    s.hp = 0
    game.run(tyranny.tyrant_defeated, "hero1")
    assert game.result.winners == ("heroes",)


def test_dwarf_forge_call_crowns_bring_the_dwarf_general() -> None:
    game = new_game(1)
    s = game.state
    for _ in range(3):
        game.run(tyranny.spawn_troop, "dwarf")
    assert s.crowns == 0 and "dwarf" in s.generals


def test_human_royal_tax_takes_hoarded_renown() -> None:
    game = new_game(2, tyrant="human")
    s = game.state
    s.heroes["hero1"].renown, s.heroes["hero2"].renown = 4, 3
    game.run(tyranny.upkeep_phase)
    assert (s.heroes["hero1"].renown, s.heroes["hero2"].renown) == (3, 3)


def test_elven_hunt_shoots_the_most_renowned_hero_anywhere() -> None:
    game = new_game(2, tyrant="elven")
    s = game.state
    s.heroes["hero2"].renown = 3
    s.heroes["hero2"].hand.cards.clear()
    s.heroes["hero2"].tribe_ready = False
    game.run(tyranny.attack_phase)
    assert s.heroes["hero2"].hp == 6 and s.heroes["hero1"].hp == 12


def test_elven_hunt_spares_a_lone_hero() -> None:
    """House rule (RULINGS, team size): the hunt needs a rival in Renown, so a solo hero is never shot."""
    game = new_game(1, tyrant="elven")
    s = game.state
    s.heroes["hero1"].renown = 3
    game.run(tyranny.attack_phase)
    assert s.heroes["hero1"].hp == 12
    assert any("lone hero" in e.text for e in game.log)


def test_merfolk_rising_tide_moves_the_marker() -> None:
    game = new_game(1, tyrant="merfolk")
    s = game.state
    for _ in range(3):
        game.run(tyranny.spawn_troop, "merfolk")
    assert s.extra_moves == 1 and s.crowns == 0


def test_difficulty_changes_the_sheet() -> None:
    easy, hard = new_game(3, difficulty="easy"), new_game(3, difficulty="hard")
    assert (easy.state.hp, easy.state.armor) == (15, 4)
    assert (hard.state.hp, hard.state.armor, hard.state.marker) == (20, 5, 1)


def test_every_difficulty_scales_with_the_team() -> None:
    """Issue 22: easy took a flat 4 HP and 1 Royal Armor off, so a lone hero's Tyrant had 2 HP and no armour (100
    wins of 100). A level now takes a share of the team-scaled HP and never drops the armour below the team's."""
    sheets = {d: [(g.state.hp, g.state.armor) for g in (new_game(n, difficulty=d) for n in (1, 2, 3, 4, 6))]
              for d in ("easy", "normal", "hard", "legendary")}
    assert sheets["easy"][0] == (4, 1) and sheets["normal"][0] == (6, 1)
    for n in range(5):
        hp = [sheets[d][n][0] for d in ("easy", "normal", "hard", "legendary")]
        armor = [sheets[d][n][1] for d in ("easy", "normal", "hard", "legendary")]
        assert hp == sorted(hp) and hp[0] < hp[1] < hp[3] and armor == sorted(armor)
        assert armor[0] == armor[1] and armor[2] == armor[3] == armor[1] + 1


def test_a_difficulty_is_data(tmp_path: Path) -> None:
    """The level's numbers are the TOML's: a house rule that edits hp_percent changes the Tyrant."""
    from importlib import resources

    builtin = resources.files("skirmish_goblin_uprising").joinpath("data", "difficulty.toml").read_text()
    text = builtin.replace("hp_percent = 75", "hp_percent = 50")
    assert text != builtin
    (tmp_path / "difficulty.toml").write_text(text)
    game = new_game(3, difficulty="easy", content=str(tmp_path))
    assert game.state.hp == 10


def test_the_tyrant_scales_with_the_number_of_heroes() -> None:
    hp = [new_game(n).state.max_hp for n in (1, 2, 3, 4, 6)]
    armor = [new_game(n).state.armor for n in (1, 2, 3, 4, 6)]
    assert hp == [6, 12, 20, 28, 37] and armor == [1, 3, 4, 5, 6]


def test_champions_spawn_only_when_named() -> None:
    faces = RULESET.content.dice["region"].faces
    assert all(RULESET.content.region_of_face(f) != "castle" for f in faces)
