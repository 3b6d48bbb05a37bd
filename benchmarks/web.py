"""Web play figures: time from a click to the updated table over a whole game, page weight, server memory.

    python benchmarks/web.py --ruleset chob-noggoth --seed 1        # click latency over a whole game (human v AI)
    python benchmarks/web.py --memory 20                            # server memory with 20 games open

The server runs in this process (uvicorn in a thread, AI pace 0); Debian's chromium, driven by playwright,
clicks the first offered choice (or sends the prefilled form) until the game ends. "Click to table" is
measured in the page: from the click to the moment the new picture is in the page (the game element's
data-version changed and the table was redrawn). Memory is this process's resident size (the server's;
the browser is another process) before and after opening the games.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def page_weight(base: str, link: str) -> dict[str, int]:
    import urllib.request

    sizes = {}
    for path in ("/g/x", "/static/game.js", "/static/common.js", "/static/style.css"):
        with urllib.request.urlopen(base + path) as r:  # noqa: S310 - our own local server
            sizes[path] = len(r.read())
    game_id = link.split("/g/")[1].split("?")[0]
    key = link.split("key=")[1]
    with urllib.request.urlopen(f"{base}/api/games/{game_id}/state?key={key}") as r:  # noqa: S310
        sizes["state JSON (first read)"] = len(r.read())
    return sizes


def clicks(ruleset: str, seed: int) -> None:
    from playwright.sync_api import sync_playwright
    from test_browser import CHROMIUM, Served, click_once, new_game, settle

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_DATA_HOME"] = tmp
        served = Served(Path(tmp) / "saves")
        host, made = new_game(served, ruleset, ["human", "ai"], seed=seed)
        times: list[float] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(served.base + made["table"])
            while settle(page, 120_000) == "waiting":
                version = page.get_attribute("#game", "data-version")
                page.evaluate("() => { window.__t0 = performance.now(); }")
                click_once(page)
                page.wait_for_function("(v) => document.getElementById('game').dataset.version !== v", arg=version,
                                       timeout=120_000)
                page.wait_for_function("() => document.querySelector('svg[data-role=table]') !== null")
                times.append(page.evaluate("() => performance.now() - window.__t0"))
            browser.close()
        weight = page_weight(served.base, made["table"])
        served.stop()
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"{ruleset} seed {seed}: {len(times)} clicks; click to updated table: median "
          f"{statistics.median(times):.0f} ms, 95th percentile {p95:.0f} ms, slowest {times[-1]:.0f} ms "
          "(includes the AI's replies)")
    total = sum(weight.values())
    print("page weight: " + ", ".join(f"{k} {v / 1024:.1f} KiB" for k, v in weight.items())
          + f"; total {total / 1024:.1f} KiB")


def memory(n: int, ruleset: str, steps: int) -> None:
    from skirmish_cli.registry import build_registry
    from skirmish_cli.web.hub import Hub

    with tempfile.TemporaryDirectory() as tmp:
        hub = Hub(build_registry(quiet=True), Path(tmp))
        hub.new_game(ruleset, seats=["human", "ai"], seed=0)  # the ruleset's content loaded once
        before = rss_mb()
        start = time.process_time()
        for seed in range(1, n + 1):
            host = hub.new_game(ruleset, seats=["ai", "ai"], seed=seed)
            for _ in range(steps):  # each game some way in: its log, journal and state as in play
                if not host.ai_step():
                    break
            host.snapshot(host.access(host.table_token))
        after = rss_mb()
        print(f"{n} more {ruleset} games open, {steps} decisions into each: {after - before:.1f} MB more resident "
              f"memory ({(after - before) / n:.2f} MB a game; process {after:.0f} MB); "
              f"{time.process_time() - start:.1f} CPU s to play them there and draw each once")
        hub.close_all()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="chob-noggoth")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--memory", type=int, default=0, help="open N games and report the server's memory")
    parser.add_argument("--steps", type=int, default=100, help="with --memory: AI decisions played into each game")
    args = parser.parse_args()
    if args.memory:
        memory(args.memory, args.ruleset, args.steps)
    else:
        clicks(args.ruleset, args.seed)


if __name__ == "__main__":
    main()
