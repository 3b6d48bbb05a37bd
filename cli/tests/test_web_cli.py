"""``skirmish serve`` and ``play --web`` as commands: the address first, Ctrl-C saves, bad input in one line."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

SKIRMISH = str(Path(sys.executable).parent / "skirmish")


def start(args: list[str], env_dir: Path) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "XDG_DATA_HOME": str(env_dir), "SKIRMISH_PLUGINS": "tiny_ruleset",
           "PYTHONPATH": str(Path(__file__).parent)}
    proc = subprocess.Popen([SKIRMISH, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    return proc, first


def stop(proc: subprocess.Popen[str]) -> tuple[int, str, str]:
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    return proc.returncode, out, err


def test_play_web_prints_the_games_address_first_and_ctrl_c_keeps_it(tmp_path: Path) -> None:
    proc, first = start(["play", "tiny", "--web", "--no-open", "--port", "0", "--seed", "4"], tmp_path)
    try:
        assert first.startswith("skirmish is at http://127.0.0.1:"), first
        url = first.split(" at ", 1)[1].strip()
        base, rest = url.split("/g/", 1)
        game_id, key = rest.split("?key=")
        with urllib.request.urlopen(f"{base}/api/games/{game_id}/state?key={key}", timeout=10) as r:  # noqa: S310
            state = json.loads(r.read())
        assert state["ruleset"] == "tiny" and state["seed"] == 4
    finally:
        code, out, err = stop(proc)
    assert code == 0 and "every game is saved" in out and "Traceback" not in err
    saved = tmp_path / "skirmish" / "autosave" / f"{game_id}.toml"
    assert saved.is_file()


def test_play_web_with_two_humans_prints_each_seats_link(tmp_path: Path) -> None:
    proc, first = start(["play", "tiny", "--web", "--no-open", "--port", "0", "--players", "human,human"], tmp_path)
    try:
        assert "http://127.0.0.1:" in first
        lines = [proc.stdout.readline() for _ in range(2)]  # type: ignore[union-attr]
    finally:
        stop(proc)
    assert any(line.strip().startswith("red's own link: http://127.0.0.1:") for line in lines), lines
    assert any(line.strip().startswith("blue's own link: http://127.0.0.1:") for line in lines), lines


def test_a_ctrl_c_before_the_server_has_started_still_stops_it_cleanly(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C between the printed address and uvicorn taking the signal over (here: while the browser opens)."""
    import skirmish_cli.cmd_serve as serve
    from skirmish_cli.registry import get_registry

    monkeypatch.setattr(serve, "_open", lambda url: os.kill(os.getpid(), signal.SIGINT))
    before = signal.getsignal(signal.SIGINT)
    code = serve.run_server(get_registry(), tmp_path, "127.0.0.1", 0, True, 0.4, first_page="/")
    assert code == 0
    assert signal.getsignal(signal.SIGINT) is before


def test_serve_refuses_a_port_in_use_in_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run([SKIRMISH, "serve", "--no-open", "--port", str(port)], capture_output=True, text=True,
                              timeout=60, env={**os.environ, "XDG_DATA_HOME": str(tmp_path), "SKIRMISH_PLUGINS": ""})
    assert done.returncode != 0 and done.stderr.strip().count("\n") == 0
    assert f"port {port} is in use" in done.stderr


def test_serve_warns_when_it_listens_beyond_this_machine(tmp_path: Path) -> None:
    proc, first = start(["serve", "--no-open", "--port", "0", "--host", "0.0.0.0", "--saves", str(tmp_path / "s")],
                        tmp_path)
    time.sleep(0.5)
    code, out, err = stop(proc)
    assert "http://0.0.0.0:" in first and "anyone who can reach this machine" in err and code == 0


def test_serve_refuses_an_unknown_host_and_web_with_a_script(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "SKIRMISH_PLUGINS": ""}
    done = subprocess.run([SKIRMISH, "serve", "--no-open", "--host", "no-such-host.invalid"], capture_output=True,
                          text=True, timeout=60, env=env)
    assert done.returncode != 0 and "no such address" in done.stderr and "Traceback" not in done.stderr
    (tmp_path / "s.txt").write_text("roll\n", encoding="utf-8")
    done = subprocess.run([SKIRMISH, "play", "chob-noggoth", "--web", "--script", str(tmp_path / "s.txt")],
                          capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode != 0 and "--web plays in the browser" in done.stderr
