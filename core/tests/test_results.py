"""Results per side and per seat: teams, co-operative games lost to a side with no seat, explicit draws."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from skirmish.engine import Game, Result
from skirmish.ruleset import Ruleset
from skirmish.runner import GameRecord, summarize


class CoOp(Ruleset):
    """Heroes against a Tyrant who holds no seat; the set-up says how it ends."""

    name = "co-op"
    title = "Co-op"
    version = "1"
    min_players = 1
    max_players = 4

    def default_setup(self) -> dict[str, Any]:
        return {"players": ["h1", "h2"], "end": "Tyrant"}

    def sides(self, setup: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
        return {"heroes": tuple(setup["players"]), "Tyrant": ()}

    def create(self, game: Game) -> dict[str, Any]:
        return {}

    def start(self, game: Game) -> None:
        end = game.setup["end"]
        if end == "draw":
            game.finish((), "time ran out", draw=True)
        elif end == "bad-draw":
            game.finish(["heroes"], "a draw with winners", draw=True)
        elif end == "nobody":
            game.finish((), "everyone fell")
        else:
            game.finish([end], f"{end} prevails", scores={"h1": 3.0, "h2": 1.0})


def _game(end: str) -> Game:
    return Game(CoOp(), {"players": ["h1", "h2"], "end": end})


def test_a_co_op_loss_to_a_side_without_seats_is_a_loss_for_every_hero_not_a_draw() -> None:
    result = _game("Tyrant").result
    assert result.winners == ("Tyrant",) and result.winning_seats == ()
    assert not result.draw
    assert result.outcome("h1") == result.outcome("h2") == "loss"


def test_a_team_win_is_a_win_for_every_seat_on_the_team() -> None:
    result = _game("heroes").result
    assert result.winning_seats == ("h1", "h2")
    assert {result.outcome(p) for p in ("h1", "h2")} == {"win"}
    assert result.scores == {"h1": 3.0, "h2": 1.0}


def test_no_winner_is_a_draw_only_when_the_rules_say_draw() -> None:
    assert _game("draw").result.outcome("h1") == "draw"
    nobody = _game("nobody").result
    assert not nobody.draw and nobody.outcome("h1") == "loss"


def test_a_winner_that_is_neither_side_nor_seat_is_a_rules_bug() -> None:
    with pytest.raises(ValueError, match="unknown winner 'Dragon'"):
        _game("Dragon")


def test_a_draw_with_winners_is_refused() -> None:
    with pytest.raises(ValueError, match="no winners"):
        _game("bad-draw")


def test_the_view_and_the_end_event_carry_the_outcome() -> None:
    game = _game("Tyrant")
    assert game.view(None)["result"]["winners"] == ["Tyrant"]
    end = list(game.log.of_kind("end"))[0]
    assert end.text == "game over: Tyrant wins - Tyrant prevails" and end.data["winning_seats"] == []


def _record(seed: int, result: Result | None, agents: tuple[str, ...] = ("ai", "random")) -> GameRecord:
    return GameRecord(seed, agents, ("h1", "h2"), result.winners if result else (), result is not None, 3, 10, 5,
                      0.1, result.reason if result else "", {}, result.winning_seats if result else (),
                      bool(result and result.draw), dict(result.scores) if result else {})


def test_simulate_summary_counts_non_seat_winners_losses_and_draws_separately() -> None:
    records = [_record(1, _game("Tyrant").result), _record(2, _game("heroes").result),
               _record(3, _game("draw").result), _record(4, _game("nobody").result)]
    summary = summarize("co-op", records, 1.0, 1)
    assert summary.wins_by_side == {"Tyrant": 1, "heroes": 1}
    assert summary.draws == 1
    assert summary.no_winner == 1
    assert summary.wins_by_agent == {"ai": 1, "random": 1}
    assert summary.seat_outcomes["h1"] == {"win": 1, "loss": 2, "draw": 1}


def test_simulate_reports_the_sides_of_its_set_up() -> None:
    import skirmish.builtin_agents
    from skirmish.markers import hookimpl
    from skirmish.plugins import Registry, make_plugin_manager
    from skirmish.ruleset import RulesetSpec
    from skirmish.runner import simulate

    class Plugin:
        @hookimpl
        def skirmish_register_rulesets(self) -> list[RulesetSpec]:
            return [RulesetSpec.of(CoOp)]

    reg = Registry(make_plugin_manager(entry_points=False, plugins=[("skirmish.agents", skirmish.builtin_agents),
                                                                     ("co-op", Plugin())]))
    summary, _ = simulate(reg, "co-op", 3, ["random"])
    assert summary.sides == {"heroes": ["h1", "h2"], "Tyrant": []}
    assert summary.wins_by_side == {"Tyrant": 3}
