"""The conformance kit on Hobgoblin (hidden Fortune hands included)."""

from __future__ import annotations

from skirmish.testing import conformance_suite

TestConformance = conformance_suite("hobgoblin", seeds=5, deep_seeds=1)  # the installed suite runs 100
