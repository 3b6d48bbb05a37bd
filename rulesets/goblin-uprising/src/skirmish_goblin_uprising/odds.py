"""Exact odds from the dice faces in the content: successes of a Goblin roll, an enemy's attack damage.

Queries: ``""`` (the pending decision: its abilities, its adventure, or the current roll), ``dice N`` (N Goblin
dice with the player's Essence), ``adventure`` (5 dice against each difficulty), ``enemy TARGET`` (the damage
an enemy or the Tyrant deals on one attack).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from skirmish import SkirmishError
from skirmish_goblin_uprising.bookkeeping import C, target_name

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_goblin_uprising.state import GameState


def goblin_successes(game: Game, n: int, essence: int, fixed: int = 0) -> dict[int, Fraction]:
    """Successes of ``n`` Goblin dice when up to ``essence`` Essence results are paid for (plus ``fixed``)."""
    die = C(game).dice["goblin"]
    p = Fraction(1, len(die.faces))
    dist: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}  # (successes, essence results)
    for _ in range(n):
        nxt: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for (succ, ess), q in dist.items():
            for f in die.faces:
                r = die.results[f]
                nxt[(succ + r.success, ess + (1 if r.essence else 0))] += q * p
        dist = nxt
    out: dict[int, Fraction] = defaultdict(Fraction)
    for (succ, ess), q in dist.items():
        out[succ + min(ess, essence) + fixed] += q
    return dict(sorted(out.items()))


def at_least(dist: dict[int, Fraction], k: int) -> Fraction:
    return sum((q for v, q in dist.items() if v >= k), Fraction(0))


def enemy_damage(game: Game, target: str) -> dict[int, Fraction]:
    """The damage of one attack by ``target`` (before prevention)."""
    s: GameState = game.state
    c = C(game)
    kind, _, key = target.partition(":")
    if target == "tyrant":
        base, die, n = s.damage, c.dice["tyrant"], c.counts.tyrant_per_attack
    elif kind == "troop" and key in c.troops:
        base, die, n = c.troops[key].damage + max(0, s.troops.get(key, 1) - 1), c.dice["enemy"], \
            c.counts.enemy_per_attack
    elif kind == "general" and key in c.generals:
        base, die, n = c.generals[key].damage, c.dice["enemy"], c.counts.enemy_per_attack
    else:
        raise SkirmishError(f"no enemy '{target}' (try tyrant, troop:dwarf, general:elven)")
    from skirmish_goblin_uprising.bookkeeping import tyrant

    power = sum(e.amount() for e in tyrant(game).power if e.effect == "extra_damage")
    dist: dict[int, Fraction] = {base: Fraction(1)}
    p = Fraction(1, len(die.faces))
    for _ in range(n):
        nxt: dict[int, Fraction] = defaultdict(Fraction)
        for v, q in dist.items():
            for f in die.faces:
                r = die.results[f]
                nxt[v + r.damage + (power if r.power and target == "tyrant" else 0)] += q * p
        dist = nxt
    return dict(sorted(dist.items()))


def odds(game: Game, player: str, query: str) -> list[tuple[str, dict[Any, Any]]]:
    s: GameState = game.state
    hero = s.heroes.get(player)
    words = query.split()
    essence = hero.essence if hero else 0
    if not words:
        d = game.pending
        if d is None or hero is None:
            raise SkirmishError("no decision is pending: ask 'dice N', 'adventure' or 'enemy TARGET'")
        if d.kind == "ability":
            return ability_odds(game, hero, d)
        if d.kind in ("invite", "adventure-roll", "adventure"):
            return adventure_odds(game, essence)
        targets = [o.value.split(":", 1)[1] for o in d.options if str(o.value).startswith("battle:")]
        if targets:
            return [(f"damage of one attack by {target_name(game, t)}", enemy_damage(game, t))
                    for t in targets if not t.startswith("hero:")]
        raise SkirmishError("the pending decision has no dice to weigh: ask 'dice N', 'adventure' or 'enemy TARGET'")
    if words[0] == "dice" and len(words) == 2 and words[1].isdigit():
        n = int(words[1])
        if not 0 <= n <= 30:
            raise SkirmishError("dice N takes 0 to 30 dice")
        return [(f"successes on {n} Goblin dice (up to {essence} Essence paid)", goblin_successes(game, n, essence))]
    if words[0] == "adventure":
        return adventure_odds(game, essence)
    if words[0] == "enemy" and len(words) == 2:
        return [(f"damage of one attack by {words[1]}", enemy_damage(game, words[1]))]
    raise SkirmishError(f"cannot weigh '{query}': ask 'dice N', 'adventure' or 'enemy TARGET'")


def adventure_odds(game: Game, essence: int) -> list[tuple[str, dict[Any, Any]]]:
    dist = goblin_successes(game, C(game).counts.adventure, essence)
    table = {f"difficulty {k}": at_least(dist, k) for k in range(1, 6)}
    return [("chance to succeed an adventure alone (5 dice)", table)]


def ability_odds(game: Game, hero: Any, d: Any) -> list[tuple[str, dict[Any, Any]]]:
    """The damage each offered ability deals, numbered like the menu: successes (Essence results paid for, up to
    the hero's Essence) plus the ability's own damage (Deadeye's +2), bonuses that hold now (a damaged target),
    and, against the Tyrant, what gets through the Royal Armor the ability leaves standing."""
    s: GameState = game.state
    c = C(game)
    cls = c.classes[hero.cls]
    target = str((d.context or {}).get("target", ""))
    from skirmish_goblin_uprising.combat import _target_damaged

    damaged = bool(target) and _target_damaged(game, target)
    out = []
    for i, o in enumerate(d.options, 1):
        value = str(o.value)
        if not value.startswith("ability:"):
            continue
        a = cls.ability(value.split(":", 1)[1])
        bonus = ignore = 0
        notes = []
        for e in a.effects:
            n = e.amount(hero.leadership)
            if e.effect == "damage":
                bonus += n
                notes.append(f"+{n} damage")
            elif e.effect == "bonus_vs_damaged" and damaged:
                bonus += n
                notes.append(f"+{n} as the target is damaged")
            elif e.effect == "bonus_if_essence":
                notes.append(f"+{n} more if you spend Essence, not counted")
            elif e.effect == "ignore_armor":
                ignore += n
        dist = goblin_successes(game, a.dice, hero.essence, fixed=bonus)
        extra = f"; {', '.join(notes)}" if notes else ""
        title = f"{i}. {a.name}: damage on {a.dice} dice (up to {hero.essence} Essence paid{extra})"
        if target == "tyrant":
            armor = max(0, s.armor - ignore)
            through: dict[int, Fraction] = defaultdict(Fraction)
            for v, q in dist.items():
                through[max(0, v - armor)] += q
            title += f", through Royal Armor {armor}"
            dist = dict(sorted(through.items()))
        out.append((title, dist))
    return out
