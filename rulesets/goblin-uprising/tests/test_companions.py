"""AI companions that help (issue 26): each behaviour set up by hand and the AI's choice checked.

They spend nothing on blows the Royal Armor stops, leave goals a team-mate is nearer to, still go for the scheme a
team-mate cannot reach, and heal a hurt team-mate with their guardian.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from gu_helpers import RULESET, bare_game, new_game, reask

from skirmish import Game
from skirmish.agents import AgentContext, View
from skirmish_goblin_uprising.ai import make_ai
from skirmish_goblin_uprising.combat import ask_roll
from skirmish_goblin_uprising.state import Combat

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))


def ai_answer(game: Game, player: str = "hero1") -> Any:
    ai = make_ai(AgentContext(player, 1, RULESET, {}, game.players))
    assert game.pending is not None and game.pending.player == player
    return ai.decide(View(game, player), game.pending)


def tyrant_roll(armor: int, dice: list[str], essence: int, hand: list[str]) -> Game:
    """hero1 (a Barbarian) in the castle region has rolled ``dice`` against the Tyrant with ``armor`` Royal Armor."""
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    s.board.move("hero1", "gate")
    s.armor = armor
    h.essence, h.renown, h.fury = essence, 0, 0
    h.hand.cards[:] = hand
    s.combat = Combat(hero="hero1", target="tyrant", ability="cleaving-swing", dice=dice,
                      uprisings=dice.count("Uprising"))
    game.pending = None
    game.run(ask_roll, "hero1")
    assert game.pending is not None and game.pending.kind == "roll"
    return game


def test_companion_spends_no_essence_or_goblin_on_a_strike_the_royal_armor_stops() -> None:
    """1 Star, 1 Essence result and an Uprising against 4 Royal Armor: paying the Essence (2 damage) and discarding
    the Wolf Rider (+Leadership damage) still leave it at 4 or less, so the AI strikes as it is and keeps both."""
    game = tyrant_roll(4, ["Star", "Essence", "Uprising"], essence=2, hand=["wolf-rider"])
    vals = [o.value for o in game.pending.options]
    assert "strike:1" in vals and "uprising:wolf-rider" in vals
    assert game.pending.context["armor"] == 4
    assert ai_answer(game) == "strike"


def test_companion_spends_them_when_the_strike_gets_through() -> None:
    """The same roll against 1 Royal Armor: the goblin's damage gets through, so it is spent."""
    game = tyrant_roll(1, ["Star", "Essence", "Uprising"], essence=2, hand=["wolf-rider"])
    assert ai_answer(game) == "uprising:wolf-rider"


def spread_game(hero2_at: str) -> Game:
    """hero1 (AI) at the Mountains Spawn between two armies one step away: the Tundra's (2 HP a tile, the weaker)
    and the Desert's (3 HP); hero2 stands at ``hero2_at``. Nothing else to do on the board."""
    game = bare_game()
    s = game.state
    s.troops["dragon"], s.troops["undead"] = 1, 1
    s.board.move("hero1", "mountains-spawn")
    s.board.move("hero2", hero2_at)
    reask(game)
    return game


def test_companion_goes_to_the_goal_nearest_to_it_when_nobody_else_is_near() -> None:
    game = spread_game("village-corals")
    assert ai_answer(game) == "move:tundra-spawn"  # the weaker army first


def test_companion_leaves_a_goal_a_team_mate_is_nearer_to() -> None:
    """hero2 stands on the Tundra's spawn space: the companion takes the other army (go where the others are not)."""
    game = spread_game("tundra-spawn")
    assert ai_answer(game) == "move:desert-spawn"


def quest_game(hero2_at: str) -> Game:
    """The active scheme asks for its quest token, on the Prairie Spawn (two steps from hero1 at the Desert Outer).
    Every army is gone."""
    game = bare_game()
    s = game.state
    t = RULESET.content.tyrants[s.tyrant_id]
    quest = next(sc for sc in t.schemes if sc.goal.condition == "quest")
    s.scheme = quest.id
    s.quests["prairie-spawn"] = f"scheme:{quest.id}"
    s.tokens["tundra-spawn"] = "song-of-deeds"
    s.board.move("hero1", "desert-outer")
    s.board.move("hero2", hero2_at)
    reask(game)
    return game


def test_companion_foils_the_scheme_a_team_mate_cannot_reach() -> None:
    """hero2 is nearer to the quest token but four steps away, out of a turn's reach: the companion goes for it."""
    game = quest_game("corals-spawn")
    assert ai_answer(game) in ("travel:prairie-spawn", "move:desert-spawn")


def test_companion_leaves_the_scheme_to_a_team_mate_standing_next_to_it() -> None:
    game = quest_game("prairie-outer")
    assert ai_answer(game) not in ("travel:prairie-spawn", "move:desert-spawn")


def guardian_game(guardian: str, hero2_at: str, hurt: int) -> Game:
    game = new_game(2)
    s = game.state
    s.tokens.clear()
    s.quests.clear()
    for key in s.troops:
        s.troops[key] = 0
    s.armor = 20
    h1, h2 = s.heroes["hero1"], s.heroes["hero2"]
    h1.guardian = guardian
    s.board.move("hero1", "desert-inner")
    s.board.move("hero2", hero2_at)
    h2.hp = h2.max_hp - hurt
    reask(game)
    assert "guardian" in [o.value for o in game.pending.options]
    return game


@pytest.mark.parametrize(("guardian", "hero2_at"), [("life", "tundra-outer"), ("earth", "desert-spawn")])
def test_companion_heals_a_hurt_team_mate_with_its_guardian(guardian: str, hero2_at: str) -> None:
    """The Life Guardian heals any hero, the Earth Guardian everyone in the region: with hero2 down 5 HP (hero1
    unhurt) the companion spends its 2 actions on it."""
    assert ai_answer(guardian_game(guardian, hero2_at, 5)) == "guardian"


def test_companion_keeps_its_actions_when_nobody_needs_healing() -> None:
    assert ai_answer(guardian_game("life", "tundra-outer", 2)) != "guardian"


def test_companion_heals_the_most_hurt_hero() -> None:
    game = guardian_game("life", "tundra-outer", 5)
    game.answer("guardian")
    assert game.pending.kind == "heal"
    assert ai_answer(game) == "hero:hero2"


def test_newcomer_script_plays_whole_games() -> None:
    """The scripted newcomer used to measure the companions (benchmarks/companions.py) finishes games with AI
    team-mates and plays a newcomer's habits: it battles the Tyrant in reach whatever its armor."""
    from companions import play

    for seed in range(2):
        won, rounds = play((seed, "newcomer", 4, "normal"))
        assert rounds >= 1
    from newcomer import Newcomer

    game = new_game(1)
    s = game.state
    s.board.move("hero1", "gate")
    for key in s.troops:
        s.troops[key] = 0
    s.armor = 9
    s.heroes["hero1"].hand.cards[:] = []
    s.turn.actions = 0
    reask(game)
    agent = Newcomer(AgentContext("hero1", 1, RULESET, {}, game.players))
    assert agent.decide(View(game, "hero1"), game.pending) == "battle:tyrant"


def test_companion_under_oppress_attacks_the_tyrant_when_its_goblins_get_through() -> None:
    """Under Oppress (the marker at the track's end) waiting only wears the team down: a Barbarian with 5 HP, a hand
    of damage goblins and Renown to Rally them battles a Tyrant behind 6 Royal Armor, counting its other goblins as
    prevention for the first strike. Without Oppress the same hero adventures (too hurt)."""
    from skirmish_goblin_uprising.ai import GoblinAI

    for oppress, deed in ((True, "battle:tyrant"), (False, "adventure")):
        game = new_game(1)
        s = game.state
        h = s.heroes["hero1"]
        s.board.move("hero1", "gate")
        for key in s.troops:
            s.troops[key] = 0
        s.armor, s.oppress = 6, oppress
        h.hp, h.renown, h.essence = 5, 20, 0
        h.hand.cards[:] = ["wolf-rider", "wolf-rider", "spear-goblin", "tunnel-sapper", "trickster", "trickster",
                           "shield-goblin", "shield-goblin"]
        s.turn.actions = 0
        reask(game)
        ai = make_ai(AgentContext("hero1", 1, RULESET, {}, game.players))
        assert isinstance(ai, GoblinAI)
        h.abilities = [a.id for a in RULESET.content.classes[h.cls].abilities]  # nothing left to train
        h.guardian = "fire"
        reask(game)
        for _ in range(5):  # free choices first (a Recruit), then the deed: in one chained answer (GU-S7)
            choice = ai.decide(View(game, "hero1"), game.pending)
            if isinstance(choice, list):
                assert choice[0] == "recruit"
                choice = choice[-1]
                break
            if choice in ("battle:tyrant", "adventure"):
                break
            assert choice == "recruit"
            h.hand.cards.pop()  # (keep the hand as set up)
            game.answer(choice)
        assert choice == deed, oppress
