"""The built-in armies: valid 3,000-point lists that between them use every unit type and buyable keyword."""

from __future__ import annotations

import pytest

from skirmish import SetupError
from skirmish_hobgoblin.army import army_cost, builtin_armies, find_army, him_armies, validate
from skirmish_hobgoblin.content import load_content


@pytest.fixture(scope="module")
def content():
    return load_content()


def test_at_least_four_builtin_armies():
    assert len(builtin_armies()) >= 4


@pytest.mark.parametrize("aid", sorted(builtin_armies()))
def test_builtin_army_is_valid_at_3000(content, aid):
    army = builtin_armies()[aid]
    assert army.points == 3000
    assert validate(army, content) == []
    assert army_cost(army, content) == 3000


def test_builtins_use_every_unit_type(content):
    used = {content.unit_type(u.type).id for a in builtin_armies().values() for u in a.units}
    assert used == set(content.units)


def test_builtins_buy_every_buyable_keyword(content):
    bought = {content.ref(k) for a in builtin_armies().values() for u in a.units for k in u.keywords}
    bought_entries = {(r.id, r.value or 0) for r in bought}
    general = all(sum(u.general for u in a.units) == 1 for a in builtin_armies().values())
    standard = all(sum(u.battle_standard for u in a.units) == 1 for a in builtin_armies().values())
    assert general and standard
    wanted = {(k.id, o.value) for k, o in content.buyable() if not k.once_per_army}
    assert wanted - bought_entries == set()


def test_find_army_by_id_name_and_file(tmp_path):
    assert find_army("bog-coven").name == "Bog Coven"
    assert find_army("Red Howl Horde").name == "Red Howl Horde"
    path = tmp_path / "mine.toml"
    path.write_text('name = "Mine"\npoints = 1000\nunits = []\n')
    assert find_army(str(path)).name == "Mine"
    with pytest.raises(SetupError, match="did you mean bog-coven"):
        find_army("bog-covn")


@pytest.mark.parametrize("level,points", [("easy", 3000), ("normal", 4500), ("hardcore", 6000)])
def test_him_lists(content, level, points):
    """Solo play: His army has the player's points x 1, 1.5 or 2 (3,000-point player) and no Wizard."""
    army = him_armies()[level]
    assert army.points == points == 3000 * content.him.levels[level].factor
    assert validate(army, content, him=True) == []
    assert army_cost(army, content) == points
    assert find_army(f"him:{level}") == army
