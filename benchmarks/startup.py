"""Start-up and latency of the ``skirmish`` commands a player types (issue 24), against ``python -c "import click"``.

    python benchmarks/startup.py [--runs 7] [--instructions] [--only help,rulesets,play-chob-noggoth,...]
    python benchmarks/startup.py --latency 10     # the AI's answers in a CLI session, per ruleset
    python benchmarks/startup.py --workers 20     # simulate with 1 and 2 workers: their start-up, the speed-up

Each command runs in a fresh process: CPU time (user + system, median of ``--runs``) and, with
``--instructions``, machine instructions counted by valgrind (one run each; they do not move with the load).
``play R`` is measured to its first prompt: a small driver runs the real command with a standard input that
ends the process when the first line is read. ``replay`` replays the longest save the test suite writes (a
finished Hobgoblin game, AI v AI, seed 1: ``test_resume_determinism``), made here first with ``skirmish play``.

``PYTHONDONTWRITEBYTECODE`` is removed from the environment (a set-up that sets it recompiles every editable
module on each run) and every command runs once before it is measured, so ``.pyc`` files and the content cache
are warm, as they are for a player after the first game. ``--cold`` measures with an empty content cache instead.
Goals: ``--help`` and ``rulesets`` <= 1.5x import click; play to its first prompt and ``odds`` <= 3x; replay
<= 0.25 s whole command.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import machine  # noqa: E402

#: runs a skirmish command and ends the process when it first reads standard input (its first prompt)
TO_PROMPT = """
import os, sys
class _Stop:
    def isatty(self): return False
    def fileno(self): return 0
    def readline(self, *a):
        from skirmish import codecache
        codecache.save()  # what a whole session keeps at its end (nothing when it is there already)
        sys.stdout.flush(); os._exit(0)
    read = readline
sys.stdin = _Stop()
sys.argv = ["skirmish", *sys.argv[1:]]
from skirmish_cli.main import main
main()
"""

GOALS = {"help": 1.5, "rulesets": 1.5, "odds": 3.0, "play": 3.0}


def commands(work: Path) -> dict[str, list[str]]:
    py = sys.executable
    exe = shutil.which("skirmish", path=str(Path(py).parent)) or str(Path(py).parent / "skirmish")
    out = {
        "import click": [py, "-c", "import click"],
        "help": [exe, "--help"],
        "rulesets": [exe, "rulesets"],
        "odds": [exe, "odds", "chob-noggoth", "veteran-morale"],
    }
    for name in ("chob-noggoth", "hobgoblin", "goblin-uprising"):
        out[f"play-{name}"] = [py, "-c", TO_PROMPT, "play", name, "--players", "human,ai", "--seed", "1",
                               "--save", str(work / f"{name}.toml"), "--overwrite"]
    out["replay"] = [exe, "replay", str(work / "longest.toml")]
    return out


def cpu_of(cmd: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def instructions_of(cmd: list[str], env: dict[str, str]) -> int:
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          *cmd], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, check=False).stderr
    found = re.search(r"I\s+refs:\s+([\d,]+)", out)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count for {cmd}")
    return int(found.group(1).replace(",", ""))


def make_longest_save(path: Path, env: dict[str, str], exe: str) -> int:
    """The save of a whole Hobgoblin AI v AI game, seed 1 (the suite's longest); its number of answers."""
    subprocess.run([exe, "play", "hobgoblin", "--players", "ai,ai", "--seed", "1", "--save", str(path),
                    "--overwrite"], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True)
    import tomllib

    return len(tomllib.loads(path.read_text()).get("answers", []))


def ai_latency(ruleset: str, seeds: range, work: Path) -> str:
    """CPU time of the AI's answers in a CLI session (journal saves included) against a stand-in human (the
    random agent), over whole games: each answer, and each turn (the AI's answers between two of the human's)."""
    from skirmish import Game
    from skirmish_cli.registry import get_registry
    from skirmish_cli.session import Session, Terminal

    reg = get_registry()
    rs = reg.ruleset(ruleset)
    answers: list[float] = []
    turns: list[float] = []
    walls: list[float] = []
    for seed in seeds:
        game = Game(rs, None, seed=seed)
        seats = {p: "ai" if i % 2 else "random" for i, p in enumerate(game.players)}
        session = Session(reg, game, seats, work / f"latency-{ruleset}-{seed}.toml", terminal=Terminal([]))
        plain = session.agent_turn
        turn = [0.0, 0.0]

        def timed(player: str, plain: Any = plain, seats: dict[str, str] = seats, turn: list[float] = turn) -> None:
            t, w = time.process_time(), time.perf_counter()
            plain(player)
            spent = time.process_time() - t
            if seats[player] == "ai":
                answers.append(spent)
                turn[0] += spent
                turn[1] += time.perf_counter() - w
            elif turn[0]:
                turns.append(turn[0])
                walls.append(turn[1])
                turn[:] = [0.0, 0.0]

        session.agent_turn = timed  # type: ignore[method-assign]
        session.run()

    def figures(xs: list[float]) -> str:
        xs = sorted(xs)
        p95 = xs[min(len(xs) - 1, int(len(xs) * 0.95))]
        return f"median {statistics.median(xs) * 1000:.0f} ms, 95th percentile {p95 * 1000:.0f} ms, " \
               f"slowest {xs[-1] * 1000:.0f} ms"

    return (f"AI in human play, {ruleset} ({len(seeds)} games, seeds {seeds.start}-{seeds.stop - 1}): "
            f"each answer ({len(answers)}) {figures(answers)}; each turn ({len(turns)}) {figures(turns)}; "
            f"each turn in wall-clock time (saving included) {figures(walls)} (goal: median <= 200 ms)")


def workers(games: int, rounds: int) -> None:
    """``simulate chob-noggoth -n GAMES --players ai,ai`` with 1 and 2 workers, alternating: CPU (the command and its
    workers) and wall-clock time. With few games the CPU difference is what starting the workers costs; the wall
    ratio is the speed-up (meaningful only on two free cores: see the load)."""
    exe = shutil.which("skirmish", path=str(Path(sys.executable).parent)) or "skirmish"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
    for _ in range(rounds):
        for n in (1, 2):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            subprocess.run([exe, "simulate", "chob-noggoth", "-n", str(games), "--workers", str(n), "--players",
                            "ai,ai"], env=env, capture_output=True, check=True)
            wall = time.perf_counter() - t
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            out[n].append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall))
    for n, runs in out.items():
        cpu = statistics.median(c for c, _ in runs)
        wall = statistics.median(w for _, w in runs)
        print(f"simulate -n {games} --workers {n}: CPU {cpu:.2f} s, wall {wall:.2f} s (medians of {rounds})")
    extra = statistics.median(c for c, _ in out[2]) - statistics.median(c for c, _ in out[1])
    speed = statistics.median(w for _, w in out[1]) / statistics.median(w for _, w in out[2])
    print(f"two workers: {extra:+.2f} CPU-s against one (their start-up), wall-clock speed-up x{speed:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7, help="runs per command for the CPU-time median")
    ap.add_argument("--instructions", action="store_true", help="also count instructions with valgrind")
    ap.add_argument("--only", default="", help="comma list of the commands to measure (import click always)")
    ap.add_argument("--cold", action="store_true", help="empty content cache before every run")
    ap.add_argument("--latency", type=int, default=0, metavar="GAMES",
                    help="instead: the AI's answer time against a random stand-in human, per ruleset, over GAMES games")
    ap.add_argument("--workers", type=int, default=0, metavar="GAMES",
                    help="instead: simulate GAMES Chob-Noggoth games with 1 and 2 workers (start-up cost, speed-up)")
    args = ap.parse_args()
    if args.workers:
        print(f"machine: {machine()}; load average {os.getloadavg()[0]:.1f} at the start")
        workers(args.workers, max(1, args.runs // 2))
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
        return
    work = Path(tempfile.mkdtemp(prefix="skirmish-startup-"))
    if args.latency:
        print(f"machine: {machine()}; load average {os.getloadavg()[0]:.1f} at the start")
        for name in ("chob-noggoth", "hobgoblin", "goblin-uprising"):
            print(ai_latency(name, range(1000, 1000 + args.latency), work))
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
        shutil.rmtree(work, ignore_errors=True)
        return
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.setdefault("XDG_CACHE_HOME", str(work / "cache"))
    env["XDG_DATA_HOME"] = str(work / "data")  # autosaves and the like stay out of the user's folders
    cmds = commands(work)
    exe = cmds["help"][0]
    only = {"import click", *filter(None, args.only.split(","))}
    if args.only:
        cmds = {k: v for k, v in cmds.items() if k in only or k.split("-")[0] in only}
    print(f"machine: {machine()}; load average {os.getloadavg()[0]:.1f} at the start")
    if "replay" in cmds:
        n = make_longest_save(work / "longest.toml", env, exe)
        print(f"replay: a finished Hobgoblin game, AI v AI, seed 1, {n} answers")
    cache = Path(env["XDG_CACHE_HOME"]) / "skirmish"
    for cmd in cmds.values():  # compile .pyc and fill the content cache
        subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=False)
    results: dict[str, tuple[float, int | None]] = {}
    for name, cmd in cmds.items():
        times = []
        for _ in range(args.runs):
            if args.cold:
                shutil.rmtree(cache, ignore_errors=True)
            times.append(cpu_of(cmd, env))
        if args.cold:
            shutil.rmtree(cache, ignore_errors=True)
        count = instructions_of(cmd, env) if args.instructions else None
        results[name] = (statistics.median(times), count)
    base_t, base_i = results["import click"]
    for name, (t, count) in results.items():
        goal = GOALS.get(name.split("-")[0])
        line = f"{name:24} {t * 1000:6.0f} ms CPU  x{t / base_t:4.2f}"
        if count is not None and base_i:
            line += f"  {count / 1e6:7.0f} M instructions  x{count / base_i:4.2f}"
        if goal is not None:
            line += f"  (goal <= {goal:g}x)"
        elif name == "replay":
            line += "  (goal <= 0.25 s whole command)"
        print(line)
    print(f"load average {os.getloadavg()[0]:.1f} at the end; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
