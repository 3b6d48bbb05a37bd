"""Lazy references: registering a plugin imports nothing heavy; the real object loads on first use."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

from skirmish import Lazy, RulesetSpec
from skirmish.errors import PluginError
from skirmish.lazy import resolve


def test_a_lazy_factory_imports_its_module_only_when_called() -> None:
    code = ("import sys; from skirmish import Lazy, RulesetSpec;"
            "spec = RulesetSpec('dice-race', 'Dice Race', '1', Lazy('skirmish.testing.samples:DiceRace'));"
            "assert 'skirmish.testing.samples' not in sys.modules;"
            "r = spec.factory(); assert r.name == 'dice-race' and 'skirmish.testing.samples' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_dotted_attributes_resolve_and_plain_values_pass_through() -> None:
    assert Lazy("os.path:join.__name__").resolve() == "join"
    assert resolve(3) == 3


def test_a_bad_reference_is_one_plugin_error_line() -> None:
    with pytest.raises(PluginError, match=r"cannot load nowhere\.at\.all:thing \(ModuleNotFoundError"):
        Lazy("nowhere.at.all:thing")()
    with pytest.raises(ValueError, match="module:attribute"):
        Lazy("no-colon")


def test_lazy_references_pickle_by_name_for_worker_processes() -> None:
    ref = Lazy("skirmish.testing.samples:DiceRace")
    ref.resolve()
    again = pickle.loads(pickle.dumps(ref))
    assert again == ref and again().name == "dice-race"
    assert RulesetSpec("x", "X", "1", ref) == RulesetSpec("x", "X", "1", Lazy("skirmish.testing.samples:DiceRace"))


def test_lazy_exports_load_a_name_on_first_use_and_keep_it():
    import types

    from skirmish import lazy_exports

    module = types.ModuleType("pkg")
    module.__getattr__ = lazy_exports("skirmish.testing.samples", ("DiceRace",), vars(module))
    assert "DiceRace" not in vars(module)
    assert module.DiceRace.name == "dice-race" and "DiceRace" in vars(module)
    with pytest.raises(AttributeError, match="no attribute 'Other'"):
        module.Other  # noqa: B018
