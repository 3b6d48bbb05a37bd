"""Sphinx configuration of the skirmish authoring guide (build: python -m sphinx -W -b html docs docs/_build/html)."""

from __future__ import annotations

project = "skirmish authoring guide"
author = "the skirmish authors"
release = version = "0.1.0"
extensions = ["sphinx.ext.autodoc"]
exclude_patterns = ["_build", "examples"]
html_theme = "alabaster"
html_static_path: list[str] = []
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# the hookspecs and the Ruleset are documented from their docstrings, so the guide cannot drift from the code
autodoc_default_options = {"members": True}
pygments_style = "sphinx"
