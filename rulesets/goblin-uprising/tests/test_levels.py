"""Goblin Uprising's ai-easy is a fair first partner: the AI hero's own answer at about half the choices worth a
look, one of the few best a look rates at the others (never a blunder: tests/test_levels.py)."""

from __future__ import annotations

from skirmish import AgentContext, View
from skirmish.engine import Game
from skirmish.plugins import worker_registry
from skirmish_goblin_uprising import ai_levels


def test_ai_easy_looks_away_from_the_ai_at_about_seven_in_ten_choices():
    rs = worker_registry().ruleset("goblin-uprising")
    worth = looks = 0
    for seed in (1, 2):
        game = Game(rs, None, seed=seed, keep_log=False)
        agents = {p: ai_levels.make_easy(AgentContext(p, seed * 10 + i, rs, {}, game.players))
                  for i, p in enumerate(game.players)}
        while game.pending is not None:
            d = game.pending
            view = View(game, d.player)
            worth += ai_levels.worth(view, d)
            game.answer(agents[d.player].decide(view, d), d.player)
        looks += sum(a.looked for a in agents.values())
    assert worth >= 60
    # about 70% of the choices worth a look (80% left the heroes 12% of 400 games; at 50% the AI's heroes won only
    # 56% of 400 seeds paired against ai-easy's, short of the 60% a level must beat the one below by)
    assert 0.5 * worth <= looks <= 0.9 * worth
