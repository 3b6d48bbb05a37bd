"""Listing what is installed stays light: no ruleset's rules, content or AI, no engine (issue 10)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from skirmish import Registry

HEAVY = ("skirmish.engine", "skirmish.decisions", "skirmish.agents", "skirmish.dice", "importlib.metadata", "attr",
         "tomllib", "importlib.resources")


def test_building_the_registry_imports_no_rules_engine_or_agents():
    code = ("import sys; from skirmish import Registry; r = Registry(); assert r.rulesets and r.agents; "
            "print('\\n'.join(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    loaded = set(out.stdout.split())
    assert not [m for m in loaded if m in HEAVY or m.startswith(tuple(h + "." for h in HEAVY))]
    rules = [m for m in loaded if m.startswith("skirmish_") and m.endswith((".rules", ".ai", ".content", ".state"))]
    assert rules == []


@pytest.mark.parametrize("name", sorted(Registry().rulesets))
def test_each_registered_record_says_what_its_ruleset_class_says(name):
    registry = Registry()
    spec, ruleset = registry.rulesets[name], registry.ruleset(name)
    assert (spec.name, spec.title, spec.version) == (ruleset.name, ruleset.title, ruleset.version)
    assert spec.description


def test_exact_dice_odds_import_neither_attrs_nor_the_event_log():
    code = ("import sys; from skirmish.dice import parse; print(parse('10d6>=4r').distribution().mean()); "
            "print('\\n'.join(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    loaded = set(out.stdout.split()[1:])
    assert not loaded & {"attr", "attrs", "skirmish.events", "skirmish.engine", "importlib.metadata"}


def test_a_rulesets_own_optional_plugins_are_not_listed_as_changes_to_it():
    registry = Registry()
    if "hobgoblin" not in registry.rulesets:
        pytest.skip("hobgoblin is not installed")
    assert {"hobgoblin-artefacts", "hobgoblin-chaos"} <= set(registry.pm.distributions)  # its own extra plugins
    assert not {"hobgoblin-artefacts", "hobgoblin-chaos"} & set(registry.changed_by("hobgoblin"))
