"""The games a web server holds, and the saves folder they live in.

Every game is a TOML save (with its journal) in the saves folder, named by its id, exactly as the
terminal writes them: a game started in the browser resumes with ``skirmish resume`` and back.
Each game's links (one key per human seat, one for the whole table) are kept beside its save in
``.ID.web.json`` (readable by the owner only), so links still work after the server restarts: a game
not in memory is replayed from its save and journal the first time a link asks for it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.errors import SaveError, SkirmishError
from skirmish_cli.registry import ai_or_random
from skirmish_cli.web.host import GameHost, Refused

if TYPE_CHECKING:
    from skirmish.plugins import Registry

#: a game id or file name the browser may name: no path separators, no leading dot
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$")
#: agents that cannot sit at a browser table (they need a file)
NOT_OFFERED = frozenset({"scripted"})


def safe_name(name: Any, folder: Path, suffix: str = ".toml") -> Path:
    """``folder/name`` (``suffix`` added when missing) for a name sent by a browser; anything that could
    leave the folder (separators, ``..``, a leading dot, a link out) is refused with one line."""
    if not isinstance(name, str) or not NAME.match(name) or ".." in name:
        raise Refused(f"not a file name in the saves folder: {str(name)[:60]!r}", 422)
    path = folder / (name if name.endswith(suffix) else name + suffix)
    try:
        resolved = path.resolve()
        if resolved.parent != folder.resolve():
            raise Refused(f"{name} is not in the saves folder", 422)
    except OSError:
        raise Refused(f"cannot read {name}", 422) from None
    return path


class Hub:
    """Holds the games of one server; makes new ones and loads saved ones on demand."""

    def __init__(self, registry: Registry, folder: Path) -> None:
        self.registry = registry
        self.folder = folder
        self.games: dict[str, GameHost] = {}
        self.put_away: set[str] = set()  # games a page put away: links do not take them back until opened again
        self.lock = threading.RLock()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SkirmishError(f"cannot use the saves folder {folder}: {exc.strerror or exc}") from None

    # -- what can be played ----------------------------------------------------------------
    def rulesets(self) -> list[dict[str, Any]]:
        out = []
        for name in sorted(self.registry.rulesets):
            try:
                rs = self.registry.ruleset(name)
                options = [{"name": o.name, "help": o.help, "kind": o.kind, "choices": list(o.choices),
                            "low": o.low, "high": o.high, "seats": o.seats} for o in rs.setup_options()]
                players = rs.players(rs.check_setup(rs.default_setup()))
            except Exception as exc:  # noqa: BLE001 - one broken ruleset must not hide the others
                out.append({"name": name, "title": name, "error": f"{type(exc).__name__}: {exc}"})
                continue
            agents = sorted({n for (n, scope) in self.registry.agents if scope in ("", name)} - NOT_OFFERED)
            helps = {n: self.registry.agent_spec(n, name).help for n in agents}
            out.append({"name": name, "title": rs.title or name, "options": options, "players": players,
                        "min_players": rs.min_players, "max_players": rs.max_players, "agents": agents,
                        "agent_help": helps, "default_opponent": ai_or_random(self.registry, name)})
        return out

    def setups(self) -> list[str]:
        """Set-up, army and warband files in the saves folder (TOML files that are not saves)."""
        from skirmish.content import load_toml

        out = []
        for path in sorted(self.folder.glob("*.toml")):
            if not NAME.match(path.name):
                continue
            try:
                data = load_toml(path)
            except SkirmishError:
                continue
            if isinstance(data, dict) and "answers" not in data and "digest" not in data:
                out.append(path.name)
        return out

    def saves(self, limit: int = 30) -> list[dict[str, Any]]:
        """Saved games in the folder, latest first: id, ruleset, answers, finished."""
        from skirmish.saves import read_save

        found = []
        for path in self.folder.glob("*.toml"):
            if not NAME.match(path.name):
                continue
            try:
                save = read_save(path)
                mtime = path.stat().st_mtime
            except (SkirmishError, OSError):
                continue
            found.append((mtime, {"id": path.stem, "ruleset": save.ruleset, "finished": save.finished,
                                  "answers": sum(1 for a in save.answers if "player" in a),
                                  "seats": dict(save.agents), "saved": mtime}))
        found.sort(key=lambda kv: (kv[0], kv[1]["id"]), reverse=True)
        return [entry for _, entry in found[:limit]]

    # -- making and finding games ------------------------------------------------------------
    def new_game(self, ruleset: str, *, options: Mapping[str, Any] | None = None, seats: Sequence[str] = (),
                 seed: int | None = None, setup_file: str | None = None, setup: dict[str, Any] | None = None,
                 name: str | None = None) -> GameHost:
        """Start a game (options as typed: strings are parsed by the ruleset's own settings)."""
        import secrets

        from skirmish_cli.common import check_agents, new_game, opponent_setup, seats_from_players, with_options

        if ruleset not in self.registry.rulesets:
            raise Refused(f"no ruleset '{ruleset}' is installed", 422)
        rs = self.registry.ruleset(ruleset)
        offered = {o.name: o for o in rs.setup_options()}
        parsed: dict[str, Any] = {}
        for key, value in dict(options or {}).items():
            if value in ("", None):
                continue
            option = offered.get(str(key))
            if option is None:
                raise Refused(f"{rs.title or ruleset} has no setting '{key}'", 422)
            if option.kind == "path":
                raise Refused(f"--{key} names a file: start this game from the terminal", 422)
            parsed[option.name] = option.parse(str(value).lower() if isinstance(value, bool) else str(value))
        names = [str(s) for s in seats if str(s)]
        if names and setup_file is None:
            parsed = opponent_setup(self.registry, rs, names, seats_from_players(rs, parsed, len(names)))
        if setup is None and setup_file:
            from skirmish.content import load_toml

            setup = load_toml(safe_name(setup_file, self.folder))
        setup = with_options(rs, setup, parsed)
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        game = new_game(self.registry, ruleset, setup, setup_file, int(seed))
        if not names:
            names = ["human"] + [ai_or_random(self.registry, ruleset)] * (len(game.players) - 1)
        check_agents(self.registry, sorted(set(names)), ruleset)
        chosen = {p: names[i % len(names)] for i, p in enumerate(game.players)}
        path = self._fresh_path(name or ruleset)
        host = GameHost(self.registry, game, chosen, path)
        with self.lock:
            host.open_save()
            self._write_tokens(host)
            self.games[host.id] = host
        return host

    def adopt(self, game: Any, seats: Mapping[str, str], path: Path | None = None) -> GameHost:
        """Hold a game made elsewhere (``skirmish play --web``), saved at ``path`` or a fresh name in the folder."""
        host = GameHost(self.registry, game, seats, path or self._fresh_path(game.ruleset.name))
        with self.lock:
            host.open_save()
            self._write_tokens(host)
            self.games[host.id] = host
        return host

    def _fresh_path(self, stem: str) -> Path:
        stem = re.sub(r"[^A-Za-z0-9_-]+", "-", stem).strip("-") or "game"
        for n in range(1, 10_000):
            path = self.folder / (f"{stem}.toml" if n == 1 else f"{stem}-{n}.toml")
            if not path.exists():
                return path
        raise SkirmishError(f"{self.folder} is full of {stem} games; remove some")

    def get(self, game_id: str, *, reopen: bool = False) -> GameHost:
        """The game with this id, loaded from its save (and journal) when the server does not hold it yet.

        A game put away (so a terminal may resume it) is only taken back when ``reopen`` says so.
        """
        with self.lock:
            host = self.games.get(game_id)
            if host is not None and not host.closed:
                return host
            if game_id in self.put_away and not reopen:
                raise Refused("this game was put away: open it again from the saved games (or resume it in a "
                              "terminal)", 409)
            path = safe_name(game_id, self.folder)
            if not path.is_file():
                raise Refused(f"no game '{game_id}' in the saves folder", 404)
            host = self._load(path)
            self.games[host.id] = host
            self.put_away.discard(host.id)
            return host

    def _load(self, path: Path) -> GameHost:
        from skirmish_cli.common import load_game, saved_seats, seat

        try:
            save, game = load_game(self.registry, path)
        except SaveError as exc:
            raise Refused(str(exc), 422) from None
        seats = saved_seats(self.registry, save, game) or seat(
            ["human"] + [ai_or_random(self.registry, game.ruleset.name)] * (len(game.players) - 1), game.players)
        host = GameHost(self.registry, game, seats, path, tokens=self._read_tokens(path))
        if not game.over:
            try:
                host.open_save()
            except SaveError as exc:
                raise Refused(f"{exc} (a terminal may be playing it)", 409) from None
        self._write_tokens(host)
        return host

    def close(self, game_id: str) -> None:
        with self.lock:
            host = self.games.pop(game_id, None)
            self.put_away.add(game_id)
        if host is not None:
            with host.lock:
                host.close()

    def close_all(self) -> None:
        for game_id in list(self.games):
            with contextlib.suppress(SkirmishError):
                self.close(game_id)
        self.put_away.clear()

    # -- links kept beside the save ----------------------------------------------------------
    @staticmethod
    def _tokens_path(path: Path) -> Path:
        return path.parent / f".{path.stem}.web.json"

    def _read_tokens(self, path: Path) -> dict[str, Any]:
        try:
            data = json.loads(self._tokens_path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write_tokens(self, host: GameHost) -> None:
        target = self._tokens_path(host.save_path)
        tmp = target.with_name(target.name + ".tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(host.tokens(), fh)
            os.replace(tmp, target)
        except OSError as exc:
            raise SkirmishError(f"cannot keep the game's links beside {host.save_path}: {exc.strerror or exc}") \
                from None

