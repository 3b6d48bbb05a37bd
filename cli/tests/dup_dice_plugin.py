"""A plugin registering a die under a name dice_plugin already uses."""

from skirmish import DieSpec, hookimpl
from skirmish.dice import CustomDie


@hookimpl
def skirmish_register_dice() -> list[DieSpec]:
    return [DieSpec("goblin", CustomDie("goblin", ["hit", "miss"]))]
