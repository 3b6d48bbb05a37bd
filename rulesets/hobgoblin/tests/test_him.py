"""Solo play: His deployment table, target selection, Aggressive Behaviour, even dice, points victory."""

from __future__ import annotations

from typing import Any

import pytest
from hob_bench import battle, unit

from skirmish import AgentContext, Game, View
from skirmish_hobgoblin import turns
from skirmish_hobgoblin.agents import make_ai
from skirmish_hobgoblin.him import solo as him


def _solo(ruleset, seed=2):
    setup = ruleset.default_setup()
    setup.update(him="blue", armies={"red": "iron-grudge-hold", "blue": "him:easy"}, scenario="bloodbath")
    return Game(ruleset, setup, seed=seed)


def test_he_deploys_after_you_most_expensive_first_eight_inches_from_the_centreline(ruleset):
    g = _solo(ruleset)
    ai = make_ai(AgentContext("red", 1, ruleset, {}, g.players))
    while g.round == 0 and g.pending is not None:
        d = g.pending
        assert d.player == "red"  # He never answers during set-up
        g.answer(ai.decide(View(g, "red"), d), "red")
    his = [u for u in g.state.units.values() if u.side == "blue"]
    assert all(u.status == "ready" for u in his)
    half = g.state.sides["blue"].half
    for u in his:
        back = {"ranged-infantry": 15.0}.get(u.type, 8.0)
        if u.type == "artillery":
            continue
        front = u.y - u.depth / 2 if half == "north" else u.y + u.depth / 2
        assert abs(front - g.state.centreline) == pytest.approx(back)
        assert u.has("Undistractable")
    assert g.state.sides["blue"].hand.cards == []


def test_select_a_visible_unit_within_d_plus_three():
    g = battle([{"name": "H", "x": 36, "y": 20}],
               [{"name": "Near", "x": 36, "y": 30}, {"name": "Also", "x": 44, "y": 31, "general": False,
                                                     "battle_standard": False},
                {"name": "Far", "x": 10, "y": 44, "general": False, "battle_standard": False}])
    h = unit(g, "H")
    pool = {u.name for u in him._candidates(g, h, visible=True)}
    assert pool == {"Near", "Also"}


def test_he_spreads_attack_dice_as_evenly_as_possible():
    g = battle([{"name": "A", "x": 36, "y": 20}],
               [{"name": "F1", "x": 33, "y": 22.362205, "facing": 270},
                {"name": "F2", "x": 39, "y": 22.362205, "facing": 270, "general": False, "battle_standard": False}])
    g.state.notes["him:red"] = 1
    a = unit(g, "A")
    g.load_dice([1] * 12)
    g.run(turns.fight, a)
    rolls = [e for e in g.log if e.kind == "roll" and "attacks" in e.text]
    assert sorted(len(e.data["values"]) for e in rolls) == [6, 7]  # 13 dice (Hero [3]) as evenly as possible


def test_the_solo_game_is_won_on_points_remaining(ruleset):
    from skirmish_hobgoblin import scenarios

    g = _solo(ruleset)
    for u in g.state.units.values():
        u.status = "removed" if u.side == "blue" else "ready"
    g.run(scenarios.finish)
    assert g.result.winners == ("red",) and "points of units in play" in g.result.reason


def test_a_minimal_solo_setup_file_plays(ruleset):
    setup = {"players": ["red", "blue"], "him": "blue", "armies": {"red": "iron-grudge-hold", "blue": "him:easy"}}
    g = Game(ruleset, setup, seed=4)
    assert g.setup["points"] == 3000 and g.state.sides["red"].points_limit == 3000


def test_his_ranged_infantry_and_artillery_deploy_on_elevated_terrain_of_their_section(ruleset):
    from skirmish_hobgoblin import measuring

    setup = ruleset.default_setup()
    setup.update(him="blue", armies={"red": "iron-grudge-hold", "blue": "him:easy"}, scenario="bloodbath",
                 layout={"pieces": [{"kind": "rubble", "rect": [36, 40, 70, 12, 0], "keywords": ["elevated"]}]})
    g = Game(ruleset, setup, seed=2)
    ai = make_ai(AgentContext("red", 1, ruleset, {}, g.players))
    while g.round == 0 and g.pending is not None:
        g.answer(ai.decide(View(g, "red"), g.pending), "red")
    shooters = [u for u in g.state.units.values() if u.side == "blue" and u.type in ("ranged-infantry", "artillery")]
    assert shooters
    for u in shooters:
        assert u.in_play and measuring.is_large(g.state, u)  # more than half its footprint on the hill



def _deployed_against_him(ruleset: Any, seed: int) -> tuple[Game, list[Any]]:
    """A game against Him (Normal) played by the AI up to round 1, and His units where they deployed (round 1 begins
    within the AI's last deployment answer, and His Shooting Phase may move His Ranged Infantry before the AI's next
    decision: with the AI's shooting army at its table edge, seed 4's Spear Throwers closed in)."""
    from skirmish_hobgoblin.deployment import footprint_at

    setup = {"players": ["red", "blue"], "him": "blue", "armies": {"red": "iron-grudge-hold", "blue": "him:normal"}}
    g = Game(ruleset, setup, seed=seed)
    ai = make_ai(AgentContext("red", 1, ruleset, {}, g.players))
    while g.round == 0 and g.pending is not None:
        g.answer(ai.decide(View(g, "red"), g.pending), "red")
    his = [u for u in g.state.units.values() if u.side == "blue" and u.status == "ready"]
    deployed = {e.data["unit"]: e for e in g.log if e.kind == "deploy" and e.data.get("x") is not None}
    for u in his:
        e = deployed[u.id]
        u.place(footprint_at(g, u, float(e.data["x"]), float(e.data["y"])))
    return g, his

@pytest.mark.parametrize("seed", [1, 3, 4])
def test_he_deploys_his_units_1_inch_apart_not_more(ruleset, seed):
    """The book: not closer than 1" to another of His units or a table edge. The line closes up to exactly 1"
    (it kept 1.2-1.5" from a 0.5" grid and 1" margins at the inner edges of table sections)."""
    from skirmish.geometry import distance

    g, his = _deployed_against_him(ruleset, seed)
    gaps = [min(distance(u.rect, o.rect) for o in his if o is not u) for u in his]
    assert min(gaps) == pytest.approx(1.0, abs=1e-6)
    assert sum(1 for x in gaps if x == pytest.approx(1.0, abs=1e-6)) >= 4
    assert all(x >= 1.0 - 1e-6 for x in gaps)
    assert all(u.rect.bounds[0] >= 1.0 - 1e-6 and u.rect.bounds[2] <= g.state.width - 1.0 + 1e-6 for u in his)


@pytest.mark.parametrize("seed", [28, 37])
def test_he_deploys_a_unit_with_no_room_1_inch_behind_the_unit_in_its_place(ruleset, seed):
    """No room in the rolled section: the unit goes 1" behind the unit there (its rear edge, whatever the
    depths of the two units), not a row spaced by its own depth."""
    from skirmish.geometry import distance

    g, his = _deployed_against_him(ruleset, seed)
    back = [u for u in his if u.type not in ("ranged-infantry", "artillery")
            and u.rect.bounds[1] > g.state.centreline + 8 + 1e-6]
    assert back
    for u in back:
        assert min(distance(u.rect, o.rect) for o in his if o is not u) == pytest.approx(1.0, abs=1e-6)
