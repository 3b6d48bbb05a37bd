"""Chaos of War: the three D66 tables, rolling / choosing / re-rolling at set-up, and each playable entry."""

from __future__ import annotations

from typing import Any

import hob_bench
import pytest
from hob_bench import run, unit

from skirmish import Game, SetupError
from skirmish_hobgoblin import stats
from skirmish_hobgoblin.chaos import check_spec, d66, describe, find, tables
from skirmish_hobgoblin.chaos import rules as chaos

RED = [{"name": "Gen", "x": 20, "y": 10}]
BLUE = [{"name": "Foe", "x": 60, "y": 40}]


def battle(spec: Any, *, dice: list[int] | None = None) -> Game:
    """A bench battle whose set-up names ``spec`` as its chaos; the entries are applied with loaded dice."""
    game = hob_bench.battle(RED, BLUE)
    game.setup["chaos"] = spec
    run(game, chaos.game_start, dice=dice)
    return game


def _names(game: Game) -> list[str]:
    return [e.name for e in chaos.active(game)]


def test_the_tables_have_10_13_and_24_entries_covering_every_d66_result():
    t = tables()
    assert (len(t["battlefield"]), len(t["deployment"]), len(t["twists"])) == (10, 13, 24)
    for name in t:
        hits = [d66(a * 10 + b, name).id for a in range(1, 7) for b in range(1, 7)]
        assert set(hits) == set(t[name])


def test_d66_reads_tens_then_units():
    g = battle({"battlefield": 1}, dice=[6, 4])
    assert _names(g) == ["Tunnels"]
    assert g.state.pieces[-1].has("impassable")  # the divide between the two sections


def test_chaos_roll_gives_d3_battlefield_one_deployment_one_twist():
    g = battle("roll", dice=[5, 1, 1, 2, 1, 1, 1, 1, 1])  # D3=3; 11, 21, 11 (taken: again) ... ; deployment 11
    kinds = [e.table for e in chaos.active(g)]
    assert kinds.count("battlefield") == 3 and kinds.count("deployment") == 1 and kinds.count("twists") == 1


def test_chosen_entries_by_name():
    g = battle({"twists": ["To The Last", "torches-burning-low"]})
    assert _names(g) == ["To The Last", "Torches Burning Low"]


def test_rerolled_entries_are_rolled_again():
    g = battle({"twists": 1, "reroll": ["smoke-and-darkness"]}, dice=[1, 1, 3, 1])
    assert _names(g) == ["To The Last"]


def test_bad_chaos_set_up_is_one_clear_error(ruleset):
    with pytest.raises(SetupError, match="unknown Chaos of War twists entry"):
        check_spec({"twists": ["Cheese"]})
    with pytest.raises(SetupError, match="unknown key"):
        check_spec({"weather": "roll"})
    setup = ruleset.default_setup()
    setup["chaos"] = {"battlefield": "lots"}
    with pytest.raises(SetupError):
        ruleset.check_setup(setup)


def test_describe_prints_a_rolled_battle():
    text = describe([find("battlefield", "tunnels"), find("twists", "to-the-last")])
    assert "Tunnels" in text and "not played yet" not in text and "To The Last" in text


# ------------------------------------------------------------------------------ Battlefield


def _pieces(game: Game, name: str) -> list[Any]:
    return [p for p in game.state.pieces if p.name == name]


def _placed_by_players(game: Game, answers: list[dict[str, float]], dice: list[int] | None = None) -> list[str]:
    """Run the before-deployment placements, answering each question; returns who was asked."""
    from skirmish_hobgoblin.chaos import battlefield_pieces

    run(game, battlefield_pieces.before, dice=dice)
    asked = []
    for a in answers:
        asked.append(game.pending.player)
        game.answer(a)
    return asked


def test_high_ground_each_player_places_one_elevated_piece_anywhere():
    g = battle({"battlefield": ["high-ground"]})
    asked = _placed_by_players(g, [{"x": 30.0, "y": 40.0}, {"x": 50.0, "y": 10.0}])
    assert asked == ["red", "blue"]
    ps = _pieces(g, "High Ground")
    assert len(ps) == 2 and all(p.has("elevated") for p in ps)
    assert sum(q[1] for q in ps[0].points) / 4 == 40.0  # anywhere: red's hill in blue's half


def test_watch_tower_the_roll_off_winner_places_it_on_the_centreline():
    g = battle({"battlefield": ["watch-tower"]})
    asked = _placed_by_players(g, [{"x": 20.0, "y": 24.0}], dice=[3, 3, 2, 5])  # a tie, then blue wins
    assert asked == ["blue"]
    (p,) = _pieces(g, "Watch Tower")
    assert {"impassable", "elevated", "blocking"} <= set(p.keywords)
    assert sum(q[1] for q in p.points) / 4 == g.state.depth / 2 and sum(q[0] for q in p.points) / 4 == 20.0


def test_lodestone():
    g = battle({"battlefield": ["lodestone"]})
    assert _pieces(g, "Lodestone") and g.stash["hobgoblin-chaos"]["lodestone"]["discount"] == 1
    assert g.stash["hobgoblin-chaos"]["lodestone"]["size"] == 3.0  # H-M8 measures to the piece, so keep its size


def test_founts_of_magma_each_player_in_their_own_half_8_inches_from_edges_and_centreline():
    g = battle({"battlefield": ["founts-of-magma"]})
    from skirmish_hobgoblin.chaos import battlefield_pieces

    run(g, battlefield_pieces.before)
    assert g.pending.validator(g, {"x": 30.0, "y": 20.0})  # red (south): within 8" of the centreline
    g.answer({"x": 30.0, "y": 12.0})
    assert g.pending.validator(g, {"x": 30.0, "y": 12.0})  # blue: not in its own half
    g.answer(g.pending.examples[0])
    ps = _pieces(g, "Founts of Magma")
    ys = sorted(sum(q[1] for q in p.points) / 4 for p in ps)
    assert len(ps) == 2 and ys[0] < g.state.depth / 2 < ys[1] and all(p.has("perilous") for p in ps)


# ------------------------------------------------------------------------------ Twists


def test_smoke_and_darkness():
    assert battle({"twists": ["smoke-and-darkness"]}).state.notes["sight-limit"] == 12


def test_easy_underfoot():
    g = battle({"twists": ["easy-underfoot"]})
    assert unit(g, "Gen").value("Swift") == 2


def test_underground_mercury_lake():
    g = battle({"twists": ["underground-mercury-lake"]})
    run(g, chaos.phase_start, "Magic")
    assert g.state.sides["red"].mercury == 3 and g.state.sides["blue"].mercury == 3


def test_quicksilver_spring():
    g = battle({"twists": ["quicksilver-spring"]})
    assert g.state.sides["red"].mercury == 6


def test_to_the_last():
    g = battle({"twists": ["to-the-last"]})
    assert unit(g, "Gen").courage_bonus == 3


def test_bitter_cold():
    g = battle({"twists": ["bitter-cold"]})
    run(g, chaos.phase_start, "Initiative")
    run(g, chaos.phase_start, "Initiative")
    assert unit(g, "Foe").courage_bonus == -2


def test_exhausted_forces():
    g = battle({"twists": ["exhausted-forces"]})
    assert not unit(g, "Gen").has("Command")


def test_hand_of_fate():
    g = battle({"twists": ["hand-of-fate"]})
    run(g, chaos.phase_start, "Initiative")
    assert len(g.state.sides["red"].hand.cards) == 1


def test_no_quarter():
    g = battle({"twists": ["no-quarter"]})
    foe = unit(g, "Foe")
    foe.doom = 30
    stats.refresh(g, foe)
    run(g, chaos.phase_start, "Doom")
    from skirmish_hobgoblin import turns

    run(g, turns._remove_broken)
    assert foe.in_play
    run(g, chaos.phase_end, "Doom")
    assert "no-removal" not in g.state.notes


def test_torches_burning_low():
    assert battle({"twists": ["torches-burning-low"]}).state.notes["extra-rounds"] == -1


def test_til_the_bitter_end():
    assert battle({"twists": ["til-the-bitter-end"]}).state.notes["extra-rounds"] == 1



def _picks(entry: str, names: list[str]) -> Game:
    g = hob_bench.battle(RED + [{"name": "Pal", "x": 40, "y": 10, "general": False, "battle_standard": False}], BLUE)
    g.setup["chaos"] = {"twists": [entry]}
    run(g, chaos.game_start)
    run(g, chaos.phase_start, "Initiative")
    for n in names:
        g.answer(f"pick {unit(g, n).id}")
    return g


def test_champions():
    g = _picks("champions", ["Gen", "Pal"])
    assert unit(g, "Pal").value("Hero") == 1 and unit(g, "Gen").value("Hero") >= 1


def test_assassins_secret_until_the_first_combat_phase_it_fights_in():
    g = _picks("assassins", ["Pal"])
    pal = unit(g, "Pal")
    assert not pal.has("Hero")
    noted = [e for e in g.log.events if "secretly notes" in e.text]
    assert noted and noted[0].visible_to == ("red",) and "Pal" not in noted[0].public_text
    run(g, chaos.phase_start, "Combat")
    assert not pal.has("Hero")  # not engaged: still secret
    foe = unit(g, "Foe")
    foe.x, foe.y, foe.facing = pal.x, pal.y + (pal.depth + foe.depth) / 2, 270.0
    run(g, chaos.phase_start, "Combat")
    assert pal.value("Hero") == 4


def test_soldiers_of_renown():
    assert _picks("soldiers-of-renown", ["Pal"]).state.units[unit(_picks("soldiers-of-renown", ["Pal"]), "Pal").id] \
        .has("Elite")


def test_cauldron_of_magic_potion():
    g = _picks("cauldron-of-magic-potion", ["Pal"])
    assert unit(g, "Pal").has("Brutal")



def _panic_game(entry: str) -> Game:
    g = hob_bench.battle(RED + [{"name": "Pal", "x": 28, "y": 10, "general": False, "battle_standard": False}], BLUE)
    g.setup["chaos"] = {"twists": [entry]}
    run(g, chaos.game_start)
    gen = unit(g, "Gen")
    gen.doom = 30
    stats.refresh(g, gen)
    from skirmish_hobgoblin import turns

    run(g, turns._panic_step)
    return g


def test_desperate_fighting():
    assert unit(_panic_game("desperate-fighting"), "Pal").doom == 0


def test_haunting_voices():
    assert unit(_panic_game("haunting-voices"), "Pal").doom == 2


def test_a_whole_game_with_chaos_through_the_installed_hooks():
    from skirmish import AgentContext, RandomAgent, View
    from skirmish.plugins import Registry
    from skirmish_hobgoblin.agents import make_ai

    ruleset = Registry().ruleset("hobgoblin")
    setup = {"players": ["red", "blue"], "layout": "open-ground",
             "chaos": {"battlefield": ["the-columns", "lodestone"], "deployment": "roll",
                       "twists": ["to-the-last", "hand-of-fate", "torches-burning-low", "bitter-cold"]}}
    game = Game(ruleset, setup, seed=5)
    agents = {"red": make_ai(AgentContext("red", 1, ruleset, {}, game.players)),
              "blue": RandomAgent(AgentContext("blue", 2, ruleset, {}, game.players))}
    while game.pending is not None:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert game.result is not None and game.round <= 4
    assert any(e.kind == "chaos" for e in game.log.events)
