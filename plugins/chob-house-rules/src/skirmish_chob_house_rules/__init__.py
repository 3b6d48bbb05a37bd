"""House rules for Chob-Noggoth: the worked example of a house-rules plugin for a bundled ruleset.

``plugin`` is the entry point (every hook lives there); ``variant`` holds the opt-in
ruleset ``chob-noggoth-house``; ``house`` the house rules themselves (a content change
and a rules-code step), with their numbers in ``data/house.toml``; ``tally`` the kill
tally (an observer, and the ``chob-tally`` command that recounts a saved game).
"""

__version__ = "0.1.0"

#: The name of the variant ruleset every hook of this plugin is scoped to.
VARIANT = "chob-noggoth-house"
