"""The web server through Starlette's test client: making games, answering, refusing, seats, saves, restarts."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from skirmish_cli.registry import build_registry  # noqa: E402
from skirmish_cli.web.app import create_app  # noqa: E402


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "saves"


@pytest.fixture
def client(folder: Path) -> Any:
    app = create_app(build_registry(quiet=True), folder, pace=0)
    with TestClient(app) as c:
        yield c


def new(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("ruleset", "tiny")
    body.setdefault("seed", 3)
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def key_of(link: str) -> str:
    return link.split("key=", 1)[1]


def state(client: TestClient, made: dict[str, Any], key: str | None = None, wait: bool = True) -> dict[str, Any]:
    key = key if key is not None else key_of(made["table"])
    for _ in range(200):
        r = client.get(f"/api/games/{made['id']}/state", params={"key": key})
        assert r.status_code == 200, r.text
        s = r.json()
        if not wait or s["state"] in ("waiting", "finished", "stopped"):
            return s
        time.sleep(0.02)
    raise AssertionError("the game never waited for this page")


def answer(client: TestClient, made: dict[str, Any], value: Any, version: int | None, key: str | None = None) -> Any:
    key = key if key is not None else key_of(made["table"])
    return client.post(f"/api/games/{made['id']}/answer", json={"key": key, "value": value, "version": version})


def test_the_pages_and_their_modules_are_served_from_the_package(client: TestClient) -> None:
    for path in ("/", "/static/game.js", "/static/index.js", "/static/common.js", "/static/style.css"):
        r = client.get(path)
        assert r.status_code == 200 and r.content, path
    r = client.get("/g/anything")
    assert 'data-game-state="thinking"' in r.text and "Content-Security-Policy" in r.headers
    assert "http" not in "".join(line for line in r.text.splitlines() if "src=" in line)  # nothing from a CDN


def test_rulesets_lists_settings_seats_and_agents(client: TestClient) -> None:
    data = client.get("/api/rulesets").json()
    tiny = next(r for r in data["rulesets"] if r["name"] == "tiny")
    assert tiny["players"] == ["red", "blue"] and {"human", "random"} <= set(tiny["agents"])
    assert [o["name"] for o in tiny["options"]] == ["target"]
    assert "scripted" not in tiny["agents"]


def test_a_game_made_in_the_browser_asks_its_human_and_lets_the_ai_play(client: TestClient, folder: Path) -> None:
    made = new(client, seats=["human", "random"], options={"target": "5"})
    s = state(client, made)
    assert s["state"] == "waiting" and s["viewer"] == "red" and s["decision"]["player"] == "red"
    assert [o["value"] for o in s["decision"]["options"]] == ["roll", "safe", "push"]
    assert (folder / f"{made['id']}.toml").is_file()
    r = answer(client, made, "safe", s["version"])
    assert r.status_code == 200, r.text
    s2 = state(client, made)
    assert s2["answers"] >= 2  # red's answer, then blue's (the AI) before red is asked again
    assert any("blue" in e["text"] for e in s2["events"]) or s2["state"] == "finished"


def test_settings_are_parsed_by_the_rulesets_own_options(client: TestClient) -> None:
    r = client.post("/api/games", json={"ruleset": "tiny", "options": {"target": "500"}})
    assert r.status_code == 422 and "--target must be 1 to 100" in r.json()["error"]
    r = client.post("/api/games", json={"ruleset": "tiny", "options": {"speed": "3"}})
    assert r.status_code == 422 and "no setting 'speed'" in r.json()["error"]
    r = client.post("/api/games", json={"ruleset": "nope"})
    assert r.status_code == 422 and "no ruleset 'nope'" in r.json()["error"]
    r = client.post("/api/games", json={"ruleset": "tiny", "seats": ["human", "wizard"]})
    assert r.status_code == 422 and "wizard" in r.json()["error"]


def test_malformed_requests_get_one_line_each(client: TestClient) -> None:
    made = new(client, seats=["human", "random"])
    key = key_of(made["table"])
    url = f"/api/games/{made['id']}/answer"
    bad = [client.post(url, content=b"{not json", headers={"content-type": "application/json"}),
           client.post(url, content=b"[1, 2]"),
           client.post(url, json={"key": key}),
           client.post(url, json={"key": 5, "value": "roll"}),
           client.post(url, json={"key": key, "value": "roll", "version": "x"}),
           client.post(url, content=b"[" * 100_000),
           client.post(url, content=b"x" * 300_000)]
    assert [r.status_code for r in bad] == [400, 400, 422, 400, 400, 400, 413]
    assert all(list(r.json()) == ["error"] and "\n" not in r.json()["error"] for r in bad)
    assert state(client, made)["state"] == "waiting"  # nothing changed


def test_an_unknown_game_and_a_bad_key_are_refused(client: TestClient) -> None:
    made = new(client, seats=["human", "random"])
    assert client.get("/api/games/nope/state").status_code == 404
    r = client.get(f"/api/games/{made['id']}/state", params={"key": "guessed"})
    assert r.status_code == 403 and "key" in r.json()["error"]


def test_an_illegal_answer_is_refused_with_the_engines_reason(client: TestClient) -> None:
    made = new(client, seats=["human", "random"])
    s = state(client, made)
    r = answer(client, made, "fly", s["version"])
    assert r.status_code == 422 and "is not one of the answers" in r.json()["error"]


def test_a_stale_answer_is_refused_and_changes_nothing(client: TestClient) -> None:
    made = new(client, seats=["human", "human"])
    s = state(client, made)
    assert answer(client, made, "safe", s["version"]).status_code == 200
    r = answer(client, made, "safe", s["version"])  # the same page, not refreshed: the other seat's turn now
    assert r.status_code == 409 and "moved on" in r.json()["error"]
    assert state(client, made)["answers"] == 1


def _two_humans(client: TestClient) -> tuple[dict[str, Any], str, str, str, str]:
    """A hot-seat game: (links, the seat to play, its key, the other seat, its key)."""
    made = new(client, seats=["human", "human"])
    first = state(client, made)["to_play"]
    other = next(p for p in ("red", "blue") if p != first)
    return made, first, key_of(made["seats"][first]), other, key_of(made["seats"][other])


def test_a_seat_cannot_answer_for_another_and_sees_only_its_own_secret(client: TestClient) -> None:
    made, first, first_key, other, other_key = _two_humans(client)
    s_other = state(client, made, other_key, wait=False)
    assert s_other["state"] == "thinking" and s_other["decision"] is None
    r = answer(client, made, "safe", s_other["version"], key=other_key)
    assert r.status_code == 403 and f"{first}'s turn" in r.json()["error"]
    shown_first = json.dumps(state(client, made, first_key))
    assert f"{first}'s secret number is" in shown_first and f"{first}'s secret number is" not in json.dumps(s_other)
    spectator = client.get(f"/api/games/{made['id']}/state").json()
    assert spectator["access"] == "spectator" and "secret number is" not in json.dumps(spectator)
    assert answer(client, made, "safe", spectator["version"], key="").status_code == 403


def test_time_travel_and_why_keep_hidden_information_hidden(client: TestClient) -> None:
    made, first, first_key, other, other_key = _two_humans(client)
    assert answer(client, made, "roll", state(client, made, first_key)["version"], key=first_key).status_code == 200
    past = json.dumps(client.get(f"/api/games/{made['id']}/at/0", params={"key": other_key}).json())
    assert f"{first}'s secret number is" not in past and f"{other}'s secret number is" in past
    secret = next(e for e in state(client, made, first_key, wait=False)["events"] if f"{first}'s secret" in e["text"])
    r = client.get(f"/api/games/{made['id']}/why/{secret['seq']}", params={"key": other_key})
    assert f"{first}'s secret number is" not in r.text
    assert client.get(f"/api/games/{made['id']}/at/99", params={"key": other_key}).status_code == 422


def test_a_form_is_previewed_and_refused_by_the_rules_own_validator(client: TestClient) -> None:
    made = new(client, seats=["human", "random"])
    s = state(client, made)
    assert answer(client, made, "push", s["version"]).status_code == 200
    s = state(client, made)
    assert s["decision"]["params"][0]["kind"] == "int" and s["decision"]["prefill"] == {"dice": 1}
    ok = client.post(f"/api/games/{made['id']}/preview", json={"key": key_of(made["table"]), "value": {"dice": 2}})
    assert ok.json()["ok"] is True
    bad = client.post(f"/api/games/{made['id']}/preview", json={"key": key_of(made["table"]), "value": {"dice": 9}})
    assert bad.json() == {"ok": False, "error": "dice must be between 1 and 3"}
    assert state(client, made)["answers"] == s["answers"]  # previews change nothing


def test_undo_goes_back_before_the_seats_last_answer(client: TestClient) -> None:
    made = new(client, seats=["human", "random"])
    s = state(client, made)
    start = s["answers"]  # the AI may have answered first
    answer(client, made, "safe", s["version"])
    before = state(client, made)["answers"]
    r = client.post(f"/api/games/{made['id']}/undo", json={"key": key_of(made["table"])})
    assert r.status_code == 200
    s = state(client, made)
    assert s["answers"] == start < before and s["decision"]["player"] == "red" and s["epoch"] == 1


def test_resigning_ends_the_game_for_the_seat_and_is_saved(client: TestClient, folder: Path) -> None:
    from skirmish.saves import read_save

    made = new(client, seats=["human", "random"])
    state(client, made)
    r = client.post(f"/api/games/{made['id']}/resign", json={"key": key_of(made["table"])})
    assert r.status_code == 200
    s = state(client, made)
    assert s["state"] == "finished" and s["result"]["outcomes"] == {"red": "loss", "blue": "win"}
    client.post(f"/api/games/{made['id']}/close", json={"key": key_of(made["table"])})
    assert read_save(folder / f"{made['id']}.toml").finished


def test_file_names_from_the_browser_never_leave_the_saves_folder(client: TestClient, folder: Path) -> None:
    (folder.parent / "outside.toml").write_text('players = ["red", "blue"]\n', encoding="utf-8")
    for name in ("../outside.toml", "..%2Foutside", "/etc/passwd", ".hidden", "a/b", "..", "x" * 200):
        r = client.post("/api/games", json={"ruleset": "tiny", "setup_file": name})
        assert r.status_code == 422 and "saves folder" in r.json()["error"], name
    assert client.get("/api/games/..%2F..%2Fetc%2Fpasswd/state").status_code in (404, 422)
    assert client.post("/api/games/.hidden/open").status_code == 422


def test_a_setup_file_from_the_saves_folder_is_offered_and_used(client: TestClient, folder: Path) -> None:
    (folder / "short.toml").write_text('players = ["red", "blue"]\ntarget = 3\n', encoding="utf-8")
    assert "short.toml" in client.get("/api/rulesets").json()["setups"]
    made = new(client, seats=["random", "random"], setup_file="short.toml")
    s = state(client, made)
    assert s["state"] == "finished"


def test_requests_from_another_site_are_refused(client: TestClient) -> None:
    r = client.post("/api/games", json={"ruleset": "tiny"}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403
    made = new(client, seats=["human", "random"])
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect), client.websocket_connect(
            f"/ws/games/{made['id']}?key={key_of(made['table'])}", headers={"origin": "http://evil.example"}) as ws:
        ws.receive_json()
    with client.websocket_connect(f"/ws/games/{made['id']}?key={key_of(made['table'])}") as ws:
        assert "version" in ws.receive_json()


def test_a_ruleset_that_raises_stops_its_game_only(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    monkeypatch.setenv("SKIRMISH_PLUGINS", "tiny_ruleset,flaky_ruleset")
    app = create_app(build_registry(quiet=True), folder, pace=0)
    with TestClient(app) as client:
        made = new(client, ruleset="flaky", seed=7, seats=["human"])
        for _ in range(2):
            s = state(client, made)
            assert answer(client, made, "go", s["version"]).status_code == 200
        s = state(client, made)
        r = answer(client, made, "go", s["version"])
        assert r.status_code == 500 and "deliberate bug" in r.json()["error"]
        s = state(client, made)
        assert s["state"] == "stopped" and "deliberate bug" in s["error"]
        other = new(client, seats=["human", "random"])  # the server and other games go on
        assert state(client, other)["state"] == "waiting"


def test_a_restarted_server_carries_on_every_game_from_its_save_and_journal(folder: Path) -> None:
    registry = build_registry(quiet=True)
    with TestClient(create_app(registry, folder, pace=0)) as client:
        made = new(client, seats=["human", "random"])
        s = state(client, made)
        answer(client, made, "safe", s["version"])
        before = state(client, made)
    # the server dies without putting the game away: the journal holds the answers
    app = create_app(build_registry(quiet=True), folder, pace=0)
    with TestClient(app) as client:
        after = state(client, made)  # the same link, a new server
        assert (after["answers"], after["decisions"], after["state"]) == (before["answers"], before["decisions"],
                                                                           "waiting")


def test_a_game_put_away_in_the_browser_resumes_in_the_terminal(client: TestClient, folder: Path) -> None:
    from click.testing import CliRunner

    from skirmish_cli.main import cli

    made = new(client, seats=["human", "random"])
    s = state(client, made)
    answer(client, made, "safe", s["version"])
    r = client.post(f"/api/games/{made['id']}/close", json={"key": key_of(made["table"])})
    assert r.status_code == 200 and "skirmish resume" in r.json()["resume"]
    out = CliRunner().invoke(cli, ["resume", str(folder / f"{made['id']}.toml"), "--players", "random,random"])
    assert out.exit_code == 0, out.output
    assert "Result" in out.output or "wins" in out.output or "draw" in out.output
    again = client.post(f"/api/games/{made['id']}/open").json()  # and back in the browser: finished
    assert state(client, again)["state"] == "finished"


def test_twenty_games_open_at_once_stay_apart(client: TestClient) -> None:
    made = [new(client, seats=["human", "random"], seed=i) for i in range(20)]
    for m in made:
        s = state(client, m)
        assert answer(client, m, "safe", s["version"]).status_code == 200
    shown = [state(client, m)["answers"] for m in made]
    assert all(n >= 2 for n in shown)
