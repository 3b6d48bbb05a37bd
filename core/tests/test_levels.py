"""skirmish.levels: which decisions get a look, the rule that leaves the AI's answer, its candidates, where it stops."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import attrs

from skirmish.specs import AgentContext


def test_kinds_worth_looks_only_at_its_kinds_with_two_options_or_more() -> None:
    from skirmish.decisions import Decision, Option
    from skirmish.levels import kinds_worth

    worth = kinds_worth(["shoot"])
    two = [Option("a", "a"), Option("b", "b")]
    assert worth(None, Decision("red", "shoot", "?", options=two))  # type: ignore[arg-type]
    assert not worth(None, Decision("red", "move", "?", options=two))  # type: ignore[arg-type]
    assert not worth(None, Decision("red", "shoot", "?", options=two[:1]))  # type: ignore[arg-type]


def test_beats_every_deal_by_the_margin_or_the_mean_by_standard_errors() -> None:
    from skirmish.levels import beats

    own = [0.0, 0.0, 0.0, 0.0]
    steady, lucky = [0.6, 0.4, 0.5, 0.5], [4.0, -0.5, -0.5, -0.5]
    assert beats(steady, own, 0.3, None) and not beats(steady, own, 0.45, None)  # every deal: the least gain counts
    assert not beats(lucky, own, 0.0, None)
    assert beats(steady, own, 0.0, 2.0)  # mean 0.5, standard error 0.04
    assert not beats(lucky, own, 0.0, 1.0)  # mean 0.625, but standard error 1.125: one deal carries it
    assert beats(lucky, own, 0.0, 0.5)


class _Ranked:
    """An AI whose order of preference is fixed (for the look's candidates)."""

    def __init__(self, order: list[str]) -> None:
        self.order = order

    def decide(self, view: object, decision: object) -> str:
        return self.order[0]


def test_a_look_tries_the_ais_runners_up_when_it_can_rank_them() -> None:
    from skirmish.levels import Levels, LookAheadAgent

    order = ["c", "e", "a", "gone", "b", "d"]
    lv = Levels(base=lambda ctx: _Ranked(order), evaluate=lambda game, seat: 0.0,
                rank=lambda ai, view, decision, own: ai.order, tries=lambda d, answer: answer != "b")
    agent = LookAheadAgent(lv, AgentContext("x", 1, None, {}, ("x", "y")))
    decision = SimpleNamespace(options=[SimpleNamespace(value=v) for v in "abcde"], examples=())
    view = object()
    assert agent._candidates(decision, "c", 3, view) == ["c", "e", "a"]  # the AI's own, then its next best two
    assert agent._candidates(decision, "a", 4, view) == ["a", "c", "e", "d"]  # "gone" is not offered, "b" not tried
    plain = LookAheadAgent(attrs.evolve(lv, rank=None), AgentContext("x", 1, None, {}, ("x", "y")))
    drawn = plain._candidates(decision, "c", 3, view)
    assert drawn[0] == "c" and len(drawn) == 3 and set(drawn) <= set("acde")


def test_a_look_stops_when_the_phase_has_changed_so_many_times() -> None:
    from skirmish.levels import Levels, rollout

    class Counter:
        """A game of numbered decisions whose phase changes every third one."""

        def __init__(self) -> None:
            self.decisions, self.played, self.round, self.phase = 0, [], 1, ""
            self.players, self.ruleset, self.result = ("x",), None, None
            self.rng = SimpleNamespace(reseed=lambda seed: None)

        @property
        def pending(self) -> Any:
            return SimpleNamespace(player="x", kind="n", options=[])

        def answer(self, value: Any, player: str) -> None:
            self.played.append(value)
            self.decisions += 1

    games: list[Counter] = []

    def sandbox(view: Any, sample: int) -> Counter:
        games.append(Counter())
        return games[-1]

    class Next:
        def __init__(self, ctx: Any) -> None:
            pass

        def decide(self, view: Any, decision: Any) -> str:
            return "next"

    view = SimpleNamespace(player="x", game_round=1, sandbox=lambda sample: sandbox(view, sample))
    lv = Levels(base=Next, evaluate=lambda game, seat: float(game.decisions), phase=lambda g: g.decisions // 3,
                phases=2)
    assert rollout(view, "first", lv, 0, 30, 1) == 6.0  # phases change after decisions 3 and 6: it stops at the second
    assert games[-1].played[0] == "first"
    assert rollout(view, "first", attrs.evolve(lv, phase=None), 0, 30, 1) == 31.0  # the answer, then the horizon
    assert rollout(view, "first", lv, 0, 4, 1) == 5.0  # the horizon comes first


def _race_look(**kwargs: object) -> tuple[object, object, list[int]]:
    """A look-ahead agent on the sample Dice Race (the first option's player as its AI) at its first decision, and
    the decision count of every copy its look rated."""
    from skirmish.agents import AgentContext, FirstAgent
    from skirmish.engine import Game
    from skirmish.levels import Levels, LookAheadAgent
    from skirmish.testing.samples import DiceRace

    game = Game(DiceRace(), {"players": ["a", "b"]}, seed=4)
    rated_at: list[int] = []

    def evaluate(g: Game, seat: str) -> float:
        rated_at.append(g.decisions)
        return 0.0

    lv = Levels(base=FirstAgent, evaluate=evaluate, samples=2, horizon=20, width=3, **kwargs)  # type: ignore[arg-type]
    return game, LookAheadAgent(lv, AgentContext(game.pending.player, 1, game.ruleset, {}, game.players)), rated_at


def test_look_tries_the_rulesets_ranked_candidates_and_stops_where_until_says() -> None:
    from skirmish.agents import View

    seen: list[object] = []

    def ranked(view: View, decision: object, own: object, width: int) -> list[object]:
        seen.append(own)
        return [own, "jog"]

    game, agent, rated_at = _race_look(candidates=ranked, until=lambda view, copy: True)
    start = game.decisions
    agent.decide(View(game, game.pending.player), game.pending)
    assert seen == ["sprint"] and agent.last[0] == ["sprint", "jog"]  # only the ranking's answers
    assert rated_at == [start + 1] * 4  # each copy stopped right after the answer tried: 2 answers x 2 deals
    game, agent, rated_at = _race_look()
    agent.decide(View(game, game.pending.player), game.pending)
    assert max(rated_at) > start + 1  # the default: the copies play on (horizon decisions)


def test_mean_rule_takes_an_answer_better_on_average_the_every_rule_does_not() -> None:
    from skirmish.agents import View

    for rule, taken in (("every", "sprint"), ("mean", "jog")):
        game, agent, _ = _race_look(candidates=lambda v, d, own, w: [own, "jog"], rule=rule, margin=0.5)
        agent._rate = lambda *args, **kw: [[0.0, 0.0], [3.0, -1.0]]  # jog: +3 on one deal, -1 on the other
        assert agent.decide(View(game, game.pending.player), game.pending) == taken, rule


def test_levels_candidates_until_and_mean_rule_default_to_the_old_look() -> None:
    from skirmish.levels import Levels

    lv = Levels(base=lambda ctx: None, evaluate=lambda game, seat: 0.0)
    assert lv.candidates is None and lv.until is None and lv.rule == "every"
    import pytest

    with pytest.raises(ValueError):
        Levels(base=lambda ctx: None, evaluate=lambda game, seat: 0.0, rule="best")


def test_seat_agent_plays_the_seats_of_a_looks_copies_instead_of_the_base() -> None:
    """A look's copies seat ``seat_agent(game, ctx)`` where given (an opponent whose procedure is public), the AI
    (``base``) by default."""
    from skirmish.agents import View

    seated: list[tuple[str, bool]] = []  # (seat, played by the scripted agent)

    class Scripted:
        def __init__(self, ctx: AgentContext) -> None:
            self.player = ctx.player

        def decide(self, view: object, decision: object) -> str:
            seated.append((self.player, True))
            return "jog"

    def seat_agent(copy: object, ctx: AgentContext) -> object:
        return Scripted(ctx)

    game, agent, _ = _race_look(candidates=lambda v, d, own, w: [own, "jog"], seat_agent=seat_agent)
    agent.decide(View(game, game.pending.player), game.pending)
    assert seated and {p for p, _ in seated} <= set(game.players)  # the copies' seats were the scripted agent's
    seated.clear()
    game, agent, _ = _race_look(candidates=lambda v, d, own, w: [own, "jog"])
    agent.decide(View(game, game.pending.player), game.pending)
    assert not seated  # by default the base AI plays every seat
