"""Attacks: target numbers, rolling with natural 6/1, re-rolls, Force of Will, and placing Doom.

One attack runs as a chain of steps so that the attacking player can spend Mercury or Fortune
Cards on Force of Will re-rolls, and the defender can play hit-reducing cards, between the roll
and the Doom.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from skirmish import Decision, Option, counted
from skirmish_hobgoblin import expansions, stats
from skirmish_hobgoblin.tables import kp

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.state import Unit

SHOOTING, COMBAT, PUNISH, PERILOUS = "shooting", "combat", "punish", "perilous"
CLOSE = (COMBAT, PUNISH)


@attrs.define
class Attack:
    """One attack in progress."""

    attacker: str
    target: str
    dice: int
    kind: str
    rule: str
    need: int = 0
    rolls: list[int] = attrs.field(factory=list)
    cover: bool = False
    attacker_type: str = ""  # for Perilous: attacks "as a War Wagon"
    hits: int = 0
    #: Shoot into Combat: the units the hits are spread over (the target first)
    spread: list[str] = attrs.field(factory=list)


def target_number(game: Game, attacker: Unit | None, defender: Unit, kind: str, *, attacker_type: str = "",
                  cover: bool = False) -> int:
    """The number each die needs: the chart, then the modifiers (ruling A4: raising modifiers first, then
    lowering ones, each with its own bound)."""
    c = game.ruleset.content
    atype = attacker_type or (attacker.type if attacker is not None else "")
    dtype = defender.type
    if attacker is not None and attacker.has("Counts As Monster"):
        atype = "monster"
    need = game.ruleset.chart.target(atype, dtype)
    if kind == SHOOTING and cover:
        need = min(kp(c, "cover", "max_target_number"), need + kp(c, "cover", "target_number"))
    if attacker is not None:
        if kind in CLOSE and attacker.has("Elite"):
            need = max(kp(c, "elite", "min_target_number"), need + kp(c, "elite", "target_number"))
        if kind in CLOSE and attacker.has("Devastating Charge") and \
                attacker.advanced >= kp(c, "devastating-charge", "advance"):
            dc = "devastating-charge"
            need = max(kp(c, dc, "min_target_number"), need + kp(c, dc, "target_number"))
        if kind == SHOOTING and attacker.has("Deadly Shots"):
            need = max(kp(c, "deadly-shots", "min_target_number"), need + kp(c, "deadly-shots", "target_number"))
    hooked = _hook(game, "hobgoblin_target_number", attacker=attacker, defender=defender, kind=kind, value=need)
    return int(hooked) if hooked is not None else need


def _hook(game: Game, name: str, **kwargs: Any) -> Any:
    hooks = game.hooks
    caller = getattr(hooks, name, None) if hooks is not None else None
    if caller is None:
        return None
    try:
        out = caller(game=game, **kwargs)
    except Exception:  # pragma: no cover - a hook without implementations
        return None
    if isinstance(out, list):
        out = [o for o in out if o is not None]
        return out[-1] if out else None
    return out


def is_hit(game: Game, die: int, need: int) -> bool:
    r = game.ruleset.rules.attack
    if die >= r.hit_always:
        return True
    if die <= r.miss_always:
        return False
    return die >= need


def attack(game: Game, attacker: Unit | None, target: Unit, dice: int, kind: str, rule: str, *,
           cover: bool = False, attacker_type: str = "", spread: list[str] | None = None) -> None:
    """Schedule an attack of ``dice`` dice (the chain runs next)."""
    atk = Attack(attacker.id if attacker else "", target.id, dice, kind, rule, cover=cover,
                 attacker_type=attacker_type, spread=list(spread or []))
    game.call(_roll, atk)


def _unit(game: Game, uid: str) -> Unit | None:
    return game.state.units.get(uid) if uid else None


def _roll(game: Game, atk: Attack) -> None:
    attacker, target = _unit(game, atk.attacker), game.state.units[atk.target]
    atk.need = target_number(game, attacker, target, atk.kind, attacker_type=atk.attacker_type, cover=atk.cover)
    who = attacker.name if attacker else "Perilous terrain"
    extra = " (cover)" if atk.cover else ""
    atk.rolls = game.rng.rolls_of(atk.dice, 6, rule=atk.rule,
                                  why=f"{who} attacks {target.name}, {counted(atk.dice, 'die', 'dice')} needing "
                                      f"{atk.need}+{extra}")
    if attacker is not None and atk.kind in CLOSE:
        if attacker.has("Brutal"):
            _reroll(game, atk, [i for i, d in enumerate(atk.rolls) if not is_hit(game, d, atk.need)], "Brutal")
        if attacker.has("Cursed"):
            _reroll(game, atk, [i for i, d in enumerate(atk.rolls) if is_hit(game, d, atk.need)], "Cursed")
    game.call(_force_of_will, atk)


def _reroll(game: Game, atk: Attack, which: list[int], rule: str) -> None:
    if not which:
        return
    new = game.rng.rolls_of(len(which), 6, rule=rule, why=f"{rule}: re-roll {counted(len(which), 'die', 'dice')}")
    for i, v in zip(which, new, strict=True):
        atk.rolls[i] = v


def _misses(game: Game, atk: Attack) -> list[int]:
    """Indices of missed dice, 1s first (a 1 may cost Doom)."""
    idx = [i for i, d in enumerate(atk.rolls) if not is_hit(game, d, atk.need)]
    return sorted(idx, key=lambda i: atk.rolls[i])


def force_options(game: Game, player: str) -> list[Any]:
    """What ``player`` can pay for one Force of Will re-roll: "mercury" and/or card ids (one per card name)."""
    from skirmish_hobgoblin import fortune

    side = game.state.sides[player]
    out: list[Any] = []
    if side.mercury > 0:
        out.append("mercury")
    seen: set[str] = set()
    for card in side.hand.cards:
        name = fortune.card_key(card)
        if name not in seen:
            seen.add(name)
            out.append(card)
    return out


def _force_of_will(game: Game, atk: Attack) -> None:
    attacker = _unit(game, atk.attacker)
    misses = _misses(game, atk)
    if attacker is None or not misses or atk.kind == PERILOUS:
        game.call(_resolve, atk)
        return
    player = attacker.side
    pay = force_options(game, player)
    if not pay or game.state.notes.get(f"no-force-of-will:{player}") == f"{game.round}:{game.phase}":
        game.call(_resolve, atk)
        return
    from skirmish_hobgoblin import fortune

    target = game.state.units[atk.target]
    hits = len(atk.rolls) - len(misses)
    worst = atk.rolls[misses[0]]
    mercury = game.state.sides[player].mercury
    held = len(game.state.sides[player].hand.cards)
    opts = [Option("keep", f"keep the dice ({counted(hits, 'hit')})", data={"action": "keep", "hits": hits}),
            Option("keep-phase", "keep the dice; no more Force of Will questions this phase", data={"action": "keep",
                   "hits": hits, "until": "phase"})]
    for p in pay:
        if p == "mercury":
            opts.append(Option("mercury", f"re-roll the {worst} for 1 Mercury (you have {mercury})",
                               data={"action": "reroll", "pay": "mercury"}))
        else:
            opts.append(Option(p, f"re-roll the {worst}, discarding {fortune.card_name(game, p)}",
                               data={"action": "reroll",
                               "pay": "card", "card": p}))
    for more in expansions.call(game, "hobgoblin_force_of_will_options", player=player, attack=atk):
        opts += more  # (Cursed Artefacts: Quicksilver turns a miss to a spent die's face)
    game.ask(Decision(player, "force-of-will",
                      f"{attacker.name} rolled {' '.join(map(str, atk.rolls))} needing {atk.need}+ against "
                      f"{target.name}: {counted(hits, 'hit')}. Force of Will: re-roll your lowest miss (a {worst}) "
                      f"for 1 Mercury (you have {mercury}) or a discarded Fortune Card (you hold {held})?",
                      options=opts, rule="Force of Will",
                      context={"phase": game.phase, "actor": attacker.id, "target": target.id, "action": "reroll",
                               "need": atk.need, "rolls": list(atk.rolls), "hits": hits, "kind": atk.kind}),
             _forced, atk)


def _forced(game: Game, answer: Any, atk: Attack) -> None:
    if answer == "keep-phase":  # the player's own shortcut, not a rule: every later roll this phase is kept
        player = game.state.units[atk.attacker].side
        game.state.notes[f"no-force-of-will:{player}"] = f"{game.round}:{game.phase}"
        game.emit("note", f"{player} keeps every roll without Force of Will until the end of the {game.phase} phase",
                  rule="Force of Will", player=player)
    if answer in ("keep", "keep-phase"):
        game.call(_resolve, atk)
        return
    if expansions.first(game, "hobgoblin_force_of_will_answer", player=game.state.units[atk.attacker].side,
                        attack=atk, answer=answer):  # (Cursed Artefacts: Quicksilver)
        game.call(_force_of_will, atk)
        return
    attacker = game.state.units[atk.attacker]
    side = game.state.sides[attacker.side]
    from skirmish_hobgoblin import fortune

    if answer == "mercury":
        side.mercury -= 1
        paid = "1 Mercury"
    else:
        fortune.discard_from_hand(game, attacker.side, answer, why="Force of Will")
        paid = fortune.card_name(game, answer)
    i = _misses(game, atk)[0]
    old = atk.rolls[i]
    atk.rolls[i] = game.rng.roll(6, rule="Force of Will", why=f"re-roll a {old} ({paid})")
    game.call(_force_of_will, atk)


def count_hits(game: Game, atk: Attack) -> int:
    attacker = _unit(game, atk.attacker)
    hits = sum(1 for d in atk.rolls if is_hit(game, d, atk.need))
    if attacker is not None and atk.kind in CLOSE and attacker.has("Critical Hits"):
        c = game.ruleset.content
        hits += kp(c, "critical-hits", "extra_hits") * sum(1 for d in atk.rolls if d == kp(c, "critical-hits", "on"))
    return hits


def _resolve(game: Game, atk: Attack) -> None:
    attacker = _unit(game, atk.attacker)
    target = game.state.units[atk.target]
    atk.hits = count_hits(game, atk)
    ones = sum(1 for d in atk.rolls if d == 1)
    game.emit("hits", f"{attacker.name if attacker else 'Perilous terrain'} scores {counted(atk.hits, 'hit')} on "
                      f"{target.name}",
              rule=atk.rule, attacker=atk.attacker, target=atk.target, hits=atk.hits, rolls=list(atk.rolls),
              need=atk.need)
    if attacker is not None and ones:
        if attacker.has("Self-Destructive"):
            stats.add_doom(game, attacker, ones, "Self-Destructive", "rolled 1s")
        if atk.kind in CLOSE and target.has("Merciless"):
            stats.add_doom(game, attacker, ones, "Merciless", f"rolled 1s against {target.name}")
    from skirmish_hobgoblin import fortune

    game.call(_place, atk)  # runs after the window below
    fortune.hit_window(game, atk)


def doom_from_hits(game: Game, target: Unit, hits: int, kind: str) -> tuple[int, str]:
    """Doom a number of hits places: Tough in close combat, the shooting cap of 5 (not on Skirmishers)."""
    r = game.ruleset.rules.attack
    if kind in CLOSE:
        tough = target.value("Tough")
        return max(0, hits - tough), (f"Tough ignores {counted(min(hits, tough), 'hit')}" if tough and hits else "")
    if kind == SHOOTING and not target.has("Skirmishers"):
        room = max(0, r.shooting_cap - target.doom)
        if hits > room:
            return room, f"{counted(hits - room, 'hit')} ignored (shooting cap {r.shooting_cap} Doom)"
    return hits, ""


def share_out(hits: int, n: int) -> list[int]:
    """Hits spread as evenly as possible over ``n`` units, the first ones taking any remainder."""
    base, extra = divmod(hits, n)
    return [base + (1 if i < extra else 0) for i in range(n)]


def _place(game: Game, atk: Attack) -> None:
    from skirmish_hobgoblin import fortune

    game.call(fortune.after_attack)  # runs once the Doom is placed and this attack's own windows (Relentless) are done
    target = game.state.units[atk.target]
    if atk.spread and len(atk.spread) > 1:
        shares = share_out(atk.hits, len(atk.spread))
        game.emit("note", f"Shoot into Combat: {counted(atk.hits, 'hit')} spread over "
                          + ", ".join(f"{game.state.units[u].name} {n}" for u, n in zip(atk.spread, shares,
                                                                                          strict=True)),
                  rule="Shoot into Combat")
        for uid, n in zip(atk.spread, shares, strict=True):
            unit = game.state.units[uid]
            doom, note = doom_from_hits(game, unit, n, atk.kind)
            if note:
                game.emit("note", f"{unit.name}: {note}", rule=atk.rule, unit=uid)
            stats.add_doom(game, unit, doom, atk.rule, counted(n, "hit"))
        return
    if not target.in_play:
        return
    doom, note = doom_from_hits(game, target, atk.hits, atk.kind)
    if note:
        game.emit("note", f"{target.name}: {note}", rule=atk.rule, unit=target.id)
    was_broken = target.has(stats.BROKEN)
    stats.add_doom(game, target, doom, atk.rule, counted(atk.hits, "hit"))
    attacker = _unit(game, atk.attacker)
    if doom and atk.kind == SHOOTING:
        from skirmish_hobgoblin import fortune

        fortune.after_shot_doom(game, target)
    expansions.call(game, "hobgoblin_doom_dealt", attacker=attacker, target=target, doom=doom,
                    kind=atk.kind)  # (Cursed Artefacts: Syphon Power)
    if not was_broken and target.has(stats.BROKEN):
        game.emit("note", f"{target.name} breaks under the attack", rule="Broken", unit=target.id)
