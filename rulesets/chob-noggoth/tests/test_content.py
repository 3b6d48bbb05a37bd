"""Content: the packaged tables load, hold the printed numbers, and every roll has one entry."""

from __future__ import annotations

import pytest

from skirmish import SetupError
from skirmish_chob_noggoth import content as content_module
from skirmish_chob_noggoth.content import (
    LAST_WOUND_TABLES,
    STEP_NAMES,
    Content,
    dice_range,
    key_of,
    load_content,
    raw_content,
)


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


# ----------------------------------------------------------------------------- types

TYPE_VALUES = [
    # key, ranged range, ranged hit, melee hit, save, last-wound table
    ("brawler", 0, 0, 3, 3, "warriors"),
    ("hunter", 24, 5, 5, 5, "warriors"),
    ("skirmisher", 12, 4, 4, 4, "warriors"),
    ("berserker", 0, 0, 2, 4, "monsters"),
    ("warmachine", 36, 2, 6, 6, "warmachines"),
    ("mage", 0, 6, 6, 6, "mages"),
]


@pytest.mark.parametrize(("key", "reach", "ranged", "melee", "save", "table"), TYPE_VALUES)
def test_type_values_match_the_digest(content, key, reach, ranged, melee, save, table):
    t = content.types[key]
    assert (t.ranged_range, t.ranged_hit, t.melee_hit, t.save, t.last_wound) == (reach, ranged, melee, save, table)
    assert t.hero_role and t.has_quality and t.cost == 0


def test_there_are_eight_types(content):
    assert list(content.types) == ["brawler", "hunter", "skirmisher", "berserker", "warmachine", "mage", "hero",
                                   "monster"]


def test_melee_only_types_cannot_shoot(content):
    assert content.types["brawler"].melee_only and not content.types["brawler"].can_shoot
    assert content.types["berserker"].melee_only and not content.types["berserker"].can_shoot
    for key in ("hunter", "skirmisher", "warmachine", "mage"):
        assert content.types[key].can_shoot and not content.types[key].melee_only


def test_mage_shoots_at_any_range_sees_everything_and_casts(content):
    mage = content.types["mage"]
    assert mage.any_range and mage.always_sees and mage.ignores_cover and mage.can_cast
    assert not any(t.can_cast for k, t in content.types.items() if k != "mage")


def test_hero_takes_its_role_and_is_heroic_for_five(content):
    hero = content.types["hero"]
    assert hero.takes_role and hero.fixed_quality == "heroic" and hero.cost == 5
    assert hero.last_wound == "heroes" and not hero.hero_role
    assert content.hero_roles() == ("brawler", "hunter", "skirmisher", "berserker", "warmachine", "mage")


def test_monster_hits_on_two_and_saves_above_remaining_wounds(content):
    monster = content.types["monster"]
    assert monster.melee_hit == 2 and monster.ranged_hit == 2 and content.monster.hit == 2
    assert monster.save == 0 and monster.save_above_wounds
    assert monster.counts_as_mounted and not monster.has_quality and monster.cost == 5
    assert monster.last_wound == "monsters"
    assert content.monster.wounds == "d3+2" and dice_range(content.monster.wounds) == (3, 4, 5)
    assert content.monster.traits == 2 and content.monster.gun_range == 12


def test_profile_lookup_is_case_insensitive(content):
    assert content.profile("WarMachine") is content.types["warmachine"]
    assert content.profile("Mage").can_cast
    with pytest.raises(SetupError, match=r"unknown type 'Brawlr' \(did you mean Brawler\?\)"):
        content.profile("Brawlr")


# ------------------------------------------------------------------------- qualities


@pytest.mark.parametrize(("key", "dice", "cost"), [("bad", 1, 1), ("standard", 2, 2), ("veteran", 3, 3),
                                                   ("heroic", 4, 5)])
def test_quality_numbers(content, key, dice, cost):
    q = content.qualities[key]
    assert (q.attack_dice, q.wounds, q.morale_dice, q.stop_dice, q.cost) == (dice, dice, dice, dice, cost)
    assert q.hero_only == (key == "heroic")


# ------------------------------------------------------------------ rules and traits

BONUS_NAMES = ["Accurate", "Big", "Hardened", "Obscured", "Bloodthirsty", "Eager", "Parry", "Longshot",
               "Drop Troops", "Holy", "Winged", "Fearless", "Boomstick", "Quick Attack", "Healer"]


def test_fifteen_bonus_rules_numbered_in_order(content):
    assert [r.name for r in sorted(content.bonus_rules.values(), key=lambda r: r.number)] == BONUS_NAMES
    assert [content.bonus_rule_number(n) for n in range(1, 16)] == [key_of(n) for n in BONUS_NAMES]
    assert all(r.summary for r in content.bonus_rules.values())


def test_bonus_rule_lookup_accepts_any_spelling_of_a_name(content):
    for spelling in ("Quick Attack", "quick_attack", "QUICK-ATTACK", " quick  attack "):
        assert content.find("bonus rule", spelling) == "quick-attack"
    with pytest.raises(SetupError, match="did you mean Fearless"):
        content.bonus_rule("Fearles")


def test_six_monster_traits_and_two_extra_traits(content):
    names = [content.monster_traits[content.monster_trait_number(n)].name for n in range(1, 7)]
    assert names == ["Passive Aggressive", "Big", "Hardened", "Obscured", "Magical", "Terrifying"]
    assert list(content.extra_traits) == ["gun", "winged"]
    assert content.extra_traits["gun"].range == 12
    assert content.monster_traits["magical"].last_wound == "mages"
    assert content.trait_rules(["big", "hardened", "obscured", "terrifying", "winged"]) == {
        "big", "hardened", "obscured", "winged"}


def test_piggun_profile(content):
    piggun = content.mercenaries["piggun"]
    assert piggun.cost == 8 and not piggun.free_rule
    assert piggun.joined.type == "monster" and piggun.joined.wounds == 3
    assert set(piggun.joined.traits) == {"gun", "hardened", "terrifying"} and piggun.joined.last_wound == "split"
    front, back = piggun.front, piggun.back
    assert (front.type, front.quality, front.mounted, front.last_wound) == ("brawler", "standard", True, "mages")
    assert (back.type, back.quality, back.mounted, back.last_wound) == ("warmachine", "standard", True,
                                                                        "warmachines")
    assert set(front.rules) == set(back.rules) == {"hardened", "bloodthirsty"}
    assert back.every_hit_wounds and back.explodes_on == 6 and not front.every_hit_wounds


# --------------------------------------------------------------------------- numbers


def test_movement_numbers(content):
    m = content.movement
    assert (m.move, m.mounted_bonus, m.action_move, m.mounted_action_move, m.eager_move) == (4, 1, 2, 3, 6)
    assert (m.step_move(False), m.step_move(True), m.action(False), m.action(True)) == (4, 5, 2, 3)


def test_base_sizes(content):
    assert content.base_diameter("brawler", False) == 1
    assert content.base_diameter("brawler", True) == 2
    assert content.base_diameter("monster", False) == 2
    assert content.base_diameter("warmachine", False) == 2
    assert content.base_diameter("hero", True) == 2


def test_table_and_shrine_numbers(content):
    t = content.table
    assert (t.width, t.depth, t.deployment_depth, t.shrine_reach, t.shrine_spacing) == (36, 24, 3, 3, 6)
    assert dice_range(t.shrine_count) == (3, 4, 5)
    assert content.prayer.points == "d6" and content.prayer.holy_bonus == 1 and content.prayer.enemy_reach == 3


def test_costs(content):
    c = content.costs
    assert (c.budget, c.mounted, c.monster_mounted, c.gun, c.winged, c.extra_rule, c.free_rules) == (
        20, 1, 0, 1, 1, 2, 1)
    assert not content.limits.enabled and (content.limits.heroes, content.limits.monsters, content.limits.mages) == (
        1, 2, 2)


def test_other_printed_numbers(content):
    assert content.morale.pass_on == 5
    assert (content.boomstick.dice, content.boomstick.range, content.boomstick.hit) == (6, 6, 4)
    assert (content.longshot.bonus_range, content.longshot.new_range) == (6, 6)
    assert (content.spell_rules.stop_on, content.spell_rules.wound_on) == (6, 1)
    assert (content.bombardment.trigger, content.bombardment.hits) == (6, "d6")
    assert content.hero.roles == 2 and content.hero.mage_split_on == 4
    assert content.monster.transform_extra_on == 4


# ------------------------------------------------------------------------ round order

ROUNDS = {
    1: ("blast-em", ["A:actions", "B:actions", "divine", "end"]),
    2: ("standard", ["A:moves", "B:actions", "B:moves", "A:actions", "divine", "end"]),
    3: ("standard", ["A:moves", "B:actions", "B:moves", "A:actions", "divine", "end"]),
    4: ("igo-ugo", ["B:moves", "B:actions", "A:moves", "A:actions", "divine", "end"]),
    5: ("berserk-charge", ["A:moves", "B:moves", "A:moves", "B:moves", "end"]),
    6: ("bombardment", ["bombard", "end"]),
}


@pytest.mark.parametrize("roll", range(1, 7))
def test_round_order_steps(content, roll):
    kind = content.round_kind(roll)
    assert (kind.id, list(kind.steps)) == ROUNDS[roll]
    assert set(kind.steps) <= set(STEP_NAMES)


def test_blast_em_allows_only_shooting_and_casting(content):
    blast = content.round_kind(1)
    assert blast.allows("shoot") and blast.allows("cast") and blast.allows("boomstick")
    assert not blast.allows("move") and not blast.allows("pray") and not blast.allows("heal")
    assert content.round_kind(2).allows("pray") and content.round_kind(4).allows("move")


def test_melee_at_once_note_is_on_rounds_two_to_five(content):
    assert [content.round_kind(r).melee_at_once for r in range(1, 7)] == [False, True, True, True, True, False]


# ----------------------------------------------------------------- tables complete


def _tables(content):
    yield "rounds", content.rounds.results, content.rounds.die
    for key, table in content.last_wound.items():
        yield f"last_wound.{key}", table.results, table.die
    yield "spell targets", content.spells.targets.results, content.spells.targets.die
    yield "spell effects", content.spells.effects.results, content.spells.effects.die
    yield "divine (2d6)", content.divine.results, content.divine_rules.roll
    yield "divine (d12)", content.divine.results, content.divine_rules.house_roll


def test_every_roll_of_every_table_maps_to_exactly_one_entry(content):
    for name, entries, die in _tables(content):
        for roll in dice_range(die):
            assert sum(e.low <= roll <= e.high for e in entries) == 1, (name, roll)


def test_table_dice(content):
    assert dice_range(content.rounds.die) == tuple(range(1, 7))
    assert dice_range(content.divine_rules.roll) == tuple(range(2, 13))
    assert dice_range(content.divine_rules.house_roll) == tuple(range(1, 13))
    assert all(dice_range(t.die) == tuple(range(1, 7)) for t in content.last_wound.values())


LAST_WOUND = {
    "warriors": ["flesh-wound", "flesh-wound", "second-wind", "last-stand", "dead", "butchered"],
    "monsters": ["flesh-wound", "flesh-wound", "enraged", "spooked", "berserk", "dead"],
    "warmachines": ["flesh-wound", "second-wind", "dead", "explodes", "explodes", "explodes"],
    "mages": ["flesh-wound", "flesh-wound", "backlash", "teleport", "dead", "explodes"],
    "heroes": ["flesh-wound", "flesh-wound", "blame-game", "tactical-withdrawal", "dead", "heroic-death"],
}


@pytest.mark.parametrize("table", LAST_WOUND_TABLES)
def test_last_wound_tables(content, table):
    assert [content.last_wound_result(table, r).id for r in range(1, 7)] == LAST_WOUND[table]
    for entry in content.last_wound[table].results:
        assert entry.dies != entry.keeps_wound


def test_last_wound_numbers(content):
    assert content.last_wound_result("warriors", 4).reach == 3
    enraged = content.last_wound_result("monsters", 3)
    assert (enraged.reach, enraged.on) == (3, 4)
    assert content.last_wound_result("monsters", 4).dice == "2d6"
    assert content.last_wound_result("mages", 4).dice == "3d6"
    boom = content.last_wound_result("warmachines", 5)
    assert (boom.dice, boom.hits) == ("d6", "d6")
    assert content.last_wound_result("heroes", 3).reach == 6


def test_spell_tables(content):
    assert [content.spell_target(r).id for r in range(1, 7)] == [
        "self", "random-ally", "closest-ally", "closest-enemy", "random-enemy", "player-choice"]
    assert [content.spell_effect(r).id for r in range(1, 7)] == [
        "heal", "harm", "line", "morale", "transform", "choose"]
    assert content.spell_effect(1).dice == "d3" and content.spell_effect(2).dice == "d3"


def test_divine_table(content):
    ids = [content.divine_result(r).id for r in range(1, 13)]
    assert ids == ["gods-giveth", "big-hand", "resurrection", "terrifying-visions", "divine-protection", "smite",
                   "angered-gods", "divine-jab", "levitation", "healing", "blessing", "gods-taketh"]


def test_divine_protection_grants_hardened(content):
    entry = content.divine_result(5)
    assert entry.name == "Divine Protection" and entry.grants == "hardened"
    assert content.divine_result(9).grants == "winged"


# ---------------------------------------------------------------- loading and hooks


def test_nothing_is_loaded_at_import():
    assert not any(isinstance(v, Content) for v in vars(content_module).values())


def test_each_load_is_fresh():
    a, b = raw_content(), raw_content()
    a["movement"]["move"] = 99
    assert b["movement"]["move"] == 4


def test_extend_can_change_numbers_by_returning_the_tables():
    def house(raw):
        raw["types"]["warmachine"]["melee_hit"] = 5
        raw["costs"]["budget"] = 30
        return raw

    changed = load_content(house)
    assert changed.types["warmachine"].melee_hit == 5 and changed.costs.budget == 30
    assert load_content().types["warmachine"].melee_hit == 6


def test_extend_can_change_the_tables_in_place():
    def house(raw):
        raw["divine"]["roll"] = "d12"

    assert load_content(house).divine_rules.roll == "d12"


def test_extend_can_add_a_bonus_rule():
    def house(raw):
        raw["bonus_rules"]["sneaky"] = {"number": 16, "name": "Sneaky", "summary": "Hard to spot."}

    assert load_content(house).bonus_rule("sneaky").number == 16


@pytest.mark.parametrize(("change", "message"), [
    (lambda raw: raw["rounds"]["results"].pop(), r"rounds: a roll of 6 matches 0 entries"),
    (lambda raw: raw["rounds"]["results"][0].update(high=2), r"rounds: a roll of 2 matches 2 entries"),
    (lambda raw: raw["types"]["hunter"].update(speed=3), r"speed"),
    (lambda raw: raw["monster"].update(wounds="d3+"), r"monster.wounds: bad dice 'd3\+'"),
    (lambda raw: raw["types"]["mage"].update(last_wound="wizards"), r"unknown last-wound table 'wizards'"),
    (lambda raw: raw["rounds"]["results"][0].update(steps=["A:shoot", "end"]), r"unknown steps \['A:shoot'\]"),
    (lambda raw: raw["last_wound"].pop("heroes"), r"'heroes' table is missing"),
    (lambda raw: raw["divine"]["results"].pop(4), r"divine.roll: a roll of 5 matches 0 entries"),
    (lambda raw: raw["bonus_rules"]["big"].update(number=3), r"bonus rules: numbers must run 1..15"),
])
def test_bad_content_is_one_line_error(change, message):
    def house(raw):
        change(raw)

    with pytest.raises(SetupError, match=message) as info:
        load_content(house)
    assert "\n" not in str(info.value) and str(info.value).startswith("chob-noggoth content")


def test_several_content_problems_are_numbered():
    def house(raw):
        raw["types"]["mage"]["last_wound"] = "wizards"
        raw["types"]["hunter"]["save"] = 9

    with pytest.raises(SetupError, match=r"2 problems: \(1\) .*; \(2\) ") as info:
        load_content(house)
    assert "\n" not in str(info.value)
