"""Cards the book allows "at any time" (issue 27): each played at the earliest and the latest moment the text allows.

Goblins: "at any time during the hero's turn" - from the turn's first choice to the moment after its heroic deed
(Hex Weaver's extra action: up to the choice of the deed, the last moment an action can be spent). Tribe cards "at
any moment" - heal to full and the free move from the game's first choice to the Tyrant's last attack; River's
actions from the first choice to the choice of the deed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from gu_helpers import RULESET, new_game, reask, values

from skirmish import Game
from skirmish_goblin_uprising.anytime import AFTER_EFFECTS, DEED_EFFECTS

GOBLINS = RULESET.content.goblins


def window(game: Game) -> str:
    d = game.pending
    return (d.context or {}).get("window", "") if d is not None and d.kind == "respond" else ""


def drive(game: Game, stop: Callable[[Game], bool], limit: int = 300) -> None:
    """Play on plainly (take damage, strike, pass windows, adventure alone, green side) until ``stop``."""
    for _ in range(limit):
        if stop(game):
            return
        vals = values(game)
        pick = next((v for v in ("take", "pass", "end", "roll", "done", "green") if v in vals), None)
        if pick is None:
            pick = next((v for v in vals if str(v).startswith("strike")), vals[0])
        game.answer(pick)
    raise AssertionError(f"not reached within {limit} answers (pending: {game.pending and game.pending.kind})")


def usable_hero(game: Game, card: str) -> Any:
    """hero1 in the Mountains next to a token, hurt, without Essence, holding ``card`` (its effect can act)."""
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards[:] = [card]
    h.hp, h.essence, h.tribe_ready = h.max_hp - 4, 0, False
    s.board.move("hero1", "mountains-spawn")
    s.tokens["mountains-inner"] = "song-of-deeds"
    reask(game)
    return h


def load_battle(game: Game, first: list[str] | None = None) -> None:
    """hero1's strike misses (but for ``first``), the army's counter-attack rolls +1."""
    n = RULESET.content.classes["barbarian"].ability("cleaving-swing").dice
    dice = (first or []) + ["Blank"] * n
    game.load_dice([*dice[:n], "+1"])


def played(game: Game, card: str, h: Any) -> None:
    """Play ``card`` from the pending decision and check it left the hand for the discard pile."""
    game.answer(f"goblin:{card}")
    if game.pending is not None and game.pending.kind in ("free-move", "reach", "discard"):
        game.answer(values(game)[0])
    assert card not in h.hand.cards and card in game.state.goblins.discard_pile


@pytest.mark.parametrize("card", list(GOBLINS))
def test_goblin_hero_turn_effect_earliest_moment_is_the_turns_first_choice(card: str) -> None:
    game = new_game(1)
    h = usable_hero(game, card)
    assert game.pending.kind == "action" and game.state.turn.actions == 3  # nothing done yet this turn
    played(game, card, h)


@pytest.mark.parametrize("card", [g for g, spec in GOBLINS.items() if spec.turn.effect in AFTER_EFFECTS])
def test_goblin_hero_turn_effect_latest_moment_is_after_the_battle(card: str) -> None:
    game = new_game(1)
    h = usable_hero(game, card)
    game.answer("end")
    load_battle(game)
    game.answer("battle:troop:dwarf")
    drive(game, lambda g: window(g) == "after the battle")
    assert game.pending.player == "hero1" and game.state.battle is None  # the battle and its rewards are over
    played(game, card, h)


def test_goblin_hero_turn_effect_latest_moment_is_after_the_adventure() -> None:
    game = new_game(1)
    h = usable_hero(game, "scavenger")
    game.state.adventures.put_top("crossroads-shrine")  # no roll: choose a side
    game.answer("end")
    game.answer("adventure")
    drive(game, lambda g: window(g) == "after the adventure")
    hp = h.hp
    played(game, "scavenger", h)
    assert h.hp == min(h.max_hp, hp + 2)


def test_goblin_essence_played_before_the_first_strike_pays_for_an_essence_result() -> None:
    game = new_game(1)
    h = usable_hero(game, "goblin-shaman")
    game.answer("end")
    load_battle(game, ["Essence"])
    game.answer("battle:troop:dwarf")
    drive(game, lambda g: window(g) == "before the battle's first strike")
    played(game, "goblin-shaman", h)
    assert h.essence == 1
    drive(game, lambda g: g.pending.kind == "roll")
    assert any("pay 1 Essence" in o.label for o in game.pending.options)


def test_goblin_extra_action_latest_moment_is_the_choice_of_the_deed() -> None:
    game = new_game(1)
    h = usable_hero(game, "hex-weaver")
    h.hand.cards.append("goblin-shaman")  # so that the window after the battle opens
    game.answer("end")
    assert game.state.turn.actions == 0 and "goblin:hex-weaver" in values(game)  # the deed's choice
    load_battle(game)
    game.answer("battle:troop:dwarf")
    drive(game, lambda g: window(g) == "after the battle")
    assert "goblin:hex-weaver" not in values(game) and "goblin:goblin-shaman" in values(game)
    assert "extra_action" not in DEED_EFFECTS


def test_goblins_are_not_offered_in_another_heros_turn() -> None:
    game = new_game(2)
    s = game.state
    s.heroes["hero2"].hand.cards[:] = ["goblin-shaman"]
    s.heroes["hero2"].essence = 0
    s.heroes["hero2"].tribe_ready = False
    s.heroes["hero1"].hand.cards[:] = ["goblin-shaman"]
    s.heroes["hero1"].essence = 0
    s.adventures.put_top("crossroads-shrine")
    reask(game)
    game.answer("end")
    game.answer("adventure")
    drive(game, lambda g: window(g) == "after the adventure")
    assert game.pending.player == "hero1"  # hero2 holds a goblin too, but it is not hero2's turn
    game.answer("pass")
    assert not (window(game) and game.pending.player == "hero2")


def tribe_game(tribe: str) -> Game:
    game = new_game(1, heroes={"hero1": {"tribe": tribe}})
    h = game.state.heroes["hero1"]
    h.hand.cards[:] = []
    h.hp = 1  # any hit fells the hero
    return game


@pytest.mark.parametrize("tribe", ["moss", "wind", "river"])
def test_tribe_card_earliest_moment_is_the_games_first_choice(tribe: str) -> None:
    game = tribe_game(tribe)
    reask(game)
    assert game.round == 1 and game.state.turn.actions == 3 and "tribe" in values(game)


@pytest.mark.parametrize("tribe", ["moss", "wind"])
def test_tribe_card_latest_moment_is_before_the_tyrants_last_attack(tribe: str) -> None:
    game = tribe_game(tribe)
    s = game.state
    s.board.move("hero1", "gate")  # the City and Castle: its Champion attacks in the Attack phase
    s.adventures.put_top("crossroads-shrine")
    reask(game)
    game.answer("end")
    game.answer("adventure")
    drive(game, lambda g: g.phase == "attack" and window(g).startswith("before"))
    assert "tribe" in values(game)
    game.answer("tribe")
    h = s.heroes["hero1"]
    if tribe == "wind":  # the free move takes the hero out of the Champion's region before it attacks
        game.answer("space:mountains-inner")
        assert s.board.where("hero1") == "mountains-inner"
    else:  # healed to full before the hit: the hero stands
        assert s.board.where("hero1") == "gate" and h.hp > 1
    assert h.falls == 0 and not h.tribe_ready


def test_river_tribe_latest_moment_is_the_choice_of_the_deed() -> None:
    game = tribe_game("river")
    reask(game)
    game.answer("end")
    assert game.state.turn.actions == 0 and "tribe" in values(game)
    game.answer("tribe")
    assert game.state.turn.actions == 2


def test_any_time_windows_ask_only_heroes_with_something_to_play() -> None:
    from skirmish.testing import check_response_windows

    for seed in range(3):
        check_response_windows(RULESET, seed)


def test_fire_tribe_latest_moment_is_a_counter_attack_roll_in_the_tyrants_turn() -> None:
    """The Fire Tribe's reroll ("once during this turn"): the earliest roll is the holder's first (the battle of
    `test_fire_tribe_rerolls_the_failed_dice`); the latest is its counter-attack in the Tyrant's Attack phase."""
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards[:] = []
    s.board.move("hero1", "gate")  # the Champion there attacks in the Attack phase
    s.adventures.put_top("crossroads-shrine")
    reask(game)
    game.answer("end")
    game.answer("adventure")
    drive(game, lambda g: g.pending.kind == "roll")  # (seed 1: the counter-attack rolls failed dice)
    assert game.phase == "attack" and "reroll" in values(game)
    game.load_dice(["Star"] * sum(d == "Blank" for d in s.combat.dice))
    game.answer("reroll")
    assert not h.tribe_ready and s.combat is not None and "Blank" not in s.combat.dice


def test_wind_tribe_is_not_offered_to_a_hero_inside_a_combat() -> None:
    """A hero in a combat stays in it: its free move (Wind Tribe) is offered before the battle and after it."""
    game = new_game(1, heroes={"hero1": {"tribe": "wind"}})
    h = usable_hero(game, "goblin-shaman")
    h.tribe_ready = True
    reask(game)
    assert "tribe" in values(game)
    game.answer("end")
    load_battle(game)
    game.answer("battle:troop:dwarf")
    drive(game, lambda g: window(g) == "before the battle's first strike")
    assert "goblin:goblin-shaman" in values(game) and "tribe" not in values(game)
    drive(game, lambda g: window(g) == "after the battle")
    assert "tribe" in values(game)


def test_any_time_window_holds_only_heroes_who_may_play_there() -> None:
    """A window (here the Tyranny phase's tribe moment, and a deed moment in hero1's turn) is opened over the heroes
    who may play something there: face-up any-moment tribe cards (Moss, Wind) and the turn hero's goblins whose
    effect works then; with none, no window is opened (the heroes left out would have passed unasked). A tribe card
    that could do nothing now (a full heal at full Health, a free move inside a combat) puts nobody in a window."""
    from skirmish.windows import Window
    from skirmish_goblin_uprising.anytime import open_moment
    from skirmish_goblin_uprising.state import Battle

    game = new_game(5)  # tribes: fire, stone, moss, river, wind
    s = game.state
    s.heroes["hero5"].tribe_ready = False  # Wind exhausted
    for h in s.heroes.values():
        h.hand.cards[:] = []

    def opened(kind: str) -> tuple[str, ...] | None:
        before = len(game.stack)
        open_moment(game, "a moment", kind)
        if len(game.stack) == before:
            return None
        step = game.stack.pop()
        game._step_causes.pop()
        assert isinstance(step, Window)
        return step.players

    moss = s.heroes["hero3"]
    assert opened("tribe") is None  # Moss heals to full: hero3 is not hurt, so the card could do nothing
    moss.hp = moss.max_hp - 2
    assert opened("tribe") == ("hero3",)  # Moss only: Fire, Stone, River do not act at any moment
    s.heroes["hero3"].tribe_ready = False
    assert opened("tribe") is None
    turn = s.turn.hero
    h = s.heroes[turn]
    h.hand.cards[:] = ["goblin-shaman"]  # its hero-turn effect (+1 Essence) works during a deed
    assert DEED_EFFECTS & {GOBLINS["goblin-shaman"].turn.effect}
    h.essence = h.max_essence - 1
    assert opened("deed") == (turn,)
    assert opened("tribe") is None  # goblins are not played outside the hero turn's moments
    h.essence = h.max_essence  # the Essence would be wasted: the card is not offered, so the hero is not asked
    assert opened("deed") is None
    s.heroes["hero3"].tribe_ready = True
    assert opened("deed") == ("hero3",)  # Moss only: the turn hero's goblin would do nothing
    s.heroes["hero3"].tribe_ready = False
    s.heroes["hero5"].tribe_ready = True  # Wind's free move
    assert opened("tribe") == ("hero5",)
    s.battle = Battle(heroes=["hero5"])
    assert opened("tribe") is None  # a hero in a combat stays in it: the free move could not be taken
    s.battle = Battle(heroes=["hero1"])
    assert opened("tribe") == ("hero5",)  # another hero's combat: hero5 may still move


def test_ai_gives_a_standing_pass_in_any_time_windows_and_is_not_asked_there_again() -> None:
    """The AI plays its goblins and tribe card from the hero-turn menu: at its first any-time window it gives core's
    standing pass, and no later any-time window asks it (a help invitation still does)."""
    from skirmish.agents import AgentContext, View
    from skirmish.windows import PASS_STANDING
    from skirmish_goblin_uprising.ai import make_ai

    asked: dict[str, list[str]] = {}
    for seed in (3, 4):
        game = new_game(4, seed=seed)
        ais = {p: make_ai(AgentContext(p, seed + i, RULESET, {}, game.players)) for i, p in enumerate(game.players)}
        while game.pending is not None:
            d = game.pending
            answer = ais[d.player].decide(View(game, d.player), d)
            if window(game) and d.rule == "Any time":
                asked.setdefault(f"{seed}/{d.player}", []).append(answer)
            game.answer(answer, d.player)
    assert asked and all(answers == [PASS_STANDING] for answers in asked.values()), asked
