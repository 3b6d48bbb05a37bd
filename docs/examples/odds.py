"""Exact odds with skirmish.dice: the same per-die rules the game rolls with, as fractions."""

from __future__ import annotations

from fractions import Fraction

from duel import Duel

from skirmish import Game
from skirmish.dice import CustomDie, Distribution, count_faces, parse, pool_hits, roll_pool

# Ten dice hitting on 4+, re-rolling misses once: an exact distribution of hits.
hits = pool_hits(10, 4, reroll="misses")
assert sum(hits.values()) == 1 and hits[10] == Fraction(3, 4) ** 10
at_least_8 = sum(p for n, p in hits.items() if n >= 8)

# The same from a dice expression (what `skirmish roll "10d6>=4r" --odds` prints).
assert parse("10d6>=4r").distribution() == hits

# Distributions add as independent results: two attacks in a row.
two = pool_hits(3, 4) + pool_hits(2, 5)
assert two[5] == Fraction(1, 8) * Fraction(1, 9)

# Custom faces: how many of 4 goblin dice show a star.
goblin = CustomDie("goblin", ("star", "star", "blank", "blank", "skull", "uprising"))
stars = count_faces(goblin, 4, "star")
assert stars[0] == Fraction(2, 3) ** 4

# Any exact outcome table you work out yourself.
coin = Distribution({"heads": 1, "tails": 1})
assert coin["heads"] == Fraction(1, 2)

# Rolling uses the game's seeded RNG, so tests load the dice and the log shows every die.
game = Game(Duel(), seed=1, dice=[6, 3, 4])
rolled = roll_pool(game.rng, 3, 4, rule="Shooting", why="Red shoots")
assert rolled.hits == 2 and [e.kind for e in game.log][-1] == "roll"
print(f"P(8+ hits of 10 at 4+ with re-rolls) = {at_least_8} ~ {float(at_least_8):.3f}")
