"""Make the test bench importable (tests run with --import-mode=importlib)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def ruleset():  # noqa: ANN201
    from hob_bench import RULESET

    return RULESET
