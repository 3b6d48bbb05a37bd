"""Rallying Cry: rules code run by the core phase hook, with loaded dice on a hand-built table."""

from __future__ import annotations

import pytest

from skirmish import Game, read_save, replay, write_save
from skirmish.testing import play_random
from skirmish_chob_house_rules.house import RALLYING_CRY
from skirmish_chob_noggoth.state import BERSERK, DEAD, FLED

HERO = ("Brawler", "Hunter")


def start_of(phase: str):
    """A rules function that starts ``phase`` as the engine does: through the core hook."""

    def run(game: Game) -> None:
        game.hooks.skirmish_phase_start(game=game, phase=phase)

    return run


def rallies(game: Game) -> list[str]:
    return [e.text for e in game.log if e.rule == RALLYING_CRY and e.kind == "rally"]


@pytest.mark.parametrize(("die", "wounds", "text"), [
    (4, 2, "r2 answers r1's cry and regains 1 wound (2/2)"),
    (6, 2, "r2 answers r1's cry and regains 1 wound (2/2)"),
    (3, 1, "r2 does not answer r1's cry (3, needs 4+)"),
])
def test_a_wounded_ally_near_the_hero_regains_a_wound_on_4_plus(bench, warrior, die, wounds, text):
    game = bench([warrior("r1", "red", x=10, roles=HERO), warrior("r2", "red", x=14, wounds=1)], dice=[die])
    game.run(start_of("end"))
    assert game.state.warriors["r2"].wounds == wounds
    assert rallies(game) == [text]
    roll = [e for e in game.log if e.kind == "roll" and e.rule == RALLYING_CRY]
    assert len(roll) == 1 and not game.rng.loaded  # the die went through game.rng, logged under the rule


def test_the_reach_is_6_inches_base_to_base(bench, warrior):
    # centres 7" apart are 6" base to base (1" bases); 7.1" apart is too far
    near = bench([warrior("r1", "red", x=10, roles=HERO), warrior("r2", "red", x=17, wounds=1)], dice=[5])
    near.run(start_of("end"))
    assert near.state.warriors["r2"].wounds == 2
    far = bench([warrior("r1", "red", x=10, roles=HERO), warrior("r2", "red", x=17.1, wounds=1)], dice=[5])
    far.run(start_of("end"))
    assert far.state.warriors["r2"].wounds == 1 and rallies(far) == [] and list(far.rng.loaded) == [5]


def test_the_most_wounded_ally_answers(bench, warrior):
    game = bench([warrior("r1", "red", x=10, roles=HERO),
                  warrior("r2", "red", x=12, wounds=2, max_wounds=3),  # nearer, 1 down
                  warrior("r3", "red", x=15, wounds=1, max_wounds=3),  # 2 down
                  warrior("r4", "red", x=11, wounds=2, max_wounds=2)], dice=[4])  # not wounded
    game.run(start_of("end"))
    assert [w.wounds for w in game.state.warriors.values()] == [2, 2, 2, 2]
    assert rallies(game) == ["r3 answers r1's cry and regains 1 wound (2/3)"]


def test_each_side_with_a_hero_standing_rallies_player_a_first(bench, warrior):
    game = bench([warrior("b1", "blue", x=20, y=20, roles=HERO), warrior("b2", "blue", x=22, y=20, wounds=1),
                  warrior("r1", "red", x=10, roles=HERO), warrior("r2", "red", x=12, wounds=1)], dice=[4, 2])
    game.run(start_of("end"))
    assert rallies(game) == ["r2 answers r1's cry and regains 1 wound (2/2)",
                             "b2 does not answer b1's cry (2, needs 4+)"]


@pytest.mark.parametrize("status", [DEAD, FLED, BERSERK])
def test_no_cry_from_a_hero_who_is_not_standing_with_its_side(bench, warrior, status):
    game = bench([warrior("r1", "red", x=10, roles=HERO, status=status), warrior("r2", "red", x=12, wounds=1)],
                 dice=[6])
    game.run(start_of("end"))
    assert rallies(game) == [] and game.state.warriors["r2"].wounds == 1


def test_allies_only_and_never_the_hero_itself(bench, warrior):
    game = bench([warrior("r1", "red", x=10, roles=HERO, wounds=1, max_wounds=4), warrior("b1", "blue", x=12,
                                                                                           wounds=1)], dice=[6])
    game.run(start_of("end"))
    assert rallies(game) == [] and [w.wounds for w in game.state.warriors.values()] == [1, 1]


@pytest.mark.parametrize("phase", ["roles", "A:moves", "A:actions", "divine", "bombard"])
def test_only_at_the_start_of_end_of_round(bench, warrior, phase):
    game = bench([warrior("r1", "red", x=10, roles=HERO), warrior("r2", "red", x=12, wounds=1)], dice=[6])
    game.run(start_of(phase))
    assert rallies(game) == [] and list(game.rng.loaded) == [6]


def test_the_bundled_ruleset_has_no_rallying_cry(bench, warrior):
    game = bench([warrior("r1", "red", x=10, roles=HERO), warrior("r2", "red", x=12, wounds=1)], dice=[6],
                 bundled=True)
    game.run(start_of("end"))
    assert not game.hooks.skirmish_phase_start.get_hookimpls()  # the plugin serves the variant only: not called
    assert rallies(game) == [] and game.state.warriors["r2"].wounds == 1


def test_in_a_whole_game_it_comes_first_in_end_of_round_and_replays(registry, tmp_path):
    from skirmish import SaveFile

    ruleset = registry.ruleset("chob-noggoth-house")
    game = play_random(ruleset, 2)
    found = [e for e in game.log if e.rule == RALLYING_CRY and e.kind == "rally"]
    assert found, "seed 2 should see Rallying Cry (both default warbands are led by a Hero)"
    events = list(game.log)
    for event in found:
        before = events[:event.seq]
        phase = next(e for e in reversed(before) if e.kind == "phase")
        assert phase.data["phase"] == "end"
        between = [e.rule for e in before[phase.seq + 1:]]
        assert set(between) <= {RALLYING_CRY}, between  # nothing of the phase's own ran before it
    path = tmp_path / "game.toml"
    write_save(SaveFile.of(game), path)
    again = replay(read_save(path), ruleset)
    assert rallies(again) == [e.text for e in found] and again.digest() == game.digest()
