"""Fixtures: a registry built from this plugin alone, and rigged games for rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

import skirmish.builtin_agents
from skirmish import Game, Registry, make_plugin_manager
from skirmish_tavern_brawl import plugin
from skirmish_tavern_brawl.rules import TavernBrawl
from skirmish_tavern_brawl.state import ALE, BRUISE, TavernState, card_kind


def registry_with(*extra: tuple[str, object]) -> Registry:
    """A registry of this plugin and the built-in agents (not the installed entry points), plus ``extra``."""
    plugins = [("tavern-brawl", plugin), ("skirmish.agents", skirmish.builtin_agents), *extra]
    return Registry(make_plugin_manager(entry_points=False, plugins=plugins))


@pytest.fixture(scope="session")
def registry() -> Registry:
    return registry_with()


@pytest.fixture(name="registry_with")
def registry_with_fixture():
    """``registry_with(("house", plugin), ...)``: a registry with house-rules plugins added."""
    return registry_with


class Rigged(TavernBrawl):
    """Tavern Brawl with the deal and the tokens chosen by the test (a subclass: no private API needed)."""

    def __init__(self, hands: Mapping[str, Iterable[str]], tokens: Mapping[str, Mapping[str, int]]) -> None:
        super().__init__()
        self.hands, self.tokens = hands, tokens

    def create(self, game: Game) -> TavernState:
        state = super().create(game)
        for player, kinds in self.hands.items():
            hand, pile = state.brawlers[player].hand, state.deck.draw_pile
            pile.extend(hand.cards)
            hand.cards = []
            for kind in kinds:
                card = next(c for c in pile if card_kind(c) == kind)
                pile.remove(card)
                hand.cards.append(card)
        for player, counts in self.tokens.items():
            for kind, n in counts.items():
                state.brawlers[player].tokens.set(kind, n)
        return state


@pytest.fixture
def make_game():
    """``make_game(brawlers=..., hands=..., ale=..., bruises=..., dice=...)`` -> a rigged Game.

    ``brawlers`` are the types of Red, Blue (and Green, Gold) in seat order. The first
    die is the barkeep's: the default 3 makes the round brawl > last-orders > patch-up,
    so the game stops at once on Red's first action, with the rigged hands.
    """

    def make(brawlers: Iterable[str] = ("smith", "cooper"), *, hands: Mapping[str, Iterable[str]] | None = None,
             ale: Mapping[str, int] | None = None, bruises: Mapping[str, int] | None = None,
             dice: Iterable[int] = (3,), rounds: int = 8, seed: int = 0, hooks: Any = None) -> Game:
        kinds = list(brawlers)
        players = ["Red", "Blue", "Green", "Gold"][: len(kinds)]
        tokens: dict[str, dict[str, int]] = {}
        for kind, table in ((ALE, ale or {}), (BRUISE, bruises or {})):
            for player, n in table.items():
                tokens.setdefault(player, {})[kind] = n
        ruleset = Rigged(hands or {}, tokens)
        ruleset.hooks = hooks
        setup = {"players": players, "brawlers": dict(zip(players, kinds, strict=True)), "rounds": rounds}
        return Game(ruleset, setup, seed=seed, dice=list(dice))

    return make
