"""Study record files: kept games read back exactly, a cut-short last line dropped and repaired, resumed runs
play only missing seeds, files of one study merged, anything else refused with one clear error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish import Registry, SkirmishError
from skirmish.studies import balance as balance_module
from skirmish.studies import records

HEAD = records.header("balance", "chob-noggoth", "0.1.0", None)


def row(seed: int, outcome: str | None = "win") -> dict:
    return {"seed": seed, "first": {"type hunter": 1}, "first_cost": 20.0, "second": {"type mage": 1},
            "second_cost": 20.0, "outcome": outcome}


features = st.dictionaries(st.text(min_size=1, max_size=12), st.integers(0, 9) | st.floats(-1e6, 1e6), max_size=6)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(features, features, st.sampled_from(["win", "draw", "loss", None])), max_size=8))
def test_kept_games_read_back_exactly(tmp_path_factory, games) -> None:
    path = tmp_path_factory.mktemp("rec") / "study.jsonl"
    rows = [{"seed": i, "first": a, "first_cost": 1.5, "second": b, "second_cost": 2.0, "outcome": o}
            for i, (a, b, o) in enumerate(games)]
    records.RecordFile(path, HEAD).add(rows)
    head, kept, _ = records.read(path, HEAD)
    assert head == HEAD and kept == {r["seed"]: r for r in rows}


def test_a_cut_short_last_line_is_dropped_and_the_file_repaired(tmp_path: Path) -> None:
    path = tmp_path / "study.jsonl"
    records.RecordFile(path, HEAD).add([row(0), row(1)])
    with path.open("a") as handle:
        handle.write('{"seed": 2, "fir')  # killed while writing
    again = records.RecordFile(path, HEAD)
    assert list(again.seeds) == [0, 1] and list(again.missing(range(4))) == [2, 3]
    again.add([row(2)])
    assert sorted(records.read(path, HEAD)[1]) == [0, 1, 2]


def test_another_study_or_a_broken_file_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "study.jsonl"
    records.RecordFile(path, HEAD).add([row(0)])
    other = records.header("balance", "hobgoblin", "0.2.0", None)
    with pytest.raises(SkirmishError, match="holds games of another study"):
        records.RecordFile(path, other)
    (tmp_path / "junk.jsonl").write_text("hello\n")
    with pytest.raises(SkirmishError, match="not a study record"):
        records.read(tmp_path / "junk.jsonl")
    (tmp_path / "bad.jsonl").write_text(json.dumps(HEAD) + "\n[1, 2]\n")
    with pytest.raises(SkirmishError, match="line 2: not a game row"):
        records.read(tmp_path / "bad.jsonl")
    with pytest.raises(SkirmishError, match="no record file"):
        records.read(tmp_path / "missing.jsonl")


def test_files_of_one_study_merge_and_disagreeing_seeds_are_refused(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    records.RecordFile(a, HEAD).add([row(0), row(2)])
    records.RecordFile(b, HEAD).add([row(1), row(2)])
    head, rows = records.merge([a, b])
    assert head == HEAD and [r["seed"] for r in rows] == [0, 1, 2]
    records.RecordFile(c, HEAD).add([row(2, "loss")])
    with pytest.raises(SkirmishError, match="seed 2 was played differently"):
        records.merge([a, c])


def test_a_resumed_balance_plays_only_the_seeds_it_lacks_and_estimates_the_same(tmp_path, monkeypatch) -> None:
    registry = Registry()
    played: list[int] = []
    real = balance_module.play_rows

    def counting(reg, ruleset, seeds, max_decisions=None):
        played.extend(seeds)
        return real(reg, ruleset, seeds, max_decisions)

    monkeypatch.setattr(balance_module, "play_rows", counting)
    path = tmp_path / "study.jsonl"
    balance_module.balance(registry, "chob-noggoth", 3, record=path)
    assert played == [0, 1, 2]
    resumed = balance_module.balance(registry, "chob-noggoth", 5, record=path)
    assert played == [0, 1, 2, 2, 3, 4]  # the last kept seed again first: is it the same code?
    assert resumed["record"] == {"file": str(path), "played_now": 2, "kept_before": 3}
    direct = balance_module.balance(registry, "chob-noggoth", 5)
    merged = balance_module.balance_from([path])
    assert resumed["features"] == direct["features"] == merged["features"]


def test_a_record_of_other_code_is_not_added_to(tmp_path) -> None:
    registry = Registry()
    path = tmp_path / "study.jsonl"
    balance_module.balance(registry, "chob-noggoth", 2, record=path)
    head, rows, _ = records.read(path)
    rows[1]["outcome"] = "draw" if rows[1]["outcome"] != "draw" else "win"  # as if the AI had changed since
    path.write_text("".join(json.dumps(x) + "\n" for x in [head, *rows.values()]))
    with pytest.raises(SkirmishError, match="seed 1 now plays differently"):
        balance_module.balance(registry, "chob-noggoth", 3, record=path)
    assert len(records.read(path)[1]) == 2  # nothing added


def test_a_balance_record_keeps_the_model_notes_and_reading_it_shows_them(tmp_path) -> None:
    registry = Registry()
    path = tmp_path / "study.jsonl"
    notes = balance_module.model_notes(balance_module.balance_model(registry, "chob-noggoth"))
    assert notes and balance_module.balance(registry, "chob-noggoth", 2, record=path)["notes"] == notes
    head, _, _ = records.read(path)
    assert head["notes"] == notes
    read = balance_module.balance_from([path])
    assert read["notes"] == notes and notes[0] in balance_module.text(read)
    head.pop("notes")  # a file made before notes were kept: read, without notes
    lines = path.read_text().splitlines()
    path.write_text("".join(x + "\n" for x in [json.dumps(head), *lines[1:]]))
    assert balance_module.balance_from([path])["notes"] == []


def test_a_fifo_a_device_or_an_endless_line_is_refused_at_once(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero")):
        with pytest.raises(SkirmishError, match="not a regular file"):
            list(records.scan(path))
    long = tmp_path / "long.jsonl"
    long.write_bytes(b"x" * (records.MAX_LINE + 10))
    with pytest.raises(SkirmishError, match="line 1: longer than"):
        list(records.scan(long))
