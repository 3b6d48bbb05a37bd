"""Option lists kept between decisions (``turns._Kept``) are exactly the lists built afresh.

Random games touch every kind of step (moves, actions, eager, Drop Troops, berserkers, spells, the gods);
at every activation decision each warrior's kept list must equal the one :func:`turns._warrior_options`
builds from scratch: values, labels and data.
"""

from __future__ import annotations

import pytest

from skirmish import Game, Registry
from skirmish.agents import View
from skirmish.runner import agent_seed
from skirmish_chob_noggoth import turns


def fresh(game: Game, player: str, what: str) -> list[tuple[object, str, dict]]:
    state = game.state
    kind = game.ruleset.content.round_kind(state.round_roll) if what == "actions" and state.round_roll else None
    out = []
    for w in state.of_side(player):
        if w.id in state.activated or (what == "eager" and not w.has("Eager")):
            continue
        out += [(o.value, o.label, o.data) for o in turns._warrior_options(game, w, what, kind)]
    return out


@pytest.mark.parametrize(("agent", "seed"), [("random", s) for s in range(40, 52)] + [("ai", s) for s in range(60, 64)])
def test_kept_option_lists_equal_fresh_ones(agent: str, seed: int) -> None:
    registry = Registry()
    rs = registry.ruleset("chob-noggoth")
    game = Game(rs, seed=seed, keep_log=False)
    seats = {p: registry.make_agent(agent, rs, p, agent_seed(seed, i), game.players)
             for i, p in enumerate(game.players)}
    checked = 0
    while game.pending is not None and game.decisions < rs.max_decisions:
        d = game.pending
        if d.kind in ("moves", "actions", "eager"):
            kept = [(o.value, o.label, o.data) for o in d.options if o.value != turns.END]
            assert kept == fresh(game, d.player, d.kind), f"decision {game.decisions}"
            checked += 1
        game.answer(seats[d.player].decide(View(game, d.player), d), d.player)
    assert checked > 20
