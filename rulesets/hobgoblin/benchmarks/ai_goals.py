"""The AI in the narrative scenarios and in team play (printed, never asserted).

    python rulesets/hobgoblin/benchmarks/ai_goals.py narrative [--games N] [--seed S] [--workers W]
        [--scenarios the-chasm,...] [--against ai|random] [--role both|attacker|defender] [--blind]
    python rulesets/hobgoblin/benchmarks/ai_goals.py teams [--games N] [--seed S] [--workers W]
        [--against random|blind|random-blind]

Narrative: default armies and layout, the scenario named; red attacks in even seeds, blue in odd ones (so each
army attacks half the games). ``--against random``: red attacks; the AI is red (the Attacker) in the first half
of the seeds and blue (the Defender) in the second (``--role attacker`` / ``defender``: in all of them).
``--blind``: the AI plays without :mod:`skirmish_hobgoblin.narrative.ai` (the
battle AI alone, as before it).

Teams: ``--teams 2v2`` games (random armies, two rolled objectives, or ``--objectives a,b``); the AI team is red
in even seeds, blue in odd ones; against ``random`` seats or the same AI ignoring the team objectives
(``blind``); ``random-blind``: the AI team itself ignores them, against random seats (the figure before
teams/ai.py). ``--ignore a,b``: every AI seat weighs those objectives as not in play (an ablation).
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import time
from typing import Any

from skirmish import AgentContext, Game, RandomAgent, View
from skirmish.errors import IllegalAnswer
from skirmish_hobgoblin.agents import make_ai
from skirmish_hobgoblin.rules import Hobgoblin

RULESET: Hobgoblin | None = None


def _ruleset() -> Hobgoblin:
    global RULESET
    if RULESET is None:
        RULESET = Hobgoblin()
    return RULESET


def _play(setup: dict[str, Any], seed: int, makers: dict[str, Any]) -> Game:
    rs = _ruleset()
    game = Game(rs, setup, seed=seed, keep_log=False)
    agents = {p: makers[p](AgentContext(p, seed * 31 + i, rs, {}, game.players)) for i, p in enumerate(game.players)}
    while game.pending is not None:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return game


def _blind_ai(ctx: AgentContext) -> Any:
    """The AI with the expansions' goals (narrative scenarios, team objectives) switched off for this seat."""
    return make_ai(AgentContext(ctx.player, ctx.seed, ctx.ruleset, {**ctx.options, "expansion_goals": False},
                                ctx.players))


MAKERS = {"ai": make_ai, "random": RandomAgent, "blind": _blind_ai}


def narrative_game(args: tuple[str, int, str, str, bool]) -> dict[str, Any]:
    scenario, seed, red, blue, halves = args
    attacker = ("red" if seed % 2 == 0 else "blue") if not halves else "red"  # against random: red attacks
    setup = {**_ruleset().default_setup(), "scenario": scenario, "attacker": attacker}
    t = time.process_time()
    game = _play(setup, seed, {"red": MAKERS[red], "blue": MAKERS[blue]})
    res = game.result
    winners = tuple(res.winners) if res is not None else ()
    extra = {}
    stash = game.stash.get("hobgoblin-narrative", {})
    if scenario == "the-fortress":
        extra["weak_doom"] = sum(stash.get("doom", {}).values())
        extra["broken"] = sum(1 for v in stash.get("doom", {}).values() if v >= 7)
    return {"seed": seed, "attacker": attacker, "agents": {"red": red, "blue": blue}, "winners": winners,
            "rounds": game.round, "reason": res.reason if res is not None else "", "cpu": time.process_time() - t,
            **extra}


def team_game(args: tuple[int, str, str, str]) -> dict[str, Any]:
    seed, against, objectives, ignore = args
    import os

    from skirmish_hobgoblin.teams import ai as team_goals
    from skirmish_hobgoblin.teams.setup import apply_teams

    if os.environ.get("AI_GOALS_NO_CLOSE_IN"):  # an experiment: without the pull towards the nearest enemy
        team_goals.CLOSE_IN = 0.0
    team_goals.IGNORED.clear()
    team_goals.IGNORED.update(o for o in ignore.split(",") if o)

    setup = apply_teams({"layout": "cavern-crossing"}, "2v2")
    if objectives:
        setup["objectives"] = objectives.split(",")
    ai_team = "red" if seed % 2 == 0 else "blue"
    mine = MAKERS["blind"] if against == "random-blind" else make_ai
    makers = {p: (mine if p.startswith(ai_team) else MAKERS[against.replace("-blind", "")]) for p in setup["players"]}
    t = time.process_time()
    try:
        game = _play(setup, seed, makers)
    except IllegalAnswer as err:  # an AI answer the rules refuse: counted apart, reported
        return {"seed": seed, "error": str(err)}
    res = game.result
    ticks = {k: v for k, v in game.state.notes.items() if str(k).startswith(("tick:", "objective:"))}
    removed = collections.Counter(game.state.team_of(m.owner) for m in game.state.markers
                                  if m.kind == "ruination" and m.removed)
    return {"seed": seed, "ai_team": ai_team, "winners": tuple(res.winners) if res is not None else (),
            "draw": bool(res is not None and not res.winners), "ticks": ticks, "removed": dict(removed),
            "vp": {t: game.state.sides[ps[0]].vp for t, ps in game.state.teams.items()},
            "cpu": time.process_time() - t}


def _run(fn: Any, jobs: list[Any], workers: int) -> list[dict[str, Any]]:
    if workers <= 1:
        return [fn(j) for j in jobs]
    with multiprocessing.Pool(workers) as pool:
        return list(pool.imap(fn, jobs))


def narrative(opts: argparse.Namespace) -> None:
    seeds = range(opts.seed, opts.seed + opts.games)
    for sc in opts.scenarios.split(","):
        if opts.against == "random":
            half = {"both": opts.games // 2, "attacker": opts.games, "defender": 0}[opts.role]
            ai = "blind" if opts.blind else "ai"
            jobs = [(sc, s, ai if i < half else "random", "random" if i < half else ai, True)
                    for i, s in enumerate(seeds)]
        else:
            ai = "blind" if opts.blind else "ai"
            jobs = [(sc, s, ai, ai, False) for s in seeds]
        out = _run(narrative_game, jobs, opts.workers)
        by: collections.Counter[str] = collections.Counter()
        for r in out:
            role_of = {r["attacker"]: "Attacker"}
            win = "draw" if not r["winners"] else role_of.get(r["winners"][0], "Defender")
            agent = r["agents"][r["attacker"]].replace("blind", "ai")
            by[f"{agent} attacking: {win}"] += 1
        cpu = sum(r["cpu"] for r in out)
        extra = ""
        if sc == "the-fortress":
            extra = (f"; Weak Point Doom {sum(r['weak_doom'] for r in out)}, Broken "
                     f"{sum(r['broken'] for r in out)}")
        won = [r["seed"] for r in out if r["winners"] and r["winners"][0] == r["attacker"]]
        print(f"{sc}: {len(out)} games, seeds {opts.seed}-{opts.seed + opts.games - 1}: "
              + ", ".join(f"{k} {v}" for k, v in sorted(by.items())) + extra
              + f" ({cpu / len(out):.1f} s CPU a game); the Attacker won seeds {won}", flush=True)


def teams(opts: argparse.Namespace) -> None:
    jobs = [(s, opts.against, opts.objectives, opts.ignore) for s in range(opts.seed, opts.seed + opts.games)]
    out = _run(team_game, jobs, opts.workers)
    for r in out:
        if "error" in r:
            print(f"seed {r['seed']}: an AI answer was refused: {r['error']}", flush=True)
    out = [r for r in out if "error" not in r]
    won = sum(1 for r in out if r["winners"] and r["winners"][0] == r["ai_team"])
    draws = sum(1 for r in out if r["draw"])
    ticks: collections.Counter[str] = collections.Counter()
    for r in out:
        other = "blue" if r["ai_team"] == "red" else "red"
        for k, v in r["ticks"].items():
            if k.startswith("tick:"):
                _, oid, team = k.split(":")
                ticks[f"{oid} {'ai' if team == r['ai_team'] else opts.against}"] += v
        ticks["ruination removed ai"] += r["removed"].get(r["ai_team"], 0)
        ticks[f"ruination removed {opts.against}"] += r["removed"].get(other, 0)
        for k in r["ticks"]:
            if k.startswith("objective:"):
                ticks["games with " + k.split(":", 1)[1]] += 1
        ticks["vp ai"] += r["vp"][r["ai_team"]]
        ticks[f"vp {opts.against}"] += r["vp"][other]
    cpu = sum(r["cpu"] for r in out)
    what = (f" objectives {opts.objectives}" if opts.objectives else "") + \
        (f" (the AI ignoring {opts.ignore})" if opts.ignore else "")
    seeds = f"seeds {opts.seed}-{opts.seed + opts.games - 1}"
    print(f"teams 2v2{what}, AI team v {opts.against}, {len(out)} games, {seeds}: "
          f"AI team {won} wins, {draws} draws, {len(out) - won - draws} losses; "
          + ", ".join(f"{k} {v}" for k, v in sorted(ticks.items())) + f" ({cpu / len(out):.1f} s CPU a game)",
          flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["narrative", "teams"])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--scenarios", default="the-chasm,the-fortress,the-breach")
    ap.add_argument("--against", default="")
    ap.add_argument("--blind", action="store_true")
    ap.add_argument("--role", choices=["both", "attacker", "defender"], default="both")
    ap.add_argument("--objectives", default="", help="teams: the objectives in play (default: two rolled)")
    ap.add_argument("--ignore", default="", help="teams: objectives every AI seat weighs as not in play")
    opts = ap.parse_args()
    if opts.what == "narrative":
        opts.against = opts.against or "ai"
        narrative(opts)
    else:
        opts.against = opts.against or "random"
        teams(opts)


if __name__ == "__main__":
    main()
