"""The presentation hook and its helpers: frames, label placement, measuring, previews, resignation."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.engine import Game
from skirmish.errors import IllegalAnswer, SkirmishError
from skirmish.presentation import (
    Frame,
    Label,
    Piece,
    Presentation,
    escape,
    grid,
    measure_between,
    option_shades,
    place_labels,
    preview_answer,
)
from skirmish.ruleset import Ruleset
from skirmish.saves import SaveFile, replay
from skirmish.testing.samples import DiceRace


@given(st.floats(0, 72), st.floats(0, 48), st.floats(2, 30), st.booleans())
def test_frame_maps_table_points_to_the_picture_and_back(x: float, y: float, scale: float, y_up: bool) -> None:
    frame = Frame(72, 48, scale, origin_x=30, origin_y=48 * scale + 10, y_up=y_up)
    sx, sy = frame.to_svg(x, y)
    bx, by = frame.to_table(sx, sy)
    assert bx == pytest.approx(x, abs=1e-6) and by == pytest.approx(y, abs=1e-6)


def test_frame_with_y_up_draws_the_far_edge_at_the_top() -> None:
    frame = Frame(10, 10, 10, origin_y=100)
    assert frame.to_svg(0, 10)[1] < frame.to_svg(0, 0)[1]


labels_strategy = st.lists(
    st.tuples(st.floats(0, 400), st.floats(0, 300), st.integers(1, 24)), min_size=1, max_size=40)


@settings(max_examples=60, deadline=None)
@given(labels_strategy)
def test_placed_labels_never_overlap(specs: list[tuple[float, float, int]]) -> None:
    labels = [Label("x" * n, x, y, n * 7.0, 12.0) for x, y, n in specs]
    placed = place_labels(labels, bounds=(0, 0, 400, 300), gap=1.0)
    assert [p.label for p in placed] == labels
    boxes = [p.box for p in placed]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (a, b)


def test_placed_labels_keep_clear_of_boxes_to_avoid() -> None:
    avoid = [(90.0, 90.0, 110.0, 110.0)]
    placed = place_labels([Label("Goblin Mob", 100, 100, 60, 12)], avoid=avoid, bounds=(0, 0, 300, 300))
    x0, y0, x1, y1 = placed[0].box
    assert x1 <= 90 or x0 >= 110 or y1 <= 90 or y0 >= 110
    assert placed[0].leader is False or placed[0].leader is True  # a moved label may lead back to its point


def test_a_label_with_room_stays_on_its_point() -> None:
    placed = place_labels([Label("a", 50, 50, 10, 10)], bounds=(0, 0, 100, 100))
    assert (placed[0].x, placed[0].y, placed[0].leader) == (50, 50, False)


def test_grid_numbers_every_sixth_inch_along_both_edges() -> None:
    frame = Frame(12, 6, 10, origin_x=30, origin_y=70)
    text = grid(frame)
    assert text.count('text-anchor="middle">') == 3  # 0, 6, 12 along the bottom
    assert '>6</text>' in text and '>12</text>' in text


def test_escape_drops_control_characters_and_quotes_markup() -> None:
    assert escape('<b>"x"\x1b[31m') == "&lt;b&gt;&quot;x&quot;[31m"


def _shown() -> Presentation:
    return Presentation(svg="<svg/>", frame=Frame(48, 48, 10), pieces=[
        Piece("a", "Anvil Guard", shape=("rect", 10, 10, 4, 2, 0)),
        Piece("b", "Bog Hag", shape=("circle", 20, 10, 0.5)),
        Piece("h", "Hill", shape=("polygon", 30, 30, 34, 30, 34, 34))])


def test_measure_between_pieces_is_edge_to_edge() -> None:
    d, text = measure_between(_shown(), "a", "b")
    assert d == pytest.approx(20 - 0.5 - 11)  # facing 0 looks along +x: depth 2 spans x 9..11
    assert "Anvil Guard to Bog Hag" in text and "closest points" in text


def test_measure_from_a_point_to_a_piece_and_between_points() -> None:
    assert measure_between(_shown(), (10, 20), "a")[0] == pytest.approx(8.0)
    assert measure_between(_shown(), (0, 0), (3, 4))[0] == pytest.approx(5.0)
    assert measure_between(_shown(), (32, 29), "h")[0] == pytest.approx(1.0)


def test_measure_names_an_unknown_piece() -> None:
    with pytest.raises(SkirmishError, match="no piece 'zz'"):
        measure_between(_shown(), "zz", "a")


def test_a_ruleset_without_a_picture_presents_its_brief() -> None:
    game = Game(DiceRace(), seed=1)
    shown = game.ruleset.present(game, game.players[0])
    assert shown.svg is None and shown.brief
    assert game.ruleset.svg(game, None) is None


class Pictured(DiceRace):
    """A ruleset written against the presentation hook only."""

    name = "pictured"

    def present(self, game: Game, player: str | None) -> Presentation:
        return Presentation(svg=f"<svg data-decisions='{game.decisions}'></svg>", frame=Frame(10, 10, 10),
                            pieces=[Piece(p, p, shape=("circle", 1 + i * 3, 1, 0.5))
                                    for i, p in enumerate(game.players)])


def test_svg_draws_from_the_presentation_hook() -> None:
    game = Game(Pictured(), seed=1)
    assert game.ruleset.svg(game, None) == "<svg data-decisions='0'></svg>"


def test_the_default_tape_measures_footprints() -> None:
    game = Game(Pictured(), seed=1)
    a, b = game.players[:2]
    assert game.ruleset.measure_between(game, a, a, b).endswith('2.00" (closest points)')


class OldStyle(DiceRace):
    name = "old-style"

    def svg(self, game: Game, player: str | None) -> str | None:
        return "<svg id='old'/>"


def test_a_ruleset_with_only_svg_still_gets_a_presentation() -> None:
    game = Game(OldStyle(), seed=1)
    assert game.ruleset.present(game, None).svg == "<svg id='old'/>"


def test_preview_shows_what_an_answer_would_do_without_changing_the_game() -> None:
    game = Game(DiceRace(), seed=3)
    decision = game.pending
    assert decision is not None
    before = (game.digest(), len(game.answers), len(game.log.events))
    trial, err = preview_answer(game, decision.player, decision.options[0].value)
    assert err is None and trial is not None and trial.decisions == game.decisions + 1
    assert (game.digest(), len(game.answers), len(game.log.events)) == before


def test_preview_refuses_with_the_engines_reason() -> None:
    game = Game(DiceRace(), seed=3)
    decision = game.pending
    assert decision is not None
    trial, err = preview_answer(game, decision.player, "no such answer")
    assert trial is None and "is not one of the answers" in (err or "")
    other = next(p for p in game.players if p != decision.player)
    assert "not " + other in (preview_answer(game, other, decision.options[0].value)[1] or "")


def test_a_preview_does_not_tell_the_real_dice() -> None:
    game = Game(DiceRace(), seed=5)
    decision = game.pending
    assert decision is not None
    sprint = next(o.value for o in decision.options if "sprint" in str(o.value).lower() or "roll" in str(o).lower())
    trial, _ = preview_answer(game, decision.player, sprint)
    real = game.clone(keep_log=True)
    real.answer(sprint, decision.player)
    assert trial is not None
    assert trial.rng.rolls == real.rng.rolls  # as many dice rolled...
    rolled = [e.data.get("results") for e in trial.log.events if e.kind == "roll"]
    really = [e.data.get("results") for e in real.log.events if e.kind == "roll"]
    assert rolled != really or not rolled  # ...but not the same ones (re-seeded)


def test_option_shades_name_the_targets_of_a_pieces_options() -> None:
    from skirmish.decisions import Decision, Option

    class FakeGame:
        pending = Decision("red", "attack", "Attack?", options=[
            Option("a1", "u1 shoots x", data={"actor": "u1", "action": "shoot", "target": "x"}),
            Option("a2", "u1 shoots y", data={"actor": "u1", "action": "shoot", "target": "y"}),
            Option("a3", "u2 charges z", data={"actor": "u2", "action": "charge", "target": "z"})])

    shades = option_shades(FakeGame(), "red", "u1")
    assert [(s.label, s.pieces) for s in shades] == [("shoot", ("x", "y"))]
    assert option_shades(FakeGame(), "blue", "u1") == []


def _finished_by_resignation() -> tuple[Game, Any]:
    game = Game(DiceRace(), seed=2)
    loser = game.players[0]
    game.resign(loser)
    return game, loser


def test_resignation_gives_the_game_to_every_other_side() -> None:
    game, loser = _finished_by_resignation()
    assert game.over and game.result is not None
    assert loser not in game.result.winning_seats and set(game.result.winning_seats) == set(game.players[1:])
    with pytest.raises(IllegalAnswer):
        game.resign(game.players[1])


def test_a_resignation_replays_from_the_save() -> None:
    game, loser = _finished_by_resignation()
    again = replay(SaveFile.of(game), DiceRace())
    assert again.over and again.result == game.result and again.digest() == game.digest()


class Coop(DiceRace):
    name = "coop-race"

    def sides(self, setup: Any) -> dict[str, tuple[str, ...]]:
        return {"heroes": tuple(self.players(setup)), "Tyrant": ()}


def test_heroes_who_resign_lose_to_the_side_without_seats() -> None:
    game = Game(Coop(), seed=2)
    game.resign(game.players[1])
    assert game.result is not None and game.result.winners == ("Tyrant",)
    assert all(game.result.outcome(p) == "loss" for p in game.players)


def test_the_base_ruleset_has_the_presentation_hook() -> None:
    assert callable(Ruleset.present) and callable(Ruleset.shades) and callable(Ruleset.measure_between)


class Leaky(DiceRace):
    """Shows every runner's hand to everybody: the conformance check must catch it."""

    name = "leaky"

    def present(self, game: Game, player: str | None) -> Presentation:
        hands = ", ".join(c for r in game.state.runners.values() for c in r.hand.cards)
        return Presentation(svg="<svg></svg>", panels=[("hands", hands)])


def test_the_conformance_check_catches_a_presentation_that_shows_another_hand() -> None:
    from skirmish.testing.checks import check_presentation

    assert check_presentation(Pictured(), 1) > 0
    with pytest.raises(AssertionError, match="secret .* shows in the presentation"):
        check_presentation(Leaky(), 1)


def test_a_legend_can_mark_with_a_diamond() -> None:
    from skirmish.presentation import LegendItem, legend_svg

    assert "<polygon" in legend_svg([LegendItem("shrine", "#f0d040", "diamond")], 0, 20)


def test_a_label_pushed_clear_of_its_point_gets_a_leader_and_one_beside_it_does_not() -> None:
    blocked = place_labels([Label("Anvil Guard", 100, 100, 60, 12)], avoid=[(40, 60, 160, 140)],
                           bounds=(0, 0, 400, 400))[0]
    assert blocked.leader
    beside = place_labels([Label("Anvil Guard", 100, 100, 60, 12)], avoid=[(95, 95, 105, 105)],
                          bounds=(0, 0, 400, 400))[0]
    assert not beside.leader
