"""Hobgoblin army lists: costs by Building an Army and every validation problem."""

from __future__ import annotations

import pytest

from skirmish import SetupError
from skirmish_hobgoblin.army import (
    Army,
    ArmyUnit,
    army_cost,
    army_to_toml,
    breakdown_data,
    breakdown_text,
    build_unit,
    check_army,
    load_army,
    numbered,
    parse_army,
    unit_cost,
    validate,
)
from skirmish_hobgoblin.content import load_content

SIZES = {"wide": (150, 80), "narrow": (60, 80), "horde": (160, 120)}


@pytest.fixture(scope="module")
def content():
    return load_content()


def unit(kind: str, *keywords: str, name: str = "", size: str = "", **flags) -> ArmyUnit:
    narrow = kind in ("Chariot", "War Wagon", "Monster", "Artillery")
    w, d = SIZES[size or ("narrow" if narrow else "wide")]
    return ArmyUnit(kind, name or kind, w, d, tuple(keywords), **flags)


def army(*units: ArmyUnit, points: int = 3000, lead: bool = True) -> Army:
    units = list(units)
    if lead:
        units.append(ArmyUnit("Light Infantry", "Leaders", 150, 80, (), general=True, battle_standard=True))
    return Army("Test", points, tuple(units))


def problems(content, *units: ArmyUnit, **kw) -> list[str]:
    return [str(p) for p in validate(army(*units, **kw), content)]


# ----------------------------------------------------------------- costs


def test_keyword_cost_multiplier_bloodthirsty(content):
    """The book's examples: Bloodthirsty costs 50 for Light Infantry and 100 for Heavy Cavalry."""
    assert unit_cost(unit("Light Infantry", "Bloodthirsty"), content) == 350
    assert unit_cost(unit("Heavy Cavalry", "Bloodthirsty"), content) == 550


def test_keyword_cost_multiplier_cowardly(content):
    assert unit_cost(unit("Light Infantry", "Cowardly"), content) == 275
    assert unit_cost(unit("Heavy Cavalry", "Cowardly"), content) == 400


def test_numerical_keywords_bought_as_plus(content):
    hi = unit("Heavy Infantry", "Tough [+1]")
    assert unit_cost(hi, content) == 425
    assert build_unit(hi, content).keywords["tough"] == 2
    ri = unit("Ranged Infantry", "Ranged [+12]", "Ranged [+6]")
    assert unit_cost(ri, content) == 300 + 75 + 50
    assert build_unit(ri, content).keywords["ranged"] == 42
    assert problems(content, ri) == []


def test_footprint_purchases_cost(content):
    assert unit_cost(unit("Light Infantry", "Narrow Footprint", size="narrow"), content) == 325
    assert unit_cost(unit("War Wagon", "Wide Footprint", size="wide"), content) == 200
    assert unit_cost(unit("Monster", "Wide Footprint", size="wide"), content) == 500
    assert unit_cost(unit("Heavy Infantry", "Horde", size="horde"), content) == 450
    assert unit_cost(unit("Monstrous Infantry", "Horde", size="horde"), content) == 600


def test_horde_replaces_footprint(content):
    built = build_unit(unit("Light Infantry", "Horde", size="horde"), content)
    assert built.footprint.id == "horde" and "horde" in built.keywords and "wide-footprint" not in built.keywords


def test_general_and_battle_standard_cost_nothing(content):
    base = unit_cost(unit("Light Infantry"), content)
    assert unit_cost(unit("Light Infantry", general=True, battle_standard=True), content) == base
    assert unit_cost(unit("Light Infantry", "General", "Battle Standard"), content) == base


def test_general_and_battle_standard_same_unit(content):
    built = build_unit(unit("Light Infantry", general=True, battle_standard=True), content)
    assert built.keywords["command"] == 2 and built.keywords["hero"] == 3
    general = build_unit(unit("Light Infantry", "Hero [+1]", general=True), content)
    assert general.keywords["hero"] == 3 and general.keywords["command"] == 1


def test_general_written_as_keyword_becomes_flag():
    parsed = parse_army({"points": 1000, "units": [
        {"type": "Beasts", "name": "B", "width": 150, "depth": 80, "keywords": ["General", "battle standard"]}]})
    assert parsed.units[0].general and parsed.units[0].battle_standard and parsed.units[0].keywords == ()


def test_army_cost_and_breakdown(content):
    a = army(unit("Heavy Cavalry", "Elite", "Cowardly"))
    assert army_cost(a, content) == 450 + 200 - 50 + 300
    text = breakdown_text(a, content)
    assert "Elite" in text and "+100 x2" in text and "Total 900 of 3,000 points (2,100 left)" in text
    data = breakdown_data(a, content)
    assert data["total"] == 900 and data["units"][0]["lines"][1] == {"what": "Elite", "cost": 200,
                                                                       "note": "+100 x2"}


def test_changed_toml_number_changes_cost_and_validation():
    """Content is data: a house rule that reprices Elite or resizes Wide changes costs and validation."""
    changed = load_content(extra={"keywords": {"elite": {"buy": [{"cost": 150}]}},
                                  "footprints": {"wide": {"width_mm": [100, 140]}},
                                  "building": {"max_weaknesses": 1}})
    hc = unit("Heavy Cavalry", "Elite")
    assert unit_cost(hc, changed) == 750 and unit_cost(hc, load_content()) == 650
    assert any("Wide Footprint needs 100-140 mm wide" in p for p in problems(changed, hc))
    two = unit("Light Infantry", "Cowardly", "Hollow", size="narrow", name="LI")
    assert any("at most 1" in p for p in problems(changed, two))


# ----------------------------------------------------------------- validation problems


def test_valid_army_has_no_problems(content):
    assert problems(content, unit("Heavy Infantry", "Tough [+1]", "Cowardly", "Hollow")) == []


def test_problem_line_names_unit_rule_and_points(content):
    (line,) = problems(content, unit("Beasts", "Cursed", "Fragile", "Hollow", name="Wolves"))
    assert line == ("Wolves (Beasts): buys 3 Weaknesses (Cursed, Fragile, Hollow), at most 2 "
                    "[up to two Weaknesses] (army 375 of 3,000 points)")


def test_unknown_unit_type(content):
    (line,) = problems(content, ArmyUnit("Heavy Infantri", "X", 150, 80))
    assert "unknown unit type 'Heavy Infantri' (did you mean Heavy Infantry?) [Unit Types]" in line


def test_unknown_keyword(content):
    (line,) = problems(content, unit("Light Infantry", "Eliet"))
    assert "unknown keyword 'Eliet' (did you mean Elite?)" in line and "[Keyword Costs]" in line


def test_reserved_keyword_cannot_be_bought(content):
    (line,) = problems(content, unit("Beasts", "Wild"))
    assert "buys Wild, which is Reserved and cannot be bought" in line


def test_unlisted_keyword_cannot_be_bought(content):
    (line,) = problems(content, unit("Light Infantry", "Command [+1]"))
    assert "Command, which is Reserved" in line
    (line,) = problems(content, unit("Light Infantry", "Tough [+2]"))
    assert "'Tough [+2]', which is not in the Keyword Costs table (listed: Tough [+1])" in line
    (line,) = problems(content, unit("Light Infantry", "Hero [2]"))
    assert "numerical keywords are bought as listed: Hero [+1], Hero [+2]" in line


def test_each_listed_keyword_once(content):
    (line,) = problems(content, unit("Light Infantry", "Elite", "Elite"))
    assert "buys Elite 2 times [each listed keyword once]" in line
    assert problems(content, unit("Light Infantry", "Hero [+1]", "Hero [+2]")) == []


def test_weakness_duplicating_type_keyword(content):
    (line,) = problems(content, unit("Chariot", "Fragile"))
    assert "buys the Weakness Fragile, which Chariot already has [no keyword the type already has]" in line


def test_strength_duplicating_type_keyword(content):
    """Ruling H-1: a plain keyword the type already has is refused."""
    (line,) = problems(content, unit("Light Cavalry", "Nimble"))
    assert "buys the keyword Nimble, which Light Cavalry already has" in line


def test_at_most_two_weaknesses(content):
    assert problems(content, unit("Light Infantry", "Cowardly", "Hollow")) == []
    (line,) = problems(content, unit("Light Infantry", "Cowardly", "Hollow", "Unruly"))
    assert "buys 3 Weaknesses" in line and "at most 2" in line


def test_artillery_weakness_restriction(content):
    assert problems(content, unit("Artillery", "Self-Destructive", "Short-Ranged")) == []
    (line,) = problems(content, unit("Artillery", "Cowardly"))
    assert "Artillery may buy only the Weaknesses Self-Destructive, Short-Ranged, not Cowardly" in line
    assert "[Artillery Weaknesses]" in line
    assert problems(content, unit("Artillery", "Elite", "Large")) == []  # Strengths are free to buy


def test_short_ranged_needs_ranged(content):
    (line,) = problems(content, unit("Light Infantry", "Short-Ranged"))
    assert "buys Short-Ranged, only for units with Ranged [keyword requirement]" in line
    assert problems(content, unit("Light Infantry", "Ranged [+6]", "Short-Ranged")) == []  # ruling H-2


def test_horde_only_for_infantry(content):
    assert problems(content, unit("Light Infantry", "Horde", size="horde")) == []
    (line,) = problems(content, unit("Beasts", "Horde", size="horde"))
    assert "buys Horde, only for unit types with 'Infantry' in the name" in line


def test_one_footprint_keyword(content):
    lines = problems(content, unit("Heavy Infantry", "Horde", "Narrow Footprint", size="horde"))
    assert any("buys Horde and Narrow Footprint; at most one Footprint keyword" in p for p in lines)


def test_footprint_must_differ_and_match_listed(content):
    (line,) = problems(content, unit("Chariot", "Narrow Footprint"))
    assert "Narrow Footprint" in line and ("already has" in line)
    (line,) = problems(content, unit("Light Infantry", "Wide Footprint"))
    assert "Wide Footprint" in line and "already has" in line


def test_narrow_footprint_only_for_wide_types(content):
    assert problems(content, unit("Beasts", "Narrow Footprint", size="narrow")) == []
    horde_beasts = load_content(extra={"units": {"beasts": {"footprint": "horde",
                                                            "keywords": ["Horde", "Nimble", "Wild"]}}})
    (line,) = problems(horde_beasts, unit("Beasts", "Narrow Footprint", size="narrow"))
    assert "buys Narrow Footprint, only for types listed with Wide Footprint [Unit Footprint]" in line


def test_size_within_footprint(content):
    (line,) = problems(content, ArmyUnit("Light Infantry", "Tiny", 90, 30))
    assert "is 90 x 30 mm; Wide Footprint needs 100-200 mm wide, 40-160 mm deep [Unit Footprint]" in line
    (line,) = problems(content, unit("Light Infantry", "Horde"))
    assert "Horde needs 150-200 mm wide, 100-200 mm deep" in line
    assert problems(content, ArmyUnit("Light Infantry", "Edge", 100, 40)) == []  # ruling H-5
    assert problems(content, ArmyUnit("Light Infantry", "Edge", 200, 160)) == []


def test_exactly_one_general(content):
    lines = problems(content, unit("Light Infantry", battle_standard=True), lead=False)
    assert lines == ["army: no unit is the General [exactly one General] (army 300 of 3,000 points)"]
    lines = problems(content, unit("Light Infantry", general=True))
    assert any("2 units are the General: Light Infantry, Leaders [exactly one General]" in p for p in lines)


def test_exactly_one_battle_standard(content):
    lines = problems(content, unit("Light Infantry", general=True), lead=False)
    assert lines == ["army: no unit is the Battle Standard [exactly one Battle Standard] (army 300 of 3,000 points)"]
    lines = problems(content, unit("Light Infantry", battle_standard=True))
    assert any("2 units are the Battle Standard" in p for p in lines)


def test_points_limit(content):
    lines = problems(content, unit("Monster", "Brutal"), points=800)
    assert lines == ["army: costs 1,150 points, 350 over the limit [points limit] (army 1,150 of 800 points)"]


def test_unit_names(content):
    lines = problems(content, unit("Light Infantry", name="Same"), unit("Beasts", name="Same"))
    assert sum("the name 'Same' is used by 2 units [Army list]" in p for p in lines) == 2
    (line,) = problems(content, ArmyUnit("Light Infantry", " ", 150, 80))
    assert "has no name" in line


def test_wizard_allegiance(content):
    (line,) = problems(content, unit("Light Infantry", "Wizard"))
    assert "is a Wizard with no Abyssal Allegiance [Wizard allegiance]" in line
    assert problems(content, unit("Light Infantry", "Wizard", allegiance="Mycena")) == []
    (line,) = problems(content, unit("Light Infantry", allegiance="Mycena"))
    assert "has the allegiance 'Mycena' but no Wizard" in line


def test_him_may_not_take_wizard(content):
    a = army(unit("Light Infantry", "Wizard", allegiance="Mycena"))
    assert validate(a, content) == []
    (p,) = validate(a, content, him=True)
    assert "buys Wizard, which His army may not take [Him's army]" in str(p)


def test_numbered_and_check_army(content):
    a = army(unit("Beasts", "Wild"), unit("Chariot", "Fragile"))
    assert numbered(validate(a, content)).splitlines()[1].startswith("2. Chariot (Chariot)")
    with pytest.raises(SetupError, match=r"breaks 2 rule\(s\): \(1\)") as info:
        check_army(a, content)
    assert "\n" not in str(info.value)


# ----------------------------------------------------------------- reading and writing


def test_toml_round_trip(tmp_path, content):
    a = army(unit("Heavy Infantry", "Tough [+1]", name="Shields"), unit("Light Infantry", "Wizard",
                                                                         allegiance="Gomb"))
    path = tmp_path / "a.toml"
    path.write_text(army_to_toml(a))
    assert load_army(path) == a


@pytest.mark.parametrize("data,message", [
    ([1, 2], "an army list is a table"),
    ({"points": 3000, "units": {"a": 1}}, "must be a list of tables"),
    ({"points": 3000, "units": [{"type": "Beasts", "name": "B", "width": 150, "depth": 80, "keywords": "Elite"}]},
     "'keywords' must be a list"),
    ({"points": 0, "units": []}, "points must be a positive"),
    ({"points": 3000, "units": [{"type": "Beasts", "name": "B", "width": 150}]}, "depth"),
    ({"points": 3000, "units": [{"type": "Beasts", "name": "B", "width": -1, "depth": 80}]}, "positive millimetres"),
    ({"points": 3000, "units": [], "colour": "red"}, "colour"),
])
def test_bad_army_data_is_one_line(data, message):
    with pytest.raises(SetupError, match=message) as info:
        parse_army(data)
    assert "\n" not in str(info.value)


def test_missing_file_is_one_line(tmp_path):
    with pytest.raises(SetupError, match="no file at"):
        load_army(tmp_path / "nope.toml")
