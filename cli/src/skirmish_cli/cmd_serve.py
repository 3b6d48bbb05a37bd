"""``skirmish serve``: play in the browser; and the server behind ``skirmish play RULESET --web``."""

from __future__ import annotations

import contextlib
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from skirmish.plugins import Registry

LOCAL = ("127.0.0.1", "localhost", "::1")


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Anything but this machine lets anyone who can reach it play.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free one).")
@click.option("--open/--no-open", "open_browser", default=True, show_default=True,
              help="Open the page in a browser when one is there to open.")
@click.option("--saves", "saves", type=click.Path(file_okay=False), metavar="DIR",
              help="Where games are saved (default: the autosave folder 'skirmish resume' lists).")
@click.option("--pace", default=0.4, show_default=True, type=click.FloatRange(0, 10),
              help="Seconds between two AI decisions, so their turns can be followed.")
def serve(host: str, port: int, open_browser: bool, saves: str | None, pace: float) -> int:
    """Play in the browser: every installed ruleset on a table you can see and click.

    Games are the same TOML saves as the terminal's: one started here carries on with
    'skirmish resume', and back. Stop the server with Ctrl-C (every game is saved).
    """
    from skirmish_cli.registry import get_registry

    registry = get_registry()
    folder = Path(saves).expanduser() if saves else default_folder()
    return run_server(registry, folder, host, port, open_browser, pace, first_page="/")


def default_folder() -> Path:
    from skirmish_cli.common import data_dir

    return data_dir() / "autosave"


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, or one line saying why not (port in use, unknown address)."""
    from skirmish.errors import SkirmishError

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise SkirmishError(f"--host {host}: no such address on this machine") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno in (98, 48):
            raise SkirmishError(f"port {port} is in use: choose another with --port (0: any free one)") from None
        raise SkirmishError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


def run_server(registry: Registry, folder: Path, host: str, port: int, open_browser: bool, pace: float, *,
               first_page: str, start: Any = None) -> int:
    """Listen, print the address (first line with http://), serve until Ctrl-C; ``start(app)`` may make a game
    first and return the page to open."""
    try:
        import uvicorn

        from skirmish_cli.web.app import create_app
    except ImportError as exc:
        from skirmish.errors import SkirmishError

        raise SkirmishError(f"web play needs the web packages (starlette, uvicorn): {exc}") from None
    sock = bind(host, port)
    app = create_app(registry, folder, pace=pace)
    more: list[tuple[str, str]] = []
    if start is not None:
        try:
            first_page, more = start(app)
        except BaseException:
            sock.close()
            raise
    real_port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{real_port}{first_page}"
    config = uvicorn.Config(app, log_level="warning", lifespan="on", ws="websockets-sansio", access_log=False)
    server = uvicorn.Server(config)
    try:  # from the printed address on, a Ctrl-C ends in the clean stop below, wherever it lands
        click.echo(f"skirmish is at {url}")
        for label, path in more:
            click.echo(f"  {label}: http://{shown}:{real_port}{path}")
        if host not in LOCAL:
            click.echo(f"warning: listening on {host}: anyone who can reach this machine can open games and play",
                       err=True)
        click.echo(f"games are saved in {folder}; Ctrl-C stops the server (every game is kept)")
        sys.stdout.flush()
        if open_browser:
            _open(url)
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        app.state.server.hub.close_all()
    click.echo("server stopped; every game is saved")
    return 0


def _open(url: str) -> None:
    import os
    import webbrowser

    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or sys.platform in ("darwin", "win32")):
        return  # no screen here: the printed address is enough
    with contextlib.suppress(Exception):  # a browser that cannot start is not an error: the address is printed
        webbrowser.open(url)
