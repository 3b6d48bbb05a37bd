"""Hobgoblin figures (printed, never asserted): games per second, decisions per game, time per manoeuvre
check, the AI's results against random play and against Him, and what casting is worth to it.

    python rulesets/hobgoblin/benchmarks/bench.py [--games N] [--seed S] [--workers W] [--skip speed,random,him,magic]
        [--detail]

Seeds run from S to S+N-1. Against random play the AI takes red in even seeds and blue in odd ones (default set-up,
scenario rolled). Against Him the AI is red on the four built-in armies in turn (seed % 4), He is blue on His
list at the level. Magic: AI against the same AI, both on Bog Coven (its Wizards), only one seat may cast
(set-up option ``magic = [seat]``), seats alternated; the caster's wins are reported.
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
from skirmish_hobgoblin.agents import make_ai
from skirmish_hobgoblin.him import make_him
from skirmish_hobgoblin.rules import Hobgoblin
from skirmish_hobgoblin.state import Activation, derived


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
        derived(g.state).plans.clear()  # time the work, not the memo
        moves.plan_engage(g, unit, enemy, 30.0)
    print(f"engage plan (every edge of the target): {(time.perf_counter() - t) / 30 * 1000:.1f} ms")


ARMIES = ["iron-grudge-hold", "red-howl-horde", "bog-coven", "sky-lancers"]


def one_game(other: str, level: str, seed: int) -> dict[str, Any]:
    """Play one measured game: the AI's outcome ("win", "draw" or "loss") and what decided it."""
    ruleset = _ruleset()
    if other == "random":
        ai_seat = ("red", "blue")[seed % 2]
        makers = {p: make_ai if p == ai_seat else RandomAgent for p in ("red", "blue")}
        setup = None
    elif other == "magic":
        ai_seat = ("red", "blue")[seed % 2]  # the seat that may cast
        makers = {"red": make_ai, "blue": make_ai}
        setup = ruleset.default_setup()
        setup.update(armies={"red": "bog-coven", "blue": "bog-coven"}, options={"magic": [ai_seat]})
    else:
        ai_seat = "red"
        makers = {"red": make_ai, "blue": make_him}
        setup = ruleset.default_setup()
        setup.update(him="blue", armies={"red": ARMIES[seed % 4], "blue": f"him:{level}"})
    g = play(ruleset, seed, makers, setup)
    outcome = "win" if ai_seat in g.result.winners else "draw" if not g.result.winners else "loss"
    st = g.state
    lost = {p: sum(u.points for u in st.units.values() if u.side == p and u.status == "removed") for p in st.sides}
    other_seat = next(p for p in st.sides if p != ai_seat)
    return {"seed": seed, "outcome": outcome, "army": st.sides[ai_seat].army, "versus": st.sides[other_seat].army,
            "scenario": st.scenario, "reason": g.result.reason, "vp": (st.sides[ai_seat].vp, st.sides[other_seat].vp),
            "lost": (lost[ai_seat], lost[other_seat])}


_RULESET: list[Hobgoblin] = []


def _ruleset() -> Hobgoblin:
    if not _RULESET:
        _RULESET.append(Hobgoblin())
    return _RULESET[0]


def _one(args: tuple[str, str, int]) -> dict[str, Any]:
    return one_game(*args)


def versus(ruleset: Hobgoblin, n: int, other: str, level: str = "", seed: int = 0, workers: int = 1,
           detail: bool = False) -> None:
    jobs = [(other, level, s) for s in range(seed, seed + n)]
    if workers > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            outcomes = pool.map(_one, jobs)
    else:
        outcomes = [_one(j) for j in jobs]
    results = collections.Counter(o["outcome"] for o in outcomes)
    if detail:
        for o in outcomes:
            print(f"  seed {o['seed']}: {o['outcome']:<4} {o['army']} v {o['versus']}, {o['scenario']}, "
                  f"VP {o['vp'][0]}-{o['vp'][1]}, points lost {o['lost'][0]}-{o['lost'][1]}: {o['reason']}")
        by = collections.defaultdict(collections.Counter)
        for o in outcomes:
            by[f"{o['army']} v {o['versus']}"][o["outcome"]] += 1
            by[o["scenario"]][o["outcome"]] += 1
        for key, c in sorted(by.items()):
            print(f"  {key}: {c['win']} W {c['draw']} D {c['loss']} L")
    name = {"random": "random play", "magic": "itself without magic (the caster's results)"}.get(
        other, f"Him ({level})")
    print(f"AI against {name}, seeds {seed}-{seed + n - 1}: {results['win']} wins, {results['draw']} draws, "
          f"{results['loss']} losses in {n} games ({100 * results['win'] / n:.1f}% won)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--skip", default="")
    parser.add_argument("--detail", action="store_true", help="a line per game and tallies by army and scenario")
    args = parser.parse_args()
    skip = set(args.skip.split(","))
    ruleset = _ruleset()
    print(machine())
    if "speed" not in skip:
        speed(ruleset, max(2, args.games // 4))
    if "random" not in skip:
        versus(ruleset, args.games, "random", seed=args.seed, workers=args.workers, detail=args.detail)
    if "him" not in skip:
        versus(ruleset, args.games, "him", "easy", seed=args.seed, workers=args.workers, detail=args.detail)
        versus(ruleset, args.games, "him", "normal", seed=args.seed, workers=args.workers, detail=args.detail)
    if "magic" not in skip:
        versus(ruleset, args.games, "magic", seed=args.seed, workers=args.workers, detail=args.detail)


if __name__ == "__main__":
    main()
