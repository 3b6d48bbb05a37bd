"""Hobgoblin figures (printed, never asserted): games per second, decisions per game, time per manoeuvre
check, and the AI's results against random play and against Him.

    python rulesets/hobgoblin/benchmarks/bench.py [--games N] [--skip speed,random,him]
"""

from __future__ import annotations

import argparse
import collections
import os
import platform
import statistics
import time
from typing import Any

from skirmish import AgentContext, Game, RandomAgent, View
from skirmish_hobgoblin import moves
from skirmish_hobgoblin.agents import make_ai, make_him
from skirmish_hobgoblin.rules import Hobgoblin
from skirmish_hobgoblin.state import Activation


def machine() -> str:
    cpu = platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next((ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")), cpu)
    except OSError:
        pass
    return f"{platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} cpus, Python {platform.python_version()}"


def play(ruleset: Hobgoblin, seed: int, makers: dict[str, Any], setup: dict[str, Any] | None = None) -> Game:
    game = Game(ruleset, setup, seed=seed, keep_log=False)
    agents = {p: makers[p](AgentContext(p, seed * 31 + i, ruleset, {}, game.players))
              for i, p in enumerate(game.players)}
    while game.pending is not None:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return game


def speed(ruleset: Hobgoblin, n: int) -> None:
    for label, maker in (("AI v AI", make_ai), ("random v random", RandomAgent)):
        t = time.perf_counter()
        decisions = []
        for seed in range(n):
            g = play(ruleset, seed, {"red": maker, "blue": maker})
            decisions.append(g.decisions)
        dt = time.perf_counter() - t
        print(f"{label}: {n / dt:.2f} games/s on one core (3,000 points a side), "
              f"{statistics.mean(decisions):.0f} decisions per game")
    g = Game(ruleset, seed=1)
    while g.round == 0 and g.pending is not None:
        d = g.pending
        g.answer(make_ai(AgentContext(d.player, 1, ruleset, {}, g.players)).decide(View(g, d.player), d), d.player)
    unit = next(u for u in g.state.units.values() if u.in_play and not u.has("Immobile"))
    g.state.activation = Activation(unit.id, 8.0, (unit.x, unit.y, unit.facing), [])
    kinds = [("advance", 3.0), ("wheel-left", 2.0), ("shuffle-right", 1.0), ("reform", 90.0)]
    reps = 300
    t = time.perf_counter()
    for _ in range(reps):
        for kind, amount in kinds:
            moves.check(g, unit, kind, amount)
    per = (time.perf_counter() - t) / (reps * len(kinds))
    print(f"manoeuvre check (path against every unit and the terrain): {per * 1e6:.0f} us")
    enemy = next(u for u in g.state.units.values() if u.in_play and u.side != unit.side)
    t = time.perf_counter()
    for _ in range(30):
        moves._PLANS.clear()  # time the work, not the memo
        moves.plan_engage(g, unit, enemy, 30.0)
    print(f"engage plan (every edge of the target): {(time.perf_counter() - t) / 30 * 1000:.1f} ms")


def versus(ruleset: Hobgoblin, n: int, other: str, level: str = "") -> None:
    results: collections.Counter[str] = collections.Counter()
    for seed in range(n):
        if other == "random":
            ai_seat = ("red", "blue")[seed % 2]
            makers = {p: make_ai if p == ai_seat else RandomAgent for p in ("red", "blue")}
            setup = None
        else:
            ai_seat = "red"
            makers = {"red": make_ai, "blue": make_him}
            setup = ruleset.default_setup()
            armies = ["iron-grudge-hold", "red-howl-horde", "bog-coven", "sky-lancers"]
            setup.update(him="blue", armies={"red": armies[seed % 4], "blue": f"him:{level}"})
        g = play(ruleset, seed, makers, setup)
        results["win" if ai_seat in g.result.winners else "draw" if not g.result.winners else "loss"] += 1
    name = f"Him ({level})" if level else other
    print(f"AI against {name}: {results['win']} wins, {results['draw']} draws, {results['loss']} losses "
          f"in {n} games ({100 * results['win'] / n:.0f}% won)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--skip", default="")
    args = parser.parse_args()
    skip = set(args.skip.split(","))
    ruleset = Hobgoblin()
    print(machine())
    if "speed" not in skip:
        speed(ruleset, max(2, args.games // 4))
    if "random" not in skip:
        versus(ruleset, args.games, "random")
    if "him" not in skip:
        versus(ruleset, args.games, "him", "easy")
        versus(ruleset, args.games, "him", "normal")


if __name__ == "__main__":
    main()
