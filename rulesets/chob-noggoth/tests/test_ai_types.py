"""The AI's modules stay typed (they compiled with mypyc in a trial: benchmarks/README.md, "Sixth round"), and the
written-out copy of a warrior's fixed numbers misses no slot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from skirmish_chob_noggoth.ai import evaluation
from skirmish_chob_noggoth.ai.evaluation import Stats

SRC = Path(evaluation.__file__).parents[2]


def test_a_stats_copy_takes_every_slot_but_the_rounds_worth() -> None:
    fixed, s = Stats(), Stats()
    for i, name in enumerate(Stats.__slots__):
        setattr(fixed, name, i)
    evaluation._copy_fixed(s, fixed)
    copied = {name for name in Stats.__slots__ if hasattr(s, name)}
    assert copied == set(Stats.__slots__) - set(evaluation._ROUND)
    assert all(getattr(s, name) == getattr(fixed, name) for name in copied)


def test_every_stats_slot_has_a_type() -> None:
    assert set(Stats.__annotations__) == set(Stats.__slots__)


def test_the_ai_modules_type_check() -> None:
    pytest.importorskip("mypy")  # not a test dependency: checked where it is installed
    modules = sorted(str(p.relative_to(SRC)) for p in (SRC / "skirmish_chob_noggoth" / "ai").glob("*.py"))
    done = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", "--ignore-missing-imports",
                           "--no-incremental", *modules], cwd=SRC, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:]


def test_a_warriors_numbers_follow_every_change_to_it() -> None:
    """Stats are kept by a warrior's stamp: a role or wounds changed in place give the numbers a fresh warrior gets."""
    from chob_bench import bench, warrior

    from skirmish import AgentContext, View
    from skirmish_chob_noggoth import ai

    game = bench([warrior("r1", "red", "Hero", quality="heroic", roles=["Brawler", "Hunter"], role="Brawler"),
                  warrior("b1", "blue", "Brawler", x=20)])
    brain = ai.ChobAI(AgentContext("red", 1, game.ruleset, players=tuple(game.players)))
    sit = brain.situation(View(game, "red"))
    hero = sit.state.warriors["r1"]
    as_brawler = brain.stats(sit, hero)
    for change in ({"role": "Hunter"}, {"wounds": 1}):
        for name, value in change.items():
            setattr(hero, name, value)
        sit.forget(hero)
        kept = brain.stats(sit, hero)
        fresh = ai.ChobAI(AgentContext("red", 1, game.ruleset, players=tuple(game.players)))
        sit.stats.clear()
        made = evaluation._make_stats(sit.game, hero, sit.knock_on("red"))
        assert kept is not as_brawler
        assert kept.per_wound == kept.kept(1)
        assert all(getattr(kept, n) == getattr(made, n) for n in Stats.__slots__ if n != "losses")
        again = fresh.stats(sit, hero)  # another AI of the same content finds the numbers the first worked out
        assert again is kept


def test_numbers_kept_by_stamp_go_when_the_signature_table_is_cleared() -> None:
    """The stamp table holds only objects of the signature table, so both hand out the same object for a warrior."""
    from chob_bench import bench, warrior

    from skirmish import AgentContext, View
    from skirmish_chob_noggoth import ai

    game = bench([warrior("r1", "red", "Brawler"), warrior("b1", "blue", "Brawler", x=20)])
    brain = ai.ChobAI(AgentContext("red", 1, game.ruleset, players=tuple(game.players)))
    sit = brain.situation(View(game, "red"))
    red, blue = sit.state.warriors["r1"], sit.state.warriors["b1"]
    brain.stats(sit, red)
    filler = Stats()
    brain._stats.update({("filler", i): filler for i in range(evaluation.CACHE_LIMIT + 1)})  # cleared at the next
    blue.wounds = 1  # a new signature: the table is cleared
    sit.stats.clear()
    brain.stats(sit, blue)
    sit.stats.clear()
    again = brain.stats(sit, red)
    assert again is brain._stats[evaluation._sig(red, sit.state, sit.knock_on("red"))]
