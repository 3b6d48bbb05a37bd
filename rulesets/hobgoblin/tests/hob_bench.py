"""Test bench for Hobgoblin rule tests: small battles with exact positions, and running rule functions."""

from __future__ import annotations

from typing import Any

from skirmish import Game
from skirmish_hobgoblin.rules import Hobgoblin

RULESET = Hobgoblin()


def army(units: list[dict[str, Any]], name: str = "Test army") -> dict[str, Any]:
    """An army table; the first unit is General and Battle Standard unless a unit says otherwise."""
    out = []
    for i, u in enumerate(units):
        narrow = RULESET.content.unit_type(u.get("type", "Light Infantry")).footprint.id == "narrow"
        entry = {"type": u.get("type", "Light Infantry"), "name": u["name"],
                 "width": u.get("width", 80 if narrow else 150),
                 "depth": u.get("depth", 60), "keywords": list(u.get("keywords", []))}
        if "Wizard" in entry["keywords"]:
            entry["allegiance"] = u.get("allegiance", "Mycena")
        lead = next((k for k, v in enumerate(units) if v.get("general", True) is not False), 0)
        entry["general"] = u.get("general", i == lead)
        entry["battle_standard"] = u.get("battle_standard", i == lead)
        out.append(entry)
    return {"name": name, "points": 20000, "units": out}


def battle(red: list[dict[str, Any]], blue: list[dict[str, Any]], *, dice: list[int] | None = None,
           layout: Any = None, scenario: str = "bloodbath", seed: int = 1, cards: bool = False) -> Game:
    """A game with every unit placed (``x``, ``y``, ``facing``; red deploys south and holds the token).

    The game stops at its first decision (the Initiative Phase of round 1).
    """
    positions: dict[str, dict[str, Any]] = {"red": {}, "blue": {}}
    for side, units in (("red", red), ("blue", blue)):
        for u in units:
            positions[side][u["name"]] = {"x": u["x"], "y": u["y"], "facing": u.get("facing", 90 if side == "red"
                                                                                      else 270),
                                          "doom": u.get("doom", 0)}
    setup = {"players": ["red", "blue"], "armies": {"red": army(red, "Red"), "blue": army(blue, "Blue")},
             "points": 20000, "scenario": scenario, "first": "red", "positions": positions,
             "layout": layout if layout is not None else {"pieces": []}}
    game = Game(RULESET, setup, seed=seed, dice=dice or [])
    if not cards:  # most rule tests want no Fortune Card windows or Force of Will questions
        for side in game.state.sides.values():
            game.state.deck.discard(side.hand.cards)
            side.hand.cards.clear()
    return game


def run(game: Game, fn: Any, *args: Any, dice: list[int] | None = None) -> None:
    """Run a rule function now with loaded dice (the pending decision is asked again afterwards)."""
    if dice:
        game.load_dice(dice)
    game.run(fn, *args)


def unit(game: Game, name: str) -> Any:
    return next(u for u in game.state.units.values() if u.name == name)




def give_card(game: Game, player: str, card: str, copy: int = 1) -> str:
    """Put Fortune Card ``card`` (its ``copy``) into ``player``'s hand, wherever it was; its id."""
    cid = f"card:{card}:{copy}"
    deck = game.state.deck
    for pile in (deck.draw_pile, deck.discard_pile):
        if cid in pile:
            pile.remove(cid)
    for side in game.state.sides.values():
        if cid in side.hand.cards:
            side.hand.cards.remove(cid)
    game.state.sides[player].hand.cards.append(cid)
    return cid


def readme_plugin(heading: str, name: str) -> Any:
    """The README's Python example under ``### heading``, run as a plugin module called ``name``."""
    import re
    import types
    from pathlib import Path

    text = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    found = re.search(rf"### {re.escape(heading)}.*?```python\n(.*?)```", text, re.S)
    assert found, f"no Python example under '### {heading}' in the README"
    module = types.ModuleType(name)
    exec(compile(found.group(1), "README example", "exec"), module.__dict__)  # noqa: S102 - the documented example
    return module
