"""Dice: die types, pools with re-rolls, exact odds and a dice expression language."""

from typing import Any

from skirmish.dice.expr import D66, Const, Custom, Dice, Expr, Pool, RollOutcome, Sum, parse
from skirmish.dice.faces import (
    D3,
    D6,
    MAX_DICE,
    MAX_SIDES,
    AnyDie,
    CustomDie,
    Die,
    DieSpec,
    d66,
    get_die,
    register_die,
    registered_dice,
    sum_of,
    unregister_die,
)
from skirmish.dice.pool import PoolResult, Reroll, die_hits, reroll, roll_pool

#: exact odds, imported on first use (they need :mod:`fractions`; rolling dice does not)
_ODDS = ("Distribution", "count_faces", "custom_die_distribution", "d66_distribution", "die_distribution",
         "pool_hits", "sum_distribution", "tally_distribution")


def __getattr__(name: str) -> Any:
    if name in _ODDS:
        from skirmish.dice import odds

        value = getattr(odds, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'skirmish.dice' has no attribute {name!r}")

__all__ = [
    "D3",
    "D6",
    "D66",
    "MAX_DICE",
    "MAX_SIDES",
    "AnyDie",
    "Const",
    "Custom",
    "CustomDie",
    "Dice",
    "Die",
    "DieSpec",
    "Distribution",
    "Expr",
    "Pool",
    "PoolResult",
    "Reroll",
    "RollOutcome",
    "Sum",
    "count_faces",
    "custom_die_distribution",
    "d66",
    "d66_distribution",
    "die_distribution",
    "die_hits",
    "get_die",
    "parse",
    "pool_hits",
    "register_die",
    "registered_dice",
    "reroll",
    "roll_pool",
    "sum_distribution",
    "sum_of",
    "tally_distribution",
    "unregister_die",
]
