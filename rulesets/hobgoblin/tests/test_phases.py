"""The battle round: Initiative, Mercury, Broken, Panic, removal, Death's Harvest, Who's Next?, Ready, victory."""

from __future__ import annotations

from hob_bench import battle, run, unit

from skirmish_hobgoblin import stats, turns


def _line(**blue):
    return battle([{"name": "A", "x": 20, "y": 10}, {"name": "A2", "x": 30, "y": 10},
                   {"name": "A3", "x": 50, "y": 10}],
                  [{"name": "B", "x": 20, "y": 40, **blue}])


def test_press_the_initiative_must_pass_when_not_above_the_round():
    g = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}], dice=[1])
    assert g.state.first == "blue"  # red rolled 1 in round 1: the token passes
    g2 = battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}], dice=[2])
    assert g2.pending.kind == "initiative" and g2.pending.player == "red"
    g2.answer("blue")
    assert g2.state.first == "blue"


def test_mercury_income_per_full_thousand_points_and_wizard():
    g = battle([{"name": "A", "x": 20, "y": 10, "keywords": ["Wizard"]}], [{"name": "B", "x": 20, "y": 40}])
    g.state.sides["red"].points_limit = 3999
    assert turns.mercury_income(g, "red") == 3 + 1


def test_broken_when_doom_reaches_courage_and_fragile_at_half():
    g = _line()
    a2 = unit(g, "A2")
    stats.add_doom(g, a2, 9, "test")
    assert not a2.has(stats.BROKEN)  # Command from the General within 8": Courage 12
    stats.add_doom(g, a2, 3, "test")
    assert a2.has(stats.BROKEN)
    stats.discard_doom(g, a2, 1, "test")
    assert not a2.has(stats.BROKEN)  # fewer Doom than Courage: Broken is lost at once
    g2 = battle([{"name": "A", "x": 20, "y": 10}, {"name": "C", "type": "Chariot", "x": 60, "y": 10}],
                [{"name": "B", "x": 20, "y": 40}])
    c = unit(g2, "C")
    assert stats.break_point(g2, c) == 5  # Courage 10, Fragile, out of Command range
    stats.add_doom(g2, c, 5, "test")
    assert c.has(stats.BROKEN)


def test_panic_cascades_to_friends_within_eight_inches():
    g = _line()
    a, a2, a3 = unit(g, "A"), unit(g, "A2"), unit(g, "A3")
    a.doom = 11
    a2.doom = 11
    a2.courage_bonus = -1  # Courage 11: Broken already
    stats.refresh_all(g)
    assert a2.has(stats.BROKEN) and not a.has(stats.BROKEN)
    run(g, turns._panic_step)
    assert a.doom == 12 and a.has(stats.BROKEN)  # A panics from A2, breaks, and panics A2 in turn
    assert a2.doom == 12
    assert a3.doom == 0  # 20" away


def test_fearless_ignores_panic_and_despised_causes_none():
    g = battle([{"name": "A", "x": 20, "y": 10, "keywords": ["Fearless"]},
                {"name": "A2", "x": 30, "y": 10, "keywords": ["Despised"], "general": False,
                 "battle_standard": False},
                {"name": "A3", "x": 38, "y": 10, "general": False, "battle_standard": False}],
               [{"name": "B", "x": 20, "y": 40}])
    a, a2, a3 = unit(g, "A"), unit(g, "A2"), unit(g, "A3")
    a3.doom = 20
    stats.refresh_all(g)
    run(g, turns._panic_step)
    assert a.doom == 0 and a2.doom == 1
    a2.doom = 20
    stats.refresh_all(g)
    run(g, turns._panic_step)
    assert a3.doom == 20  # A2 is Despised: no panic from it


def test_terrifying_adds_two_to_panic_of_enemies_near_it():
    g = battle([{"name": "A", "x": 20, "y": 30}, {"name": "A2", "x": 30, "y": 30, "general": False,
                                                  "battle_standard": False}],
               [{"name": "T", "x": 20, "y": 40, "keywords": ["Terrifying"]}])
    a, a2 = unit(g, "A"), unit(g, "A2")
    a2.doom = 30
    stats.refresh_all(g)
    run(g, turns._panic_step)
    assert a.doom == 3


def test_broken_units_are_removed_and_give_deaths_harvest():
    g = _line()
    a3 = unit(g, "A3")
    a3.doom = 20
    stats.refresh_all(g)
    run(g, turns._harvest)
    run(g, turns._remove_broken)
    assert a3.status == "removed"
    run(g, turns._harvest)
    assert g.pending.kind == "harvest"
    g.answer("mercury")
    assert g.state.sides["red"].mercury == 2


def test_hollow_units_give_no_harvest():
    g = battle([{"name": "A", "x": 20, "y": 10}, {"name": "H", "x": 50, "y": 10, "keywords": ["Hollow"],
                                                  "general": False, "battle_standard": False}],
               [{"name": "B", "x": 20, "y": 40}])
    h = unit(g, "H")
    h.doom = 20
    stats.refresh_all(g)
    run(g, turns._remove_broken)
    run(g, turns._harvest)
    assert g.pending.kind == "initiative"


def test_ready_units_removes_distracted():
    g = _line()
    a = unit(g, "A")
    stats.distract(g, a, "test")
    run(g, turns._ready)
    assert not a.has(stats.DISTRACTED)


def test_bloodbath_most_points_in_play_wins():
    from skirmish_hobgoblin import scenarios

    g = _line()
    run(g, scenarios.finish)
    assert g.result.winners == ("red",)


def test_sneaky_arrives_on_a_roll_above_the_round_more_than_eight_inches_from_enemies():
    g = _line()
    a3 = unit(g, "A3")
    a3.status = "reserve"
    a3.keywords.add("Sneaky")
    g.round = 1
    run(g, turns._sneaky_roll, a3.id, dice=[1])
    assert a3.status == "reserve"  # 1 is not above round 1
    run(g, turns._sneaky_roll, a3.id, dice=[2])
    assert g.pending.kind == "arrive"
    refused = g.pending.validator(g, {"x": 20.0, "y": 33.0})
    assert refused and "more than 8" in refused
    g.answer({"x": 60.0, "y": 20.0})
    assert a3.in_play and a3.has(stats.DISTRACTED)


def test_cunning_ruse_redeploys_up_to_three_units_after_deployment():
    from skirmish_hobgoblin import deployment

    g = _line()
    a = unit(g, "A")
    a.keywords.add("Cunning Ruse")
    run(g, deployment._cunning_ruse)
    assert g.pending.kind == "cunning-ruse"
    g.answer(f"redeploy {a.id}")
    assert g.pending.kind == "position"
    g.answer({"x": 60.0, "y": 12.0})
    assert (a.x, a.y) == (60.0, 12.0) and a.in_play
    g.answer("done")
    assert g.pending.kind == "initiative"
