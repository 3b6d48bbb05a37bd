"""Rulesets and example plugins import only the public API of core (DESIGN rule 1)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = {"skirmish", "skirmish.dice", "skirmish.geometry", "skirmish.presentation", "skirmish.testing"}
SOURCES = sorted(p for base in ("rulesets", "plugins") for p in (ROOT / base).glob("*/src/**/*.py"))


def private_imports(path: Path) -> list[str]:
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    bad = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        bad += [f"{where}:{node.lineno} imports {n}" for n in names
                if (n == "skirmish" or n.startswith("skirmish.")) and n not in PUBLIC]
        bad += [f"{where}:{node.lineno} imports {n}" for n in names if n.startswith("skirmish_cli")]
    return bad


def test_there_are_plugin_sources_to_check() -> None:
    assert SOURCES


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_only_public_core(path: Path) -> None:
    assert private_imports(path) == []


def test_the_check_catches_a_private_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from skirmish.engine import Game\nimport skirmish.rng\nfrom skirmish import Game\n"
                   "from skirmish.dice import parse\nimport skirmish_cli.main\n")
    assert [line.split(" imports ")[1] for line in private_imports(bad)] == ["skirmish.engine", "skirmish.rng",
                                                                             "skirmish_cli.main"]


def test_core_and_cli_never_import_a_ruleset() -> None:
    offenders = []
    for base in ("core/src", "cli/src"):
        for path in (ROOT / base).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            offenders += [f"{path.relative_to(ROOT)}" for mod in ("skirmish_hobgoblin", "skirmish_chob_noggoth",
                                                                  "skirmish_goblin_uprising", "skirmish_tavern_brawl")
                          if mod in text]
    assert offenders == []


def test_core_does_not_import_click() -> None:
    assert not [p for p in (ROOT / "core/src").rglob("*.py") if "import click" in p.read_text(encoding="utf-8")]
