"""Decks and hands: drawing, reshuffling, hidden information, conservation of cards."""

from __future__ import annotations

import copy
from collections import Counter

import cattrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.decks import Deck, Hand
from skirmish.events import EventLog
from skirmish.rng import GameRNG

CARDS = [f"card-{i:02d}" for i in range(12)]


def _texts(events) -> str:
    return "\n".join(e.text for e in events)


def test_draw_from_top_in_order() -> None:
    deck = Deck("fortune", list(CARDS))
    rng = GameRNG(1)
    assert deck.draw(rng, n=3) == CARDS[:3]
    assert deck.peek(2) == CARDS[3:5]
    assert len(deck) == 9


def test_from_counts() -> None:
    deck = Deck.from_counts("fortune", {"famous-blade": 2, "hold": 2})
    assert deck.draw_pile == ["famous-blade", "famous-blade", "hold", "hold"]


def _reshuffled_order(seed: int) -> list[str]:
    deck = Deck("goblins", [], list(CARDS))
    return deck.draw(GameRNG(seed), n=len(CARDS))


def test_empty_pile_reshuffles_discard_deterministically() -> None:
    log = EventLog()
    rng = GameRNG(7, log=log)
    deck = Deck("goblins", ["a"], list(CARDS))
    drawn = deck.draw(rng, log, 4, rule="Recruit")
    assert drawn[0] == "a"
    assert sorted(drawn[1:] + deck.draw_pile) == sorted(CARDS)
    assert deck.discard_pile == []
    reshuffles = [e for e in log if e.kind == "deck" and e.data.get("action") == "reshuffle"]
    assert len(reshuffles) == 1 and reshuffles[0].rule == "Recruit"
    assert [e.kind for e in log].count("draw") == 1  # the rng logged its shuffle too
    assert _reshuffled_order(7) == _reshuffled_order(7)
    assert _reshuffled_order(7) != list(CARDS) or _reshuffled_order(8) != list(CARDS)
    assert len({tuple(_reshuffled_order(s)) for s in range(5)}) > 1


def test_no_reshuffle_when_asked_and_shortfall_when_both_empty() -> None:
    log = EventLog()
    rng = GameRNG(0)
    deck = Deck("adventure", ["x"], ["y"])
    assert deck.draw(rng, log, 2, reshuffle=False) == ["x"]
    assert deck.discard_pile == ["y"]
    assert deck.draw(rng, log, 3) == ["y"]
    assert deck.draw(rng, log, 1) == []
    last = log.events[-1]
    assert last.data["count"] == 0 and last.data["wanted"] == 1
    assert "empty" in last.text
    with pytest.raises(ValueError):
        deck.draw(rng, n=-1)


def test_shuffle_same_seed_same_order() -> None:
    a, b = Deck("d", list(CARDS)), Deck("d", list(CARDS))
    log = EventLog()
    a.shuffle(GameRNG(3), log, rule="Setup")
    b.shuffle(GameRNG(3))
    assert a.draw_pile == b.draw_pile
    assert sorted(a.draw_pile) == CARDS
    (ev,) = log
    assert ev.data == {"deck": "d", "action": "shuffle", "size": 12} and ev.rule == "Setup"


def test_discard_put_top_put_bottom_take() -> None:
    deck = Deck("d", ["b", "c"])
    deck.put_top(["x", "y"])
    deck.put_bottom("z")
    assert deck.draw_pile == ["x", "y", "b", "c", "z"]
    deck.discard(["p", "q"])
    deck.discard("r")
    assert deck.discard_pile == ["r", "q", "p"]  # last discarded on top
    assert deck.take("c") and not deck.take("nope")
    assert deck.all_cards() == ["x", "y", "b", "z", "r", "q", "p"]


def test_hidden_hand_never_leaks_through_the_log() -> None:
    log = EventLog()
    rng = GameRNG(5, log=log)
    deck = Deck("fortune", list(CARDS))
    deck.shuffle(rng, log, rule="Setup")
    p1, p2 = Hand("p1"), Hand("p2")
    deck.draw(rng, log, 4, to=p1, rule="Setup: draw 4")
    deck.draw(rng, log, 4, to=p2, rule="Setup: draw 4")
    card = p1.pick_random(rng, rule="Prescience")
    p1.remove(card, log=log, rule="Force of Will", why="discarded to re-roll")
    p1.add("card-99", log=log, source="p2")
    for player, own, other in (("p1", p1, p2), ("p2", p2, p1)):
        seen = _texts(log.for_player(player))
        assert all(c in seen for c in own.cards)
        assert not any(c in seen for c in other.cards)
    outsider = _texts(log.for_player("other"))
    assert not any(c in outsider for c in [*CARDS, "card-99"])
    assert "p1 draws 4 cards from fortune" in outsider
    assert "p1 gives up 1 card (discarded to re-roll)" in outsider
    assert all(e.data == {} for e in log.for_player("other") if e.kind in ("deck", "hand") and e.visible_to)
    omniscient = _texts(log.for_player(None))
    assert all(c in omniscient for c in p1.cards + p2.cards)


def test_public_hand_and_public_or_secret_draws() -> None:
    log = EventLog()
    rng = GameRNG(0)
    deck = Deck("d", list(CARDS))
    open_hand = Hand("p1", public=True)
    deck.draw(rng, log, 2, to=open_hand)
    assert "card-00, card-01" in _texts(log.for_player("p2"))
    deck.draw(rng, log, 1)  # a revealed draw (an adventure card)
    assert "card-02" in _texts(log.for_player("p2"))
    deck.draw(rng, log, 1, secret=True)  # a face-down behaviour card
    assert "card-03" not in _texts(log.for_player("p1"))
    assert "card-03" not in _texts(log.for_player("p2"))
    assert "card-03" in _texts(log.for_player(None))


def test_hand_view_add_remove_has() -> None:
    hand = Hand("p1", ["a", "b", "a"])
    assert hand.view("p1") == ["a", "b", "a"]
    assert hand.view(None) == ["a", "b", "a"]
    assert hand.view("p2") == 3
    assert hand.has("b") and "c" not in hand and len(hand) == 3
    hand.remove("a")
    assert list(hand) == ["b", "a"]
    with pytest.raises(ValueError, match="does not hold"):
        hand.remove("zz")
    hand.public = True
    assert hand.view("p2") == ["b", "a"]
    with pytest.raises(IndexError):
        Hand("p3").pick_random(GameRNG(0))


def test_copy_and_cattrs_round_trip() -> None:
    deck = Deck("d", ["a", "b"], ["c"])
    clone = copy.deepcopy(deck)
    clone.draw(GameRNG(0), n=2)
    assert deck.draw_pile == ["a", "b"]
    assert cattrs.structure(cattrs.unstructure(deck), Deck) == deck
    hand = Hand("p1", ["x"])
    assert cattrs.structure(cattrs.unstructure(hand), Hand) == hand


actions = st.lists(
    st.one_of(
        st.tuples(st.just("draw"), st.integers(0, 4), st.integers(0, 2)),
        st.tuples(st.just("discard"), st.integers(0, 3), st.integers(0, 2)),
        st.tuples(st.just("top"), st.integers(0, 2), st.integers(0, 2)),
        st.tuples(st.just("bottom"), st.integers(0, 2), st.integers(0, 2)),
        st.tuples(st.just("shuffle"), st.just(0), st.just(0)),
    ),
    max_size=40,
)


@given(st.lists(st.sampled_from("abcdef"), max_size=15), actions, st.integers(0, 2**32), st.booleans())
def test_cards_are_conserved(cards: list[str], steps, seed: int, reshuffle: bool) -> None:
    rng = GameRNG(seed)
    log = EventLog(keep=False)
    deck = Deck("d", list(cards))
    hands = [Hand("p0"), Hand("p1"), Hand("p2")]
    before = Counter(cards)
    for op, n, who in steps:
        hand = hands[who]
        if op == "draw":
            got = deck.draw(rng, log, n, to=hand, reshuffle=reshuffle)
            assert len(got) <= n
            if len(got) < n:
                assert not deck.draw_pile and (not reshuffle or not deck.discard_pile)
        elif op == "shuffle":
            deck.shuffle(rng, log)
        else:
            moved = hand.cards[:n]
            for c in moved:
                hand.remove(c)
            {"discard": deck.discard, "top": deck.put_top, "bottom": deck.put_bottom}[op](moved)
        assert Counter(deck.all_cards()) + sum((Counter(h.cards) for h in hands), Counter()) == before
