"""The AI's shortcuts of issue 24: melee worths as four weights per pair of fighting numbers, and activation options
ranked by the worth they had when last scored, with only the best few (``exact_top``) scored afresh."""

from __future__ import annotations

import pytest
from chob_bench import bench, warrior

from skirmish import AgentContext, Decision, Game, Registry, View
from skirmish.runner import agent_seed
from skirmish_chob_noggoth import ai, turns
from skirmish_chob_noggoth.ai import evaluation, planning
from skirmish_chob_noggoth.ai import odds as ai_odds


def plain_melee_worth(na, nd, impact: bool, a_first: bool, worth_a: float, worth_d: float, per_a: float,
                      per_d: float) -> float:
    """A melee's worth for A's side as it was worked out before the weights: end state by end state."""
    hold = ai_odds.FIGHTING.index("hold")
    flee_a, flee_d = 1 - na[hold], 1 - nd[hold]
    value = 0.0
    for p, fa, fd, ka, kd, share_a, share_d in ai_odds.ends_table(na, nd, impact, a_first):
        loss_a = worth_a if fa else per_a * ka
        loss_d = worth_d if fd else per_d * kd
        if share_a >= 0.0:
            loss_a += share_a * flee_a * (worth_a - loss_a)
            loss_d += share_d * flee_d * (worth_d - loss_d)
        value += p * (loss_d - loss_a)
    return value


def _play(registry: Registry, seed: int, make) -> Game:  # type: ignore[no-untyped-def]
    rs = registry.ruleset("chob-noggoth")
    game = Game(rs, seed=seed, keep_log=False)
    seats = {p: make(rs, p, agent_seed(seed, i), tuple(game.players)) for i, p in enumerate(game.players)}
    while game.pending is not None and game.decisions < rs.max_decisions:
        d = game.pending
        game.answer(seats[d.player].decide(View(game, d.player), d), d.player)
    return game


def _ai(top: int | None):  # type: ignore[no-untyped-def]
    return lambda rs, p, seed, players: ai.ChobAI(AgentContext(p, seed, rs, players=players), exact_top=top)


def test_melee_weights_give_the_worth_of_the_plain_loop_for_every_melee_of_two_games(monkeypatch) -> None:
    asked = []
    melee = evaluation._melee

    def recording(sa, sd, impact, *, a_first):  # type: ignore[no-untyped-def]
        asked.append((sa, sd, impact, a_first))
        return melee(sa, sd, impact, a_first=a_first)

    monkeypatch.setattr(evaluation, "_melee", recording)
    registry = Registry()
    for seed in (1000, 1001):
        _play(registry, seed, _ai(None))
    assert len(asked) > 100
    for sa, sd, impact, a_first in asked:
        got = melee(sa, sd, impact, a_first=a_first)
        want = plain_melee_worth(sa.numbers, sd.numbers, impact, a_first, sa.worth, sd.worth, sa.per_wound,
                                 sd.per_wound)
        assert got == pytest.approx(want, rel=1e-9, abs=1e-9)


def _counting(monkeypatch, name: str) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    """Record the (warrior, verb, argument) of every call of ``ChobAI.name``."""
    seen: list[tuple[str, str, str]] = []
    real = getattr(planning.ChobAI, name)

    def counted(self, sit, w, verb, arg, step, *more):  # type: ignore[no-untyped-def]
        seen.append((w.id, verb, arg))
        return real(self, sit, w, verb, arg, step, *more)

    monkeypatch.setattr(planning.ChobAI, name, counted)
    return seen


def _skirmish() -> Game:
    return bench([warrior("r1", "red", "Hunter", x=10, y=4), warrior("r2", "red", "Brawler", x=14, y=4),
                  warrior("r3", "red", "Brawler", x=20, y=5), warrior("b1", "blue", "Brawler", x=12, y=16),
                  warrior("b2", "blue", "Hunter", x=22, y=18)])


def _activation(game: Game, what: str = "moves") -> Decision:
    options = turns.activation_options(game, "red", what)
    decision = Decision("red", what, "choose", options=options, rule="test")
    game.run(lambda g: g.ask(decision, lambda g2, answer: None))
    return decision


def test_exact_top_none_scores_every_option_but_moves_to_a_point_at_a_steps_first_decision(monkeypatch) -> None:
    game = _skirmish()
    decision = _activation(game)  # a plain decision (no families): every decision is a step's first
    brain = ai.ChobAI(AgentContext("red", 1, game.ruleset, players=tuple(game.players)), exact_top=None)
    seen = _counting(monkeypatch, "score")
    actors = [planning.activation_of(o) for o in decision.options if o.data.get("actor")]
    named = [act for act in actors if act[1] != "point"]
    for _ in range(2):
        seen.clear()
        brain.decide(View(game, "red"), decision)
        assert [act for act in seen if act[1] != "point"] == named
        assert len([act for act in seen if act[1] == "point"]) < len(actors) - len(named)


def test_a_decision_seen_before_scores_only_the_best_carried_options_afresh(monkeypatch) -> None:
    game = _skirmish()
    decision = _activation(game)
    brain = ai.ChobAI(AgentContext("red", 1, game.ruleset, players=tuple(game.players)), exact_top=2)
    seen = _counting(monkeypatch, "score")
    actors = [o for o in decision.options if o.data.get("actor")]
    first = brain.decide(View(game, "red"), decision)
    assert len(seen) == len(actors)  # nothing carried yet: every option is scored
    seen.clear()
    again = brain.decide(View(game, "red"), decision)
    assert 2 <= len(seen) < len(actors)
    assert again == first  # nothing moved: the carried worths are the worths, so the choice is the same


def test_the_option_taken_was_scored_at_the_decision_that_takes_it(monkeypatch) -> None:
    scored = _counting(monkeypatch, "_score_one")
    taken = []
    real = planning.ChobAI._activation

    def activation(self, view, decision):  # type: ignore[no-untyped-def]
        scored.clear()
        answer = real(self, view, decision)
        if answer != "end":
            taken.append((planning.activation_of(next(o for o in decision.options if o.value == answer)),
                          list(scored)))
        return answer

    for kind in ("moves", "actions", "eager"):  # (the AI's handlers are looked up in a table)
        monkeypatch.setitem(planning._HANDLERS, kind, activation)
    _play(Registry(), 1002, _ai(1))
    assert len(taken) > 30
    for act, at_this_decision in taken:
        assert act in at_this_decision
