"""Per-ruleset speed table: every installed ruleset, AI v AI and random v random.

    python benchmarks/rulesets.py [--games N] [--ruleset NAME ...] [--option NAME=VALUE ...] [--json]

For each ruleset and pairing: games per second on one core (CPU time of this process,
so a busy machine skews it less than wall time), decisions per game, and microseconds per
decision split into the engine (rules, from the answer to the next decision) and the
agents (deciding). Seeds start at 1000, so figures compare across runs of the same code.
``--option heroes=4`` applies a ruleset's set-up option (as ``skirmish play RULESET --heroes 4``)
to its default set-up.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from skirmish import Game, Registry
from skirmish.agents import View
from skirmish.runner import agent_seed


def bench(registry: Registry, ruleset: str, agents: list[str], games: int, first_seed: int = 1000,
          options: dict[str, str] | None = None) -> dict[str, Any]:
    """Play ``games`` games and time engine and agents apart (CPU seconds)."""
    rs = registry.ruleset(ruleset)
    setup = rs.apply_options(rs.default_setup(), options) if options else None
    engine = agent = 0.0
    decisions = 0
    unfinished = 0
    clock = time.process_time
    for seed in range(first_seed, first_seed + games):
        t0 = clock()
        game = Game(rs, setup, seed=seed, keep_log=False)
        seats = {p: registry.make_agent(agents[i % len(agents)], rs, p, agent_seed(seed, i), game.players)
                 for i, p in enumerate(game.players)}
        t1 = clock()
        engine += t1 - t0
        limit = rs.max_decisions
        while game.pending is not None and game.decisions < limit:
            d = game.pending
            t0 = clock()
            answer = seats[d.player].decide(View(game, d.player), d)
            t1 = clock()
            game.answer(answer, d.player)
            t2 = clock()
            agent += t1 - t0
            engine += t2 - t1
        decisions += game.decisions
        unfinished += game.result is None
    total = engine + agent
    return {"ruleset": ruleset, "agents": ",".join(agents), "games": games,
            "games_per_second": games / total if total else float("inf"),
            "decisions_per_game": decisions / games,
            "us_per_decision": 1e6 * total / max(decisions, 1),
            "engine_us": 1e6 * engine / max(decisions, 1), "agent_us": 1e6 * agent / max(decisions, 1),
            "unfinished": unfinished}


def pairings(registry: Registry, ruleset: str) -> list[list[str]]:
    out = [["random"]]
    if ("ai", ruleset) in registry.agents:
        out.insert(0, ["ai"])
    return out


def table(rows: list[dict[str, Any]]) -> str:
    head = f"{'ruleset':<22}{'agents':<8}{'games/s':>9}{'dec/game':>10}{'us/dec':>9}{'engine':>9}{'agent':>9}"
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(f"{r['ruleset']:<22}{r['agents']:<8}{r['games_per_second']:>9.2f}"
                     f"{r['decisions_per_game']:>10.0f}{r['us_per_decision']:>9.0f}{r['engine_us']:>9.0f}"
                     f"{r['agent_us']:>9.0f}" + (f"  ({r['unfinished']} unfinished)" if r["unfinished"] else ""))
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--ruleset", action="append", default=[], help="only these (repeatable)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a set-up option of the ruleset, e.g. heroes=4 (repeatable)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.option if "=" in o)
    if len(options) != len(args.option):
        ap.error("--option takes NAME=VALUE")
    registry = Registry()
    names = args.ruleset or sorted(registry.rulesets)
    rows = []
    for name in names:
        for agents in pairings(registry, name):
            bench(registry, name, agents, 1, options=options)  # warm up (content loads, caches fill)
            rows.append(bench(registry, name, agents, args.games, options=options))
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    from run import machine

    print(f"machine: {machine()}")
    print(table(rows))


if __name__ == "__main__":
    main()
