"""What the narrative scenarios share: Attacker and Defender, an army-wide Courage advantage, the stash."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish_hobgoblin.narrative import STASH

if TYPE_CHECKING:
    from skirmish import Game


def data(game: Game) -> dict[str, Any]:
    return game.stash.setdefault(STASH, {})


def roles(game: Game, rule: str) -> tuple[str, str]:
    """Attacker and Defender: the set-up's ``attacker`` (chosen), else a D6 (1-3 the First Player attacks)."""
    state = game.state
    chosen = game.setup.get("attacker", "")
    if chosen:
        attacker = chosen
        how = "chosen in the set-up"
    else:
        a, b = state.order()
        roll = game.rng.roll(6, rule=rule, why=f"Attacker: 1-3 {a}, 4-6 {b}")
        attacker = a if roll <= 3 else b
        how = f"rolled {roll}"
    defender = state.enemy_of(attacker)
    state.sides[attacker].role, state.sides[defender].role = "Attacker", "Defender"
    game.emit("setup", f"{attacker} is the Attacker, {defender} the Defender ({how})", rule=rule)
    return attacker, defender


def role_of(game: Game, role: str) -> str:
    return next(p for p, s in game.state.sides.items() if s.role == role)


def advantage(game: Game, player: str, courage: int, rule: str) -> None:
    """All of ``player``'s units start with ``courage`` more Courage."""
    for u in game.state.units.values():
        if u.side == player:
            u.courage_bonus += courage
    game.emit("setup", f"all {player}'s units start with +{courage} Courage", rule=rule, player=player)


def own_side(game: Game, player: str, line: float) -> tuple[float, float]:
    """The y-range on ``player``'s side of a line across the table (their half's side)."""
    state = game.state
    return (0.0, line) if state.sides[player].half == "south" else (line, state.depth)


def win(game: Game, player: str, reason: str, rule: str) -> None:
    from skirmish_hobgoblin.scenarios import _finish

    if game.result is None:
        other = game.state.enemy_of(player)
        _finish(game, (player,), reason, rule, {player: 1.0, other: 0.0})
