"""Peak memory and wall time of a study at growing numbers of games (issue 28): is memory flat in N?

Runs ``skirmish simulate RULESET -n N --players random --workers W --json`` (and with ``--executor dask``)
and samples every process of the command's tree from /proc twice a second: the peak resident set
(VmHWM, the kernel's own high-water mark) of the command itself and of each worker process (local
workers; a Dask cluster's worker processes, which the command starts as its children). Appends one
JSON line per run to ``--out`` and prints a Markdown table.

    .venv/bin/python benchmarks/study_memory.py --ruleset goblin-uprising --games 1000 10000 \\
        --executors local dask --out benchmarks/study_memory.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIRMISH = Path(sys.executable).parent / "skirmish"


def _children(pid: int) -> list[int]:
    """Children made by any thread of ``pid`` (a Dask cluster spawns its workers from its event-loop thread)."""
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            continue
    return out


def _tree(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(_children(p))
    return out


def _status(pid: int) -> dict[str, int]:
    out = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmHWM", "VmRSS"):
                out[key] = int(value.split()[0])  # kB
    except (OSError, ValueError):
        pass
    return out


def _kind(pid: int, root: int) -> str:
    if pid == root:
        return "command"
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return "?"
    if "resource_tracker" in cmd:
        return "resource tracker"
    return "worker"


def measure(ruleset: str, n: int, executor: str, workers: int, seed: int, plugins: str = "") -> dict[str, object]:
    args = [str(SKIRMISH), "simulate", ruleset, "-n", str(n), "--players", "random", "--workers", str(workers),
            "--seed", str(seed), "--json", "--executor", executor]
    start = time.monotonic()
    env = dict(os.environ)
    if plugins:  # e.g. the CLI tests' tiny ruleset, whose games take microseconds: the machinery alone
        env.update(SKIRMISH_PLUGINS=plugins, PYTHONPATH=str(ROOT / "cli" / "tests"))
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    peaks: dict[int, tuple[str, int]] = {}
    loads = []
    while proc.poll() is None:
        for pid in _tree(proc.pid):
            hwm = _status(pid).get("VmHWM")
            if hwm is not None:
                kind = peaks[pid][0] if pid in peaks else _kind(pid, proc.pid)
                peaks[pid] = (kind, max(hwm, peaks.get(pid, ("", 0))[1]))
        loads.append(os.getloadavg()[0])
        time.sleep(0.5)
    out, err = proc.communicate()
    wall = time.monotonic() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({proc.returncode}): {err.strip()}")
    data = json.loads(out)
    worker_peaks = sorted(kb for kind, kb in peaks.values() if kind == "worker")
    return {"ruleset": ruleset, "games": n, "executor": executor, "workers": workers, "wall_s": round(wall, 1),
            "games_per_s": round(n / wall, 2),
            "command_peak_mb": round(max((kb for k, kb in peaks.values() if k == "command"), default=0) / 1024, 1),
            "worker_peaks_mb": [round(kb / 1024, 1) for kb in worker_peaks[-max(workers, 1):]],
            "load_mean": round(sum(loads) / len(loads), 1) if loads else None,
            "load_max": round(max(loads), 1) if loads else None, "finished": data["finished"],
            "when": time.strftime("%Y-%m-%d %H:%M:%S")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="goblin-uprising")
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--executors", nargs="+", default=["local", "dask"], choices=["local", "dask"])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plugins", default="", help="SKIRMISH_PLUGINS from cli/tests (e.g. tiny_ruleset)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "study_memory.jsonl")
    ns = parser.parse_args()
    rows = []
    print("| ruleset | games | executor | wall s | games/s | command peak MB | worker peaks MB | load |")
    print("|---|---|---|---|---|---|---|---|")
    for n in ns.games:
        for executor in ns.executors:
            row = measure(ns.ruleset, n, executor, ns.workers, ns.seed, ns.plugins)
            rows.append(row)
            with ns.out.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(row) + "\n")
            print(f"| {row['ruleset']} | {n:,} | {executor} | {row['wall_s']} | {row['games_per_s']} | "
                  f"{row['command_peak_mb']} | {', '.join(map(str, row['worker_peaks_mb']))} | "
                  f"{row['load_mean']} (max {row['load_max']}) |", flush=True)


if __name__ == "__main__":
    main()
