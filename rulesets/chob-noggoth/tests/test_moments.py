"""The moments the book ties to "before", "after", "at the start of" or "once it is rolled for" (issue 27).

Chob-Noggoth has no card or ability usable "at any time": each of these moments is a single point in the
sequence, asked only of the player who holds something usable there. Each test plays whole games and checks
the moment is offered no earlier and no later than the text allows, and to nobody else.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from skirmish import Game, Registry
from skirmish.agents import View
from skirmish.decisions import Decision
from skirmish.runner import agent_seed
from skirmish_chob_noggoth.state import READY, UNDEPLOYED

REGISTRY = Registry()
RULES = REGISTRY.ruleset("chob-noggoth")


def band(name: str, *warriors: dict, rule: str = "") -> dict:
    return {"name": name, **({"rule": rule} if rule else {}), "warriors": list(warriors)}


def play(setup: dict, seed: int, watch: Callable[[Game, Decision], None]) -> Game:
    """A whole game at random; ``watch`` sees each decision before it is answered."""
    game = Game(RULES, setup, seed=seed)
    agents = {p: REGISTRY.make_agent("random", RULES, p, agent_seed(seed, i), game.players)
              for i, p in enumerate(game.players)}
    while game.pending is not None and game.decisions < RULES.max_decisions:
        d = game.pending
        watch(game, d)
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return game


def kinds(game: Game) -> list[str]:
    return [e.kind for e in game.log]


RED = band("Reds", {"name": "Grub", "type": "Brawler"}, {"name": "Nell", "type": "Hunter"})
BLUE = band("Blues", {"name": "Snag", "type": "Brawler"}, {"name": "Pip", "type": "Skirmisher"})


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_eager_moves_come_after_deployment_and_before_the_round_order_roll(seed: int) -> None:
    """Eager: "After deployment, but before rolling for round order"; only the side with Eager is asked."""
    setup = {"warbands": {"red": {**RED, "rule": "Eager"}, "blue": BLUE}}
    seen: list[str] = []

    def watch(game: Game, d: Decision) -> None:
        if d.kind == "eager":
            seen.append(d.player)
            assert not [w for w in game.state.warriors.values() if w.status == UNDEPLOYED]  # earliest: all placed
            assert "round-type" not in kinds(game)  # latest: the round order is not rolled yet

    play(setup, seed, watch)
    assert seen and set(seen) == {"red"}


@pytest.mark.parametrize("seed", [1, 2])
def test_hero_roles_are_declared_at_the_start_of_every_round_after_its_roll(seed: int) -> None:
    """Heroes: "at the start of each round", after the round-order roll (CN-9) and before any step of it."""
    hero = {"name": "Gutz", "type": "Hero", "roles": ["Brawler", "Hunter"]}
    setup = {"warbands": {"red": band("Reds", hero, {"name": "Grub", "type": "Brawler"}), "blue": BLUE},
             "options": {"max_rounds": 4}}
    asked: list[tuple[str, int]] = []

    def watch(game: Game, d: Decision) -> None:
        if d.kind != "role":
            return
        asked.append((d.player, game.round))
        log = kinds(game)
        last_round = len(log) - 1 - log[::-1].index("round")
        assert log[last_round - 1] == "round-type"  # after this round's roll...
        assert "step" not in log[last_round:] and "bombard" not in log[last_round:]  # ...before any of its steps

    game = play(setup, seed, watch)
    assert {p for p, _ in asked} == {"red"}
    standing = game.state.warriors["r1"].status == READY
    rounds = game.round if standing else len({r for _, r in asked})
    assert sorted({r for _, r in asked}) == list(range(1, rounds + 1))


def test_spell_stop_is_offered_once_target_and_effect_are_rolled_and_before_the_effect() -> None:
    """Casting: the Mage may stop its spell "once it is rolled for" (CN-29a): after the target and effect rolls
    (strict dice: exactly those two are rolled first), before any die of the effect."""
    from helpers_spells import make_game, run, warrior

    from skirmish_chob_noggoth import spells

    foe = warrior("foe", "blue", x=20, y=12)
    game = make_game([warrior("mage", "red", "Mage", x=5, y=12), foe])
    game.rng.load([4, 2])  # the closest enemy; it loses D3 wounds
    run(game, spells.cast, "mage")
    d = game.pending
    assert (d.kind, d.player, d.context["target"], d.context["effect"]) == ("spell-stop", "red", "foe", "harm")
    assert foe.wounds == 2  # no effect yet
    game.rng.load([3, 2, 1])  # stop test: two dice, no 6 (the spell goes off); then D3 = 1
    game.answer("stop")
    assert foe.wounds == 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_drop_troops_arrive_at_their_sides_first_moves_or_actions_step(seed: int) -> None:
    """Drop Troops: at the "first opportunity to move or perform an action", before any activation there."""
    setup = {"warbands": {"red": band("Reds", {"name": "Grub", "type": "Brawler", "rules": ["Drop Troops"]},
                                      {"name": "Nell", "type": "Hunter"}), "blue": BLUE}}
    found: list[int] = []

    def watch(game: Game, d: Decision) -> None:
        log = list(game.log)
        if d.kind == "place" and d.context.get("actor") == "r1" and game.round:
            steps = [i for i, e in enumerate(log) if e.kind == "step"]
            red = [i for i in steps if log[i].data.get("player") == "red"]
            assert red and steps[-1] == red[0]  # earliest and latest: red's first Moves or Actions step, now...
            assert [e.kind for e in log[red[0]:]] == ["step", "roll"]  # ...before any activation in it
            found.append(game.round)

    play(setup, seed, watch)
    assert len(found) == 1  # asked once (these seeds' drop rolls are not 1s)
