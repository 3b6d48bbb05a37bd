"""The solo opponent (Him): His procedures in :mod:`.solo`, the plugin that plays them on Hobgoblin's hooks in
:mod:`.plugin`.

This package module stays light, since the plugin is imported whenever skirmish lists what is installed; the
agent's names are loaded on first use.
"""

from __future__ import annotations

from skirmish import lazy_exports

_SOLO = ("HimAgent", "make_him")

__all__ = list(_SOLO)
__getattr__ = lazy_exports("skirmish_hobgoblin.him.solo", _SOLO, globals())
