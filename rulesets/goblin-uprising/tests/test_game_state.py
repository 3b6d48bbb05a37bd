"""Game state lives in the game: games side by side play as alone, and no game writes to module globals."""

from __future__ import annotations

from typing import Any

from skirmish.testing import check_interleaved, check_no_module_state, installed_registry
from skirmish_goblin_uprising.rules import GoblinUprising

#: pure memos of plain values (an effect's name and number in, its text out): the same for every game, bounded
PURE_MEMOS = ("skirmish_goblin_uprising.combat._effect_text", "skirmish_goblin_uprising.turns._turn_text",
              "skirmish_goblin_uprising.turns._guardian_text")


def _factory(name: str) -> Any:
    return installed_registry().agent_spec(name, "goblin-uprising").factory


def test_games_side_by_side_play_as_alone_with_the_ai_in_every_seat() -> None:
    rs = GoblinUprising()
    four = rs.apply_options(rs.default_setup(), {"heroes": "4"})
    assert check_interleaved(GoblinUprising, seeds=(0, 1, 2), factory=_factory("ai"), setups=(None, four)) == 6


def test_games_side_by_side_play_as_alone_with_random_players() -> None:
    assert check_interleaved(GoblinUprising, seeds=(3, 4), factory=_factory("random")) == 2


def test_no_game_writes_to_module_globals_but_pure_memos() -> None:
    registry = installed_registry()
    moved = check_no_module_state(lambda: registry.ruleset("goblin-uprising"), ["skirmish_goblin_uprising"],
                                  _factory("ai"), seeds=(0, 1, 2), allow=PURE_MEMOS)
    assert set(moved) <= set(PURE_MEMOS)


def test_no_game_writes_to_module_globals_with_a_fresh_ruleset_each_game() -> None:
    """What is built from a content set (schemes by id, option lists, texts) lives on that content: a new
    ruleset (so a new content object) each game leaves no module-level trace but the pure memos."""
    moved = check_no_module_state(GoblinUprising, ["skirmish_goblin_uprising"], _factory("ai"), seeds=(0, 1, 2),
                                  allow=PURE_MEMOS)
    assert set(moved) <= set(PURE_MEMOS)


def test_the_content_is_looked_up_once_per_game_and_shared_by_its_copies() -> None:
    """``C(game)`` keeps the game's content in the game's stash: the same object on every call, shared by a clone
    (content never changes, so a copy of the game does not copy it), and still found for a stand-in without a stash."""
    from types import SimpleNamespace

    from gu_helpers import new_game

    from skirmish_goblin_uprising.bookkeeping import C

    game = new_game(2)
    content = C(game)
    assert content is game.ruleset.content
    assert C(game) is content and game.stash
    clone = game.clone()
    assert C(clone) is content
    table = SimpleNamespace(ruleset=game.ruleset, setup={})  # what the odds code's tables look like
    assert C(table) is content
