"""Save files: TOML holding format, ruleset and version, set-up, seed, answers and a state digest.

Loading a save replays it: the set-up and seed rebuild the game and every answer
is given again (and checked). Writing is atomic (a temporary file renamed over
the old one), so a crash mid-write never loses the previous save.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import tomli_w

from skirmish.errors import DiceError, IllegalAnswer, SaveError, SetupError

if TYPE_CHECKING:
    from skirmish.engine import Game
    from skirmish.ruleset import Ruleset

FORMAT_VERSION = 1


@attrs.define
class SaveFile:
    """The contents of a save file."""

    ruleset: str
    ruleset_version: str
    seed: int
    setup: dict[str, Any]
    answers: list[dict[str, Any]]
    digest: str
    agents: dict[str, str] = attrs.field(factory=dict)
    finished: bool = False
    format: int = FORMAT_VERSION

    @classmethod
    def of(cls, game: Game, agents: dict[str, str] | None = None) -> SaveFile:
        return cls(game.ruleset.name, game.ruleset.version, game.seed, game.setup, list(game.answers),
                   game.digest(), dict(agents or {}), game.over)

    def to_toml(self) -> str:
        data = {
            "format": self.format, "ruleset": self.ruleset, "ruleset_version": self.ruleset_version,
            "seed": self.seed, "digest": self.digest, "finished": self.finished,
            "agents": self.agents, "setup": self.setup, "answers": self.answers,
        }
        try:
            return tomli_w.dumps(data)
        except (TypeError, ValueError) as exc:
            raise SaveError(f"the game cannot be written as TOML: {exc}") from None


def write_save(save: SaveFile, path: str | Path) -> None:
    """Write ``save`` to ``path`` atomically."""
    path = Path(path)
    text = save.to_toml()
    directory = path.parent if str(path.parent) else Path(".")
    tmp = ""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        if tmp:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise SaveError(f"cannot write save file {path}: {exc.strerror or exc}") from None


def read_save(path: str | Path) -> SaveFile:
    """Read and check a save file; any problem is one :class:`SaveError` line."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"no save file at {path}") from None
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not a skirmish save file (not text)") from None
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(f"{path} is not a valid save file: {exc}") from None
    return parse_save(data, str(path))


_FIELDS: dict[str, type | tuple[type, ...]] = {
    "format": int, "ruleset": str, "ruleset_version": str, "seed": int, "setup": dict, "answers": list,
    "digest": str,
}


def parse_save(data: dict[str, Any], where: str = "save") -> SaveFile:
    for key, typ in _FIELDS.items():
        if key not in data:
            raise SaveError(f"{where} is not a skirmish save file (no '{key}')")
        if not isinstance(data[key], typ) or isinstance(data[key], bool):
            raise SaveError(f"{where}: '{key}' has the wrong type")
    if data["format"] > FORMAT_VERSION:
        raise SaveError(f"{where} uses save format {data['format']}; this skirmish reads up to {FORMAT_VERSION}")
    for i, answer in enumerate(data["answers"], 1):
        if not isinstance(answer, dict) or not ({"player", "value"} <= answer.keys() or "dice" in answer):
            raise SaveError(f"{where}: answer {i} is not a table with 'player' and 'value'")
        dice = answer.get("dice", [])
        if not isinstance(dice, list) or not all(isinstance(v, int | str) and not isinstance(v, bool) for v in dice):
            raise SaveError(f"{where}: answer {i}: 'dice' must be a list of numbers or face names")
    agents = data.get("agents", {})
    if not isinstance(agents, dict):
        raise SaveError(f"{where}: 'agents' must be a table")
    return SaveFile(data["ruleset"], data["ruleset_version"], data["seed"], data["setup"], data["answers"],
                    data["digest"], {str(k): str(v) for k, v in agents.items()}, bool(data.get("finished", False)),
                    data["format"])


def replay(save: SaveFile, ruleset: Ruleset, *, upto: int | None = None, check_version: bool = True,
           check_digest: bool = True, hooks: Any = None, where: str = "save") -> Game:
    """Rebuild the game of ``save`` by replaying its answers (the first ``upto`` of them)."""
    from skirmish.engine import Game

    if save.ruleset != ruleset.name:
        raise SaveError(f"{where} is a {save.ruleset} game, not {ruleset.name}")
    if check_version and save.ruleset_version != ruleset.version:
        raise SaveError(f"{where} was made with {save.ruleset} {save.ruleset_version}; "
                        f"installed is {ruleset.version}")
    answers = save.answers if upto is None else save.answers[:upto]
    first = 0  # dice loaded when the game was created come first, marked "start"
    while first < len(answers) and "dice" in answers[first] and answers[first].get("start"):
        first += 1
    try:
        game = Game(ruleset, save.setup, seed=save.seed, hooks=hooks,
                    dice=[v for entry in answers[:first] for v in entry["dice"]])
    except SetupError as exc:
        raise SaveError(f"{where}: its set-up is not valid: {exc}") from None
    for i, entry in enumerate(answers[first:], first + 1):
        if "dice" in entry:
            game.load_dice(entry["dice"], replace=bool(entry.get("replace", False)))
            continue
        if game.pending is None:
            raise SaveError(f"{where}: answer {i} comes after the game ended")
        try:
            game.answer(entry["value"], entry["player"])
        except DiceError as exc:
            raise SaveError(f"{where}: answer {i}: {exc}") from None
        except IllegalAnswer as exc:
            raise SaveError(f"{where}: answer {i} ({entry['player']}: {entry['value']!r}) is illegal: {exc}") from None
    if check_digest and upto is None and game.digest() != save.digest:
        raise SaveError(f"{where} does not replay to the state it recorded (the ruleset's rules have changed "
                        "or the file was edited)")
    return game
