"""Praying at Shrines and the Divine Intervention step.

Praying: a warrior within 3" of a shrine (base edge to shrine centre) with no enemy within
3" of that shrine earns its side D6 points (+1 Holy). In the Divine Intervention step each
side with points rolls a D6 and adds them; the highest is heard (a tie: nobody; a lone side
with points: heard without a roll) and rolls on the divine table (2D6 as printed, or the
D12 house option ``divine_die = "d12"``). Every side's points are cleared at the end.

"Allied" means the heard side's warriors under its control; "enemy" means warriors on the
table of the other side, and Berserk warriors, which are hostile to everyone.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from skirmish import Decision, Option, Param
from skirmish.dice import parse
from skirmish.geometry import Circle, Vec, overlaps
from skirmish_chob_noggoth import attacks, measuring
from skirmish_chob_noggoth.state import BERSERK, DEAD, READY, Piece, Warrior

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_chob_noggoth.content import Entry

RULE = "Divine Intervention"


# ------------------------------------------------------------------------------- praying


def can_pray(game: Game, w: Warrior) -> list[str]:
    """Ids of the shrines ``w`` may pray at now."""
    if w.status != READY:
        return []
    c = game.ruleset.content
    state = game.state
    enemies = state.enemies(w)
    out = []
    for s in state.shrines:
        if measuring.point_gap(w, s.x, s.y) > c.table.shrine_reach + measuring.EPS:
            continue
        if any(measuring.point_gap(e, s.x, s.y) <= c.prayer.enemy_reach + measuring.EPS for e in enemies):
            continue
        out.append(s.id)
    return out


def pray(game: Game, warrior_id: str, shrine_id: str) -> None:
    """The Pray action: D6 Divine Intervention points (+1 Holy) for the warrior's side."""
    w = game.state.warriors[warrior_id]
    if shrine_id not in can_pray(game, w):
        raise ValueError(f"{w.name} cannot pray at shrine {shrine_id!r} now")
    p = game.ruleset.content.prayer
    points = _roll(game, p.points, "Action: Praying", f"{w.name} prays at shrine {shrine_id}")
    if w.has("Holy"):
        points += p.holy_bonus
    side = game.state.sides[w.side]
    side.divine_points += points
    game.emit("pray", f"{w.name} prays at shrine {shrine_id}: {points} point{'s' if points != 1 else ''} "
              f"({side.divine_points} this round)", rule="Action: Praying", target=w.id, shrine=shrine_id,
              points=points, total=side.divine_points)


# ------------------------------------------------------------------------------- the step


def divine_step(game: Game) -> None:
    """The Divine Intervention step (a phase body)."""
    game.call(_clear_points)  # runs after everything the intervention schedules or asks
    heard = who_is_heard(game)
    if heard is None:
        return
    c = game.ruleset.content
    house = game.setup.get("options", {}).get("divine_die") == "d12"
    expr = c.divine_rules.house_roll if house else c.divine_rules.roll
    roll = _roll(game, expr, RULE, f"{heard}'s gods answer ({expr})")
    entry = c.divine_result(roll)
    answered = game.emit("divine", f"{heard} rolls {roll} on the divine table: {entry.name}",
                         rule=f"{RULE}: {entry.name}", player=heard, roll=roll, result=entry.id)
    with game.because(answered):
        _RESULTS[entry.id](game, heard, entry, f"{RULE}: {entry.name}")


def who_is_heard(game: Game) -> str | None:
    """The player whose gods answer this step, or None (no points, or a tie)."""
    state = game.state
    praying = [p for p in game.players if p in state.sides and state.sides[p].divine_points >= 1]
    if not praying:
        game.emit("divine", "nobody prayed this round: the gods are silent", rule=RULE)
        return None
    if len(praying) == 1:
        p = praying[0]
        game.emit("divine", f"only {p} prayed ({state.sides[p].divine_points} points): heard", rule=RULE, player=p)
        return p
    die = game.ruleset.content.divine_rules.contest_die
    totals = {}
    for p in praying:
        points = state.sides[p].divine_points
        totals[p] = _roll(game, die, RULE, f"{p} calls on the gods ({points} points)") + points
    best = max(totals.values())
    top = [p for p, t in totals.items() if t == best]
    shown = ", ".join(f"{p} {t}" for p, t in totals.items())
    if len(top) > 1:
        game.emit("divine", f"{shown}: a tie, the gods hear nobody", rule=RULE, totals=totals)
        return None
    game.emit("divine", f"{shown}: {top[0]} is heard", rule=RULE, player=top[0], totals=totals)
    return top[0]


def _clear_points(game: Game) -> None:
    for side in game.state.sides.values():
        side.divine_points = 0


def allies_of(game: Game, player: str) -> list[Warrior]:
    """The heard side's warriors under its control."""
    return game.state.of_side(player)


def enemies_of(game: Game, player: str) -> list[Warrior]:
    """Warriors on the table hostile to ``player``: the other side's, and Berserk ones."""
    return [w for w in game.state.on_table() if w.side != player or w.status == BERSERK]


# ------------------------------------------------------------------------------- results


def _gods_giveth(game: Game, player: str, entry: Entry, rule: str) -> None:
    examples = terrain_spots(game)
    if not examples:
        game.emit("divine", "there is no clear spot for a new terrain piece", rule=rule)
        return
    state = game.state
    size = _new_piece_size(game)
    game.ask(Decision(player, "divine-terrain", f"{player}: place a new {size:g}\" area terrain piece (its centre "
                      "x, y), clear of warriors, terrain and shrines",
                      params=(Param("x", "float", 0, state.width), Param("y", "float", 0, state.depth)),
                      validator=terrain_problem, examples=examples, rule=rule,
                      context={"player": player, "action": "divine-terrain", "size": size}), _terrain_placed, rule)


def _new_piece_size(game: Game) -> float:
    return float(game.ruleset.content.table.terrain_min_size)


def terrain_problem(game: Game, answer: dict[str, Any]) -> str | None:
    """Why a new terrain piece cannot go at (x, y) (None when it can)."""
    state = game.state
    x, y = answer["x"], answer["y"]
    r = _new_piece_size(game) / 2
    if not (r - measuring.EPS <= x <= state.width - r + measuring.EPS
            and r - measuring.EPS <= y <= state.depth - r + measuring.EPS):
        return f"a {2 * r:g}\" piece centred there would hang off the table"
    circle = Circle(Vec(x, y), r)
    if measuring.table_of(state).terrain_overlapping(circle):
        return "that is on existing terrain"
    for w in state.on_table():
        if math.hypot(w.x - x, w.y - y) < w.radius + r - measuring.EPS:
            return f"that is on top of {w.name}"
    shrine_r = game.ruleset.content.table.shrine_diameter / 2
    for s in state.shrines:
        if math.hypot(s.x - x, s.y - y) < shrine_r + r - measuring.EPS:
            return f"that covers shrine {s.id}"
    return None


def terrain_spots(game: Game, count: int = 3) -> list[dict[str, float]]:
    """A few legal centres for a new piece, spread over the table."""
    state = game.state
    r = _new_piece_size(game) / 2
    found: list[dict[str, float]] = []
    for fy in (0.5, 0.25, 0.75, 0.1, 0.9):
        y = r + (state.depth - 2 * r) * fy
        for i in range(25):
            x = r + (state.width - 2 * r) * ((i * 7) % 25) / 24
            spot = {"x": round(x, 2), "y": round(y, 2)}
            if terrain_problem(game, spot) is None:
                found.append(spot)
                if len(found) >= count:
                    return found
    return found


def _terrain_placed(game: Game, answer: dict[str, Any], rule: str) -> None:
    state = game.state
    size = _new_piece_size(game)
    pid = f"gift-{state.next_piece}"
    state.next_piece += 1
    state.pieces.append(Piece(pid, "Divine Gift", "area", "circle", answer["x"], answer["y"], size, size))
    game.emit("terrain", f"a new {size:g}\" area piece rises at ({answer['x']:.1f}, {answer['y']:.1f})", rule=rule,
              piece=pid, x=answer["x"], y=answer["y"])


def _big_hand(game: Game, player: str, entry: Entry, rule: str) -> None:
    state = game.state
    radius = game.ruleset.content.divine_rules.big_hand_radius
    game.ask(Decision(player, "divine-big-hand", f"{player}: where does the Big Hand come down (its centre x, y; "
                      f"a {radius:g}\" radius)?",
                      params=(Param("x", "float", 0, state.width), Param("y", "float", 0, state.depth)),
                      examples=big_hand_spots(game, player), rule=rule,
                      context={"player": player, "action": "divine-big-hand", "radius": radius}), _hand_placed, rule)


def big_hand_spots(game: Game, player: str) -> list[dict[str, float]]:
    """Examples: on the enemy with the most enemies near it, then the table's centre."""
    state = game.state
    radius = game.ruleset.content.divine_rules.big_hand_radius
    foes = enemies_of(game, player)
    out = []
    if foes:
        best = max(foes, key=lambda e: (sum(1 for f in foes if measuring.point_gap(f, e.x, e.y) <= radius), e.id))
        out.append({"x": round(best.x, 2), "y": round(best.y, 2)})
    out.append({"x": state.width / 2, "y": state.depth / 2})
    return out


def _hand_placed(game: Game, answer: dict[str, Any], rule: str) -> None:
    state = game.state
    x, y = answer["x"], answer["y"]
    radius = game.ruleset.content.divine_rules.big_hand_radius
    under = sorted(measuring.within_of(state, x, y, radius), key=lambda w: w.id)
    game.emit("big-hand", f"the Big Hand comes down at ({x:.1f}, {y:.1f}) over "
              + (", ".join(w.name for w in under) or "nobody"), rule=rule, x=x, y=y, targets=[w.id for w in under])
    for w in under:
        attacks.morale_check(game, w, rule=rule, divine=True, big_hand=True, source=(x, y))


def _resurrection(game: Game, player: str, entry: Entry, rule: str) -> None:
    slain = slain_of(game, player)
    if slain:
        w = game.rng.choice(slain, rule=rule, why=f"which of {player}'s slain returns")
        _ask_return(game, w, rule)
        return
    living = sorted(game.state.of_side(player), key=lambda w: w.id)
    if not living:
        game.emit("divine", f"{player} has nobody to raise and nobody to give", rule=rule)
        return
    w = game.rng.choice(living, rule=rule, why=f"nobody of {player}'s is slain yet: who the gods take")
    attacks.kill(game, w, rule, "is taken by the gods, to be raised another time")


def _ask_return(game: Game, w: Warrior, rule: str) -> None:
    from skirmish_chob_noggoth.turns import free_spots, placement_problem

    state = game.state
    wid = w.id

    def check(g: Game, answer: dict[str, Any]) -> str | None:
        return placement_problem(g.state, g.state.warriors[wid], answer["x"], answer["y"], enemies_only=True)

    examples = free_spots(state, w, enemies_only=True, count=3)
    if not examples:
        game.emit("divine", f"there is no room for {w.name} to return", rule=rule, target=w.id)
        return
    game.ask(Decision(w.side, "divine-resurrect", f"{w.side}: {w.name} returns to life - place it (x, y) on the "
                      "table, out of contact with enemies",
                      params=(Param("x", "float", w.radius, state.width - w.radius),
                              Param("y", "float", w.radius, state.depth - w.radius)),
                      validator=check, examples=examples, rule=rule,
                      context={"actor": wid, "action": "divine-resurrect"}), _resurrected, wid, rule)


def slain_of(game: Game, player: str) -> list[Warrior]:
    """``player``'s dead warriors that a Resurrection may raise (not the fled, not a split Piggun)."""
    state = game.state
    return sorted((w for w in state.warriors.values() if w.side == player and w.status == DEAD
                   and f"{w.id}-front" not in state.warriors), key=lambda w: w.id)


def _resurrected(game: Game, answer: dict[str, Any], wid: str, rule: str) -> None:
    w = game.state.warriors[wid]
    w.x, w.y = answer["x"], answer["y"]
    w.status, w.wounds, w.aimed, w.melee_wounds = READY, w.max_wounds, False, 0
    game.emit("resurrect", f"{w.name} returns at ({w.x:.1f}, {w.y:.1f}) with {w.wounds} wounds", rule=rule,
              target=w.id, x=w.x, y=w.y)


def _terrifying_visions(game: Game, player: str, entry: Entry, rule: str) -> None:
    for w in sorted(enemies_of(game, player), key=lambda w: w.id):
        attacks.morale_check(game, w, rule=rule, divine=True)


def _grant(game: Game, player: str, entry: Entry, rule: str) -> None:
    """Divine Protection (Hardened, ruling CN-33) and Levitation (Winged): for good; those with it gain nothing."""
    name = game.ruleset.content.bonus_rules[entry.grants].name
    gained = []
    for w in allies_of(game, player):
        if not w.has(name):
            w.rules = [*w.rules, name]  # assigned, never changed in place (see state.Names)
            gained.append(w)
    game.emit("grant", f"{', '.join(w.name for w in gained) or 'nobody'} gain{'s' if len(gained) == 1 else ''} "
              f"{name} for the rest of the game", rule=rule, rule_name=name, targets=[w.id for w in gained])


def _smite(game: Game, player: str, entry: Entry, rule: str) -> None:
    w = _random_enemy(game, player, rule)
    if w is not None:
        attacks.explode(game, w, rule, radius=entry.dice, hits=entry.hits)


def _angered_gods(game: Game, player: str, entry: Entry, rule: str) -> None:
    for w in sorted(game.state.on_table(), key=lambda w: w.id):
        attacks.suffer_hits(game, w, 1, rule=rule)


def _divine_jab(game: Game, player: str, entry: Entry, rule: str) -> None:
    w = _random_enemy(game, player, rule)
    if w is not None:
        attacks.suffer_wounds(game, w, 1, rule=rule)


def _healing(game: Game, player: str, entry: Entry, rule: str) -> None:
    healed = []
    for w in allies_of(game, player):
        if w.wounds < w.max_wounds:
            w.wounds += 1
            healed.append(w)
    game.emit("heal", f"{', '.join(w.name for w in healed) or 'nobody'} regain{'s' if len(healed) == 1 else ''} a "
              "wound", rule=rule, targets=[w.id for w in healed])


def _blessing(game: Game, player: str, entry: Entry, rule: str) -> None:
    allies = sorted(allies_of(game, player), key=lambda w: w.id)
    if not allies:
        game.emit("divine", f"{player} has nobody on the table to bless", rule=rule)
        return
    c = game.ruleset.content
    w = game.rng.choice(allies, rule=rule, why="who is blessed")
    n = game.rng.randint(1, len(c.bonus_rules), rule=rule, why=f"{w.name}'s blessing: a bonus rule")
    name = c.bonus_rules[c.bonus_rule_number(n)].name
    if w.has(name):
        game.emit("blessing", f"{w.name} already has {name}: nothing happens", rule=rule, target=w.id, rule_name=name)
        return
    w.rules = [*w.rules, name]
    if name == c.bonus_rules["big"].name:  # Big's extra wound comes with it
        w.max_wounds += 1
        w.wounds += 1
    game.emit("blessing", f"{w.name} is blessed with {name}", rule=rule, target=w.id, rule_name=name)


def _gods_taketh(game: Game, player: str, entry: Entry, rule: str) -> None:
    pieces = game.state.pieces
    if not pieces:
        game.emit("divine", "there is no terrain left to take", rule=rule)
        return
    options = [Option(p.id, f"{p.name} ({p.kind}, at {p.x:g}, {p.y:g})", data={"piece": p.id, "kind": p.kind})
               for p in pieces]
    game.ask(Decision(player, "divine-remove-terrain", f"{player}: which terrain piece do the gods take away?",
                      options=options, rule=rule, context={"player": player, "action": "divine-remove-terrain"}),
             _terrain_removed, rule)


def _terrain_removed(game: Game, answer: str, rule: str) -> None:
    state = game.state
    piece = next(p for p in state.pieces if p.id == answer)
    state.pieces.remove(piece)
    inside = [w.name for w in state.on_table() if overlaps(measuring.base(w), measuring.piece_shape(piece))]
    game.emit("terrain", f"{piece.name} is taken away" + (f"; {', '.join(inside)} stay where they stood"
                                                           if inside else ""), rule=rule, piece=piece.id)


def _random_enemy(game: Game, player: str, rule: str) -> Warrior | None:
    foes = sorted(enemies_of(game, player), key=lambda w: w.id)
    if not foes:
        game.emit("divine", f"{player} has no enemy on the table", rule=rule)
        return None
    return game.rng.choice(foes, rule=rule, why="a random enemy")


_RESULTS = {
    "gods-giveth": _gods_giveth, "big-hand": _big_hand, "resurrection": _resurrection,
    "terrifying-visions": _terrifying_visions, "divine-protection": _grant, "smite": _smite,
    "angered-gods": _angered_gods, "divine-jab": _divine_jab, "levitation": _grant, "healing": _healing,
    "blessing": _blessing, "gods-taketh": _gods_taketh,
}


def _roll(game: Game, expr: str, rule: str, why: str) -> int:
    return int(parse(expr).roll(game.rng, rule=rule, why=why).value)
