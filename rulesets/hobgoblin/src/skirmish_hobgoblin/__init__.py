"""Hobgoblin, mass battles of rectangular units, as a skirmish ruleset."""
