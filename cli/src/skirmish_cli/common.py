"""Helpers shared by the commands: seats, loaded dice, set-up files, save paths, loading saves."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from skirmish.engine import Game
    from skirmish.plugins import Registry
    from skirmish.saves import SaveFile


def complete_ruleset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of a RULESET argument: the installed rulesets' names."""
    try:
        from skirmish_cli.registry import get_registry

        names = sorted(get_registry().rulesets)
    except Exception:  # noqa: BLE001 - completion must never print a traceback
        return []
    return [n for n in names if n.startswith(incomplete)]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`` (did you mean 'play'?)`` when ``word`` is close to one of ``known``, else ``""``."""
    import difflib

    close = difflib.get_close_matches(word, list(known), n=2, cutoff=0.6)
    if not close:
        return ""
    return " (did you mean " + " or ".join(f"'{c}'" for c in close) + "?)"


def get_ruleset(registry: Registry, name: str) -> Any:
    """``registry.ruleset(name)``; an unknown name is one line with the closest installed names."""
    from skirmish.errors import SkirmishError

    try:
        return registry.ruleset(name)
    except SkirmishError as exc:
        hint = did_you_mean(name, registry.rulesets)
        if hint and "did you mean" not in str(exc):
            raise SkirmishError(f"{exc}{hint}") from None
        raise


#: click settings of a command that takes a ruleset's own set-up settings (--heroes 4) after its own options
RULESET_OPTIONS = {"ignore_unknown_options": True, "allow_extra_args": True}


def ruleset_options(ruleset: Any, args: Sequence[str]) -> dict[str, Any]:
    """Parse a ruleset's own settings (``--heroes 4``, ``--content=DIR``) from the words click left over."""
    offered = {o.name: o for o in ruleset.setup_options()}
    known = ", ".join(f"--{n}" for n in offered) or "none"
    out: dict[str, Any] = {}
    words = list(args)
    while words:
        word = words.pop(0)
        if not word.startswith("--") or len(word) < 3:
            raise click.UsageError(f"unexpected argument {word!r}")
        name, eq, value = word[2:].partition("=")
        option = offered.get(name)
        if option is None:
            import difflib

            close = difflib.get_close_matches(name, list(offered), n=1)
            hint = f" (did you mean --{close[0]}?)" if close else ""
            raise click.UsageError(f"no such option: --{name}{hint}; {ruleset.name} settings: {known}")
        if not eq:
            if not words or (words[0].startswith("--") and option.kind != "int"):
                raise click.UsageError(f"--{name} needs a value ({option.help})")
            value = words.pop(0)
        from skirmish.errors import SetupError

        try:
            out[name] = option.parse(value)
        except SetupError as exc:
            raise click.BadParameter(str(exc)) from None
    return out


def seats_from_players(ruleset: Any, options: dict[str, Any], count: int) -> dict[str, Any]:
    """``options`` with the ruleset's seat-count setting (``SetupOption.seats``) set to the ``count`` players named
    by ``--players``, unless the command line gave it, or one name was given (it fills every seat), or ``count``
    is outside the setting's range (the list then cycles as usual)."""
    if count < 2:
        return options
    for option in ruleset.setup_options():
        if option.seats and option.name not in options and option.low <= count <= (option.high or count):
            return {**options, option.name: count}
    return options


def opponent_setup(registry: Any, ruleset: Any, names: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the set-up settings an opponent agent brings (``AgentSpec.setup``) when ``names`` seat
    someone first and that one agent in every other seat (``--vs him``); the settings already given win."""
    if len(names) < 2 or len(set(names[1:])) != 1 or names[0] == names[1]:
        return options
    from skirmish.errors import SkirmishError

    try:
        brought = registry.agent_spec(names[1], ruleset.name).setup
    except SkirmishError:  # an unknown agent is reported where the seats are checked
        return options
    offered = {o.name: o for o in ruleset.setup_options()}
    extra = {key: offered[key].parse(value) for key, value in brought.items()
             if key in offered and key not in options}
    return {**options, **extra} if extra else options


def with_options(ruleset: Any, setup: dict[str, Any] | None, options: dict[str, Any]) -> dict[str, Any] | None:
    """``setup`` (or the ruleset's default) with the command-line settings applied; ``None`` when none given."""
    if not options:
        return setup
    return ruleset.apply_options(setup if setup is not None else ruleset.default_setup(), options)


def split_names(values: Iterable[str]) -> list[str]:
    """``("human,ai", "random")`` -> ``["human", "ai", "random"]`` (repeated options and commas both work)."""
    out = []
    for value in values:
        for name in value.split(","):
            name = name.strip()
            if not name:
                raise click.BadParameter(f"an empty agent name in {value!r}", param_hint="'--players'")
            out.append(name)
    return out


def check_agents(registry: Registry, names: Sequence[str], ruleset: str) -> None:
    """Every agent name must exist for ``ruleset`` (a usage error names the usable ones)."""
    from skirmish.errors import SkirmishError

    for name in names:
        try:
            registry.agent_spec(name, ruleset)
        except SkirmishError as exc:
            raise click.BadParameter(str(exc), param_hint="'--players'") from None


def seat(names: Sequence[str], players: Sequence[str]) -> dict[str, str]:
    """Seat the agents in order, a short list cycling: ``{player: agent}``."""
    if len(names) > len(players):
        raise click.BadParameter(f"{len(names)} agents named for {len(players)} players ({', '.join(players)})",
                                 param_hint="'--players'")
    return {p: names[i % len(names)] for i, p in enumerate(players)}


def parse_dice(text: str) -> list[int | str]:
    """``"6,1,4"`` or ``"6 1 skull"`` -> ``[6, 1, "skull"]`` (numbers or face names)."""
    from skirmish.errors import DiceError

    out: list[int | str] = []
    for word in text.replace(",", " ").split():
        if word.lstrip("-").isdigit():
            value = int(word)
            if value < 1:
                raise DiceError(f"a loaded die shows 1 or more, not {value}")
            out.append(value)
        else:
            out.append(word)
    if not out:
        raise DiceError("no dice given (write them like 6,1,4)")
    return out


def load_setup(path: str | None) -> dict[str, Any] | None:
    if path is None:
        return None
    from skirmish.content import load_toml

    return load_toml(path)


def new_game(registry: Registry, ruleset_name: str, setup: dict[str, Any] | None, setup_file: str | None, seed: int,
             dice: Sequence[int | str] = ()) -> Game:
    """Start a game; a bad set-up is one line naming the file."""
    from skirmish.engine import Game
    from skirmish.errors import SetupError

    ruleset = get_ruleset(registry, ruleset_name)
    if setup is not None:
        try:
            setup = ruleset.check_setup(setup)
            from skirmish.textfiles import check_setup_numbers

            check_setup_numbers(setup)
        except SetupError as exc:
            raise SetupError(f"set-up {setup_file or '(command-line settings)'}: {exc}") from None
    return Game(ruleset, setup, seed=seed, dice=dice)


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "skirmish"


def autosave_path(ruleset: str) -> Path:
    """``$XDG_DATA_HOME/skirmish/autosave/<ruleset>.toml``, or the next free ``<ruleset>-N.toml``.

    A file holding an unfinished (or unreadable) game is never taken: a new game must not
    overwrite a saved one.
    """
    from skirmish.errors import SkirmishError
    from skirmish.saves import read_save

    folder = data_dir() / "autosave"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SkirmishError(f"cannot create the autosave folder {folder}: {exc.strerror or exc}") from None
    for n in range(1, 1000):
        path = folder / (f"{ruleset}.toml" if n == 1 else f"{ruleset}-{n}.toml")
        if not path.exists():
            return path
        try:
            if read_save(path).finished:
                return path
        except SkirmishError:
            continue
    raise SkirmishError(f"{folder} holds 999 unfinished {ruleset} games; resume or delete some, or use --save FILE")


class AutosaveEntry:
    """One autosaved game, as ``skirmish resume`` lists it."""

    def __init__(self, path: Path, save: SaveFile, mtime: float) -> None:
        self.path, self.save, self.mtime = path, save, mtime

    def describe(self) -> str:
        import time

        s = self.save
        moves = sum(1 for a in s.answers if "player" in a)
        # seats joined without " v ": in a co-operative game they play on one side
        seats = ", ".join(f"{p} ({a})" for p, a in s.agents.items())
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.mtime))
        return f"{self.path.name}: {s.ruleset}, {moves} answers, seats {seats or 'unknown'}; saved {when}"


def latest_autosaves(limit: int = 9) -> list[AutosaveEntry]:
    """The unfinished games in the autosave folder, latest first (unreadable files are left out)."""
    from skirmish.errors import SkirmishError
    from skirmish.saves import read_save

    folder = data_dir() / "autosave"
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.toml"):
        try:
            save = read_save(path)
            mtime = path.stat().st_mtime
        except (SkirmishError, OSError):
            continue
        if not save.finished:
            found.append(AutosaveEntry(path, save, mtime))
    found.sort(key=lambda e: (e.mtime, e.path.name), reverse=True)
    return found[:limit]


def load_game(registry: Registry, path: str | Path, *, check_digest: bool = True) -> tuple[SaveFile, Game]:
    """Read and replay a save file; any problem is one :class:`SaveError` line (the file is only read)."""
    from skirmish.errors import SaveError, SkirmishError
    from skirmish.saves import read_save, replay

    save = read_save(path)
    try:
        ruleset = registry.ruleset(save.ruleset)
    except SkirmishError as exc:
        raise SaveError(f"{path}: {exc}") from None
    try:
        game = replay(save, ruleset, where=str(path), check_digest=check_digest)
    except SaveError:
        raise
    except SkirmishError as exc:
        raise SaveError(f"{path} cannot be replayed: {exc}") from None
    return save, game


def saved_seats(registry: Registry, save: SaveFile, game: Game) -> dict[str, str] | None:
    """Who sat where when ``game`` was saved (checked as installed agents), or ``None`` when the save does not say."""
    if set(save.agents) != set(game.players):
        return None
    check_agents(registry, list(save.agents.values()), game.ruleset.name)
    return {p: save.agents[p] for p in game.players}


def resume_hint(path: Path | str) -> str:
    import shlex

    return f"skirmish resume {shlex.quote(str(path))}"


def check_viewer(game: Any, as_player: str | None) -> None:
    """``--as PLAYER`` must name a seat of the game (one usage-error line otherwise)."""
    if as_player is not None and as_player not in game.players:
        raise click.BadParameter(f"no player '{as_player}' in this game (players: {', '.join(game.players)})",
                                 param_hint="'--as'")


class progress_bar:
    """A rich progress bar on stderr while games are played, when stderr is a terminal (rich imported only
    then); otherwise nothing. ``with progress_bar(n, "simulating") as advance:`` gives ``advance(k)`` or
    ``None``."""

    def __init__(self, total: int, label: str) -> None:
        self.total = total
        self.label = label
        self.bar: Any = None

    def __enter__(self) -> Callable[[int], None] | None:
        stream = sys.stderr
        if stream is None or not stream.isatty():
            return None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.bar = Progress(TextColumn(self.label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                            console=Console(file=stream), transient=True)
        self.bar.start()
        task = self.bar.add_task("games", total=self.total)
        return lambda k: self.bar.advance(task, k)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
