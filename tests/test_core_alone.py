"""`skirmish-core` installs and works alone: its wheel in a fresh virtual environment (with pytest, and nothing
else of skirmish: no CLI, no click, no ruleset) runs the tests of a new ruleset scaffold, which pass."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*cmd: str | Path, **kw: object) -> subprocess.CompletedProcess[str]:
    out = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=600, **kw)  # type: ignore
    assert out.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{out.stdout[-3000:]}\n{out.stderr[-2000:]}"
    return out


@pytest.mark.slow
def test_core_alone_runs_a_new_rulesets_tests(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")  # builds the wheels offline, from this environment
    from skirmish_cli.templates import render, ruleset_values

    core = tomllib.loads((ROOT / "core" / "pyproject.toml").read_text())["project"]
    wheels = tmp_path / "wheels"
    package = tmp_path / "pig-race"
    render("ruleset", package, ruleset_values("pig-race", core_version=core["version"]))
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", wheels,
        ROOT / "core", package)
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    py = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SKIRMISH_PLUGINS", "VIRTUAL_ENV")}
    # skirmish-core's own requirements and pytest come from the machine's usual index; skirmish only from here
    run(sys.executable, "-m", "pip", "--python", py, "install", "-q", "--find-links", wheels, "pytest",
        *wheels.glob("*.whl"), env=env)
    listed = run(sys.executable, "-m", "pip", "--python", py, "list", "--format=freeze", env=env).stdout
    skirmish = sorted(line.split("==")[0] for line in listed.splitlines() if line.lower().startswith("skirmish"))
    assert skirmish == ["skirmish-core", "skirmish-pig-race"], skirmish
    alone = run(py, "-c", "import importlib.util as u, skirmish; print(skirmish.__file__, "
                "u.find_spec('click'), u.find_spec('skirmish_cli'))", env=env, cwd=tmp_path).stdout
    assert str(ROOT) not in alone and alone.split()[1:] == ["None", "None"], alone
    out = subprocess.run([str(py), "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider"], cwd=package,
                         env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert " passed" in out.stdout and "failed" not in out.stdout and "skipped" not in out.stdout, out.stdout
