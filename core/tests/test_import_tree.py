"""Core's (and the CLI's) runtime imports form a tree: no circle, even through an import inside a function.

Type-only imports (under ``if TYPE_CHECKING:``) may point back up; everything Python runs may not.
"""

from __future__ import annotations

import json
import subprocess
import sys

import grimp
import pytest

_RUNTIME = grimp.build_graph("skirmish", exclude_type_checking_imports=True, cache_dir=None)


def _circle(graph: grimp.ImportGraph) -> list[str]:
    """One circle of imports among the modules of ``graph`` (empty when there is none)."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(module: str) -> list[str]:
        path.append(module)
        on_path.add(module)
        for nxt in sorted(graph.find_modules_directly_imported_by(module)):
            if nxt in on_path:
                return [*path[path.index(nxt):], nxt]
            if nxt not in done and (found := visit(nxt)):
                return found
        path.pop()
        on_path.discard(module)
        done.add(module)
        return []

    for module in sorted(graph.modules):
        if module not in done and (found := visit(module)):
            return found
    return []


def test_core_runtime_imports_have_no_circle() -> None:
    circle = _circle(_RUNTIME)
    assert not circle, "core imports in a circle: " + " -> ".join(circle)


def test_the_cli_runtime_imports_have_no_circle() -> None:
    pytest.importorskip("skirmish_cli")
    circle = _circle(grimp.build_graph("skirmish_cli", exclude_type_checking_imports=True, cache_dir=None))
    assert not circle, "CLI imports in a circle: " + " -> ".join(circle)


def test_the_circle_check_finds_a_circle() -> None:
    graph = grimp.build_graph("skirmish", exclude_type_checking_imports=True, cache_dir=None)
    graph.add_import(importer="skirmish.errors", imported="skirmish.engine")  # engine imports errors already
    circle = _circle(graph)
    assert circle[0] == circle[-1] and {"skirmish.engine", "skirmish.errors"} <= set(circle)


def test_each_core_module_imports_alone_in_any_order() -> None:
    """Each module imported first in a fresh set of modules (forward and backward order) loads without error."""
    modules = sorted(m for m in _RUNTIME.modules if not m.startswith("skirmish.testing"))
    script = """
import importlib, json, sys
failed = {}
for order in (sorted, lambda m: sorted(m, reverse=True)):
    for name in order(json.loads(sys.argv[1])):
        for loaded in [m for m in sys.modules if m == "skirmish" or m.startswith("skirmish.")]:
            del sys.modules[loaded]
        try:
            importlib.import_module(name)
        except Exception as exc:
            failed[name] = f"{type(exc).__name__}: {exc}"
print(json.dumps(failed))
"""
    done = subprocess.run([sys.executable, "-c", script, json.dumps(modules)], capture_output=True, text=True,
                          timeout=300, check=True)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {}
    assert "skirmish.engine" in modules and "skirmish.plugins" in modules
