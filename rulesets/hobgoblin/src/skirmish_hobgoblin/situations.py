"""Named situations for ``skirmish odds hobgoblin``: attacks set up as small battles on a real table.

Each situation builds a game with the units placed edge to edge (the same set-up format as ``--setup``),
then asks the playing code everything: the dice (:func:`stats.combat_dice`, :func:`stats.shooting_dice`
and the outmanoeuvring caps of :func:`measuring.dice_cap`), the number each die needs
(:func:`attacks.target_number`: the chart, Devastating Charge, Cover...), the Doom the hits place
(:func:`attacks.doom_from_hits`: Tough, the shooting cap) and the Doom at which the target breaks
(:func:`stats.break_point`: Courage, Command, the Courage lost to enemies on its flank or rear).
The exact table is :func:`explain.attack_odds`; the sampler rolls the dice and counts them with
:func:`attacks.count_hits`.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from typing import Any

from skirmish import Situation

NAME = "hobgoblin"
MM = 1 / 25.4
#: every unit here is 150 x 60 mm (the types' default footprint)
WIDTH, DEPTH = 150 * MM, 60 * MM

#: name -> (title, attacker type, target type, where the attacker touches the target, kind, outcome)
SITUATIONS: dict[str, tuple[str, str, str, str, str, str]] = {
    "heavy-cavalry-charges-flank": (
        "Heavy Cavalry charges Light Infantry in the flank (Devastating Charge after advancing)",
        "heavy-cavalry", "light-infantry", "flank", "combat", "doom"),
    "heavy-cavalry-charges-flank-broken": (
        "Heavy Cavalry charges Light Infantry in the flank: is the infantry Broken after it?",
        "heavy-cavalry", "light-infantry", "flank", "combat", "broken"),
    "heavy-cavalry-charges-front": (
        "Heavy Cavalry charges Light Infantry head on (Devastating Charge after advancing)",
        "heavy-cavalry", "light-infantry", "front", "combat", "doom"),
    "light-infantry-strikes-back-from-the-flank": (
        "Light Infantry hit in the flank fights back at the Heavy Cavalry (dice capped on a side edge)",
        "light-infantry", "heavy-cavalry", "flanked", "combat", "doom"),
    "heavy-infantry-attacked-in-the-rear": (
        "Light Infantry attacks Heavy Infantry in the rear: is the Heavy Infantry Broken after it?",
        "light-infantry", "heavy-infantry", "rear", "combat", "broken"),
    "ranged-infantry-shoots-into-cover": (
        "Ranged Infantry shoots Light Infantry behind cover",
        "ranged-infantry", "light-infantry", "cover", "shooting", "doom"),
}


@lru_cache(maxsize=1)
def _ruleset() -> Any:
    from skirmish_hobgoblin.rules import Hobgoblin

    return Hobgoblin()


def _unit(name: str, kind: str, x: float, y: float, facing: float, doom: int = 0) -> dict[str, Any]:
    return {"type": kind, "name": name, "x": x, "y": y, "facing": facing, "doom": doom}


def _placement(attacker: str, target: str, where: str, doom: int) -> tuple[list[dict], list[dict], list[dict]]:
    """Red units, blue units and terrain pieces: the target faces east at (36, 24), the attacker touches it."""
    tgt = _unit("Target", target, 36.0, 24.0, 0.0, doom)
    if where == "flank":  # the attacker's front edge on the target's left (north) side edge
        atk = _unit("Attacker", attacker, 36.0, 24.0 + WIDTH / 2 + DEPTH / 2, 270.0)
        return [atk], [tgt], []
    if where == "flanked":  # the target is the one on the flank: the attacker's side faces the target's front
        atk = _unit("Attacker", attacker, 36.0, 24.0, 0.0)
        tgt = _unit("Target", target, 36.0, 24.0 + WIDTH / 2 + DEPTH / 2, 270.0, doom)
        return [atk], [tgt], []
    if where == "rear":  # the attacker's front edge on the target's rear edge
        atk = _unit("Attacker", attacker, 36.0 - DEPTH, 24.0, 0.0)
        return [atk], [tgt], []
    if where == "front":
        atk = _unit("Attacker", attacker, 36.0 + DEPTH, 24.0, 180.0)
        return [atk], [tgt], []
    # "cover": 12" away facing the target, a low wall (Obscuring) in between
    atk = _unit("Attacker", attacker, 36.0 + 12.0, 24.0, 180.0)
    wall = {"name": "Wall", "rect": [36.0 + 4.0, 24.0, 8.0, 1.0, 0.0], "keywords": ["Obscuring"]}
    return [atk], [tgt], [wall]


def _army(units: list[dict[str, Any]], name: str) -> dict[str, Any]:
    listed = [{"type": u["type"], "name": u["name"], "width": 150, "depth": 60, "keywords": [],
               "general": False, "battle_standard": False} for u in units]
    # the General and Battle Standard stand far away, out of every Command range
    listed.append({"type": "light-infantry", "name": "Captain", "width": 150, "depth": 60, "keywords": [],
                   "general": True, "battle_standard": True})
    return {"name": name, "points": 20000, "units": listed}


def battle(name: str, doom: int = 0, advanced: int = 6) -> Any:
    """The game of situation ``name``: every unit placed, stopped at its first decision; ``advanced``: inches the
    attacker advanced this activation (Devastating Charge needs enough of them)."""
    from skirmish import Game

    _, attacker, target, where, _, _ = SITUATIONS[name]
    red, blue, pieces = _placement(attacker, target, where, doom)
    positions = {side: {u["name"]: {k: u[k] for k in ("x", "y", "facing", "doom")} for u in units}
                 for side, units in (("red", red), ("blue", blue))}
    positions["red"]["Captain"] = {"x": 6.0, "y": 4.0, "facing": 90.0, "doom": 0}
    positions["blue"]["Captain"] = {"x": 66.0, "y": 44.0, "facing": 270.0, "doom": 0}
    setup = {"players": ["red", "blue"], "armies": {"red": _army(red, "Red"), "blue": _army(blue, "Blue")},
             "points": 20000, "scenario": "bloodbath", "first": "red", "positions": positions,
             "layout": {"pieces": pieces}}
    game = Game(_ruleset(), setup, seed=1)
    attacker_unit = _named(game, "Attacker")
    attacker_unit.advanced = float(advanced)
    return game


def _named(game: Any, name: str) -> Any:
    return next(u for u in game.state.units.values() if u.name == name)


@lru_cache(maxsize=64)
def _attack(name: str, doom: int, advanced: int) -> tuple[Any, int, int, bool]:
    """The game, the dice, the number needed and cover of situation ``name`` (from the playing code)."""
    from skirmish_hobgoblin import attacks, measuring, stats, turns

    game = battle(name, doom, advanced)
    a, t = _named(game, "Attacker"), _named(game, "Target")
    kind = SITUATIONS[name][4]
    if kind == "shooting":
        cover = measuring.in_cover(game.state, a, t)
        return game, stats.shooting_dice(a), attacks.target_number(game, a, t, attacks.SHOOTING, cover=cover), cover
    dice = measuring.dice_cap(a, t, stats.combat_dice(a), *turns._caps(game))
    return game, dice, attacks.target_number(game, a, t, attacks.COMBAT), False


def _kind(name: str) -> str:
    from skirmish_hobgoblin import attacks

    return attacks.SHOOTING if SITUATIONS[name][4] == "shooting" else attacks.COMBAT


def _outcome(name: str, game: Any, doom: int) -> Any:
    """The situation's outcome for ``doom`` placed on the target: the Doom, or whether it is Broken."""
    if SITUATIONS[name][5] == "doom":
        return doom
    return "Broken" if doom >= _room(game) else "holds"


@lru_cache(maxsize=64)
def _room(game: Any) -> int:
    """Doom the target can still take before it is Broken (its break point, Courage and outmanoeuvring included)."""
    from skirmish_hobgoblin import stats

    t = _named(game, "Target")
    return stats.break_point(game, t) - t.doom


def _exact_for(name: str) -> Any:
    def exact(p: dict[str, int]) -> dict[Any, Fraction]:
        from skirmish_hobgoblin.explain import attack_odds

        game, dice, _, cover = _attack(name, p["doom"], p["advanced"])
        out: dict[Any, Fraction] = {}
        a, t = _named(game, "Attacker"), _named(game, "Target")
        for doom, q in attack_odds(game, a, t, dice, _kind(name), cover).items():
            key = _outcome(name, game, doom)
            out[key] = out.get(key, Fraction(0)) + q
        return dict(sorted(out.items(), key=lambda kv: str(kv[0]).zfill(3)))

    return exact


def _sample_for(name: str) -> Any:
    def sample(rng: random.Random, p: dict[str, int]) -> Any:
        from skirmish_hobgoblin import attacks

        game, dice, need, cover = _attack(name, p["doom"], p["advanced"])
        a, t = _named(game, "Attacker"), _named(game, "Target")
        atk = attacks.Attack(a.id, t.id, dice, _kind(name), "odds", need=need, cover=cover,
                             rolls=[rng.randint(1, 6) for _ in range(dice)])
        doom, _ = attacks.doom_from_hits(game, t, attacks.count_hits(game, atk), atk.kind)
        return _outcome(name, game, doom)

    return sample


def situations() -> list[Situation]:
    out = []
    for name, (title, _, _, _, _, outcome) in SITUATIONS.items():
        what = "Doom placed" if outcome == "doom" else "target Broken"
        out.append(Situation(NAME, name, f"{title}: {what}", _exact_for(name), _sample_for(name),
                             {"doom": 0, "advanced": 6}, what))
    return out
