"""A test per content card with loaded dice: every ability of every class, every goblin's uprising effect,
every behavior card, every track space of every Tyrant, the Wolf pet."""

from __future__ import annotations

import pytest
from gu_helpers import HEROES, RULESET, answer, choose, new_game, reask, values

from skirmish import Game
from skirmish_goblin_uprising import tyranny

C = RULESET.content
ABILITIES = [(cls, a.id) for cls, spec in C.classes.items() for a in spec.abilities]
SEAT_OF = {spec["class"]: seat for seat, spec in HEROES.items()}


def duel(cls: str, ability: str, dice: list[str], *, hand: list[str] | None = None) -> Game:
    """The hero of ``cls`` (alone in the Mountains with hero2 nearby) battles the dwarves with ``ability``."""
    seat = SEAT_OF[cls]
    n = int(seat[4:])
    game = new_game(max(n, 2))
    s = game.state
    for h in s.heroes.values():
        h.hand.cards.clear()
        h.tribe_ready = False
    hero = s.heroes[seat]
    hero.abilities = [ability]
    hero.hand.cards[:] = hand or []
    hero.hp = hero.max_hp - 3
    hero.pet = ""
    hero.renown = 1  # with a goblin in hand (below) Rally stays on offer, so the roll waits for an answer (GU-S3)
    while game.pending.player != seat:
        vals = values(game)
        game.answer("end" if "end" in vals else "adventure" if "adventure" in vals else "take" if "take" in vals
                    else "done" if "done" in vals else "pass" if "pass" in vals else "roll" if "roll" in vals
                    else vals[0])
    s.board.move(seat, "mountains-spawn")
    other = "hero1" if seat != "hero1" else "hero2"
    s.board.move(other, "mountains-inner")
    s.heroes[other].hp = s.heroes[other].max_hp - 4
    reask(game)
    answer(game, "end")
    game.load_dice(dice)
    answer(game, "battle:troop:dwarf")
    choose(game, "ability", f"ability:{ability}")
    return game


@pytest.mark.parametrize(("cls", "ability"), ABILITIES, ids=[f"{c}-{a}" for c, a in ABILITIES])
def test_each_ability_rolls_its_dice_and_applies_its_effect(cls: str, ability: str) -> None:
    spec = C.classes[cls].ability(ability)
    game = duel(cls, ability, ["Blank"] * spec.dice, hand=["wolf-rider"])
    s = game.state
    seat = SEAT_OF[cls]
    rolls = [e for e in game.log if e.kind == "roll" and spec.name in e.text]
    assert len(rolls) == spec.dice
    asked = set()
    while game.pending.kind in ("heal", "swap"):
        asked.add(game.pending.kind)
        answer(game, values(game)[0])
    assert game.pending.kind == "roll"
    cb = s.combat
    for e in spec.effects:
        n = e.amount(s.heroes[seat].leadership)
        if e.effect == "shield":
            assert cb.shield >= n
        elif e.effect == "weaken":
            assert cb.weaken >= n
        elif e.effect == "silence":
            assert cb.silence
        elif e.effect == "rally":
            assert cb.uprisings >= n
        elif e.effect == "cleave_all":
            assert cb.cleave_all
        elif e.effect == "bonus_if_essence":
            assert cb.essence_bonus == n
        elif e.effect == "bonus_vs_damaged":
            assert cb.damaged_bonus == n
        elif e.effect == "damage":
            assert cb.bonus >= n
        elif e.effect == "draw":
            assert len(s.heroes[seat].hand) >= n + 1  # the Wolf Rider held and the cards drawn
        elif e.effect == "essence":
            assert s.heroes[seat].essence >= 1
        elif e.effect in ("heal", "swap"):
            assert e.effect in asked
    assert cb.piercing == spec.piercing


GOBLINS = list(C.goblins)


@pytest.mark.parametrize("card", GOBLINS)
def test_each_goblin_uprising_effect(card: str) -> None:
    # a second goblin keeps Rally on offer after the first is spent, so the roll waits (GU-S3)
    game = duel("barbarian", "cleaving-swing", ["Uprising", "Blank", "Blank"], hand=[card, "wolf-rider"])
    s = game.state
    cb = s.combat
    before = (cb.bonus, cb.shield, cb.weaken, cb.silence, cb.piercing, cb.ignore_armor, len(s.heroes["hero1"].hand))
    game.load_dice(["Star", "Star"])
    answer(game, f"uprising:{card}")
    if game.pending.kind == "heal":
        answer(game, values(game)[0])
    cb = s.combat
    after = (cb.bonus, cb.shield, cb.weaken, cb.silence, cb.piercing, cb.ignore_armor, len(s.heroes["hero1"].hand))
    effect = C.goblins[card].uprising.effect
    if effect == "reroll":
        assert cb.dice.count("Star") == 2
    elif effect == "heal":
        assert any("heals" in e.text for e in game.log if e.rule == "Combat: effects")
    elif effect == "draw":
        assert any(e.kind == "deck" and e.data.get("action") == "draw" for e in game.log
                   if e.rule == "Combat: effects")
    else:
        assert before != after, effect
    assert cb.uprisings == 0


@pytest.mark.parametrize(("tid", "bid"), [(t, b.id) for t, spec in C.tyrants.items() for b in spec.behaviors])
def test_each_behavior_card_applies_on_reveal(tid: str, bid: str) -> None:
    game = new_game(2, tyrant=tid)
    s = game.state
    s.behavior = bid
    s.hp = 3
    armor = s.armor
    game.run(tyranny.reveal_behavior)
    effects = {e.effect for e in C.tyrants[tid].behavior(bid).effects}
    assert s.revealed
    checks = {"heal_full": s.hp == s.max_hp, "aggressive": s.aggressive, "flight": s.flight, "oppress": s.oppress,
              "countdown": s.countdown > 0, "armor": s.armor > armor, "undying": s.undying,
              "spawn_all_generals": len(s.generals) == len(C.generals)}
    assert all(checks[e] for e in effects), effects


@pytest.mark.parametrize("tid", list(C.tyrants))
def test_each_track_space_of_each_tyrant_resolves(tid: str) -> None:
    t = C.tyrants[tid]
    game = new_game(3, tyrant=tid, seed=11)
    s = game.state
    for space in range(1, len(t.track) + 1):
        s.marker = space - 1
        before = game.log.count if hasattr(game.log, "count") else 0
        game.run(tyranny.move_marker)
        while game.pending is not None and game.pending.kind != "action":
            vals = values(game)
            game.answer("take" if "take" in vals else vals[0])
        if game.result is not None:
            break
        assert s.marker >= space
        del before
    names = {e.effect for sp in t.track for e in sp.effects}
    assert "oppress" in names and "reveal_behavior" in names


def test_wolf_adds_a_die_when_battling_troops() -> None:
    game = new_game(4)
    s = game.state
    seat = "hero4"
    while game.pending.player != seat:
        vals = values(game)
        game.answer("end" if "end" in vals else "adventure" if "adventure" in vals else "take" if "take" in vals
                    else "done" if "done" in vals else "pass" if "pass" in vals else "roll" if "roll" in vals
                    else vals[0])
    s.board.move(seat, "prairie-spawn")
    reask(game)
    answer(game, "end")
    answer(game, "battle:troop:human")
    choose(game, "ability", "ability:volley")
    rolls = [e for e in game.log if e.kind == "roll" and "Volley" in e.text]
    assert len(rolls) == 4
