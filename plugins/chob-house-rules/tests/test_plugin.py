"""The plugin as a package: registered through its entry point, a variant of its own, public API only."""

from __future__ import annotations

import ast
from pathlib import Path

import skirmish
from skirmish import RulesetSpec
from skirmish_chob_house_rules import plugin
from skirmish_chob_house_rules.variant import ChobNoggothHouse
from skirmish_chob_noggoth.rules import ChobNoggoth

ROOT = Path(__file__).parents[1]
CORE_MODULES = {"skirmish", "skirmish.dice", "skirmish.geometry", "skirmish.testing"}


def test_registers_the_variant_its_ai_and_a_command_through_the_entry_point(registry):
    spec = registry.rulesets["chob-noggoth-house"]
    assert spec.title == "Chob-Noggoth (house rules)" and spec.package.startswith("skirmish-chob-house-rules")
    assert spec.version == f"{ChobNoggoth.version}+house.0.1.0"
    assert registry.agent_spec("ai", "chob-noggoth-house").rulesets == ("chob-noggoth-house",)
    assert registry.agent_spec("ai", "chob-noggoth").rulesets == ("chob-noggoth",)  # the bundled one's, still
    assert registry.commands["chob-tally"].command.name == "chob-tally"
    assert registry.pm.get_plugin("chob-house-rules") is plugin


def test_the_variant_is_the_bundled_ruleset_under_its_own_names(registry):
    variant, bundled = registry.ruleset("chob-noggoth-house"), registry.ruleset("chob-noggoth")
    assert isinstance(variant, ChobNoggothHouse) and isinstance(variant, ChobNoggoth)
    assert type(bundled) is ChobNoggoth and variant is not bundled
    assert (variant.name, variant.title) != (bundled.name, bundled.title) and variant.version != bundled.version


def test_the_ai_plays_the_variant(registry):
    from skirmish import play_one

    record = play_one(registry, "chob-noggoth-house", 1, ["ai", "random"])
    assert record.finished


def test_uses_only_the_public_api_of_core():
    public = set(skirmish.__all__)
    for path in [*ROOT.glob("src/**/*.py"), *ROOT.glob("tests/*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            modules = ([node.module] if isinstance(node, ast.ImportFrom) and node.module
                       else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            for module in modules:
                if module.split(".")[0] == "skirmish":
                    assert module in CORE_MODULES, f"{path.name} imports {module}"
            if isinstance(node, ast.ImportFrom) and node.module == "skirmish":
                assert {a.name for a in node.names} <= public, f"{path.name}: {[a.name for a in node.names]}"


def test_the_light_registration_record_says_what_the_class_says(registry):
    spec = registry.rulesets["chob-noggoth-house"]
    full = RulesetSpec.of(ChobNoggothHouse)
    assert (spec.name, spec.title, spec.version, spec.description) == (full.name, full.title, full.version,
                                                                         full.description)
    assert isinstance(registry.ruleset("chob-noggoth-house"), ChobNoggothHouse)


def test_registering_the_plugin_imports_only_chob_noggoths_light_plugin_module():
    import subprocess
    import sys

    code = ("import sys, skirmish_chob_house_rules.plugin as p; p.skirmish_register_rulesets(); "
            "p.skirmish_register_agents(); "
            "print(sorted(m for m in sys.modules if m.startswith('skirmish_chob_noggoth')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    # the bundled ruleset's plugin module (its names and version), none of its rules, content or AI
    assert out.stdout.strip() == "['skirmish_chob_noggoth', 'skirmish_chob_noggoth.plugin']"
