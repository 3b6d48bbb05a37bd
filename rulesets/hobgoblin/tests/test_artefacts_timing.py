"""Cursed Artefacts: Quicksilver Dice spent in Force of Will, and each keyword's printed timing."""

from __future__ import annotations

from hob_bench import run, unit
from test_artefacts import FOE, GEN, battle

from skirmish_hobgoblin import attacks, turns
from skirmish_hobgoblin.artefacts import rules as art

HEART = "The Horologist's Heart"


def _fight_ready(red_art: str = HEART):
    foe = {"name": "Foe", "x": 20, "y": 10 + 60 / 25.4}
    return battle([GEN], [foe], red_art=red_art)


def test_quicksilver_turns_a_missed_die_to_the_spent_dice_face():
    game = _fight_ready()
    game.state.sides["red"].mercury = 1
    run(game, art.sync_quicksilver, "red", dice=[6])
    gen, foe = unit(game, "Gen"), unit(game, "Foe")
    run(game, attacks.attack, gen, foe, 2, attacks.COMBAT, "Combat", dice=[1, 2])
    d = game.pending
    assert d.kind == "force-of-will" and "quicksilver 6" in {o.value for o in d.options}
    game.answer("quicksilver 6")
    assert foe.doom == 1 and game.state.sides["red"].mercury == 0 and art.quicksilver_dice(game, "red") == []


def test_quicksilver_dice_that_would_miss_are_not_offered_for_turning():
    game = _fight_ready()
    game.state.sides["red"].mercury = 1
    run(game, art.sync_quicksilver, "red", dice=[1])
    gen, foe = unit(game, "Gen"), unit(game, "Foe")
    run(game, attacks.attack, gen, foe, 1, attacks.COMBAT, "Combat", dice=[2])
    assert not any(o.value.startswith("quicksilver") for o in game.pending.options)
    assert "mercury" in {o.value for o in game.pending.options}  # a plain re-roll still spends the die


def test_quicksilver_spending_mercury_gives_up_the_lowest_dice_first():
    game = _fight_ready()
    game.state.sides["red"].mercury = 3
    run(game, art.sync_quicksilver, "red", dice=[2, 6, 4])
    game.state.sides["red"].mercury -= 2  # a Making cast with 2 of them, say
    art.sync_quicksilver(game, "red")
    assert art.quicksilver_dice(game, "red") == [6]


def test_quicksilver_mercury_gained_while_the_bearer_is_away_stays_plain():
    game = _fight_ready()
    gen = unit(game, "Gen")
    gen.status = "aside"
    game.state.sides["red"].mercury = 2
    art.sync_quicksilver(game, "red")
    gen.status = "ready"
    game.state.sides["red"].mercury = 3
    run(game, art.sync_quicksilver, "red", dice=[5])
    assert art.quicksilver_dice(game, "red") == [5]
    game.state.sides["red"].mercury = 2  # plain tokens go first
    art.sync_quicksilver(game, "red")
    assert art.quicksilver_dice(game, "red") == [5]


def test_quicksilver_income_arrives_as_dice_before_casting():
    from skirmish_hobgoblin.magic import casting

    game = battle([GEN], [FOE], red_art=HEART)
    n = turns.mercury_income(game, "red")
    game.state.sides["red"].mercury += n
    game.load_dice([4] * n)
    casting.cast_options(game, "red")
    assert art.quicksilver_dice(game, "red") == [4] * n


WHISTLE = "The Wretched Whistle"


def test_dissonant_echoes_draws_when_the_unit_becomes_broken_and_again_after_a_rally():
    from skirmish_hobgoblin import stats

    game = battle([GEN], [FOE], red_art=WHISTLE)
    gen, hand = unit(game, "Gen"), game.state.sides["blue"].hand.cards
    stats.add_doom(game, gen, 30, "test")  # at once, not at the next phase start
    assert len(hand) == 5
    art.dissonant_echoes(game)
    assert len(hand) == 5
    stats.discard_doom(game, gen, 30, "test")
    art.dissonant_echoes(game)
    stats.add_doom(game, gen, 30, "test")
    assert len(hand) == 10


def test_abyssal_piping_cowardly_while_within_4_only():
    game = battle([GEN], [{"name": "Foe", "x": 20, "y": 10 + 60 / 25.4 + 3, "facing": 270}], red_art=WHISTLE)
    foe = unit(game, "Foe")
    run(game, art.abyssal_piping)
    assert foe.has("Cowardly")
    foe.y += 10
    art.abyssal_piping(game)
    assert not foe.has("Cowardly")


def test_abyssal_piping_checked_when_a_movement_activation_starts():
    game = battle([GEN], [{"name": "Foe", "x": 20, "y": 10 + 60 / 25.4 + 3, "facing": 270}], red_art=WHISTLE)
    foe = unit(game, "Foe")
    game.phase = "Movement"
    run(game, turns.activate_now, foe, dice=[1])
    assert any(k.source == "abyssal piping" for k in foe.keywords.get("Cowardly"))


def test_war_horn_offered_once_per_activation():
    friend = {"name": "Pal", "x": 30, "y": 10, "general": False, "battle_standard": False}
    game = battle([{**GEN, "x": 24}, friend], [{"name": "Foe", "x": 30, "y": 10 + 60 / 25.4},
                                               {"name": "Foe2", "x": 24, "y": 10 + 60 / 25.4}],
                  red_art="The Horn of the Manticore", dice=[6] * 80)
    gen = unit(game, "Gen")
    run(game, turns.fight, gen)
    game.answer("keep")
    game.answer("keep")
    run(game, turns.fight, gen)  # the same activation asked again (as after a refused Bold Challenge)
    assert game.pending is None or game.pending.rule != "War Horn"
