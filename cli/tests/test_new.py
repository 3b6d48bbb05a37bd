"""`skirmish new-ruleset` and `skirmish new-house-rules`: the files they write, their errors, and (slow) that
each scaffold, installed, passes its own tests at once."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest
from cli_helpers import assert_one_error, invoke

ROOT = Path(__file__).resolve().parents[2]


def test_new_ruleset_writes_a_package_with_every_piece(tmp_path: Path) -> None:
    out = invoke("new-ruleset", "pig-race")
    assert out.exit_code == 0, out.output
    pkg = tmp_path / "pig-race"
    assert f"wrote 14 files to {pkg}" in out.output
    meta = tomllib.loads((pkg / "pyproject.toml").read_text())
    assert meta["project"]["name"] == "skirmish-pig-race"
    assert meta["project"]["entry-points"]["skirmish"] == {"pig-race": "skirmish_pig_race.plugin"}
    assert meta["project"]["dependencies"] == ["skirmish-core>=0.1.0"]
    src = pkg / "src" / "skirmish_pig_race"
    for name in ("plugin.py", "rules.py", "state.py", "content.py", "ai.py", "data/content.toml"):
        assert (src / name).is_file(), name
    for name in ("README.md", "RULINGS.md", "tests/test_rules.py", "tests/test_conformance.py"):
        assert (pkg / name).is_file(), name
    plugin = (src / "plugin.py").read_text()
    assert 'Lazy("skirmish_pig_race.rules:PigRace")' in plugin and 'Lazy("skirmish_pig_race.ai:FighterAI")' in plugin
    assert "class PigRace(Ruleset)" in (src / "rules.py").read_text()
    assert 'conformance_suite("pig-race"' in (pkg / "tests/test_conformance.py").read_text()
    assert "extend_content(raw_content())" in (src / "rules.py").read_text()
    tomllib.loads((src / "data/content.toml").read_text())
    for path in pkg.rglob("*"):
        if path.is_file():
            text = path.read_text()
            assert "{{" not in text or path.suffix == ".py", path  # every placeholder filled
            if path.suffix == ".py":
                compile(text, str(path), "exec")


def test_the_scaffolds_are_ruff_clean_even_with_the_longest_name(tmp_path: Path) -> None:
    pytest.importorskip("ruff")
    longest = "abcdefgh-klmnopq-stuvwxy"  # 24 characters
    assert invoke("new-ruleset", "pig-race").exit_code == 0
    assert invoke("new-ruleset", longest).exit_code == 0
    assert invoke("new-house-rules", "tiny", "tiny-house").exit_code == 0
    assert invoke("new-house-rules", "tiny", longest, "--dir", "plain").exit_code == 0
    assert invoke("new-house-rules", "tiny", longest, "--variant", "--dir", "variant").exit_code == 0
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--config",
                          str(ROOT / "pyproject.toml"), "."], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_dir_puts_the_package_where_asked(tmp_path: Path) -> None:
    out = invoke("new-ruleset", "pig-race", "--dir", "elsewhere/pigs")
    assert out.exit_code == 0, out.output
    assert (tmp_path / "elsewhere/pigs/src/skirmish_pig_race/rules.py").is_file()


@pytest.mark.parametrize("name", ["Pig", "pig_race", "9lives", "pig--race", "pig-", "a" * 25, "pig race",
                                  "skirmish", "skirmish-core"])
def test_a_bad_name_is_one_line(tmp_path: Path, name: str) -> None:
    line = assert_one_error(invoke("new-ruleset", name), 1)
    assert f"bad name '{name}'" in line
    assert not any(tmp_path.iterdir()) or list(tmp_path.iterdir()) == [tmp_path / "data"]


def test_an_existing_directory_is_refused_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / "pig-race").mkdir()
    (tmp_path / "pig-race" / "mine.txt").write_text("keep me")
    line = assert_one_error(invoke("new-ruleset", "pig-race"), 1)
    assert "already exists and is not empty" in line
    assert [p.name for p in (tmp_path / "pig-race").iterdir()] == ["mine.txt"]
    (tmp_path / "a-file").write_text("")
    assert "is a file" in assert_one_error(invoke("new-ruleset", "pig-race", "--dir", "a-file"), 2)


def test_an_empty_directory_is_filled(tmp_path: Path) -> None:
    (tmp_path / "pig-race").mkdir()
    assert invoke("new-ruleset", "pig-race").exit_code == 0


def test_the_name_of_an_installed_ruleset_is_refused() -> None:
    line = assert_one_error(invoke("new-ruleset", "tiny"), 1)
    assert "a ruleset named 'tiny' is installed already" in line


def test_the_id_of_an_installed_plugin_is_refused() -> None:
    from skirmish import Registry

    if not Registry().pm.has_plugin("chob-house-rules"):
        pytest.skip("the chob-house-rules example plugin is not installed")
    line = assert_one_error(invoke("new-ruleset", "chob-house-rules"), 1)
    assert "a plugin named 'chob-house-rules' is installed already" in line


def test_new_house_rules_scopes_the_plugin_and_starts_from_a_printed_number(tmp_path: Path) -> None:
    out = invoke("new-house-rules", "tiny", "tiny-house")
    assert out.exit_code == 0, out.output
    pkg = tmp_path / "tiny-house"
    src = pkg / "src" / "skirmish_tiny_house"
    plugin = (src / "plugin.py").read_text()
    assert 'skirmish_rulesets = ("tiny",)' in plugin
    for hook in ("skirmish_extend_content", "skirmish_event", "skirmish_simulate_figures"):
        assert f"def {hook}(" in plugin
    house = tomllib.loads((src / "data/house.toml").read_text())
    meta = tomllib.loads((pkg / "pyproject.toml").read_text())
    assert meta["project"]["entry-points"]["skirmish"] == {"tiny-house": "skirmish_tiny_house.plugin"}
    assert set(house) == {"change"}
    assert "game.stash.setdefault(PLUGIN_ID" in (src / "tally.py").read_text()


def test_new_house_rules_for_a_ruleset_with_content_names_a_value_that_exists(tmp_path: Path) -> None:
    from skirmish_cli.cmd_new import printed_content

    if "tavern-brawl" not in __import__("skirmish").Registry().rulesets:
        pytest.skip("the tavern-brawl example plugin is not installed")
    out = invoke("new-house-rules", "tavern-brawl", "bar-rules")
    assert out.exit_code == 0, out.output
    [change] = tomllib.loads((tmp_path / "bar-rules/src/skirmish_bar_rules/data/house.toml").read_text())["change"]
    content = printed_content("tavern-brawl")
    for key in change["path"].split("."):
        content = content[key]
    assert content == change["value"]
    meta = tomllib.loads((tmp_path / "bar-rules/pyproject.toml").read_text())
    assert "skirmish-tavern-brawl" in meta["project"]["dependencies"]


def test_new_house_rules_variant_registers_the_printed_ruleset_renamed(tmp_path: Path) -> None:
    out = invoke("new-house-rules", "tiny", "tiny-house", "--variant")
    assert out.exit_code == 0, out.output
    src = tmp_path / "tiny-house" / "src" / "skirmish_tiny_house"
    plugin = (src / "plugin.py").read_text()
    assert 'VARIANT = "tiny-house"' in plugin and "skirmish_rulesets = (VARIANT,)" in plugin
    assert 'Lazy("skirmish_tiny_house.variant:Variant")' in plugin
    variant = (src / "variant.py").read_text()
    assert "from tiny_ruleset import TinyRuleset as Printed" in variant and 'name = "tiny-house"' in variant
    assert (tmp_path / "tiny-house/tests/test_variant.py").is_file()
    assert "plays as printed" in (tmp_path / "tiny-house/README.md").read_text()


@pytest.mark.parametrize(("args", "message"), [
    (("nope", "my-house"), "no ruleset named 'nope'"),
    (("tiny", "My House"), "bad name 'My House'"),
    (("tiny", "tiny", "--variant"), "a ruleset named 'tiny' is installed already"),
])
def test_new_house_rules_errors_are_one_line(args: tuple[str, str], message: str) -> None:
    assert message in assert_one_error(invoke("new-house-rules", *args), 1)


def test_help_lists_both_commands() -> None:
    out = invoke("--help")
    assert "new-ruleset" in out.output and "new-house-rules" in out.output


def test_the_templates_are_in_the_cli_wheel(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w",
                    str(tmp_path), str(ROOT / "cli")], check=True, capture_output=True, timeout=300)
    [wheel] = tmp_path.glob("skirmish_cli-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    shipped = {n.removeprefix("skirmish_cli/templates/") for n in names if n.startswith("skirmish_cli/templates/")}
    source = ROOT / "cli/src/skirmish_cli/templates"
    wanted = {str(p.relative_to(source)) for p in source.rglob("*.tmpl")} | {"__init__.py"}
    assert wanted <= shipped and "ruleset/src/__module__/rules.py.tmpl" in shipped


# -- installed: the scaffold passes its own tests --------------------------------------------------------


def install_and_test(package: Path, venv: Path) -> subprocess.CompletedProcess[str]:
    """Install ``package`` (no dependencies) into a throwaway venv that sees this environment's packages, then
    run its tests there in a subprocess."""
    parent = sysconfig.get_paths()["purelib"]
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "_skirmish_parent.pth").write_text(f"import site; site.addsitedir({parent!r})\n")
    wheels = venv / "wheels"
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w",
                           str(wheels), str(package)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps",
                           *map(str, wheels.glob("*.whl"))], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    env = {k: v for k, v in os.environ.items() if k not in ("SKIRMISH_PLUGINS", "PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(py), "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider",
                           "-p", "no:xdist"], cwd=package, capture_output=True, text=True, timeout=600, env=env)


@pytest.mark.slow
def test_a_new_ruleset_passes_its_own_tests_once_installed(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    assert invoke("new-ruleset", "pig-race").exit_code == 0
    out = install_and_test(tmp_path / "pig-race", tmp_path / "venv")
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert " passed" in out.stdout and "failed" not in out.stdout and "skipped" not in out.stdout


@pytest.mark.slow
@pytest.mark.parametrize("variant", [(), ("--variant",)], ids=["scoped", "variant"])
def test_new_house_rules_pass_their_own_tests_once_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             variant: tuple[str, ...]) -> None:
    pytest.importorskip("hatchling")
    monkeypatch.delenv("SKIRMISH_PLUGINS")
    if "tavern-brawl" not in __import__("skirmish").Registry().rulesets:
        pytest.skip("the tavern-brawl example plugin is not installed")
    assert invoke("new-house-rules", "tavern-brawl", "bar-rules", *variant).exit_code == 0
    out = install_and_test(tmp_path / "bar-rules", tmp_path / "venv")
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert " passed" in out.stdout and "failed" not in out.stdout
