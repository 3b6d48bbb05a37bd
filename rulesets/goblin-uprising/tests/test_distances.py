"""Every distance the book uses, measured as it defines it (issue 27; README "Distances"): one test per rule.

The book measures in spaces (Move 1: an adjacent space; tokens: the same space) and regions (targets, players,
Aggressive and Cleave attacks: the same region); it has no inches and no line of sight.
"""

from __future__ import annotations

from gu_helpers import RULESET, answer, new_game, reask, values

from skirmish_goblin_uprising import tyranny
from skirmish_goblin_uprising.combat import battle_targets

C = RULESET.content


def test_move_1_reaches_exactly_the_adjacent_spaces() -> None:
    """Move 1: from the hero's space to a space adjacent to it on the board (its adjacency pairs)."""
    game = new_game(1)
    game.state.board.move("hero1", "mountains-spawn")
    reask(game)
    moves = {v[5:] for v in values(game) if v.startswith("move:")}
    assert moves == set(C.rmap.neighbours("mountains-spawn"))
    assert "gate" not in moves  # two moves away (via Mountains Inner)


def test_battle_targets_are_the_enemies_in_the_heros_region() -> None:
    """Battle / Combat: a target in the hero's region (the region of the hero's space), wherever in it."""
    game = new_game(1)
    s = game.state
    s.board.move("hero1", "mountains-outer")  # the dwarves stand on Mountains Spawn: same region
    assert "troop:dwarf" in battle_targets(game, s.heroes["hero1"])
    assert "troop:dragon" not in battle_targets(game, s.heroes["hero1"])  # the Desert: next region
    s.board.move("hero1", "mountains-inner")  # next to the Gate, but the Castle is another region
    assert "troop:champion" not in battle_targets(game, s.heroes["hero1"])


def test_a_hero_in_a_village_has_no_region_and_no_target() -> None:
    """Villages lie on the board's edge, outside the regions: nothing can be battled from one."""
    game = new_game(1)
    s = game.state
    assert s.board.where("hero1") == "village-mountains"
    assert battle_targets(game, s.heroes["hero1"]) == []


def test_tokens_are_taken_only_on_their_own_space() -> None:
    """Interact / Regions: exploration and quest tokens only from the same space."""
    game = new_game(1)
    s = game.state
    s.board.move("hero1", "mountains-outer")
    s.tokens.clear()
    s.tokens["mountains-spawn"] = "song-of-deeds"  # adjacent: not offered
    reask(game)
    assert not any(v.startswith("interact") for v in values(game))
    s.tokens["mountains-outer"] = "song-of-deeds"
    reask(game)
    assert any(v.startswith("interact") for v in values(game))


def test_players_interact_only_within_their_region() -> None:
    """Regions: players interact with players in their region (a Battle against a hero; help, GU-32)."""
    game = new_game(2)
    s = game.state
    s.board.move("hero1", "mountains-outer")
    s.board.move("hero2", "desert-spawn")  # adjacent to Mountains Spawn, but another region
    assert "hero:hero2" not in battle_targets(game, s.heroes["hero1"])
    s.board.move("hero2", "mountains-inner")
    assert "hero:hero2" in battle_targets(game, s.heroes["hero1"])


def test_aggressive_enemies_attack_every_hero_in_their_region_only() -> None:
    """Attack phase / Aggressive: "everyone in the region" of the attacker (the Champion: the City and Castle)."""
    game = new_game(2)
    s = game.state
    s.board.move("hero1", "throne")  # the Castle region, another space than the Champion's Gate
    s.board.move("hero2", "mountains-inner")  # adjacent to the Gate, another region
    s.heroes["hero1"].hand.cards[:] = []
    s.heroes["hero2"].hand.cards[:] = []
    hp = (s.heroes["hero1"].hp, s.heroes["hero2"].hp)
    game.load_dice(["+1"])
    game.run(tyranny.attack_phase)
    assert s.heroes["hero1"].hp < hp[0] and s.heroes["hero2"].hp == hp[1]


def test_spawns_go_on_the_regions_marked_space() -> None:
    """Spawning: a general is placed on the marked (spawn) space of its region."""
    game = new_game(1)
    game.run(tyranny.spawn_general, "dwarf")
    assert game.state.board.where("general:dwarf") == C.spawn_space(C.generals["dwarf"].region)


def test_free_moves_count_moves_along_the_adjacency() -> None:
    """A free move of up to N spaces (Spear Goblin 1, Wolf Rider 2, Wind Tribe 3): spaces at most N moves away."""
    game = new_game(1)
    s = game.state
    s.board.move("hero1", "mountains-spawn")
    s.heroes["hero1"].hand.cards[:] = ["wolf-rider"]
    reask(game)
    answer(game, "goblin:wolf-rider")
    offered = {v[6:] for v in values(game) if v.startswith("space:")}
    assert offered == set(C.rmap.within("mountains-spawn", 2)) - {"mountains-spawn"}
    assert "gate" in offered and "throne" not in offered  # 2 and 3 moves away
