"""The engine's own cost per decision, with no rules and no AI: the floor under any ruleset's games/s.

    .venv/bin/python rulesets/goblin-uprising/benchmarks/core_floor.py

A toy one-seat ruleset whose every answer schedules one step that asks the next decision (10 fixed options,
a small context); the agent takes the first option through a ``View``. CPU time, 20 games of 450 decisions,
five repeats: prints the lowest and the median microseconds per decision.
"""

from __future__ import annotations

import time
from typing import Any

from skirmish import Decision, Game, Option
from skirmish.agents import View
from skirmish.ruleset import Ruleset

OPTIONS = tuple(Option(f"o{i}", f"option {i}", "") for i in range(10))


def _ask(game: Game, left: int) -> None:
    if left <= 0:
        game.finish((), "done", draw=True)
        return
    game.ask(Decision("p1", "action", "pick", options=OPTIONS, context={"hero": "p1", "left": left}), _answered, left)


def _answered(game: Game, answer: str, left: int) -> None:
    game.call(_ask, left - 1)


class Toy(Ruleset):
    name = "toy"
    title = "Toy"
    min_players = 1
    max_players = 1

    def default_setup(self) -> dict[str, Any]:
        return {"players": ["p1"]}

    def create(self, game: Game) -> Any:
        return {}

    def start(self, game: Game) -> None:
        game.call(_ask, 450)

    def view(self, game: Game, player: str | None) -> Any:
        return {}


def main() -> None:
    rules = Toy()
    per_decision = []
    for _ in range(5):
        t0 = time.process_time()
        decisions = 0
        for seed in range(20):
            game = Game(rules, seed=seed, keep_log=False, hooks=None)
            while game.pending is not None:
                d = game.pending
                game.answer(View(game, d.player).decision.options[0].value, d.player)
            decisions += game.decisions
        per_decision.append(1e6 * (time.process_time() - t0) / decisions)
    per_decision.sort()
    print(f"engine floor: {per_decision[0]:.1f} us per decision (lowest), {per_decision[2]:.1f} (median of 5)")


if __name__ == "__main__":
    main()
