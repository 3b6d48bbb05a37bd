"""Every distance the book uses, measured as the README's table says, just inside and just outside (issue 27).

Gaps between warriors are between the closest points of their bases; moves are how far the centre travels; a
shrine is a point; the deployment distance runs from the edge to the nearest point of the base.
"""

from __future__ import annotations

import math

import pytest
from chob_bench import bench, texts, warrior

from skirmish_chob_noggoth import attacks, divine, turns
from skirmish_chob_noggoth.state import DEAD, READY, Shrine

IN, OUT = 0.05, -0.05  # how far inside the limit a "just inside" spot stands (negative: just outside)


def shots(game, player="red") -> list[str]:
    return [o.value for o in turns.activation_options(game, player, "actions")]


def move_check(game, w, verb: str, what: str, x: float, y: float) -> str | None:
    """Why the move form refuses (x, y), or None when it accepts it."""
    game.run(lambda g: turns.perform(g, w, verb, "", what))
    d = game.pending
    assert d.kind == "move-to"
    return d.check(game, {"x": x, "y": y})[1]


@pytest.mark.parametrize(("verb", "what", "kind", "mounted", "inches"), [
    ("point", "moves", "Brawler", False, 4.0), ("point", "moves", "Brawler", True, 5.0),
    ("point", "moves", "Monster", False, 5.0), ("apoint", "actions", "Brawler", False, 2.0),
    ("apoint", "actions", "Brawler", True, 3.0), ("point", "eager", "Brawler", False, 6.0),
])
@pytest.mark.parametrize("inside", [True, False])
def test_moves_measure_how_far_the_centre_travels(verb, what, kind, mounted, inches, inside) -> None:
    """Moving: 4" (5" Mounted or Monster); the Move action 2" (3"); Eager 6"."""
    w = warrior("r1", "red", kind, x=5, y=12, mounted=mounted, wounds=3 if kind == "Monster" else None)
    game = bench([w, warrior("b1", "blue", x=34, y=22)])
    why = move_check(game, w, verb, what, 5 + inches - (IN if inside else OUT), 12)
    assert (why is None) == inside, why


@pytest.mark.parametrize(("kind", "rules", "gun", "reach"), [
    ("Hunter", [], False, 24.0), ("Skirmisher", [], False, 12.0), ("Hunter", ["Longshot"], False, 30.0),
    ("Brawler", ["Longshot"], False, 6.0), ("Monster", [], True, 12.0),
])
@pytest.mark.parametrize("inside", [True, False])
def test_shooting_range_is_the_gap_between_bases(kind, rules, gun, reach, inside) -> None:
    """Ranges (Hunter 24", Skirmisher 12", Longshot +6" or 6", a Monster's Gun 12") run base edge to base edge."""
    shooter = warrior("r1", "red", kind, x=2, y=12, rules=[*rules, *(["Gun"] if gun else [])],
                      wounds=3 if kind == "Monster" else None)
    gap = reach - (IN if inside else OUT)
    target = warrior("b1", "blue", "Brawler", x=shooter.x + shooter.radius + gap + 0.5, y=12)
    game = bench([shooter, target])
    assert ("r1|shoot|b1" in shots(game)) == inside


@pytest.mark.parametrize("inside", [True, False])
def test_warmachine_range_is_36_inches_between_bases(inside) -> None:
    wm = warrior("r1", "red", "Warmachine", x=1, y=1)
    centres = 36 - (IN if inside else OUT) + wm.radius + 0.5
    target = warrior("b1", "blue", x=35, y=1 + math.sqrt(centres ** 2 - 34 ** 2))
    game = bench([wm, target])
    assert ("r1|shoot|b1" in shots(game)) == inside


@pytest.mark.parametrize("inside", [True, False])
def test_boomstick_reaches_six_inches_between_bases(inside) -> None:
    w = warrior("r1", "red", rules=["Boomstick"], x=5, y=12)
    target = warrior("b1", "blue", x=5 + 1 + 6 - (IN if inside else OUT), y=12)
    game = bench([w, target])
    assert ("r1|boomstick|b1" in shots(game)) == inside


@pytest.mark.parametrize("inside", [True, False])
def test_praying_within_three_inches_runs_from_the_base_edge_to_the_shrine(inside) -> None:
    w = warrior("r1", "red", x=10, y=12)
    shrine = Shrine("s1", 10 + 0.5 + 3 - (IN if inside else OUT), 12)
    game = bench([w, warrior("b1", "blue", x=30, y=22)], shrines=[shrine])
    assert (divine.can_pray(game, w) == ["s1"]) == inside


@pytest.mark.parametrize("inside", [True, False])
def test_an_enemy_within_three_inches_of_the_shrine_stops_prayer(inside) -> None:
    w = warrior("r1", "red", x=10, y=12)
    enemy = warrior("b1", "blue", x=10, y=12 + 0.5 + 3 - (IN if inside else OUT))
    game = bench([w, enemy], shrines=[Shrine("s1", 10, 12)])
    assert (divine.can_pray(game, w) == []) == inside


@pytest.mark.parametrize("inside", [True, False])
def test_last_stand_hits_the_closest_enemy_within_three_inches_between_bases(inside) -> None:
    t = warrior("b1", "blue", "Brawler", quality="bad", x=10, y=12)
    foe = warrior("r1", "red", "Hunter", x=10 + 1 + 3 - (IN if inside else OUT), y=12)
    game = bench([t, foe], dice=[4, 1] if inside else [4])  # Last Stand; the foe's save fails
    game.run(lambda g: attacks.suffer_wounds(g, t, 1, rule="Test"))
    assert t.status == DEAD and (foe.wounds == 1) == inside


@pytest.mark.parametrize("inside", [True, False])
def test_enraged_rolls_for_every_warrior_within_three_inches_between_bases(inside) -> None:
    m = warrior("b1", "blue", "Monster", wounds=1, x=10, y=12)
    near = warrior("r1", "red", "Hunter", x=10 + 1.5 + 3 - (IN if inside else OUT), y=12)
    game = bench([m, near], dice=[3, 6] if inside else [3])  # Enraged; a 6 hits (a critical: no save)
    game.run(lambda g: attacks.suffer_wounds(g, m, 1, rule="Test"))
    assert m.status == READY and (near.wounds == 1) == inside


@pytest.mark.parametrize("inside", [True, False])
def test_explosions_catch_every_figure_within_the_rolled_radius_between_bases(inside) -> None:
    wm = warrior("b1", "blue", "Warmachine", quality="bad", x=10, y=12)
    near = warrior("r1", "red", "Hunter", x=10 + 1.5 + 3 - (IN if inside else OUT), y=12)
    # Explodes (4), radius 3; one hit on the figure caught, its save (1) fails
    game = bench([wm, near], dice=[4, 3, 1, 1] if inside else [4, 3])
    game.run(lambda g: attacks.suffer_wounds(g, wm, 1, rule="Test"))
    assert wm.status == DEAD and (near.wounds == 1) == inside


@pytest.mark.parametrize("inside", [True, False])
def test_blame_game_needs_an_ally_within_six_inches_between_bases(inside) -> None:
    hero = warrior("r1", "red", "Hero", quality="heroic", roles=["Brawler", "Hunter"], wounds=1, x=10, y=12)
    ally = warrior("r2", "red", x=10 + 1 + 6 - (IN if inside else OUT), y=12)
    game = bench([hero, ally, warrior("b1", "blue", x=30, y=22)], dice=[3, 1] if inside else [3])
    game.run(lambda g: attacks.suffer_wounds(g, hero, 1, rule="Test"))
    assert (hero.status == READY) == inside and (hero.status == DEAD) != inside


@pytest.mark.parametrize("roll", [3, 18])
def test_teleport_moves_the_centre_the_rolled_3d6_inches(roll, monkeypatch) -> None:
    mage = warrior("b1", "blue", "Mage", quality="bad", x=18, y=12)
    game = bench([mage, warrior("r1", "red", x=2, y=2)], dice=[4, *([1, 1, 1] if roll == 3 else [6, 6, 6])])
    monkeypatch.setattr(type(game.rng), "uniform", lambda *a, **k: 0.0)  # due east
    game.run(lambda g: attacks.suffer_wounds(g, mage, 1, rule="Test"))
    if roll == 3:
        assert mage.status == READY and abs(mage.x - 21) < 1e-6
    else:
        assert mage.status == DEAD  # 18" east of x=18 is off the 36" table


@pytest.mark.parametrize("inside", [True, False])
def test_big_hand_covers_warriors_within_four_inches_of_its_centre(inside) -> None:
    under = warrior("b1", "blue", x=18 + 0.5 + 4 - (IN if inside else OUT), y=12)
    game = bench([warrior("r1", "red", x=2, y=2), under], dice=[1, 1])
    game.run(lambda g: divine._hand_placed(g, {"x": 18, "y": 12}, "Divine Intervention: Big Hand"))
    assert (under.wounds == 1) == inside


@pytest.mark.parametrize(("gap", "touching"), [(0.1, True), (0.15, False)])
def test_base_contact_is_a_gap_of_a_tenth_of_an_inch_or_less(gap, touching) -> None:
    a = warrior("r1", "red", x=10, y=12)
    b = warrior("b1", "blue", x=11 + gap, y=12)
    game = bench([a, b])
    opts = [o.value for o in turns.activation_options(game, "red", "moves")]
    assert ("r1|fight|b1" in opts) == touching


@pytest.mark.parametrize(("gap", "ok"), [(0.11, True), (0.09, False)])
def test_drop_troops_land_out_of_base_contact_with_every_warrior(gap, ok) -> None:
    drop = warrior("r1", "red", x=0, y=0, rules=["Drop Troops"], status="undeployed")
    other = warrior("b1", "blue", x=20, y=12)
    game = bench([drop, other], dice=[4])
    game.run(lambda g: turns.drop_troops(g, "red"))
    _, why = game.pending.check(game, {"x": 20 + 1 + gap, "y": 12})
    assert (why is None) == ok, why


def test_melee_push_back_moves_the_loser_the_rolled_inches_away() -> None:
    a = warrior("r1", "red", quality="veteran", x=10, y=12)
    b = warrior("b1", "blue", quality="bad", x=11.05, y=12, rules=["Fearless"])
    from skirmish_chob_noggoth import melee

    # r1's 3 dice: 3, 3, 1 (two hits); b1 saves both (3, 3); b1 rolls 1 die: 1 (miss); roll-off 6 v 1 for r1;
    # b1 is Fearless, so holds, and is pushed back 4"
    game = bench([a, b], dice=[3, 3, 1, 3, 3, 1, 6, 1, 4])
    game.run(lambda g: melee.fight(g, a, b, charged=True))
    assert b.status == READY and abs(b.x - 15.05) < 1e-6, texts(game)
