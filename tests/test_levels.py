"""The levels of play (``ai-easy``, ``ai``, ``ai-hard``) of every bundled ruleset, built by :mod:`skirmish.levels`:
registered and listed; ai-easy never takes an answer rated a blunder when a better one exists; ai-hard's
look-ahead never reads another seat's hidden cards; a whole game at each level."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from click.testing import CliRunner

from skirmish import AgentContext
from skirmish.agents import View
from skirmish.engine import Game
from skirmish.levels import EasyAgent, LookAheadAgent, plausible
from skirmish.plugins import worker_registry
from skirmish.runner import seat_agents
from skirmish_cli.main import cli

RULESETS = {"hobgoblin": "skirmish_hobgoblin.ai_levels", "chob-noggoth": "skirmish_chob_noggoth.ai_levels",
            "goblin-uprising": "skirmish_goblin_uprising.ai_levels"}
LEVELS = ("ai-easy", "ai", "ai-hard")


def _levels(name: str) -> Any:
    import importlib

    return importlib.import_module(RULESETS[name]).levels()


@pytest.mark.parametrize("name", RULESETS)
def test_levels_registered_for_every_bundled_ruleset(name: str):
    reg = worker_registry()
    assert set(LEVELS) <= set(reg.agents_for(name))
    rs = reg.ruleset(name)
    for level in LEVELS:
        agent = reg.make_agent(level, rs, "x", 1, ("x", "y"))
        assert callable(agent.decide)


def test_levels_listed_by_skirmish_agents_with_a_description():
    out = CliRunner().invoke(cli, ["agents"]).output
    for name in RULESETS:
        for level in ("ai-easy", "ai-hard"):
            line = next((ln for ln in out.splitlines() if ln.split()[:2] == [level, name]), "")
            assert len(line.split()) > 4, f"{level} for {name} is not listed with a description"


def test_plausible_keeps_the_top_few_and_drops_a_blunder():
    values, rated = ["a", "b", "c", "d"], [5.0, 4.6, 1.0, 4.9]
    assert plausible(values, rated, 3, 1.0) == ["a", "d", "b"]
    assert plausible(values, rated, 3, 0.2) == ["a", "d"]  # b is rated 0.4 below the best: a blunder now
    assert plausible(["a", "b"], [0.0, -9.0], 3, 1.0) == ["a"]  # the only other answer is a blunder


def _to_worth(name: str, seed: int, least: int = 3) -> Game:
    """A game of ``name`` played by the AI until a decision its levels look at offers ``least`` options or more
    (after the set-up)."""
    reg = worker_registry()
    lv = _levels(name)
    game = Game(reg.ruleset(name), None, seed=seed, keep_log=False)
    agents = seat_agents(reg, game, {p: "ai" for p in game.players})
    while game.pending is not None:
        d = game.pending
        if game.round >= 2 and len(d.options) >= least and lv.worth(View(game, d.player), d):
            return game
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    raise AssertionError(f"{name} seed {seed}: no decision worth a look")


@pytest.mark.parametrize("name", RULESETS)
def test_ai_easy_never_takes_an_answer_rated_a_blunder(name: str):
    """At one decision, twenty easy agents (all departing from the AI) each rate the answers with a short look;
    none takes one rated a blunder below the best, and each takes one of its few best."""
    lv = attrs.evolve(_levels(name), easy_share=1.0)
    clear = 0
    for seed in (3, 5):
        game = _to_worth(name, seed)
        d = game.pending
        for agent_seed in range(10):
            agent = EasyAgent(lv, AgentContext(d.player, agent_seed, game.ruleset, {}, game.players))
            answer = agent.decide(View(game, d.player), d)
            assert agent.last is not None
            values, rated, picked = agent.last
            assert picked == answer
            order = sorted(range(len(values)), key=lambda i: -rated[i])
            assert values.index(picked) in order[:lv.easy_top]
            worst = order[-1]
            if rated[worst] <= rated[order[0]] - lv.blunder:
                clear += 1
                assert values.index(picked) != worst and rated[values.index(picked)] > rated[order[0]] - lv.blunder
    assert clear, "no decision had a clearly worse answer: the test saw nothing to avoid"


def _hidden_hand_game() -> tuple[Game, str, str]:
    """A Hobgoblin game at a decision worth a look, the opponent holding hidden cards and a pile left to draw."""
    for seed in range(40):
        game = _to_worth("hobgoblin", seed, least=2)
        me = game.pending.player
        foe = next(p for p in game.players if p != me)
        hand = game.state.sides[foe].hand
        if not hand.public and hand.cards and game.state.deck.draw_pile:
            return game, me, foe
    raise AssertionError("no Hobgoblin game found with a hidden hand at a decision worth a look")


def test_ai_hard_look_ahead_never_reads_the_opponents_hidden_hand(monkeypatch: pytest.MonkeyPatch):
    """Two Hobgoblin games alike but for which Fortune Cards the opponent holds (the same cards unseen in all):
    the look-ahead plays on the same copies (the same re-dealt hand and pile) and rates every answer the same in
    both, so it cannot have read the hand."""
    lv = attrs.evolve(_levels("hobgoblin"), samples=2, horizon=12, width=3)
    game, me, foe = _hidden_hand_game()
    other = game.clone(keep_log=True)
    hand, pile = other.state.sides[foe].hand, other.state.deck.draw_pile
    hand.cards[0], pile[-1] = pile[-1], hand.cards[0]  # a card of the hand swapped with one of the pile
    assert sorted(hand.cards) != sorted(game.state.sides[foe].hand.cards)
    ruleset = game.ruleset
    deal = type(ruleset).determinize
    copies: list[list[Any]] = []

    def spy(g: Game, player: str, *, sample: int = 0) -> Game:
        copy = deal(ruleset, g, player, sample=sample)
        copies[-1].append((list(copy.state.sides[foe].hand.cards), list(copy.state.deck.draw_pile)))
        return copy

    monkeypatch.setattr(ruleset, "determinize", spy)
    looks = []
    for g in (game, other):
        copies.append([])
        agent = LookAheadAgent(lv, AgentContext(me, 7, g.ruleset, {}, g.players))
        agent.decide(View(g, me), g.pending)
        assert agent.last is not None
        looks.append(agent.last)
    assert copies[0] and copies[0] == copies[1]
    assert looks[0] == looks[1]


@pytest.mark.parametrize("name", RULESETS)
def test_a_whole_game_at_each_level(name: str):
    """ai-hard against ai-easy (and, in Goblin Uprising, heroes at both levels with the AI) to the end."""
    from skirmish.runner import play_one

    setup = {"players": ["hero1", "hero2", "hero3"], "tyrant": "dwarf", "difficulty": "normal"} \
        if name == "goblin-uprising" else None
    record = play_one(worker_registry(), name, 11, ["ai-hard", "ai-easy", "ai"], setup=setup)
    assert record.error == ""
    assert record.finished and (record.winners or record.draw)


def test_no_look_when_the_ais_own_answer_is_one_a_look_may_not_try():
    from types import SimpleNamespace

    from skirmish.levels import Levels

    lv = Levels(base=lambda ctx: None, evaluate=lambda game, seat: 0.0, tries=lambda d, answer: answer != "end")
    agent = LookAheadAgent(lv, AgentContext("x", 1, None, {}, ("x", "y")))
    decision = SimpleNamespace(options=[SimpleNamespace(value=v) for v in ("a", "b", "c", "end")], examples=())
    assert agent._candidates(decision, "end", 4) == ["end"]  # the AI ends the step: nothing to compare it with
    assert agent._candidates(decision, "a", 4) == ["a", "b", "c"]  # "end" is never tried


def test_the_levels_report_pairs_co_op_levels_seed_by_seed():
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("levels_bench", Path(__file__).parents[1] / "benchmarks/levels.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    def games(wins: list[bool]) -> list[dict[str, Any]]:
        return [{"seed": i, "winners": ["heroes"] if w else ["tyrant"], "won": []} for i, w in enumerate(wins)]

    studies = {"coop:ai": games([True, True, True, False]), "coop:ai-easy": games([False, True, False, False]),
               "duel:ai:random": games([True])}
    rows = bench.paired(studies)
    mine = [row for row in rows if row.startswith("| coop |")]
    # seeds 0 and 2: only ai won; seed 1 both won, seed 3 both lost: (2 + 2/2) / 4
    assert mine == [mine[0]] and "| ai over ai-easy | 4 | 2 | 0 | 2 | 75.0% (" in mine[0]
    assert not any("duel" in row for row in rows)
