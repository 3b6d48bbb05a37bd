"""Where one ruleset's games spend their CPU time, by sampling (no per-call cost, unlike cProfile).

    python benchmarks/sample_cpu.py --ruleset chob-noggoth --agent ai --games 20 [--top 40]

A CPU-time timer (``ITIMER_PROF``) interrupts every millisecond of CPU and the Python stack is recorded:
each function's *inclusive* share (it is on the stack) and *self* share (it is on top). One game is played
first (seed 999, not counted) so that imports and module caches are not charged to the games.
"""

from __future__ import annotations

import argparse
import collections
import signal
from types import FrameType

from rulesets import bench
from skirmish import Registry


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="chob-noggoth")
    ap.add_argument("--agent", default="ai")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--interval", type=float, default=0.001, help="seconds of CPU between samples")
    args = ap.parse_args()
    registry = Registry()
    bench(registry, args.ruleset, [args.agent], 1, first_seed=999)
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    samples = 0

    def tick(_signum: int, frame: FrameType | None) -> None:
        nonlocal samples
        samples += 1
        seen: set[str] = set()
        top = True
        while frame is not None:
            name = f"{frame.f_code.co_filename.rsplit('/', 1)[-1]}:{frame.f_code.co_name}"
            if top:
                own[name] += 1
                top = False
            if name not in seen:
                inclusive[name] += 1
                seen.add(name)
            frame = frame.f_back

    signal.signal(signal.SIGPROF, tick)
    signal.setitimer(signal.ITIMER_PROF, args.interval, args.interval)
    try:
        bench(registry, args.ruleset, [args.agent], args.games)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
    if not samples:
        raise SystemExit("no samples: play more games")
    print(f"{samples} samples of {args.interval * 1000:g} ms CPU")
    print(f"{'function':<50}{'inclusive':>10}{'self':>8}")
    for name, n in inclusive.most_common(args.top):
        print(f"{name:<50}{n / samples:>10.1%}{own[name] / samples:>8.1%}")
    print(f"\n{'largest self times':<50}{'self':>18}")
    for name, n in own.most_common(args.top // 2):
        print(f"{name:<50}{n / samples:>18.1%}")


if __name__ == "__main__":
    main()
