"""The battle AI's pieces: what it reads off a view (:mod:`.board`), how it values a fight with the exact odds
(:mod:`.combat`), what each scenario's objectives are worth at a point (:mod:`.objectives`), and how it steers a
unit to a chosen point with plain manoeuvres (:mod:`.steering`). :mod:`skirmish_hobgoblin.agents` puts them together.
"""
