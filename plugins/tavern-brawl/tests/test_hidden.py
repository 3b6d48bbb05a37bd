"""Hidden hands: views, the log, the CLI text and determinize show nobody another player's cards."""

from __future__ import annotations

import json
import re
from collections import Counter

from skirmish import AgentContext, Game, RandomAgent, View, drive
from skirmish_tavern_brawl.rules import TavernBrawl

CARD_ID = re.compile(r"[a-z-]+#\d\d")


def random_game(seed: int, players: int = 3, stop_at: int | None = None) -> Game:
    names = ["Red", "Blue", "Green", "Gold"][:players]
    game = Game(TavernBrawl(), {"players": names}, seed=seed)
    agents = {p: RandomAgent(AgentContext(p, seed * 10 + i, game.ruleset)) for i, p in enumerate(names)}
    while game.pending is not None and (stop_at is None or game.decisions < stop_at):
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return game


def test_view_shows_other_hands_as_sizes_only():
    game = Game(TavernBrawl(), seed=4, dice=[3])  # brawl first: hands of 3
    red = game.view("Red")["state"]["brawlers"]
    assert len(red["Red"]["hand"]) == 3
    assert "hand" not in red["Blue"] and red["Blue"]["hand_size"] == 3
    everything = game.view(None)["state"]["brawlers"]
    assert len(everything["Blue"]["hand"]) == 3
    blue_cards = game.state.brawlers["Blue"].hand.cards
    assert not any(c in json.dumps(game.view("Red")) for c in blue_cards)


def test_describe_names_own_cards_and_counts_the_others():
    game = Game(TavernBrawl(), seed=4, dice=[3])
    text = game.ruleset.describe(game, "Red")
    red, blue = (line for line in text.splitlines() if line.strip().startswith(("Red", "Blue")))
    assert "hand: 3 cards" in blue and "hand: 3 cards" not in red
    assert "bruises 0/6" in red and "Round 1 of 8" in text


def test_hands_never_reach_another_players_view_or_log():
    for seed in range(6):
        game = random_game(seed, players=2 + seed % 3)
        for event in game.log:
            if event.kind == "deck" and event.data.get("action") == "draw" and "owner" in event.data:
                assert event.visible_to == (event.data["owner"],), event  # a draw into a hand is private
        for other in game.players:
            for event in game.log.for_player(other):
                if event.visible_to is not None and other not in event.visible_to:
                    assert not CARD_ID.search(event.text) and not event.data, event  # redacted copies only
                    assert not any(o in event.text for o in ("Flying", "Stool", "Bottle", "Duck", "Steak"))


def test_hands_stay_hidden_at_every_decision():
    game = random_game(11, players=3, stop_at=0)
    agents = {p: RandomAgent(AgentContext(p, i, game.ruleset)) for i, p in enumerate(game.players)}
    while game.pending is not None:
        for owner in game.players:
            secret = game.state.brawlers[owner].hand.cards
            for other in game.players:
                if other != owner:
                    seen = json.dumps(game.view(other)) + game.ruleset.describe(game, other)
                    assert not any(card in seen for card in secret)
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)


def test_determinize_keeps_own_hand_and_redeals_the_unseen_cards():
    game = random_game(3, players=3, stop_at=12)
    me = game.pending.player
    before = game.digest()
    others = [p for p in game.players if p != me]
    clone = game.ruleset.determinize(game, me)
    assert game.digest() == before  # the real game is untouched
    st, cst = game.state, clone.state
    assert cst.brawlers[me].hand.cards == st.brawlers[me].hand.cards
    assert cst.deck.discard_pile == st.deck.discard_pile
    for p in others:
        assert len(cst.brawlers[p].hand) == len(st.brawlers[p].hand)

    def unseen(s):
        return Counter(s.deck.draw_pile + [c for p in others for c in s.brawlers[p].hand])

    assert unseen(cst) == unseen(st)
    deals = {tuple(c for p in others for c in game.ruleset.determinize(game, me, sample=i).state.brawlers[p].hand)
             for i in range(8)}
    assert len(deals) > 1  # samples differ
    assert clone.pending.player == me and clone.view(me) == game.view(me)


def test_determinized_game_has_dice_of_its_own_and_plays_on():
    game = random_game(5, players=2, stop_at=6)
    me = game.pending.player
    clone = game.ruleset.determinize(game, me)
    real = game.clone()
    assert [clone.rng.roll(6, log=False) for _ in range(20)] != [real.rng.roll(6, log=False) for _ in range(20)]
    clone = game.ruleset.determinize(game, me)
    agents = {p: RandomAgent(AgentContext(p, i, game.ruleset)) for i, p in enumerate(game.players)}
    drive(clone, agents, max_decisions=game.ruleset.max_decisions)
    assert clone.over
