"""Finding plugins without importlib.metadata: same answers, first distribution of a name wins, safe fallback."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from skirmish.entry_points import _standard, entry_points


def dist(where: Path, name: str, version: str, entry_points_txt: str | None) -> None:
    info = where / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n\nA long description.\n")
    if entry_points_txt is not None:
        (info / "entry_points.txt").write_text(entry_points_txt)


def test_reads_the_group_of_every_distribution_on_the_path(tmp_path):
    dist(tmp_path, "my-game", "1.2", "[console_scripts]\nmy = my:main\n\n[skirmish]\nmy-game = my_game.plugin\n"
                                     "other = my_game.other:thing [extra]\n")
    dist(tmp_path, "no-plugins", "3.0", None)
    found = entry_points("skirmish", [str(tmp_path)])
    assert [(e.name, e.value, e.dist_name, e.dist_version) for e in found] == [
        ("my-game", "my_game.plugin", "my-game", "1.2"), ("other", "my_game.other:thing", "my-game", "1.2")]


def test_the_first_distribution_of_a_name_on_the_path_wins(tmp_path):
    dist(tmp_path / "a", "my-game", "2.0", "[skirmish]\nnew = my_game.new\n")
    dist(tmp_path / "b", "My_Game", "1.0", "[skirmish]\nold = my_game.old\n")
    assert [e.name for e in entry_points("skirmish", [str(tmp_path / "a"), str(tmp_path / "b")])] == ["new"]


def test_a_first_distribution_without_plugins_still_hides_a_later_one_of_its_name(tmp_path, monkeypatch):
    """Only distributions with entry points of the group have their metadata read; the others are known by
    their folder's name, and the first of a name still wins."""
    import skirmish.entry_points as module

    dist(tmp_path / "a", "my-game", "2.0", "[console_scripts]\nmy = my:main\n")
    dist(tmp_path / "b", "My_Game", "1.0", "[skirmish]\nold = my_game.old\n")
    dist(tmp_path / "b", "other", "1.0", "[skirmish]\nother = other.plugin\n")
    read: list[str] = []
    identity = module._identity
    monkeypatch.setattr(module, "_identity", lambda info, folder: read.append(folder) or identity(info, folder))
    found = entry_points("skirmish", [str(tmp_path / "a"), str(tmp_path / "b")])
    assert [(e.name, e.dist_name, e.dist_version) for e in found] == [("other", "other", "1.0")]
    assert [Path(f).name for f in read] == ["other-1.0.dist-info"]


def egg_info(where: Path, folder: str, name: str, version: str, entry_points_txt: str | None) -> None:
    info = where / folder
    info.mkdir(parents=True)
    (info / "PKG-INFO").write_text(f"Metadata-Version: 1.1\nName: {name}\nVersion: {version}\n\nText.\n")
    if entry_points_txt is not None:
        (info / "entry_points.txt").write_text(entry_points_txt)


def described(found):
    return sorted((e.name, e.value, e.dist_name, e.dist_version) for e in found)


def test_egg_metadata_is_read_directly_and_agrees_with_the_standard_reader(tmp_path, monkeypatch):
    import skirmish.entry_points as module

    egg_info(tmp_path / "site", "old_game-0.9-py3.11.egg-info", "old-game", "0.9",
             "[skirmish]\nold = old_game.plugin\n")
    (tmp_path / "site" / "ancient-1.0-py3.11.egg-info").write_text("Metadata-Version: 1.0\nName: ancient\n"
                                                                   "Version: 1.0\n")  # a file: no entry points
    dist(tmp_path / "site", "new-game", "2.0", "[skirmish]\nnew = new_game.plugin\n")
    egg_info(tmp_path / "unzipped-3.0-py3.11.egg", "EGG-INFO", "unzipped", "3.0", "[skirmish]\negg = unzipped.plugin\n")
    entries = [str(tmp_path / "site"), str(tmp_path / "unzipped-3.0-py3.11.egg")]
    standard = described(module._standard("skirmish", entries))
    monkeypatch.setattr(module, "_standard", lambda group, entries: pytest.fail("fell back"))
    fast = described(entry_points("skirmish", entries))
    assert fast == standard == [("egg", "unzipped.plugin", "unzipped", "3.0"),
                                ("new", "new_game.plugin", "new-game", "2.0"),
                                ("old", "old_game.plugin", "old-game", "0.9")]


def test_a_zip_on_the_path_uses_the_standard_reader(tmp_path, monkeypatch):
    import skirmish.entry_points as module

    calls = []
    monkeypatch.setattr(module, "_standard", lambda group, entries: calls.append(entries) or [])
    zipped = tmp_path / "plugins.zip"
    zipped.write_bytes(b"PK")
    entry_points("skirmish", [str(tmp_path / "missing"), str(zipped)])
    assert calls == [[str(tmp_path / "missing"), str(zipped)]]


def test_agrees_with_importlib_metadata_on_this_installation():
    for group in ("skirmish", "console_scripts"):
        fast = sorted((e.name, e.value, e.dist_name, e.dist_version) for e in entry_points(group))
        standard = sorted((e.name, e.value, e.dist_name, e.dist_version) for e in _standard(group, sys.path))
        assert fast == standard and (group != "skirmish" or fast)


def test_load_imports_the_named_object():
    from skirmish.entry_points import EntryPoint

    assert EntryPoint("x", "skirmish.specs:RulesetSpec", "d", "1").load().__name__ == "RulesetSpec"


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SKIRMISH_CACHE_DIR", str(folder))
    monkeypatch.delenv("SKIRMISH_CACHE", raising=False)
    return folder


def names(where: Path) -> list[str]:
    return [e.name for e in entry_points("skirmish", [str(where)])]


def test_a_second_listing_is_answered_from_the_cache(tmp_path, cache, monkeypatch):
    dist(tmp_path / "site", "my-game", "1.0", "[skirmish]\nmine = my_game.plugin\n")
    assert names(tmp_path / "site") == ["mine"]
    assert list(cache.glob("entry-points-*"))

    def no_scan(*args):
        raise AssertionError("scanned although nothing changed")

    monkeypatch.setattr("skirmish.entry_points._scan", no_scan)
    assert names(tmp_path / "site") == ["mine"]


def test_a_distribution_installed_after_the_listing_is_found(tmp_path, cache):
    dist(tmp_path / "site", "my-game", "1.0", "[skirmish]\nmine = my_game.plugin\n")
    assert names(tmp_path / "site") == ["mine"]
    dist(tmp_path / "site", "their-game", "2.0", "[skirmish]\ntheirs = their_game.plugin\n")
    later = (tmp_path / "site").stat().st_mtime_ns + 1_000_000_000  # an install comes later than a coarse clock tick
    os.utime(tmp_path / "site", ns=(later, later))
    assert names(tmp_path / "site") == ["mine", "theirs"]


def test_an_entry_points_file_changed_in_place_is_read_again(tmp_path, cache):
    dist(tmp_path / "site", "my-game", "1.0", "[skirmish]\nmine = my_game.plugin\n")
    assert names(tmp_path / "site") == ["mine"]
    listing = tmp_path / "site" / "my_game-1.0.dist-info" / "entry_points.txt"
    listing.write_text("[skirmish]\nrenamed = my_game.plugin\n")
    stamp = listing.stat().st_mtime_ns + 1_000_000_000  # a coarse clock could give the same time
    os.utime(listing, ns=(stamp, stamp))
    assert names(tmp_path / "site") == ["renamed"]


def test_a_damaged_cache_file_is_ignored_and_replaced(tmp_path, cache):
    dist(tmp_path / "site", "my-game", "1.0", "[skirmish]\nmine = my_game.plugin\n")
    assert names(tmp_path / "site") == ["mine"]
    (kept,) = cache.glob("entry-points-*")
    kept.write_bytes(b"\x00not marshal")
    assert names(tmp_path / "site") == ["mine"]
    assert names(tmp_path / "site") == ["mine"]


def test_no_cache_file_when_caching_is_off(tmp_path, cache, monkeypatch):
    monkeypatch.setenv("SKIRMISH_CACHE", "off")
    dist(tmp_path / "site", "my-game", "1.0", "[skirmish]\nmine = my_game.plugin\n")
    assert names(tmp_path / "site") == ["mine"]
    assert not cache.exists()
