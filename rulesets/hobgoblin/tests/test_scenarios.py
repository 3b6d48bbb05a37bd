"""Scenarios: the 2D6 roll, markers, scoring at the end of a round, victory and the tie-breaker."""

from __future__ import annotations

from hob_bench import battle, run, unit

from skirmish import Game
from skirmish_hobgoblin import scenarios
from skirmish_hobgoblin.state import Marker


def test_scenario_roll_picks_by_2d6(ruleset):
    setup = ruleset.default_setup()
    game = Game(ruleset, setup, seed=3, dice=[3, 4])
    assert game.state.scenario == "bloodbath"
    game = Game(ruleset, setup, seed=3, dice=[6, 5])
    assert game.state.scenario == "desperate-search"


def test_tides_of_war_single_unengaged_unit_on_a_marker_scores_and_pushes():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 50, "y": 40}], scenario="tides-of-war")
    a = unit(g, "A")
    g.state.markers = [Marker("objective1", "objective", 20, 10 + a.depth / 2 + 0.625)]
    run(g, scenarios._score_tides, scenarios.current(g), dice=[4])
    assert g.state.sides["red"].vp == 1
    assert g.state.markers[0].y == 10 + a.depth / 2 + 0.625 + 6  # D6+2 towards blue's (north) edge


def test_tides_of_war_a_unit_standing_over_a_marker_is_in_base_contact_with_it():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 50, "y": 40}], scenario="tides-of-war")
    g.state.markers = [Marker("objective1", "objective", 20, 10)]  # under the unit's middle: moved over freely
    run(g, scenarios._score_tides, scenarios.current(g), dice=[4])
    assert g.state.sides["red"].vp == 1 and g.state.markers[0].y == 16


def test_tides_of_war_a_unit_an_inch_away_does_not_score():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 50, "y": 40}], scenario="tides-of-war")
    a = unit(g, "A")
    g.state.markers = [Marker("objective1", "objective", 20, 10 + a.depth / 2 + 0.625 + 1)]
    run(g, scenarios._score_tides, scenarios.current(g))
    assert g.state.sides["red"].vp == 0


def test_standard_tie_breaker_gives_a_vp_for_more_points():
    g = battle([{"name": "A", "x": 20, "y": 10}, {"name": "A2", "x": 40, "y": 10}], [{"name": "B", "x": 50, "y": 40}],
               scenario="tides-of-war")
    run(g, scenarios.finish)
    assert g.result.winners == ("red",) and g.result.scores["red"] == 1


def test_wages_of_sin_marker_in_the_enemy_zone_scores_two():
    g = battle([{"name": "A", "x": 20, "y": 36}, {"name": "A2", "x": 40, "y": 4}], [{"name": "B", "x": 60, "y": 24}])
    g.state.scenario = "wages-of-sin"  # (its marker placement is skipped: the marker is put in by hand)
    assert g.state.sides["red"].half == "south"
    g.state.markers = [Marker("objective1", "objective", 20, 40, owner="red")]
    run(g, scenarios._score_wages, scenarios.current(g))
    assert g.state.sides["red"].vp == 2 and g.state.markers[0].removed


def test_altars_of_grief_count_units_over_500_points_twice():
    g = battle([{"name": "A", "type": "Monster", "x": 30, "y": 20}],
               [{"name": "B", "x": 42, "y": 28}, {"name": "B2", "x": 20, "y": 34, "general": False,
                                                  "battle_standard": False}], scenario="altars-of-grief")
    g.state.markers = [Marker("altar1", "altar", 30, 24)]
    run(g, scenarios._score_altars, scenarios.current(g))
    assert g.state.sides["red"].vp == 0 and g.state.sides["blue"].vp == 0  # 2 against 2: nobody
    unit(g, "B2").status = "removed"
    run(g, scenarios._score_altars, scenarios.current(g))
    assert g.state.sides["red"].vp == 1


def test_bathed_in_glory_five_vp_when_no_enemy_character_is_left():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 50, "y": 40}], scenario="bathed-in-glory")
    unit(g, "B").status = "removed"
    run(g, scenarios.finish)
    assert g.result.winners == ("red",) and g.result.scores["red"] == 5


def test_setup_file_markers_replace_the_scenario_placement():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 50, "y": 40}], scenario="tides-of-war")
    assert [m.id for m in g.state.markers] == ["objective1", "objective2"]
    from hob_bench import RULESET

    setup = dict(g.setup)
    setup["markers"] = [{"x": 10, "y": 24}, {"kind": "objective", "x": 60, "y": 20, "owner": "red"}]
    g2 = Game(RULESET, setup, seed=2)
    assert [(m.x, m.y, m.owner) for m in g2.state.markers] == [(10, 24, ""), (60, 20, "red")]


def _to_roles(g):
    while g.pending is not None and not any(s.role for s in g.state.sides.values()):
        g.answer(g.pending.options[0].value, g.pending.player)
    return g


def test_desperate_search_attacker_chosen_in_the_setup_no_d6(ruleset):
    """The book: choose or roll the Attacker; the set-up key ``attacker`` chooses (no Attacker D6 rolled)."""
    for who in ("red", "blue"):
        setup = {**ruleset.default_setup(), "scenario": "desperate-search", "attacker": who}
        g = _to_roles(Game(ruleset, setup, seed=5))
        assert g.state.sides[who].role == "Attacker" and g.state.sides[g.state.enemy_of(who)].role == "Defender"
        assert not any(e.kind == "roll" and "Attacker" in e.text for e in g.log)


def test_burn_them_out_attacker_chosen_in_the_setup(ruleset):
    setup = {**ruleset.default_setup(), "scenario": "burn-them-out", "attacker": "blue"}
    g = _to_roles(Game(ruleset, setup, seed=5))
    assert g.state.sides["blue"].role == "Attacker" and g.state.sides["red"].role == "Defender"


def test_attacker_key_refused_for_a_scenario_without_roles(ruleset):
    import pytest

    from skirmish import SetupError

    with pytest.raises(SetupError, match="has no Attacker or Defender"):
        Game(ruleset, {**ruleset.default_setup(), "scenario": "bloodbath", "attacker": "red"}, seed=1)


def test_setup_keys_that_would_be_ignored_are_refused(ruleset):
    """Issue 27: a documented set-up key is honoured or refused with one line, never silently dropped."""
    import pytest

    from skirmish import SetupError

    base = ruleset.default_setup()
    for extra, words in (({"him": "blue", "armies": {"red": "iron-grudge-hold", "blue": "him:normal"}, "first": "red"},
                          "cannot be used with 'him'"),
                         ({"positions": {"green": {}}}, "'green', who is not a player"),
                         ({"options": {"magik": False}}, "takes only magic")):
        with pytest.raises(SetupError, match=words):
            Game(ruleset, {**base, **extra}, seed=1)


def test_objective_markers_more_than_16_inches_apart_edge_to_edge():
    """"More than 16" from any other Objective Marker" is measured between the markers' closest points (32 mm
    markers): centres 17" apart are 15.75" apart, too close; 17.5" is 16.25", fine."""
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 50, "y": 40}], scenario="desperate-search")
    g.state.markers = [Marker("objective1", "objective", 20, 40)]
    run(g, scenarios._ask_marker, "red", "the test zone", (30.0, 48.0), 16.0, "red", "objective")
    assert g.pending.validator(g, {"x": 37.0, "y": 40.0})  # an error: too close
    assert not g.pending.validator(g, {"x": 37.5, "y": 40.0})


BAD_SETUPS = {
    "players": {"players": ["red"]},
    "armies": {"armies": {"red": "no-such-army"}},
    "points": {"points": -5},
    "table": {"table": {"width": 10, "depth": 10}},
    "layout": {"layout": "no-such-layout"},
    "scenario": {"scenario": "no-such-scenario"},
    "attacker": {"attacker": "green"},
    "chaos": {"chaos": {"battlefield": ["no-such-entry"]}},
    "first": {"first": "green"},
    "positions": {"positions": "here"},
    "him": {"him": "green"},
    "markers": {"markers": [{"x": 1}]},
    "options": {"options": {"speed": 2}},
    "teams": {"teams": "lots"},
    "objectives": {"objectives": ["no-such-objective"]},
}


def test_every_documented_setup_key_refuses_a_bad_value_in_one_line(ruleset):
    """Issue 27: each set-up key is honoured or refused with a clear one-line error (none silently dropped)."""
    import pytest

    from skirmish import SetupError
    from skirmish_hobgoblin.rules import SETUP_KEYS

    assert set(BAD_SETUPS) == SETUP_KEYS
    for key, bad in BAD_SETUPS.items():
        with pytest.raises(SetupError) as err:
            Game(ruleset, {**ruleset.default_setup(), **bad}, seed=1)
        assert "\n" not in str(err.value) and str(err.value), key
