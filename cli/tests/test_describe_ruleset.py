"""``skirmish rulesets RULESET``: one ruleset described (settings, agents, commands, content paths, hooks)."""

from __future__ import annotations

import json

from cli_helpers import assert_one_error, invoke


def test_play_help_points_at_the_description_of_one_ruleset() -> None:
    assert "'skirmish rulesets RULESET' lists them" in " ".join(invoke("play", "--help").stdout.split())


def test_settings_with_values_and_defaults() -> None:
    text = invoke("rulesets", "goblin-uprising").stdout
    assert "--difficulty  easy, normal, hard, legendary (default: normal)" in text
    assert "--heroes  1 to 6 (default: 3)" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_setup_keys_agents_commands_glossary() -> None:
    text = invoke("rulesets", "chob-noggoth").stdout
    assert "options.max_rounds = 8" in text  # a set-up key with the demo game's value
    assert "  ai " in text and "  human " in text
    assert "glossary: " in text and " terms" in text
    hob = invoke("rulesets", "hobgoblin").stdout
    assert "skirmish hobgoblin-army" in hob


def test_content_paths_and_hook_names_for_house_rules() -> None:
    hob = invoke("rulesets", "hobgoblin").stdout
    assert "units.ID.FIELD - " in hob and "keywords.ID.FIELD" in hob
    assert "hobgoblin_target_number" in hob and "skirmish_extend_content" in hob
    data = json.loads(invoke("rulesets", "hobgoblin", "--json").stdout)
    paths = {c["path"]: c["holds"] for c in data["content"]}
    assert paths["rules.attack.shooting_cap"] == "5"
    assert paths["units.light-infantry.speed"] == "8"
    assert "hobgoblin_unit_removed" in data["hooks"]
    assert {o["flag"] for o in data["options"]} >= {"--chaos", "--teams"}
    chob = json.loads(invoke("rulesets", "chob-noggoth", "--json").stdout)
    assert any(c["path"] == "movement.move" for c in chob["content"])
    assert chob["glossary_terms"] > 20


def test_unknown_ruleset_is_one_line() -> None:
    line = assert_one_error(invoke("rulesets", "nope"))
    assert "no ruleset named 'nope'" in line
