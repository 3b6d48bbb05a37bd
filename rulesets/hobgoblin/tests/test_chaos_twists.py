"""Chaos of War: the Tunnels battlefield and the twists that change play (Frozen Lake, Arcane Conclave, Places of
Power, Songs / Echoes in the Dark, Fateful Deeds, Blood & Sludge), with loaded dice."""

from __future__ import annotations

from typing import Any

import hob_bench
from hob_bench import run, unit

from skirmish import Game
from skirmish_hobgoblin import stats, turns
from skirmish_hobgoblin.chaos import rules as chaos
from skirmish_hobgoblin.chaos import tunnels
from skirmish_hobgoblin.state import READY, RESERVE, Activation

RED = [{"name": "Gen", "x": 20, "y": 10}, {"name": "Pal", "x": 30, "y": 10, "general": False,
                                           "battle_standard": False}]
BLUE = [{"name": "Foe", "x": 60, "y": 40}]


def battle(chaos_spec: dict[str, Any], red: list[dict[str, Any]] | None = None) -> Game:
    game = hob_bench.battle(red or RED, BLUE)
    game.setup["chaos"] = chaos_spec
    run(game, chaos.game_start)
    return game


def _moved(game: Game, name: str) -> None:
    u = unit(game, name)
    game.state.activation = Activation(u.id, 0.0, (u.x, u.y, u.facing), [], manoeuvres=1)


def test_frozen_lake_3d6_under_speed_slides_3_inches_on():
    g = battle({"twists": ["frozen-lake"]})
    pal = unit(g, "Pal")
    _moved(g, "Pal")
    run(g, chaos.frozen_slide, pal.id, dice=[1, 1, 1])
    assert pal.y == 13.0


def test_frozen_lake_3d6_equal_to_speed_keeps_its_feet():
    g = battle({"twists": ["frozen-lake"]})
    pal = unit(g, "Pal")
    _moved(g, "Pal")
    speed = stats.speed(pal)
    run(g, chaos.frozen_slide, pal.id, dice=[speed - 2, 1, 1])
    assert pal.y == 10.0


def test_arcane_conclave_one_more_wizard_with_an_allegiance():
    g = battle({"twists": ["arcane-conclave"]})
    run(g, chaos.phase_start, "Initiative")
    pal = unit(g, "Pal")
    g.answer(f"pick {pal.id}")
    from skirmish_hobgoblin.magic.spells import allegiances

    g.answer(allegiances()[0])
    assert pal.has("Wizard") and g.stash["hobgoblin-magic"]["allegiance"][pal.id] == allegiances()[0]


def test_places_of_power_first_player_places_3_markers_16_inches_apart():
    g = battle({"twists": ["places-of-power"]})
    run(g, chaos.place_powers)
    assert g.pending is not None and g.pending.validator(g, {"x": 36.0}) is None
    g.answer({"x": 20.0})
    assert g.pending.validator(g, {"x": 30.0})  # 10" from the first: refused
    g.answer({"x": 36.0})
    g.answer({"x": 52.0})
    assert [p[0] for p in g.stash["hobgoblin-chaos"]["powers"]] == [20.0, 36.0, 52.0]


def test_places_of_power_more_units_within_4_inches_gain_2_mercury_or_a_card():
    g = battle({"twists": ["places-of-power"]})
    g.stash["hobgoblin-chaos"]["powers"] = [[30.0, 14.0]]
    run(g, chaos.phase_start, "Magic")
    assert g.pending.player == "red" and g.pending.kind == "power"
    g.answer("mercury")
    assert g.state.sides["red"].mercury == 2


def test_songs_in_the_dark_command_reaches_12_inches():
    g = battle({"twists": ["songs-in-the-dark"]})
    assert g.state.notes["command-range"] == 12
    assert stats.command_bonus(g.state, unit(g, "Pal"), g.state.notes["command-range"]) > 0


def test_echoes_in_the_dark_command_reaches_4_inches():
    g = battle({"twists": ["echoes-in-the-dark"]})
    assert g.state.notes["command-range"] == 4
    assert stats.command_bonus(g.state, unit(g, "Pal"), g.state.notes["command-range"]) == 0


def test_fateful_deeds_the_opponent_draws_when_a_card_is_played():
    g = battle({"twists": ["fateful-deeds"]})
    run(g, chaos.fateful_deeds, "red")
    assert len(g.state.sides["blue"].hand.cards) == 1 and not g.state.sides["red"].hand.cards


def test_blood_and_sludge_a_removed_unit_leaves_a_grim_gore_marker():
    g = battle({"twists": ["blood-and-sludge"]})
    foe = unit(g, "Foe")
    run(g, turns.remove, foe, "test")  # the Chaos of War plugin's hobgoblin_unit_removed places it
    (gore,) = [p for p in g.state.pieces if p.kind == "gore-marker"]
    assert gore.has("grim")
    assert sum(x for x, _ in gore.points) / 4 == foe.x and sum(y for _, y in gore.points) / 4 == foe.y


# ------------------------------------------------------------------------------ Tunnels


def _tunnel_game() -> Game:
    g = battle({"battlefield": ["tunnels"]})
    run(g, tunnels.place_entrances)
    for xy in ({"x": 20.0, "y": 16.0}, {"x": 20.0, "y": 36.0}, {"x": 60.0, "y": 8.0}, {"x": 60.0, "y": 36.0}):
        g.answer(xy)
    return g


def test_tunnels_split_the_table_and_each_player_places_a_linked_pair():
    g = _tunnel_game()
    divide = next(p for p in g.state.pieces if p.name.startswith("Tunnels"))
    assert divide.has("impassable")
    ends = g.stash["hobgoblin-chaos"]["tunnels"]["ends"]
    assert sorted(ends) == ["A", "B"] and all(len(v) == 2 for v in ends.values())
    assert all((a[1] < 24) != (b[1] < 24) for a, b in ends.values())  # one in each half


def test_tunnels_a_unit_within_4_inches_goes_in_and_comes_out_next_movement_phase():
    g = _tunnel_game()
    gen = unit(g, "Gen")  # at (20, 10): 4.8" from tunnel A's south end at (20, 16)... moved closer
    gen.y = 12.0
    run(g, tunnels.after_manoeuvre, gen.id)
    assert g.pending.kind == "tunnel"
    g.answer("enter A")
    assert gen.status == RESERVE
    run(g, tunnels.movement_start)
    assert gen.status == RESERVE  # not in the same round
    g.round += 1
    run(g, tunnels.movement_start)
    g.answer(g.pending.examples[0])
    assert gen.status == READY and gen.doom == 1
    run(g, turns.activate_now, gen)
    assert g.state.activation.mp == stats.speed(gen) - 6


def test_the_table_view_shows_the_chaos_entries_tunnels_and_who_is_inside():
    g = _tunnel_game()
    gen = unit(g, "Gen")
    gen.y = 12.0
    run(g, tunnels.after_manoeuvre, gen.id)
    g.answer("enter A")
    text = g.ruleset.describe(g, "red")
    assert "Chaos of War: Tunnels" in text and "tunnel A ends at (20, 16) and (20, 36)" in text
    assert "Gen (tunnel A)" in text
    assert g.ruleset.view(g, "blue")["chaos"]["in_tunnels"] == {gen.id: "A"}
