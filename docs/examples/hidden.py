"""Hidden information: a hand only its owner sees, secrets the kit checks, and determinize for look-ahead."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from typing import Any

import attrs

from skirmish import Deck, Game, GameRNG, Hand, Phase, Ruleset, choose
from skirmish.testing import check_hidden_information


@attrs.define
class Table:
    deck: Deck
    hands: dict[str, Hand]
    played: dict[str, str] = attrs.field(factory=dict)


def deal(game: Game) -> None:
    for player in game.players:  # the log shows the card to its owner only ("Red draws 1 card" to others)
        game.state.deck.draw(game.rng, game.log, 1, to=game.state.hands[player], rule="Deal")
    for player in reversed(game.players):
        game.call(ask_play, player)


def ask_play(game: Game, player: str) -> None:
    hand = game.state.hands[player]
    game.ask(choose(player, "play", f"{player}: play a card", list(dict.fromkeys(hand)), rule="Play",
                    context={"actor": player}), play, player)


def play(game: Game, card: str, player: str) -> None:
    game.state.hands[player].remove(card)  # out of the hand first (unlogged), then revealed
    game.state.played[player] = card
    game.emit("play", f"{player} plays {card}", rule="Play", player=player, card=card)
    if len(game.state.played) == len(game.players):
        best = max(game.state.played.items(), key=lambda pc: (int(pc[1].split("#")[0]), pc[0]))
        game.finish([best[0]], "highest card", rule="Showdown")


class HighCard(Ruleset):
    name = "high-card"
    title = "High Card"
    min_players = max_players = 2
    perfect_information = False

    def default_setup(self) -> dict[str, Any]:
        return {"players": ["Red", "Blue"]}

    def create(self, game: Game) -> Table:
        deck = Deck("deck", [f"{rank}#{copy}" for rank in range(1, 11) for copy in "ab"])
        deck.shuffle(game.rng, game.log, rule="Set-up")
        return Table(deck, {p: Hand(p) for p in game.players})

    def phases(self) -> Mapping[str, Phase]:
        return {"deal": Phase("deal", deal, "Deal")}

    def view(self, game: Game, player: str | None) -> dict[str, Any]:
        return {"hands": {p: h.view(player) for p, h in game.state.hands.items()},  # a list, or only the count
                "played": dict(game.state.played)}

    def secrets(self, game: Game, player: str) -> list[str]:
        return list(game.state.hands[player])  # card ids: the kit checks nobody else's view or log shows them

    def determinize(self, game: Game, player: str, *, sample: int = 0) -> Game:
        """A clone holding only what ``player`` knows: unseen cards re-dealt, and dice of its own."""
        clone = game.clone()
        st = clone.state
        others = [h for p, h in st.hands.items() if p != player]
        unseen = list(st.deck.draw_pile) + [c for h in others for c in h]
        key = f"{game.seed}:{game.decisions}:{player}:{sample}".encode()
        seed = int.from_bytes(hashlib.sha256(key).digest()[:8], "big")
        random.Random(seed).shuffle(unseen)
        for h in others:
            h.cards, unseen = unseen[:len(h)], unseen[len(h):]
        st.deck.draw_pile = unseen
        clone.rng = GameRNG(seed, log=clone.log)
        return clone


if __name__ == "__main__":
    game = Game(HighCard(), seed=4)
    red, blue = game.ruleset.view(game, "Red")["hands"]["Red"], game.ruleset.view(game, "Red")["hands"]["Blue"]
    assert isinstance(red, list) and blue == 1
    guess = game.ruleset.determinize(game, "Red", sample=1)
    assert list(guess.state.hands["Red"]) == red  # Red's own hand is known
    check_hidden_information(HighCard(), seed=3)
