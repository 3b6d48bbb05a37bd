"""The battle's numbers and the target number chart, loaded from ``data/rules.toml`` and ``data/chart.toml``.

Content is data: a house rule that edits a number in these files changes the game.
Plugins may change both through ``skirmish_extend_content`` (keys ``"rules"`` and ``"chart"``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from skirmish import SetupError, load_toml, structure

PACKAGE = "skirmish_hobgoblin.data"


@attrs.frozen
class TableRules:
    width: float
    depth: float
    min_size: float
    deploy_gap: float
    #: the largest table a set-up may give (either side, inches)
    max_size: float = 240.0


@attrs.frozen
class GameRules:
    rounds: int
    opening_hand: int
    draw_per_round: int
    mercury_per_points: int
    mercury_per_wizard: int
    harvest_mercury: int
    harvest_cards: int
    empty_deck_mercury: int


@attrs.frozen
class AttackRules:
    hit_always: int
    miss_always: int
    shooting_cap: int
    min_dice_each: int


@attrs.frozen
class MovementRules:
    advance_per_mp: float
    wheel_per_mp: float
    shuffle_per_mp: float
    retreat_per_mp: float
    reform_cost: int


@attrs.frozen
class DoomRules:
    panic_range: float


@attrs.frozen
class BattleRules:
    """Every number of the battle rules (``data/rules.toml``)."""

    table: TableRules
    game: GameRules
    attack: AttackRules
    movement: MovementRules
    doom: DoomRules


@attrs.frozen
class Chart:
    """The target number chart: ``rows[attacker][i]`` is the number against ``types[i]``."""

    types: list[str]
    rows: dict[str, list[int]]

    def __attrs_post_init__(self) -> None:
        for row, cells in self.rows.items():
            if len(cells) != len(self.types):
                raise SetupError(f"chart row {row!r} has {len(cells)} cells, the chart has {len(self.types)} types")
            if any(not 2 <= c <= 6 for c in cells):
                raise SetupError(f"chart row {row!r}: every target number must be 2 to 6")
        missing = [t for t in self.types if t not in self.rows]
        if missing:
            raise SetupError(f"chart has no row for {missing[0]!r}")

    def target(self, attacker: str, defender: str) -> int:
        """The printed target number of ``attacker`` against ``defender`` (unit type ids)."""
        try:
            return self.rows[attacker][self.types.index(defender)]
        except (KeyError, ValueError):
            raise SetupError(f"the target number chart has no cell for {attacker} against {defender}") from None


def kp(content: Any, keyword: str, name: str) -> Any:
    """A number of a keyword's effect (``params`` in keywords.toml), e.g. ``kp(c, "command", "range")``."""
    try:
        return content.keywords[keyword].params[name]
    except KeyError:
        raise SetupError(f"keyword {keyword!r} has no number {name!r} in keywords.toml") from None


def load_rules(extend: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> tuple[BattleRules, Chart]:
    """Load the rules numbers and the chart (after plugins had their say through ``extend``)."""
    raw = {"rules": load_toml(PACKAGE, "rules.toml"), "chart": load_toml(PACKAGE, "chart.toml")}
    if extend is not None:
        raw = extend(raw)
    # kept between runs like the content (cattrs is then not imported at all by a replay or a first prompt)
    return (structure(raw["rules"], BattleRules, "hobgoblin rules.toml", cache=True),
            structure(raw["chart"], Chart, "hobgoblin chart.toml", cache=True))
