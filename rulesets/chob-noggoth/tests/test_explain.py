"""Explaining the game: glossary from the content, exact odds of offered attacks, measuring, brief, the end."""

from __future__ import annotations

import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from chob_bench import bench, changed, warrior

from skirmish import Decision, Game, Registry, SkirmishError, View
from skirmish.runner import agent_seed
from skirmish_chob_noggoth import odds, turns
from skirmish_chob_noggoth.state import DEAD, Piece


def shooting_game(content: object = None) -> Game:
    hunter = warrior("r1", "red", "Hunter", x=5, y=10, name="Dreg")
    brute = warrior("b1", "blue", "Brawler", x=15, y=10, name="Snag")
    lump = warrior("b2", "blue", "Brawler", x=10, y=10.6, name="Lump")  # hides part of Snag from Dreg
    game = bench([hunter, brute, lump], content=content)
    options = turns.activation_options(game, "red", "actions")
    game.run(lambda g: g.ask(Decision("red", "actions", "choose", options=options), lambda g2, a: None))
    return game


def test_the_glossary_explains_rules_traits_types_statuses_and_columns_from_the_content() -> None:
    game = shooting_game()
    terms = game.ruleset.glossary()
    c = game.ruleset.content
    for rule in c.bonus_rules.values():
        assert rule.summary in terms[rule.name]
    assert "hits 3+ in melee" in terms["Brawler"] and "berserk" in terms and "fled" in terms
    assert "wounds left" in terms["W"] and "cover" in terms and "Blast 'Em!" in terms
    assert "-1 to hit" in terms["cover"]
    house = Game(type(game.ruleset)(game.state), None)  # the same ruleset class with house numbers
    house.ruleset.__dict__["content"] = changed(**{"combat.cover_penalty": 2})
    assert "-2 to hit" in house.ruleset.glossary()["cover"]


def test_odds_of_the_offered_shot_are_the_exact_distribution_of_the_rules() -> None:
    game = shooting_game()
    tables = game.ruleset.odds(game, "red", "")
    assert len(tables) == 2  # Snag and Lump
    title, dist = next(t for t in tables if "Snag" in t[0])
    assert "Dreg (A) shoots Snag (a)" in title and "cover" in title and "save 3+" in title
    assert sum(dist.values()) == 1
    # two dice needing 5+ at -1 for cover (a 6 only); each 6 is a critical: no save
    assert dist[2] == Fraction(1, 36) and dist[0] == Fraction(25, 36)
    expected = odds.wounds_odds(odds.attack_odds(2, 5, -1, 6, 3, 0))
    assert dist == dict(expected.items())


def test_odds_for_named_warriors_and_morale_and_a_clear_error() -> None:
    game = shooting_game()
    shots = game.ruleset.odds(game, "red", "Dreg Snag")
    assert [t.split(":")[0] for t, _d in shots] == ["Dreg (A) shoots Snag (a)", "Dreg (A) strikes Snag (a)"]
    morale = dict(game.ruleset.odds(game, "red", "morale b")[0][1])
    assert morale["holds"] == 1 - Fraction(4, 6) ** 2
    with pytest.raises(SkirmishError, match="could not read"):
        game.ruleset.odds(game, "red", "the moon")


def test_measure_between_warriors_named_by_letter_or_name_says_why_there_is_cover() -> None:
    game = shooting_game()
    text = game.ruleset.measure(game, "red", "A", "snag")
    assert text.startswith("Dreg (A) to Snag (a): 9.0\" base to base (10.0\" centre to centre)")
    assert "Dreg sees Snag in cover (partly hidden by Lump)" in text
    assert "Snag is within Dreg's range (24\")" in text
    with pytest.raises(SkirmishError, match="no warrior called"):
        game.ruleset.measure(game, "red", "A", "Zog")


def test_measure_names_terrain_that_gives_cover() -> None:
    hunter = warrior("r1", "red", "Skirmisher", x=5, y=10, name="Nob")
    target = warrior("b1", "blue", x=15, y=10, name="Snag")
    wall = Piece("t1", "Low Wall", "blocking", "rect", 12, 9.0, 1, 1.6)
    game = bench([hunter, target], pieces=[wall])
    assert "partly hidden by Low Wall" in game.ruleset.measure(game, "red", "Nob", "Snag")


def test_the_brief_status_fits_80_columns_in_a_few_lines() -> None:
    warriors = [warrior(f"r{i}", "red", name=f"Warrior Number {i}", x=2 + 3 * i, y=2) for i in range(1, 10)]
    warriors += [warrior(f"b{i}", "blue", name=f"Foe {i}", x=2 + 3 * i, y=20) for i in range(1, 7)]
    warriors[0].status = DEAD
    game = bench(warriors)
    text = game.ruleset.brief(game, "red")
    lines = text.splitlines()
    assert len(lines) <= 9 and all(len(line) <= 80 for line in lines)
    assert "Round 0 of 8" in lines[0] and "8/9 left, 1 lost" in text and "B Warrior Number 2 2/2" in text


def test_the_final_summary_has_the_result_the_table_casualties_and_key_moments() -> None:
    registry = Registry()
    ruleset = registry.ruleset("chob-noggoth")
    game = Game(ruleset, None, seed=5)
    agents = {p: registry.make_agent("ai", ruleset, p, agent_seed(5, i), game.players)
              for i, p in enumerate(game.players)}
    while game.pending is not None:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    text = ruleset.final_summary(game, None)
    assert text.startswith("Result after") and "red: " in text and "blue: " in text
    assert "red casualties:" in text and "blue casualties:" in text and "Key moments:" in text
    assert "+---" in text  # the final table


def test_help_odds_and_measure_at_the_prompt(tmp_path: Path) -> None:
    import os
    import sys

    exe = str(Path(sys.executable).with_name("skirmish"))
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "xdg")}
    done = subprocess.run([exe, "play", "chob-noggoth", "--players", "human,ai", "--seed", "8"],
                          input="help cover\nhelp Hardened\nsouth\nline\nmeasure A a\nodds morale A\nquit\n",
                          capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)
    out = done.stdout + done.stderr
    assert "Traceback" not in out
    assert "not entirely visible" in out and "bonus rule 3" in out
    assert "base to base" in out and "morale check" in out
