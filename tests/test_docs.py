"""The authoring guide (docs/, Sphinx): it builds to HTML without a warning, every code sample in it is a file
under docs/examples/ that runs here, and it covers every hookspec, Ruleset method and form field kind."""

from __future__ import annotations

import importlib.util
import inspect
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from skirmish import Ruleset, hookspecs
from skirmish.decisions import PARAM_KINDS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
EXAMPLES = DOCS / "examples"
PAGES = sorted(DOCS.glob("*.rst"))
SAMPLES = sorted(EXAMPLES.glob("*.py"))
HOOKS = sorted(n for n, f in vars(hookspecs).items() if n.startswith("skirmish_") and inspect.isfunction(f))
SHELL = ("skirmish ", "pip ", "pytest", "python ", "#")


def guide() -> str:
    return "\n".join(p.read_text() for p in PAGES)


def test_the_guide_builds_to_html_without_a_warning(tmp_path: Path) -> None:
    if importlib.util.find_spec("sphinx") is None:
        pytest.skip("Sphinx is not installed (it is in the root 'dev' extra: pip install -e '.[dev]')")
    out = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                          "-d", str(tmp_path / "doctrees"), str(DOCS), str(tmp_path / "html")],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-4000:]  # -W: any warning fails the build
    html = {p.stem: p.read_text() for p in (tmp_path / "html").glob("*.html")}
    assert {p.stem for p in PAGES} <= set(html)
    for hook in HOOKS:
        assert f'id="skirmish.hookspecs.{hook}"' in html["hooks"], hook  # rendered from the hookspec itself
    assert 'id="skirmish.Ruleset.determinize"' in html["ruleset"]


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_every_sample_runs(sample: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("SKIRMISH_PLUGINS", "PYTHONPATH")}
    out = subprocess.run([sys.executable, sample.name], cwd=EXAMPLES, capture_output=True, text=True, timeout=300,
                         env=env)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-3000:]


def test_the_toml_samples_parse() -> None:
    for sample in EXAMPLES.glob("*.toml"):
        assert tomllib.loads(sample.read_text()), sample


def test_every_sample_is_shown_in_the_guide() -> None:
    shown = set(re.findall(r"literalinclude:: examples/(\S+)", guide()))
    files = {p.name for p in EXAMPLES.iterdir() if p.suffix in (".py", ".toml")}
    assert shown == files, (sorted(files - shown), sorted(shown - files))


def test_code_in_the_guide_comes_only_from_tested_files() -> None:
    """No Python or TOML typed into a page: literal blocks hold shell commands only; code is literalincluded."""
    for page in PAGES:
        text = page.read_text()
        assert not re.search(r"\.\. (code-block|code|sourcecode)::", text), page.name
        for block in re.findall(r"::\n\n((?:[ ]{3,}.*\n|\n)+)", text):
            for line in filter(None, (line.strip() for line in block.splitlines())):
                assert line.startswith(SHELL), f"{page.name}: untested code in a literal block: {line!r}"


def test_every_core_hookspec_has_its_section_and_a_sample_implementing_it() -> None:
    page = (DOCS / "hooks.rst").read_text()
    code = "\n".join(p.read_text() for p in SAMPLES)
    for hook in HOOKS:
        assert f".. autofunction:: skirmish.hookspecs.{hook}\n" in page, hook
        assert f"def {hook}(" in code, hook


def test_every_overridable_ruleset_method_is_in_the_guide() -> None:
    text = guide()
    methods = [n for n, f in vars(Ruleset).items() if inspect.isfunction(f) and not n.startswith("_")]
    assert "determinize" in methods and "final_summary" in methods
    missing = [n for n in methods if f"~skirmish.Ruleset.{n}`" not in text]
    assert not missing, missing


def test_every_form_field_kind_is_in_the_guide_and_a_sample() -> None:
    page = (DOCS / "decisions.rst").read_text()
    code = (EXAMPLES / "decisions.py").read_text()
    for kind in PARAM_KINDS:
        assert f"``{kind}``" in page and f'"{kind}"' in code, kind
