"""A plugin registering a named die (``skirmish roll 3xgoblin``)."""

from skirmish import DieSpec, hookimpl
from skirmish.dice import CustomDie


@hookimpl
def skirmish_register_dice() -> list[DieSpec]:
    return [DieSpec("goblin", CustomDie("goblin", ["stab", "stab", "grin", "grin", "flee", "boom"]),
                    "a goblin's mood")]
