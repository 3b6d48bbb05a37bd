"""Set-up, the rolled round order, the end of the round and the end of the game."""

from __future__ import annotations

import pytest
from chob_bench import bench, texts, warrior

from skirmish import Game, Registry, SetupError
from skirmish_chob_noggoth import rules
from skirmish_chob_noggoth.state import DEAD, FLED, READY


@pytest.fixture(scope="module")
def ruleset():
    return Registry().ruleset("chob-noggoth")


def small_setup(**extra):
    red = {"name": "Reds", "warriors": [{"name": "Grub", "type": "Brawler"}, {"name": "Nell", "type": "Hunter"}]}
    blue = {"name": "Blues", "warriors": [{"name": "Snag", "type": "Brawler"}, {"name": "Pip", "type": "Skirmisher"}]}
    layout = {"name": "bare", "pieces": [], "shrines": [{"id": "s1", "x": 9, "y": 12}, {"id": "s2", "x": 18, "y": 12},
                                                        {"id": "s3", "x": 27, "y": 12}]}
    return {"players": ["red", "blue"], "warbands": {"red": red, "blue": blue}, "layout": layout, **extra}


@pytest.mark.parametrize(("roll", "steps"), [
    (1, ["A:actions", "B:actions", "divine", "end"]),
    (2, ["A:moves", "B:actions", "B:moves", "A:actions", "divine", "end"]),
    (3, ["A:moves", "B:actions", "B:moves", "A:actions", "divine", "end"]),
    (4, ["B:moves", "B:actions", "A:moves", "A:actions", "divine", "end"]),
    (5, ["A:moves", "B:moves", "A:moves", "B:moves", "end"]),
    (6, ["bombard", "end"]),
])
def test_round_order_d6_plays_the_printed_steps_in_order(roll: int, steps: list[str]) -> None:
    game = bench([warrior("r1", "red"), warrior("b1", "blue", x=30)], dice=[roll])
    assert game.ruleset.phase_order(game) == ["roles", *steps]


def test_set_up_rolls_off_for_player_a_who_picks_an_edge(ruleset) -> None:
    game = Game(ruleset, small_setup(), seed=3, dice=[2, 5])  # roll-off: red 2, blue 5
    assert game.state.sides["blue"].letter == "A"
    assert game.pending.kind == "edge" and game.pending.player == "blue"
    game.answer("north")
    assert game.state.sides["red"].edge == "south"


def test_deployment_is_within_three_inches_of_the_own_edge(ruleset) -> None:
    game = Game(ruleset, small_setup(), seed=3)
    game.answer("south")
    while game.pending.kind == "deploy":
        game.answer("line")
    for w in game.state.warriors.values():
        edge = game.state.sides[w.side].edge
        assert (w.y - w.radius <= 3.0001) if edge == "south" else (w.y + w.radius >= 20.9999), w


@pytest.mark.parametrize(("y", "ok"), [(3.5, True), (3.6, False), (0.5, True), (0.4, False)])
def test_deploy_within_three_inches_measures_to_the_closest_point_of_the_base(ruleset, y: float, ok: bool) -> None:
    """Set-up: a warrior is "within 3 inches" of its edge when the nearest point of its base is (a 1-inch base
    may stand with its centre 3.5 inches in), as every "within" in this ruleset; never off the table."""
    game = Game(ruleset, small_setup(), seed=3)
    game.answer("south")
    while game.pending.kind == "deploy":
        game.answer("manual")
    d = game.pending
    assert d.kind == "place"
    south = game.state.sides[game.state.warriors[d.context["actor"]].side].edge == "south"
    _, why = d.check(game, {"x": 10, "y": y if south else 24 - y})
    assert (why is None) == ok, why


def test_set_up_positions_outside_the_deployment_strip_are_refused(ruleset) -> None:
    """Set-up key ``positions`` places warriors only where the book lets them deploy (blue is Player A here)."""
    positions = {"red": {"r1": [5, 12]}, "blue": {"b1": [5, 2], "b2": [8, 2]}}
    game = Game(ruleset, small_setup(positions=positions), seed=3)
    with pytest.raises(SetupError, match=r"position of Grub \(5, 12\): y must be between 20.5 and 23.5"):
        game.answer("south")


def test_manual_deployment_refuses_a_spot_outside_the_strip(ruleset) -> None:
    game = Game(ruleset, small_setup(), seed=3)
    game.answer("south")
    deployer = game.pending.player
    game.answer("manual")
    d = game.pending
    assert d.kind == "place" and d.player == deployer
    _, why = d.check(game, {"x": 10, "y": 12})
    assert why is not None


def test_a_set_up_file_can_place_every_warrior(ruleset) -> None:
    positions = {"red": {"r1": [5, 2], "r2": [8, 2]}, "blue": {"b1": [5, 22], "b2": [8, 22]}}
    game = Game(ruleset, small_setup(positions=positions), seed=3)
    game.answer("north")  # blue is Player A and takes the north edge
    assert (game.state.warriors["r2"].x, game.state.warriors["r2"].y) == (8, 2)
    assert game.pending.kind in ("role", "moves", "actions")


def test_heroes_declare_their_role_each_round() -> None:
    hero = warrior("r1", "red", "Hero", quality="heroic", roles=["Brawler", "Hunter"])
    game = bench([hero, warrior("b1", "blue", x=30)])
    game.run(rules.roles_step)
    assert game.pending.kind == "role" and [o.value for o in game.pending.options] == ["Brawler", "Hunter"]
    game.answer("Hunter")
    assert hero.acting_as == "Hunter"


def test_a_heros_role_choices_say_what_each_type_does() -> None:
    hero = warrior("r1", "red", "Hero", quality="heroic", roles=["Brawler", "Hunter"])
    game = bench([hero, warrior("b1", "blue", x=30)])
    game.run(rules.roles_step)
    helps = {o.value: o.help for o in game.pending.options}
    assert "no ranged attack" in helps["Brawler"] and "saves 3+" in helps["Brawler"]
    assert "shoots" in helps["Hunter"]


def test_bombardment_hits_each_warrior_that_rolls_a_six() -> None:
    a, b = warrior("r1", "red"), warrior("b1", "blue", x=30)
    # b1 rolls first (ids in order): a 6, so 2 hits; saves 1, 1 fail; last wound 5 = Dead; r1 rolls 3
    game = bench([a, b], dice=[6, 2, 1, 1, 5, 3])
    game.run(rules.bombard_step)
    assert b.status == DEAD
    assert a.wounds == 2 and a.status == READY


def test_end_of_round_half_strength_makes_the_warband_test_morale() -> None:
    r = [warrior("r1", "red", quality="bad"), warrior("r2", "red", x=20, status=FLED)]
    game = bench([*r, warrior("b1", "blue", x=30), warrior("b2", "blue", x=32)], dice=[4])
    game.run(rules.end_step)
    assert r[0].status == FLED
    assert any("everyone tests" in t for t in texts(game, "morale"))


def test_a_warband_above_half_strength_does_not_test() -> None:
    r = [warrior("r1", "red"), warrior("r2", "red", x=12), warrior("r3", "red", x=14, status=FLED)]
    game = bench([*r, warrior("b1", "blue", x=30)])
    game.run(rules.end_step)
    assert not texts(game, "morale")


def test_the_game_ends_when_a_side_has_no_warriors_left() -> None:
    game = bench([warrior("r1", "red"), warrior("b1", "blue", x=30, status=FLED)])
    assert game.ruleset.check_victory(game)
    assert game.result.winners == ("red",)


def test_both_sides_gone_at_once_is_a_draw() -> None:
    game = bench([warrior("r1", "red", status=FLED), warrior("b1", "blue", x=30, status=FLED)])
    game.ruleset.check_victory(game)
    assert game.result.draw


def test_round_limit_gives_the_win_to_the_greater_finger_value_standing() -> None:
    game = bench([warrior("r1", "red", cost=3), warrior("b1", "blue", x=30, cost=2)])
    game.run(rules.on_points)
    assert game.result.winners == ("red",) and game.result.scores == {"red": 3.0, "blue": 2.0}


def test_eager_warriors_move_before_the_first_round_and_a_roll_off_orders_the_sides() -> None:
    a = warrior("r1", "red", rules=["Eager"], x=10, y=2)
    b = warrior("b1", "blue", rules=["Eager"], x=10, y=22)
    game = bench([a, b], dice=[2, 6])  # blue wins the roll-off and moves first
    game.run(rules.eager_moves)
    assert game.pending.kind == "eager" and game.pending.player == "blue"
    opts = [o.value for o in game.pending.options]
    assert "b1|point" in opts


@pytest.mark.parametrize(("setup", "message"), [
    ({"warbands": {"red": "No Such Band"}}, "no built-in warband"),
    ({"layout": "moon"}, "no built-in layout"),
    ({"options": {"max_rounds": -1}}, "max_rounds"),
    ({"options": {"divine_die": "d20"}}, "divine_die"),
    ({"colour": "red"}, "unknown set-up key"),
    ({"warbands": {"red": {"name": "x", "warriors": [{"name": "a", "type": "Brawlr"}]}}}, "did you mean Brawler"),
])
def test_bad_set_ups_are_refused_in_one_line(ruleset, setup, message) -> None:
    with pytest.raises(SetupError, match=message) as exc:
        Game(ruleset, setup, seed=1)
    assert "\n" not in str(exc.value)


def test_a_random_warband_is_built_from_the_game_seed(ruleset) -> None:
    setup = {"warbands": {"red": "random", "blue": "random"}}
    one, two = Game(ruleset, setup, seed=9), Game(ruleset, setup, seed=9)
    assert [w.name for w in one.state.warriors.values()] == [w.name for w in two.state.warriors.values()]


def test_left_and_right_deployment_are_as_each_player_sees_the_table() -> None:
    south = [warrior(f"r{i}", "red", x=0, y=0, status="undeployed") for i in range(3)]
    north = [warrior(f"b{i}", "blue", x=0, y=0, status="undeployed") for i in range(3)]
    game = bench([*south, *north])
    game.run(lambda g: rules.deploy_plan(g, "left", "A"))
    game.run(lambda g: rules.deploy_plan(g, "left", "B"))
    assert all(w.x < 18 for w in south)  # south player's left is the west
    assert all(w.x > 18 for w in north)  # north player faces south: their left is the east
    assert all(w.y <= 3 for w in south) and all(w.y >= 21 for w in north)


def test_a_winged_warrior_charges_over_a_warrior_in_the_way() -> None:
    from skirmish_chob_noggoth import turns

    flyer = warrior("r1", "red", x=5, y=10, rules=["Winged"])
    screen = warrior("b1", "blue", x=7, y=10)
    target = warrior("b2", "blue", x=9.5, y=10)
    game = bench([flyer, screen, target])
    opts = [o.value for o in turns.activation_options(game, "red", "moves")]
    assert "r1|charge|b2" in opts
    walker = warrior("r1", "red", x=5, y=10)
    game = bench([walker, warrior("b1", "blue", x=7, y=10), warrior("b2", "blue", x=9.5, y=10)])
    assert "r1|charge|b2" not in [o.value for o in turns.activation_options(game, "red", "moves")]


def test_eager_moves_come_before_the_first_round_order_roll(ruleset) -> None:
    setup = small_setup()
    setup["warbands"]["red"]["rule"] = "Eager"
    game = Game(ruleset, setup, seed=5)
    game.answer("south")
    while game.pending.kind == "deploy":
        game.answer("line")
    assert game.pending.kind == "eager" and game.round == 0
