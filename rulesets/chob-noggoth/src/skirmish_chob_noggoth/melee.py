"""Melee: resolved the moment opposing bases touch.

Order of a melee: the impact hit of a charging Mounted warrior or Monster, then the
first strike (the warrior that moved in, unless Quick Attack says otherwise), the reply
if the defender still stands, then the loser's morale check and push-back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish_chob_noggoth import attacks, measuring, warrior_profile
from skirmish_chob_noggoth.state import BERSERK, READY, Warrior

if TYPE_CHECKING:
    from skirmish import Game

RULE = "Melee"


def standing(*ws: Warrior) -> bool:
    return all(w.status in (READY, BERSERK) for w in ws)


def roll_off(game: Game, a: str, b: str, rule: str) -> int:
    """Each rolls a D6, ties rolled again; 0 when ``a`` wins, 1 when ``b`` does."""
    while True:
        ra = game.rng.roll(6, rule=rule, why=f"roll-off: {a}")
        rb = game.rng.roll(6, rule=rule, why=f"roll-off: {b}")
        if ra != rb:
            game.emit("roll-off", f"roll-off: {a} {ra}, {b} {rb}: {a if ra > rb else b} wins", rule=rule)
            return 0 if ra > rb else 1


def pair_key(a: Warrior, b: Warrior) -> str:
    return "|".join(sorted((a.id, b.id)))


def fight(game: Game, striker: Warrior, defender: Warrior, *, charged: bool) -> None:
    """Resolve one melee between ``striker`` (who moved in, or whose turn it is) and ``defender``."""
    state = game.state
    if not standing(striker, defender):
        return
    state.fought.append(pair_key(striker, defender))
    started = game.emit("melee", f"melee: {striker.name} against {defender.name}", rule=RULE, a=striker.id,
                        b=defender.id)
    with game.because(started):
        _fight(game, striker, defender, charged=charged)


def _fight(game: Game, striker: Warrior, defender: Warrior, *, charged: bool) -> None:
    state = game.state
    for w in (striker, defender):
        w.melee_wounds = 0
        w.aimed = False
    if charged and warrior_profile.charges_with_impact(striker) and not warrior_profile.charges_with_impact(defender):
        attacks.suffer_hits(game, defender, 1, rule="Mounted Impact", attacker=striker)
    order = [striker, defender]
    if defender.has("Quick Attack"):
        both = striker.has("Quick Attack")
        if not both or roll_off(game, striker.name, defender.name, "Quick Attack") == 1:
            order.reverse()
    for attacker, target in (order, order[::-1]):
        if not standing(attacker, target) or not measuring.in_contact(attacker, target, state.contact):
            continue
        strike(game, attacker, target)
    if not standing(striker, defender):
        return
    if striker.melee_wounds != defender.melee_wounds:
        loser = striker if striker.melee_wounds > defender.melee_wounds else defender
    else:
        loser = (striker, defender)[roll_off(game, striker.name, defender.name, "Melee: tied wounds") ^ 1]
    winner = defender if loser is striker else striker
    lost = game.emit("melee-result", f"{loser.name} loses the melee ({loser.melee_wounds} wounds to "
                     f"{winner.melee_wounds}) and tests its morale", rule=RULE, loser=loser.id)
    with game.because(lost):
        _loser(game, loser, winner)


def _loser(game: Game, loser: Warrior, winner: Warrior) -> None:
    """The loser tests its morale; if it holds it is pushed back away from the winner."""
    state = game.state
    if attacks.morale_check(game, loser, rule="Melee: loser's morale") and loser.status in (READY, BERSERK):
        expr = game.ruleset.content.combat.melee_pushback
        dist = attacks.roll_dice(game, expr, "Melee: push-back", f"{loser.name} is pushed back {expr.upper()}\"")
        x, y, off, _ = measuring.push_back(state, loser, winner.x, winner.y, dist)
        if off:
            attacks.flee(game, loser, "Melee: push-back")
        else:
            loser.x, loser.y = x, y
            game.emit("move", f"{loser.name} lost the melee and is pushed back {dist}\" away from {winner.name} to "
                      f"({x:.1f}, {y:.1f})", rule="Melee: push-back", target=loser.id, x=round(x, 2), y=round(y, 2))


def strike(game: Game, attacker: Warrior, target: Warrior) -> None:
    """One side's melee attacks (a Terrifying target first tests the attacker's nerve)."""
    if target.has("Terrifying") and not warrior_profile.is_monster(attacker):
        held = attacks.morale_check(game, attacker, rule="Terrifying")
        if not held or attacker.status not in (READY, BERSERK):
            return
    dice = warrior_profile.attack_dice(game, attacker)
    hit = warrior_profile.hit_value(game, attacker, ranged=False)
    modifier = warrior_profile.hit_modifier(game, attacker, target)
    result = attacks.attack(game, attacker, target, dice, hit, rule=RULE, modifier=modifier, melee=True,
                            every_hit_wounds=warrior_profile.every_hit_wounds(game, attacker))
    warrior_profile.after_attack(game, attacker, result)
