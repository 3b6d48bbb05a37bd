"""The web application: a Starlette app built by :func:`create_app` around a :class:`Hub` of games.

Pages are plain HTML, ES modules and CSS shipped in this package (no build step, no CDN). The page
reads a game as JSON (``/api/games/ID/state``) and hears through a websocket when it moved; every
answer is a POST checked by the engine itself. AI seats play on the server, one decision at a
time with a visible pace, so a page shows the opponent's turn step by step.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from skirmish.errors import SkirmishError
from skirmish_cli.web.host import GameHost, Refused
from skirmish_cli.web.hub import Hub

if TYPE_CHECKING:
    from skirmish.plugins import Registry

STATIC = Path(__file__).parent / "static"
#: the largest request body taken (an answer is a few hundred bytes)
MAX_BODY = 256 * 1024
HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                                "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class Server:
    """The app's state: the games, the pages listening to each, and the AI turns being played."""

    def __init__(self, hub: Hub, *, pace: float = 0.4) -> None:
        self.hub = hub
        self.pace = max(0.0, pace)
        self.listeners: dict[str, set[WebSocket]] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}

    async def notify(self, host: GameHost) -> None:
        """Tell every page of ``host`` that it moved (they read it again)."""
        message = {"version": host.version, "busy": host.busy, "over": host.game.over}
        for ws in list(self.listeners.get(host.id, ())):
            try:
                await ws.send_json(message)
            except Exception:  # noqa: BLE001 - a page that went away is simply dropped
                self.listeners.get(host.id, set()).discard(ws)

    def kick(self, host: GameHost) -> None:
        """Let the AI seats play, if one is to play and nobody is playing for them yet."""
        running = self.tasks.get(host.id)
        if running is not None and not running.done():
            return
        if host.ai_to_play():
            self.tasks[host.id] = asyncio.get_running_loop().create_task(self._ai_turns(host))

    async def _ai_turns(self, host: GameHost) -> None:
        from starlette.concurrency import run_in_threadpool

        first = True
        while host.ai_to_play():
            if not first and self.pace:
                await asyncio.sleep(self.pace)  # a visible pace: each AI decision is shown on its own
            first = False
            host.busy = True
            await self.notify(host)
            try:
                moved = await run_in_threadpool(host.ai_step)
            finally:
                host.busy = False
            await self.notify(host)
            if not moved:
                break

    async def stop(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        for task in self.tasks.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.hub.close_all()


def create_app(registry: Registry, folder: Path, *, pace: float = 0.4) -> Starlette:
    """The web app for ``registry``'s rulesets, keeping games in the saves ``folder``."""
    server = Server(Hub(registry, folder), pace=pace)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        yield
        await server.stop()  # every game's journal folded into its save, its lock given up

    routes = [
        Route("/", page("index.html")),
        Route("/g/{game_id}", page("game.html")),
        Route("/api/rulesets", api(server, rulesets)),
        Route("/api/saves", api(server, saves)),
        Route("/api/games", api(server, new_game), methods=["POST"]),
        Route("/api/games/{game_id}/open", api(server, open_game), methods=["POST"]),
        Route("/api/games/{game_id}/state", api(server, state)),
        Route("/api/games/{game_id}/answer", api(server, answer), methods=["POST"]),
        Route("/api/games/{game_id}/preview", api(server, preview), methods=["POST"]),
        Route("/api/games/{game_id}/odds", api(server, odds)),
        Route("/api/games/{game_id}/undo", api(server, undo), methods=["POST"]),
        Route("/api/games/{game_id}/resign", api(server, resign), methods=["POST"]),
        Route("/api/games/{game_id}/save", api(server, save), methods=["POST"]),
        Route("/api/games/{game_id}/close", api(server, close), methods=["POST"]),
        Route("/api/games/{game_id}/at/{n:int}", api(server, at)),
        Route("/api/games/{game_id}/why/{seq:int}", api(server, why)),
        Route("/api/games/{game_id}/measure", api(server, measure)),
        Route("/api/games/{game_id}/shades", api(server, shades)),
        Route("/api/games/{game_id}/glossary", api(server, glossary)),
        WebSocketRoute("/ws/games/{game_id}", listen(server)),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return app


# -- plumbing ----------------------------------------------------------------------------------

def page(name: str) -> Any:
    async def endpoint(request: Request) -> Response:
        return FileResponse(STATIC / name, headers=HEADERS, media_type="text/html")

    return endpoint


def same_origin(headers: Any) -> bool:
    """A browser's request from another site is refused: its Origin must be this server (absent: not a browser)."""
    origin = headers.get("origin")
    if not origin:
        return True
    host = headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")


def api(server: Server, handler: Any) -> Any:
    """Wrap a handler: JSON in and out, one-line errors with a status, and no exception escapes."""

    async def endpoint(request: Request) -> Response:
        if request.method == "POST" and not same_origin(request.headers):
            return JSONResponse({"error": "refused: a request from another site"}, 403, headers=HEADERS)
        try:
            body: dict[str, Any] = {}
            if request.method == "POST":
                raw = await request.body()
                if len(raw) > MAX_BODY:
                    raise Refused("the request is too large", 413)
                if raw.strip():
                    try:
                        body = json.loads(raw)
                    except (ValueError, RecursionError):
                        raise Refused("the request is not valid JSON", 400) from None
                    if not isinstance(body, dict):
                        raise Refused("the request must be a JSON object", 400)
            result = await handler(server, request, body)
            return JSONResponse(result, headers=HEADERS)
        except Refused as exc:
            return JSONResponse({"error": str(exc)}, exc.status, headers=HEADERS)
        except SkirmishError as exc:
            return JSONResponse({"error": str(exc)}, 422, headers=HEADERS)
        except click.ClickException as exc:  # the CLI's own checks (agent names) say it in one line too
            return JSONResponse({"error": exc.format_message()}, 422, headers=HEADERS)
        except Exception as exc:  # noqa: BLE001 - one game's failure must not take the server down
            return JSONResponse({"error": f"the server failed: {type(exc).__name__}: {exc}"}, 500, headers=HEADERS)

    return endpoint


def _host(server: Server, request: Request) -> GameHost:
    return server.hub.get(request.path_params["game_id"])


def _key(request: Request, body: dict[str, Any]) -> str | None:
    key = body.get("key", request.query_params.get("key"))
    if key is not None and not isinstance(key, str):
        raise Refused("the link's key must be text", 400)
    return key or None


async def _threaded(fn: Any, *args: Any) -> Any:
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(fn, *args)


def links(host: GameHost, base: str = "") -> dict[str, Any]:
    return {"id": host.id, "table": f"{base}/g/{host.id}?key={host.table_token}",
            "seats": {p: f"{base}/g/{host.id}?key={t}" for p, t in host.seat_tokens.items()},
            "spectator": f"{base}/g/{host.id}"}


# -- handlers -------------------------------------------------------------------------------------

async def rulesets(server: Server, request: Request, body: dict[str, Any]) -> Any:
    return {"rulesets": await _threaded(server.hub.rulesets), "setups": await _threaded(server.hub.setups)}


async def saves(server: Server, request: Request, body: dict[str, Any]) -> Any:
    return {"saves": await _threaded(server.hub.saves)}


async def new_game(server: Server, request: Request, body: dict[str, Any]) -> Any:
    ruleset = body.get("ruleset")
    if not isinstance(ruleset, str) or not ruleset:
        raise Refused("say which ruleset to play", 422)
    options = body.get("options") or {}
    seats = body.get("seats") or []
    seed = body.get("seed")
    setup_file = body.get("setup_file") or None
    if not isinstance(options, dict) or not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise Refused("options must be a table and seats a list of agent names", 422)
    if seed not in (None, "") and (isinstance(seed, bool) or not str(seed).strip().lstrip("-").isdigit()):
        raise Refused(f"the seed must be a whole number, not {seed!r}", 422)
    if setup_file is not None and not isinstance(setup_file, str):
        raise Refused("the set-up file must be a name", 422)
    host = await _threaded(lambda: server.hub.new_game(
        ruleset, options=options, seats=seats, seed=int(seed) if seed not in (None, "") else None,
        setup_file=setup_file))
    server.kick(host)
    return links(host)


async def open_game(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(lambda: server.hub.get(request.path_params["game_id"], reopen=True))
    server.kick(host)
    return links(host)


async def state(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(_host, server, request)
    access = host.access(_key(request, body))
    after = request.query_params.get("after", "0")
    epoch = request.query_params.get("epoch", "")
    if not after.isdigit() or not (epoch == "" or epoch.isdigit()):
        raise Refused("'after' and 'epoch' must be whole numbers", 400)
    server.kick(host)
    return await _threaded(host.snapshot, access, int(after), int(epoch) if epoch else None)


async def answer(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(_host, server, request)
    access = host.access(_key(request, body))
    if "value" not in body:
        raise Refused("the answer has no 'value'", 422)
    version = body.get("version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise Refused("'version' must be a whole number", 400)
    await _threaded(host.answer, access, version, body["value"])
    await server.notify(host)
    server.kick(host)
    return {"ok": True, "version": host.version}


async def preview(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(_host, server, request)
    access = host.access(_key(request, body))
    if "value" not in body:
        raise Refused("the preview has no 'value'", 422)
    return await _threaded(host.preview, access, body["value"])


async def odds(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(_host, server, request)
    return {"odds": await _threaded(host.odds, host.access(_key(request, body)))}


async def undo(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(_host, server, request)
    access = host.access(_key(request, body))
    if not access.seats:
        raise Refused("a spectator cannot undo", 403)
    said = await _threaded(host.undo, access)
    await server.notify(host)
    server.kick(host)
    return {"ok": True, "said": said}


async def resign(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(_host, server, request)
    access = host.access(_key(request, body))
    seat = body.get("seat")
    if seat is not None and not isinstance(seat, str):
        raise Refused("'seat' must be a seat's name", 400)
    await _threaded(host.resign, access, seat)
    await server.notify(host)
    return {"ok": True}


async def save(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(_host, server, request)
    if not host.access(_key(request, body)).seats:
        raise Refused("a spectator cannot save", 403)
    await _threaded(host.save_now)
    return {"ok": True, "save": str(host.save_path)}


async def close(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(_host, server, request)
    if host.access(_key(request, body)).kind != "table" and len(host.humans) > 1:
        raise Refused("only the table's link can put this game away", 403)
    task = server.tasks.pop(host.id, None)
    if task is not None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
    await _threaded(server.hub.close, host.id)
    from skirmish_cli.common import resume_hint

    return {"ok": True, "save": str(host.save_path), "resume": resume_hint(host.save_path)}


async def at(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(_host, server, request)
    return await _threaded(host.at, host.access(_key(request, body)), request.path_params["n"])


async def why(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(_host, server, request)
    return {"chain": await _threaded(host.why, host.access(_key(request, body)), request.path_params["seq"])}


def _where(text: str | None) -> str | tuple[float, float]:
    if not text:
        raise Refused("measure needs two ends: a piece or a point x,y", 422)
    if "," in text:
        try:
            x, y = (float(v) for v in text.split(",", 1))
        except ValueError:
            raise Refused(f"not a point: {text[:40]!r}", 422) from None
        return x, y
    return text


async def measure(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(_host, server, request)
    access = host.access(_key(request, body))
    a, b = _where(request.query_params.get("a")), _where(request.query_params.get("b"))
    return {"text": await _threaded(host.measure, access, a, b)}


async def shades(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(_host, server, request)
    piece = request.query_params.get("piece", "")
    return {"shades": await _threaded(host.shades, host.access(_key(request, body)), piece)}


async def glossary(server: Server, request: Request, body: dict[str, Any]) -> Any:
    host = await _threaded(_host, server, request)
    return {"glossary": host.glossary()}


def listen(server: Server) -> Any:
    async def endpoint(ws: WebSocket) -> None:
        if not same_origin(ws.headers):
            await ws.close(code=1008)
            return
        try:
            host = server.hub.get(ws.path_params["game_id"])
            host.access(ws.query_params.get("key") or None)
        except SkirmishError:
            await ws.close(code=1008)
            return
        await ws.accept()
        server.listeners.setdefault(host.id, set()).add(ws)
        try:
            await ws.send_json({"version": host.version, "busy": host.busy, "over": host.game.over})
            server.kick(host)
            while True:
                await ws.receive_text()  # pages say nothing; this notices when one goes away
        except WebSocketDisconnect:
            pass
        finally:
            server.listeners.get(host.id, set()).discard(ws)

    return endpoint
