"""Game state lives in the game: games side by side play as alone, and no game writes to module globals."""

from __future__ import annotations

from chob_bench import bench, warrior

from skirmish import AgentContext, View
from skirmish.testing import check_interleaved, check_no_module_state, installed_registry
from skirmish_chob_noggoth import ai
from skirmish_chob_noggoth.ai import evaluation
from skirmish_chob_noggoth.rules import ChobNoggoth

#: pure memos of numbers (odds, terrain geometry and sight, move stops): the same for every game, bounded
PURE_MEMOS = tuple(f"skirmish_chob_noggoth.{name}" for name in (
    "odds._dice_tally", "odds._failing_faces", "odds._margins", "odds.attack_odds", "odds.contest_won",
    "odds.wound_table", "odds.morale_holds", "odds.save_fails", "odds.dice_odds", "odds.any_face",
    "ai.odds._fail_save", "ai.odds.heard", "ai.odds.table_chances", "ai.odds.stop_test", "ai.odds.any_of",
    "ai.odds.hold", "ai.odds.melee_table", "ai.odds.ends_table", "ai.evaluation.melee_weights",
    "measuring._STOPS", "measuring._table",
    "measuring._terrain_sight"))


def _ai():  # type: ignore[no-untyped-def]
    return installed_registry().agent_spec("ai", "chob-noggoth").factory


def test_games_side_by_side_play_as_alone_with_the_ai_in_every_seat() -> None:
    assert check_interleaved(ChobNoggoth, seeds=(0, 1, 2), factory=_ai()) == 3


def test_games_side_by_side_play_as_alone_with_random_players() -> None:
    factory = installed_registry().agent_spec("random", "chob-noggoth").factory
    assert check_interleaved(ChobNoggoth, seeds=(3, 4), factory=factory) == 2


def test_no_game_writes_to_module_globals_but_pure_memos() -> None:
    registry = installed_registry()
    moved = check_no_module_state(lambda: registry.ruleset("chob-noggoth"), ["skirmish_chob_noggoth"], _ai(),
                                  seeds=(0, 1, 2), allow=PURE_MEMOS)
    assert set(moved) <= set(PURE_MEMOS)


def test_no_game_writes_to_module_globals_with_a_fresh_ruleset_each_game() -> None:
    """Content derived caches (names found, last-wound odds) live on the content: a new ruleset (so a new
    content object) each game leaves no module-level trace but the pure memos of numbers."""
    moved = check_no_module_state(ChobNoggoth, ["skirmish_chob_noggoth"], _ai(), seeds=(0, 1, 2), allow=PURE_MEMOS)
    assert set(moved) <= set(PURE_MEMOS)


def test_both_seats_share_a_warriors_numbers_and_a_new_content_starts_empty() -> None:
    """A warrior's fixed numbers depend on the content and its signature only: the second seat finds what the
    first worked out (the same object, with the same combat token), and another ruleset's content has its own."""
    game = bench([warrior("r1", "red", "Brawler"), warrior("b1", "blue", "Brawler", x=20)])
    red, blue = (ai.ChobAI(AgentContext(p, 1, game.ruleset, players=tuple(game.players))) for p in ("red", "blue"))
    sit_red, sit_blue = red.situation(View(game, "red")), blue.situation(View(game, "blue"))
    made = evaluation._fixed_stats(sit_red.game, sit_red.state.warriors["b1"])
    assert evaluation._fixed_stats(sit_blue.game, sit_blue.state.warriors["b1"]) is made
    assert blue.caches.fixed is red.caches.fixed and made.combat in blue.caches.combat.values()
    seen_by_red = red.stats(sit_red, sit_red.state.warriors["b1"])  # the enemy's numbers as red reckons them
    assert blue.caches.stats is red.caches.stats and seen_by_red in blue.caches.stats.values()
    other = ai.ChobAI(AgentContext("red", 1, ChobNoggoth(), players=tuple(game.players)))
    assert other.caches.fixed is not red.caches.fixed and not other.caches.fixed
