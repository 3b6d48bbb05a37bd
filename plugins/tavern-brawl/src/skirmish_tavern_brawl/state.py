"""The state of a brawl: plain attrs data, so a game clones, digests and saves without help.

Pieces come from skirmish core: ``Tokens`` (bruise and ale tokens), ``KeywordSet``
(knacks, and the temporary Ducking and Tripped that the pipeline expires at the end
of the round), ``Hand`` (private cards) and ``Deck`` (draw and discard piles).
"""

from __future__ import annotations

import attrs

from skirmish import Deck, Hand, KeywordSet, Tokens

BRUISE = "bruise"
ALE = "ale"


def card_kind(card: str) -> str:
    """The card id of one physical card: ``"tankard#03"`` -> ``"tankard"``."""
    return card.partition("#")[0]


@attrs.define
class Brawler:
    """One player's brawler."""

    player: str
    kind: str  # brawler type id (brawlers.toml)
    grit: int  # bruises that knock it out
    brawn: int  # dice in a punch
    tokens: Tokens  # BRUISE and ALE
    keywords: KeywordSet
    hand: Hand
    glory: int = 0
    out: bool = False  # knocked out cold

    @property
    def bruises(self) -> int:
        return self.tokens.get(BRUISE)

    @property
    def ale(self) -> int:
        return self.tokens.get(ALE)


@attrs.define
class Attack:
    """An attack being resolved: the dice stay on the table while the attacker decides on re-rolls."""

    attacker: str
    victim: str
    card: str  # card id, or "punch"
    dice: list[int]
    target: int
    rerolled: list[int] = attrs.field(factory=list)  # indexes of dice already re-rolled (once each)

    def hits(self) -> int:
        return sum(1 for v in self.dice if v >= self.target)

    def rerollable(self) -> list[int]:
        """Indexes of missed dice that have not been re-rolled yet."""
        return [i for i, v in enumerate(self.dice) if v < self.target and i not in self.rerolled]


@attrs.define
class TavernState:
    """The whole brawl."""

    brawlers: dict[str, Brawler]
    deck: Deck
    order: list[str] = attrs.field(factory=list)  # this round's phase order
    attack: Attack | None = None
    stats: dict[str, int] = attrs.field(factory=lambda: {"knockouts": 0, "cards_played": 0, "rerolls": 0,
                                                         "bruises": 0})
