"""Tavern Brawl: the worked example of a third-party skirmish ruleset.

``plugin`` is the entry point; ``rules`` holds the ruleset; ``content`` and ``data/``
its cards and brawlers; ``ai`` its agent; ``hookspecs`` the hooks house rules use.
"""

__version__ = "0.1.0"
