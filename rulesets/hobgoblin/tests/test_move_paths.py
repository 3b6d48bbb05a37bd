"""A unit's move answered as a whole path (``{"path": ["wheel-left 1", "advance 3", "end"]}``): the rules make the
steps in turn while each is offered and legal in full, cut a step short as the amount form would, and ask again
saying how far the path went; the AI answers with the path it steers; saves of either form replay."""

from __future__ import annotations

import tomllib

import pytest
from hob_bench import RULESET, battle, run, unit

from skirmish import AgentContext, Game, IllegalAnswer, View
from skirmish.saves import SaveFile, parse_save, replay
from skirmish_hobgoblin import turns
from skirmish_hobgoblin.agents import make_ai


def _moving(red=None, blue=None):  # noqa: ANN001, ANN202
    g = battle(red or [{"name": "A", "x": 30, "y": 10}],
               blue or [{"name": "B", "x": 60, "y": 44}])
    run(g, turns.activate_now, unit(g, "A"))
    assert g.pending.kind == "move" and g.pending.context["paths"] is True
    return g


def _moves(g: Game) -> list[str]:
    return [e.text for e in g.log.events if e.kind == "move"]


def test_a_path_makes_each_manoeuvre_in_turn_as_the_step_answers_would():
    by_path = _moving()
    by_path.answer({"path": ["wheel-left 1", "advance 3", "end"]}, "red")
    by_step = _moving()
    for answer in ("wheel-left", {"inches": 1}, "advance", {"inches": 3}, "end"):
        by_step.answer(answer, "red")
    a, b = unit(by_path, "A"), unit(by_step, "A")
    assert (a.x, a.y, a.facing) == (b.x, b.y, b.facing) and (a.x, a.y) != (30, 10)
    assert _moves(by_path) == _moves(by_step) and len(_moves(by_path)) == 2
    assert by_path.state.activation is None  # "end": the activation is over, no question about A follows
    assert by_path.decisions == 1 and by_step.decisions == 5


def test_a_path_without_end_asks_again_after_its_last_step():
    g = _moving()
    g.answer({"path": ["advance 2"]}, "red")
    assert g.pending.kind == "move" and g.pending.context["path"] == {"made": 1, "tried": False}
    assert g.pending.context["mp"] == 6


def test_a_step_not_legal_in_full_goes_as_far_as_the_form_allows_and_the_path_stops():
    # a friend stands 3" ahead of A: an advance of 6 is cut short where A would touch it
    g = _moving(red=[{"name": "A", "x": 30, "y": 10}, {"name": "F", "x": 30, "y": 10 + 60 / 25.4 + 3,
                                                        "general": False, "battle_standard": False}])
    g.answer({"path": ["advance 6", "wheel-left 1", "end"]}, "red")
    ctx = g.pending.context
    assert g.pending.kind == "move" and ctx["path"]["made"] == 0 and ctx["path"]["tried"] is True
    went = ctx["path"]["went"]
    assert 2.9 <= went <= 3.0 and ctx["path"]["refused"] is False
    assert unit(g, "A").y == pytest.approx(10 + went) and len(_moves(g)) == 1  # the wheel was not made


def test_a_step_too_short_to_make_is_cancelled_and_not_offered_again():
    g = _moving(red=[{"name": "A", "x": 30, "y": 10}, {"name": "F", "x": 30, "y": 10 + 60 / 25.4 + 0.08,
                                                        "general": False, "battle_standard": False}])
    g.answer({"path": ["advance 6", "end"]}, "red")
    assert g.pending.context["path"]["went"] < 0.1 and not _moves(g)
    assert "advance" in g.state.activation.failed and "advance" not in {o.value for o in g.pending.options}


def test_a_path_stops_before_a_manoeuvre_the_question_does_not_offer():
    g = _moving()
    g.answer({"path": ["advance 1", "fly 12", "end"]}, "red")  # A cannot Fly
    assert g.pending.kind == "move" and g.pending.context["path"] == {"made": 1, "tried": False}
    assert len(_moves(g)) == 1 and g.state.activation is not None


def test_a_computed_move_then_end():
    g = _moving()
    b = unit(g, "B")
    g.answer({"path": [f"towards {b.id}", "end"]}, "red")
    assert _moves(g) and g.state.activation is None


@pytest.mark.parametrize("bad", [{"path": []}, {"path": ["jump 2"]}, {"path": ["advance x"]},
                                 {"path": ["end", "advance 1"]}, {"path": ["advance 1", "towards u9"]},
                                 {"path": ["towards u9", "advance 1"]}, {"path": [3]}, {"route": ["advance 1"]},
                                 {"path": ["advance -2"]}, {"path": ["advance 1"] * 14}])
def test_a_malformed_path_gets_a_one_line_refusal_and_changes_nothing(bad):
    g = _moving()
    before = g.decisions
    with pytest.raises(IllegalAnswer) as exc:
        g.answer(bad, "red")
    assert "\n" not in str(exc.value) and str(exc.value)
    assert g.decisions == before and g.pending.kind == "move" and not _moves(g)


def _ai_game(seed: int, paths: bool) -> Game:
    game = Game(RULESET, None, seed=seed, keep_log=False)
    agents = {p: make_ai(AgentContext(p, seed * 31 + i, RULESET, {"paths": paths}, game.players))
              for i, p in enumerate(game.players)}
    while game.pending is not None:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return game


def _where(game: Game) -> list[tuple]:
    return sorted((u.id, u.x, u.y, u.facing, u.status, u.doom) for u in game.state.units.values())


def test_the_ai_moves_as_it_steered_step_by_step_in_fewer_decisions():
    by_path, by_step = _ai_game(1001, True), _ai_game(1001, False)
    assert any("path" in a["value"] for a in by_path.answers if isinstance(a["value"], dict))
    assert not any("path" in a["value"] for a in by_step.answers if isinstance(a["value"], dict))
    assert _where(by_path) == _where(by_step) and by_path.result == by_step.result
    assert by_path.decisions < 0.92 * by_step.decisions


@pytest.mark.parametrize("paths", [True, False])
def test_saves_of_either_form_replay(paths):
    """A save made before path answers (every manoeuvre and its amount form) replays, and so does one with paths."""
    game = _ai_game(1002, paths)
    text = SaveFile.of(game).to_toml()
    again = replay(parse_save(tomllib.loads(text)), RULESET)
    assert again.digest() == game.digest() and again.result == game.result


@pytest.mark.parametrize("bad", ["", "   ", "engage", "towards"])
def test_an_empty_or_cut_movement_answer_is_refused_not_a_crash(bad):
    g = _moving()  # ("" named no family: an IndexError before)
    with pytest.raises(IllegalAnswer) as exc:
        g.answer(bad, "red")
    assert "is not one of the answers" in str(exc.value) and g.pending.kind == "move"


def test_the_question_says_how_far_a_path_went_without_building_its_options():
    g = _moving()
    assert g.pending.path_stop is None
    g.answer({"path": ["advance 1", "fly 12", "end"]}, "red")
    d = g.pending
    assert d.path_stop == {"made": 1, "tried": False} and not d.built
    assert d.context["path"] == d.path_stop


def test_offers_says_what_the_whole_list_holds_building_one_family():
    g = _moving(blue=[{"name": "B", "x": 30, "y": 20}, {"name": "C", "x": 60, "y": 44, "general": False,
                                                      "battle_standard": False}])
    d = g.pending
    asked = ["end", "advance", "fly", "reform", "towards " + unit(g, "C").id, "engage " + unit(g, "B").id + " front",
             "engage " + unit(g, "C").id + " front", "jump", "", "advance 3"]
    got = [d.offers(v) for v in asked]
    assert not d.built
    whole = {o.value for o in d.options}
    assert got == [v in whole for v in asked] and got[:2] == [True, True] and not got[2]
