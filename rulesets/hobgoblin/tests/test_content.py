"""Hobgoblin content: every number checked against the rulebook tables, and the data really drives it."""

from __future__ import annotations

import pytest

from skirmish import SetupError
from skirmish_hobgoblin.content import MM_PER_INCH, KeywordRef, load_content


@pytest.fixture(scope="module")
def content():
    return load_content()


# Unit Statistics table: speed, range, strikes, courage, footprint, multiplier, points.
STATS = {
    "light-infantry": (8, 0, 10, 10, "wide", 1, 300),
    "ranged-infantry": (8, 24, 10, 10, "wide", 1, 300),
    "heavy-infantry": (6, 0, 10, 10, "wide", 1, 350),
    "monstrous-infantry": (10, 0, 10, 10, "wide", 2, 400),
    "light-cavalry": (14, 8, 10, 10, "wide", 2, 350),
    "heavy-cavalry": (12, 0, 10, 10, "wide", 2, 450),
    "chariot": (10, 0, 10, 10, "narrow", 1, 350),
    "war-wagon": (6, 0, 10, 10, "narrow", 1, 250),
    "monster": (10, 0, 10, 10, "narrow", 2, 600),
    "beasts": (12, 0, 10, 10, "wide", 1, 200),
    "artillery": (0, 48, 10, 10, "narrow", 2, 350),
}

# Starting keywords of the unit type descriptions (footprint included, ruling A3).
STARTING = {
    "light-infantry": ["Wide Footprint"],
    "ranged-infantry": ["Wide Footprint", "Skirmishers", "Ranged [24]"],
    "heavy-infantry": ["Wide Footprint", "Tough [1]"],
    "monstrous-infantry": ["Wide Footprint", "Wild"],
    "light-cavalry": ["Wide Footprint", "Skirmishers", "Nimble", "Ranged [8]"],
    "heavy-cavalry": ["Wide Footprint", "Devastating Charge"],
    "chariot": ["Narrow Footprint", "Devastating Charge", "Fragile"],
    "war-wagon": ["Narrow Footprint", "Large"],
    "monster": ["Narrow Footprint", "Wild", "Large"],
    "beasts": ["Wide Footprint", "Skirmishers", "Nimble", "Wild"],
    "artillery": ["Narrow Footprint", "Immobile", "Ranged [48]", "Fragile"],
}

# Keyword Costs table: listed cost of each of the 40 entries.
COSTS = {
    "Battle Standard": 0, "Bloodthirsty": 50, "Brutal": 125, "Critical Hits": 50, "Deadly Shots": 100,
    "Despised": 50, "Devastating Charge": 50, "Elite": 100, "Fearless": 50, "Flying": 100, "General": 0,
    "Hero [+1]": 50, "Hero [+2]": 100, "Horde": 100, "Large": 25, "Merciless": 75, "Narrow Footprint": 25,
    "Nimble": 75, "Quick Fire": 25, "Ranged [+6]": 50, "Ranged [+12]": 75, "Shoot into Combat": 50,
    "Sneaky": 50, "Stubborn": 50, "Swift [+2]": 50, "Terrifying": 50, "Tough [+1]": 75, "Wizard": 200,
    "Berserk": -25, "Cowardly": -25, "Cursed": -50, "Fragile": -50, "Hollow": -25, "Ravenous": -25,
    "Self-Destructive": -25, "Short-Ranged": -25, "Slow [+2]": -25, "Unruly": -25, "Weak [+2]": -25,
    "Wide Footprint": -50,
}


@pytest.mark.parametrize("uid", sorted(STATS))
def test_unit_statistics_table(content, uid):
    speed, rng, strikes, courage, footprint, mult, points = STATS[uid]
    u = content.units[uid]
    assert (u.speed, u.range, u.strikes, u.courage, u.footprint.id, u.multiplier, u.points) == (
        speed, rng, strikes, courage, footprint, mult, points)


@pytest.mark.parametrize("uid", sorted(STARTING))
def test_starting_keywords(content, uid):
    assert content.units[uid].keywords == tuple(content.ref(t) for t in STARTING[uid])


def test_eleven_unit_types(content):
    assert len(content.units) == 11
    assert {u.name for u in content.units.values()} >= {"Light Infantry", "Monster", "Artillery"}


@pytest.mark.parametrize("fid,width,depth", [("wide", (100, 200), (40, 160)), ("narrow", (40, 100), (40, 160)),
                                             ("horde", (150, 200), (100, 200))])
def test_unit_footprints_mm_and_inches(content, fid, width, depth):
    f = content.footprints[fid]
    assert f.width_mm == width and f.depth_mm == depth
    assert f.width_in == (width[0] / 25.4, width[1] / 25.4)
    assert f.depth_in == (depth[0] / MM_PER_INCH, depth[1] / MM_PER_INCH)
    assert f.fits(width[0], depth[1]) and not f.fits(width[0] - 1, depth[0])


def test_unit_type_footprint_in_inches(content):
    hi = content.units["heavy-infantry"]
    assert hi.width_in == (100 / 25.4, 200 / 25.4) and hi.depth_mm == (40, 160)


def test_keyword_costs_table_has_40_entries(content):
    listed = {k.offer_text(o): o.cost for k, o in content.buyable()}
    assert listed == COSTS


def test_every_index_keyword_is_there(content):
    assert len(content.keywords) == 86
    sources = [k.source for k in content.keywords.values()]
    assert sources.count("terrain") == 8 and sources.count("artefact") == 26
    assert sources.count("spell") == 1 and sources.count("undefined") == 4
    for k in content.keywords.values():
        assert k.summary and k.effect and k.timing


def test_quick_shot_is_quick_fire(content):
    """Ruling A27: the costs table's Quick Shot is the index's Quick Fire."""
    assert content.keyword("Quick Shot").id == "quick-fire"
    assert content.keyword("Outmaneuvered").id == "outmanoeuvred"


def test_general_and_battle_standard_grants(content):
    assert content.keywords["general"].grants == (KeywordRef("command", 1, True), KeywordRef("hero", 2, True))
    assert content.keywords["battle-standard"].grants == (KeywordRef("command", 1, True),
                                                          KeywordRef("hero", 1, True))
    assert content.keywords["general"].once_per_army and content.keywords["battle-standard"].once_per_army


def test_reserved_keywords_are_not_buyable(content):
    buyable_reserved = {k.id for k in content.keywords.values() if k.is_reserved and k.buyable}
    assert buyable_reserved == {"general", "battle-standard", "ravenous"}  # ruling A26


def test_terrain_examples(content):
    assert len(content.terrain) == 16
    assert content.terrain["mushroom-forest"].keywords == ("rough", "obscuring", "perilous")
    assert content.terrain["city-wall"].keywords == ("impassable", "blocking", "large")


def test_keyword_refs(content):
    assert content.ref("Ranged [+12]") == KeywordRef("ranged", 12, True)
    assert content.ref("tough [1]") == KeywordRef("tough", 1, False)
    assert content.ref("Hero [+2]").text(content) == "Hero [+2]"
    with pytest.raises(SetupError, match="needs a value"):
        content.ref("Hero")
    with pytest.raises(SetupError, match="takes no value"):
        content.ref("Elite [2]")
    with pytest.raises(SetupError, match="did you mean Elite"):
        content.ref("Elit")


def test_changed_number_changes_content():
    changed = load_content(extra={"units": {"beasts": {"points": 225, "speed": 9}}})
    assert changed.units["beasts"].points == 225 and changed.units["beasts"].speed == 9
    assert load_content().units["beasts"].points == 200


def test_extend_hook_sees_raw_tables():
    def extend(raw):
        raw["keywords"]["elite"]["buy"] = [{"cost": 150}]

    assert load_content(extend).keywords["elite"].buy[0].cost == 150


@pytest.mark.parametrize("extra,message", [
    ({"units": {"beasts": {"footprint": "huge"}}}, "unknown footprint 'huge'"),
    ({"units": {"beasts": {"keywords": ["Wide Footprint", "Sneeky"]}}}, "unknown keyword 'Sneeky'"),
    ({"keywords": {"elite": {"timing": "lunch"}}}, "unknown timing 'lunch'"),
    ({"keywords": {"cursed": {"buy": [{"cost": 50}]}}}, "Weakness must not cost"),
    ({"units": {"beasts": {"points": "lots"}}}, "hobgoblin content"),
])
def test_bad_content_is_one_line(extra, message):
    with pytest.raises(SetupError, match=message) as info:
        load_content(extra=extra)
    assert "\n" not in str(info.value)


def test_help_lines(content):
    from skirmish_hobgoblin.content import glossary, keyword_help, unit_help

    assert keyword_help(content, "tough") == ("Tough [X] (Strength; Tough [+1] +75 x multiplier; combat): "
                                              + content.keywords["tough"].summary)
    assert "General (Strength, Character, Reserved; General +0 x multiplier, once per army; army)" in keyword_help(
        content, "General")
    assert "not bought" in keyword_help(content, "Broken")
    assert unit_help(content, "Artillery").startswith('Artillery: Speed -, Range 48", Strikes 10, Courage 10; '
                                                      "Narrow Footprint, Immobile, Ranged [48], Fragile; "
                                                      "40-100 mm wide, 40-160 mm deep; keywords cost x2; 350 points")
    terms = glossary(content)
    assert len(terms) == 86 + 11 + 16
    assert terms["Corpse Pile"] == "Corpse Pile (terrain): Rough, Grim"
