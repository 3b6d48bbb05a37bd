"""What the narrative scenarios share: Attacker and Defender, an army-wide Courage advantage, the stash.

In team play (ruling T-15) a team is the Attacker or the Defender: every player of it holds the role, the Warlords
act where the scenario asks "the players", the advantage goes to the whole team, and the team wins or loses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish_hobgoblin.narrative import STASH

if TYPE_CHECKING:
    from skirmish import Game


def data(game: Game) -> dict[str, Any]:
    return game.stash.setdefault(STASH, {})


def roles(game: Game, rule: str) -> tuple[str, str]:
    """Attacker and Defender: the set-up's ``attacker`` (chosen), else a D6 (1-3 the First Player attacks). In team
    play the chosen player's team attacks (or the Warlords' D6 decides) and the Warlords are returned."""
    state = game.state
    chosen = game.setup.get("attacker", "")
    if chosen:
        attacker = state.teams[state.team_of(chosen)][0] if state.teams else chosen
        how = "chosen in the set-up"
    else:
        a, b = state.pair()
        roll = game.rng.roll(6, rule=rule, why=f"Attacker: 1-3 {a}, 4-6 {b}")
        attacker = a if roll <= 3 else b
        how = f"rolled {roll}"
    defender = state.enemy_of(attacker)
    for p, side in state.sides.items():
        side.role = "Attacker" if state.allied(p, attacker) else "Defender"
    if state.teams:
        game.emit("setup", f"team {state.team_of(attacker)} attacks, team {state.team_of(defender)} defends ({how})",
                  rule=rule)
    else:
        game.emit("setup", f"{attacker} is the Attacker, {defender} the Defender ({how})", rule=rule)
    return attacker, defender


def role_of(game: Game, role: str) -> str:
    """The player with ``role`` (team play: that team's Warlord)."""
    return next(p for p in game.state.order() if game.state.sides[p].role == role)


def units_of(game: Game, player: str) -> list[Any]:
    """The units in play of ``player`` and (team play) of their Allies."""
    state = game.state
    return [u for u in state.in_play() if state.allied(u.side, player)]


def advantage(game: Game, player: str, courage: int, rule: str) -> None:
    """All of ``player``'s units (team play: the whole team's) start with ``courage`` more Courage."""
    state = game.state
    for u in state.units.values():
        if state.allied(u.side, player):
            u.courage_bonus += courage
    who = f"team {state.team_of(player)}" if state.teams else player
    game.emit("setup", f"all {who}'s units start with +{courage} Courage", rule=rule, player=player)


def own_side(game: Game, player: str, line: float) -> tuple[float, float]:
    """The y-range on ``player``'s side of a line across the table (their half's side)."""
    state = game.state
    return (0.0, line) if state.sides[player].half == "south" else (line, state.depth)


def win(game: Game, player: str, reason: str, rule: str) -> None:
    from skirmish_hobgoblin.scenarios import _finish

    if game.result is None:
        state = game.state
        other = state.enemy_of(player)
        if state.teams:  # the team wins (the result's sides are the teams)
            player, other = state.team_of(player), state.team_of(other)
        _finish(game, (player,), reason, rule, {player: 1.0, other: 0.0})
