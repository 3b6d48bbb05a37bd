"""Cursed Artefacts: the catalogue and army-list checks (:mod:`.catalogue`), the keywords' timed rules
(:mod:`.rules`), and the plugin that runs them at phase starts and ends (:mod:`.plugin`).

This package module stays light, since the plugin is imported whenever skirmish lists what is installed;
the catalogue's names are loaded on first use.
"""

from __future__ import annotations

from skirmish import lazy_exports

_CATALOGUE = ("RULE", "Artefact", "artefacts", "builtin_artefacts", "parse_artefacts", "Homebrew", "homebrew",
              "homebrew_of", "find", "artefact_refs", "finish_keywords", "army_problems")

__all__ = list(_CATALOGUE)
__getattr__ = lazy_exports("skirmish_hobgoblin.artefacts.catalogue", _CATALOGUE, globals())
