"""Measure what a spell is worth to the casting AI: paired look-ahead from real casting decisions.

In AI-against-AI games (Bog Coven, its Wizard given the spell's allegiance, only that side casting) every time the
caster is offered the spell, the game is cloned twice: one copy casts it (on the target :mod:`.value` rates best),
the other stops casting (keeps the Mercury); both play on with fresh, identically seeded AIs to the end of the next
round (or the game). The difference of the two positions is the spell's realised net worth in points: units' points
times the share of their Courage not yet taken by Doom (0 once removed), own minus enemy, plus 8 points a Mercury
token and 30 a Fortune Card in hand (the AI's own prices). ``implied`` adds back what the Mercury was worth to the
AI (``mercury_worth`` x cost) and divides by 25 points a Doom: the Doom-equivalents :func:`.value.spell_value`
should give on average.

    python -m skirmish_hobgoblin.magic.measure --spell flicker --games 20 [--seed 0] [--rounds 2]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from skirmish import AgentContext, Game, View

#: spell id -> its allegiance (the seven spells the casting AI values by :mod:`.value`, and one valued exactly)
SPELLS = {"sightless-eyes": "Gomb", "polyceus-blessing": "Polyceus", "flicker": "Atare",
          "marble-forest": "Nebularis", "void-of-nebularis": "Nebularis", "by-my-will": "Iskalla",
          "raise-the-dead": "Iskalla",
          "mothers-blessing": "Mycena"}  # (a check of the method: its worth is worked out exactly)
MERCURY_POINTS, CARD_POINTS, POINTS_PER_DOOM = 8.0, 30.0, 25.0


def _setup(ruleset: Any, allegiance: str, caster: str) -> dict[str, Any]:
    from skirmish_hobgoblin.army import army_to_dict, find_army

    army = army_to_dict(find_army("bog-coven", ruleset.content))
    for u in army["units"]:
        if u.get("allegiance"):
            u["allegiance"] = allegiance
    other = "blue" if caster == "red" else "red"
    return {"players": ["red", "blue"], "armies": {caster: army, other: "bog-coven"}, "layout": "open-ground",
            "options": {"magic": [caster]}}


def position(game: Game, player: str) -> float:
    """Points still fighting (points x Courage left / Courage), own minus enemy, plus Mercury and cards."""
    state = game.state
    total = 0.0
    for u in state.units.values():
        if u.status == "removed":
            continue
        courage = max(1, u.courage + u.courage_bonus)
        left = u.points * max(0.0, 1 - min(u.doom, courage) / courage)
        total += left if state.allied(u.side, player) else -left
    for p, side in state.sides.items():
        sign = 1 if state.allied(p, player) else -1
        total += sign * (MERCURY_POINTS * side.mercury + CARD_POINTS * len(side.hand.cards))
    return total


def _play_on(game: Game, answer: Any, seed: int, until: int) -> Game:
    from skirmish_hobgoblin.agents import make_ai

    g = game.clone()
    agents = {p: make_ai(AgentContext(p, seed * 31 + i, g.ruleset, {}, g.players)) for i, p in enumerate(g.players)}
    g.answer(answer, g.pending.player)
    while g.pending is not None and g.round < until:
        d = g.pending
        g.answer(agents[d.player].decide(View(g, d.player), d), d.player)
    return g


def _best(player: str, game: Game, spell: str) -> Any:
    """The offered cast of ``spell`` the AI's valuation rates best (None when not offered)."""
    from skirmish_hobgoblin.magic import ai as magic_ai

    view = View(game, player)
    units = magic_ai._as_seen_by(player, {u["id"]: u for u in view.state.get("units", [])})
    hand = magic_ai._hand_size(view, player)
    casts = [o for o in game.pending.options if (getattr(o, "data", {}) or {}).get("spell") == spell]
    if not casts:
        return None
    return max(casts, key=lambda o: magic_ai.worth(player, dict(o.data), units, hand)[0])


def samples(spell: str, seed: int, rounds: int = 2, most: int = 3) -> list[dict[str, Any]]:
    """Up to ``most`` paired measurements from one game (seats alternate with the seed)."""
    from skirmish import Registry
    from skirmish_hobgoblin.agents import make_ai
    from skirmish_hobgoblin.magic import ai as magic_ai

    ruleset = Registry().ruleset("hobgoblin")
    caster = "red" if seed % 2 == 0 else "blue"
    game = Game(ruleset, _setup(ruleset, SPELLS[spell], caster), seed=seed, keep_log=False)
    agents = {p: make_ai(AgentContext(p, seed * 31 + i, ruleset, {}, game.players)) for i, p in enumerate(game.players)}
    out: list[dict[str, Any]] = []
    while game.pending is not None:
        d = game.pending
        if d.player == caster and d.kind == "cast" and len(out) < most:
            best = _best(caster, game, spell)
            if best is not None:
                until = game.round + rounds
                cast, keep = _play_on(game, best.value, seed, until), _play_on(game, "done", seed, until)
                net = position(cast, caster) - position(keep, caster)
                price = magic_ai.mercury_worth(View(game, caster), caster) * int(best.data.get("cost", 0))
                view = View(game, caster)
                units = magic_ai._as_seen_by(caster, {u["id"]: u for u in view.state.get("units", [])})
                guess = magic_ai.worth(caster, dict(best.data), units, magic_ai._hand_size(view, caster))[0]
                hit = [units[i] for i in best.data.get("affects", []) if i in units]
                out.append({"seed": seed, "round": game.round, "net": net, "implied": (net + price) / POINTS_PER_DOOM,
                            "guess": guess, "chosen": magic_ai.choose(caster, view, d) == best.value,
                            "mine": sum(1 for u in hit if u["side"] == caster),
                            "theirs": sum(1 for u in hit if u["side"] != caster),
                            "engaged": sum(1 for u in hit if u.get("engaged"))})
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return out


def _one(args: tuple[str, int, int]) -> list[dict[str, Any]]:
    return samples(*args)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spell", choices=sorted(SPELLS), action="append", required=True)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", help="append every sample to this file as JSON lines")
    a = parser.parse_args(argv)
    for spell in a.spell:
        start = time.process_time()
        jobs = [(spell, s, a.rounds) for s in range(a.seed, a.seed + a.games)]
        if a.workers > 1:
            from multiprocessing import Pool

            with Pool(a.workers) as pool:
                found = [x for xs in pool.map(_one, jobs) for x in xs]
        else:
            found = [x for job in jobs for x in _one(job)]
        if a.out:
            with open(a.out, "a", encoding="utf-8") as f:
                f.writelines(json.dumps({"spell": spell, **x}) + "\n" for x in found)
        if not found:
            print(f"{spell}: never offered in {a.games} games")
            continue
        net = [x["net"] for x in found]
        implied = [x["implied"] for x in found]
        se = statistics.stdev(implied) / len(implied) ** 0.5 if len(implied) > 1 else 0.0
        print(f"{spell}: {len(found)} casts in {a.games} games; net {statistics.mean(net):+.1f} points "
              f"(median {statistics.median(net):+.1f}); implied worth {statistics.mean(implied):.2f} +- {se:.2f} "
              f"Doom-eq; the guess {statistics.mean(x['guess'] for x in found):.2f}; the AI chose it "
              f"{sum(x['chosen'] for x in found)} times; {time.process_time() - start:.0f} s CPU (main process)")


if __name__ == "__main__":
    main()
