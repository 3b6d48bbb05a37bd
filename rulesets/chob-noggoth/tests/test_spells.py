"""Casting spells: the target table, the effect table, the caster's choices and the stop test."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from helpers_spells import events, idle, make_game, piece, run, warrior  # noqa: E402

from skirmish_chob_noggoth import spells, warrior_profile  # noqa: E402
from skirmish_chob_noggoth.state import DEAD, FLED, READY  # noqa: E402

# target rolls
SELF, RANDOM_ALLY, CLOSEST_ALLY, CLOSEST_ENEMY, RANDOM_ENEMY, ANY = 1, 2, 3, 4, 5, 6
# effect rolls
HEAL, HARM, LINE, MORALE, TRANSFORM, CHOOSE = 1, 2, 3, 4, 5, 6


def mage(**kw):
    return warrior("mage", "red", "Mage", x=5, y=12, **kw)


def cast(game, target_roll, effect_roll, *more):
    game.rng.load([target_roll, effect_roll, *more])
    run(game, spells.cast, "mage")


def let_go(game, *dice):
    assert game.pending.kind == "spell-stop"
    game.rng.load(dice)
    game.answer("go")
    assert idle(game)


def aimed_at(game):
    return [e.data["target"] for e in events(game, "spell-target")][-1]


# ------------------------------------------------------------------------------- targets


def test_spell_target_self_is_the_mage():
    game = make_game([mage(), warrior("foe", "blue", x=20, y=12)])
    cast(game, SELF, MORALE)
    assert aimed_at(game) == "mage"


def test_spell_target_random_ally_excludes_the_caster():
    game = make_game([mage(), warrior("pal", x=30, y=3), warrior("foe", "blue", x=20, y=12)])
    cast(game, RANDOM_ALLY, MORALE)
    assert aimed_at(game) == "pal"


def test_spell_target_random_ally_with_no_ally_falls_on_the_caster():
    game = make_game([mage(), warrior("foe", "blue", x=20, y=12)])
    cast(game, RANDOM_ALLY, MORALE)
    assert aimed_at(game) == "mage"


def test_spell_target_random_ally_is_drawn_among_the_allies():
    for seed in range(6):
        game = make_game([mage(), warrior("a", x=30, y=3), warrior("b", x=2, y=2)], seed=seed)
        cast(game, RANDOM_ALLY, MORALE)
        assert aimed_at(game) in ("a", "b")


def test_spell_target_closest_ally_is_measured_from_the_mage():
    game = make_game([mage(), warrior("far", x=20, y=12), warrior("near", x=8, y=14),
                      warrior("foe", "blue", x=6.5, y=12)])
    cast(game, CLOSEST_ALLY, MORALE)
    assert aimed_at(game) == "near"


def test_spell_target_closest_enemy_is_measured_from_the_mage():
    game = make_game([mage(), warrior("pal", x=6.5, y=12), warrior("far", "blue", x=30, y=12),
                      warrior("near", "blue", x=12, y=12)])
    cast(game, CLOSEST_ENEMY, MORALE)
    assert aimed_at(game) == "near"


def test_spell_target_closest_tie_is_settled_at_random():
    seen = set()
    for seed in range(12):
        game = make_game([mage(), warrior("e1", "blue", x=10, y=12), warrior("e2", "blue", x=5, y=17)], seed=seed)
        cast(game, CLOSEST_ENEMY, MORALE)
        seen.add(aimed_at(game))
    assert seen == {"e1", "e2"}


def test_spell_target_random_enemy_is_an_enemy():
    for seed in range(6):
        game = make_game([mage(), warrior("pal", x=6.5, y=12), warrior("e1", "blue", x=30, y=12),
                          warrior("e2", "blue", x=12, y=20)], seed=seed)
        cast(game, RANDOM_ENEMY, MORALE)
        assert aimed_at(game) in ("e1", "e2")


def test_spell_target_random_enemy_with_no_enemy_falls_on_the_caster():
    game = make_game([mage(), warrior("pal", x=6.5, y=12)])
    cast(game, RANDOM_ENEMY, MORALE)
    assert aimed_at(game) == "mage"


def test_spell_target_player_picks_any_warrior_on_the_table():
    game = make_game([mage(), warrior("pal", x=6.5, y=12), warrior("foe", "blue", x=30, y=12),
                      warrior("gone", "blue", x=20, y=20, status=DEAD)])
    cast(game, ANY, MORALE)
    d = game.pending
    assert (d.kind, d.player) == ("spell-target", "red")
    assert sorted(o.value for o in d.options) == ["foe", "mage", "pal"]
    game.answer("foe")
    assert game.pending.kind == "spell-stop"
    assert aimed_at(game) == "foe"


# ------------------------------------------------------------------------------- effects


def test_spell_effect_heal_restores_d3_wounds_capped_at_max():
    game = make_game([mage(), warrior("pal", quality="veteran", x=7, y=12, wounds=1, max_wounds=3)])
    cast(game, CLOSEST_ALLY, HEAL)
    let_go(game, 3)  # d3 of 3
    assert game.state.warriors["pal"].wounds == 3


def test_spell_effect_harm_loses_d3_wounds_with_no_save():
    game = make_game([mage(), warrior("foe", "blue", quality="veteran", x=20, y=12)])
    cast(game, CLOSEST_ENEMY, HARM)
    let_go(game, 2)  # d3 of 2 and no saving throws rolled (strict dice)
    assert game.state.warriors["foe"].wounds == 1


def test_spell_effect_harm_last_wound_rolls_on_the_table():
    game = make_game([mage(), warrior("foe", "blue", quality="bad", x=20, y=12)])
    cast(game, CLOSEST_ENEMY, HARM)
    let_go(game, 1, 5)  # one wound, then "Dead" on the Warriors table
    assert game.state.warriors["foe"].status == DEAD


def test_spell_effect_line_hits_everyone_on_the_line():
    game = make_game([mage(), warrior("pal", x=10, y=12.3), warrior("foe1", "blue", x=15, y=11.8),
                      warrior("aside", "blue", x=15, y=14), warrior("target", "blue", x=25, y=12)])
    cast(game, ANY, LINE)
    game.answer("target")
    let_go(game, 6, 6, 6)  # one save each: pal, foe1, then the target
    hit = [e.data["target"] for e in events(game, "hits")]
    assert hit == ["pal", "foe1", "target"]


def test_spell_effect_line_on_the_mage_itself_hits_only_the_mage():
    game = make_game([mage(), warrior("pal", x=6.5, y=12)])
    cast(game, SELF, LINE)
    let_go(game, 6)
    assert [e.data["target"] for e in events(game, "hits")] == ["mage"]


def test_spell_effect_morale_check_flees_on_failure():
    game = make_game([mage(), warrior("foe", "blue", x=20, y=12)])
    cast(game, CLOSEST_ENEMY, MORALE)
    let_go(game, 4, 2)  # two morale dice, no 5+
    assert game.state.warriors["foe"].status == FLED


def test_spell_effect_morale_is_ignored_by_monsters_and_the_fearless():
    game = make_game([mage(), warrior("beast", "blue", "Monster", x=20, y=12),
                      warrior("brave", "blue", x=30, y=12, rules=["Fearless"])])
    cast(game, ANY, MORALE)
    game.answer("beast")
    let_go(game)  # no dice
    cast(game, ANY, MORALE)
    game.answer("brave")
    let_go(game)
    assert game.state.warriors["beast"].status == game.state.warriors["brave"].status == READY


def test_spell_effect_transform_makes_a_monster():
    game = make_game([mage(), warrior("hero", "blue", "Hero", quality="heroic", x=20, y=12, roles=["Brawler", "Mage"],
                                      role="Mage", rules=["Accurate"], aimed=True)])
    cast(game, CLOSEST_ENEMY, TRANSFORM)
    # traits 6 (Terrifying) and 4 (Obscured), Winged 4 (gained), Gun 3 (not), wounds d3 2 + 2
    let_go(game, 6, 4, 4, 3, 2)
    w = game.state.warriors["hero"]
    assert (w.kind, w.quality, w.roles, w.role, w.mounted, w.aimed) == ("Monster", "", [], "", True, False)
    assert w.traits == ["Terrifying", "Obscured", "Winged"]
    assert (w.wounds, w.max_wounds) == (4, 4)
    assert w.rules == ["Accurate"]
    assert w.radius == 1.0
    assert warrior_profile.is_monster(w) and warrior_profile.charges_with_impact(w)


def test_spell_effect_transform_gun_on_four_plus():
    game = make_game([mage(), warrior("foe", "blue", x=20, y=12)])
    cast(game, CLOSEST_ENEMY, TRANSFORM)
    let_go(game, 1, 5, 3, 4, 1)  # Winged 3: no; Gun 4: yes; wounds 1 + 2
    w = game.state.warriors["foe"]
    assert w.traits == ["Passive Aggressive", "Magical", "Gun"]
    assert w.wounds == 3


def test_spell_effect_transform_same_trait_twice_applies_once():
    game = make_game([mage(), warrior("foe", "blue", x=20, y=12)])
    cast(game, CLOSEST_ENEMY, TRANSFORM)
    let_go(game, 3, 3, 1, 1, 1)
    assert game.state.warriors["foe"].traits == ["Hardened"]


def test_spell_effect_transform_big_adds_a_wound():
    game = make_game([mage(), warrior("foe", "blue", x=20, y=12)])
    cast(game, CLOSEST_ENEMY, TRANSFORM)
    let_go(game, 2, 6, 1, 1, 3)  # Big: 3 + 2 + 1
    assert game.state.warriors["foe"].max_wounds == 6


def test_spell_effect_transform_crowded_base_is_noted_but_kept():
    game = make_game([mage(), warrior("foe", "blue", x=20, y=12), warrior("pal", "blue", x=21.2, y=12)])
    cast(game, ANY, TRANSFORM)
    game.answer("foe")
    let_go(game, 1, 2, 1, 1, 1)
    w = game.state.warriors["foe"]
    assert w.radius == 1.0 and (w.x, w.y) == (20, 12)
    assert events(game, "crowded")


def test_spell_effect_transform_monster_becomes_bad_brawler():
    game = make_game([mage(), warrior("beast", "blue", "Monster", x=20, y=12, wounds=5, traits=["Big", "Gun"],
                                      rules=["Winged"])])
    cast(game, CLOSEST_ENEMY, TRANSFORM)
    let_go(game)
    w = game.state.warriors["beast"]
    assert (w.kind, w.quality, w.traits, w.rules, w.wounds, w.max_wounds) == ("Brawler", "bad", [], [], 1, 1)
    assert not w.mounted and w.radius == 0.5


def test_spell_effect_transform_ends_the_piggun():
    game = make_game([mage(), warrior("pig", "blue", "Monster", x=20, y=12, mercenary="piggun",
                                      traits=["Gun", "Hardened", "Terrifying"])])
    cast(game, CLOSEST_ENEMY, TRANSFORM)
    let_go(game)
    assert game.state.warriors["pig"].mercenary == ""


def test_spell_effect_caster_picks_one_of_the_five_effects():
    game = make_game([mage(), warrior("foe", "blue", x=20, y=12, quality="veteran")])
    cast(game, CLOSEST_ENEMY, CHOOSE)
    d = game.pending
    assert (d.kind, d.player) == ("spell-effect", "red")
    assert [o.value for o in d.options] == ["heal", "harm", "line", "morale", "transform"]
    game.answer("harm")
    let_go(game, 2)
    assert game.state.warriors["foe"].wounds == 1


def test_spell_choices_come_before_the_stop_decision():
    game = make_game([mage(), warrior("foe", "blue", x=20, y=12)])
    cast(game, ANY, CHOOSE)
    assert game.pending.kind == "spell-effect"
    game.answer("morale")
    assert game.pending.kind == "spell-target"
    game.answer("foe")
    assert game.pending.kind == "spell-stop"
    assert "Dread on foe" in game.pending.prompt


# ----------------------------------------------------------------------------- stop test


def test_spell_stop_test_any_six_stops_the_spell():
    game = make_game([mage(quality="veteran"), warrior("foe", "blue", x=20, y=12)])
    cast(game, CLOSEST_ENEMY, MORALE)
    game.rng.load([3, 6, 2])
    game.answer("stop")
    assert idle(game)
    assert events(game, "spell-stop")[-1].data["stopped"] is True
    assert not events(game, "spell-effect")
    assert game.state.warriors["foe"].status == READY


def test_spell_stop_test_each_one_wounds_the_mage():
    game = make_game([mage(quality="veteran"), warrior("foe", "blue", x=20, y=12)])
    cast(game, CLOSEST_ENEMY, MORALE)
    game.rng.load([1, 1, 6])
    game.answer("stop")
    assert game.state.warriors["mage"].wounds == 1
    assert not events(game, "spell-effect")


def test_spell_failed_stop_test_lets_the_spell_go_off():
    game = make_game([mage(), warrior("foe", "blue", x=20, y=12)])
    cast(game, CLOSEST_ENEMY, MORALE)
    game.rng.load([2, 3, 2, 2])  # stop dice 2 3, then the foe's morale 2 2
    game.answer("stop")
    assert game.state.warriors["foe"].status == FLED


@pytest.mark.parametrize(("quality", "kind", "dice"), [("bad", "Mage", 1), ("standard", "Mage", 2),
                                                     ("veteran", "Mage", 3), ("heroic", "Hero", 4)])
def test_spell_stop_dice_by_quality(quality, kind, dice):
    roles = {"roles": ["Mage", "Brawler"], "role": "Mage"} if kind == "Hero" else {}
    caster = warrior("mage", "red", kind, quality=quality, x=5, y=12, **roles)
    game = make_game([caster, warrior("foe", "blue", x=20, y=12)])
    cast(game, CLOSEST_ENEMY, MORALE)
    game.rng.load([6] + [3] * (dice - 1))
    game.answer("stop")
    assert [e for e in game.log.events if e.kind == "roll"][-1].data["values"] == [6] + [3] * (dice - 1)


def test_spell_goes_off_even_when_the_stop_test_slays_the_mage():
    game = make_game([mage(quality="bad"), warrior("foe", "blue", x=20, y=12)])
    cast(game, CLOSEST_ENEMY, MORALE)
    game.rng.load([1, 5, 2, 2])  # a 1: the mage's last wound, Dead on the Mage table; then the foe's morale
    game.answer("stop")
    assert game.state.warriors["mage"].status == DEAD
    assert game.state.warriors["foe"].status == FLED


def test_spell_fizzles_when_its_target_is_gone():
    game = make_game([mage(quality="bad"), warrior("foe", "blue", x=20, y=12)])
    cast(game, SELF, HARM)
    game.rng.load([1, 5])
    game.answer("stop")
    assert events(game, "spell-fizzle")


def test_spell_line_ignores_area_terrain_and_those_off_the_line():
    game = make_game([mage(), warrior("foe", "blue", x=25, y=12), warrior("aside", "blue", x=15, y=13.6)],
                     pieces=[piece("bog", 15, 12, 3)])
    cast(game, ANY, LINE)
    game.answer("foe")
    let_go(game, 6)
    assert [e.data["target"] for e in events(game, "hits")] == ["foe"]
