"""Instructions per game, counted by valgrind: a measure of speed that does not move with the machine's load.

    python benchmarks/instructions.py --ruleset chob-noggoth --agent ai --games 5 [--before DIR]

Plays games 1 and N of seeds 1000.. in two processes under ``valgrind --tool=cachegrind --cache-sim=no`` and
prints (instructions of N games - instructions of 1 game) / (N - 1): the cost of one game with the imports and
the first game's cache filling left out. ``--before DIR`` also runs the code of an older tree (``DIR`` is put
first on ``PYTHONPATH``, e.g. ``git archive`` of ``rulesets/chob-noggoth/src``), side by side, and prints the ratio.
Needs valgrind; about 50 times slower than a plain run. ``--split`` also counts the engine alone: the same games'
answers (recorded in a plain run of the tree) replayed without the agent, each decision's view read as an agent
would; the agent's share is the rest.

Counted runs use ``PYTHONHASHSEED=0`` and, where ``setarch`` exists, no address-space randomisation (``setarch -R``):
with both, two runs of the same code give the same count (without them, plain runs of identical code varied by 2-4%).
For a fair pair, give both trees the same way: ``--now DIR`` puts this tree's copy first on ``PYTHONPATH`` as
``--before`` does the older one (a tree found through ``PYTHONPATH`` and one found through the installed packages
differed by up to 4% on identical code).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

PLAY = """
import sys
from skirmish import Game, Registry
from skirmish.agents import View
from skirmish.runner import agent_seed
reg = Registry(); rs = reg.ruleset(sys.argv[1])
for seed in range(1000, 1000 + int(sys.argv[3])):
    game = Game(rs, None, seed=seed, keep_log=False)
    seats = {p: reg.make_agent(sys.argv[2], rs, p, agent_seed(seed, i), game.players)
             for i, p in enumerate(game.players)}
    while game.pending is not None and game.decisions < rs.max_decisions:
        d = game.pending
        game.answer(seats[d.player].decide(View(game, d.player), d), d.player)
"""

RECORD = PLAY.replace("game.answer(seats[d.player].decide(View(game, d.player), d), d.player)",
                      "a = seats[d.player].decide(View(game, d.player), d); out.append(a); game.answer(a, d.player)"
                      ).replace("reg = Registry()", "import pickle; out = []; reg = Registry()") + """
pickle.dump(out, open(sys.argv[4], "wb"))
"""

REPLAY = """
import pickle, sys
from skirmish import Game, Registry
from skirmish.agents import View
reg = Registry(); rs = reg.ruleset(sys.argv[1])
answers = iter(pickle.load(open(sys.argv[4], "rb")))
for seed in range(1000, 1000 + int(sys.argv[3])):
    game = Game(rs, None, seed=seed, keep_log=False)
    while game.pending is not None and game.decisions < rs.max_decisions:
        d = game.pending
        View(game, d.player).state  # what an agent reads
        game.answer(next(answers), d.player)
"""




def warm(ruleset: str, agent: str, path: str | None) -> None:
    """Fill the tree's caches on disk (bytecode, the parsed content, attrs' generated code) by playing a game plainly
    before counting: a run that finds them cold pays for them, and one of a pair started after its partner wrote
    them would not, which made the difference of the two runs (the cost per game) come out about 18 M too low (or
    high) for a fresh tree."""
    env = {**_env(path)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-c", PLAY, ruleset, agent, "1"], env=env, check=True)  # one game, plainly


def _env(path: str | None) -> dict[str, str]:
    # the counted runs write nothing to the caches (see :func:`warm`)
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED", "0")}
    if path:
        env["PYTHONPATH"] = path + os.pathsep + env.get("PYTHONPATH", "")
    return env


def record(ruleset: str, agent: str, games: int, path: str | None, file: str) -> None:
    """Play ``games`` games plainly and keep every answer in ``file`` (for :data:`REPLAY`)."""
    subprocess.run([sys.executable, "-c", RECORD, ruleset, agent, str(games), file], env=_env(path), check=True)


def count(ruleset: str, agent: str, games: int, path: str | None, replay: str = "") -> int:
    """Instructions of one process playing ``games`` games (``path`` first on PYTHONPATH); with ``replay`` (a
    file of answers) the engine alone replays them."""
    script, extra = (REPLAY, [replay]) if replay else (PLAY, [])
    fixed = ["setarch", platform.machine(), "-R"] if shutil.which("setarch") else []  # the same addresses each run
    out = subprocess.run([*fixed, "valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          sys.executable, "-c", script, ruleset, agent, str(games), *extra],
                         env=_env(path), capture_output=True, text=True, check=True).stderr
    found = re.search(r"I\s+refs:\s+([\d,]+)", out)
    if found is None:
        raise SystemExit("valgrind printed no instruction count")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="chob-noggoth")
    ap.add_argument("--agent", default="ai")
    ap.add_argument("--games", type=int, default=5, help="games in the long run (at least 2)")
    ap.add_argument("--before", help="an older tree's source directory, put first on PYTHONPATH")
    ap.add_argument("--now", help="this tree's source directory the same way (a fair pair with --before)")
    ap.add_argument("--split", action="store_true", help="also count the engine alone (the answers replayed)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    if args.games < 2:
        raise SystemExit("--games must be at least 2")
    now = str(Path(args.now).resolve()) if args.now else None
    trees = {"now": now} if not args.before else {"before": str(Path(args.before).resolve()), "now": now}
    for path in trees.values():
        warm(args.ruleset, args.agent, path)
    jobs = [(name, n, "") for name in trees for n in (1, args.games)]
    with tempfile.TemporaryDirectory() as tmp:
        if args.split:
            for name in trees:
                file = os.path.join(tmp, f"{name}.answers")
                record(args.ruleset, args.agent, args.games, trees[name], file)
                jobs += [(name + " engine", n, file) for n in (1, args.games)]
        with ThreadPoolExecutor(max_workers=2) as pool:
            counts = dict(zip([job[:2] for job in jobs], pool.map(
                lambda job: count(args.ruleset, args.agent, job[1], trees[job[0].split()[0]], job[2]), jobs),
                strict=True))
    names = list(dict.fromkeys(job[0] for job in jobs))
    per = {name: (counts[(name, args.games)] - counts[(name, 1)]) / (args.games - 1) for name in names}
    for name, value in per.items():
        print(f"{name:14}{args.ruleset} {args.agent}: {value / 1e6:,.1f} M instructions per game "
              f"(seeds 1001-{1000 + args.games - 1}); first game with imports {counts[(name, 1)] / 1e6:,.0f} M")
        if name.endswith(" engine"):
            print(f"{name.split()[0] + ' agent':14}{args.ruleset} {args.agent}: "
                  f"{(per[name.split()[0]] - value) / 1e6:,.1f} M instructions per game (the rest)")
    if "before" in per:
        print(f"ratio now / before: {per['now'] / per['before']:.4f}")


if __name__ == "__main__":
    main()
