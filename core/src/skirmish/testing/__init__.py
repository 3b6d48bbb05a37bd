"""The conformance kit: checks every ruleset must pass, usable from any test suite in one line::

    from skirmish.testing import conformance_suite

    TestConformance = conformance_suite("my-ruleset")

The checks are also plain functions (``check_*``) that raise ``AssertionError``
with a message saying what the ruleset got wrong: games end, are deterministic,
save, load and clone; illegal answers are refused; hidden information stays hidden;
the ruleset's own agents answer only legally; content goes through
``skirmish_extend_content``; response windows ask only players who can respond
and honour "pass until the end of this phase"; a balance model's features add up to
the cost at their prices (``check_balance_model``).
"""

from skirmish.testing.agents import check_agents_play, check_interleaved, check_no_module_state, play_with_agents
from skirmish.testing.balance import check_balance_model
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
from skirmish.testing.content import check_content_extended
from skirmish.testing.logs import game_log, read_fixture, write_fixture
from skirmish.testing.suite import conformance_suite, installed_registry
from skirmish.testing.windows import check_response_windows

__all__ = [
    "game_log",
    "read_fixture",
    "write_fixture",
    "check_agents_play",
    "check_balance_model",
    "check_clone",
    "check_content_extended",
    "check_cross_process",
    "check_deterministic",
    "check_hidden_information",
    "check_illegal_refused",
    "check_interleaved",
    "check_no_module_state",
    "check_offered_answers",
    "check_plays_to_end",
    "check_response_windows",
    "check_save_resume",
    "conformance_suite",
    "installed_registry",
    "play_random",
    "play_with_agents",
]
