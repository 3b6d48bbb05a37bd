"""The AI that does less (issue 24, ninth round): a step planned at its first decision and carried to the later
ones, a warrior's move to a point scored only when one of its options leads, a shot's cover read from its option."""

from __future__ import annotations

import pytest
from chob_bench import bench, warrior

from skirmish import AgentContext, Decision, Game, Registry, View
from skirmish.runner import agent_seed
from skirmish_chob_noggoth import ai, turns
from skirmish_chob_noggoth.ai import planning


def _play(seed: int, watch) -> Game:  # type: ignore[no-untyped-def]
    rs = Registry().ruleset("chob-noggoth")
    game = Game(rs, seed=seed, keep_log=False)
    seats = {p: ai.ChobAI(AgentContext(p, agent_seed(seed, i), rs, players=tuple(game.players)))
             for i, p in enumerate(game.players)}
    while game.pending is not None and game.decisions < rs.max_decisions:
        d = game.pending
        brain = seats[d.player]
        view = View(game, d.player)
        before = brain._step
        answer = brain.decide(view, d)
        if d.kind in ("moves", "actions", "eager"):
            watch(brain, before, view, d, answer)
        game.answer(answer, d.player)
    return game


def test_a_carried_plan_scores_only_the_warriors_that_changed_and_every_answer_is_offered(monkeypatch) -> None:
    scored: list[tuple[str, str]] = []
    real = planning.ChobAI.score

    def counted(self, sit, w, verb, arg, step):  # type: ignore[no-untyped-def]
        scored.append((w.id, verb))
        return real(self, sit, w, verb, arg, step)

    monkeypatch.setattr(planning.ChobAI, "score", counted)
    seen: dict[str, list[int]] = {"carried": [], "planned": []}

    def watch(brain, before, view, d, answer) -> None:  # type: ignore[no-untyped-def]
        assert view.check(answer) is None  # a carried option no longer offered is never taken
        step = brain._step
        if step is not None and step is before:  # the plan was carried to this decision
            for wid, verb in scored:
                # only a warrior scored again (changed, new, or offered other options), a prayer, or a move to a
                # point left till now, or a charge whose support changed
                assert verb in ("pray", "point", "apoint", "charge", "acharge") or wid in step.checked
            seen["carried"].append(len(scored))
        elif answer != "end":
            seen["planned"].append(len(scored))
        scored.clear()

    for seed in (1001, 1002):
        _play(seed, watch)
    carried, planned = seen["carried"], seen["planned"]
    assert len(carried) > 30 and len(planned) > 10
    assert sum(carried) / len(carried) < sum(planned) / len(planned) / 3


class _Done(Exception):
    pass


def test_a_plan_is_not_carried_once_an_enemy_changed() -> None:
    checked = []

    def watch(brain, before, view, d, answer) -> None:  # type: ignore[no-untyped-def]
        step = brain._step
        if step is None or answer == "end" or answer.split("|")[1] not in ("advance", "shrine", "back", "hold"):
            return
        game = view._game
        game.answer(answer, d.player)  # a move or a hold: the enemies stay as they were
        later = game.pending
        if later is None or later.player != d.player or later.kind != d.kind:
            raise _Done
        view = View(game, d.player)
        # the plan holds for the step's next decision; move one enemy and it holds no more
        assert step.carries(brain.situation(view), view, later) is True
        foe = next(w for w in game.state.warriors.values() if w.side != d.player and w.status == "ready")
        foe.x += 0.5
        view = View(game, d.player)
        assert step.carries(brain.situation(view), view, later) is False
        checked.append(foe.id)
        raise _Done

    with pytest.raises(_Done):
        _play(1001, watch)
    assert checked


def test_a_shots_cover_is_read_from_its_option_not_measured_again(monkeypatch) -> None:
    game = bench([warrior("r1", "red", "Hunter", x=10, y=4), warrior("b1", "blue", "Brawler", x=12, y=16),
                  warrior("b2", "blue", "Hunter", x=22, y=18)])
    options = turns.activation_options(game, "red", "actions")
    shots = [o for o in options if o.data.get("action") == "shoot"]
    assert shots
    decision = Decision("red", "actions", "choose", options=options, rule="test")
    game.run(lambda g: g.ask(decision, lambda g2, answer: None))
    brain = ai.ChobAI(AgentContext("red", 1, game.ruleset, players=tuple(game.players)))
    measured = dict(brain.scores(View(game, "red"), decision))

    def no_sight(*_a, **_k):  # type: ignore[no-untyped-def]
        raise AssertionError("cover measured again")

    monkeypatch.setattr(planning.ChobAI, "cover", no_sight)
    fresh = ai.ChobAI(AgentContext("red", 1, game.ruleset, players=tuple(game.players)))
    read = dict(fresh.scores(View(game, "red"), decision))
    assert {o.value: read[o.value] for o in shots if o.value in read} == \
        {o.value: measured[o.value] for o in shots if o.value in measured}
