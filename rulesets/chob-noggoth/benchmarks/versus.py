"""Chob-Noggoth AI strength against an older AI (or random): seats alternated, the two AIs from two source trees.

    git archive ec1c999 rulesets/chob-noggoth/src | tar -x -C /tmp/chob-before
    .venv/bin/python rulesets/chob-noggoth/benchmarks/versus.py --before /tmp/chob-before/rulesets/chob-noggoth/src \\
        --games 400 --first-seed 5000 [--b random] [--a before] [--workers 2]

The older tree's ``skirmish_chob_noggoth/ai`` package is copied under another name (``chob_before_ai``, its imports
rewritten, its shared numbers kept apart) so both AIs play in one process on this tree's rules. ``--a``/``--b`` are
``new`` (this tree's ChobAI), ``before`` or ``random``. Game ``first_seed + i`` seats A first when ``i`` is even;
each agent is seeded as the runner seeds its seat (as ``strength.py``). Prints A's wins, draws and losses with the
95 % Wilson interval of A's share of the decided games, and each side's CPU per decision.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from skirmish import AgentContext, Game, Registry, View
from skirmish.runner import agent_seed
from skirmish.studies import stats

_BEFORE = "chob_before_ai"


def copy_before(src: Path, into: Path) -> None:
    """``src``'s AI package as ``into/chob_before_ai``, importing itself under that name."""
    target = into / _BEFORE
    shutil.copytree(src / "skirmish_chob_noggoth" / "ai", target)
    for f in target.glob("*.py"):
        text = re.sub(r"skirmish_chob_noggoth\.ai\b", _BEFORE, f.read_text())
        f.write_text(text.replace('"ai.numbers"', '"ai.numbers.before"'))


def _agent(registry: Registry, rs: Any, spec: str, player: str, seed: int, players: tuple[str, ...]) -> Any:
    if spec == "random":
        return registry.make_agent("random", rs, player, seed, players)
    if spec == "before":
        module = __import__(_BEFORE)
        return module.ChobAI(AgentContext(player, seed, rs, players=players))
    from skirmish_chob_noggoth.ai import ChobAI

    return ChobAI(AgentContext(player, seed, rs, players=players))


def play(job: tuple[int, int, str, str, str]) -> tuple[str, dict[str, float], dict[str, int]]:
    i, seed, a, b, path = job
    if path not in sys.path:
        sys.path.insert(0, path)
    registry = Registry()
    rs = registry.ruleset("chob-noggoth")
    game = Game(rs, None, seed=seed, keep_log=False)
    players = tuple(game.players)
    a_seat = i % 2
    specs = {p: ("a", a) if k == a_seat else ("b", b) for k, p in enumerate(players)}
    seats = {p: _agent(registry, rs, spec, p, agent_seed(seed, k), players)
             for k, (p, (_who, spec)) in enumerate(specs.items())}
    spent = {"a": 0.0, "b": 0.0}
    asked = {"a": 0, "b": 0}
    while game.pending is not None and game.decisions < rs.max_decisions:
        d = game.pending
        t = time.process_time()
        answer = seats[d.player].decide(View(game, d.player), d)
        who = specs[d.player][0]
        spent[who] += time.process_time() - t
        asked[who] += 1
        game.answer(answer, d.player)
    result = game.result
    if result is None or result.draw or not result.winners:
        return "drawn", spent, asked
    return ("won" if players[a_seat] in result.winners else "lost"), spent, asked


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path, help="the older tree's src folder (needed for 'before')")
    ap.add_argument("--a", default="new", choices=("new", "before", "random"))
    ap.add_argument("--b", default="before", choices=("new", "before", "random"))
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--first-seed", type=int, default=5000)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    if "before" in (args.a, args.b) and args.before is None:
        ap.error("--before SRC is needed to play the older AI")
    with tempfile.TemporaryDirectory() as tmp:
        if args.before is not None:
            copy_before(args.before, Path(tmp))
        jobs = [(i, args.first_seed + i, args.a, args.b, tmp) for i in range(args.games)]
        with Pool(args.workers) as pool:
            results = pool.map(play, jobs, chunksize=10)
    count = {k: sum(1 for r in results if r[0] == k) for k in ("won", "drawn", "lost")}
    decided = count["won"] + count["lost"]
    _share, lo, hi = stats.wilson(count["won"], decided) if decided else (0.0, 0.0, 1.0)
    print(f"A ({args.a}) v B ({args.b}), {args.games} games, seeds {args.first_seed}-{args.first_seed + args.games - 1}"
          f", seats alternated: A won {count['won']}, drew {count['drawn']}, lost {count['lost']}; share of decided "
          f"games {count['won'] / max(decided, 1):.3f} [{lo:.3f}, {hi:.3f}] (95 % Wilson)")
    for side in ("a", "b"):
        n = sum(r[2][side] for r in results)
        print(f"{side.upper()}: {sum(r[1][side] for r in results) / max(n, 1) * 1e6:.0f} us CPU a decision ({n})")


if __name__ == "__main__":
    main()
