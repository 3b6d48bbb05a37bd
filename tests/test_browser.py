"""Web play in a real browser (Debian's chromium driven by playwright): whole games by clicking, hot-seat
without peeking, a refused answer's reason, and a browser game carried on in the terminal.

Screenshots of each table go to ``$SKIRMISH_ARTIFACTS`` (default: a temporary folder) for people to look at.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("no chromium on this machine (.ci/run installs Debian's)", allow_module_level=True)

pytestmark = pytest.mark.slow
CLI_TESTS = Path(__file__).resolve().parents[1] / "cli" / "tests"


class Served:
    """A real server (uvicorn in a thread) on a free port, with its saves folder."""

    def __init__(self, folder: Path, plugins: str = "") -> None:
        import uvicorn

        from skirmish_cli.cmd_serve import bind
        from skirmish_cli.registry import build_registry
        from skirmish_cli.web.app import create_app

        if plugins:
            os.environ["SKIRMISH_PLUGINS"] = plugins
        self.app = create_app(build_registry(quiet=True), folder, pace=0)
        self.folder = folder
        self.sock = bind("127.0.0.1", 0)
        self.base = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="error", ws="websockets-sansio"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                break
            time.sleep(0.02)

    def hub(self) -> Any:
        return self.app.state.server.hub

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("SKIRMISH_PLUGINS", raising=False)
    s = Served(tmp_path / "saves")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def chrome() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"])
        yield b
        b.close()


def artefacts() -> Path:
    folder = Path(os.environ.get("SKIRMISH_ARTIFACTS") or (Path(os.environ.get("TMPDIR", "/tmp")) / "skirmish-web"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_game(served: Served, ruleset: str, seats: list[str], seed: int = 1, **options: Any) -> Any:
    from skirmish_cli.web.app import links

    host = served.hub().new_game(ruleset, seats=seats, seed=seed, options=options)
    return host, links(host)


def watch(page: Any) -> list[str]:
    """Collect the page's script errors; say yes when a choice that gives something up asks."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    return errors


def settle(page: Any, timeout: float = 30_000) -> str:
    """Wait until the page can answer or the game is over; the state word."""
    page.wait_for_selector("#game[data-game-state=waiting], #game[data-game-state=finished]", timeout=timeout)
    return page.get_attribute("#game", "data-game-state")


def click_once(page: Any) -> None:
    """Answer the decision on screen as a newcomer would: the prefilled form as it is, else the first choice."""
    submit = page.locator("[data-role=submit]")
    if submit.count():
        submit.click()
        return
    page.locator("#answer-area button[data-value]:visible").first.click()


def play_by_clicking(page: Any, most: int) -> int:
    clicks = 0
    while settle(page) == "waiting":
        seen = page.get_attribute("#game", "data-game-state")
        assert seen == "waiting"
        prompt = page.text_content("[data-role=prompt]")
        version = page.get_attribute("#game", "data-version")
        click_once(page)
        clicks += 1
        assert clicks <= most, f"more than {most} clicks: the game does not end ({prompt})"
        page.wait_for_function("(v) => document.getElementById('game').dataset.version !== v "
                               "|| document.getElementById('refusal').textContent !== ''", arg=version,
                               timeout=30_000)
        refusal = page.text_content("[data-role=refusal]")
        assert not refusal, f"a prefilled or offered answer was refused: {refusal}"
    return clicks


@pytest.mark.parametrize(("ruleset", "most"), [("chob-noggoth", 600), ("hobgoblin", 2500),
                                               ("goblin-uprising", 2500)])
def test_a_whole_game_played_by_clicking(served: Served, chrome: Any, ruleset: str, most: int) -> None:
    host, made = new_game(served, ruleset, ["human", "ai"])
    page = chrome.new_page(viewport={"width": 1400, "height": 900})
    errors = watch(page)
    page.goto(served.base + made["table"])
    settle(page)
    assert page.locator("svg[data-role=table]").count() == 1
    assert page.text_content("[data-role=prompt]")
    page.screenshot(path=str(artefacts() / f"{ruleset}-start.png"))
    clicks = play_by_clicking(page, most)
    assert page.get_attribute("#game", "data-game-state") == "finished"
    assert page.locator("[data-role=result]").is_visible()
    page.screenshot(path=str(artefacts() / f"{ruleset}-end.png"))
    assert clicks > 0 and host.game.over and not errors


def test_hot_seat_hobgoblin_in_two_browsers_never_shows_the_other_hand(served: Served, chrome: Any) -> None:
    host, made = new_game(served, "hobgoblin", ["human", "human"], seed=2)
    pages = {}
    for seat, link in made["seats"].items():
        context = chrome.new_context(viewport={"width": 1300, "height": 850})
        page = context.new_page()
        watch(page)
        page.goto(served.base + link)
        pages[seat] = page
    ruleset, game = host.game.ruleset, host.game
    for _ in range(150):  # answers through the page of the seat to play, until both hold Fortune cards
        seat = game.pending.player if game.pending is not None else None
        if seat is None or all(ruleset.secrets(game, p) for p in pages) and game.decisions > 12:
            break
        page = pages[seat]
        assert settle(page) == "waiting"
        version = page.get_attribute("#game", "data-version")
        click_once(page)
        page.wait_for_function("(v) => document.getElementById('game').dataset.version !== v", arg=version)
        game = host.game
    for seat, page in pages.items():
        other = next(p for p in pages if p != seat)
        secrets = ruleset.secrets(host.game, other)
        assert secrets, "each seat holds Fortune cards"
        page.wait_for_timeout(300)
        shown = page.content()
        moment = page.locator("[data-role=time-travel]")
        moment.evaluate("(el) => { el.value = '1'; el.dispatchEvent(new Event('change')); }")
        page.wait_for_selector("#board.travel")
        page.wait_for_timeout(300)
        shown += page.content()
        assert not [s for s in secrets if s in shown], f"{seat}'s page shows {other}'s hidden cards"
    pages["red" if "red" in pages else next(iter(pages))].screenshot(path=str(artefacts() / "hobgoblin-hot-seat.png"))


def serve_test_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plugin: str) -> Iterator[Served]:
    """A server whose registry adds one of the CLI tests' rulesets (a module in cli/tests)."""
    monkeypatch.syspath_prepend(str(CLI_TESTS))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    s = Served(tmp_path / "saves", plugins=plugin)
    yield s
    s.stop()
    os.environ.pop("SKIRMISH_PLUGINS", None)


@pytest.fixture
def tiny_served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    """A server with the CLI tests' Tiny Race (a form with a validator, private secrets)."""
    yield from serve_test_plugin(tmp_path, monkeypatch, "tiny_ruleset")


def test_a_refused_answer_shows_the_rules_reason(tiny_served: Served, chrome: Any) -> None:
    served = tiny_served
    host, made = new_game(served, "tiny", ["human", "human"], seed=3)
    page = chrome.new_page()
    page.goto(served.base + made["table"])
    settle(page)
    page.click("button[data-value=push]")
    page.wait_for_selector("[data-role=submit]")
    page.fill("input[name=dice]", "7")
    page.wait_for_function("() => document.getElementById('refusal').textContent.includes('between 1 and 3')")
    page.click("[data-role=submit]")
    page.wait_for_function("() => document.getElementById('refusal').textContent.startsWith('refused')")
    assert "dice must be between 1 and 3" in page.text_content("[data-role=refusal]")
    assert host.game.pending is not None and host.game.pending.kind == "push"  # nothing was taken


@pytest.fixture
def table_served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    """A server with Tiny Table: a ruleset on a table with no web code, only ``present()``."""
    yield from serve_test_plugin(tmp_path, monkeypatch, "tiny_table")


def at_table(page: Any, x: float, y: float) -> tuple[float, float]:
    """Where on the screen the table point (x, y) inches is (Tiny Table's frame)."""
    return page.evaluate("""([x, y]) => {
        const svg = document.querySelector('svg[data-role=table]');
        const pt = svg.createSVGPoint(); pt.x = 30 + x * 20; pt.y = 30 + 240 - y * 20;
        const p = pt.matrixTransform(svg.getScreenCTM()); return [p.x, p.y]; }""", [x, y])


def test_pointing_at_the_table_fills_the_spot_and_dragging_turns_it(table_served: Served, chrome: Any) -> None:
    host, made = new_game(table_served, "tiny-table", ["human", "human"])
    page = chrome.new_page(viewport={"width": 1300, "height": 800})
    errors = watch(page)
    page.goto(table_served.base + made["table"])
    settle(page)
    seat = host.game.pending.player
    start = host.game.state["at"][seat]
    sx, sy = at_table(page, start[0] + 3, start[1] + 2)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(sx, sy - 40, steps=4)  # dragged straight up the picture: facing 90 (y grows up the table)
    page.mouse.up()
    assert float(page.input_value("input[name='to.x']")) == pytest.approx(start[0] + 3, abs=0.2)
    assert float(page.input_value("input[name='to.y']")) == pytest.approx(start[1] + 2, abs=0.2)
    assert float(page.input_value("input[name='to.facing']")) == pytest.approx(90, abs=2)
    page.wait_for_selector("#overlay .ghost", state="attached")  # the piece's ghost where it would end
    far = at_table(page, 23.5 if start[0] < 12 else 0.5, 11)
    page.mouse.click(*far)
    page.wait_for_function("() => document.getElementById('refusal').textContent.includes('too far')")
    assert page.locator("#overlay .ghost").count() == 0
    page.mouse.click(sx, sy)
    page.wait_for_function("() => document.getElementById('refusal').textContent === ''")
    version = page.get_attribute("#game", "data-version")
    page.click("[data-role=submit]")
    page.wait_for_function("(v) => document.getElementById('game').dataset.version !== v", arg=version)
    moved = host.game.state["at"][seat]
    assert moved[:2] == pytest.approx([start[0] + 3, start[1] + 2], abs=0.2) and not errors
    page.screenshot(path=str(artefacts() / "tiny-table-pointing.png"))


def test_two_fields_named_x_and_y_are_filled_by_pointing_at_the_table(table_served: Served, chrome: Any) -> None:
    host, made = new_game(table_served, "tiny-table", ["human", "human"], fields="xy")
    page = chrome.new_page(viewport={"width": 1300, "height": 800})
    page.goto(table_served.base + made["table"])
    settle(page)
    start = host.game.state["at"][host.game.pending.player]
    page.mouse.click(*at_table(page, start[0] + 2, start[1] - 1))
    assert float(page.input_value("input[name=x]")) == pytest.approx(start[0] + 2, abs=0.2)
    assert float(page.input_value("input[name=y]")) == pytest.approx(start[1] - 1, abs=0.2)


def test_the_tape_and_the_piece_details_come_from_the_presentation(table_served: Served, chrome: Any) -> None:
    host, made = new_game(table_served, "tiny-table", ["human", "human"])
    page = chrome.new_page(viewport={"width": 1300, "height": 800})
    page.goto(table_served.base + made["table"])
    settle(page)
    page.hover("[data-piece=red]")
    page.wait_for_selector("[data-role=piece-info] h3")
    info = page.text_content("[data-role=piece-info]")
    assert "red's piece" in info and "a round base, 1 inch across" in info  # the keyword with its glossary text
    page.keyboard.press("m")
    a, b = at_table(page, 4, 6), at_table(page, 20, 6)
    page.mouse.move(*a)
    page.mouse.down()
    page.mouse.move(*b, steps=5)
    page.mouse.up()
    page.wait_for_function("() => document.querySelector('[data-role=tape-result]').textContent.includes('closest')")
    assert '15.00"' in page.text_content("[data-role=tape-result]")  # base edge to base edge: 16 - 0.5 - 0.5


def test_a_game_is_played_by_keyboard_alone(tiny_served: Served, chrome: Any) -> None:
    served = tiny_served
    host, made = new_game(served, "tiny", ["human", "random"], seed=3)
    page = chrome.new_page()
    page.goto(served.base + made["table"])
    for _ in range(40):
        if settle(page) == "finished":
            break
        version = page.get_attribute("#game", "data-version")
        if page.locator("[data-role=submit]").count():  # a form: Tab into its field, type, Enter
            page.focus("input[name=dice]")
            page.keyboard.press("Control+A")
            page.keyboard.type("1")
            page.keyboard.press("Enter")
        else:
            page.keyboard.press("3" if host.game.state.scores[host.game.pending.player] < 4 else "2")
        page.wait_for_function("(v) => document.getElementById('game').dataset.version !== v", arg=version)
    assert host.game.over
    kinds = [a["value"] for a in host.game.answers if a.get("player") == "red"]
    assert "push" in kinds and {"dice": 1} in kinds  # both a choice by number and a form by keys


def test_a_game_started_in_the_browser_is_finished_in_the_terminal(served: Served, chrome: Any) -> None:
    page = chrome.new_page()
    errors = watch(page)
    page.goto(served.base + "/")
    page.select_option("[data-role=ruleset]", "chob-noggoth")
    page.fill("#seed", "5")
    page.click("[data-role=start]")
    settle(page)
    version = page.get_attribute("#game", "data-version")
    click_once(page)
    page.wait_for_function("(v) => document.getElementById('game').dataset.version !== v", arg=version)
    settle(page)
    page.click("#close")
    page.wait_for_function("() => document.getElementById('control-note').textContent.includes('skirmish resume')")
    saves = list(served.folder.glob("chob-noggoth*.toml"))
    assert len(saves) == 1
    env = {**os.environ, "SKIRMISH_PLUGINS": ""}
    command = str(Path(sys.executable).parent / "skirmish")
    done = subprocess.run([command, "resume", str(saves[0]), "--players", "ai,ai"],
                          capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    from skirmish.saves import read_save

    save = read_save(saves[0])
    assert save.finished and sum(1 for a in save.answers if "player" in a) > 2
    assert not errors and json.dumps(save.agents)
