"""The state of a game of Goblin Uprising: plain attrs data, copied with the game.

Heroes, the Tyrant and generals stand on the board's spaces (:class:`skirmish.Occupancy`); troops stand on
their region's marked (spawn) space, so an army is just a count per troop type plus the damage on its tile.
"""

from __future__ import annotations

from typing import Any

import attr

from skirmish import Deck, Hand, Occupancy

TYRANT = "tyrant"


@attr.s(auto_attribs=True)
class Hero:
    """One goblin hero (a seat)."""

    id: str
    cls: str = ""
    tribe: str = ""
    hp: int = 0
    max_hp: int = 0
    essence: int = 0
    max_essence: int = 0
    leadership: int = 0
    renown: int = 0
    hand: Hand = attr.ib(factory=lambda: Hand("", public=True))
    abilities: list[str] = attr.ib(factory=list)
    tribe_ready: bool = True
    guardian: str = ""
    pet: str = ""
    village: str = ""
    removed: bool = False
    fury: int = 0
    ambush: bool = False
    falls: int = 0
    kills: int = 0


@attr.s(auto_attribs=True)
class Turn:
    """The hero turn in progress."""

    hero: str
    actions: int = 3
    rested: bool = False
    moved_free: bool = False
    long_step: bool = False
    guardian_used: bool = False


@attr.s(auto_attribs=True)
class Combat:
    """One combat in progress (a hero's combat turn and what modifies the answer to it)."""

    hero: str
    target: str
    started: bool = True  # the hero started it (a Battle), not a defence
    ability: str = ""
    dice: list[str] = attr.ib(factory=list)
    converted: int = 0
    uprisings: int = 0  # Uprising results available (rolled or rallied), not yet used
    bonus: int = 0  # extra damage from effects
    piercing: bool = False
    shield: int = 0
    weaken: int = 0
    silence: bool = False
    ignore_armor: int = 0
    free_convert: bool = False
    ambushed: bool = False
    rerolled: bool = False
    used_essence: bool = False
    essence_bonus: int = 0  # extra damage when any Essence was spent
    damaged_bonus: int = 0  # extra damage against a target that already has damage on it
    cleave_all: bool = False
    counter: bool = False  # this combat turn is a counter-attack (no further counter follows)


@attr.s(auto_attribs=True)
class Battle:
    """Who is involved in the combat in progress and what they defeated (for the rewards)."""

    heroes: list[str] = attr.ib(factory=list)
    falls: dict[str, int] = attr.ib(factory=dict)
    kills: dict[str, int] = attr.ib(factory=dict)  # troops and generals defeated, per hero
    players: dict[str, int] = attr.ib(factory=dict)  # heroes defeated, per hero


@attr.s(auto_attribs=True)
class GameState:
    """Everything that changes during a game."""

    tyrant_id: str
    difficulty: str
    heroes: dict[str, Hero] = attr.ib(factory=dict)
    order: list[str] = attr.ib(factory=list)
    board: Occupancy = attr.ib(factory=Occupancy)
    troops: dict[str, int] = attr.ib(factory=dict)  # miniatures on the board per troop type
    troop_damage: dict[str, int] = attr.ib(factory=dict)
    generals: dict[str, int] = attr.ib(factory=dict)  # general on the board -> damage on it
    # the Tyrant
    hp: int = 0
    max_hp: int = 0
    armor: int = 0
    damage: int = 0
    aggressive: bool = False
    crowns: int = 0
    behavior: str = ""
    revealed: bool = False
    oppress: bool = False
    countdown: int = -1
    flight: bool = False
    undying: bool = False
    defeated_once: bool = False
    # the destruction track
    marker: int = 0  # 0: above space 1
    extra_moves: int = 0
    moves_this_round: int = 0
    # schemes
    scheme: str = ""
    schemes: Deck = attr.ib(factory=lambda: Deck("schemes"))
    progress: int = 0
    kills_round: int = 0
    participants: list[str] = attr.ib(factory=list)
    foiled: list[str] = attr.ib(factory=list)
    # decks and tokens
    goblins: Deck = attr.ib(factory=lambda: Deck("goblins"))
    adventures: Deck = attr.ib(factory=lambda: Deck("adventures"))
    tokens: dict[str, str] = attr.ib(factory=dict)  # space -> exploration token (face down)
    peeked: list[str] = attr.ib(factory=list)  # spaces whose token the heroes have looked at
    quests: dict[str, str] = attr.ib(factory=dict)  # space -> source ("adventure:ID" or "scheme:ID")
    # round and turn
    turn: Turn | None = None
    combat: Combat | None = None
    battle: Battle | None = None
    adventure: Any = None  # adventure.AdventureRun while an adventure is in progress
    earth_used: list[str] = attr.ib(factory=list)
    life_used: list[str] = attr.ib(factory=list)
    moments: list[str] = attr.ib(factory=list)

    def active_heroes(self) -> list[Hero]:
        return [self.heroes[h] for h in self.order if not self.heroes[h].removed]

    def where(self, piece: str) -> str | None:
        """The space ``piece`` stands on (``None`` off the board; the board keeps a reverse index)."""
        return self.board.where(piece)


def plain(value: Any) -> Any:
    """Plain data of attrs values (for views)."""
    from skirmish import canonical

    return canonical(value)
