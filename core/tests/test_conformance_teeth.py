"""The conformance kit proves its teeth: each broken ruleset fails the check meant to catch it."""

from __future__ import annotations

import pytest

from skirmish.testing import checks, conformance_suite
from skirmish.testing import samples as s

TestDiceRaceConforms = conformance_suite(s.DiceRace, seeds=100, deep_seeds=3)


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


def test_the_correct_sample_passes_every_deep_check() -> None:
    ruleset = s.DiceRace()
    for seed in range(3):
        checks.check_deterministic(ruleset, seed)
        checks.check_save_resume(ruleset, seed)
        checks.check_clone(ruleset, seed)
        assert checks.check_hidden_information(ruleset, seed) > 0
