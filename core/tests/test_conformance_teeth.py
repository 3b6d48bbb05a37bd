"""The conformance kit proves its teeth: each broken ruleset fails the check meant to catch it."""

from __future__ import annotations

import pytest

from skirmish.agents import FirstAgent, RandomAgent
from skirmish.testing import (
    check_agents_play,
    check_content_extended,
    check_response_windows,
    checks,
    conformance_suite,
)
from skirmish.testing import samples as s

TestDiceRaceConforms = conformance_suite(s.DiceRace, seeds=100, deep_seeds=3, agents={"first": FirstAgent})
TestTripRaceConforms = conformance_suite(s.TripRace, seeds=40, deep_seeds=2, agents={"first": FirstAgent},
                                         cross_process=False)
TestLazyRaceConforms = conformance_suite(s.LazyRace, seeds=40, deep_seeds=2, agents={"first": FirstAgent},
                                         cross_process=False)


def test_ignoring_the_seed_fails_determinism() -> None:
    with pytest.raises(AssertionError, match="same seed"):
        for seed in range(5):
            checks.check_deterministic(s.BrokenIgnoresSeed(), seed)


def test_leaking_a_hand_through_the_log_fails_hidden_information() -> None:
    with pytest.raises(AssertionError, match="secret .* shows in the log"):
        checks.check_hidden_information(s.BrokenLeaksHand(), 0)


def test_a_game_that_never_ends_fails_the_decision_bound() -> None:
    with pytest.raises(AssertionError, match="no end within 400 decisions"):
        checks.check_plays_to_end(s.BrokenNeverEnds(), range(3))


def test_state_outside_the_game_fails_clone_or_resume() -> None:
    with pytest.raises(AssertionError, match="clone|resumed|save"):
        for seed in range(10):
            checks.check_clone(s.BrokenKeepsStateOutside(), seed)
            checks.check_save_resume(s.BrokenKeepsStateOutside(), seed)


def test_refusing_its_own_examples_fails_offered_answers() -> None:
    with pytest.raises(AssertionError, match="offered answer .* was refused"):
        for seed in range(10):
            checks.check_offered_answers(s.BrokenRefusesOwnExamples(), seed, every=1)


def test_a_validator_that_changes_state_fails_illegal_refused() -> None:
    with pytest.raises(AssertionError, match="changed the game"):
        for seed in range(10):
            checks.check_illegal_refused(s.BrokenValidatorChangesState(), seed, every=1)


def test_depending_on_set_order_fails_cross_process() -> None:
    with pytest.raises(AssertionError, match="hash seed"):
        checks.check_cross_process("skirmish.testing.samples:BrokenSetOrder", 0, hash_seeds=(1, 2, 3, 4))


def test_a_lazy_decision_whose_family_refuses_an_offered_answer_fails() -> None:
    with pytest.raises(AssertionError, match="is offered but its family refuses it"):
        checks.check_lazy_decisions(s.BrokenLazyFamilyOf(), 0)


def test_the_lazy_sample_checks_its_lazy_decisions() -> None:
    assert checks.check_lazy_decisions(s.LazyRace(), 0) > 5


def test_the_correct_sample_passes_every_deep_check() -> None:
    ruleset = s.DiceRace()
    for seed in range(3):
        checks.check_deterministic(ruleset, seed)
        checks.check_save_resume(ruleset, seed)
        checks.check_clone(ruleset, seed)
        assert checks.check_hidden_information(ruleset, seed) > 0


# -- the ruleset's own agents ------------------------------------------------------------------------------


def test_an_agents_illegal_answer_is_refused_and_named() -> None:
    with pytest.raises(AssertionError, match="agent 'cheat' gave an illegal answer 'teleport'"):
        check_agents_play(s.DiceRace(), {"cheat": s.IllegalAgent}, range(2))


def test_an_agent_that_changes_the_game_while_deciding_fails() -> None:
    with pytest.raises(AssertionError, match="agent 'meddler' changed the game while deciding"):
        check_agents_play(s.DiceRace(), {"meddler": s.MeddlingAgent}, range(2))


def test_an_agent_that_raises_fails_with_its_error() -> None:
    with pytest.raises(AssertionError, match="agent 'crash' failed: KeyError"):
        check_agents_play(s.DiceRace(), {"crash": s.CrashingAgent}, range(1))


def test_sound_agents_play_every_seat_and_each_other() -> None:
    played = check_agents_play(s.DiceRace(), {"first": FirstAgent, "random": RandomAgent}, range(3))
    assert set(played) == {"first", "random"} and all(n > 0 for n in played.values())


def test_the_suite_plays_an_installed_rulesets_own_agents() -> None:
    from skirmish.testing import installed_registry

    registry = installed_registry()
    with_ai = [name for name in sorted(registry.rulesets) if registry.agents_for(name)]
    if not with_ai:
        pytest.skip("no installed ruleset registers an agent of its own")
    suite = conformance_suite(with_ai[0], seeds=1, deep_seeds=1, agent_seeds=1)
    suite().test_own_agents_play_only_legal_answers()


# -- content goes through extend_content ------------------------------------------------------------------


def test_content_that_skips_extend_content_fails() -> None:
    with pytest.raises(AssertionError, match="never called skirmish_extend_content"):
        check_content_extended(s.BrokenSkipsContent)


def test_content_through_extend_content_passes_and_a_plugin_can_change_it() -> None:
    assert check_content_extended(s.DiceRace) == ["boosts", "race"]
    from skirmish import Game, Registry, hookimpl, make_plugin_manager

    class ShortRace:
        skirmish_rulesets = ("dice-race",)

        @hookimpl
        def skirmish_extend_content(self, ruleset: str, content: dict) -> None:
            content["race"]["goal"] = 4

    ruleset = s.DiceRace()
    ruleset.hooks = Registry(make_plugin_manager(entry_points=False, plugins=[("short", ShortRace())])).hooks_for(
        "dice-race")
    game = Game(ruleset, seed=1)
    while game.pending is not None:
        game.answer("sprint")
    assert game.result.reason == "reached 4"


# -- response windows ------------------------------------------------------------------------------------------


def test_the_trip_window_is_seen_and_passes() -> None:
    assert sum(check_response_windows(s.TripRace(), seed) for seed in range(3)) > 10


def test_a_window_asking_a_player_with_nothing_to_play_fails() -> None:
    with pytest.raises(AssertionError, match="window 'trip' asked .* with nothing to play but passing"):
        check_response_windows(s.BrokenWindowOnlyPass(), 0)


def test_a_window_asking_again_after_pass_until_end_of_phase_fails() -> None:
    with pytest.raises(AssertionError, match="passed until the end of phase 'race'.*and was asked again"):
        for seed in range(5):
            check_response_windows(s.BrokenWindowForgetsPassPhase(), seed)


def test_the_suite_plays_only_the_rulesets_non_interactive_agents(monkeypatch: pytest.MonkeyPatch) -> None:
    from skirmish import AgentSpec, Registry, RulesetSpec, hookimpl, make_plugin_manager

    made: list[str] = []

    def bot(ctx: object) -> FirstAgent:
        made.append("bot")
        return FirstAgent(ctx)

    def person(ctx: object) -> FirstAgent:
        raise AssertionError("an interactive agent was asked to play")

    class Race:
        @hookimpl
        def skirmish_register_rulesets(self) -> list[RulesetSpec]:
            return [RulesetSpec.of(s.DiceRace)]

        @hookimpl
        def skirmish_register_agents(self) -> list[AgentSpec]:
            return [AgentSpec("bot", bot, rulesets=("dice-race",)),
                    AgentSpec("person", person, rulesets=("dice-race",), interactive=True)]

    from skirmish import plugins

    monkeypatch.setattr(plugins, "_REGISTRY", Registry(make_plugin_manager(entry_points=False,
                                                                           plugins=[("r", Race())])))
    conformance_suite("dice-race", seeds=1, deep_seeds=1, agent_seeds=2)().test_own_agents_play_only_legal_answers()
    assert made and set(made) == {"bot"}


def test_state_outside_the_game_fails_interleaved_games() -> None:
    from skirmish.agents import RandomAgent
    from skirmish.testing import check_interleaved

    with pytest.raises(AssertionError, match="beside other games"):
        check_interleaved(s.BrokenKeepsStateOutside(), range(3), RandomAgent)


def test_games_kept_apart_pass_interleaved_games() -> None:
    from skirmish.agents import RandomAgent
    from skirmish.testing import check_interleaved

    assert check_interleaved(s.DiceRace, range(4), RandomAgent) == 4


def test_a_module_global_written_by_games_fails_module_state() -> None:
    from skirmish.agents import RandomAgent
    from skirmish.testing import check_no_module_state

    with pytest.raises(AssertionError, match=r"changed module-level values: skirmish\.testing\.samples\._GLOBAL"):
        check_no_module_state(s.BrokenKeepsStateOutside, ["skirmish.testing.samples"], RandomAgent)
    moved = check_no_module_state(s.BrokenKeepsStateOutside, ["skirmish.testing.samples"], RandomAgent,
                                  allow=["skirmish.testing.samples._GLOBAL"])
    assert moved == ["skirmish.testing.samples._GLOBAL"]
    assert check_no_module_state(s.DiceRace, ["skirmish.testing.samples"], RandomAgent) == []


def test_a_window_asking_again_after_a_standing_pass_fails() -> None:
    with pytest.raises(AssertionError, match="gave a standing pass in window 'trip'.*and was asked again"):
        for seed in range(5):
            check_response_windows(s.BrokenWindowForgetsStandingPass(), seed)
