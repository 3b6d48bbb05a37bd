"""The conformance kit: checks every ruleset must pass, usable from any test suite in one line::

    from skirmish.testing import conformance_suite

    TestConformance = conformance_suite("my-ruleset")

The checks are also plain functions (``check_*``) that raise ``AssertionError``
with a message saying what the ruleset got wrong.
"""

from skirmish.testing.checks import (
    check_clone,
    check_cross_process,
    check_deterministic,
    check_hidden_information,
    check_illegal_refused,
    check_offered_answers,
    check_plays_to_end,
    check_save_resume,
    play_random,
)
from skirmish.testing.suite import conformance_suite, installed_registry

__all__ = [
    "check_clone",
    "check_cross_process",
    "check_deterministic",
    "check_hidden_information",
    "check_illegal_refused",
    "check_offered_answers",
    "check_plays_to_end",
    "check_save_resume",
    "conformance_suite",
    "installed_registry",
    "play_random",
]
