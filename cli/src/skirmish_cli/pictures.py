"""``--svg-dir``: an SVG picture of the game written whenever it changes, numbered, plus ``latest.svg``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from skirmish.errors import SkirmishError

if TYPE_CHECKING:
    from skirmish.engine import Game

_NUMBERED = re.compile(r"^(\d{4,})\.svg$")


class Pictures:
    """Writes ``DIR/0001.svg``, ``0002.svg``... each time the picture differs from the last, and ``latest.svg``.

    A resumed game carries on the numbering of the pictures already in the folder.
    """

    def __init__(self, folder: Path, viewer: str | None = None) -> None:
        self.folder = folder
        self.viewer = viewer
        self.last: str | None = None
        self._checked: tuple[int, object, str] | None = None  # the picture check() drew, and when
        if folder.exists() and not folder.is_dir():
            raise SkirmishError(f"--svg-dir: {folder} is a file, not a folder")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SkirmishError(f"--svg-dir: cannot make the folder {folder}: {exc.strerror or exc}") from None
        numbers = [int(m.group(1)) for p in folder.iterdir() if (m := _NUMBERED.match(p.name))]
        self.next = max(numbers, default=0) + 1

    def check(self, game: Game) -> None:
        """Refuse, before the game starts, a ruleset that draws no pictures."""
        text = game.ruleset.present(game, self.viewer).svg
        if text is None:
            raise SkirmishError(f"--svg-dir: {game.ruleset.title or game.ruleset.name} draws no pictures")
        self._checked = (game.decisions, game.pending, text)

    def draw(self, game: Game) -> Path | None:
        """Write the picture of ``game`` now if it changed; the file written, or ``None``."""
        checked, self._checked = self._checked, None
        if checked is not None and checked[:2] == (game.decisions, game.pending):
            text: str | None = checked[2]  # nothing was answered since check() drew it
        else:
            text = game.ruleset.present(game, self.viewer).svg
        if text is None or text == self.last:
            return None
        self.last = text
        target = self.folder / f"{self.next:04d}.svg"
        try:
            target.write_text(text, encoding="utf-8")
            (self.folder / "latest.svg").write_text(text, encoding="utf-8")
        except OSError as exc:
            raise SkirmishError(f"--svg-dir: cannot write {target}: {exc.strerror or exc}") from None
        self.next += 1
        return target
