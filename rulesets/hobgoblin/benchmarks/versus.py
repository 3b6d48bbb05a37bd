"""The AI's results game by game, written as JSON lines and tallied with Wilson intervals (printed, never asserted).

    python rulesets/hobgoblin/benchmarks/versus.py play MATCH --games N [--seed S] [--out FILE] [--old DIR]
    python rulesets/hobgoblin/benchmarks/versus.py tally FILE... [--by army,scenario,first,seat]

MATCH is ``him:easy``, ``him:normal`` or ``him:hardcore`` (the AI red on the four built-in armies in turn,
seed % 4; He blue on His list for the level, by the solo rules), ``random`` (the AI red in even seeds, blue in odd
ones; default set-up, scenario rolled), ``ai`` (AI v AI, the default armies swapped between the seats in odd
seeds) or ``old`` (the AI against the AI saved in ``--old DIR``, a copy of ``skirmish_hobgoblin/ai`` and
``agents.py`` made by ``snapshot``, seats and the default armies alternated: the new AI red in seeds 0, 1 mod 4).

    python rulesets/hobgoblin/benchmarks/versus.py snapshot DIR    # freeze the AI of this checkout for ``old``

``--ai DIR`` plays the AI's seat with a frozen AI instead of this checkout's (a baseline measured later);
``--level ai-easy|ai|ai-hard`` plays it at that level of play (``ai_levels``; default ``ai``);
``--set module:NAME=VALUE`` (repeatable) changes one of the AI's constants for the run (an experiment).

Games run in this one process (no workers), one line each as it ends, so a long run can be watched and cut short.
Each line also holds ``points``: the points of units in play at the end, the AI's seat first (His victory's count).
"""

from __future__ import annotations

import argparse
import collections
import importlib
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

from skirmish import AgentContext, Game, RandomAgent
from skirmish.runner import drive
from skirmish.studies import stats
from skirmish_hobgoblin.agents import make_ai
from skirmish_hobgoblin.rules import Hobgoblin

ARMIES = ["iron-grudge-hold", "red-howl-horde", "bog-coven", "sky-lancers"]
DEFAULT = ("iron-grudge-hold", "red-howl-horde")
OLD_PACKAGE = "hob_old_ai"


def wilson(k: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of ``k`` in ``n`` (core's :func:`skirmish.studies.stats.wilson`); (0, 1) for none."""
    return (0.0, 1.0) if n == 0 else stats.wilson(k, n)[1:]


def snapshot(folder: str) -> None:
    """Copy the AI (``ai/`` and ``agents.py``) into ``folder/hob_old_ai`` with its imports renamed."""
    import skirmish_hobgoblin

    src = Path(skirmish_hobgoblin.__file__).parent
    dest = Path(folder) / OLD_PACKAGE
    (dest / "ai").mkdir(parents=True, exist_ok=True)
    (dest / "__init__.py").write_text('"""A frozen copy of the Hobgoblin AI (benchmarks/versus.py)."""\n')
    files = [(src / "agents.py", dest / "agents.py")] + [(p, dest / "ai" / p.name) for p in (src / "ai").glob("*.py")]
    for a, b in files:
        text = a.read_text()
        text = re.sub(r"skirmish_hobgoblin\.ai\b", f"{OLD_PACKAGE}.ai", text)
        text = re.sub(r"skirmish_hobgoblin\.agents\b", f"{OLD_PACKAGE}.agents", text)
        text = re.sub(r"from skirmish_hobgoblin import ([^\n]*)\bai\b", rf"from {OLD_PACKAGE} import ai  # \1", text)
        b.write_text(text)
    print(f"saved the AI in {dest}")


def old_maker(folder: str) -> Any:
    sys.path.insert(0, folder)
    return importlib.import_module(f"{OLD_PACKAGE}.agents").make_ai


def _play(rs: Hobgoblin, seed: int, makers: dict[str, Any], setup: dict[str, Any] | None) -> Game:
    game = Game(rs, setup, seed=seed, keep_log=False)
    return drive(game, {p: makers[p](AgentContext(p, seed * 31 + i, rs, {}, game.players))
                        for i, p in enumerate(game.players)})


def one_game(rs: Hobgoblin, match: str, seed: int, old: Any = None, make_ai: Any = make_ai) -> dict[str, Any]:
    """One game; the outcome for the (new) AI's seat and what the tables are split by."""
    from skirmish_hobgoblin.him import make_him

    setup = rs.default_setup()
    if match.startswith("him:"):
        seat = "red"
        makers = {"red": make_ai, "blue": make_him}
        setup.update(him="blue", armies={"red": ARMIES[seed % 4], "blue": match})
    elif match == "random":
        seat = ("red", "blue")[seed % 2]
        makers = {p: make_ai if p == seat else RandomAgent for p in ("red", "blue")}
    elif match == "ai":
        seat = "red"
        makers = {"red": make_ai, "blue": make_ai}
        a, b = DEFAULT if seed % 2 == 0 else DEFAULT[::-1]
        setup.update(armies={"red": a, "blue": b})
    elif match == "old":
        seat = ("red", "blue")[(seed // 2) % 2]
        makers = {p: make_ai if p == seat else old for p in ("red", "blue")}
        a, b = DEFAULT if seed % 2 == 0 else DEFAULT[::-1]
        setup.update(armies={"red": a, "blue": b})
    else:
        raise SystemExit(f"no such match: {match}")
    t = time.process_time()
    g = _play(rs, seed, makers, setup)
    st = g.state
    other = next(p for p in st.sides if p != seat)
    winners = tuple(g.result.winners) if g.result is not None else ()
    return {"match": match, "seed": seed, "seat": seat,
            "outcome": "win" if seat in winners else "draw" if not winners else "loss",
            "winner": winners[0] if len(winners) == 1 else "", "army": st.sides[seat].army,
            "versus": st.sides[other].army, "scenario": st.scenario, "first": st.first,
            "half": st.sides[seat].half, "armies": {p: st.sides[p].army for p in st.sides},
            "vp": [st.sides[seat].vp, st.sides[other].vp], "rounds": g.round, "mercury": st.sides[seat].mercury,
            "reason": g.result.reason if g.result is not None else "",
            "points": [sum(u.points for u in st.units.values() if u.side == p and u.in_play) for p in (seat, other)],
            "cpu": round(time.process_time() - t, 2)}


def level_maker(level: str) -> Any:
    """The factory of the AI at ``level`` (``ai-easy``, ``ai`` or ``ai-hard``)."""
    if level == "ai":
        return make_ai
    from skirmish_hobgoblin import ai_levels

    return {"ai-easy": ai_levels.make_easy, "ai-hard": ai_levels.make_hard}[level]


def play(args: argparse.Namespace) -> None:
    rs = Hobgoblin()
    old = old_maker(args.old) if args.match == "old" else None
    mine = old_maker(args.ai) if args.ai else level_maker(args.level)
    for change in args.set:
        where, _, value = change.partition("=")
        module, _, name = where.partition(":")
        mod = importlib.import_module(module)
        setattr(mod, name, type(getattr(mod, name))(json.loads(value)))
    out = open(args.out, "a", encoding="utf-8") if args.out else sys.stdout  # noqa: SIM115
    try:
        for seed in range(args.seed, args.seed + args.games):
            out.write(json.dumps({**one_game(rs, args.match, seed, old, mine), "level": args.level}) + "\n")
            out.flush()
    finally:
        if out is not sys.stdout:
            out.close()


def _line(label: str, c: collections.Counter[str]) -> str:
    n = sum(c.values())
    lo, hi = wilson(c["win"], n)
    return f"| {label} | {c['win']}-{c['draw']}-{c['loss']} | {100 * c['win'] / max(1, n):.1f}% " \
           f"({100 * lo:.1f}-{100 * hi:.1f}%) |"


def tally(args: argparse.Namespace) -> None:
    games = [json.loads(ln) for f in args.files for ln in Path(f).read_text().splitlines() if ln.strip()]
    seeds = sorted(g["seed"] for g in games)
    print(f"{len(games)} games, seeds {seeds[0]}-{seeds[-1]}" if seeds else "no games")
    print("| games | won-drawn-lost | won (95% Wilson) |\n|---|---|---|")
    print(_line("all", collections.Counter(g["outcome"] for g in games)))
    for key in [k for k in args.by.split(",") if k]:
        by: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
        for g in games:
            value = g[key] if key != "first" else ("AI first" if g["first"] == g["seat"] else "AI second")
            by[f"{key} {value}"][g["outcome"]] += 1
        for label, c in sorted(by.items()):
            print(_line(label, c))
    if args.seats:  # AI v AI: by seat and by army, whoever won
        wins = collections.Counter(g["winner"] or "drawn" for g in games)
        army = collections.Counter(g["armies"][g["winner"]] if g["winner"] else "drawn" for g in games)
        first = collections.Counter(("first" if g["winner"] == g["first"] else "second") if g["winner"] else "drawn"
                                    for g in games)
        half = collections.Counter((g["half"] if g["winner"] == g["seat"] else "north" if g["half"] == "south"
                                    else "south") if g["winner"] else "drawn" for g in games)
        version = collections.Counter(("this AI" if g["winner"] == g["seat"] else "the other AI") if g["winner"]
                                      else "drawn" for g in games)
        pairing = collections.Counter(f"{g['armies'][g['winner']]} as {g['winner']}" if g["winner"] else "drawn"
                                      for g in games)
        n = len(games)
        for name, c in (("seat", wins), ("army", army), ("First Player token", first), ("half", half),
                        ("AI", version), ("army and seat", pairing)):
            parts = []
            for k, v in sorted(c.items()):
                lo, hi = wilson(v, n)
                parts.append(f"{k} {v} ({100 * v / n:.1f}%, {100 * lo:.1f}-{100 * hi:.1f}%)")
            print(f"won by {name}: " + ", ".join(parts))


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("match")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default="")
    p.add_argument("--old", default="")
    p.add_argument("--ai", default="", help="a frozen AI (snapshot DIR) for the AI's seat")
    p.add_argument("--level", default="ai", choices=["ai-easy", "ai", "ai-hard"], help="the AI's level of play")
    p.add_argument("--set", action="append", default=[], metavar="MODULE:NAME=VALUE")
    t = sub.add_parser("tally")
    t.add_argument("files", nargs="+")
    t.add_argument("--by", default="army,scenario")
    t.add_argument("--seats", action="store_true")
    s = sub.add_parser("snapshot")
    s.add_argument("folder")
    args = parser.parse_args()
    if args.cmd == "play":
        play(args)
    elif args.cmd == "tally":
        tally(args)
    else:
        snapshot(args.folder)


if __name__ == "__main__":
    main()
