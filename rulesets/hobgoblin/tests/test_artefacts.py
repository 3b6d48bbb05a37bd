"""Cursed Artefacts: the catalogue, the army-list rules, and a test per artefact keyword (loaded dice)."""

from __future__ import annotations

from typing import Any

import hob_bench
import pytest
from hob_bench import run, unit

from skirmish import Game, SetupError
from skirmish_hobgoblin import deployment, fortune, stats, turns
from skirmish_hobgoblin.army import build_unit, parse_army, validate
from skirmish_hobgoblin.artefacts import artefacts, find
from skirmish_hobgoblin.artefacts import rules as art
from skirmish_hobgoblin.magic.casting import ignores


def battle(red: list[dict[str, Any]], blue: list[dict[str, Any]], *, red_art: str = "", blue_art: str = "",
           cards: bool = False, ruleset: Any = None, positions: bool = True, dice: list[int] | None = None) -> Game:
    """hob_bench.battle with a Cursed Artefact on each General (the first unit)."""
    armies = {}
    pos: dict[str, dict[str, Any]] = {"red": {}, "blue": {}}
    for side, units, name in (("red", red, red_art), ("blue", blue, blue_art)):
        a = hob_bench.army(units, side.title())
        if name:
            a["units"][0]["artefact"] = name
            if "Wizard" in find(name).keywords:
                a["units"][0]["allegiance"] = "Mycena"
        armies[side] = a
        for u in units:
            pos[side][u["name"]] = {"x": u["x"], "y": u["y"], "facing": u.get("facing", 90 if side == "red" else 270),
                                    "doom": u.get("doom", 0)}
    setup = {"players": ["red", "blue"], "armies": armies, "points": 20000, "scenario": "bloodbath",
             "first": "red", "layout": {"pieces": []}}
    if positions:
        setup["positions"] = pos
    game = Game(ruleset or hob_bench.RULESET, setup, seed=1, dice=dice or [])
    if not cards:
        for side in game.state.sides.values():
            game.state.deck.discard(side.hand.cards)
            side.hand.cards.clear()
    return game


GEN = {"name": "Gen", "x": 20, "y": 10}
FOE = {"name": "Foe", "x": 60, "y": 40}


def _gen(game: Game) -> Any:
    return unit(game, "Gen")



# ------------------------------------------------------------------------------ catalogue and army list


def test_the_ten_artefacts_give_twenty_six_reserved_keywords():
    arts = artefacts()
    assert len(arts) == 10
    names = {k for a in arts.values() for k in a.keywords}
    general = {"Wizard", "Brutal", "Swift [+4]", "Sneaky", "Skirmishers", "Hollow"}
    assert len(names) == 32 and len(names - general) == 26


def test_an_artefact_goes_on_the_general_only_one_per_army(ruleset):
    def army(units: list[dict[str, Any]]) -> Any:
        return parse_army({"name": "A", "points": 3000, "units": units})

    base = {"type": "Light Infantry", "width": 150, "depth": 60}
    ok = army([{**base, "name": "G", "general": True, "battle_standard": True, "artefact": "The Helm of Dust"}])
    assert not [p for p in validate(ok, ruleset.content) if p.rule == "Cursed Artefacts"]
    bad = army([{**base, "name": "G", "general": True, "battle_standard": True, "artefact": "the-helm-of-dust"},
                {**base, "name": "H", "artefact": "The Stone of Souls"}])
    msgs = [p.message for p in validate(bad, ruleset.content) if p.rule == "Cursed Artefacts"]
    assert any("one per army" in m for m in msgs) and any("only the General" in m for m in msgs)
    unknown = army([{**base, "name": "G", "general": True, "battle_standard": True, "artefact": "Cheese"}])
    assert any("unknown Cursed Artefact" in p.message for p in validate(unknown, ruleset.content))
    with pytest.raises(SetupError):
        find("Cheese")


def test_artefact_keywords_are_free(ruleset):
    base = {"type": "Light Infantry", "width": 150, "depth": 60, "name": "G", "general": True,
            "battle_standard": True}
    plain = parse_army({"name": "A", "points": 3000, "units": [base]}).units[0]
    carried = parse_army({"name": "A", "points": 3000, "units": [{**base, "artefact": "The Helm of Dust"}]}).units[0]
    a, b = build_unit(plain, ruleset.content), build_unit(carried, ruleset.content)
    assert a.points == b.points and "suspended-agony" in b.keywords and "unspool" in b.keywords


# ------------------------------------------------------------------------------ The Staff of Ruin


def test_wizard():
    assert _gen(battle([GEN], [FOE], red_art="The Staff of Ruin")).has("Wizard")


def test_tome_of_magic():
    assert _gen(battle([GEN], [FOE], red_art="The Staff of Ruin")).has("Tome of Magic")


def test_mystic_roots():
    game = battle([GEN], [FOE], red_art="The Staff of Ruin")
    plain = battle([{**GEN, "keywords": ["Wizard"]}], [FOE])
    assert turns.mercury_income(game, "red") == turns.mercury_income(plain, "red") + 1


def test_ruinous_price():
    game = battle([GEN, {"name": "Near", "x": 30, "y": 10, "general": False, "battle_standard": False},
                   {"name": "Far", "x": 60, "y": 10, "general": False, "battle_standard": False}], [FOE],
                  red_art="The Staff of Ruin")
    run(game, art.phase_start, "Magic")
    d = game.pending
    assert d.rule == "Ruinous Price" and {o.data["target"] for o in d.options} == {"r1", "r2"}
    game.answer(f"doom {unit(game, 'Near').id}")
    assert unit(game, "Near").doom == 1


# ------------------------------------------------------------------------------ The Cursed Mantle


def test_cunning_ruse():
    game = battle([GEN], [FOE], red_art="The Cursed Mantle")
    run(game, deployment._cunning_ruse)
    assert game.pending.kind == "cunning-ruse" and game.pending.player == "red"


def test_prepared_mind():
    game = battle([GEN], [FOE], red_art="The Cursed Mantle")
    run(game, turns.initiative_phase, dice=[1])
    sizes = {p: len(s.hand.cards) for p, s in game.state.sides.items()}
    assert sizes["red"] == sizes["blue"] + 1


def test_overconfident_schemes():
    game = battle([GEN], [FOE], red_art="The Cursed Mantle")
    game.state.first = "red"
    run(game, art.overconfident_schemes)
    assert game.state.first == "blue"


# ------------------------------------------------------------------------------ The Horn of the Manticore


def test_brutal():
    assert _gen(battle([GEN], [FOE], red_art="The Horn of the Manticore")).has("Brutal")


def test_war_horn():
    """Offered just before the bearer attacks in the Combat Phase; the friend's attack keeps its activation."""
    friend = {"name": "Pal", "x": 30, "y": 10, "general": False, "battle_standard": False}
    game = battle([{**GEN, "x": 24}, friend], [{"name": "Foe", "x": 30, "y": 10 + 60 / 25.4},
                                               {"name": "Foe2", "x": 24, "y": 10 + 60 / 25.4}],
                  red_art="The Horn of the Manticore", dice=[6] * 40)
    run(game, turns.fight, _gen(game))
    d = game.pending
    assert d.rule == "War Horn" and d.context["when"] == "before"
    game.answer(f"horn {unit(game, 'Pal').id}")
    assert "artefact:War Horn" in _gen(game).used
    assert unit(game, "Foe").doom > 0
    assert unit(game, "Pal").id not in game.state.activated  # its own activation is still to come
    assert _gen(game).id in game.state.activated


def test_war_horn_after_the_bearer_attacks():
    friend = {"name": "Pal", "x": 30, "y": 10, "general": False, "battle_standard": False}
    game = battle([{**GEN, "x": 24}, friend], [{"name": "Foe", "x": 30, "y": 10 + 60 / 25.4},
                                               {"name": "Foe2", "x": 24, "y": 10 + 60 / 25.4}],
                  red_art="The Horn of the Manticore", dice=[6] * 40)
    run(game, turns.fight, _gen(game))
    game.answer("keep")
    d = game.pending
    assert d.rule == "War Horn" and d.context["when"] == "after"
    assert unit(game, "Foe2").doom > 0 and unit(game, "Foe").doom == 0  # the bearer attacked in between


def test_war_horn_not_offered_outside_the_bearers_activation():
    friend = {"name": "Pal", "x": 30, "y": 10, "general": False, "battle_standard": False}
    game = battle([GEN, friend], [{"name": "Foe", "x": 30, "y": 10 + 60 / 25.4}],
                  red_art="The Horn of the Manticore")
    run(game, art.phase_start, "Combat")
    assert game.pending is None or game.pending.rule != "War Horn"


def test_thirst_for_battle():
    game = battle([GEN], [FOE], red_art="The Horn of the Manticore")
    run(game, turns._combat_start)
    assert _gen(game).doom == 1


# ------------------------------------------------------------------------------ The Obsidian Puzzle Box


def test_swift():
    assert _gen(battle([GEN], [FOE], red_art="The Obsidian Puzzle Box")).value("Swift") == 4


def test_manipulate_time():
    friend = {"name": "Pal", "x": 30, "y": 10, "general": False, "battle_standard": False}
    game = battle([GEN, friend], [FOE], red_art="The Obsidian Puzzle Box")
    run(game, art.phase_end, "Movement")
    assert game.pending.rule == "Manipulate Time"
    game.answer("use")
    d = game.pending
    assert d.kind == "activate" and {o.data.get("actor") for o in d.options} - {None} == {"r1", "r2"}
    assert not art.unused(_gen(game), "Manipulate Time")


def test_unreliable_master():
    plain = _gen(battle([GEN], [FOE]))
    gen = _gen(battle([GEN], [FOE], red_art="The Obsidian Puzzle Box"))
    assert plain.has("Command") and not gen.has("Command") and gen.has("Unreliable Master")


# ------------------------------------------------------------------------------ The Wretched Whistle


def test_haunted_melody():
    friend = {"name": "Pal", "x": 20 + 5.9 + 2, "y": 10, "general": False, "battle_standard": False, "doom": 20}
    game = battle([GEN, friend], [FOE], red_art="The Wretched Whistle")
    pal = unit(game, "Pal")
    stats.refresh(game, pal)
    assert pal.has(stats.BROKEN)
    run(game, art.haunted_melody)
    game.answer("use")
    assert not stats.counts_broken(pal)


def test_abyssal_piping():
    game = battle([GEN], [{"name": "Foe", "x": 20, "y": 10 + 60 / 25.4 + 3, "facing": 270},
                          {"name": "Away", "x": 60, "y": 40, "general": False, "battle_standard": False}],
                  red_art="The Wretched Whistle")
    run(game, art.abyssal_piping)
    assert unit(game, "Foe").has("Cowardly") and not unit(game, "Away").has("Cowardly")


def test_dissonant_echoes():
    game = battle([{**GEN, "doom": 30}], [FOE], red_art="The Wretched Whistle")
    before = len(game.state.sides["blue"].hand.cards)
    stats.refresh(game, _gen(game))
    run(game, art.dissonant_echoes)
    run(game, art.dissonant_echoes)  # once only
    assert len(game.state.sides["blue"].hand.cards) == before + 5


# ------------------------------------------------------------------------------ The Weaver's Chart


def test_sneaky():
    assert _gen(battle([GEN], [FOE], red_art="The Weaver's Chart")).has("Sneaky")


def test_hidden_passages():
    friends = [{"name": f"P{i}", "x": 20 + 8 * i, "y": 10, "general": False, "battle_standard": False}
               for i in range(1, 5)]
    game = battle([GEN, *friends], [FOE], red_art="The Weaver's Chart")
    run(game, art.hidden_passages)
    for name in ("P1", "P2", "P3"):
        game.answer(f"fly {unit(game, name).id}")
    assert [u.name for u in game.state.of("red") if u.has("Flying")] == ["P1", "P2", "P3"]
    assert game.pending is None or game.pending.rule != "Hidden Passages"


def test_byzantine_strategies():
    game = battle([GEN], [FOE], red_art="The Weaver's Chart", positions=False)
    run(game, art.game_start)
    gen = _gen(game)
    assert gen.status == "reserve" or "Byzantine Strategies" in [e.rule for e in game.log.events]


# ------------------------------------------------------------------------------ The Helm of Dust


def test_suspended_agony():
    from skirmish.pipeline import _Body

    game = battle([GEN], [FOE], red_art="The Helm of Dust")
    game.schedule(_Body("Doom"))
    run(game, art.suspended_agony)
    assert game.pending.rule == "Suspended Agony"
    game.answer("use")
    assert not any(type(s).__name__ == "_Body" for s in game.stack)
    assert not art.unused(_gen(game), "Suspended Agony")


def test_unspool():
    reds = [GEN] + [{"name": f"R{i}", "x": 20 + 8 * i, "y": 10, "general": False, "battle_standard": False}
                    for i in range(1, 5)]
    game = battle(reds, [FOE], red_art="The Helm of Dust")
    run(game, art.unspool)
    game.answer("use")
    d = game.pending
    assert d.player == "red" and "(3 left)" in d.prompt
    moved = 0
    while game.pending is not None and game.pending.player == "red" and moved < 10:
        d = game.pending
        if d.kind == "activate":
            pick = next(o.value for o in d.options if o.value != "done")
            game.answer(pick)
            moved += 1
        else:  # the unit's manoeuvre: hold
            game.answer(next((o.value for o in d.options if o.value in ("done", "hold", "end")), d.options[-1].value))
    assert moved == 3
    assert game.pending.player == "blue"


# ------------------------------------------------------------------------------ The Stone of Souls


def test_vengeful_shades():
    game = battle([GEN], [FOE], red_art="The Stone of Souls")
    run(game, art.vengeful_shades)
    game.answer("use")
    assert unit(game, "Foe").value("Ranged") == 12 and _gen(game).value("Ranged") == 12


def test_anguished_spirits():
    shooter = {"name": "Bows", "x": 24, "y": 20, "keywords": ["Ranged [+12]"], "facing": 270}
    pal = {"name": "Pal", "x": 29, "y": 10, "general": False, "battle_standard": False}
    game = battle([GEN, pal], [shooter], red_art="The Stone of Souls")
    plain = battle([GEN, pal], [shooter])
    assert {t.name for t, _ in turns.shooting_targets(plain, unit(plain, "Bows"))} == {"Gen", "Pal"}
    assert [t.name for t, _ in turns.shooting_targets(game, unit(game, "Bows"))] == ["Gen"]


def test_skirmishers():
    assert _gen(battle([GEN], [FOE], red_art="The Stone of Souls")).has("Skirmishers")


# ------------------------------------------------------------------------------ The Ferric Blade


def test_magic_eater():
    assert ignores(_gen(battle([GEN], [FOE], red_art="The Ferric Blade")), "blue") == "Magic-Eater"


def test_syphon_power():
    game = battle([GEN], [{**FOE, "keywords": ["Wizard"]}], red_art="The Ferric Blade")
    game.state.sides["blue"].mercury = 5
    art.syphon_power(game, _gen(game), unit(game, "Foe"), 2, "combat")
    art.syphon_power(game, _gen(game), unit(game, "Foe"), 2, "shooting")
    assert game.state.sides["blue"].mercury == 3 and game.state.sides["red"].mercury == 2


def test_futility():
    game = battle([GEN], [{"name": "Foe", "x": 20, "y": 10 + 60 / 25.4}], red_art="The Ferric Blade")
    run(game, art.futility)
    assert unit(game, "Foe").has("Hollow")


def test_nullify():
    gen = _gen(battle([GEN], [FOE], red_art="The Ferric Blade"))
    assert ignores(gen, "red") == "Nullify" and gen.has("Nullify")


def test_hollow():
    assert _gen(battle([GEN], [FOE], red_art="The Ferric Blade")).has("Hollow")


# ------------------------------------------------------------------------------ The Horologist's Heart


def test_quicksilver():
    """Mercury gained while the bearer is in play arrives as rolled dice; a spent die goes with its token."""
    game = battle([GEN], [FOE], red_art="The Horologist's Heart")
    game.state.sides["red"].mercury = 3
    run(game, art.sync_quicksilver, "red", dice=[3, 5, 6])
    assert sorted(art.quicksilver_dice(game, "red")) == [3, 5, 6]
    assert art.spend_quicksilver(game, "red", 5) and art.quicksilver_dice(game, "red").count(5) == 0
    assert game.state.sides["red"].mercury == 2


def test_like_clockwork():
    game = battle([GEN], [FOE], red_art="The Horologist's Heart")
    fortune.draw(game, "red", 2)
    first = list(game.state.sides["red"].hand.cards)
    run(game, art.like_clockwork)
    game.answer(f"discard {first[0]}")
    game.answer("done")
    hand = game.state.sides["red"].hand.cards
    assert len(hand) == 2 and first[1] in hand


def test_stolen_time():
    game = battle([GEN], [FOE], red_art="The Horologist's Heart")
    run(game, art.stolen_time)
    assert game.state.sides["red"].hand.public and not game.state.sides["blue"].hand.public


def test_haunted_melody_is_offered_again_just_before_broken_units_are_removed():
    """"During the Doom Phase": a friend broken by Panic can still be kept, just before Remove Broken Units
    (ruling CA-8); used there, the friend stays in play."""
    friend = {"name": "Pal", "x": 20 + 5.9 + 2, "y": 10, "general": False, "battle_standard": False, "doom": 20}
    from skirmish.plugins import Registry

    game = battle([GEN, friend], [FOE], red_art="The Wretched Whistle", ruleset=Registry().ruleset("hobgoblin"))
    pal = unit(game, "Pal")
    stats.refresh(game, pal)
    run(game, turns.doom_phase)
    while game.pending is not None and game.pending.kind == "respond":
        game.answer("pass")
    assert game.pending.kind == "artefact" and game.pending.context["keyword"] == "Haunted Melody"
    assert any(e.kind == "panic" for e in game.log)  # offered after the Panic step
    game.answer("use")
    while game.pending is not None and game.pending.kind in ("respond", "harvest", "whos-next"):
        game.answer(game.pending.options[0].value if game.pending.kind != "respond" else "pass")
    assert pal.in_play
