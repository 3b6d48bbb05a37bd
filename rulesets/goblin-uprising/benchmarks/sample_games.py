"""Where the CPU time of AI games goes, by sampling (no tracing overhead): self and inclusive shares per function.

    .venv/bin/python rulesets/goblin-uprising/benchmarks/sample_games.py --games 100 --heroes 4 \
        [--agent random] [--top 40]

Plays the games of ``benchmarks/rulesets.py --ruleset goblin-uprising --option heroes=N`` with a CPU-time interval
timer (``ITIMER_PROF``) that records the stack on each tick. Unlike cProfile it does not inflate code that makes
many small calls, so its shares are the ones to plan with (cProfile's call counts are the ones a busy machine
does not move). Unix only.
"""

from __future__ import annotations

import argparse
import collections
import signal
from types import FrameType

from profile_games import play

from skirmish import Registry


def _name(frame: FrameType) -> str:
    code = frame.f_code
    path = code.co_filename
    return f"{path.split('/src/')[-1] if '/src/' in path else path.rsplit('/', 1)[-1]}:{code.co_name}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--heroes", type=int, default=4)
    ap.add_argument("--agent", default="ai")
    ap.add_argument("--top", type=int, default=40)
    a = ap.parse_args()
    own: collections.Counter[str] = collections.Counter()
    inclusive: collections.Counter[str] = collections.Counter()
    modules: collections.Counter[str] = collections.Counter()

    def tick(signum: int, frame: FrameType | None) -> None:
        if frame is None:
            return
        name = _name(frame)
        own[name] += 1
        modules[name.rsplit(":", 1)[0]] += 1
        seen = set()
        while frame is not None:
            name = _name(frame)
            if name not in seen:
                seen.add(name)
                inclusive[name] += 1
            frame = frame.f_back

    registry = Registry()
    play(registry, a.heroes, 1, a.agent, first_seed=999)  # warm up: content loads, caches fill
    signal.signal(signal.SIGPROF, tick)
    signal.setitimer(signal.ITIMER_PROF, 0.001, 0.001)
    decisions = play(registry, a.heroes, a.games, a.agent)
    signal.setitimer(signal.ITIMER_PROF, 0, 0)
    n = max(1, sum(own.values()))
    print(f"{a.games} games, {decisions / a.games:.0f} decisions/game, {n} samples")
    for title, table in (("modules (self)", modules), ("functions (self)", own), ("functions (inclusive)", inclusive)):
        print(f"-- {title}")
        for name, k in table.most_common(a.top):
            print(f"{100 * k / n:5.1f}% {name}")


if __name__ == "__main__":
    main()
