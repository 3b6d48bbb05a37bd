"""Cover (ruling CN-28): a target that is not entirely visible, for any reason, is in cover."""

from __future__ import annotations

from chob_bench import bench, warrior

from skirmish_chob_noggoth import measuring, turns
from skirmish_chob_noggoth.state import Piece


def _pair(**kw: object) -> tuple:
    return warrior("r1", "red", "Skirmisher", x=5, y=10, **kw), warrior("b1", "blue", x=15, y=10)


def test_cover_when_a_wall_hides_a_third_of_the_base_but_not_its_centre() -> None:
    shooter, target = _pair()
    wall = Piece("t1", "Low Wall", "blocking", "rect", 12, 9.0, 1, 1.6)  # covers y 8.2-9.8 at x 11.5-12.5
    game = bench([shooter, target], pieces=[wall])
    seen, cover = measuring.sight(game.state, shooter, target)
    assert seen and cover
    assert measuring.look(game.state, shooter, target).terrain == ("t1",)


def test_cover_when_another_warrior_hides_part_of_the_base() -> None:
    shooter, target = _pair()
    beside = warrior("r2", "red", x=10, y=10.6)  # the centre line passes 0.6" from its centre: outside its base
    game = bench([shooter, target, beside])
    assert measuring.sight(game.state, shooter, target) == (True, True)
    assert measuring.look(game.state, shooter, target).warriors == ("r2",)


def test_no_cover_when_the_whole_base_is_visible() -> None:
    shooter, target = _pair()
    away = warrior("r2", "red", x=10, y=12)
    rock = Piece("t1", "Rock", "blocking", "rect", 12, 7, 1, 2)
    game = bench([shooter, target, away], pieces=[rock])
    assert measuring.sight(game.state, shooter, target) == (True, False)


def test_cover_from_area_terrain_over_the_edge_of_the_base() -> None:
    shooter, target = _pair()
    bog = Piece("t1", "Bog", "area", "circle", 15, 12, 3.2, 3.2)  # reaches y 10.4: over the base's far edge
    game = bench([shooter, target], pieces=[bog])
    assert measuring.sight(game.state, shooter, target) == (True, True)


def test_no_sight_when_blocking_terrain_hides_the_whole_base() -> None:
    shooter, target = _pair()
    rock = Piece("t1", "Rock", "blocking", "rect", 12, 10, 1, 4)
    game = bench([shooter, target], pieces=[rock])
    assert measuring.sight(game.state, shooter, target) == (False, False)


def test_mages_ignore_partial_cover() -> None:
    shooter, target = _pair()
    beside = warrior("r2", "red", x=10, y=10.6)
    game = bench([shooter, target, beside])
    assert measuring.sight(game.state, shooter, target, mage=True) == (True, False)


def test_partial_cover_costs_one_to_hit_on_the_shot() -> None:
    shooter, target = _pair(quality="bad")
    beside = warrior("r2", "red", x=10, y=10.6)
    game = bench([shooter, target, beside], dice=[4])  # a 4 hits a Skirmisher's 4+ only without cover
    label = next(o.label for o in turns.activation_options(game, "red", "actions") if o.value == "r1|shoot|b1")
    assert "cover" in label
    game.run(lambda g: turns.shoot(g, shooter, target))
    assert target.wounds == 2
    assert any(e.data.get("hits") == 0 for e in game.log if e.kind == "attack")
