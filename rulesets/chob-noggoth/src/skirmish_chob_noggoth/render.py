"""What players see: the state as data, and as text with a map of the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish_chob_noggoth import profile

if TYPE_CHECKING:
    from skirmish import Game


def view_data(game: Game) -> dict[str, Any]:
    """Everything is open in Chob-Noggoth: the whole table as plain data."""
    state = game.state
    return {
        "round_type": state.round_type,
        "sides": {p: {"letter": s.letter, "edge": s.edge, "warband": s.warband, "starting": s.starting,
                      "divine_points": s.divine_points, "heroic_death": s.heroic_death}
                  for p, s in state.sides.items()},
        "warriors": [{"id": w.id, "side": w.side, "name": w.name, "type": w.kind, "acting_as": w.acting_as,
                      "quality": w.quality, "mounted": w.mounted, "rules": list(w.rules), "traits": list(w.traits),
                      "wounds": w.wounds, "max_wounds": w.max_wounds, "x": round(w.x, 2), "y": round(w.y, 2),
                      "base": w.radius * 2, "status": w.status, "aimed": w.aimed}
                     for w in state.warriors.values()],
        "terrain": [{"id": p.id, "name": p.name, "kind": p.kind, "shape": p.shape, "x": p.x, "y": p.y, "w": p.w,
                     "h": p.h} for p in state.pieces],
        "shrines": [{"id": s.id, "x": s.x, "y": s.y} for s in state.shrines],
    }


def describe(game: Game, player: str | None) -> str:
    state = game.state
    lines = [f"Round {game.round}" + (f" - {state.round_type}" if state.round_type else "")]
    for p, side in state.sides.items():
        lines.append(f"{p} (Player {side.letter or '?'}, {side.edge or 'no edge yet'}): {side.warband}"
                     + (f", {side.divine_points} DI points" if side.divine_points else ""))
        for w in state.warriors.values():
            if w.side != p:
                continue
            nums = profile.describe_type(game, w)
            extra = ", ".join([*w.rules, *w.traits])
            lines.append(f"  {w.id:>4} {w.name:<14} {w.acting_as:<10} {w.quality or '-':<8} "
                         f"W{w.wounds}/{w.max_wounds} at ({w.x:4.1f},{w.y:4.1f}) {w.status}"
                         f"{' aimed' if w.aimed else ''}  dice {nums['dice']} hit {nums['melee']}+ save "
                         f"{nums['save']} range {nums['range']}" + (f"  [{extra}]" if extra else ""))
    return "\n".join(lines)
