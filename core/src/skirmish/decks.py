"""Card decks and hands, holding card ids only (what a card says is ruleset data).

A :class:`Deck` is a draw pile and a discard pile; index 0 of each list is the top.
A :class:`Hand` belongs to one player and is private unless ``public``.

Hidden information never reaches the log: a draw into a private hand is an event
visible to the hand's owner only, and everybody else sees just how many cards were
drawn. Never pick from a hidden hand with ``GameRNG.choice`` (it logs the item it
picks); use :meth:`Hand.pick_random`, which logs only the position.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

import attrs

from skirmish.events import EventLog
from skirmish.rng import GameRNG


def _ids(cards: str | Iterable[str]) -> list[str]:
    return [cards] if isinstance(cards, str) else list(cards)


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


@attrs.define
class Hand:
    """The cards one player holds. ``view`` shows the ids only to the owner (or to all when ``public``)."""

    owner: str
    cards: list[str] = attrs.field(factory=list)
    public: bool = False

    def has(self, card: str) -> bool:
        return card in self.cards

    __contains__ = has

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self.cards))

    def visible_to(self, player: str | None) -> bool:
        """True when ``player`` may see the card ids (``None`` is the omniscient view)."""
        return self.public or player is None or player == self.owner

    def view(self, player: str | None) -> list[str] | int:
        """The cards as ``player`` sees them: the id list, or only how many there are."""
        return list(self.cards) if self.visible_to(player) else len(self.cards)

    def add(self, cards: str | Iterable[str], *, log: EventLog | None = None, rule: str = "", source: str = "") -> None:
        """Take cards into the hand (given, passed, returned); logged privately unless the hand is public."""
        ids = _ids(cards)
        self.cards.extend(ids)
        if log is not None and ids:
            where = f" from {source}" if source else ""
            self._emit(log, rule, f"{self.owner} takes {', '.join(ids)}{where}",
                       f"{self.owner} takes {_cards(len(ids))}{where}", cards=ids, change=len(ids))

    def remove(self, card: str, *, log: EventLog | None = None, rule: str = "", why: str = "") -> str:
        """Take one copy of ``card`` out of the hand; raises ``ValueError`` when it is not held.

        The event is private: playing a card usually reveals it, and the caller logs that.
        """
        try:
            self.cards.remove(card)
        except ValueError:
            raise ValueError(f"{self.owner} does not hold {card!r}") from None
        if log is not None:
            reason = f" ({why})" if why else ""
            self._emit(log, rule, f"{self.owner} gives up {card}{reason}", f"{self.owner} gives up 1 card{reason}",
                       cards=[card], change=-1)
        return card

    def pick_random(self, rng: GameRNG, *, rule: str = "", why: str = "") -> str:
        """A card of this hand at random (not removed); the rng logs the position, never the id."""
        if not self.cards:
            raise IndexError(f"{self.owner} holds no cards")
        index = rng.randint(0, len(self.cards) - 1, rule=rule, why=why or f"random card of {self.owner}'s hand")
        return self.cards[index]

    def _emit(self, log: EventLog, rule: str, text: str, public_text: str, **data: object) -> None:
        if self.public:
            log.emit("hand", text, rule=rule, owner=self.owner, **data)
        else:
            log.emit("hand", text, rule=rule, visible_to=(self.owner,), public_text=public_text,
                     owner=self.owner, **data)


@attrs.define
class Deck:
    """A named draw pile and discard pile of card ids (index 0 is the top of each)."""

    name: str
    draw_pile: list[str] = attrs.field(factory=list)
    discard_pile: list[str] = attrs.field(factory=list)

    @classmethod
    def from_counts(cls, name: str, counts: Mapping[str, int]) -> Deck:
        """A deck with ``counts[card]`` copies of each card, unshuffled."""
        return cls(name, [card for card, n in counts.items() for _ in range(n)])

    def __len__(self) -> int:
        """Cards left in the draw pile."""
        return len(self.draw_pile)

    def all_cards(self) -> list[str]:
        """Every card in either pile (draw pile first)."""
        return self.draw_pile + self.discard_pile

    def peek(self, n: int = 1) -> list[str]:
        """The top ``n`` cards of the draw pile, top first, without moving them (no reshuffle)."""
        return self.draw_pile[:n]

    def shuffle(self, rng: GameRNG, log: EventLog | None = None, rule: str = "") -> None:
        """Shuffle the draw pile with the game's rng."""
        rng.shuffle(self.draw_pile, rule=rule, why=f"shuffle {self.name}")
        if log is not None:
            log.emit("deck", f"{self.name} shuffled ({_cards(len(self.draw_pile))})", rule=rule,
                     deck=self.name, action="shuffle", size=len(self.draw_pile))

    def reshuffle(self, rng: GameRNG, log: EventLog | None = None, *, rule: str = "") -> int:
        """Shuffle the discard pile into the draw pile (below what is left); returns how many cards."""
        moved = len(self.discard_pile)
        if not moved:
            return 0
        pile = self.discard_pile
        self.discard_pile = []
        rng.shuffle(pile, rule=rule, why=f"reshuffle {self.name} discards")
        self.draw_pile.extend(pile)
        if log is not None:
            log.emit("deck", f"{self.name}: discard pile shuffled into a new draw pile ({_cards(moved)})", rule=rule,
                     deck=self.name, action="reshuffle", size=moved)
        return moved

    def draw(
        self,
        rng: GameRNG,
        log: EventLog | None = None,
        n: int = 1,
        *,
        to: Hand | None = None,
        reshuffle: bool = True,
        secret: bool = False,
        rule: str = "",
    ) -> list[str]:
        """Draw ``n`` cards from the top; returns them (fewer when both piles run out).

        An empty draw pile is refilled from the shuffled discard pile (unless
        ``reshuffle`` is false). With ``to`` the cards go into that hand, and only its
        owner (everyone, for a public hand) sees which; others see how many. Without
        ``to`` the draw is public, unless ``secret`` (face down: nobody sees the ids).
        """
        if n < 0:
            raise ValueError(f"cannot draw {n} cards")
        drawn: list[str] = []
        while len(drawn) < n:
            if not self.draw_pile and not (reshuffle and self.reshuffle(rng, log, rule=rule)):
                break
            take = self.draw_pile[: n - len(drawn)]
            del self.draw_pile[: len(take)]
            drawn.extend(take)
        if to is not None:
            to.cards.extend(drawn)
        if log is not None and n:
            self._log_draw(log, rule, drawn, n, to, secret)
        return drawn

    def _log_draw(self, log: EventLog, rule: str, drawn: list[str], n: int, to: Hand | None, secret: bool) -> None:
        who = f"{to.owner} draws" if to is not None else "drew"
        short = f" (only {len(drawn)} of {n}: {self.name} is empty)" if len(drawn) < n else ""
        ids = ", ".join(drawn) or "nothing"
        text = f"{who} {ids} from {self.name}{short}"
        public_text = f"{who} {_cards(len(drawn))} from {self.name}{short}"
        data = {"deck": self.name, "count": len(drawn), "wanted": n, "cards": drawn}
        if to is not None:
            data["owner"] = to.owner
        if (to is not None and to.public) or (to is None and not secret):
            log.emit("deck", text, rule=rule, action="draw", **data)
        else:
            visible = (to.owner,) if to is not None else ()
            log.emit("deck", text, rule=rule, visible_to=visible, public_text=public_text, action="draw", **data)

    def discard(self, cards: str | Iterable[str], *, log: EventLog | None = None, rule: str = "") -> None:
        """Put cards face up on the discard pile (the last one given ends on top)."""
        ids = _ids(cards)
        self.discard_pile[:0] = reversed(ids)
        if log is not None and ids:
            log.emit("deck", f"{', '.join(ids)} discarded to {self.name}", rule=rule,
                     deck=self.name, action="discard", cards=ids)

    def put_top(self, cards: str | Iterable[str]) -> None:
        """Put cards on top of the draw pile, in the given order (the first given ends on top)."""
        self.draw_pile[:0] = _ids(cards)

    def put_bottom(self, cards: str | Iterable[str]) -> None:
        """Put cards under the draw pile, in the given order."""
        self.draw_pile.extend(_ids(cards))

    def take(self, card: str) -> bool:
        """Remove one copy of ``card`` from the draw pile (a searched-for card); False when absent."""
        try:
            self.draw_pile.remove(card)
        except ValueError:
            return False
        return True
