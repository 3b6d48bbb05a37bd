"""Content is data: changing a number in the TOML (through skirmish_extend_content) changes the game."""

from __future__ import annotations

from typing import Any

from hob_bench import battle, unit

from skirmish_hobgoblin import attacks, moves, stats
from skirmish_hobgoblin.rules import Hobgoblin
from skirmish_hobgoblin.state import Activation


class _House(Hobgoblin):
    """A house rule: Elite is worth 2, the chart says Light Infantry hits Light Infantry on 3+, Command
    reaches 12", a Shuffle moves 1" per MP and the shooting cap is 3."""

    def extend_content(self, content: dict[str, Any]) -> dict[str, Any]:
        if "keywords" in content:
            content["keywords"]["elite"]["params"]["target_number"] = -2
            content["keywords"]["command"]["params"]["range"] = 12
        if "chart" in content:
            content["chart"]["rows"]["light-infantry"][0] = 3
            content["rules"]["movement"]["shuffle_per_mp"] = 1.0
            content["rules"]["attack"]["shooting_cap"] = 3
        return content


def _game(ruleset):
    import hob_bench

    old = hob_bench.RULESET
    hob_bench.RULESET = ruleset
    try:
        return battle([{"name": "A", "x": 20, "y": 10, "keywords": ["Elite"]},
                       {"name": "A2", "x": 20 + 5.9 + 10, "y": 10, "general": False, "battle_standard": False}],
                      [{"name": "B", "x": 20, "y": 40}])
    finally:
        hob_bench.RULESET = old


def test_changing_the_toml_changes_the_game():
    plain, house = _game(Hobgoblin()), _game(_House())
    for g, elite, chart, command, shuffle_cost in ((plain, 3, 4, 10, 4), (house, 2, 3, 12, 2)):
        a, a2, b = unit(g, "A"), unit(g, "A2"), unit(g, "B")
        assert attacks.target_number(g, a, b, attacks.COMBAT) == elite
        assert attacks.target_number(g, a2, b, attacks.COMBAT) == chart
        assert stats.courage(g, a2) == command  # A2 is 10" from the General's unit
        g.state.activation = Activation(a2.id, 8.0, (a2.x, a2.y, a2.facing), [])
        assert moves.check(g, a2, "shuffle-left", 2.0).cost == shuffle_cost
    b = unit(house, "B")
    house.load_dice([6] * 5)
    house.run(lambda g: attacks.attack(g, unit(g, "A2"), b, 5, attacks.SHOOTING, "Shooting"))
    assert b.doom == 3
