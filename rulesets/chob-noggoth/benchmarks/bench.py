"""Chob-Noggoth speed: games per CPU-second, AI v AI and random v random (seeds from 1000).

    .venv/bin/python rulesets/chob-noggoth/benchmarks/bench.py [--games N] [--option NAME=VALUE ...] [--json]

The figures of ``benchmarks/rulesets.py --ruleset chob-noggoth`` (one process; CPU time, so a busy machine skews
them less than wall time; say the load when you quote them). Before/after comparisons on a busy machine:
``benchmarks/alternate.py BEFORE_SRC AFTER_SRC --ruleset chob-noggoth``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))

from rulesets import main  # noqa: E402  (the shared benchmark, found through the path above)

if __name__ == "__main__":
    sys.argv[1:1] = ["--ruleset", "chob-noggoth"]
    main()
