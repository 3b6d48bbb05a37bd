"""Save files: TOML holding format, ruleset and version, set-up, seed, answers and a state digest.

Loading a save replays it: the set-up and seed rebuild the game and every answer
is given again (and checked). Writing is atomic (a temporary file renamed over
the old one), so a crash mid-write never loses the previous save; it writes through
a symbolic link to its target, keeps the file's mode, refuses to replace anything
but a regular file, and clears temporary copies left by a killed write. Reading takes
only regular files of bounded size, so a FIFO or a device never hangs or floods it.
A :class:`SaveLock` keeps two games from owning one save path at once.

Autosaving uses a :class:`Journal`: the TOML save is written once, then each new answer
is appended as one JSON line to a journal beside it (flushed and synced: O(1) per answer,
crash-safe); ``compact`` folds the journal back into the TOML save. :func:`read_save`
reads the journal too, so a game killed mid-play resumes with every answer it took.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import tomli_w

from skirmish.agents import View
from skirmish.engine import Game
from skirmish.errors import DiceError, IllegalAnswer, SaveError, SetupError
from skirmish.textfiles import MAX_SAVE_BYTES, parse_toml, read_regular_file  # noqa: F401 - MAX_SAVE_BYTES re-exported

if TYPE_CHECKING:
    from collections.abc import Mapping

    from skirmish.agents import Agent
    from skirmish.ruleset import Ruleset

FORMAT_VERSION = 1
#: the most answers (and loaded-dice entries) a save may hold, whatever the ruleset
MAX_ENTRIES = 200_000
#: the most dice one loaded-dice entry may hold
MAX_LOADED_DICE = 1_000


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
    #: how many answers ``digest`` describes (``None``: all of them; fewer when a journal added some)
    digest_at: int | None = None

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
    """Write ``save`` to ``path`` atomically (through a link to its target, keeping the file's mode)."""
    path = _target(Path(path))
    text = save.to_toml()
    mode = 0o666 & ~_umask()
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise SaveError(f"cannot write save file {path}: {exc.strerror or exc}") from None
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"cannot write save file {path}: it exists and is not a regular file")
        mode = stat.S_IMODE(info.st_mode)
    directory = path.parent if str(path.parent) else Path(".")
    clear_stale_temporaries(path)
    tmp = ""
    try:
        fd, tmp = _new_temporary(directory, f".{path.name}.", ".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fchmod(fh.fileno(), mode)
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        if tmp:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise SaveError(f"cannot write save file {path}: {exc.strerror or exc}") from None


def _new_temporary(directory: Path, prefix: str, suffix: str) -> tuple[int, str]:
    """A new file ``prefix<random>suffix`` in ``directory``, opened for writing by this user only, as
    :func:`tempfile.mkstemp` makes it (written out: importing :mod:`tempfile` costs a player's first prompt more
    than the save takes)."""
    for _ in range(100):
        name = os.path.join(directory, f"{prefix}{os.urandom(6).hex()}{suffix}")
        try:
            return os.open(name, os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600), name
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {prefix}")


def _target(path: Path) -> Path:
    """``path``, or the file a symbolic link at ``path`` points to (so the link survives a save)."""
    if path.is_symlink():
        return Path(os.path.realpath(path))
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def clear_stale_temporaries(path: str | Path) -> int:
    """Remove temporary copies of ``path`` left by writes that were killed; returns how many went."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    removed = 0
    with contextlib.suppress(OSError):
        for leftover in directory.glob(f".{path.name}.*.tmp"):
            with contextlib.suppress(OSError):
                if leftover.is_file() and not leftover.is_symlink():
                    leftover.unlink()
                    removed += 1
    return removed


class SaveLock:
    """An exclusive claim on a save path while a game owns it (an advisory lock file beside it).

    ``SaveLock(path).acquire()`` raises :class:`SaveError` naming the path when another live game
    holds it; ``release()`` (or leaving a ``with`` block) gives it up. The lock dies with the process.
    """

    def __init__(self, path: str | Path) -> None:
        target = _target(Path(path))
        directory = target.parent if str(target.parent) else Path(".")
        self.path = target
        self.lock_path = directory / f".{target.name}.lock"
        self._fd: int | None = None

    def acquire(self) -> SaveLock:
        import fcntl

        try:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise SaveError(f"cannot lock save file {self.path}: {exc.strerror or exc}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise SaveError(f"{self.path} is in use by another game; choose another --save file") from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.lock_path)
        os.close(self._fd)
        self._fd = None

    def __enter__(self) -> SaveLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def journal_path(path: str | Path) -> Path:
    """Where the journal of the save at ``path`` lives (a hidden file beside it)."""
    target = _target(Path(path))
    directory = target.parent if str(target.parent) else Path(".")
    return directory / f".{target.name}.journal"


class Journal:
    """Autosave as an append-only journal of answers beside a TOML save.

    ``record(game)`` appends the answers taken since the last call (one JSON line each, synced);
    when the game went back (undo) or nothing was written yet, it rewrites the TOML save
    instead. ``compact(game)`` writes the TOML save and empties the journal.
    """

    def __init__(self, path: str | Path, agents: dict[str, str] | None = None) -> None:
        self.path = Path(path)
        self.agents = dict(agents or {})
        self.written = -1  # answers the save plus journal hold (-1: nothing written yet)
        self._base: list[dict[str, Any]] = []

    def record(self, game: Game) -> None:
        answers = game.answers
        if self.written < 0 or len(answers) < self.written or answers[:len(self._base)] != self._base:
            self.compact(game)
            return
        fresh = answers[self.written:]
        if not fresh:
            return
        lines = "".join(json.dumps(entry, separators=(",", ":")) + "\n" for entry in fresh)
        try:
            with open(journal_path(self.path), "a", encoding="utf-8") as fh:
                fh.write(lines)
                fh.flush()
                os.fsync(fh.fileno())
        except OSError as exc:
            raise SaveError(f"cannot write the journal of {self.path}: {exc.strerror or exc}") from None
        self.written = len(answers)

    def compact(self, game: Game) -> None:
        """Write the whole game into the TOML save and start an empty journal."""
        save = SaveFile.of(game, self.agents)
        write_save(save, self.path)
        header = {"journal": 1, "base": len(save.answers), "seed": save.seed, "digest": save.digest}
        try:
            with open(journal_path(self.path), "w", encoding="utf-8") as fh:
                fh.write(json.dumps(header, separators=(",", ":")) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
        except OSError as exc:
            raise SaveError(f"cannot write the journal of {self.path}: {exc.strerror or exc}") from None
        self.written = len(save.answers)
        self._base = list(save.answers)

    def close(self, game: Game) -> None:
        """Fold the journal into the save and remove it."""
        write_save(SaveFile.of(game, self.agents), self.path)
        with contextlib.suppress(OSError):
            journal_path(self.path).unlink()
        self.written = -1


def _read_journal(save: SaveFile, path: Path) -> SaveFile:
    """``save`` with the answers its journal adds (a torn last line from a killed write is dropped)."""
    jpath = journal_path(path)
    if not jpath.exists():
        return save
    try:
        raw = read_regular_file(jpath, what="journal").decode("utf-8")
    except (SaveError, UnicodeDecodeError):
        return save
    lines = raw.split("\n")
    try:
        header = json.loads(lines[0])
    except (json.JSONDecodeError, RecursionError):
        return save
    if (not isinstance(header, dict) or header.get("base") != len(save.answers) or header.get("seed") != save.seed
            or header.get("digest") != save.digest):
        return save  # a journal of an older save: the TOML save is newer and complete
    extra: list[dict[str, Any]] = []
    for line in lines[1:]:
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except (json.JSONDecodeError, RecursionError):
            break  # a write cut short: everything before it stands
        if not isinstance(entry, dict):
            break
        extra.append(entry)
    if not extra:
        return save
    return attrs.evolve(save, answers=save.answers + extra, digest_at=len(save.answers), finished=False)


def read_save(path: str | Path) -> SaveFile:
    """Read and check a save file; any problem is one :class:`SaveError` line."""
    path = Path(path)
    raw = read_regular_file(path, what="save file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not a skirmish save file (not text)") from None
    data = parse_toml(text, str(path), error=SaveError, kind="a valid save file")
    save = parse_save(data, str(path))
    journaled = _read_journal(save, path)
    if journaled is not save:
        parse_save({**data, "answers": journaled.answers}, str(path))  # the same checks for journaled answers
    return journaled


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
    if len(data["answers"]) > MAX_ENTRIES:
        raise SaveError(f"{where} holds {len(data['answers']):,} answers; no game needs more than {MAX_ENTRIES:,}")
    for i, answer in enumerate(data["answers"], 1):
        if not isinstance(answer, dict) or not ({"player", "value"} <= answer.keys() or "dice" in answer
                                                or isinstance(answer.get("resign"), str)):
            raise SaveError(f"{where}: answer {i} is not a table with 'player' and 'value'")
        dice = answer.get("dice", [])
        if not isinstance(dice, list) or not all(isinstance(v, int | str) and not isinstance(v, bool) for v in dice):
            raise SaveError(f"{where}: answer {i}: 'dice' must be a list of numbers or face names")
        if len(dice) > MAX_LOADED_DICE:
            raise SaveError(f"{where}: answer {i} loads {len(dice):,} dice; at most {MAX_LOADED_DICE:,} at a time")
    agents = data.get("agents", {})
    if not isinstance(agents, dict):
        raise SaveError(f"{where}: 'agents' must be a table")
    return SaveFile(data["ruleset"], data["ruleset_version"], data["seed"], data["setup"], data["answers"],
                    data["digest"], {str(k): str(v) for k, v in agents.items()}, bool(data.get("finished", False)),
                    data["format"])


def replay(save: SaveFile, ruleset: Ruleset, *, upto: int | None = None, check_version: bool = True,
           check_digest: bool = True, hooks: Any = None, where: str = "save",
           agents: Mapping[str, Agent] | None = None, observed: bool = True) -> Game:
    """Rebuild the game of ``save`` by replaying its answers (the first ``upto`` of them).

    ``agents`` (player -> agent) are asked each of their player's recorded decisions on the way,
    their answers set aside, so they stand where they stood when the game was saved (see
    :func:`catch_up`). ``observed=False`` notifies no observer plugin.
    """
    if save.ruleset != ruleset.name:
        raise SaveError(f"{where} is a {save.ruleset} game, not {ruleset.name}")
    if check_version and save.ruleset_version != ruleset.version:
        raise SaveError(f"{where} was made with {save.ruleset} {save.ruleset_version}; "
                        f"installed is {ruleset.version}")
    answers = save.answers if upto is None else save.answers[:upto]
    asked = dict(agents) if agents else None  # an agent that fails to answer the past is left out of this only
    most = 2 * ruleset.max_decisions + 100
    if sum("dice" not in a for a in answers) > most:
        raise SaveError(f"{where} holds more answers than a game of {ruleset.name} can ask ({most:,})")
    first = 0  # dice loaded when the game was created come first, marked "start"
    while first < len(answers) and "dice" in answers[first] and answers[first].get("start"):
        first += 1
    try:
        game = Game(ruleset, save.setup, seed=save.seed, hooks=hooks, observed=observed,
                    dice=[v for entry in answers[:first] for v in entry["dice"]])
    except SetupError as exc:
        raise SaveError(f"{where}: its set-up is not valid: {exc}") from None
    checked = False
    for i, entry in enumerate(answers[first:], first + 1):
        if check_digest and save.digest_at is not None and i - 1 == save.digest_at:
            _check_digest(game, save, where)
            checked = True
        if "dice" in entry:
            game.load_dice(entry["dice"], replace=bool(entry.get("replace", False)))
            continue
        if game.pending is None:
            raise SaveError(f"{where}: answer {i} comes after the game ended")
        if "resign" in entry:
            try:
                game.resign(str(entry["resign"]))
            except IllegalAnswer as exc:
                raise SaveError(f"{where}: entry {i} (a resignation) is illegal: {exc}") from None
            continue
        if asked and entry.get("player") in asked and game.pending.player == entry["player"]:
            _ask_aside(asked, game, entry["player"])
        try:
            game.answer(entry["value"], entry["player"])
        except DiceError as exc:
            raise SaveError(f"{where}: answer {i}: {exc}") from None
        except IllegalAnswer as exc:
            raise SaveError(f"{where}: answer {i} ({entry['player']}: {entry['value']!r}) is illegal: {exc}") from None
    if check_digest and upto is None and not checked:
        _check_digest(game, save, where)
    return game


def _ask_aside(agents: dict[str, Agent], game: Game, player: str) -> None:
    """Ask ``player``'s agent the pending decision and set its answer aside (the recorded one is given)."""
    assert game.pending is not None
    try:
        agents[player].decide(View(game, player), game.pending)
    except Exception:  # noqa: BLE001 - an agent that cannot answer the past plays on from where it can
        agents.pop(player)


def catch_up(game: Game, agents: Mapping[str, Agent]) -> None:
    """Bring freshly made ``agents`` to where they stood at ``game``'s last answer.

    An agent's state (its random generator, plans it carries from one decision to the next) is
    not saved; instead each agent is asked again every decision its player answered, on a copy
    of the game rebuilt from the set-up, seed and answers, and its answers are set aside. An agent
    that answers as a function of what it was asked before therefore plays on exactly as it would
    have without the interruption: a resumed or undone game is the game that was saved.
    """
    if not any(entry.get("player") in agents for entry in game.answers):
        return
    save = SaveFile(game.ruleset.name, game.ruleset.version, game.seed, game.setup, list(game.answers), "")
    replay(save, game.ruleset, check_version=False, check_digest=False, hooks=game.hooks, agents=agents,
           observed=False)


def _check_digest(game: Game, save: SaveFile, where: str) -> None:
    if game.digest() != save.digest:
        raise SaveError(f"{where} does not replay to the state it recorded (the ruleset's rules have changed "
                        "or the file was edited)")
