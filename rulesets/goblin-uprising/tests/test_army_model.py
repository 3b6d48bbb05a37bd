"""Properties of the army model (RULINGS GU-28): damage on one tile, one miniature per troop HP."""

from __future__ import annotations

from gu_helpers import new_game
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish_goblin_uprising.combat import hit_enemy

GAME = new_game(1)


@settings(max_examples=60, deadline=None)
@given(minis=st.integers(1, 6), tile=st.integers(0, 2), hits=st.lists(st.integers(0, 12), min_size=1, max_size=4),
       piercing=st.booleans())
def test_army_damage_is_tracked_on_one_tile(minis: int, tile: int, hits: list[int], piercing: bool) -> None:
    game = GAME.clone()
    s = game.state
    s.troops["dwarf"], s.troop_damage["dwarf"] = minis, tile  # dwarves: 3 HP each
    for dmg in hits:
        before_minis, before_tile = s.troops["dwarf"], s.troop_damage.get("dwarf", 0)
        if not before_minis:
            break
        killed, leftover = hit_enemy(game, "hero1", "troop:dwarf", dmg, piercing)
        removed = before_minis - s.troops["dwarf"]
        assert killed == (removed > 0)
        if piercing:
            total = before_tile + dmg
            assert removed == min(before_minis, total // 3)
            if s.troops["dwarf"]:
                assert s.troop_damage["dwarf"] == total - 3 * removed and leftover == 0
        else:
            assert removed <= 1
            if removed:
                assert s.troop_damage["dwarf"] == 0 and leftover == 0
            else:
                assert s.troop_damage["dwarf"] == before_tile + dmg
        assert 0 <= s.troop_damage.get("dwarf", 0) < 3
