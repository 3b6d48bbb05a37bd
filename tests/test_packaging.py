"""Packaging: every distribution builds a wheel, and the wheels install into a fresh virtual environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MEMBERS = [ROOT / "core", ROOT / "cli"] + sorted(p.parent for p in ROOT.glob("rulesets/*/pyproject.toml")) + \
    sorted(p.parent for p in ROOT.glob("plugins/*/pyproject.toml"))


def run(*cmd: str | Path, **kw: object) -> subprocess.CompletedProcess[str]:
    out = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=600, **kw)  # type: ignore
    assert out.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}"
    return out


@pytest.mark.slow
def test_wheels_install_into_a_fresh_venv(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", wheels, ROOT,
        *MEMBERS)
    built = sorted(p.name.split("-")[0] for p in wheels.glob("*.whl"))
    assert len(built) == len(MEMBERS) + 1, built
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv)
    py = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SKIRMISH_PLUGINS", "VIRTUAL_ENV")}
    run(py, "-m", "pip", "install", "-q", "--find-links", wheels, *sorted(wheels.glob("*.whl")), env=env)
    out = run(venv / "bin" / "skirmish", "rulesets", "--json", env=env, cwd=tmp_path)
    listed = {r["name"]: r for r in json.loads(out.stdout)}
    expected = {p.name for p in (ROOT / "rulesets").glob("*") if (p / "pyproject.toml").exists()} | {"tavern-brawl"}
    assert expected <= set(listed), listed
    assert all(r["package"].startswith("skirmish-") for r in listed.values())
    # the installed copy is the wheel, not this checkout
    where = run(py, "-c", "import skirmish, skirmish_cli; print(skirmish.__file__, skirmish_cli.__file__)",
                env=env, cwd=tmp_path).stdout
    assert str(ROOT) not in where


def test_editable_install_is_what_tests_run_against() -> None:
    import skirmish

    assert Path(skirmish.__file__).is_relative_to(ROOT / "core" / "src")
