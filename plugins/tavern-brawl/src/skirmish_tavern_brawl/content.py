"""Content is data: brawler types, cards and the rules' numbers, read from ``data/*.toml``.

The TOML files are parsed with ``skirmish.load_toml``, handed to plugins (the core
``skirmish_extend_content`` hook may add a card or change a number), then built into
the frozen attrs classes below with ``skirmish.structure``, which turns any mistake
into one ``SetupError`` line naming the field. Checks that need more than types
(a target number out of range, an unknown phase) follow in :func:`check_content`.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import attrs

from skirmish import Keyword, SetupError, SkirmishError, load_toml, structure

PACKAGE = "skirmish_tavern_brawl"
PHASE_NAMES = ("last-orders", "brawl", "patch-up")
CARD_KINDS = ("attack", "trick")


@attrs.frozen
class BrawlerType:
    """One kind of brawler (a table of ``brawlers.toml``)."""

    name: str
    grit: int
    brawn: int
    keywords: tuple[str, ...] = ()
    text: str = ""


@attrs.frozen
class Card:
    """One kind of card (a table of ``cards.toml``); the deck holds ``count`` copies."""

    name: str
    kind: str
    effect: str
    count: int = 1
    dice: int = 0
    target: int = 0
    thrown: bool = False
    aimed: bool = False
    amount: int = 0
    text: str = ""


@attrs.frozen
class Rules:
    """The numbers of the rules (``rules.toml``)."""

    start_hand: int
    hand_limit: int
    start_ale: int
    ale_per_round: int
    ale_cap: int
    punch_target: int
    knockout_glory: int
    rounds: int
    max_rounds: int
    round_orders: tuple[tuple[str, ...], ...]


@attrs.frozen
class Content:
    """Everything Tavern Brawl reads from data."""

    rules: Rules
    brawlers: dict[str, BrawlerType]
    cards: dict[str, Card]


def raw_content() -> dict[str, Any]:
    """The packaged TOML files as plain tables, before plugins change them."""
    return {name: load_toml(PACKAGE, f"data/{name}.toml") for name in ("rules", "brawlers", "cards")}


def build_content(raw: dict[str, Any], effects: Collection[str], *, any_effect: bool = False) -> Content:
    """Structure and check ``raw``. ``effects`` are the card effects the rules know;
    ``any_effect`` allows others (a plugin implements ``tavern_brawl_card_effect``)."""
    content = structure(raw, Content, where="tavern-brawl content")
    check_content(content, effects, any_effect=any_effect)
    return content


def check_content(content: Content, effects: Collection[str], *, any_effect: bool = False) -> None:
    """Raise one SetupError line for the first thing in ``content`` that makes no sense."""
    where = "tavern-brawl content"
    rules = content.rules
    if not 1 <= rules.rounds <= rules.max_rounds:
        raise SetupError(f"{where}: rules.rounds must be 1..{rules.max_rounds}, not {rules.rounds}")
    if not rules.round_orders:
        raise SetupError(f"{where}: rules.round_orders is empty")
    for i, order in enumerate(rules.round_orders, 1):
        if sorted(order) != sorted(PHASE_NAMES):
            raise SetupError(f"{where}: round order {i} must name each of {', '.join(PHASE_NAMES)} once")
    if not content.brawlers:
        raise SetupError(f"{where}: there are no brawler types")
    for key, kind in content.brawlers.items():
        if kind.grit < 1 or kind.brawn < 1:
            raise SetupError(f"{where}: brawler '{key}' needs grit and brawn of at least 1")
        for text in kind.keywords:
            try:
                Keyword.parse(text)
            except SkirmishError as exc:
                raise SetupError(f"{where}: brawler '{key}': {exc}") from None
    for key, card in content.cards.items():
        if "#" in key or ":" in key:
            raise SetupError(f"{where}: card id '{key}' may not contain '#' or ':'")
        if card.kind not in CARD_KINDS:
            raise SetupError(f"{where}: card '{key}' has kind '{card.kind}' (expected attack or trick)")
        if card.count < 0:
            raise SetupError(f"{where}: card '{key}' has a negative count")
        if card.kind == "attack" and not (2 <= card.target <= 6 and card.dice >= 0 and card.aimed):
            raise SetupError(f"{where}: attack card '{key}' needs target 2..6, dice >= 0 and aimed = true")
        if card.effect not in effects and not any_effect:
            raise SetupError(f"{where}: card '{key}' has unknown effect '{card.effect}' "
                             f"(known: {', '.join(sorted(effects))})")
