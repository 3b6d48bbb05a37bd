"""``skirmish svg SAVE`` and ``play --svg-dir``: pictures from any ruleset's presentation, bad input as one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import assert_one_error, invoke, lines


@pytest.fixture
def saved(tiny_env: Path) -> Path:
    result = invoke("play", "tiny", "--seed", "3", "--save", "g.toml", input=lines("push", "dice=2", "quit"))
    assert result.exit_code == 0, result.output
    return tiny_env / "g.toml"


def test_svg_writes_the_picture_next_to_the_save(saved: Path) -> None:
    result = invoke("svg", str(saved))
    assert result.exit_code == 0, result.output
    picture = saved.with_suffix(".svg").read_text()
    assert picture.startswith("<svg") and "<rect" in picture


def test_svg_to_standard_output_and_as_a_player_hides_the_others_secrets(saved: Path) -> None:
    everything = invoke("svg", str(saved), "-o", "-").output
    as_p1 = invoke("svg", str(saved), "-o", "-", "--as", "red").output
    assert everything.startswith("<svg") and as_p1.startswith("<svg")
    assert "blue ?" in as_p1 and "blue ?" not in everything and "red 2" in as_p1


def test_svg_bad_input_is_one_error_line(saved: Path, tiny_env: Path) -> None:
    assert "no save file" in assert_one_error(invoke("svg", "missing.toml"))
    assert "no player 'nobody'" in assert_one_error(invoke("svg", str(saved), "--as", "nobody"))
    before = saved.read_bytes()
    assert "over the save file" in assert_one_error(invoke("svg", str(saved), "-o", str(saved)))
    assert saved.read_bytes() == before
    (tiny_env / "folder").mkdir()
    assert "is a directory" in assert_one_error(invoke("svg", str(saved), "-o", str(tiny_env / "folder")))
    assert "cannot write" in assert_one_error(invoke("svg", str(saved), "-o", str(tiny_env / "no" / "p.svg")))


def test_svg_of_a_ruleset_without_pictures_says_so(tiny_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,tiny_arena")
    result = invoke("play", "arena", "--players", "random,random", "--seed", "1", "--save", "a.toml")
    assert result.exit_code == 0, result.output
    assert "draws no pictures" in assert_one_error(invoke("svg", "a.toml"))
    refused = invoke("play", "arena", "--players", "random,random", "--seed", "1", "--svg-dir", "pics")
    assert "draws no pictures" in assert_one_error(refused)
    assert not (tiny_env / "pics").exists() or not any((tiny_env / "pics").iterdir())


def test_play_svg_dir_draws_after_every_answer_that_changes_the_picture(tiny_env: Path) -> None:
    result = invoke("play", "tiny", "--players", "ai,ai", "--seed", "5", "--svg-dir", "pics")
    assert result.exit_code == 0, result.output
    pictures = sorted(p.name for p in (tiny_env / "pics").iterdir())
    numbered = [p for p in pictures if p != "latest.svg"]
    assert "latest.svg" in pictures and len(numbered) >= 2 and numbered[0] == "0001.svg"
    texts = [(tiny_env / "pics" / p).read_text() for p in numbered]
    assert all(a != b for a, b in zip(texts, texts[1:], strict=False))  # only changes are drawn
    assert (tiny_env / "pics" / "latest.svg").read_text() == texts[-1]


def test_resume_svg_dir_carries_on_the_numbering(saved: Path, tiny_env: Path) -> None:
    (tiny_env / "pics").mkdir()
    (tiny_env / "pics" / "0007.svg").write_text("<svg/>")
    result = invoke("resume", str(saved), "--svg-dir", "pics", input=lines("quit"))
    assert result.exit_code == 0, result.output
    assert (tiny_env / "pics" / "0008.svg").exists()


def test_svg_dir_that_is_a_file_is_one_error_line(tiny_env: Path) -> None:
    (tiny_env / "pics").write_text("not a folder")
    result = invoke("play", "tiny", "--players", "ai,ai", "--seed", "5", "--svg-dir", "pics")
    assert_one_error(result)


def test_svg_dir_draws_the_first_picture_once(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from skirmish_cli.pictures import Pictures

    calls: list[int] = []

    def present(game: object, viewer: object) -> SimpleNamespace:
        calls.append(game.decisions)  # type: ignore[attr-defined]
        return SimpleNamespace(svg=f"<svg>{game.decisions}</svg>")  # type: ignore[attr-defined]

    game = SimpleNamespace(ruleset=SimpleNamespace(present=present, title="T", name="t"), decisions=0, pending=None)
    pictures = Pictures(tmp_path / "pics")
    pictures.check(game)  # type: ignore[arg-type]
    assert pictures.draw(game) == tmp_path / "pics" / "0001.svg" and calls == [0]  # type: ignore[arg-type]
    game.decisions = 1
    assert pictures.draw(game) == tmp_path / "pics" / "0002.svg" and calls == [0, 1]  # type: ignore[arg-type]
    assert (tmp_path / "pics" / "latest.svg").read_text() == "<svg>1</svg>"
