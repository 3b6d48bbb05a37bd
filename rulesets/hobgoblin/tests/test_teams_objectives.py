"""Unlikely Allies objectives: rolled or chosen, ticks during play, and the VP each team scores at the end."""

from __future__ import annotations

from hob_bench import RULESET, run, unit
from teams_bench import far, team_battle

from skirmish_hobgoblin import measuring, stats
from skirmish_hobgoblin.teams import objectives
from skirmish_hobgoblin.teams.rules import doom_phase_saves, engaged_now

DEPTH = 60 / 25.4  # the bench's units are 150 mm wide, 60 mm deep
WIDTH = 150 / 25.4


def _ticks(g, objective: str, team: str = "red") -> int:
    return g.state.notes.get(f"tick:{objective}:{team}", 0)


def _rest(**seats):
    out = {"red1": [far("R1", 10, 4)], "red2": [far("R2", 60, 4)], "blue1": [far("B1", 10, 44)],
           "blue2": [far("B2", 60, 44)]}
    out.update(seats)
    return out


def test_unlikely_allies_objectives_rolled_with_a_d6_repeat_rolled_again():
    g = team_battle(_rest(), objectives=2, dice=[3, 3, 5])
    assert objectives.chosen(g) == ["hands-around-their-throats", "shared-slaughter"]
    assert any("already in play" in e.text for e in g.log.events)


def test_unlikely_allies_objectives_chosen_by_name():
    g = team_battle(_rest(), objectives=["united-in-death", "shared-ruination"])
    assert objectives.chosen(g) == ["united-in-death", "shared-ruination"]


def test_combined_arms_tick_when_two_allies_touch_the_broken_enemy():
    front = 30 - DEPTH / 2  # B's front edge (it faces south)
    g = team_battle(_rest(red1=[far("R1", 33, front - DEPTH / 2)], red2=[far("R2", 39.05, front - DEPTH / 2)],
                          blue1=[far("B", 36, 30)]), objectives=["combined-arms"])
    b = unit(g, "B")
    assert {e.name for e in measuring.engaged(g.state, b)} == {"R1", "R2"}
    b.doom = 30
    stats.refresh(g, b)
    assert b.has(stats.BROKEN) and _ticks(g, "combined-arms") == 1 and _ticks(g, "combined-arms", "blue") == 0


def test_combined_arms_no_tick_when_one_player_touches_it_alone():
    front = 30 - DEPTH / 2
    g = team_battle(_rest(red1=[far("R1", 33, front - DEPTH / 2), far("R1b", 39.05, front - DEPTH / 2)],
                          blue1=[far("B", 36, 30)]), objectives=["combined-arms"])
    b = unit(g, "B")
    b.doom = 30
    stats.refresh(g, b)
    assert b.has(stats.BROKEN) and _ticks(g, "combined-arms") == 0


def test_brothers_in_arms_tick_when_an_allys_command_keeps_a_unit_from_breaking():
    g = team_battle(_rest(red1=[far("R1", 20, 10)], red2=[far("R2G", 60, 4), far("R2", 20, 14, general=False,
                                                                               battle_standard=False)]),
                    objectives=["brothers-in-arms"])
    r2 = unit(g, "R2")
    base = stats.courage(g, r2) - stats.command_bonus(g.state, r2, 8)
    assert stats.command_bonus(g.state, r2, 8) > 0  # R1 (red1's General) is in range
    r2.doom = base
    stats.refresh(g, r2)
    assert not r2.has(stats.BROKEN)
    run(g, doom_phase_saves)
    assert _ticks(g, "brothers-in-arms") == 1


def test_brothers_in_arms_no_tick_when_own_command_is_as_good():
    g = team_battle(_rest(red1=[far("R1", 20, 10)], red2=[far("R2G", 30, 14), far("R2", 20, 14, general=False,
                                                                               battle_standard=False)]),
                    objectives=["brothers-in-arms"])
    r2 = unit(g, "R2")
    r2.doom = stats.courage(g, r2) - stats.command_bonus(g.state, r2, 8)
    run(g, doom_phase_saves)
    assert _ticks(g, "brothers-in-arms") == 0


def test_hands_around_their_throats_tick_for_a_flank_charge_on_an_enemy_an_ally_fights():
    front = 30 - DEPTH / 2
    g = team_battle(_rest(red2=[far("R2", 36, front - DEPTH / 2)], blue1=[far("B", 36, 30)],
                          red1=[far("R1", 36 + WIDTH / 2 + DEPTH / 2, 30, facing=180)]),
                    objectives=["hands-around-their-throats"])
    r1, b = unit(g, "R1"), unit(g, "B")
    run(g, engaged_now, r1, [b.id])
    assert _ticks(g, "hands-around-their-throats") == 1
    run(g, engaged_now, r1, [b.id])  # only the first time for this unit, enemy and allied unit
    assert _ticks(g, "hands-around-their-throats") == 1


def test_hands_around_their_throats_no_tick_in_the_front():
    front = 30 - DEPTH / 2
    g = team_battle(_rest(red2=[far("R2", 33, front - DEPTH / 2)], red1=[far("R1", 39.05, front - DEPTH / 2)],
                          blue1=[far("B", 36, 30)]), objectives=["hands-around-their-throats"])
    run(g, engaged_now, unit(g, "R1"), [unit(g, "B").id])
    assert _ticks(g, "hands-around-their-throats") == 0


def _final(g):
    run(g, objectives.final, None)
    return g.result


def test_united_in_death_smallest_difference_gains_two_vp():
    g = team_battle(_rest(blue2=[far("B2", 60, 44), far("B2b", 40, 44)]), objectives=["united-in-death"])
    res = _final(g)
    assert res.scores == {"red": 2.0, "blue": 0.0} and res.winning_seats == ("red1", "red2")
    summary = RULESET.final_summary(g, "blue2")
    assert "United in Death: team red difference 0 - 2 VP" in summary and "team red wins 2 VP to 0" in summary


def test_shared_slaughter_higher_total_one_vp_two_when_the_enemy_has_nothing():
    g = team_battle(_rest(blue2=[far("B2", 60, 44), far("B2b", 40, 44)]), objectives=["shared-slaughter"])
    assert _final(g).scores == {"red": 0.0, "blue": 1.0}
    g = team_battle(_rest(), objectives=["shared-slaughter"])
    for u in g.state.units.values():
        if u.team == "blue":
            u.status = "removed"
    assert _final(g).scores == {"red": 2.0, "blue": 0.0}


def test_equal_vp_broken_by_points_in_play_then_a_draw():
    g = team_battle(_rest(), objectives=["shared-slaughter"])
    res = _final(g)
    assert res.draw and res.scores == {"red": 0.0, "blue": 0.0}


def test_shared_ruination_two_allied_units_remove_a_marker_then_vp():
    marks = [{"kind": "ruination", "x": x, "y": y, "owner": o} for x, y, o in
             ((33, 39, "red1"), (5, 40, "red1"), (65, 40, "red1"), (33, 9, "blue1"), (60, 9, "blue1"))]
    g = team_battle(_rest(red1=[far("R1", 30, 36), far("R1s", 10, 4)], red2=[far("R2", 36, 36)]),
                    objectives=["shared-ruination"], markers=marks)
    g.state.markers[1].removed = True
    run(g, objectives.score, None)
    assert [m.removed for m in g.state.markers] == [True, True, False, False, False]
    assert _final(g).scores == {"red": 1.0, "blue": 0.0}  # one of red's markers left, both of blue's


def test_shared_ruination_one_players_two_units_do_not_remove_it():
    g = team_battle(_rest(red1=[far("R1s", 10, 4), far("R1", 30, 36), far("R1b", 36, 36)]),
                    objectives=["shared-ruination"], markers=[{"kind": "ruination", "x": 33, "y": 39, "owner": "red1"}])
    run(g, objectives.score, None)
    assert not g.state.markers[0].removed


def test_shared_ruination_warlords_place_three_markers_in_the_enemy_zone():
    from hob_bench import RULESET

    from skirmish.testing import play_random

    setup = RULESET.check_setup(RULESET.apply_options(RULESET.default_setup(),
                                                      {"teams": "2v2", "objectives": "shared-ruination"}))
    game = play_random(RULESET, 4, setup=setup, stop_at=60)
    placed = [m for m in game.state.markers if m.kind == "ruination"]
    assert len(placed) == 6 and {m.owner for m in placed} == {"red1", "blue1"}
    for m in placed:
        half = game.state.sides[game.state.enemy_of(m.owner)].half
        assert (m.y > game.state.centreline) == (half == "north")
