"""The seven spells that reach outside the magic package, one test or more each with loaded dice, and their
interactions with Familiar, Scroll of Occult Knowledge, Eldritch Redirection, Magic-Eater, Nullify and
Tome of Magic."""

from __future__ import annotations

import pytest
from hob_bench import battle, give_card, run, unit

from skirmish_hobgoblin import deployment, fortune, measuring
from skirmish_hobgoblin.army import check_army, parse_army
from skirmish_hobgoblin.magic import casting, lasting, placement_spells
from skirmish_hobgoblin.magic.spells import builtin_spells, magic_data
from skirmish_hobgoblin.state import READY, table_of

WALL = {"pieces": [{"kind": "", "keywords": ["Blocking", "Impassable"], "rect": [30, 16, 20, 1, 0]}]}


def _wiz(allegiance: str, **extra):
    return {"name": "Wiz", "x": 30, "y": 10, "keywords": ["Wizard"], "allegiance": allegiance, **extra}


def _game(allegiance: str, red_extra=(), blue=None, mercury: int = 30, layout=None):
    g = battle([_wiz(allegiance), *red_extra], blue or [{"name": "Foe", "x": 30, "y": 22}], layout=layout)
    g.state.sides["red"].mercury = mercury
    return g


def _cast(g, spell_id: str, target: str = "", dice=None, caster: str = "Wiz") -> None:
    run(g, casting.cast, "red", unit(g, caster), builtin_spells()[spell_id], target, dice=dice)




def _end_of_round(g) -> None:
    run(g, lasting.phase_end, g.ruleset.phase_order(g)[-1])


def test_every_spell_is_castable():
    assert all(casting.playable(s) for s in builtin_spells().values())


# ------------------------------------------------------------------------------ Sightless Eyes


def test_sightless_eyes_sees_every_unit_until_the_end_of_the_round():
    g = _game("Gomb", red_extra=[{"name": "Pal", "x": 30, "y": 12}], blue=[{"name": "Foe", "x": 30, "y": 30}],
              layout=WALL)
    pal, foe = unit(g, "Pal"), unit(g, "Foe")
    assert not measuring.has_los(g.state, pal, foe)
    _cast(g, "sightless-eyes", pal.id)
    assert measuring.has_los(g.state, pal, foe)
    g.ruleset.expire_keywords(g, "round")
    assert not measuring.has_los(g.state, pal, foe)


# ------------------------------------------------------------------------------ Polyceus' Blessing


def test_polyceus_blessing_draws_a_card_after_each_card_on_a_friendly_unit():
    g = _game("Polyceus")
    wiz, foe = unit(g, "Wiz"), unit(g, "Foe")
    _cast(g, "polyceus-blessing")
    blade, hold = give_card(g, "red", "famous-blade"), give_card(g, "red", "hold")
    run(g, fortune.play, "red", f"play {blade} on {wiz.id}")
    hand = g.state.sides["red"].hand.cards
    assert blade not in hand and len(hand) == 2  # Hold, and the card drawn
    run(g, fortune.play, "red", f"play {hold} on {foe.id}")  # on an enemy unit: no card
    assert len(g.state.sides["red"].hand.cards) == 1


def test_polyceus_blessing_lasts_only_this_round():
    g = _game("Polyceus")
    _cast(g, "polyceus-blessing")
    g.round += 1
    blade = give_card(g, "red", "famous-blade")
    run(g, fortune.play, "red", f"play {blade} on {unit(g, 'Wiz').id}")
    assert g.state.sides["red"].hand.cards == []


# ------------------------------------------------------------------------------ Flicker


def test_flicker_owner_deploys_the_target_again_keeping_its_doom():
    g = _game("Atare", blue=[{"name": "Foe", "x": 30, "y": 18, "doom": 3}])
    foe = unit(g, "Foe")
    foe.keywords.add("Brutal")
    _cast(g, "flicker", foe.id)
    d = g.pending
    assert d.player == "blue" and d.kind == "placement"
    g.answer(d.options[0].value)
    lo, _ = deployment.zone(g, "blue")
    assert foe.status == READY and foe.y - foe.depth / 2 >= lo - 1e-9
    assert foe.doom == 3 and foe.has("Brutal")


def test_flicker_needs_the_target_within_12():
    g = _game("Atare", blue=[{"name": "Foe", "x": 30, "y": 26}])
    assert unit(g, "Foe").id not in [t.id for t in casting.targets(g, unit(g, "Wiz"), builtin_spells()["flicker"])]


# ------------------------------------------------------------------------------ Marble Forest


def test_marble_forest_sets_the_target_aside_until_the_end_of_the_round():
    g = _game("Nebularis")
    foe = unit(g, "Foe")
    _cast(g, "marble-forest", foe.id)
    assert not foe.in_play and foe.status == placement_spells.ASIDE
    _end_of_round(g)
    d = g.pending
    assert d.player == "blue" and d.kind == "marble-forest"
    g.answer(d.examples[0])
    assert foe.in_play
    assert all(measuring.gap(foe, e) > 8.0 for e in g.state.enemies(foe))


def test_marble_forest_targets_only_unengaged_units():
    g = _game("Nebularis", blue=[{"name": "Foe", "x": 30, "y": 10 + 60 / 25.4}])
    spell = builtin_spells()["marble-forest"]
    assert unit(g, "Foe").id not in [t.id for t in casting.targets(g, unit(g, "Wiz"), spell)]


# ------------------------------------------------------------------------------ Void of Nebularis


def test_void_of_nebularis_makes_6_inches_around_its_marker_perilous():
    g = _game("Nebularis")
    _cast(g, "void-of-nebularis")
    d = g.pending
    assert d.kind == "marker" and d.validator(g, {"x": 30.0, "y": 40.0})  # more than 18" away: refused
    g.answer({"x": 30.0, "y": 22.0})
    (marker,) = lasting.voids(g)
    perilous = [t for t in table_of(g.state).terrain if t.has("perilous")]
    assert len(perilous) == 1 and (marker.centre.x, marker.centre.y) == (30.0, 22.0)
    assert g.state.markers == []  # no scenario scores it
    assert lasting.near_void(g, unit(g, "Foe")) and not lasting.near_void(g, unit(g, "Wiz"))


def test_void_of_nebularis_removes_cards_played_near_it_from_the_game():
    g = _game("Nebularis")
    placement_spells.add_void(g, 30.0, 22.0)
    wiz, foe = unit(g, "Wiz"), unit(g, "Foe")
    far, near = give_card(g, "red", "famous-blade"), give_card(g, "blue", "hold")
    run(g, fortune.play, "red", f"play {far} on {wiz.id}")
    run(g, fortune.play, "blue", f"play {near} on {foe.id}")
    assert far in g.state.deck.discard_pile and near not in g.state.deck.discard_pile
    assert near not in g.state.deck.draw_pile


# ------------------------------------------------------------------------------ By My Will


def test_by_my_will_ignores_weakness_keywords_until_the_end_of_the_round():
    g = _game("Iskalla", red_extra=[{"name": "Pal", "x": 36, "y": 12}])
    pal = unit(g, "Pal")
    pal.keywords.add("Cowardly")
    pal.keywords.add("Fragile")
    _cast(g, "by-my-will", pal.id)
    assert g.pending.player == "red" and g.pending.kind == "by-my-will"
    g.answer("ignore")
    assert not pal.has("Cowardly") and not pal.has("Fragile") and pal.has("Against All Odds")
    _cast(g, "hasten", pal.id)  # a Weakness gained later in the round is ignored too
    assert pal.has("Brutal") and not pal.has("Fragile")
    _end_of_round(g)
    g.ruleset.expire_keywords(g, "round")
    assert pal.has("Cowardly") and pal.has("Fragile") and not pal.has("Against All Odds")


def test_by_my_will_may_be_refused():
    g = _game("Iskalla", blue=[{"name": "Foe", "x": 30, "y": 18, "keywords": ["Cowardly"]}])
    _cast(g, "by-my-will", unit(g, "Foe").id)
    assert g.pending.player == "blue"
    g.answer("keep")
    assert unit(g, "Foe").has("Cowardly")


# ------------------------------------------------------------------------------ Raise The Dead


def test_raise_the_dead_places_a_hollow_light_infantry_unit_with_2d6_doom():
    g = _game("Iskalla")
    before = len(g.state.units)
    _cast(g, "raise-the-dead")
    d = g.pending
    assert d.kind == "raise-the-dead" and d.player == "red"
    assert d.validator(g, {"x": 30.0, "y": 40.0, "facing": 90.0})  # not wholly within 12"
    g.load_dice([3, 4])
    g.answer(d.examples[0])
    (new,) = [u for u in g.state.units.values() if u.name.startswith("Risen Dead")]
    assert len(g.state.units) == before + 1 and new.in_play and new.side == "red"
    assert new.type_name == "Light Infantry" and new.has("Hollow") and new.doom == 7
    assert measuring.gap(unit(g, "Wiz"), new) <= 12


def test_raise_the_dead_may_break_the_new_unit_at_once():
    g = _game("Iskalla")
    _cast(g, "raise-the-dead")
    g.load_dice([6, 6])
    g.answer(g.pending.examples[0])
    (new,) = [u for u in g.state.units.values() if u.name.startswith("Risen Dead")]
    assert new.has("Broken")


# ------------------------------------------------------------------------------ interactions


def test_eldritch_redirection_keeps_marble_forest_off_engaged_units():
    g = _game("Nebularis", red_extra=[{"name": "Pin", "x": 38, "y": 22 - 60 / 25.4}],
              blue=[{"name": "Foe", "x": 30, "y": 22}, {"name": "Pal", "x": 30, "y": 28},
                    {"name": "Held", "x": 38, "y": 22}])
    give_card(g, "blue", "eldritch-redirection")
    foe = unit(g, "Foe")
    assert measuring.is_engaged(g.state, unit(g, "Held"))
    run(g, casting._cast_answer, f"{unit(g, 'Wiz').id}|marble-forest|{foe.id}", "red")
    offered = {o.value for o in g.pending.options}
    assert unit(g, "Pal").id in offered and unit(g, "Held").id not in offered and unit(g, "Pin").id not in offered


def test_eldritch_redirection_offered_for_flicker():
    g = _game("Atare", blue=[{"name": "Foe", "x": 30, "y": 18}, {"name": "Pal", "x": 38, "y": 18}])
    give_card(g, "blue", "eldritch-redirection")
    run(g, casting._cast_answer, f"{unit(g, 'Wiz').id}|flicker|{unit(g, 'Foe').id}", "red")
    assert g.pending.kind == "redirect" and unit(g, "Pal").id in {o.value for o in g.pending.options}


def test_eldritch_redirection_cannot_be_played_on_a_nullify_unit():
    g = _game("Atare", blue=[{"name": "Foe", "x": 30, "y": 18}, {"name": "Pal", "x": 38, "y": 18}])
    unit(g, "Foe").keywords.add("Nullify")
    give_card(g, "blue", "eldritch-redirection")
    run(g, casting._cast_answer, f"{unit(g, 'Wiz').id}|flicker|{unit(g, 'Foe').id}", "red")
    assert g.pending is None or g.pending.kind != "redirect"


def test_magic_eater_ignores_flicker_and_gains_d3_mercury():
    g = _game("Atare", blue=[{"name": "Foe", "x": 30, "y": 18}])
    foe = unit(g, "Foe")
    foe.keywords.add("Magic-Eater")
    x, y = foe.x, foe.y
    _cast(g, "flicker", foe.id, dice=[3])
    assert (foe.x, foe.y) == (x, y) and foe.in_play and g.state.sides["blue"].mercury == 2


def test_nullify_ignores_a_friendly_by_my_will():
    g = _game("Iskalla", red_extra=[{"name": "Pal", "x": 36, "y": 12}])
    pal = unit(g, "Pal")
    pal.keywords.add("Nullify")
    _cast(g, "by-my-will", pal.id)
    assert g.pending is None or g.pending.kind != "by-my-will"


def test_nullify_cannot_gain_wizard_through_black_gate():
    g = _game("Nebularis", red_extra=[{"name": "Pal", "x": 36, "y": 12, "general": False,
                                       "battle_standard": False}])
    pal = unit(g, "Pal")
    pal.keywords.add("Nullify")
    _cast(g, "black-gate", unit(g, "Wiz").id)
    assert not any(o.value == f"Wizard|{pal.id}" for o in g.pending.options)


def test_scroll_of_occult_knowledge_casts_raise_the_dead():
    g = _game("Cylosi")
    give_card(g, "red", "scroll-of-occult-knowledge")
    value = next(o.value for o in casting.cast_options(g, "red") if "|raise-the-dead|" in o.value)
    run(g, casting._cast_answer, value, "red")
    assert g.pending.kind == "raise-the-dead"


def test_familiar_lets_flicker_reach_from_a_friendly_unit():
    g = _game("Atare", red_extra=[{"name": "Near", "x": 60, "y": 10}], blue=[{"name": "Foe", "x": 60, "y": 20}])
    foe = unit(g, "Foe")
    assert not any(f"|flicker|{foe.id}" in o.value for o in casting.cast_options(g, "red"))
    give_card(g, "red", "familiar")
    assert any(f"|flicker|{foe.id}|" in o.value for o in casting.cast_options(g, "red"))


def test_polyceus_blessing_draws_after_a_spell_card_on_the_caster():
    g = _game("Polyceus")
    _cast(g, "polyceus-blessing")
    give_card(g, "red", "scroll-of-occult-knowledge")
    value = next(o.value for o in casting.cast_options(g, "red") if "|stone-heart|" in o.value)
    run(g, casting._cast_answer, value, "red")
    assert len(g.state.sides["red"].hand.cards) == 1


def _staff_army(allegiance: str):
    return parse_army({"name": "A", "points": 3000, "units": [
        {"type": "Light Infantry", "name": "W", "width": 150, "depth": 60, "allegiance": allegiance,
         "artefact": "The Staff of Ruin", "general": True, "battle_standard": True}]}, where="test")


def test_tome_of_magic_takes_two_allegiances_in_the_army_list(ruleset):
    check_army(_staff_army("Gomb, Atare"), ruleset.content, where="test")
    with pytest.raises(Exception, match="Tome of Magic allows two"):
        check_army(_staff_army("Gomb, Atare, Mycena"), ruleset.content, where="test")


def test_a_wizard_without_tome_of_magic_takes_one_allegiance(ruleset):
    army = parse_army({"name": "A", "points": 3000, "units": [
        {"type": "Light Infantry", "name": "W", "width": 150, "depth": 60, "keywords": ["Wizard"],
         "allegiance": "Gomb, Atare", "general": True, "battle_standard": True}]}, where="test")
    with pytest.raises(Exception, match="two with Tome of Magic"):
        check_army(army, ruleset.content, where="test")


def test_tome_of_magic_knows_both_allegiances_spells():
    g = _game("Gomb")
    magic_data(g)["allegiance"][unit(g, "Wiz").id] = "Gomb, Atare"  # as the army list names them
    known = {s.id for s in casting.known_spells(g, unit(g, "Wiz"))}
    assert {"sightless-eyes", "flicker"} <= known and len(known) == 6


def test_marble_forest_unit_with_nowhere_to_return_is_removed():
    g = _game("Nebularis")
    foe = unit(g, "Foe")
    _cast(g, "marble-forest", foe.id)
    g.state.width = 5.0  # the unit no longer fits anywhere
    _end_of_round(g)
    assert foe.status == "removed"


def test_spell_value_prices_the_new_spells_for_the_casting_ai():
    from skirmish_hobgoblin.magic.value import MEASURED, spell_value, spell_worth

    units = {"a": {"id": "a", "side": "red", "x": 0, "y": 0, "status": "ready", "doom": 0, "courage": 10,
                   "points": 200, "engaged": [], "keywords": "Ranged [12]"},
             "b": {"id": "b", "side": "blue", "x": 5, "y": 0, "status": "ready", "doom": 0, "courage": 10,
                   "points": 200, "engaged": ["c"], "keywords": ""}}
    assert spell_worth("red", {"effect": "flicker", "affects": ["b"]}, units) == (1.0, True)  # engaged: a guess
    free = {**units, "b": {**units["b"], "engaged": []}}
    assert spell_worth("red", {"effect": "flicker", "affects": ["b"]}, free) == (MEASURED["flicker:enemy"][0], False)
    assert spell_worth("red", {"effect": "sightless_eyes", "affects": ["a"]}, units) == (
        MEASURED["sightless_eyes"][0], False)
    assert spell_value("red", {"effect": "polyceus_blessing", "affects": []}, units, hand=2) < 0  # measured
    assert spell_value("red", {"effect": "grant", "affects": ["a"]}, units) is None


def test_by_my_will_sets_distracted_aside_for_good():
    g = _game("Iskalla", red_extra=[{"name": "Pal", "x": 36, "y": 12}])
    pal = unit(g, "Pal")
    pal.keywords.add("Distracted")
    _cast(g, "by-my-will", pal.id)
    g.answer("ignore")
    assert not pal.has("Distracted") and pal.has("Undistractable")
    _end_of_round(g)
    assert not pal.has("Distracted")  # the Doom Phase's Ready step would have cleared it anyway


def test_familiar_measures_raise_the_dead_from_a_friendly_unit():
    g = _game("Iskalla", red_extra=[{"name": "Far", "x": 60, "y": 10}])
    wiz, far = unit(g, "Wiz"), unit(g, "Far")
    card = give_card(g, "red", "familiar")
    value = f"{wiz.id}|raise-the-dead|from:{far.id}|{card}"
    assert value in {o.value for o in casting.cast_options(g, "red")}
    run(g, casting._cast_answer, value, "red")
    d = g.pending
    assert d.kind == "raise-the-dead" and card not in g.state.sides["red"].hand.cards
    assert d.validator(g, {"x": 30.0, "y": 16.0, "facing": 90.0})  # near the Wizard, not near Far
    assert not d.validator(g, {"x": 60.0, "y": 16.0, "facing": 90.0})


def test_familiar_lets_an_untargeted_spell_reach_units_near_a_friend():
    g = _game("Atare", red_extra=[{"name": "Far", "x": 66, "y": 10}], blue=[{"name": "Foe", "x": 66, "y": 30}])
    wiz, far, foe = unit(g, "Wiz"), unit(g, "Far"), unit(g, "Foe")
    assert not any("|stalking-death|" in o.value for o in casting.cast_options(g, "red"))
    card = give_card(g, "red", "familiar")
    run(g, casting._cast_answer, f"{wiz.id}|stalking-death|from:{far.id}|{card}", "red")
    assert foe.has("Cowardly")


ALLEGIANCES = ["Ljudlös", "Gomb", "Polyceus", "Atare", "Nebularis", "Mycena", "Iskalla", "Marabis", "Cylosi"]


def _wizard_army(first: int) -> dict:
    units = [{"type": "Light Infantry", "name": f"W{k}", "width": 150, "depth": 60, "keywords": ["Wizard"],
              "allegiance": ALLEGIANCES[(first + k) % 9], "general": k == 0, "battle_standard": k == 0}
             for k in range(4)]
    return {"name": f"Coven {first}", "points": 3000, "units": units}


@pytest.mark.parametrize("seed", [1, 5])  # (seed 4 stopped casting a new spell when the movement menu changed)
def test_whole_games_cast_the_new_spells_through_the_installed_hooks(seed):
    from skirmish import AgentContext, Game, RandomAgent, View
    from skirmish.plugins import Registry

    ruleset = Registry().ruleset("hobgoblin")
    setup = {"players": ["red", "blue"], "armies": {"red": _wizard_army(seed), "blue": _wizard_army(seed + 4)},
             "points": 3000}
    game = Game(ruleset, setup, seed=seed, keep_log=True)
    agents = {p: RandomAgent(AgentContext(p, seed * 7 + i, ruleset, {}, game.players))
              for i, p in enumerate(game.players)}
    for _ in range(20000):
        d = game.pending
        if d is None:
            break
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert game.result is not None
    cast = {e.text.split(" casts ")[1].split(" (")[0] for e in game.log.events
            if e.kind == "spell" and " casts " in e.text}
    new = {"Sightless Eyes", "Polyceus' Blessing", "Flicker", "Marble Forest", "Void of Nebularis", "By My Will",
           "Raise The Dead"}
    assert cast & new
