"""Warbands: Finger costs as printed, every validation message, built-ins and random warbands."""

from __future__ import annotations

import random

import pytest
import tomli_w

from skirmish import GameRNG, SetupError
from skirmish_chob_noggoth.content import Content, load_content
from skirmish_chob_noggoth.warband import (
    Warband,
    WarriorSpec,
    builtin_warbands,
    find_warband,
    limit_counts,
    load_warband,
    parse_warband,
    random_warband,
    warband_cost,
    warband_to_dict,
    warrior_cost,
    warrior_rules,
)


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def cost(content, **spec) -> int:
    spec.setdefault("name", "x")
    return warrior_cost(WarriorSpec(**spec), content)


def band(*warriors: dict, rule: str = "", name: str = "Test Band") -> dict:
    data: dict = {"name": name, "warriors": list(warriors)}
    if rule:
        data["rule"] = rule
    return data


def problem(content, data, **kw) -> str:
    with pytest.raises(SetupError) as info:
        parse_warband(data, content, **kw)
    text = str(info.value)
    assert "\n" not in text
    return text


# ----------------------------------------------------------------------------- costs


def test_bad_warrior_costs_one(content):
    assert cost(content, type="brawler", quality="bad") == 1


def test_standard_warrior_costs_two(content):
    assert cost(content, type="hunter", quality="standard") == 2


def test_veteran_warrior_costs_three(content):
    assert cost(content, type="skirmisher", quality="veteran") == 3


def test_type_does_not_change_cost(content):
    assert {cost(content, type=t, quality="standard") for t in
            ("brawler", "hunter", "skirmisher", "berserker", "warmachine", "mage")} == {2}


def test_hero_costs_five(content):
    assert cost(content, type="hero", quality="heroic", roles=("brawler", "mage")) == 5


def test_monster_costs_five(content):
    assert cost(content, type="monster", quality="", mounted=True) == 5


def test_mounted_costs_one_more_finger(content):
    assert cost(content, type="brawler", quality="standard", mounted=True) == 3
    assert cost(content, type="hero", quality="heroic", roles=("brawler", "mage"), mounted=True) == 6


def test_monster_counts_as_mounted_for_free(content):
    assert cost(content, type="monster", quality="", mounted=True) == cost(content, type="monster", quality="")
    spec = parse_warband(band({"name": "Beast", "type": "Monster", "mounted": True}), content).warriors[0]
    assert spec.mounted and warrior_cost(spec, content) == 5


def test_monster_gun_costs_one(content):
    assert cost(content, type="monster", quality="", mounted=True, gun=True) == 6


def test_monster_flight_costs_one(content):
    assert cost(content, type="monster", quality="", mounted=True, winged=True) == 6
    assert cost(content, type="monster", quality="", mounted=True, winged=True, gun=True) == 7


def test_first_bonus_rule_is_free(content):
    assert cost(content, type="brawler", quality="bad", rules=("parry",)) == 1


def test_extra_bonus_rule_costs_two(content):
    assert cost(content, type="brawler", quality="bad", rules=("parry", "big")) == 3
    assert cost(content, type="brawler", quality="bad", rules=("parry", "big", "holy")) == 5


def test_duplicate_bonus_rule_applies_once(content):
    assert cost(content, type="brawler", quality="bad", rules=("parry", "parry")) == 1
    spec = parse_warband(band({"name": "a", "type": "Brawler", "rules": ["Parry", "parry", "Big"]}),
                         content).warriors[0]
    assert spec.rules == ("parry", "big") and warrior_cost(spec, content) == 4


def test_shared_warband_rule_is_free(content):
    with_rule = parse_warband(band({"name": "a", "type": "Brawler"}, rule="Hardened"), content)
    without = parse_warband(band({"name": "a", "type": "Brawler"}), content)
    assert warband_cost(with_rule, content) == warband_cost(without, content) == 2
    assert with_rule.rule == "hardened"


def test_heroes_and_monsters_get_the_free_rule_too(content):
    assert cost(content, type="hero", quality="heroic", roles=("brawler", "mage"), rules=("holy",)) == 5
    assert cost(content, type="monster", quality="", mounted=True, rules=("holy",)) == 5


def test_piggun_costs_eight(content):
    assert cost(content, type="monster", quality="", mounted=True, mercenary="piggun") == 8


def test_piggun_takes_no_free_bonus_rule(content):
    assert cost(content, type="monster", quality="", mounted=True, mercenary="piggun", rules=("eager",)) == 10


def test_warband_cost_adds_up_its_warriors(content):
    warband = parse_warband(band(
        {"name": "a", "type": "Brawler", "quality": "Bad"},
        {"name": "b", "type": "Hunter", "quality": "Veteran", "mounted": True},
        {"name": "c", "type": "Monster", "gun": True, "rules": ["Big", "Holy"]},
    ), content)
    assert warband_cost(warband, content) == 1 + 4 + 8


# --------------------------------------------------------------------------- parsing


def test_names_are_case_insensitive_and_come_out_canonical(content):
    warband = parse_warband(band(
        {"name": "Gutz", "type": "HERO", "roles": ["brawler", "MAGE"], "rules": ["quick attack"]},
        {"name": "Toothy", "type": "monster", "traits": ["passive aggressive", "BIG"], "winged": True},
        {"name": "Shirley", "mercenary": "the piggun"},
        {"name": "Nib", "type": "skirmisher", "quality": "VETERAN", "rules": ["Drop_Troops"]},
        rule="fearless",
    ), content, budget=30)
    gutz, toothy, shirley, nib = warband.warriors
    assert gutz == WarriorSpec("Gutz", "hero", "heroic", rules=("quick-attack",), roles=("brawler", "mage"))
    assert toothy == WarriorSpec("Toothy", "monster", "", mounted=True, traits=("passive-aggressive", "big"),
                                 winged=True)
    assert shirley == WarriorSpec("Shirley", "monster", "", mounted=True, mercenary="piggun")
    assert nib == WarriorSpec("Nib", "skirmisher", "veteran", rules=("drop-troops",))
    assert warband.rule == "fearless"


def test_defaults(content):
    spec = parse_warband(band({"name": "a", "type": "Hunter"}), content).warriors[0]
    assert spec == WarriorSpec("a", "hunter", "standard")


def test_a_monster_may_leave_its_traits_to_be_rolled(content):
    spec = parse_warband(band({"name": "a", "type": "Monster"}), content).warriors[0]
    assert spec.traits == () and spec.quality == ""


def test_warrior_rules_merge_warband_rule_traits_and_wings(content):
    warband = parse_warband(band({"name": "a", "type": "Monster", "traits": ["Big", "Terrifying"],
                                  "winged": True, "rules": ["Big"]}, rule="Holy"), content)
    assert warrior_rules(warband.warriors[0], warband.rule, content) == {"big", "holy", "winged"}
    piggun = parse_warband(band({"name": "p", "mercenary": "Piggun"}, rule="Holy"), content).warriors[0]
    assert warrior_rules(piggun, "holy", content) == {"hardened"}


MESSAGES = [
    # (warband data, expected message after "warband.toml: ")
    (band({"name": "Grub", "type": "Brawlr"}), "warrior 1 'Grub': unknown type 'Brawlr' (did you mean Brawler?)"),
    (band({"name": "a", "type": "Brawler", "quality": "Veterun"}),
     "warrior 1 'a': unknown quality 'Veterun' (did you mean Veteran?)"),
    (band({"name": "a", "type": "Brawler", "rules": ["Acurate"]}),
     "warrior 1 'a': unknown bonus rule 'Acurate' (did you mean Accurate?)"),
    (band({"name": "a", "type": "Brawler"}, rule="Fearles"), "unknown bonus rule 'Fearles' (did you mean Fearless?)"),
    (band({"name": "a", "type": "Monster", "traits": ["Cute", "Big"]}), "warrior 1 'a': unknown Monster trait 'Cute'"),
    (band({"name": "a", "type": "Monster", "traits": ["Gun", "Big"]}),
     "warrior 1 'a': Gun is bought with 'gun = true', not listed as a trait"),
    (band({"name": "a", "type": "Monster", "traits": ["Big"]}),
     "warrior 1 'a': a Monster takes 2 traits or none (rolled at the start), not 1"),
    (band({"name": "a", "type": "Monster", "traits": ["Big", "big"]}),
     "warrior 1 'a': a Monster's chosen traits must differ"),
    (band({"name": "a", "type": "Brawler", "quality": "Heroic"}), "warrior 1 'a': only a Hero can be Heroic"),
    (band({"name": "a", "type": "Hero", "roles": ["Brawler", "Mage"], "quality": "Veteran"}),
     "warrior 1 'a': a Hero is always Heroic, not 'Veteran'"),
    (band({"name": "a", "type": "Hero", "roles": ["Brawler", "Brawler"]}),
     "warrior 1 'a': a Hero needs exactly 2 different roles from Brawler, Hunter, Skirmisher, Berserker, "
     "Warmachine or Mage, not Brawler, Brawler"),
    (band({"name": "a", "type": "Hero", "roles": ["Brawler"]}),
     "warrior 1 'a': a Hero needs exactly 2 different roles from Brawler, Hunter, Skirmisher, Berserker, "
     "Warmachine or Mage, not Brawler"),
    (band({"name": "a", "type": "Hero"}),
     "warrior 1 'a': a Hero needs exactly 2 different roles from Brawler, Hunter, Skirmisher, Berserker, "
     "Warmachine or Mage"),
    (band({"name": "a", "type": "Hero", "roles": ["Monster", "Mage"]}),
     "warrior 1 'a': a Hero's role 'Monster' must be one of Brawler, Hunter, Skirmisher, Berserker, "
     "Warmachine or Mage"),
    (band({"name": "a", "type": "Brawler", "roles": ["Mage", "Hunter"]}),
     "warrior 1 'a': only a Hero has roles; a Brawler does not"),
    (band({"name": "a", "type": "Monster", "quality": "Veteran"}),
     "warrior 1 'a': a Monster has no quality; leave out 'quality'"),
    (band({"name": "a", "type": "Monster", "mounted": False}),
     "warrior 1 'a': a Monster always counts as mounted; leave out 'mounted = false'"),
    (band({"name": "a", "type": "Hunter", "gun": True}),
     "warrior 1 'a': only a Monster buys 'gun'; a Hunter cannot (the Longshot bonus rule gives a ranged attack)"),
    (band({"name": "a", "type": "Hunter", "winged": True}),
     "warrior 1 'a': only a Monster buys 'winged'; a Hunter cannot (take the Winged bonus rule)"),
    (band({"name": "a", "type": "Hunter", "traits": ["Big", "Magical"]}),
     "warrior 1 'a': only a Monster has traits; a Hunter cannot take Big, Magical"),
    (band({"name": "a", "mercenary": "Pigun"}), "warrior 1 'a': unknown mercenary 'Pigun' (did you mean The Piggun?)"),
    (band({"name": "a", "mercenary": "Piggun", "quality": "Bad"}),
     "warrior 1 'a': The Piggun comes as printed: remove 'quality'"),
    (band({"name": "a", "mercenary": "Piggun", "type": "Brawler"}),
     "warrior 1 'a': The Piggun is a Monster; leave out 'type'"),
    (band({"name": "a", "type": "Brawler", "mounted": "yes"}),
     "warrior 1 'a': 'mounted' must be true or false, not 'yes'"),
    (band({"name": "a", "type": "Brawler", "rules": [3]}), "warrior 1 'a': rules must be a list of names"),
    (band({"name": "a", "type": "Brawler", "rule": "Big"}), "warrior 1 'a': unknown key 'rule' (did you mean rules?)"),
    (band({"type": "Brawler"}), "warrior 1: needs a name"),
    (band({"name": "a"}), "warrior 1 'a': needs a type"),
    (band("Grub"), "warrior 1: is not a table of keys"),
    (band({"name": "a", "type": "Brawler"}, {"name": "A", "type": "Brawler"}),
     "warrior 2 'A': has the same name as warrior 1"),
    (band(), "the warband has no warriors"),
    ({"name": "x", "warriors": {"a": 1}}, "'warriors' must be a list of tables ([[warriors]])"),
    ({"warriors": [{"name": "a", "type": "Brawler"}]}, "the warband needs a name"),
    ({"name": "x", "warriors": [{"name": "a", "type": "Brawler"}], "colour": "red"}, "unknown key 'colour'"),
    ({"name": "x", "rules": "Big", "warriors": [{"name": "a", "type": "Brawler"}]},
     "unknown key 'rules' (did you mean rule?)"),
    ({"name": "x", "rule": ["Big", "Holy"], "warriors": [{"name": "a", "type": "Brawler"}]},
     "a warband shares at most 1 bonus rule, not 2"),
    (band(*[{"name": f"v{i}", "type": "Brawler", "quality": "Veteran"} for i in range(7)]),
     "costs 21 Fingers, over the 20-Finger budget"),
]
LIMIT_MESSAGES = [
    (band(*[{"name": f"h{i}", "type": "Hero", "roles": ["Brawler", "Mage"]} for i in range(2)]),
     "2 Heroes, more than the house limit of 1 (turn warband limits off to allow it)"),
    (band(*[{"name": f"m{i}", "type": "Monster"} for i in range(3)]),
     "3 Monsters, more than the house limit of 2 (turn warband limits off to allow it)"),
    (band(*[{"name": f"m{i}", "type": "Mage"} for i in range(3)]),
     "3 Mages, more than the house limit of 2 (turn warband limits off to allow it)"),
]


@pytest.mark.parametrize(("data", "message"), MESSAGES, ids=[m for _, m in MESSAGES])
def test_validation_message(content, data, message):
    assert problem(content, data) == f"warband.toml: {message}"


@pytest.mark.parametrize(("data", "message"), LIMIT_MESSAGES, ids=[m for _, m in LIMIT_MESSAGES])
def test_house_warband_limits_when_switched_on(content, data, message):
    assert problem(content, data, limits=True) == f"warband.toml: {message}"


@pytest.mark.parametrize(("data", "_message"), LIMIT_MESSAGES, ids=[m for _, m in LIMIT_MESSAGES])
def test_cn10_printed_rules_set_no_warband_limits(content, data, _message):
    """CN-10: the book prints no limit on Heroes, Monsters or Mages, so by default none applies."""
    assert parse_warband(data, content).warriors


def test_the_piggun_counts_as_a_monster_for_the_limit(content):
    data = band({"name": "a", "type": "Monster"}, {"name": "b", "type": "Monster"},
                {"name": "c", "mercenary": "Piggun"})
    assert "3 Monsters" in problem(content, data, budget=30, limits=True)


def test_every_problem_is_listed_numbered_on_one_line(content):
    data = band({"name": "a", "type": "Brawler"}, {"name": "b", "type": "Brawler"}, {"name": "Grub", "type": "Brawlr"},
                *[{"name": f"v{i}", "type": "Brawler", "quality": "Veteran"} for i in range(6)])
    assert problem(content, data) == ("warband.toml: 2 problems: (1) warrior 3 'Grub': unknown type 'Brawlr' "
                                      "(did you mean Brawler?); (2) costs at least 22 Fingers, over the 20-Finger "
                                      "budget")


def test_where_names_the_file(content):
    assert problem(content, band(), where="mine.toml") == "mine.toml: the warband has no warriors"


def test_budget_can_be_changed(content):
    data = band(*[{"name": f"v{i}", "type": "Brawler", "quality": "Veteran"} for i in range(7)])
    assert warband_cost(parse_warband(data, content, budget=21), content) == 21
    assert problem(content, band({"name": "a", "type": "Hunter"}), budget=1) == (
        "warband.toml: costs 2 Fingers, over the 1-Finger budget")


def test_limits_can_be_turned_off(content):
    data = band(*[{"name": f"m{i}", "type": "Mage", "quality": "Bad"} for i in range(3)],
                *[{"name": f"h{i}", "type": "Hero", "roles": ["Brawler", "Mage"]} for i in range(2)],
                *[{"name": f"x{i}", "type": "Monster"} for i in range(3)])
    warband = parse_warband(data, content, budget=40, limits=False)
    assert limit_counts(warband, content) == {"heroes": 2, "monsters": 3, "mages": 3}

    assert parse_warband(data, content, budget=40) == warband  # off by default: the printed rules

    def house(raw):
        raw["limits"]["enabled"] = True

    assert "house limit" in problem(load_content(house), data, budget=40)


def test_not_a_table(content):
    assert problem(content, ["x"]) == "warband.toml: a warband must be a table of keys, not list"


# ------------------------------------------------------------------------ files, TOML


def test_load_warband_from_file(tmp_path, content):
    path = tmp_path / "band.toml"
    path.write_text('name = "Lads"\nrule = "Holy"\n[[warriors]]\nname = "Ug"\ntype = "Brawler"\n', encoding="utf-8")
    warband = load_warband(path, content)
    assert warband == Warband("Lads", "holy", (WarriorSpec("Ug", "brawler"),))


def test_load_warband_missing_file(tmp_path, content):
    with pytest.raises(SetupError, match=r"^no file at .*nothing.toml$"):
        load_warband(tmp_path / "nothing.toml", content)


def test_load_warband_bad_toml(tmp_path, content):
    path = tmp_path / "bad.toml"
    path.write_text("name = \n", encoding="utf-8")
    with pytest.raises(SetupError, match=r"bad.toml is not valid TOML") as info:
        load_warband(path, content)
    assert "\n" not in str(info.value)


def test_load_warband_names_the_file_in_problems(tmp_path, content):
    path = tmp_path / "band.toml"
    path.write_text('name = "Lads"\n', encoding="utf-8")
    with pytest.raises(SetupError, match=r"band.toml: the warband has no warriors"):
        load_warband(path, content, budget=20)


@pytest.mark.parametrize("with_content", [False, True])
def test_warband_to_dict_round_trips_through_toml(tmp_path, content, with_content):
    import tomllib

    for warband in builtin_warbands(content).values():
        data = warband_to_dict(warband, content if with_content else None)
        assert parse_warband(tomllib.loads(tomli_w.dumps(data)), content) == warband


def test_warband_to_dict_leaves_defaults_out(content):
    warband = parse_warband(band({"name": "a", "type": "Monster"}, {"name": "b", "type": "Hero",
                                                                    "roles": ["Mage", "Hunter"]}), content)
    assert warband_to_dict(warband, content)["warriors"] == [
        {"name": "a", "type": "Monster"}, {"name": "b", "type": "Hero", "roles": ["Mage", "Hunter"]}]


# ------------------------------------------------------------------------- built-ins


@pytest.fixture(scope="module")
def builtins(content) -> dict[str, Warband]:
    return builtin_warbands(content)


def test_at_least_five_builtin_warbands(builtins):
    assert len(builtins) >= 5


def test_builtins_are_valid_and_spend_nearly_twenty(content, builtins):
    for warband in builtins.values():
        assert 19 <= warband_cost(warband, content) <= 20, warband.name
        assert parse_warband(warband_to_dict(warband), content) == warband


def test_builtins_use_every_type_and_quality(content, builtins):
    specs = [w for band_ in builtins.values() for w in band_.warriors]
    assert {w.type for w in specs} == set(content.types)
    assert {w.quality for w in specs} - {""} == set(content.qualities)


def test_builtins_use_mounted_monsters_guns_wings_a_hero_and_the_piggun(content, builtins):
    specs = [w for band_ in builtins.values() for w in band_.warriors]
    assert any(w.mounted and w.type not in ("monster",) for w in specs)
    assert any(w.gun for w in specs) and any(w.winged for w in specs)
    assert any(w.type == "monster" and not w.traits and not w.mercenary for w in specs)
    assert any(w.type == "monster" and w.traits for w in specs)
    assert any(w.type == "hero" for w in specs)
    assert any(w.mercenary == "piggun" for w in specs)


def test_builtins_use_every_bonus_rule(content, builtins):
    used = {r for band_ in builtins.values() for w in band_.warriors for r in w.rules}
    used |= {band_.rule for band_ in builtins.values()}
    assert used == set(content.bonus_rules)


def test_find_warband_by_name_or_file(content):
    assert find_warband("the mudfoot boys", content).name == "The Mudfoot Boys"
    assert find_warband("bog-coven", content).name == "The Bog Coven"
    with pytest.raises(SetupError, match=r"no built-in warband 'Mudfoot Boyz'"):
        find_warband("Mudfoot Boyz", content)


# --------------------------------------------------------------------------- random


def test_random_warbands_are_valid_for_500_seeds(content):
    seen_types: set[str] = set()
    for seed in range(500):
        warband = random_warband(GameRNG(seed), content, limits=True)
        spent = warband_cost(warband, content)
        assert 19 <= spent <= 20, seed
        counts = limit_counts(warband, content)
        assert counts["heroes"] <= 1 and counts["monsters"] <= 2 and counts["mages"] <= 2
        assert parse_warband(warband_to_dict(warband), content) == warband
        seen_types |= {w.mercenary or w.type for w in warband.warriors}
    assert seen_types == {*content.types, "piggun"}


@pytest.mark.parametrize("budget", [1, 2, 5, 8, 13, 30, 50])
def test_random_warbands_fit_any_budget(content, budget):
    for seed in range(40):
        warband = random_warband(random.Random(seed), content, budget=budget)
        assert budget - 1 <= warband_cost(warband, content) <= budget


def test_random_warband_without_limits(content):
    for seed in range(50):
        warband = random_warband(GameRNG(seed), content, budget=60, limits=False)
        assert 59 <= warband_cost(warband, content) <= 60


def test_random_warband_is_reproducible(content):
    assert random_warband(GameRNG(7), content, name="Ours") == random_warband(GameRNG(7), content, name="Ours")
    assert random_warband(GameRNG(7), content, name="Ours").name == "Ours"


def test_random_warband_needs_a_budget(content):
    with pytest.raises(SetupError, match="at least 1 Finger"):
        random_warband(GameRNG(1), content, budget=0)
