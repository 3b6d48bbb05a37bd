"""Unlikely Allies (team play for 3 to 6): seating, Warlords, allied units, hidden hands and cards, whole games."""

from __future__ import annotations

import pytest
from hob_bench import RULESET, run, unit
from teams_bench import far, team_battle

from skirmish import Game, SetupError
from skirmish.geometry import touching
from skirmish.testing import play_random
from skirmish_hobgoblin import measuring, stats
from skirmish_hobgoblin.teams.rules import card_targets

TWO_EACH = {"red1": [far("R1", 20, 10)], "red2": [far("R2", 50, 10)],
            "blue1": [far("B1", 20, 40)], "blue2": [far("B2", 50, 40)]}


def _team_setup(spec: str, **options: str) -> dict:
    return RULESET.check_setup(RULESET.apply_options(RULESET.default_setup(), {"teams": spec, **options}))


def test_teams_option_seats_two_teams_warlord_first():
    setup = _team_setup("2v2")
    assert setup["players"] == ["red1", "red2", "blue1", "blue2"]
    assert RULESET.sides(setup) == {"red": ("red1", "red2"), "blue": ("blue1", "blue2")}
    assert setup["armies"]["red2"] == "random" and setup["points"]["red2"] == 1500
    assert _team_setup("3v3")["points"]["blue3"] == 1000
    assert _team_setup("2v1")["points"] == {"red1": 1500, "red2": 1500, "blue1": 3000}  # 3,000 a team


def test_team_play_points_each_players_limit_and_army():
    game = Game(RULESET, _team_setup("2v1"), seed=2)
    assert {p: s.points_limit for p, s in game.state.sides.items()} == {"red1": 1500, "red2": 1500, "blue1": 3000}
    for p in ("red1", "blue1"):
        assert 0 < sum(u.points for u in game.state.units.values() if u.side == p) <= game.state.sides[p].points_limit
    with pytest.raises(SetupError, match="not a player"):
        RULESET.check_setup({**_team_setup("2v1"), "points": {"zed": 1000}})
    assert RULESET.sides(RULESET.check_setup(RULESET.default_setup())) == {"red": ("red",), "blue": ("blue",)}


@pytest.mark.parametrize("spec", ["1v1", "4v3", "3", "0v3"])
def test_teams_option_needs_three_to_six_players(spec):
    with pytest.raises(SetupError):
        _team_setup(spec)


def test_unlikely_allies_three_players_need_teams():
    with pytest.raises(SetupError, match="Unlikely Allies"):
        RULESET.check_setup({"players": ["a", "b", "c"]})
    with pytest.raises(SetupError, match="Warlord"):
        RULESET.check_setup({**_team_setup("2v2"), "first": "red2"})
    with pytest.raises(SetupError, match="every player once"):
        RULESET.check_setup({"players": ["a", "b", "c"], "teams": {"x": ["a"], "y": ["b"]}})


def test_objectives_option_takes_names_numbers_or_roll():
    assert _team_setup("2v2", objectives="Combined Arms, 6")["objectives"] == ["combined-arms", "shared-ruination"]
    assert _team_setup("2v2", objectives="roll")["objectives"] == 2
    assert _team_setup("2v2", objectives="3")["objectives"] == 3
    assert _team_setup("2v2", objectives="5,")["objectives"] == ["shared-slaughter"]
    with pytest.raises(SetupError, match="unknown objective"):
        _team_setup("2v2", objectives="glory")


def test_warlords_act_as_the_players_for_the_first_player_roll():
    setup = {**_team_setup("2v2"), "armies": {p: "iron-grudge-hold" for p in ("red1", "red2", "blue1", "blue2")},
             "objectives": ["shared-slaughter"]}
    game = Game(RULESET, setup, seed=1)
    d = game.pending
    assert d.player == "red1" and "blue1 rolls" in d.prompt
    game.load_dice([3])
    game.answer("odd", "red1")
    assert game.pending.player == "red1"  # red1 won the call: take or give the token
    assert set(o.value for o in game.pending.options) == {"red1", "blue1"}


def test_unlikely_allies_allied_units_count_as_friendly():
    g = team_battle({**TWO_EACH, "red2": [far("R2", 20, 10 + 60 / 25.4)]})  # R2's rear touches R1's front
    r1, r2 = unit(g, "R1"), unit(g, "R2")
    assert touching(r1.rect, r2.rect)
    assert r1.team == r2.team == "red" and r1.side != r2.side
    assert r2 in g.state.friends(r1) and r2 not in g.state.enemies(r1)
    assert not measuring.engaged(g.state, r1)
    assert unit(g, "B2") in g.state.enemies(r1)


def test_allied_units_deploy_in_their_warlords_half():
    g = team_battle(TWO_EACH)
    assert {p: s.half for p, s in g.state.sides.items()} == {"red1": "south", "red2": "south", "blue1": "north",
                                                             "blue2": "north"}


def test_unlikely_allies_picture_colours_each_team_in_its_hue_and_names_the_teams():
    from skirmish_hobgoblin.teams.view import TEAM_SHADES

    g = team_battle(TWO_EACH)
    shown = RULESET.present(g, "red1")
    colours = {item.label: item.colour for item in shown.legend}
    assert colours["red1 (team red)"] == TEAM_SHADES[0][0] and colours["red2 (team red)"] == TEAM_SHADES[0][1]
    assert colours["blue1 (team blue)"] == TEAM_SHADES[1][0] and colours["blue2 (team blue)"] == TEAM_SHADES[1][1]


def test_allied_fortune_cards_never_on_your_own_units():
    g = team_battle(TWO_EACH)
    assert [u.name for u in card_targets(g.state, "red1", "friendly")] == ["R2"]
    assert [u.name for u in card_targets(g.state, "red1", "enemy")] == ["B1", "B2"]
    from skirmish_hobgoblin import fortune

    assert fortune._owners(g, unit(g, "R1")) == ["red2"]  # the hits window for R1: its Allies, not its player


def test_allied_fortune_cards_hidden_hand_shown_only_to_its_player():
    g = team_battle(TWO_EACH)
    from skirmish_hobgoblin import fortune

    fortune.draw(g, "red1", 2)
    mine, ally = RULESET.view(g, "red1"), RULESET.view(g, "red2")
    assert isinstance(mine["sides"]["red1"]["hand"], list) and len(mine["sides"]["red1"]["hand"]) == 2
    assert ally["sides"]["red1"]["hand"] == 2  # the Ally sees how many, not which
    assert RULESET.secrets(g, "red1") == mine["sides"]["red1"]["hand"]


def test_team_play_players_take_turns_first_players_team_first():
    g = team_battle(TWO_EACH)
    assert g.state.order() == ["red1", "red2", "blue1", "blue2"]
    g.state.first = "blue1"
    assert g.state.order() == ["blue1", "blue2", "red1", "red2"] and g.state.second == "red1"
    assert g.state.enemy_of("red2") == "blue1"


def test_unlikely_allies_broken_unit_is_friendly_to_allies_for_panic():
    g = team_battle({**TWO_EACH, "red2": [far("R2", 24, 14)]})
    r1, r2 = unit(g, "R1"), unit(g, "R2")
    r1.doom = 30
    stats.refresh(g, r1)
    assert r1.has(stats.BROKEN) and r2 in g.state.friends(r1)  # so R2 takes panic from R1


@pytest.mark.parametrize("spec,seed", [("2v1", 1), ("3v3", 2)])
def test_team_games_from_three_to_six_players_play_to_the_end(spec, seed):
    game = play_random(RULESET, seed, setup=_team_setup(spec))
    assert game.result is not None and game.result.rule == "Unlikely Allies"
    assert set(game.result.winning_seats) in ({"red1", "red2", "red3"} & set(game.players),
                                              {"blue1", "blue2", "blue3"} & set(game.players), set())


def test_team_view_shows_teams_objectives_ticks_and_vp():
    g = team_battle(TWO_EACH, objectives=["combined-arms", "united-in-death"])
    g.state.notes["tick:combined-arms:blue"] = 2
    view = RULESET.view(g, "red2")
    assert view["teams"] == {"teams": {"red": ["red1", "red2"], "blue": ["blue1", "blue2"]},
                             "objectives": ["combined-arms", "united-in-death"],
                             "ticks": {"combined-arms": {"red": 0, "blue": 2}}, "vp": {"red": 0, "blue": 0}}
    assert {u["name"]: u["team"] for u in view["units"]}["R2"] == "red"
    text = " ".join(RULESET.describe(g, "red2").split())
    assert "Unlikely Allies: red (red1 Warlord, red2) 0 VP vs blue (blue1 Warlord, blue2) 0 VP" in text
    assert "Combined Arms ticks red 0, blue 2" in text and "United in Death (scored at the end)" in text
    assert "Combined Arms ticks red 0, blue 2" in " ".join(RULESET.brief(g, "red2").split())


def test_team_brief_says_how_a_team_game_is_won_and_the_team_score():
    g = team_battle(TWO_EACH, objectives=["combined-arms", "united-in-death"])
    brief = " ".join(RULESET.brief(g, "red2").split())
    assert "To win: The team with more VP at the end of the game wins; VP come only from the 2 team objectives " \
           "named below ('help NAME' explains one). Now: team red 0 VP, team blue 0 VP." in brief


def test_allied_fortune_cards_vial_of_mercury_goes_to_an_ally():
    g = team_battle(TWO_EACH)
    from skirmish_hobgoblin import fortune

    vial = next(c for c in g.state.deck.draw_pile if fortune.card_of(g, c).effect == "mercury")
    g.state.deck.draw_pile.remove(vial)
    g.state.sides["red1"].hand.cards.append(vial)
    opts = fortune.offers(g, "red1", "any")
    assert [o.value for o in opts] == [f"play {vial} for red2"]
    before = g.state.sides["red1"].mercury, g.state.sides["red2"].mercury
    run(g, fortune.play, "red1", opts[0].value)
    assert (g.state.sides["red1"].mercury, g.state.sides["red2"].mercury) == (before[0], before[1] + 2)


@pytest.mark.parametrize("chaos", ["watch-tower,last-stand,places-of-power", "roll"])
def test_team_games_with_chaos_of_war_warlords_roll_off_and_teams_share(chaos):
    from skirmish.plugins import Registry

    ruleset = Registry().ruleset("hobgoblin")  # with the Chaos of War hooks installed
    game = play_random(ruleset, 3, setup=_team_setup("3v2", chaos=chaos))
    assert game.result is not None and game.result.rule == "Unlikely Allies"
    assert any(e.kind == "chaos" for e in game.log.events)
    if chaos != "roll":
        state = game.state
        assert any("wins the roll-off" in e.text and e.data.get("player") in ("red1", "blue1") for e in game.log.events)
        defender = next(p for p, s in state.sides.items() if s.role == "Defender")
        bonus = {u.side: u.courage_bonus for u in state.units.values()}
        assert all(bonus[p] > 0 for p in state.teams[state.team_of(defender)])


def test_unlikely_allies_ai_sees_allied_units_as_friends():
    from skirmish import View
    from skirmish_hobgoblin.ai.board import units_of

    g = team_battle(TWO_EACH)
    sides = {u["name"]: u["side"] for u in units_of(View(g, "red1")).values()}
    assert sides == {"R1": "red1", "R2": "red1", "B1": "blue1", "B2": "blue2"}
    assert {u["name"]: u["side"] for u in units_of(View(g, "blue2")).values()}["B1"] == "blue2"


def test_unlikely_allies_deployment_suggestions_face_enemies_not_allies():
    from skirmish_hobgoblin.deployment import placement_choices

    g = team_battle({**TWO_EACH, "red1": [far("R1", 20, 10), far("R1b", 40, 10)]})
    r1b = unit(g, "R1b")
    r1b.status = "undeployed"
    labels = [label for _, label, _, _ in placement_choices(g, r1b)]
    assert any("opposite the enemy B1" in t for t in labels) and not any("enemy R2" in t for t in labels)


def test_unlikely_allies_help_explains_warlord_ally_and_each_objective():
    words = RULESET.glossary()
    assert "Warlord" in words and "Ally" in words
    assert words["Brothers-in-Arms"].startswith("Unlikely Allies objective (D6 2)")
    assert all(name in words for name in ("Combined Arms", "Hands Around Their Throats", "United in Death",
                                          "Shared Slaughter", "Shared Ruination"))
