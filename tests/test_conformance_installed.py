"""The conformance suite over every installed ruleset (bundled or third-party)."""

from __future__ import annotations

from skirmish.testing import conformance_suite, installed_registry

for _name in sorted(installed_registry().rulesets):
    _cls = conformance_suite(_name, seeds=100, deep_seeds=2)  # each ruleset's own suite runs the full count
    globals()[f"TestConformance_{_name.replace('-', '_')}"] = _cls


def test_at_least_one_ruleset_is_installed() -> None:
    assert installed_registry().rulesets, "no ruleset is installed: the conformance suite checked nothing"
