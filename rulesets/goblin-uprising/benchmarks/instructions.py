"""CPU instructions per game and per decision (valgrind's count: a figure a busy machine does not move).

    .venv/bin/python rulesets/goblin-uprising/benchmarks/instructions.py --games 6 [--agent random] [--heroes 4]
    .venv/bin/python rulesets/goblin-uprising/benchmarks/instructions.py --games 4 --double MODULE:ATTR

Plays the games of ``benchmarks/rulesets.py --ruleset goblin-uprising --option heroes=N`` (seeds 1000..) after two
warm-up games (content memos filled) under ``valgrind --tool=callgrind``, once setting the games up only and once
playing them, and prints the difference. ``--double MODULE:ATTR`` (a pure function or ``Class.method``, e.g.
``skirmish_goblin_uprising.turns:action_options``) runs it twice per call: the extra instructions are what it
costs; ``~MODULE:ATTR`` runs a do-nothing first instead, the wrapper's own cost to subtract. Put an older ``src``
first on ``PYTHONPATH`` to compare. Needs valgrind; about 50x slower than a plain run.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import subprocess
import sys
from typing import Any


def _double(spec: str) -> None:
    """Make ``MODULE:ATTR`` run twice per call (rebinding the name where rules modules imported it)."""
    module, attr = spec.lstrip("~").split(":")
    owner: Any = importlib.import_module(module)
    *path, name = attr.split(".")
    for part in path:
        owner = getattr(owner, part)
    once = getattr(owner, name)

    def nothing(*args: Any, **kwargs: Any) -> None:
        return None

    first = nothing if spec.startswith("~") else once  # "~": the wrapper's own cost, to subtract

    def twice(*args: Any, **kwargs: Any) -> Any:
        first(*args, **kwargs)
        return once(*args, **kwargs)

    setattr(owner, name, twice)
    if not path:
        for mod_name, mod in list(sys.modules.items()):
            if mod_name.startswith("skirmish_goblin_uprising") and getattr(mod, name, None) is once:
                setattr(mod, name, twice)


def _child(games: int, heroes: int, agent: str, play: bool, double: str) -> None:
    from skirmish import Game, Registry
    from skirmish.agents import View
    from skirmish.runner import agent_seed

    if double:
        _double(double)
    registry = Registry()
    rs = registry.ruleset("goblin-uprising")
    setup = rs.apply_options(rs.default_setup(), {"heroes": heroes})
    decisions = 0
    for seed in (998, 999, *range(1000, 1000 + games)):
        game = Game(rs, setup, seed=seed, keep_log=False)
        seats = {p: registry.make_agent(agent, rs, p, agent_seed(seed, i), game.players)
                 for i, p in enumerate(game.players)}
        if seed < 1000 or play:
            while game.pending is not None and game.decisions < rs.max_decisions:
                d = game.pending
                game.answer(seats[d.player].decide(View(game, d.player), d), d.player)
            if seed >= 1000:
                decisions += game.decisions
    print(f"decisions {decisions}")


def _count(args: list[str]) -> tuple[int, int]:
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__, *args]
    out = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode or found is None:
        sys.exit(f"valgrind run failed: {(out.stderr or out.stdout).strip().splitlines()[-1:]}")
    played = re.search(r"decisions (\d+)", out.stdout)
    return int(found.group(1)), int(played.group(1)) if played else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--heroes", type=int, default=4)
    ap.add_argument("--agent", default="ai")
    ap.add_argument("--double", default="")
    ap.add_argument("--child", choices=("play", "setup"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        _child(a.games, a.heroes, a.agent, a.child == "play", a.double)
        return
    common = ["--games", str(a.games), "--heroes", str(a.heroes), "--agent", a.agent]
    base, _ = _count([*common, "--child", "setup"])
    total, decisions = _count([*common, "--child", "play"])
    print(f"{a.agent}, {a.heroes} heroes, {a.games} games: {decisions / a.games:.0f} decisions/game, "
          f"{(total - base) / a.games / 1e6:.1f} M instructions/game, {(total - base) / max(decisions, 1) / 1e3:.0f} k "
          "per decision")
    if a.double:
        doubled, _ = _count([*common, "--child", "play", "--double", a.double])
        print(f"{a.double}: {(doubled - total) / a.games / 1e6:.2f} M instructions/game "
              f"({100 * (doubled - total) / (total - base):.1f} % of play)")


if __name__ == "__main__":
    main()
