"""Packaging: every distribution builds a wheel, and `pip install skirmish` (the root wheel alone) brings the
core, the CLI and every bundled ruleset."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MEMBERS = [ROOT / "core", ROOT / "cli"] + sorted(p.parent for p in ROOT.glob("rulesets/*/pyproject.toml")) + \
    sorted(p.parent for p in ROOT.glob("plugins/*/pyproject.toml"))


def project(path: Path) -> dict:
    return tomllib.loads((path / "pyproject.toml").read_text())["project"]


def bundled_rulesets() -> dict[str, str]:
    """Distribution -> ruleset name of every ruleset under rulesets/ that registers itself (has an entry point).

    The ruleset is the entry point named like its folder; a ruleset may add plugins of its own
    (Hobgoblin's artefacts and Chaos of War) under other entry-point names.
    """
    out = {}
    for pyproject in sorted(ROOT.glob("rulesets/*/pyproject.toml")):
        meta = project(pyproject.parent)
        names = meta.get("entry-points", {}).get("skirmish", {})
        if names:
            assert pyproject.parent.name in names, f"{pyproject}: no entry point named like the folder"
            out[meta["name"]] = pyproject.parent.name
    return out


def requirement_name(req: str) -> str:
    return re.split(r"[<>=!~\[; ]", req, maxsplit=1)[0].strip().lower()


def run(*cmd: str | Path, **kw: object) -> subprocess.CompletedProcess[str]:
    out = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=600, **kw)  # type: ignore
    assert out.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}"
    return out


def test_the_root_distribution_depends_on_every_bundled_ruleset() -> None:
    root = {requirement_name(r) for r in project(ROOT)["dependencies"]}
    assert {"skirmish-core", "skirmish-cli"} <= root
    missing = sorted(set(bundled_rulesets()) - root)
    assert not missing, f"the root pyproject.toml must depend on {missing} (they have an entry point)"
    assert "skirmish-chob-noggoth" in bundled_rulesets()
    sources = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["uv"]["sources"]
    assert {r for r in root if r.startswith("skirmish-")} <= set(sources)


def test_the_readme_stands_alone() -> None:
    """The README is the root distribution's long description: it points at nothing outside the repository."""
    text = (ROOT / "README.md").read_text()
    assert "../" not in text and "shared/" not in text
    for target in re.findall(r"\]\(([^)]+)\)", text):
        assert target.startswith(("http://", "https://", "#")) or (ROOT / target).exists(), target


@pytest.mark.slow
def test_the_root_wheel_alone_installs_every_bundled_ruleset(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", wheels, ROOT,
        *MEMBERS)
    built = sorted(p.name.split("-")[0] for p in wheels.glob("*.whl"))
    assert len(built) == len(MEMBERS) + 1, built
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv)
    py = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SKIRMISH_PLUGINS", "VIRTUAL_ENV")}
    # third-party requirements from the usual index; every skirmish-* distribution only from the wheels built here
    third_party = sorted({r for m in MEMBERS for r in project(m).get("dependencies", [])
                          if not requirement_name(r).startswith("skirmish")})
    run(py, "-m", "pip", "install", "-q", *third_party, env=env)
    root_wheel = next(wheels.glob("skirmish-0*.whl"))
    run(py, "-m", "pip", "install", "-q", "--no-index", "--find-links", wheels, root_wheel, env=env)
    out = run(venv / "bin" / "skirmish", "rulesets", "--json", env=env, cwd=tmp_path)
    listed = {r["name"]: r for r in json.loads(out.stdout)}
    expected = set(bundled_rulesets().values())
    assert expected == set(listed), listed  # all the bundled rulesets, and not the plugin examples
    assert all(r["package"].startswith("skirmish-") for r in listed.values())
    # the installed copy is the wheel, not this checkout
    where = run(py, "-c", "import skirmish, skirmish_cli; print(skirmish.__file__, skirmish_cli.__file__)",
                env=env, cwd=tmp_path).stdout
    assert str(ROOT) not in where
    # the worked-example plugins are wheels of their own, installed on top
    examples = [w for w in wheels.glob("*.whl") if w.name.startswith("skirmish_tavern_brawl")]
    run(py, "-m", "pip", "install", "-q", "--no-index", "--find-links", wheels, *examples, env=env)
    out = run(venv / "bin" / "skirmish", "rulesets", "--json", env=env, cwd=tmp_path)
    assert "tavern-brawl" in {r["name"] for r in json.loads(out.stdout)}


def test_editable_install_is_what_tests_run_against() -> None:
    import skirmish

    assert Path(skirmish.__file__).is_relative_to(ROOT / "core" / "src")


def test_dev_installs_only_when_a_pyproject_changed(tmp_path: Path) -> None:
    """`./dev demo` and `./dev test` skip the install when the stamp matches the pyproject.toml files."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    calls = tmp_path / "calls"
    stub = venv / "bin" / "python"  # records what it is asked to run
    stub.write_text(f'#!/bin/sh\necho "$*" >> {calls}\n')
    stub.chmod(0o755)
    env = dict(os.environ, SKIRMISH_VENV=str(venv))

    def dev_test() -> list[str]:
        calls.write_text("")
        run(ROOT / "dev", "test", "--co", env=env)
        return calls.read_text().splitlines()

    first = dev_test()
    assert any(c.startswith("-m pip install") for c in first) and first[-1].startswith("-m pytest")
    stamp = (venv / ".skirmish-stamp").read_text()
    assert [c for c in dev_test() if "pip" in c] == []  # nothing changed: no install
    (venv / ".skirmish-stamp").write_text("an older set of pyproject files\n")
    assert any(c.startswith("-m pip install") for c in dev_test())
    assert (venv / ".skirmish-stamp").read_text() == stamp
    calls.write_text("")
    run(ROOT / "dev", "install", env=env)  # asked for by name: always installs
    assert any(c.startswith("-m pip install") for c in calls.read_text().splitlines())
