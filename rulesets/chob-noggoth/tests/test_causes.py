"""Events name their cause, so `why N` walks the whole chain back; rolls say what they needed."""

from __future__ import annotations

from chob_bench import bench, warrior

from skirmish_chob_noggoth import attacks, melee, rules


def chain(game, event) -> list[str]:
    """Kinds of ``event`` and each of its causes, back to the first."""
    kinds = []
    while event is not None:
        kinds.append(event.kind)
        event = game.log.by_seq(event.cause) if event.cause is not None else None
    return kinds


def test_a_death_in_melee_traces_back_through_the_wound_and_the_attack_to_the_melee() -> None:
    r1, b1 = warrior("r1", "red", x=10, y=10), warrior("b1", "blue", quality="bad", x=11.05, y=10)
    game = bench([r1, b1], dice=[3, 2, 2, 5])  # a hit (3+), a miss; b1's save 2 fails (3+); Dead (5)
    game.run(lambda g: melee.fight(g, r1, b1, charged=True))
    death = next(e for e in game.log.events if e.kind == "death")
    assert chain(game, death)[:5] == ["death", "last-wound", "save", "attack", "melee"]


def test_butchered_allies_test_morale_because_of_the_death() -> None:
    t, ally = warrior("b1", "blue", quality="bad"), warrior("b2", "blue", "Hunter", quality="bad", x=20)
    game = bench([t, ally], dice=[6, 4])
    game.run(lambda g: attacks.suffer_wounds(g, t, 1, rule="Test"))
    check = next(e for e in game.log.events if e.kind == "morale")
    flee = next(e for e in game.log.events if e.kind == "flee")
    assert chain(game, flee)[:4] == ["flee", "morale", "death", "last-wound"]
    assert "any 5+ holds: rolled 4, breaks" in check.text


def test_end_of_round_morale_is_caused_by_the_warband_being_down_to_half() -> None:
    gone = warrior("r2", "red", status="dead")
    game = bench([warrior("r1", "red", quality="bad"), gone, warrior("b1", "blue", x=30)], dice=[1])
    game.run(rules.end_step)
    flee = next(e for e in game.log.events if e.kind == "flee")
    assert chain(game, flee)[:3] == ["flee", "morale", "morale"]
    assert "half or less" in game.log.by_seq(game.log.by_seq(flee.cause).cause).text


def test_every_save_says_what_it_needed() -> None:
    t = warrior("b1", "blue", "Brawler", rules=["Hardened"])
    game = bench([t], dice=[1, 2])
    game.run(lambda g: attacks.suffer_hits(g, t, 2, rule="Test"))
    saves = [e.text for e in game.log.events if e.kind == "save"]
    assert saves == ["b1 save 3+ (+1): rolled 1, fails", "b1 save 3+ (+1): rolled 2, saved"]
