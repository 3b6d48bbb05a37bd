"""What a player at the terminal is told: odds of the Combat Phase's choices (numbered like the menu)."""

from __future__ import annotations

from hob_bench import battle, run, unit

from skirmish_hobgoblin import turns

DEPTH = 60 / 25.4


def _two_fights():
    return battle([{"name": "A", "x": 30, "y": 14}, {"name": "C", "x": 45, "y": 14, "general": False,
                                                     "battle_standard": False}],
                  [{"name": "B", "x": 30, "y": 14 + DEPTH},
                   {"name": "D", "x": 45, "y": 14 + DEPTH, "general": False, "battle_standard": False}])


def test_the_combat_decision_answers_odds_numbered_like_its_menu():
    g = _two_fights()
    run(g, turns._fight_turn, 0)
    assert g.pending.kind == "fight"
    tables = g.ruleset.odds(g, "red", "")  # it was empty: "nothing to work out here"
    assert [t.split(" in close")[0] for t, _ in tables] == ["1. A attacks B", "2. C attacks D"]
    assert all(sum(dist.values()) == 1 for _, dist in tables)


def _moving():
    g = battle([{"name": "A", "x": 30, "y": 14}],
               [{"name": "B", "x": 30, "y": 22},
                {"name": "Far", "x": 60, "y": 44, "general": False, "battle_standard": False}])
    run(g, turns.activate_now, unit(g, "A"))
    return g


def test_help_engage_and_help_charge_say_how_a_unit_gets_into_a_fight(ruleset):
    terms = ruleset.glossary()
    for term in ("engage", "charge"):
        text = terms[term]
        assert "base contact" in text and "Distracted" in text and "MP" in text and "engage NAME" in text
    assert terms["charge"].startswith("Hobgoblin has no charge move")  # (it offered two card names)


def test_the_movement_question_names_whom_it_can_engage_and_why_not_the_others():
    d = _moving().pending
    assert d.kind == "move"
    line = d.prompt.splitlines()[1]
    assert line.startswith("can engage B") and 'Far is 36.7" away, beyond 8 MP' in line and "help engage" in line


def test_no_face_choice_that_would_do_nothing_and_face_says_its_cost():
    g = _moving()
    assert not any(str(o.value).startswith("face ") for o in g.pending.options)  # A already faces B
    g2 = battle([{"name": "A", "x": 30, "y": 14}], [{"name": "B", "x": 50, "y": 14}])
    run(g2, turns.activate_now, unit(g2, "A"))
    face = next(o for o in g2.pending.options if str(o.value).startswith("face "))
    assert "reform: 5 MP and Distracted" in face.label


def test_a_move_that_cannot_happen_says_why_at_once():
    g = _moving()
    g.state.activation.failed.clear()
    real = turns.plan_for  # (a plan that finds no way: the refusal explains itself)
    turns.plan_for = lambda *a: []
    try:
        run(g, turns._manoeuvre_answer, "towards " + unit(g, "Far").id, unit(g, "A").id)
    finally:
        turns.plan_for = real
    said = [e.text for e in g.log if e.kind == "refused"][-1]
    assert said.startswith("A cannot move towards that now:") and "no MP were spent" in said


def test_shots_at_a_unit_at_the_shooting_cap_are_marked():
    g = battle([{"name": "A", "type": "Ranged Infantry", "x": 30, "y": 14}],
               [{"name": "B", "x": 30, "y": 26, "doom": 5},
                {"name": "C", "x": 40, "y": 26, "doom": 3, "general": False, "battle_standard": False}])
    run(g, turns._shoot_turn, 0)
    labels = {o.label.split(" shoots ")[1].split(" ")[0]: o.label for o in g.pending.options if " shoots " in o.label}
    assert "B is at the 5-Doom shooting cap: no Doom" in labels["B"]
    assert "at most 2 Doom (shooting cap 5)" in labels["C"]


def test_the_magic_phase_says_why_nothing_was_cast():
    g = battle([{"name": "A", "x": 30, "y": 14}], [{"name": "B", "x": 30, "y": 40}])
    g.state.sides["red"].mercury = 11
    run(g, turns._cast, "red")
    said = [e.text for e in g.log if e.kind == "no-spell"]
    assert said == ["red casts no spell: no Wizard in play; 11 Mercury kept (Force of Will re-rolls spend it too)"]


def test_the_brief_says_how_the_battle_is_won_and_the_score(ruleset):
    g = battle([{"name": "A", "x": 30, "y": 14}], [{"name": "B", "x": 30, "y": 40}])
    brief = ruleset.brief(g, "red")
    flat = " ".join(brief.split())
    assert "To win: No objectives: when the game ends, the side with more points" in flat
    assert "Now: red " in flat and " pts in play" in flat
    assert "points of units still in play" in ruleset.glossary()["Bloodbath"]  # (it said "scenario (2D6 6/7)")
    assert all(len(line) <= 80 for line in brief.splitlines())


def test_the_text_map_has_a_compass_axes_and_a_legend(ruleset):
    g = battle([{"name": "A", "x": 30, "y": 14}], [{"name": "B", "x": 30, "y": 40}])
    text = ruleset.describe(g, "red")
    assert "north ^" in text and "south (y = 0)" in text and "# impassable terrain" in text
    lines = text.splitlines()
    assert any(line.startswith("    0           12          24") for line in lines)
    assert any(line.startswith(" 48 |") for line in lines) and any(line.startswith("  0 |") or
                                                                  line.startswith(" 12 |") for line in lines)
    assert all(len(line) <= 80 for line in lines)


def test_when_no_enemy_is_in_reach_the_line_names_the_nearest():
    g = battle([{"name": "A", "x": 30, "y": 14}], [{"name": "B", "x": 30, "y": 32}])
    run(g, turns.activate_now, unit(g, "A"))
    assert g.pending.prompt.splitlines()[1] == ("can engage no enemy: the nearest, B is 15.6\" away, beyond 8 MP "
                                                "('help engage')")


def test_the_brief_in_the_movement_phase_says_how_to_get_into_a_fight(ruleset):
    g = _moving()
    g.phase = "Movement"
    brief = ruleset.brief(g, "red")
    assert "To fight: end a move touching an enemy (help engage)" in brief
    assert all(len(line) <= 80 for line in brief.splitlines())


def test_every_narrative_scenario_says_how_it_is_won_with_its_own_numbers(ruleset):
    import copy

    said = {key: ruleset.scenarios[key].how_to_win() for key in ("the-chasm", "the-fortress", "the-breach")}
    assert 'within 2" of 2 or more of the 3 objective markers' in said["the-chasm"]
    assert "3 of the 5 Weak Points" in said["the-fortress"] and "7 Doom" in said["the-fortress"]
    assert 'more unbroken units within 8" of the Breach Marker' in said["the-breach"]
    assert "see the scenario's rules" not in ruleset.glossary()["The Breach"]
    changed = copy.deepcopy(ruleset.scenarios["the-breach"])
    changed.params["near"] = 10.0  # a house rule's number shows in the text
    assert 'within 10" of the Breach Marker' in changed.how_to_win()


def test_the_brief_of_a_narrative_battle_says_how_it_is_won(ruleset):
    g = battle([{"name": "A", "x": 30, "y": 14}], [{"name": "B", "x": 30, "y": 40}], scenario="the-breach")
    flat = " ".join(ruleset.brief(g, "red").split())
    assert "To win: At the end of the game the side with more unbroken units" in flat
