"""The Chob-Noggoth AI: legal answers in whole games, exact odds, sensible choices, and its win rate."""

from __future__ import annotations

import pytest
from chob_bench import bench, warrior

from skirmish import AgentContext, Decision, Option, Param, Registry, View, simulate
from skirmish.runner import agent_seed
from skirmish_chob_noggoth import ai, spells, turns
from skirmish_chob_noggoth.state import Shrine


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


def make_ai(game, player: str = "red", seed: int = 1) -> ai.ChobAI:
    return ai.ChobAI(AgentContext(player, seed, game.ruleset, players=tuple(game.players)))


def ask(game, decision: Decision):
    """Make ``decision`` the pending one of a bench game."""
    game.run(lambda g: g.ask(decision, lambda g2, answer: None))
    assert game.pending is decision
    return decision


def activation(game, player: str = "red", what: str = "moves") -> Decision:
    options = turns.activation_options(game, player, what)
    return ask(game, Decision(player, what, "choose", options=options, rule="test"))


def answer_of(game, player: str = "red", what: str = "moves", seed: int = 1):
    decision = activation(game, player, what)
    return make_ai(game, player, seed).decide(View(game, player), decision)


# ----------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("opponent", ["ai", "random"])
def test_the_ai_only_gives_legal_answers_in_whole_games(registry, seed, opponent) -> None:
    from skirmish import Game

    ruleset = registry.ruleset("chob-noggoth")
    setup = None
    if seed % 3 == 2:  # other warbands too: Mages, Warmachines, Monsters, the Piggun, Boomsticks
        red = ["The Bog Coven", "Shirley's Hirelings", "The Red Howl Riders"][seed // 3 % 3]
        setup = {"warbands": {"red": red, "blue": "The Iron Grudge Battery"}}
    game = Game(ruleset, setup, seed=seed, keep_log=False)
    names = ["ai", opponent] if seed % 2 == 0 else [opponent, "ai"]
    agents = {p: registry.make_agent(n, ruleset, p, agent_seed(seed, i), game.players)
              for i, (p, n) in enumerate(zip(game.players, names, strict=True))}
    ours = 0
    while game.pending is not None:
        d = game.pending
        rolls = game.rng.rolls
        answer = agents[d.player].decide(View(game, d.player), d)
        assert game.rng.rolls == rolls, "an agent rolled the game's dice"
        assert d.check(game, answer)[1] is None, f"illegal answer {answer!r} to {d.kind}"
        ours += names[game.players.index(d.player)] == "ai"
        game.answer(answer, d.player)
        assert game.decisions < ruleset.max_decisions
    assert game.result is not None
    assert ours > 10


def test_the_ai_is_deterministic_for_a_seed(registry) -> None:
    from skirmish import play_one

    first = play_one(registry, "chob-noggoth", 7, ["ai", "ai"])
    again = play_one(registry, "chob-noggoth", 7, ["ai", "ai"])
    assert (first.winners, first.decisions, first.dice) == (again.winners, again.decisions, again.dice)


def test_the_ai_is_registered_for_chob_noggoth_only(registry) -> None:
    spec = registry.agent_spec("ai", "chob-noggoth")
    assert spec.rulesets == ("chob-noggoth",) and spec.help


# ----------------------------------------------------------------------------- the odds


def test_the_ai_scores_with_the_exact_odds_of_the_rules() -> None:
    from skirmish_chob_noggoth.ai import odds as ai_odds

    game = bench([warrior("r1", "red", "Brawler"), warrior("b1", "blue", "Monster", wounds=4)])
    brain = make_ai(game)
    sit = brain.situation(View(game, "red"))
    brawler, monster = (brain.stats(sit, w) for w in game.state.warriors.values())
    assert ai_odds.fail_save(brawler, 2) == pytest.approx(2 / 6)  # saves on 3+
    assert ai_odds.fail_save(monster, 4) == pytest.approx(4 / 6)  # must roll above its 4 wounds
    table = ai_odds.attack_table(brawler, monster, 2, 3, 0, 4)
    assert sum(p for _x, _z, p in table) == pytest.approx(1.0)
    # one die: a 6 wounds (critical); a 3-5 hits and the Monster fails its save on 1-4
    one = dict(((x, z), p) for x, z, p in ai_odds.attack_table(brawler, monster, 1, 3, 0, 4))
    assert one[(1, 0)] == pytest.approx(1 / 6 + 3 / 6 * 4 / 6)


def test_melee_tables_count_parry_wounds_from_natural_ones() -> None:
    from skirmish_chob_noggoth.ai import odds as ai_odds

    game = bench([warrior("r1", "red", "Brawler"), warrior("b1", "blue", "Brawler", rules=["Parry"])])
    brain = make_ai(game)
    sit = brain.situation(View(game, "red"))
    a, d = (brain.stats(sit, w) for w in game.state.warriors.values())
    table = ai_odds.attack_table(a, d, 3, 3, 0, 2, parry=True)
    assert sum(z * p for _x, z, p in table) == pytest.approx(3 / 6)
    assert sum(p for _x, _z, p in table) == pytest.approx(1.0)


def test_it_prefers_the_shot_with_more_expected_wounds() -> None:
    hunter = warrior("r1", "red", "Hunter", x=10, y=5)
    tough = warrior("b1", "blue", "Brawler", x=10, y=15, rules=["Hardened"])  # saves on 2+
    soft = warrior("b2", "blue", "Brawler", x=14, y=15)  # saves on 3+
    game = bench([hunter, tough, soft], round_roll=2)
    brain = make_ai(game)
    sit = brain.situation(View(game, "red"))
    w = sit.state.warriors
    assert brain.shot_value(sit, w["r1"], w["b2"], cover=False)[1] > brain.shot_value(sit, w["r1"], w["b1"],
                                                                                        cover=False)[1]
    assert answer_of(game, what="actions") == "r1|shoot|b2"


def test_it_shoots_the_target_out_of_cover() -> None:
    from skirmish_chob_noggoth.state import Piece

    hunter = warrior("r1", "red", "Hunter", x=10, y=5)
    hidden = warrior("b1", "blue", "Hunter", x=6, y=15)
    bare = warrior("b2", "blue", "Hunter", x=14, y=15)
    hedge = Piece("t1", "hedge", "area", "rect", 7, 11, 4, 1)  # between the hunter and b1
    game = bench([hunter, hidden, bare], pieces=[hedge])
    assert answer_of(game, what="actions") == "r1|shoot|b2"


def test_a_brawler_charges_a_weak_target() -> None:
    brute = warrior("r1", "red", "Brawler", x=10, y=10, quality="veteran", cost=3)
    weakling = warrior("b1", "blue", "Skirmisher", x=13, y=10, quality="bad", cost=1)
    far = warrior("b2", "blue", "Hunter", x=30, y=22)
    game = bench([brute, weakling, far])
    assert answer_of(game) == "r1|charge|b1"


def test_melee_odds_favour_the_stronger_fighter_and_the_first_strike() -> None:
    brute = warrior("r1", "red", "Brawler", x=10, y=10, quality="veteran", cost=3)
    weakling = warrior("b1", "blue", "Skirmisher", x=13, y=10, quality="bad", cost=1)
    game = bench([brute, weakling])
    brain = make_ai(game)
    sit = brain.situation(View(game, "red"))
    w = sit.state.warriors
    assert brain.melee_value(sit, w["r1"], w["b1"], charged=True) > 0
    assert brain.melee_value(sit, w["b1"], w["r1"], charged=True) < 0


def test_a_weak_shooter_does_not_walk_into_a_brawlers_reach() -> None:
    archer = warrior("r1", "red", "Hunter", x=10, y=4, quality="bad", cost=1)
    brute = warrior("b1", "blue", "Brawler", x=10, y=14, quality="veteran", cost=3)
    game = bench([archer, brute])
    decision = activation(game)
    brain = make_ai(game)
    scores = dict(brain.scores(View(game, "red"), decision))
    assert scores.get("r1|advance|b1", -1.0) <= 0.0
    assert not brain.decide(View(game, "red"), decision).startswith("r1|advance")


def test_it_prays_at_a_shrine_when_nothing_better_is_at_hand() -> None:
    monk = warrior("r1", "red", "Brawler", x=10, y=4)
    game = bench([monk, warrior("b1", "blue", "Brawler", x=30, y=22)], shrines=[Shrine("s1", 11, 5)])
    assert answer_of(game, what="actions") == "r1|pray|s1"


def test_it_ends_the_step_when_nothing_is_worth_doing() -> None:
    game = bench([warrior("r1", "red", "Brawler", x=10, y=1), warrior("b1", "blue", "Brawler", x=10, y=23)],
                 round_roll=1)  # Blast 'Em: a brawler can neither shoot nor cast
    assert answer_of(game, what="actions") == "end"


def test_the_hero_fights_as_a_brawler_up_close_and_shoots_as_a_hunter_from_afar() -> None:
    from skirmish_chob_noggoth import rules

    def role_for(enemy_y: float) -> str:
        hero = warrior("r1", "red", "Hero", x=10, y=5, quality="heroic", roles=["Brawler", "Hunter"], cost=5)
        game = bench([hero, warrior("b1", "blue", "Skirmisher", x=10, y=enemy_y, quality="bad", cost=1)])
        game.run(lambda g: rules._ask_role(g, "r1"))
        assert game.pending.kind == "role" and game.pending.context["actor"] == "r1"
        return make_ai(game).decide(View(game, "red"), game.pending)

    assert role_for(8) == "Brawler"
    assert role_for(22) == "Hunter"


def test_the_spell_is_stopped_only_when_it_would_hurt_its_own_side() -> None:
    def stop_answer(effect: str, target: str) -> str:
        mage = warrior("r1", "red", "Mage", x=10, y=5, quality="veteran", cost=3)
        friend = warrior("r2", "red", "Brawler", x=12, y=5, name="Friend")
        foe = warrior("b1", "blue", "Brawler", x=10, y=20, name="Foe")
        game = bench([mage, friend, foe])
        game.run(lambda g: spells._ask_stop(g, "r1", effect, target))
        assert game.pending.kind == "spell-stop"
        return make_ai(game).decide(View(game, "red"), game.pending)

    assert stop_answer("harm", "b1") == spells.GO
    assert stop_answer("harm", "r2") == spells.STOP
    assert stop_answer("heal", "r2") == spells.GO


def test_a_picked_spell_effect_and_target_favour_its_own_side() -> None:
    mage = warrior("r1", "red", "Mage", x=10, y=5, quality="veteran", cost=3)
    foe = warrior("b1", "blue", "Brawler", x=10, y=20, name="Foe")
    game = bench([mage, warrior("r2", "red", "Brawler", x=12, y=5, name="Friend"), foe])
    game.run(lambda g: spells._pick_effect(g, "r1", spells.CHOOSE, "b1"))
    assert game.pending.kind == "spell-effect"
    assert make_ai(game).decide(View(game, "red"), game.pending) == "harm"
    game.run(lambda g: spells._pick_target(g, "r1", "harm", ""))
    assert game.pending.kind == "spell-target"
    assert make_ai(game).decide(View(game, "red"), game.pending) == "b1"


def test_unknown_decisions_get_a_sensible_legal_answer() -> None:
    game = bench([warrior("r1", "red"), warrior("b1", "blue", x=20)])
    brain = make_ai(game)
    choice = ask(game, Decision("red", "something-new", "pick", options=[Option("a"), Option("b")]))
    assert brain.decide(View(game, "red"), choice) == "a"
    form = ask(game, Decision("red", "another-form", "where?", params=(Param("x", "float", 0, 10),),
                              validator=lambda g, a: None if a["x"] > 5 else "too small", examples=[{"x": 7.0}]))
    assert brain.decide(View(game, "red"), form) == {"x": 7.0}
    bare = ask(game, Decision("red", "a-form", "where?", params=(Param("x", "float", 0, 10),),
                              validator=lambda g, a: None if a["x"] > 5 else "too small"))
    assert bare.check(game, brain.decide(View(game, "red"), bare))[1] is None


def test_a_planned_move_to_a_point_is_answered_with_a_legal_point() -> None:
    r1 = warrior("r1", "red", "Hunter", x=5, y=2)
    game = bench([r1, warrior("b1", "blue", "Brawler", x=30, y=22)])
    brain = make_ai(game)
    brain._plan["r1"] = (5.0, 5.5)
    game.run(lambda g: turns.perform(g, g.state.warriors["r1"], "point", "", "moves"))
    assert game.pending.kind == "move-to"
    answer = brain.decide(View(game, "red"), game.pending)
    assert answer == {"x": 5.0, "y": 5.5}


# ----------------------------------------------------------------------------- against random


def test_the_ai_beats_the_random_agent_at_least_four_games_in_five(registry) -> None:
    summary, _records = simulate(registry, "chob-noggoth", 200, ["ai", "random"], alternate=True)
    wins = summary.wins_by_agent.get("ai", 0)
    assert summary.finished == 200
    assert wins >= 160, f"the AI won {wins} of 200 games against random"
