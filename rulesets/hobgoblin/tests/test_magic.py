"""Abyssal Sorcery: casting in the Magic Phase, and a test per spell with loaded dice."""

from __future__ import annotations

import pytest
from hob_bench import battle, give_card, run, unit

from skirmish import Option
from skirmish_hobgoblin import attacks, stats
from skirmish_hobgoblin.army import check_army, parse_army
from skirmish_hobgoblin.magic import casting
from skirmish_hobgoblin.magic.spells import builtin_spells


def _wiz(allegiance: str, **extra):
    return {"name": "Wiz", "x": 30, "y": 10, "keywords": ["Wizard"], "allegiance": allegiance, **extra}


def _game(allegiance: str, red_extra=(), blue=None, mercury: int = 20):
    red = [_wiz(allegiance), *red_extra]
    blue = blue or [{"name": "Foe", "x": 30, "y": 22}]
    g = battle(red, blue)
    g.state.sides["red"].mercury = mercury
    return g


def _cast(g, spell_id: str, target: str = "", dice=None, caster: str = "Wiz") -> None:
    spell = builtin_spells()[spell_id]
    run(g, casting.cast, "red", unit(g, caster), spell, target, dice=dice)


def test_spell_data_holds_nine_allegiances_of_three_spells_with_printed_costs():
    spells = builtin_spells()
    assert len(spells) == 27
    assert {s.tier: s.cost for s in spells.values()} == {"cantrip": 2, "making": 4, "cataclysm": 6}


def test_wizard_allegiance_is_validated_in_the_army_list(ruleset):
    army = parse_army({"name": "A", "points": 3000, "units": [
        {"type": "Light Infantry", "name": "W", "width": 150, "depth": 60, "keywords": ["Wizard"],
         "allegiance": "Nobody", "general": True, "battle_standard": True}]}, where="test")
    with pytest.raises(Exception, match="unknown Abyssal Allegiance"):
        check_army(army, ruleset.content, where="test")


def test_casting_names_pays_and_offers_only_affordable_spells():
    g = _game("Cylosi", red_extra=[{"name": "Pal", "x": 40, "y": 10}], mercury=4)
    values = [o.value for o in casting.cast_options(g, "red")]
    assert any("|crystal-blades|" in v for v in values) and not any("stone-heart" in v for v in values)
    _cast(g, "armour-of-pelahg", unit(g, "Pal").id)
    assert g.state.sides["red"].mercury == 0


def test_targeted_spell_needs_range_from_the_front_edge_centre():
    g = _game("Cylosi", red_extra=[{"name": "Far", "x": 60, "y": 10}])
    wiz = unit(g, "Wiz")
    ids = [t.id for t in casting.targets(g, wiz, builtin_spells()["crystal-blades"])]
    assert unit(g, "Far").id not in ids and wiz.id in ids


def test_no_casting_when_magic_is_switched_off():
    g = _game("Cylosi")
    g.setup["options"] = {"magic": False}
    assert not casting.magic_on(g, "red")


def test_book_of_tysthy_knows_another_allegiance_until_end_of_round():
    g = _game("Ljudlös")
    _cast(g, "book-of-tysthy", "Mycena")
    assert any(s.id == "mothers-blessing" for s in casting.known_spells(g, unit(g, "Wiz")))


def test_summon_lloigor_attacks_as_a_monster():
    g = _game("Ljudlös")
    wiz, foe = unit(g, "Wiz"), unit(g, "Foe")
    _cast(g, "summon-lloigor")
    assert attacks.target_number(g, wiz, foe, "combat") == g.ruleset.chart.target("monster", foe.type)


@pytest.mark.parametrize("spell,kw,side", [
    ("orb-of-silence", "Unruly", "Foe"), ("the-esurient-dark", "Self-Destructive", "Foe"),
    ("stalking-death", "Cowardly", "Foe"), ("stone-heart", "Courage", "Wiz")])
def test_untargeted_spell_hits_every_unit_in_range(spell, kw, side):
    alleg = builtin_spells()[spell].allegiance
    g = _game(alleg)
    _cast(g, spell)
    assert unit(g, side).has(kw)


@pytest.mark.parametrize("spell,kws", [
    ("the-tenebrous-piper", ["Berserk", "Swift"]), ("hasten", ["Brutal", "Swift", "Fragile"]),
    ("monstrous-growth", ["Brutal", "Large"]), ("trapdoor", ["Devastating Charge", "Swift"]),
    ("scuttle", ["Undistractable"]), ("spectral-webs", ["Flying", "Swift"]), ("crystal-blades", ["Hero"]),
    ("armour-of-pelahg", ["Tough"])])
def test_keyword_spell_lasts_until_end_of_round(spell, kws):
    g = _game(builtin_spells()[spell].allegiance, red_extra=[{"name": "Pal", "x": 36, "y": 12}])
    pal = unit(g, "Pal")
    _cast(g, spell, pal.id)
    assert all(pal.has(k) for k in kws)
    g.ruleset.expire_keywords(g, "round")
    assert not any(pal.has(k) for k in kws)


def test_crystal_blades_adds_two_strikes():
    g = _game("Cylosi")
    wiz = unit(g, "Wiz")
    before = stats.strikes(wiz)
    _cast(g, "crystal-blades", wiz.id)
    assert stats.strikes(wiz) == before + 2


def test_mothers_blessing_discards_d6_doom():
    g = _game("Mycena", red_extra=[{"name": "Pal", "x": 36, "y": 12, "doom": 5}])
    _cast(g, "mothers-blessing", unit(g, "Pal").id, dice=[4])
    assert unit(g, "Pal").doom == 1


def test_light_of_guldvarlden_rolls_d3_per_friendly_unit():
    g = _game("Mycena", red_extra=[{"name": "Pal", "x": 36, "y": 12, "doom": 3}])
    unit(g, "Wiz").doom = 3
    _cast(g, "light-of-guldvarlden", dice=[6, 1])  # D3 of 3, then 1
    assert sorted([unit(g, "Wiz").doom, unit(g, "Pal").doom]) == [0, 2]


def test_magic_eater_ignores_enemy_spells_and_gains_d3_mercury():
    g = _game("Atare")
    unit(g, "Foe").keywords.add("Magic-Eater")
    before = g.state.sides["blue"].mercury
    _cast(g, "stalking-death", dice=[5])
    assert not unit(g, "Foe").has("Cowardly") and g.state.sides["blue"].mercury == before + 3


def test_nullify_ignores_friendly_spells():
    g = _game("Cylosi", red_extra=[{"name": "Pal", "x": 36, "y": 12}])
    unit(g, "Pal").keywords.add("Nullify")
    _cast(g, "stone-heart")
    assert unit(g, "Wiz").has("Courage") and not unit(g, "Pal").has("Courage")


def test_ai_casts_mothers_blessing_on_a_doomed_unit_and_banks_otherwise():
    from types import SimpleNamespace

    from skirmish_hobgoblin.magic import ai

    g = _game("Mycena", red_extra=[{"name": "Pal", "x": 36, "y": 12, "doom": 6}], mercury=4)
    opts = casting.cast_options(g, "red")
    view = SimpleNamespace(state=g.ruleset.view(g, "red"))
    d = SimpleNamespace(options=[Option("done", "done", data={"action": "done"}), *opts])
    assert "mothers-blessing" in ai.choose("red", view, d)
    unit(g, "Pal").doom = 0
    view = SimpleNamespace(state=g.ruleset.view(g, "red"))
    assert ai.choose("red", view, d) == "done"


def _answer(g, value):
    g.answer(value)




def test_serve_unto_death_gives_chosen_doom_and_a_die_per_two_doom():
    g = _game("Iskalla", red_extra=[{"name": "Pal", "x": 36, "y": 12}])
    pal = unit(g, "Pal")
    before = stats.combat_dice(pal)
    _cast(g, "serve-unto-death", pal.id)
    assert g.pending.kind == "serve-unto-death"
    _answer(g, "4")
    assert pal.doom == 4 and pal.has("Blessing of Iskalla") and stats.combat_dice(pal) == before + 2


def test_reflective_soulgem_copies_a_strength_keyword_of_an_enemy():
    g = _game("Polyceus", blue=[{"name": "Foe", "x": 30, "y": 22, "keywords": ["Brutal"]}])
    _cast(g, "reflective-soulgem", unit(g, "Foe").id)
    _answer(g, "Brutal")
    assert unit(g, "Wiz").has("Brutal")


def test_black_gate_moves_a_character_keyword_for_good():
    g = _game("Nebularis", red_extra=[{"name": "Pal", "x": 36, "y": 12, "general": False,
                                       "battle_standard": False}])
    wiz, pal = unit(g, "Wiz"), unit(g, "Pal")
    _cast(g, "black-gate", wiz.id)
    _answer(g, f"Battle Standard|{pal.id}")
    assert pal.has("Battle Standard") and not wiz.has("Battle Standard")


def test_prescience_may_swap_a_card_with_the_targets_player():
    g = _game("Polyceus")
    theirs, mine = give_card(g, "blue", "vial-of-mercury"), give_card(g, "red", "enchanted-shield")
    _cast(g, "prescience", unit(g, "Foe").id)
    _answer(g, mine)
    assert theirs in g.state.sides["red"].hand.cards and mine in g.state.sides["blue"].hand.cards


def test_scroll_of_occult_knowledge_casts_a_spell_of_any_allegiance():
    g = _game("Cylosi")
    cid = give_card(g, "red", "scroll-of-occult-knowledge")
    value = next(o.value for o in casting.cast_options(g, "red") if "|stalking-death|" in o.value)
    run(g, casting._cast_answer, value, "red")
    assert unit(g, "Foe").has("Cowardly") and cid not in g.state.sides["red"].hand.cards


def test_familiar_measures_a_spell_from_any_friendly_unit():
    g = _game("Cylosi", red_extra=[{"name": "Near", "x": 58, "y": 10}, {"name": "Far", "x": 66, "y": 12}])
    far = unit(g, "Far")
    assert not any(far.id in o.value for o in casting.cast_options(g, "red"))
    give_card(g, "red", "familiar")
    assert any(o.value.startswith(f"{unit(g, 'Wiz').id}|crystal-blades|{far.id}|") for o in
               casting.cast_options(g, "red"))


def test_eldritch_redirection_moves_a_spell_to_another_unit_within_8():
    g = _game("Cylosi", red_extra=[{"name": "Pal", "x": 36, "y": 12}])
    cid = give_card(g, "red", "eldritch-redirection")
    wiz, pal = unit(g, "Wiz"), unit(g, "Pal")
    before = stats.strikes(wiz), stats.strikes(pal)
    run(g, casting._cast_answer, f"{wiz.id}|crystal-blades|{wiz.id}", "red")
    assert g.pending.kind == "redirect"
    _answer(g, pal.id)
    assert (stats.strikes(wiz), stats.strikes(pal)) == (before[0], before[1] + 2)
    assert cid not in g.state.sides["red"].hand.cards


def test_lodestone_makes_makings_and_cataclysms_cost_one_less_nearby():
    g = _game("Cylosi", red_extra=[{"name": "Pal", "x": 36, "y": 12}], mercury=5)
    wiz = unit(g, "Wiz")
    g.stash.setdefault("hobgoblin-chaos", {})["lodestone"] = {"x": wiz.x, "y": wiz.y + 3, "range": 4, "discount": 1}
    assert casting.cost_for(g, wiz, builtin_spells()["stone-heart"]) == 5
    assert casting.cost_for(g, wiz, builtin_spells()["crystal-blades"]) == 2
    _cast(g, "stone-heart")
    assert g.state.sides["red"].mercury == 0


def test_lodestone_within_4_is_measured_to_the_piece_not_its_centre():
    """H-M8 (undone): "within 4"" of the lodestone piece is closest points, so a Wizard 3.5" from the 3" piece
    (5" from its centre) pays less, and one 4.5" from the piece does not."""
    from skirmish.geometry import Circle, distance

    g = _game("Cylosi", mercury=10)
    wiz = unit(g, "Wiz")
    far = distance(wiz.rect, Circle((wiz.x, wiz.y + 20), 0.01))
    y = wiz.y + 20 - (far - 5)  # the stone's centre 5" from the Wizard's closest point
    g.stash.setdefault("hobgoblin-chaos", {})["lodestone"] = {"x": wiz.x, "y": y, "range": 4, "discount": 1,
                                                              "size": 3.0}
    assert casting.cost_for(g, wiz, builtin_spells()["stone-heart"]) == 5
    g.stash["hobgoblin-chaos"]["lodestone"]["y"] = y + 1.0  # 4.5" from the piece's edge
    assert casting.cost_for(g, wiz, builtin_spells()["stone-heart"]) == 6

