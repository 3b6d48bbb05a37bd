"""The conformance kit on Dice Duel, and what a check catches."""

from __future__ import annotations

import random

from agent import Cautious
from duel import Duel

from skirmish import Game
from skirmish.testing import (
    check_clone,
    check_deterministic,
    check_illegal_refused,
    check_offered_answers,
    check_plays_to_end,
    check_save_resume,
    conformance_suite,
)

# In a test module, one line gives a pytest class with every check (a registered ruleset is named
# by its name instead: conformance_suite("dice-duel")).
TestDuel = conformance_suite(Duel, seeds=30, deep_seeds=2, agents={"cautious": Cautious}, cross_process=False,
                             )

# The checks are plain functions too.
check_plays_to_end(Duel(), range(20))
check_deterministic(Duel(), seed=1)
check_save_resume(Duel(), seed=1)
check_clone(Duel(), seed=1)
check_offered_answers(Duel(), seed=1)
check_illegal_refused(Duel(), seed=1)


class Careless(Duel):
    """Rolls with the global ``random`` module instead of ``game.rng``."""

    name = "careless-duel"

    def create(self, game: Game):
        state = super().create(game)
        state.points[game.players[0]] = random.getrandbits(32)  # not seeded, not logged
        return state


try:
    check_deterministic(Careless(), seed=1)
except AssertionError as exc:
    print("caught:", exc)
else:
    raise SystemExit("check_deterministic should have caught the careless ruleset")


if __name__ == "__main__":
    suite = TestDuel()
    for name in sorted(n for n in dir(suite) if n.startswith("test_")):
        getattr(suite, name)()
