"""What start-up keeps between runs (issue 24): attrs' generated code and built content, in the cache folder.

The real commands run with ``SKIRMISH_CACHE_DIR`` in a fresh folder and bytecode writing allowed; a kept file
must give the same output as none, a corrupt one is rebuilt, and changed content is never answered from the cache.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import SKIRMISH

ODDS = ["odds", "chob-noggoth", "brawler-strikes-skirmisher"]


def _env(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "SKIRMISH_PLUGINS")}
    env["SKIRMISH_CACHE_DIR"] = str(cache)
    return env


def _skirmish(cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SKIRMISH), *args], capture_output=True, text=True, env=_env(cache), timeout=120)


def test_odds_kept_content_and_code_give_the_same_answer_as_none(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = _skirmish(cache, *ODDS)
    assert first.returncode == 0, first.stderr
    kept = sorted(p.name for p in cache.iterdir())
    assert any(n.startswith("content-") for n in kept), kept
    assert any(n.startswith("generated-code.") for n in kept), kept
    again = _skirmish(cache, *ODDS)
    assert (again.returncode, again.stdout, again.stderr) == (0, first.stdout, first.stderr)
    assert sorted(p.name for p in cache.iterdir()) == kept  # nothing new was built


def test_a_corrupt_cache_is_rebuilt_and_the_command_answers_the_same(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = _skirmish(cache, *ODDS)
    for path in cache.iterdir():
        path.write_bytes(b"\x00not a pickle or marshal\xff" * 3)
    again = _skirmish(cache, *ODDS)
    assert (again.returncode, again.stdout, again.stderr) == (0, first.stdout, first.stderr)
    content = next(p for p in cache.iterdir() if p.name.startswith("content-"))
    assert pickle.loads(content.read_bytes()) is not None  # replaced by a good file


def test_play_to_the_end_with_a_warm_cache_is_the_same_game(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    args = ("play", "chob-noggoth", "--players", "random,random", "--seed", "4", "--save", str(tmp_path / "g.toml"),
            "--overwrite")
    cold = _skirmish(cache, *args)
    warm = _skirmish(cache, *args)
    assert cold.returncode == 0, cold.stderr
    assert warm.stdout == cold.stdout


def test_changed_content_is_built_afresh_not_read_from_the_cache(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    from skirmish_chob_noggoth.content import load_content

    monkeypatch.setenv("SKIRMISH_CACHE_DIR", str(tmp_path / "cache"))
    plain = load_content()

    def wider(raw: dict[str, Any]) -> None:
        raw["table"]["width"] = plain.table.width + 12

    assert load_content(wider).table.width == plain.table.width + 12
    assert load_content().table == plain.table
    assert len(list((tmp_path / "cache").glob("content-*.pickle"))) == 2


def test_changed_code_is_built_afresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from skirmish import content

    monkeypatch.setenv("SKIRMISH_CACHE_DIR", str(tmp_path / "cache"))
    built: list[int] = []

    def build(data: Any) -> dict[str, Any]:
        built.append(1)
        return dict(data)

    assert content.cached_build(build, {"a": 1}, kind="skirmish.Thing") == {"a": 1}
    assert content.cached_build(build, {"a": 1}, kind="skirmish.Thing") == {"a": 1}
    assert content.cached_build(build, {"a": 2}, kind="skirmish.Thing") == {"a": 2}
    assert len(built) == 2
    monkeypatch.setitem(content._stamps, "skirmish", ["skirmish", [["engine.py", 1, 2]]])  # a module changed
    assert content.cached_build(build, {"a": 1}, kind="skirmish.Thing") == {"a": 1}
    assert len(built) == 3


def test_only_the_latest_built_contents_are_kept(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from skirmish import content

    monkeypatch.setenv("SKIRMISH_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(content, "MAX_KEPT", 3)
    for n in range(6):
        content.cached_build(dict, {"n": n}, kind="skirmish.Thing")
        time.sleep(0.03)  # file times are coarse (a clock tick): each write its own
    assert len(list((tmp_path / "cache").glob("content-*.pickle"))) == 3
    built: list[int] = []
    content.cached_build(lambda d: built.append(1) or dict(d), {"n": 5}, kind="skirmish.Thing")
    assert built == []  # the latest is still kept


def test_cache_off_writes_nothing(tmp_path: Path) -> None:
    env = _env(tmp_path / "cache")
    env["SKIRMISH_CACHE"] = "off"
    out = subprocess.run([str(SKIRMISH), *ODDS], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert not (tmp_path / "cache").exists()


KEPT_HASH = """
import attr, attrs, skirmish
@attrs.frozen
class Pair:
    a: int
    b: str
salt = hash(attr._make._generate_unique_filename(Pair, "hash"))
print(salt in Pair.__hash__.__code__.co_consts, hash(Pair(1, "x")) == hash((salt, 1, "x")))
"""


def test_kept_attrs_hash_code_takes_this_processs_salt(tmp_path: Path) -> None:
    """attrs salts ``__hash__`` with a per-process hash of the class's name: kept code gets this process's."""
    outs = []
    for seed in ("1", "2"):
        env = dict(_env(tmp_path / "cache"), PYTHONHASHSEED=seed)
        out = subprocess.run([sys.executable, "-c", KEPT_HASH], capture_output=True, text=True, env=env, timeout=60)
        outs.append(out.stdout.strip())
    assert outs == ["True True", "True True"]
    assert list((tmp_path / "cache").glob("generated-code.*"))
