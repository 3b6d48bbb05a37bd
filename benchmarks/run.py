"""skirmish benchmarks: prints figures (never asserted in tests).

    python benchmarks/run.py [--games N] [--memory-games N] [--ruleset NAME] [--agents ai,ai] [--skip ...]

Reports the machine, then: start-up of ``skirmish --help`` and of the listing command
``skirmish rulesets`` against ``python -c "import click"`` (goals: ratios under 1.5 and 2),
exact dice-pool odds time, geometry operations per second, a table of every installed
ruleset (AI v AI and random v random games/s on one core, decisions per game, µs per
decision split engine/agent; see ``rulesets.py``), random-agent games per second of one
ruleset, and memory across many simulated games (goal: no growth).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time
import timeit
from pathlib import Path

HERE = Path(__file__).resolve().parent


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} cpus, Python {platform.python_version()}"


def startup(runs: int = 15) -> None:
    exe = shutil.which("skirmish") or str(Path(sys.executable).parent / "skirmish")

    def median(cmd: list[str]) -> float:
        times = []
        for _ in range(runs):
            t = time.perf_counter()
            subprocess.run(cmd, capture_output=True, check=True)
            times.append(time.perf_counter() - t)
        return statistics.median(times)

    base = median([sys.executable, "-c", "import click"])
    ours = median([exe, "--help"])
    listing = median([exe, "rulesets"])
    print(f"start-up: skirmish --help {ours * 1000:.0f} ms, python -c 'import click' {base * 1000:.0f} ms, "
          f"ratio {ours / base:.2f} (goal < 1.5)")
    print(f"listing: skirmish rulesets {listing * 1000:.0f} ms, ratio {listing / base:.2f} to import click (goal <= 2)")


def dice() -> None:
    from skirmish.dice import odds

    def fresh() -> object:
        odds._per_die_outcomes.cache_clear() if hasattr(odds, "_per_die_outcomes") else None
        return odds.pool_hits(10, 4, reroll="misses", extra_on_six=1)

    n = 2000
    t = timeit.timeit(lambda: odds.pool_hits(10, 4, reroll="misses", extra_on_six=1), number=n) / n
    t2 = timeit.timeit(lambda: odds.pool_hits(30, 5, reroll="ones"), number=200) / 200
    print(f"dice odds: 10-die pool, re-roll misses, extra hit on 6s: {t * 1e3:.3f} ms; 30-die pool: {t2 * 1e3:.3f} ms")


def geometry() -> None:
    script = HERE / "bench_geometry.py"
    if script.exists():
        out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
        for line in out.stdout.splitlines():
            if line.strip() and not line.startswith(("machine", "Machine", "#")):
                print(f"geometry: {line.strip()}")


def games(ruleset: str, n: int, agents: list[str]) -> None:
    from skirmish import Registry
    from skirmish.runner import play_one

    reg = Registry()
    reg.ruleset(ruleset)
    play_one(reg, ruleset, 0, agents)  # warm up
    t = time.perf_counter()
    decisions = rounds = 0
    for seed in range(n):
        record = play_one(reg, ruleset, seed, agents)
        decisions += record.decisions
        rounds += record.rounds
    dt = time.perf_counter() - t
    print(f"games: {n} games of {ruleset} ({' vs '.join(agents)}) in {dt:.2f} s = {n / dt:.1f} games/s "
          f"({decisions / n:.0f} decisions and {rounds / n:.1f} rounds per game, one process)")


def memory(ruleset: str, n: int) -> None:
    import tracemalloc

    from skirmish import Registry
    from skirmish.runner import play_one

    reg = Registry()
    tracemalloc.start()
    marks = {}
    checkpoints = {n // 10, n // 2, n}
    for seed in range(1, n + 1):
        play_one(reg, ruleset, seed, ["random"])
        if seed in checkpoints:
            gc.collect()
            marks[seed] = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    line = ", ".join(f"after {k} games {v / 1024:.0f} KiB" for k, v in sorted(marks.items()))
    first, last = marks[min(marks)], marks[max(marks)]
    print(f"memory: traced Python heap {line}; growth {(last - first) / 1024:+.0f} KiB; peak RSS {rss:.0f} MiB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--memory-games", type=int, default=10_000)
    ap.add_argument("--ruleset", default="tavern-brawl")
    ap.add_argument("--agents", default="random", help="comma list of agents seated in order (e.g. ai,ai)")
    ap.add_argument("--table-games", type=int, default=20, help="games per ruleset and pairing in the table")
    ap.add_argument("--skip", default="", help="comma list of: startup,dice,geometry,table,games,memory")
    args = ap.parse_args()
    skip = set(args.skip.split(","))
    print(f"machine: {machine()}")
    if "startup" not in skip:
        startup()
    if "dice" not in skip:
        dice()
    if "geometry" not in skip:
        geometry()
    if "table" not in skip:
        from rulesets import bench, pairings, table
        from skirmish import Registry

        reg = Registry()
        rows = []
        for name in sorted(reg.rulesets):
            for agents in pairings(reg, name):
                bench(reg, name, agents, 1)
                rows.append(bench(reg, name, agents, args.table_games))
        print(table(rows))
    if "games" not in skip:
        games(args.ruleset, args.games, args.agents.split(","))
    if "memory" not in skip:
        memory(args.ruleset, args.memory_games)


if __name__ == "__main__":
    main()
