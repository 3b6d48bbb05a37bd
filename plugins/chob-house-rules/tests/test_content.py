"""Long Bows and Veteran Prices change the variant's content, and nothing of the bundled game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from skirmish import Game
from skirmish.testing import play_random
from skirmish_chob_house_rules import house
from skirmish_chob_noggoth.content import load_content
from skirmish_chob_noggoth.rules import ChobNoggoth
from skirmish_chob_noggoth.warband import warband_cost


@pytest.fixture(scope="module")
def printed():
    """The content as the ruleset's own files give it (no plugin at all)."""
    return load_content()


def test_the_variant_has_the_house_numbers(registry):
    c = registry.ruleset("chob-noggoth-house").content
    assert c.types["hunter"].ranged_range == 30
    assert c.qualities["veteran"].cost == 4
    assert c.costs.budget == 22


def test_the_variant_changes_nothing_else(registry, printed):
    c = registry.ruleset("chob-noggoth-house").content
    expected = attrs.evolve(
        printed,
        types={**printed.types, "hunter": attrs.evolve(printed.types["hunter"], ranged_range=30)},
        qualities={**printed.qualities, "veteran": attrs.evolve(printed.qualities["veteran"], cost=4)},
        costs=attrs.evolve(printed.costs, budget=22))
    assert c == expected


def test_the_bundled_ruleset_is_unchanged_with_the_plugin_installed(registry, printed):
    assert "chob-house-rules" in dict(registry.pm.list_name_plugin())  # installed, so the check means something
    bundled = registry.ruleset("chob-noggoth")
    assert bundled.content == printed
    assert bundled.content.types["hunter"].ranged_range == 24 and bundled.content.costs.budget == 20
    assert bundled.default_setup() == ChobNoggoth().default_setup()


@pytest.mark.parametrize("seed", [0, 1])
def test_bundled_games_play_exactly_as_without_the_plugin(registry, seed):
    hooked = play_random(registry.ruleset("chob-noggoth"), seed)
    bare = play_random(ChobNoggoth(), seed)  # no plugin manager at all
    assert hooked.digest() == bare.digest() and hooked.answers == bare.answers
    assert not [e for e in hooked.log if e.rule.startswith("House rule")]


def test_hunters_shoot_30_inches_in_the_variant_only(bench, warrior):
    from skirmish_chob_noggoth import warrior_profile

    for bundled, reach in ((False, 30), (True, 24)):
        hero = warrior("r1", "red", x=10, roles=("Hunter", "Brawler"))
        game = bench([hero], bundled=bundled)
        assert warrior_profile.shooting_range(game, hero) == reach
        hero.role = "Brawler"
        assert warrior_profile.shooting_range(game, hero) == 0


def test_every_builtin_warband_still_fits_the_house_budget(registry):
    ruleset = registry.ruleset("chob-noggoth-house")
    content = ruleset.content
    costs = {name: warband_cost(band, content) for name, band in ruleset.warbands.items()}
    assert len(costs) == 6 and max(costs.values()) <= content.costs.budget
    assert costs["The Iron Grudge Battery"] == 22  # two Veterans: 20 as printed, +1 each


def test_the_default_game_pits_two_hero_led_warbands(registry):
    ruleset = registry.ruleset("chob-noggoth-house")
    setup = ruleset.default_setup()
    assert setup["warbands"] == {"red": "The Mudfoot Boys", "blue": "The Wandering Shrine"}
    assert ruleset.check_setup(setup) == setup
    game = Game(ruleset, seed=3)
    assert sum(len(w.roles) == 2 for w in game.state.warriors.values()) == 2


def test_random_warbands_spend_the_house_budget(registry):
    ruleset = registry.ruleset("chob-noggoth-house")
    game = Game(ruleset, {"warbands": {"red": "random", "blue": "random"}}, seed=5)
    spent = {p: sum(w.cost for w in game.state.warriors.values() if w.side == p) for p in game.players}
    assert all(21 <= v <= 22 for v in spent.values()), spent


def test_skirmish_play_runs_the_variant_from_the_default_setup(tmp_path):
    script = Path(sys.executable).with_name("skirmish")
    save = tmp_path / "house.toml"
    run = subprocess.run([str(script), "play", "chob-noggoth-house", "--players", "ai,ai", "--seed", "4",
                          "--save", str(save)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "game over" in run.stdout and "Chob-Noggoth (house rules) begins" in run.stdout
    assert 'ruleset = "chob-noggoth-house"' in save.read_text()


def test_a_broken_house_number_file_is_one_setup_error(monkeypatch):
    from skirmish import SetupError

    monkeypatch.setattr(house, "load_toml", lambda *a: {"long_bows": {"hunter_rnage": 30}})
    house.numbers.cache_clear()
    try:
        with pytest.raises(SetupError, match="house.toml"):
            house.numbers()
    finally:
        monkeypatch.undo()
        house.numbers.cache_clear()
