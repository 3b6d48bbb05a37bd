"""Content is data: each number the rules read from the TOML, changed in the content, changes the game.

Every test builds the content through the same loader a house-rules plugin goes through
(:func:`chob_bench.changed`) and plays the rule with loaded dice.
"""

from __future__ import annotations

from chob_bench import bench, changed, texts, warrior

from skirmish_chob_noggoth import attacks, measuring, melee, rules, turns, warrior_profile
from skirmish_chob_noggoth.state import DEAD, FLED, READY


def _morale(content: object) -> str:
    w = warrior("r1", "red", quality="bad")  # one morale die
    game = bench([w, warrior("b1", "blue", x=30)], dice=[5], content=content)
    game.run(lambda g: attacks.morale_check(g, w, rule="Test"))
    return w.status


def test_morale_pass_on_is_read_from_the_content() -> None:
    assert _morale(None) == READY
    assert _morale(changed(**{"morale.pass_on": 6})) == FLED


def test_morale_half_strength_switch_is_read_from_the_content() -> None:
    def tests_at_end(content: object) -> bool:
        gone = warrior("r2", "red", status=DEAD)
        game = bench([warrior("r1", "red"), gone, warrior("b1", "blue", x=30)], dice=[6, 6], content=content)
        game.run(rules.end_step)
        return any("everyone tests" in t for t in texts(game, "morale"))

    assert tests_at_end(None)
    assert not tests_at_end(changed(**{"morale.half_strength": False}))


def _shot(content: object, dice: list[int], *, kind: str = "Hunter", aimed: int = 0, blocker: bool = False) -> int:
    """b1's wounds after a one-die shot by r1."""
    shooter = warrior("r1", "red", kind, quality="bad", x=5, y=10)
    shooter.aimed = aimed
    target = warrior("b1", "blue", "Brawler", x=15, y=10)
    others = [warrior("r2", "red", x=10, y=10)] if blocker else []
    game = bench([shooter, target, *others], dice=dice, content=content)
    game.run(lambda g: turns.shoot(g, shooter, target))
    return target.wounds


def test_critical_value_is_read_from_the_content() -> None:
    assert _shot(None, [5, 6]) == 2  # a 5 hits; the save (6) holds
    assert _shot(changed(**{"combat.critical": 5}), [5, 6]) == 1  # a 5 is critical: no save


def test_aimed_bonus_is_read_from_the_content() -> None:
    assert _shot(None, [3, 1], aimed=1) == 2  # 3 + 1 misses a Hunter's 5+
    assert _shot(changed(**{"combat.aimed_bonus": 2}), [3, 1], aimed=1) == 1  # 3 + 2 hits; save 1 fails


def test_cover_penalty_is_read_from_the_content() -> None:
    # r2 stands on the line between the centres: cover. A Skirmisher needs 4+.
    assert _shot(None, [5, 1], kind="Skirmisher", blocker=True) == 1  # 5 - 1 hits
    assert _shot(changed(**{"combat.cover_penalty": 2}), [5, 1], kind="Skirmisher", blocker=True) == 2


def test_max_aimed_tokens_is_read_from_the_content() -> None:
    for content, most in ((None, 1), (changed(**{"combat.max_aimed": 2}), 2)):
        hunter = warrior("r1", "red", "Hunter", x=5, y=10)
        game = bench([hunter, warrior("b1", "blue", x=30, y=20)], content=content)
        for _ in range(3):
            game.run(lambda g, h=hunter: turns.take_aim(g, h))
        assert hunter.aimed == most
        if most == 2:
            assert warrior_profile.hit_modifier(game, hunter, game.state.warriors["b1"], aimed=hunter.aimed) == 2


def test_base_contact_distance_is_read_from_the_content() -> None:
    for content, touching in ((None, False), (changed(**{"combat.base_contact": 0.5}), True)):
        r1, b1 = warrior("r1", "red", x=10, y=10), warrior("b1", "blue", x=11.3, y=10)  # a 0.3" gap
        game = bench([r1, b1], content=content)
        assert bool(measuring.contacts(game.state, r1)) is touching
        assert ("r1|fight|b1" in [o.value for o in turns.activation_options(game, "red", "moves")]) is touching


def test_melee_push_back_dice_are_read_from_the_content() -> None:
    def pushed(content: object, dice: list[int]) -> float:
        r1, b1 = warrior("r1", "red", x=10, y=10), warrior("b1", "blue", x=11.05, y=10)
        game = bench([r1, b1], dice=dice, content=content)
        game.run(lambda g: melee.fight(g, r1, b1, charged=True))
        return 10 - r1.x

    start = [2, 2, 4, 4, 1, 3, 5, 1]  # r1 misses, b1 wounds it once, r1 loses and holds
    assert abs(pushed(None, [*start, 2]) - 2) < 0.2
    assert abs(pushed(changed(**{"combat.melee_pushback": "2d6"}), [*start, 2, 3]) - 5) < 0.2


def test_last_stand_reach_is_read_from_the_content() -> None:
    def hurt(content: object) -> int:
        t = warrior("b1", "blue", quality="bad", x=10)
        near = warrior("r1", "red", "Hunter", x=14.5)  # 3.5" between the bases
        game = bench([t, near], dice=[4, 1], content=content)
        game.run(lambda g: attacks.suffer_wounds(g, t, 1, rule="Test"))
        return near.wounds

    assert hurt(None) == 2
    assert hurt(changed(**{"last_wound.warriors.results.2.reach": 5})) == 1


def test_enraged_trigger_is_read_from_the_content() -> None:
    def hurt(content: object) -> int:
        m = warrior("b1", "blue", "Monster", wounds=1, x=10)
        o = warrior("r1", "red", x=12.5)
        game = bench([m, o], dice=[3, 2, 1], content=content)  # Enraged; r1 rolls 2; its save 1 fails
        game.run(lambda g: attacks.suffer_wounds(g, m, 1, rule="Test"))
        return o.wounds

    assert hurt(None) == 2
    assert hurt(changed(**{"last_wound.monsters.results.1.on": 2})) == 1


def test_spooked_distance_dice_are_read_from_the_content() -> None:
    def ran(content: object, dice: list[int]) -> float:
        m = warrior("b1", "blue", "Monster", wounds=1, x=18, y=12)
        foe = warrior("r1", "red", x=10, y=12)
        game = bench([m, foe], dice=dice, content=content)
        game.run(lambda g: attacks.suffer_wounds(g, m, 1, rule="Test", attacker=foe))
        return m.x - 18

    assert abs(ran(None, [4, 2, 3]) - 5) < 0.2
    assert abs(ran(changed(**{"last_wound.monsters.results.2.dice": "d6"}), [4, 2]) - 2) < 0.2


def test_blame_game_reach_is_read_from_the_content() -> None:
    def outcome(content: object) -> str:
        hero = warrior("r1", "red", "Hero", quality="heroic", wounds=1, roles=["Brawler", "Hunter"], x=5)
        ally = warrior("r2", "red", x=13.5)  # 7.75" between the bases
        game = bench([hero, ally, warrior("b1", "blue", x=30, y=20)], dice=[3, 6], content=content)
        game.run(lambda g: attacks.suffer_wounds(g, hero, 1, rule="Test"))
        return hero.status

    assert outcome(None) == DEAD
    assert outcome(changed(**{"last_wound.heroes.results.1.reach": 10})) == READY


def test_explosion_hits_are_read_from_the_content() -> None:
    def hits(content: object, dice: list[int]) -> int:
        wm = warrior("b1", "blue", "Warmachine", wounds=1, x=10)
        o = warrior("r1", "red", x=12)
        game = bench([wm, o], dice=dice, content=content)
        game.run(lambda g: attacks.suffer_wounds(g, wm, 1, rule="Test"))
        return sum(e.data["hits"] for e in game.log if e.kind == "hits" and e.data.get("target") == "r1")

    assert hits(None, [4, 1, 1, 6]) == 1  # Explodes; radius 1"; D6 hits: 1; the save holds
    assert hits(changed(**{"last_wound.warmachines.results.3.hits": "2d6"}), [4, 1, 1, 1, 6, 6]) == 2


def test_piggun_back_half_explodes_on_is_read_from_the_content() -> None:
    def status(content: object) -> str:
        reebus = warrior("r1", "red", "Warmachine", x=5, y=10, mercenary="reebus", mounted=True)
        target = warrior("b1", "blue", x=30, y=10)
        game = bench([reebus, target], dice=[5, 2, 1, 1], content=content)  # 5 and 2 to hit; radius 1"
        game.run(lambda g: turns.shoot(g, reebus, target))
        return reebus.status

    assert status(None) == READY
    assert status(changed(**{"mercenaries.piggun.back.explodes_on": 5})) == DEAD


def test_piggun_back_half_every_hit_wounds_is_read_from_the_content() -> None:
    def wounds(content: object) -> int:
        reebus = warrior("r1", "red", "Warmachine", x=5, y=10, mercenary="reebus", mounted=True)
        target = warrior("b1", "blue", quality="veteran", x=30, y=10)
        game = bench([reebus, target], dice=[3, 3, 6, 6], content=content)  # two hits; saves of 6
        game.run(lambda g: turns.shoot(g, reebus, target))
        return target.wounds

    assert wounds(None) == 1  # every hit wounds, no saves
    assert wounds(changed(**{"mercenaries.piggun.back.every_hit_wounds": False})) == 3


def test_round_order_die_is_read_from_the_content() -> None:
    content = changed(**{"rounds.die": "d3"})
    kinds = set()
    for seed in range(30):
        game = bench([warrior("r1", "red"), warrior("b1", "blue", x=30)], seed=seed, content=content)
        game.ruleset.phase_order(game)
        kinds.add(game.state.round_roll)
    assert kinds <= {1, 2, 3} and len(kinds) > 1


def test_monster_trait_die_is_read_from_the_content() -> None:
    content = changed(**{"monster.trait_die": "d2"})
    seen = set()
    for seed in range(20):
        game = bench([warrior("r1", "red")], seed=seed, content=content)
        seen.update(rules.roll_traits(game, content, "Toothy"))
    numbers = {t.name: t.number for t in content.monster_traits.values()}
    assert {numbers[t] for t in seen} <= {1, 2}
