

def test_kinds_worth_looks_only_at_its_kinds_with_two_options_or_more() -> None:
    from skirmish.decisions import Decision, Option
    from skirmish.levels import kinds_worth

    worth = kinds_worth(["shoot"])
    two = [Option("a", "a"), Option("b", "b")]
    assert worth(None, Decision("red", "shoot", "?", options=two))  # type: ignore[arg-type]
    assert not worth(None, Decision("red", "move", "?", options=two))  # type: ignore[arg-type]
    assert not worth(None, Decision("red", "shoot", "?", options=two[:1]))  # type: ignore[arg-type]



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
