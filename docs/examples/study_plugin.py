"""A plugin giving Dice Duel to the cross-system tools: odds situations, lethality and a balance model."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from skirmish import Situation, hookimpl

skirmish_rulesets = ("dice-duel",)


def _exact(params: dict[str, int]) -> dict[Any, Any]:
    from duel import score_distribution  # the rules' own odds: loaded when asked, not at registration

    return dict(score_distribution(params["dice"]))


def _sample(rng: random.Random, params: dict[str, int]) -> int:
    values = [rng.randint(1, 6) for _ in range(params["dice"])]
    return 0 if 1 in values else sum(values)


@hookimpl
def skirmish_odds_situations(ruleset: str) -> list[Situation]:
    if ruleset != "dice-duel":
        return []
    return [Situation("dice-duel", "roll", "one roll of a few dice", _exact, _sample, {"dice": 2}, "score")]


@hookimpl
def skirmish_force_share(game: Any) -> dict[str, float] | None:
    if game.ruleset.name != "dice-duel":
        return None
    return {p: 1.0 for p in game.players}  # nobody is ever removed from a duel


class DuelBalance:
    """Random set-ups and what each seat holds: here, only how bold its player is told to be."""

    def random_setup(self, seed: int) -> dict[str, Any]:
        return {"players": ["red", "blue"]}

    def features(self, setup: dict[str, Any], seat: str) -> tuple[dict[str, int], float]:
        return {"seat": 1 if seat == setup["players"][0] else 0}, 0.0


@hookimpl
def skirmish_balance_model(ruleset: str) -> Any:
    return DuelBalance() if ruleset == "dice-duel" else None


if __name__ == "__main__":
    situation = skirmish_odds_situations("dice-duel")[0]
    odds = situation.exact(situation.params)
    assert sum(odds.values()) == 1 and odds[0] == Fraction(11, 36)  # a 1 on either die scores nothing
    assert _sample(random.Random(3), {"dice": 2}) in odds
    assert skirmish_odds_situations("tavern-brawl") == [] and skirmish_balance_model("x") is None
    model = skirmish_balance_model("dice-duel")
    assert model.features(model.random_setup(1), "red") == ({"seat": 1}, 0.0)
