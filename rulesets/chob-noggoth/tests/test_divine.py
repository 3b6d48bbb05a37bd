"""Praying at shrines and the Divine Intervention step: who is heard, and every entry of the table."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from helpers_spells import content, events, idle, make_game, piece, run, warrior  # noqa: E402

from skirmish import IllegalAnswer  # noqa: E402
from skirmish.rng import GameRNG  # noqa: E402
from skirmish_chob_noggoth import divine  # noqa: E402
from skirmish_chob_noggoth.state import DEAD, FLED, READY, Shrine  # noqa: E402

#: 2D6 results as two loaded dice
TWO_D6 = {2: [1, 1], 3: [1, 2], 4: [2, 2], 5: [2, 3], 6: [3, 3], 7: [3, 4], 8: [4, 4], 9: [4, 5], 10: [5, 5],
          11: [5, 6], 12: [6, 6]}


def heard_red(game, result, *more):
    """Red alone has points: it is heard and rolls ``result`` on the 2D6 table."""
    game.state.sides["red"].divine_points = 3
    game.rng.load([*TWO_D6[result], *more])
    run(game, divine.divine_step)


def table():
    return [warrior("r1", "red", x=5, y=3), warrior("r2", "red", x=12, y=3, wounds=1, max_wounds=2),
            warrior("b1", "blue", x=5, y=21), warrior("b2", "blue", x=12, y=21)]


def w(game, wid):
    return game.state.warriors[wid]


# ------------------------------------------------------------------------------ praying


def test_pray_earns_d6_points_for_the_side():
    game = make_game([warrior("r1", x=10, y=10)], shrines=[Shrine("s1", 12, 10)])
    game.rng.load([4])
    run(game, divine.pray, "r1", "s1")
    assert game.state.sides["red"].divine_points == 4


def test_pray_holy_earns_one_more_point():
    game = make_game([warrior("r1", x=10, y=10, rules=["Holy"])], shrines=[Shrine("s1", 12, 10)])
    game.state.sides["red"].divine_points = 2
    game.rng.load([4])
    run(game, divine.pray, "r1", "s1")
    assert game.state.sides["red"].divine_points == 7


def test_can_pray_within_three_inches_of_the_shrine_base_edge_to_centre():
    game = make_game([warrior("near", x=10, y=10), warrior("far", x=20, y=10.0)],
                     shrines=[Shrine("s1", 13.5, 10), Shrine("s2", 30, 20)])
    assert divine.can_pray(game, w(game, "near")) == ["s1"]  # edge at 10.5, 3" from the shrine's centre
    assert divine.can_pray(game, w(game, "far")) == []


def test_can_pray_not_with_an_enemy_near_the_shrine():
    game = make_game([warrior("r1", x=10, y=10), warrior("b1", "blue", x=15.4, y=10)],
                     shrines=[Shrine("s1", 12, 10)])
    assert divine.can_pray(game, w(game, "r1")) == []
    w(game, "b1").x = 15.6
    assert divine.can_pray(game, w(game, "r1")) == ["s1"]


def test_pray_refuses_a_shrine_out_of_reach():
    game = make_game([warrior("r1", x=10, y=10)], shrines=[Shrine("s1", 30, 10)])
    with pytest.raises(ValueError):
        divine.pray(game, "r1", "s1")


# ------------------------------------------------------------------------- who is heard


def test_divine_nobody_prayed_nothing_happens():
    game = make_game(table())
    run(game, divine.divine_step)
    assert idle(game) and not [e for e in game.log.events if e.kind == "roll"]


def test_divine_lone_side_with_points_is_heard_without_a_roll():
    game = make_game(table())
    heard_red(game, 8)  # Divine Jab: a random enemy suffers a wound
    rolls = [e for e in game.log.events if e.kind == "roll"]
    assert len(rolls) == 1 and rolls[0].data["values"] == [4, 4]
    assert events(game, "divine")[-1].data["result"] == "divine-jab"


def test_divine_highest_total_is_heard():
    game = make_game(table())
    game.state.sides["red"].divine_points = 2
    game.state.sides["blue"].divine_points = 5
    game.rng.load([6, 1, *TWO_D6[10]])  # red 8, blue 6: red heals
    run(game, divine.divine_step)
    assert w(game, "r2").wounds == 2
    assert events(game, "divine")[-1].data["player"] == "red"


def test_divine_tie_means_no_intervention():
    game = make_game(table())
    game.state.sides["red"].divine_points = 2
    game.state.sides["blue"].divine_points = 3
    game.rng.load([4, 3])
    run(game, divine.divine_step)
    assert "tie" in events(game, "divine")[-1].text
    assert [s.divine_points for s in game.state.sides.values()] == [0, 0]


def test_divine_points_clear_after_the_step_decision():
    game = make_game(table(), pieces=[piece("bog", 18, 12)])
    game.state.sides["red"].divine_points = 4
    game.rng.load(TWO_D6[12])
    run(game, divine.divine_step)
    assert game.pending.kind == "divine-remove-terrain"
    assert game.state.sides["red"].divine_points == 4
    game.answer("bog")
    assert game.state.sides["red"].divine_points == 0


def test_divine_roll_is_2d6_as_printed():
    game = make_game(table())
    heard_red(game, 2)
    assert [e for e in game.log.events if e.kind == "roll"][-1].data["sides"] == 6
    assert events(game, "divine")[-1].data["roll"] == 2


def test_divine_d12_house_option_reaches_entry_one():
    game = make_game(table(), options={"divine_die": "d12"})
    game.state.sides["red"].divine_points = 1
    game.rng.load([1])
    run(game, divine.divine_step)
    assert game.pending.kind == "divine-terrain"


# ------------------------------------------------------------------------------ results


def test_divine_gods_giveth_places_a_new_area_piece_where_nothing_stands():
    game = make_game(table(), pieces=[piece("bog", 18, 12)], shrines=[Shrine("s1", 30, 12)],
                     options={"divine_die": "d12"})
    game.state.sides["red"].divine_points = 1
    game.rng.load([1])
    run(game, divine.divine_step)
    d = game.pending
    assert (d.kind, d.player) == ("divine-terrain", "red")
    for ex in d.examples:
        assert divine.terrain_problem(game, ex) is None
    for bad in ({"x": 5, "y": 3}, {"x": 18, "y": 13}, {"x": 30, "y": 12}, {"x": 0.5, "y": 12}):
        with pytest.raises(IllegalAnswer):
            game.answer(bad)
    game.answer({"x": 8, "y": 12})
    new = game.state.pieces[-1]
    assert (new.kind, new.x, new.y) == ("area", 8, 12)
    assert new.id not in ("bog",) and new.w == content().table.terrain_min_size


def test_divine_big_hand_failed_check_costs_a_wound_instead_of_fleeing():
    ws = [warrior("r1", "red", x=5, y=3), warrior("b1", "blue", x=18, y=12), warrior("b2", "blue", x=21, y=12),
          warrior("beast", "blue", "Monster", x=18, y=15), warrior("brave", "blue", x=15, y=12, rules=["Fearless"]),
          warrior("far", "blue", x=30, y=20)]
    game = make_game(ws)
    heard_red(game, 2)
    d = game.pending
    assert (d.kind, d.player) == ("divine-big-hand", "red")
    game.rng.load([1, 2, 3, 4, 6, 6])  # b1 fails (1 2), b2 fails (3 4), brave holds (6 6); beast never tests
    game.answer({"x": 18, "y": 12})
    assert (w(game, "b1").status, w(game, "b1").wounds) == (READY, 1)
    assert (w(game, "b2").status, w(game, "b2").wounds) == (READY, 1)
    tested = [e.data["target"] for e in events(game, "morale")]
    assert tested == ["b1", "b2", "beast", "brave"]
    assert w(game, "far").wounds == 2


def test_divine_resurrection_returns_a_random_slain_ally_at_full_wounds():
    ws = [*table(), warrior("dead", "red", x=0, y=0, status=DEAD, wounds=0, max_wounds=2),
          warrior("ran", "red", x=0, y=0, status=FLED)]
    game = make_game(ws)
    heard_red(game, 3)
    d = game.pending
    assert (d.kind, d.player) == ("divine-resurrect", "red")
    with pytest.raises(IllegalAnswer):
        game.answer({"x": 6, "y": 21})  # touching an enemy
    game.answer({"x": 18, "y": 12})
    back = w(game, "dead")
    assert (back.status, back.wounds, back.x, back.y) == (READY, 2, 18, 12)
    assert w(game, "ran").status == FLED


def test_divine_resurrection_with_none_slain_slays_a_random_ally_without_a_last_wound_roll():
    ws = [warrior("r1", "red", x=5, y=3), warrior("ran", "red", x=0, y=0, status=FLED),
          warrior("b1", "blue", x=5, y=21)]
    game = make_game(ws)
    heard_red(game, 3)  # strict dice: no last-wound roll is made
    assert idle(game)
    assert w(game, "r1").status == DEAD and w(game, "ran").status == FLED


def test_divine_resurrection_never_raises_the_split_piggun():
    ws = [warrior("r1", "red", x=5, y=3), warrior("pig", "red", "Monster", x=0, y=0, status=DEAD,
                                                  mercenary="piggun"),
          warrior("pig-front", "red", x=9, y=3), warrior("b1", "blue", x=5, y=21)]
    game = make_game(ws)
    heard_red(game, 3)
    assert w(game, "pig").status == DEAD
    assert sum(1 for x in game.state.warriors.values() if x.status == DEAD) == 2


def test_divine_terrifying_visions_every_enemy_takes_a_divine_morale_check():
    ws = [warrior("r1", "red", x=5, y=3), warrior("b1", "blue", x=5, y=21),
          warrior("brave", "blue", x=12, y=21, rules=["Fearless"])]
    game = make_game(ws)
    heard_red(game, 4, 1, 1, 2, 2)
    assert w(game, "b1").status == FLED and w(game, "brave").status == FLED
    assert w(game, "r1").status == READY


def test_divine_protection_gives_every_ally_hardened_once():
    ws = [warrior("r1", "red", x=5, y=3), warrior("r2", "red", x=9, y=3, rules=["Hardened"]),
          warrior("b1", "blue", x=5, y=21)]
    game = make_game(ws)
    heard_red(game, 5)
    assert w(game, "r1").rules == ["Hardened"] and w(game, "r2").rules == ["Hardened"]
    assert w(game, "b1").rules == []


def test_divine_smite_explodes_a_random_enemy():
    ws = [warrior("r1", "red", x=5, y=3), warrior("b1", "blue", x=20, y=12),
          warrior("near", "red", quality="veteran", x=22, y=12)]
    game = make_game(ws)
    heard_red(game, 6, 2, 2, 1, 1)  # radius 2; "near" (an ally too) suffers 2 hits and fails both saves
    assert w(game, "b1").status == DEAD
    assert (w(game, "near").status, w(game, "near").wounds) == (READY, 1)
    assert w(game, "r1").wounds == 2


def test_divine_smite_skips_the_last_wound_table():
    ws = [warrior("r1", "red", x=5, y=3), warrior("b1", "blue", "Monster", x=20, y=12)]
    game = make_game(ws)
    heard_red(game, 6, 1)  # radius 1, nobody near
    assert w(game, "b1").status == DEAD
    assert not events(game, "last-wound")


def test_divine_angered_gods_every_warrior_suffers_a_hit():
    game = make_game(table())
    heard_red(game, 7, 6, 6, 2, 6)  # saves in id order: b1, b2, r1 (fails), r2
    assert sorted(e.data["target"] for e in events(game, "hits")) == ["b1", "b2", "r1", "r2"]
    assert w(game, "r1").wounds == 1


def test_divine_jab_wounds_a_random_enemy():
    game = make_game(table())
    heard_red(game, 8)
    assert sorted(w(game, i).wounds for i in ("b1", "b2")) == [1, 2]
    assert w(game, "r1").wounds == 2


def test_divine_levitation_gives_every_ally_winged():
    ws = [*table(), warrior("flyer", "red", x=20, y=3, rules=["Winged"])]
    game = make_game(ws)
    heard_red(game, 9)
    assert all(w(game, i).has("Winged") for i in ("r1", "r2", "flyer"))
    assert w(game, "flyer").rules == ["Winged"]
    assert not w(game, "b1").has("Winged")


def test_divine_healing_every_ally_regains_one_wound_capped():
    ws = [*table(), warrior("vet", "red", quality="veteran", x=20, y=3, wounds=1, max_wounds=3)]
    game = make_game(ws)
    heard_red(game, 10)
    assert (w(game, "r1").wounds, w(game, "r2").wounds, w(game, "vet").wounds) == (2, 2, 2)


def test_divine_blessing_gives_a_random_ally_a_random_bonus_rule():
    game = make_game([warrior("r1", "red", x=5, y=3), warrior("b1", "blue", x=5, y=21)])
    heard_red(game, 11)
    drawn = [e for e in game.log.events if e.kind == "draw"][-1].data["value"]
    name = content().bonus_rules[content().bonus_rule_number(drawn)].name
    assert w(game, "r1").has(name)


def test_divine_blessing_a_rule_already_held_gives_nothing():
    every = [r.name for r in content().bonus_rules.values()]
    game = make_game([warrior("r1", "red", x=5, y=3, rules=list(every)), warrior("b1", "blue", x=5, y=21)])
    heard_red(game, 11)
    assert w(game, "r1").rules == every
    assert "nothing happens" in events(game, "blessing")[-1].text


def test_divine_blessing_big_brings_its_extra_wound(monkeypatch):
    monkeypatch.setattr(GameRNG, "randint", lambda self, a, b, **kw: 2)
    game = make_game([warrior("r1", "red", x=5, y=3), warrior("b1", "blue", x=5, y=21)])
    heard_red(game, 11)
    assert w(game, "r1").rules == ["Big"] and (w(game, "r1").wounds, w(game, "r1").max_wounds) == (3, 3)


def test_divine_gods_taketh_removes_a_terrain_piece_but_not_a_shrine():
    ws = [*table(), warrior("inside", "red", x=18, y=12)]
    game = make_game(ws, pieces=[piece("bog", 18, 12), piece("rock", 28, 12, kind="blocking")],
                     shrines=[Shrine("s1", 30, 20)])
    heard_red(game, 12)
    d = game.pending
    assert (d.kind, d.player) == ("divine-remove-terrain", "red")
    assert [o.value for o in d.options] == ["bog", "rock"]
    game.answer("bog")
    assert [p.id for p in game.state.pieces] == ["rock"]
    assert (w(game, "inside").x, w(game, "inside").y) == (18, 12)
    assert len(game.state.shrines) == 1


def test_divine_gods_taketh_with_no_terrain_does_nothing():
    game = make_game(table())
    heard_red(game, 12)
    assert idle(game)
