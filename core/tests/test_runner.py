"""Driving games with agents: drive, play_one, simulate (in one process and in several)."""

from __future__ import annotations

import os
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import skirmish.builtin_agents
from skirmish import plugins as core_plugins
from skirmish.agents import AgentContext, RandomAgent
from skirmish.engine import Game
from skirmish.errors import RulesetNotFound, SkirmishError
from skirmish.markers import hookimpl
from skirmish.plugins import Registry, make_plugin_manager
from skirmish.ruleset import RulesetSpec
from skirmish.runner import DecisionLimit, GameRecord, agent_seed, drive, play_one, simulate, summarize
from skirmish.testing.samples import GOAL, DiceRace

PLUGIN_MODULE = "skirmish_test_runner_dice_race"


class DiceRacePlugin:
    @hookimpl
    def skirmish_register_rulesets(self) -> list[RulesetSpec]:
        return [RulesetSpec.of(DiceRace)]


@pytest.fixture
def registry() -> Registry:
    return Registry(make_plugin_manager(entry_points=False, plugins=[("skirmish.agents", skirmish.builtin_agents),
                                                                     ("dice-race-plugin", DiceRacePlugin())]))


@pytest.fixture
def plugin_in_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register DiceRace in freshly built registries (worker processes) through SKIRMISH_PLUGINS."""
    (tmp_path / f"{PLUGIN_MODULE}.py").write_text(textwrap.dedent("""
        from skirmish import hookimpl
        from skirmish.ruleset import RulesetSpec
        from skirmish.testing.samples import DiceRace


        @hookimpl
        def skirmish_register_rulesets():
            return [RulesetSpec.of(DiceRace)]
    """), encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")])))
    monkeypatch.setenv("SKIRMISH_PLUGINS", PLUGIN_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    # a worker must build its own registry, not inherit one left by an earlier one-process run
    monkeypatch.setattr(core_plugins, "_REGISTRY", None)
    yield
    sys.modules.pop(PLUGIN_MODULE, None)


def _agents(game: Game, seed: int) -> dict[str, RandomAgent]:
    return {p: RandomAgent(AgentContext(p, agent_seed(seed, i), game.ruleset, {}, game.players))
            for i, p in enumerate(game.players)}


def _timeless(records: list[GameRecord]) -> list[GameRecord]:
    return [attrs.evolve(r, seconds=0.0) for r in records]


# -- drive ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(5))
def test_drive_plays_dice_race_to_the_end(seed: int) -> None:
    game = Game(DiceRace(), seed=seed)
    after: list[int] = []
    drive(game, _agents(game, seed), after_answer=lambda g: after.append(g.decisions))
    assert game.over and game.pending is None
    (winner,) = game.result.winners
    assert game.state.runners[winner].distance >= GOAL
    assert all(r.distance < GOAL for p, r in game.state.runners.items() if p != winner)
    assert after == list(range(1, game.decisions + 1))
    assert game.decisions <= DiceRace.max_decisions


def test_drive_asks_each_decision_of_its_own_players_agent() -> None:
    asked: list[tuple[str, str]] = []

    class Spy(RandomAgent):
        def decide(self, view: Any, decision: Any) -> Any:
            asked.append((view.player, decision.player))
            return super().decide(view, decision)

    game = Game(DiceRace(), seed=1)
    drive(game, {p: Spy(AgentContext(p, 1, game.ruleset)) for p in game.players})
    assert asked and all(viewer == owner for viewer, owner in asked)
    assert {owner for _, owner in asked} == set(game.players)


def test_drive_raises_decision_limit_after_that_many_decisions() -> None:
    game = Game(DiceRace(), seed=0)
    with pytest.raises(DecisionLimit, match="the game did not end within 3 decisions"):
        drive(game, _agents(game, 0), max_decisions=3)
    assert game.decisions == 3
    assert not game.over


def test_drive_until_stops_at_the_first_decision_it_accepts_and_leaves_it_unanswered() -> None:
    game = Game(DiceRace(), seed=3)
    drive(game, _agents(game, 3), until=lambda d: game.decisions >= 5)
    assert game.decisions == 5 and game.pending is not None
    drive(game, _agents(game, 3))
    assert game.pending is None


def test_drive_on_a_finished_game_does_nothing() -> None:
    game = Game(DiceRace(), seed=0)
    drive(game, _agents(game, 0))
    decisions = game.decisions
    drive(game, _agents(game, 0), max_decisions=0)
    assert game.decisions == decisions


# -- play_one -------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 2])
def test_play_one_records_the_game_the_agents_play(registry: Registry, seed: int) -> None:
    record = play_one(registry, "dice-race", seed, ["random"])
    game = Game(DiceRace(), seed=seed)
    drive(game, _agents(game, seed))
    assert record.seed == seed
    assert record.finished
    assert record.winners == game.result.winners
    assert record.reason == game.result.reason == f"reached {GOAL}"
    assert (record.rounds, record.decisions, record.dice) == (game.round, game.decisions, game.rng.rolls)
    assert record.players == ("player1", "player2")
    assert record.agents == ("random", "random")
    assert record.seconds >= 0


def test_play_one_seats_agents_in_order_repeating_the_list(registry: Registry) -> None:
    setup = {"players": ["a", "b", "c"]}
    record = play_one(registry, "dice-race", 0, ["first", "random"], setup=setup)
    assert record.players == ("a", "b", "c")
    assert record.agents == ("first", "random", "first")


def test_play_one_with_a_tiny_decision_limit_records_an_unfinished_game(registry: Registry) -> None:
    record = play_one(registry, "dice-race", 0, ["random"], max_decisions=2)
    assert not record.finished
    assert record.winners == ()
    assert record.decisions == 2
    assert record.reason == "decision limit"


def test_play_one_is_deterministic_per_seed(registry: Registry) -> None:
    a = play_one(registry, "dice-race", 11, ["random"])
    b = play_one(registry, "dice-race", 11, ["random"])
    assert attrs.evolve(a, seconds=0) == attrs.evolve(b, seconds=0)


def test_play_one_names_an_unknown_ruleset(registry: Registry) -> None:
    with pytest.raises(RulesetNotFound, match="no ruleset named 'chess' \\(installed: dice-race\\)"):
        play_one(registry, "chess", 0, ["random"])


# -- simulate -------------------------------------------------------------------------------------

def test_simulate_plays_n_games_with_consecutive_seeds(registry: Registry) -> None:
    summary, records = simulate(registry, "dice-race", 6, ["random"], seed=10)
    assert [r.seed for r in records] == list(range(10, 16))
    assert summary.games == 6 and summary.workers == 1
    assert all(r.finished for r in records)
    assert _timeless(records) == _timeless([play_one(registry, "dice-race", s, ["random"]) for s in range(10, 16)])


def test_a_study_collects_garbage_less_often_while_its_games_play_and_restores_the_setting(
        registry: Registry, monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    import skirmish.runner as runner

    seen: list[tuple[int, ...]] = []
    real = runner.play_one

    def spying(*args: Any, **kwargs: Any) -> GameRecord:
        seen.append(gc.get_threshold())
        return real(*args, **kwargs)

    monkeypatch.setattr(runner, "play_one", spying)
    before = gc.get_threshold()
    _, records = simulate(registry, "dice-race", 3, ["random"], seed=10)
    assert len(records) == 3 and seen == [(runner.STUDY_GC_THRESHOLD, *before[1:])] * 3
    assert gc.get_threshold() == before


def test_simulate_alternate_swaps_the_seats_on_odd_seeds(registry: Registry) -> None:
    _, records = simulate(registry, "dice-race", 4, ["first", "random"], alternate=True)
    assert [r.agents for r in records] == [("first", "random"), ("random", "first")] * 2


def test_simulate_refuses_unknown_rulesets_and_agents_before_playing(registry: Registry) -> None:
    with pytest.raises(RulesetNotFound):
        simulate(registry, "chess", 2, ["random"])
    with pytest.raises(SkirmishError, match="no agent 'genius' for dice-race"):
        simulate(registry, "dice-race", 2, ["genius"])


def test_simulate_reports_progress_for_every_game(registry: Registry) -> None:
    done: list[int] = []
    simulate(registry, "dice-race", 5, ["random"], progress=done.append)
    assert sum(done) == 5


def test_summary_counts_add_up(registry: Registry) -> None:
    summary, records = simulate(registry, "dice-race", 20, ["first", "random"], alternate=True, max_decisions=17)
    unfinished = summary.games - summary.finished
    assert unfinished > 0 and summary.finished > 0  # the limit cuts some games short, not all
    assert sum(summary.wins_by_side.values()) + summary.draws + unfinished == summary.games
    assert sum(summary.wins_by_agent.values()) == sum(summary.wins_by_side.values())
    assert unfinished == sum(not r.finished for r in records)
    assert summary.mean_decisions == pytest.approx(sum(r.decisions for r in records) / 20)
    assert summary.mean_dice == pytest.approx(sum(r.dice for r in records) / 20)
    assert summary.to_dict()["games"] == 20


def test_summarize_counts_draws_and_credits_wins_to_sides_and_agents() -> None:
    def rec(seed: int, winners: tuple[str, ...], finished: bool = True) -> GameRecord:
        return GameRecord(seed, ("ai", "random"), ("red", "blue"), winners, finished, 3, 10, 5, 0.1,
                          winning_seats=winners, draw=finished and not winners, scores={"red": seed})

    summary = summarize("x", [rec(0, ("red",)), rec(1, ()), rec(2, ("blue",)), rec(3, (), False), rec(4, ("red",))],
                        1.0, 1)
    assert (summary.games, summary.finished, summary.draws) == (5, 4, 1)
    assert summary.wins_by_side == {"blue": 1, "red": 2}
    assert summary.wins_by_agent == {"ai": 2, "random": 1}
    assert summary.games_per_second == 5.0
    assert summary.seat_outcomes == {"red": {"win": 2, "loss": 1, "draw": 1}, "blue": {"win": 1, "loss": 2, "draw": 1}}
    assert summary.mean_scores == {"red": 2.0}


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="simulate uses one process on a one-CPU machine")
def test_simulate_in_two_processes_gives_the_same_records_as_in_one(registry: Registry,
                                                                     plugin_in_workers: None) -> None:
    one_summary, one = simulate(registry, "dice-race", 12, ["random", "first"], seed=3, alternate=True)
    core_plugins._REGISTRY = None  # what the one-process run left behind must not reach the workers
    two_summary, two = simulate(Registry(), "dice-race", 12, ["random", "first"], seed=3, alternate=True,
                                workers=2)
    assert two_summary.workers == 2
    assert _timeless(two) == _timeless(one)
    assert attrs.evolve(two_summary, seconds=0, workers=1) == attrs.evolve(one_summary, seconds=0)


def test_a_one_process_run_leaves_no_registry_for_later_workers(registry: Registry) -> None:
    core_plugins._REGISTRY = None
    simulate(registry, "dice-race", 2, ["random"])
    assert core_plugins._REGISTRY is None  # forked workers of a later run build their own from entry points
