"""Named situations for ``skirmish odds chob-noggoth``: exact from :mod:`skirmish_chob_noggoth.odds`,
sampled with the per-die rules :func:`~skirmish_chob_noggoth.attacks.attack` rolls with."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from typing import Any

from skirmish import Situation

NAME = "chob-noggoth"


@lru_cache(maxsize=1)
def _content() -> Any:
    from skirmish_chob_noggoth.rules import ChobNoggoth

    return ChobNoggoth().content


def _attack_exact(p: dict[str, int]) -> dict[Any, Fraction]:
    from skirmish_chob_noggoth import odds

    dist = odds.attack_odds(p["dice"], p["hit"], p["modifier"], p["critical"], p["save"], p["hardened"])
    return dict(odds.wounds_odds(dist).items())


def _attack_sample(rng: random.Random, p: dict[str, int]) -> int:
    """One attack as :func:`attack` resolves it: each die by ``die_result``; criticals wound, each other
    hit allows one save by ``save_holds``."""
    from skirmish_chob_noggoth.odds import CRITICAL, HIT, die_result, save_holds

    wounds = 0
    for _ in range(p["dice"]):
        result = die_result(rng.randint(1, 6), p["hit"], p["modifier"], p["critical"])
        if result == CRITICAL or result == HIT and not save_holds(rng.randint(1, 6), p["save"], p["hardened"]):
            wounds += 1
    return wounds


def _morale_exact(p: dict[str, int]) -> dict[Any, Fraction]:
    from skirmish_chob_noggoth import odds

    held = odds.morale_holds(p["dice"], p["pass_on"])
    return {"holds": held, "flees": 1 - held}


def _morale_sample(rng: random.Random, p: dict[str, int]) -> str:
    return "holds" if any(rng.randint(1, 6) >= p["pass_on"] for _ in range(p["dice"])) else "flees"


def _attack(name: str, title: str, attacker_quality: str, attacker_type: str, target_type: str, *,
            ranged: bool, cover: bool) -> Situation:
    c = _content()
    t = c.types[attacker_type]
    params = {"dice": c.quality(attacker_quality).attack_dice, "hit": t.ranged_hit if ranged else t.melee_hit,
              "modifier": -c.combat.cover_penalty if cover else 0, "critical": c.combat.critical,
              "save": c.types[target_type].save, "hardened": 0}
    return Situation(NAME, name, title, _attack_exact, _attack_sample, params, "wounds")


def situations() -> list[Situation]:
    """The situations, with numbers read from the content (a house rule that edits them changes the odds)."""
    c = _content()
    return [
        _attack("hunter-shoots-brawler-in-cover", "a Veteran Hunter shoots a Brawler in cover: wounds",
                "veteran", "hunter", "brawler", ranged=True, cover=True),
        _attack("skirmisher-shoots-hunter", "a Veteran Skirmisher shoots a Hunter in the open: wounds",
                "veteran", "skirmisher", "hunter", ranged=True, cover=False),
        _attack("brawler-strikes-skirmisher", "a Veteran Brawler strikes a Skirmisher in melee: wounds",
                "veteran", "brawler", "skirmisher", ranged=False, cover=False),
        Situation(NAME, "veteran-morale", "a Veteran's morale check (any die at pass_on or more holds)",
                  _morale_exact, _morale_sample,
                  {"dice": c.quality("veteran").morale_dice, "pass_on": c.morale.pass_on}, "result"),
    ]


def force_share(game: Any) -> dict[str, float]:
    """Each side's share of its warriors neither dead nor fled (for ``skirmish compare``'s lethality)."""
    from skirmish_chob_noggoth.state import DEAD, FLED

    total: dict[str, int] = {}
    standing: dict[str, int] = {}
    for w in game.state.warriors.values():
        total[w.side] = total.get(w.side, 0) + 1
        standing[w.side] = standing.get(w.side, 0) + (w.status not in (DEAD, FLED))
    return {side: standing[side] / n for side, n in total.items() if n}
