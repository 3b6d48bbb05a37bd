"""Tavern Brawl's own hooks, for house rules. Added by ``skirmish_addhooks`` in ``plugin.py``.

Names start with the ruleset id (``tavern-brawl`` -> ``tavern_brawl_``). A house-rules
plugin implements them with ``@skirmish.hookimpl`` like any core hook::

    @hookimpl
    def tavern_brawl_modify_target(game, attacker, victim, card, target):
        return 1 if card == "tankard" else 0     # tankards are slippery in this tavern
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish import hookspec

if TYPE_CHECKING:
    from skirmish import Game


@hookspec
def tavern_brawl_modify_target(game: Game, attacker: str, victim: str, card: str, target: int) -> int | None:
    """Return a change to an attack's target number (``+1`` makes it harder), or None.

    ``card`` is the card id (``"stool"``) or ``"punch"``; ``target`` is the number after
    the rules' own modifiers. Every plugin's change is added up; the result is then
    kept within 2..6 (a 1 always misses, a 6 always hits). Called whenever an attack
    is offered or rolled, so it must not change the game.
    """


@hookspec(firstresult=True)
def tavern_brawl_card_effect(game: Game, player: str, card_id: str, card: Any, target: str) -> bool | None:
    """Carry out a played card yourself; return True when you did (the rules then do nothing).

    Called for every card played, before the rules' own effect, so a plugin can both
    add cards with new ``effect`` names (through ``skirmish_extend_content``) and change
    what existing cards do. ``card`` is the :class:`skirmish_tavern_brawl.content.Card`;
    ``target`` is the player it is played at ("" for cards that are not aimed). Use
    ``game.emit``/``game.rng``/``game.ask`` as the rules do. Return None to leave it to the rules.
    """
