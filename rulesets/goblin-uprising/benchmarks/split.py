"""Engine against agent, per decision kind: where an AI game's work goes (issue 24's profile).

    .venv/bin/python rulesets/goblin-uprising/benchmarks/split.py --games 30 [--heroes 4]
    .venv/bin/python rulesets/goblin-uprising/benchmarks/split.py --games 6 --instructions

Plays the games of ``benchmarks/rulesets.py --ruleset goblin-uprising --option heroes=N`` (seeds 1000..) and prints,
per decision kind, decisions a game, options a decision, and the CPU time of the agent's answer and of the rules
until the next decision (the engine). ``--instructions`` counts valgrind instructions three ways after two warm-up
games: setting the games up only, replaying the AI's recorded answers (rules and engine alone), and playing with the
AI; the differences are engine and agent instructions a game, which load does not move. Put an older ``src`` first
on ``PYTHONPATH`` to compare.
"""

from __future__ import annotations

import argparse
import collections
import os
import pickle
import re
import subprocess
import sys
import tempfile
import time
from typing import Any

from skirmish import Game, Registry
from skirmish.agents import View
from skirmish.runner import agent_seed


def _games(registry: Registry, heroes: int) -> tuple[Any, Any]:
    rs = registry.ruleset("goblin-uprising")
    return rs, rs.apply_options(rs.default_setup(), {"heroes": heroes})


def record(heroes: int, seeds: list[int], agent: str = "ai") -> dict[int, list[Any]]:
    """Each seed's answers, in order."""
    registry = Registry()
    rs, setup = _games(registry, heroes)
    out: dict[int, list[Any]] = {}
    for seed in seeds:
        game = Game(rs, setup, seed=seed, keep_log=False)
        seats = {p: registry.make_agent(agent, rs, p, agent_seed(seed, i), game.players)
                 for i, p in enumerate(game.players)}
        answers = out.setdefault(seed, [])
        while game.pending is not None and game.decisions < rs.max_decisions:
            d = game.pending
            a = seats[d.player].decide(View(game, d.player), d)
            answers.append(a)
            game.answer(a, d.player)
    return out


def _child(mode: str, heroes: int, games: int, agent: str, answers_file: str) -> None:
    """Valgrind's child: set up only, replay recorded answers, or play."""
    registry = Registry()
    rs, setup = _games(registry, heroes)
    answers: dict[int, list[Any]] = {}
    if mode == "replay":
        with open(answers_file, "rb") as f:
            answers = pickle.load(f)
    for seed in (998, 999, *range(1000, 1000 + games)):
        game = Game(rs, setup, seed=seed, keep_log=False)
        seats = {p: registry.make_agent(agent, rs, p, agent_seed(seed, i), game.players)
                 for i, p in enumerate(game.players)}
        if seed >= 1000 and mode == "setup":
            continue
        if seed >= 1000 and mode == "replay":
            for a in answers[seed]:
                d = game.pending
                game.answer(a, d.player)
            if game.pending is not None:
                sys.exit(f"seed {seed}: the replayed game did not end where the recorded one did")
            continue
        while game.pending is not None and game.decisions < rs.max_decisions:
            d = game.pending
            game.answer(seats[d.player].decide(View(game, d.player), d), d.player)


def _count(args: list[str]) -> int:
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__, *args]
    out = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode or found is None:
        sys.exit(f"valgrind run failed: {(out.stderr or out.stdout).strip().splitlines()[-3:]}")
    return int(found.group(1))


def instructions(heroes: int, games: int, agent: str) -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":  # record the answers as valgrind's children will replay them
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    seeds = list(range(1000, 1000 + games))
    answers = record(heroes, seeds, agent)
    decisions = sum(len(a) for a in answers.values()) / games
    with tempfile.NamedTemporaryFile(suffix=".pkl", delete=False) as f:
        pickle.dump(answers, f)
    try:
        base = [f"--heroes={heroes}", f"--games={games}", f"--agent={agent}", f"--answers={f.name}"]
        setup, replay, play = (_count(["--child", mode, *base]) for mode in ("setup", "replay", "play"))
    finally:
        os.unlink(f.name)
    engine, agent_part = (replay - setup) / games, (play - replay) / games
    print(f"{games} games, {decisions:.0f} decisions/game (seeds 1000-{999 + games}, {heroes} heroes, {agent})")
    print(f"instructions/game: engine {engine / 1e6:.1f} M + agent {agent_part / 1e6:.1f} M = "
          f"{(engine + agent_part) / 1e6:.1f} M; per decision {engine / decisions / 1e3:.0f} k + "
          f"{agent_part / decisions / 1e3:.0f} k")


def timing(heroes: int, games: int, agent: str) -> None:
    registry = Registry()
    rs, setup = _games(registry, heroes)
    count: collections.Counter[str] = collections.Counter()
    options: collections.Counter[str] = collections.Counter()
    single: collections.Counter[str] = collections.Counter()
    t_agent: collections.Counter[str] = collections.Counter()
    t_engine: collections.Counter[str] = collections.Counter()
    clock = time.process_time
    for seed in (999, *range(1000, 1000 + games)):
        game = Game(rs, setup, seed=seed, keep_log=False)
        seats = {p: registry.make_agent(agent, rs, p, agent_seed(seed, i), game.players)
                 for i, p in enumerate(game.players)}
        while game.pending is not None and game.decisions < rs.max_decisions:
            d = game.pending
            t0 = clock()
            a = seats[d.player].decide(View(game, d.player), d)
            t1 = clock()
            game.answer(a, d.player)
            t2 = clock()
            if seed < 1000:
                continue
            k = d.kind
            count[k] += 1
            options[k] += len(d.options)
            single[k] += len(d.options) == 1
            t_agent[k] += t1 - t0
            t_engine[k] += t2 - t1
    total = sum(count.values())
    tt = sum(t_agent.values()) + sum(t_engine.values())
    print(f"{games} games, {total / games:.0f} decisions/game, {games / tt:.1f} games/CPU-s "
          f"(load {os.getloadavg()[0]:.1f})")
    print(f"{'kind':18} {'per game':>8} {'options':>8} {'1-option':>8} {'agent us':>8} {'engine us':>9} {'share':>6}")
    for k, n in count.most_common():
        share = (t_agent[k] + t_engine[k]) / tt
        print(f"{k:18} {n / games:8.1f} {options[k] / n:8.1f} {single[k] / games:8.1f} "
              f"{t_agent[k] / n * 1e6:8.1f} {t_engine[k] / n * 1e6:9.1f} {share:6.1%}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--heroes", type=int, default=4)
    ap.add_argument("--agent", default="ai")
    ap.add_argument("--instructions", action="store_true")
    ap.add_argument("--child", choices=("setup", "replay", "play"), help=argparse.SUPPRESS)
    ap.add_argument("--answers", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        _child(a.child, a.heroes, a.games, a.agent, a.answers or "")
    elif a.instructions:
        instructions(a.heroes, a.games, a.agent)
    else:
        timing(a.heroes, a.games, a.agent)


if __name__ == "__main__":
    main()
