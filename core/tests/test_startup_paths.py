"""What a new game's first prompt no longer pays for (issue 24): parsed content files kept, small hash modules,
dataclasses' generated code kept, the save's temporary file written without :mod:`tempfile`."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skirmish import SetupError, blake2b, codecache, sha256
from skirmish.content import packaged_toml


@pytest.fixture
def cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SKIRMISH_CACHE_DIR", str(folder))
    monkeypatch.delenv("SKIRMISH_CACHE", raising=False)
    return folder


def _kept(folder: Path) -> list[Path]:
    return sorted(folder.glob("toml-*.marshal")) if folder.exists() else []


def test_a_packaged_file_is_parsed_once_and_read_back_as_fresh_tables(cache: Path, tmp_path: Path) -> None:
    src = tmp_path / "rules.toml"
    src.write_text("[move]\ninches = 6\nnames = ['a', 'b']\n")
    first = packaged_toml(str(src), "test rules")
    assert first == {"move": {"inches": 6, "names": ["a", "b"]}}
    assert len(_kept(cache)) == 1
    first["move"]["inches"] = 99  # a caller changes its tables...
    again = packaged_toml(str(src), "test rules")
    assert again == {"move": {"inches": 6, "names": ["a", "b"]}}  # ...the next caller gets the file's
    assert again is not first


def test_a_changed_packaged_file_is_parsed_afresh(cache: Path, tmp_path: Path) -> None:
    src = tmp_path / "rules.toml"
    src.write_text("inches = 6\n")
    assert packaged_toml(str(src), "rules")["inches"] == 6
    src.write_text("inches = 12\n")
    os.utime(src, ns=(src.stat().st_atime_ns, src.stat().st_mtime_ns + 1_000_000))
    assert packaged_toml(str(src), "rules")["inches"] == 12


def test_a_damaged_kept_file_is_parsed_afresh_and_replaced(cache: Path, tmp_path: Path) -> None:
    src = tmp_path / "rules.toml"
    src.write_text("inches = 6\n")
    packaged_toml(str(src), "rules")
    (kept,) = _kept(cache)
    kept.write_bytes(b"\x00garbage\xff")
    assert packaged_toml(str(src), "rules") == {"inches": 6}
    assert kept.read_bytes() != b"\x00garbage\xff"


def test_tables_marshal_cannot_hold_are_parsed_each_time_and_not_kept(cache: Path, tmp_path: Path) -> None:
    src = tmp_path / "dated.toml"
    src.write_text("when = 2026-12-07\n")
    assert str(packaged_toml(str(src), "dated")["when"]) == "2026-12-07"
    assert _kept(cache) == []


def test_a_broken_packaged_file_is_one_setup_error_and_nothing_is_kept(cache: Path, tmp_path: Path) -> None:
    src = tmp_path / "broken.toml"
    src.write_text("inches = = 6\n")
    with pytest.raises(SetupError, match="built-in broken.toml is not valid TOML"):
        packaged_toml(str(src), "built-in broken.toml")
    assert _kept(cache) == []


def test_with_caching_off_nothing_is_kept(monkeypatch: pytest.MonkeyPatch, cache: Path, tmp_path: Path) -> None:
    monkeypatch.setenv("SKIRMISH_CACHE", "off")
    src = tmp_path / "rules.toml"
    src.write_text("inches = 6\n")
    assert packaged_toml(str(src), "rules") == {"inches": 6}
    assert not cache.exists()


@pytest.mark.parametrize("data", [b"", b"abc", "héllo".encode(), bytes(range(256)) * 50])
def test_the_small_hash_modules_give_hashlibs_digests(data: bytes) -> None:
    assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    assert blake2b(data).hexdigest() == hashlib.blake2b(data).hexdigest()


def test_dataclasses_generated_code_goes_through_the_cache() -> None:
    codecache.install()
    if not codecache._installed:
        pytest.skip("caching is off in this environment")
    assert dataclasses.exec is codecache.cached_exec  # type: ignore[attr-defined]

    @dataclasses.dataclass(frozen=True, slots=True)
    class Point:
        x: int
        y: int = 2

    p = Point(1)
    assert (p, repr(p), hash(p) == hash(Point(1, 2))) == (Point(1, 2), "test_dataclasses_generated_code_goes_through_"
                                                          "the_cache.<locals>.Point(x=1, y=2)", True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 3  # type: ignore[misc]


def test_a_dataclass_built_from_kept_code_behaves_as_one_built_afresh(tmp_path: Path) -> None:
    script = (
        "import skirmish, dataclasses\n"
        "@dataclasses.dataclass(frozen=True, order=True)\n"
        "class Die:\n    sides: int\n    count: int = 1\n"
        "print(Die(6) < Die(6, 2), Die(6, 2), hash(Die(6)) == hash(Die(6, 1)), dataclasses.replace(Die(6), count=3))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "SKIRMISH_CACHE")}
    env["SKIRMISH_CACHE_DIR"] = str(tmp_path)
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
            for _ in range(2)]
    assert runs[0].stdout == runs[1].stdout == "True Die(sides=6, count=2) True Die(sides=6, count=3)\n"
    assert list(tmp_path.glob("generated-code.*"))  # the first run kept the code the second used


def test_a_save_is_written_through_a_temporary_beside_it(tmp_path: Path) -> None:
    from skirmish.saves import _new_temporary, clear_stale_temporaries

    fd, name = _new_temporary(tmp_path, ".game.toml.", ".tmp")
    os.close(fd)
    assert Path(name).parent == tmp_path and Path(name).name.startswith(".game.toml.") and name.endswith(".tmp")
    assert oct(Path(name).stat().st_mode & 0o777) == oct(0o600)
    fd2, other = _new_temporary(tmp_path, ".game.toml.", ".tmp")
    os.close(fd2)
    assert other != name
    assert clear_stale_temporaries(tmp_path / "game.toml") == 2  # a killed write's leftovers are found again


@pytest.mark.parametrize("converter", [tuple, int, float, str, frozenset, list, len, sorted])
def test_attrs_reads_a_builtin_converter_as_having_no_annotations_without_parsing_it(converter: object) -> None:
    import inspect

    from attr import _compat

    codecache.install()
    if not codecache._installed:
        pytest.skip("caching is off in this environment")
    seen = _compat._AnnotationExtractor(converter)
    try:
        sig = inspect.signature(converter)  # what attrs would have read
        params = list(sig.parameters.values())
        first = params[0].annotation if params and params[0].annotation is not inspect.Parameter.empty else None
        ret = None if sig.return_annotation is inspect.Signature.empty else sig.return_annotation
    except (ValueError, TypeError):
        first = ret = None
    assert (seen.get_first_param_type(), seen.get_return_type()) == (first, ret) == (None, None)


def test_a_python_converters_annotations_are_still_read() -> None:
    import attrs

    def half(value: str) -> float:
        return float(value) / 2

    @attrs.define
    class Box:
        size: float = attrs.field(converter=half)

    assert Box("3").size == 1.5
    assert Box.__init__.__annotations__["size"] == "str"  # attrs took the converter's parameter type
