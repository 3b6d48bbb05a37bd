"""A resumed game is the game that was saved: agents stand where they stood (issue 25, determinism).

Each ruleset's AI plays itself uninterrupted; the same seed is then stopped at several points (the
save and its journal are what a kill leaves), resumed, and must end with exactly the same answers.
An undo followed by the same answer must also give the same game.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import SKIRMISH

from skirmish.engine import Game
from skirmish.saves import read_save
from skirmish_cli.common import load_game
from skirmish_cli.registry import get_registry
from skirmish_cli.session import Session, Terminal

RULESETS = ["chob-noggoth", "hobgoblin", "goblin-uprising"]


class _Killed(BaseException):
    """Stands for the process dying right after an answer was saved."""


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.delenv("SKIRMISH_PLUGINS", raising=False)
    return get_registry()


def _play(registry: Any, ruleset: str, seed: int, save: Path, kill_at: int | None = None,
          agents: tuple[str, str] = ("ai", "ai")) -> Game:
    game = Game(registry.ruleset(ruleset), None, seed=seed)
    seats = {p: agents[i % 2] for i, p in enumerate(game.players)}
    session = Session(registry, game, seats, save, terminal=Terminal([]))
    if kill_at is not None:
        answer = session.answer

        def answer_then_die(value: Any, player: str) -> bool:
            given = answer(value, player)
            if len(session.game.answers) >= kill_at:
                raise _Killed
            return given

        session.answer = answer_then_die  # type: ignore[method-assign]
    with contextlib.suppress(_Killed):
        session.run()
    return session.game


def _resume(registry: Any, save: Path) -> Game:
    saved, game = load_game(registry, save)
    session = Session(registry, game, dict(saved.agents), save, terminal=Terminal([]))
    session.run(resumed=True)
    return session.game


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ai_games_stopped_at_several_points_and_resumed_end_as_the_uninterrupted_game(
        registry: Any, ruleset: str, tmp_path: Path) -> None:
    differ = []
    for seed in (1, 3):
        whole = _play(registry, ruleset, seed, tmp_path / f"whole{seed}.toml")
        n = len(whole.answers)
        for share in (0.1, 0.35, 0.6, 0.9):
            k = max(1, int(n * share))
            save = tmp_path / f"cut{seed}-{k}.toml"
            _play(registry, ruleset, seed, save, kill_at=k)
            resumed = _resume(registry, save)
            if resumed.answers != whole.answers:
                differ.append((seed, k, n))
            assert read_save(save).finished
    assert not differ, f"resumed games that ended differently (seed, stopped at, of): {differ}"


@pytest.mark.parametrize("opponent", ["ai", "random"])
def test_an_undone_answer_given_again_gives_the_same_game_against_an_agent(registry: Any, tmp_path: Path,
                                                                           opponent: str) -> None:
    whole = _play(registry, "chob-noggoth", 3, tmp_path / "whole.toml", agents=("ai", opponent))
    human = whole.players[0]
    mine = [a["value"] for a in whole.answers if a.get("player") == human]
    players = [a.get("player") for a in whole.answers if "player" in a]
    mine_at = [i for i, p in enumerate(players) if p == human]
    # an answer of the human's after which the agent answered (an undo takes that back too)
    cut = next(c for c, i in enumerate(mine_at[len(mine_at) // 3:], len(mine_at) // 3 + 1)
               if i + 1 < len(players) and players[i + 1] != human)
    lines: list[Any] = [*mine[:cut], "undo", mine[cut - 1], *mine[cut:]]
    game = Game(registry.ruleset("chob-noggoth"), None, seed=3)
    seats = {p: ("human" if p == human else opponent) for p in game.players}
    session = Session(registry, game, seats, tmp_path / "undo.toml", terminal=Terminal([]))
    session.script_lines[human] = lines
    session.run()
    assert any("undone" in line for line in session.term.transcript)
    assert session.game.answers == whole.answers


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")
def test_ai_games_killed_with_sigkill_and_resumed_end_as_the_uninterrupted_game(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "SKIRMISH_PLUGINS"}
    env["XDG_DATA_HOME"] = str(tmp_path)
    differ = []
    kills = 0
    for seed in (3, 5, 8):
        whole = tmp_path / f"whole{seed}.toml"
        subprocess.run([str(SKIRMISH), "play", "chob-noggoth", "--players", "ai,ai", "--seed", str(seed),
                        "--save", str(whole)], capture_output=True, env=env, timeout=120, check=True)
        for delay in (0.05, 0.2):
            save = tmp_path / f"killed{seed}-{delay}.toml"
            proc = subprocess.Popen([str(SKIRMISH), "play", "chob-noggoth", "--players", "ai,ai", "--seed", str(seed),
                                     "--save", str(save)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    env=env)
            deadline = time.monotonic() + 60
            while not save.exists() and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.005)
            time.sleep(delay)
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)
            if not save.exists():
                continue
            kills += 1
            done = subprocess.run([str(SKIRMISH), "resume", str(save)], capture_output=True, text=True, env=env,
                                  timeout=120)
            assert done.returncode == 0, done.stderr
            if read_save(save).answers != read_save(whole).answers:
                differ.append((seed, delay))
    assert kills >= 3
    assert not differ, f"killed and resumed games that ended differently: {differ}"


def test_a_killed_and_resumed_game_is_the_game_simulate_plays_for_its_seed(registry: Any, tmp_path: Path) -> None:
    from skirmish.runner import play_one

    save = tmp_path / "cut.toml"
    _play(registry, "chob-noggoth", 3, save, kill_at=40)
    resumed = _resume(registry, save)
    record = play_one(registry, "chob-noggoth", 3, ["ai"])
    assert resumed.result is not None
    assert (record.decisions, record.winners, record.scores) == (resumed.decisions, resumed.result.winners,
                                                                 dict(resumed.result.scores))


def test_simulate_with_two_workers_plays_the_same_ai_games_as_with_one(registry: Any) -> None:
    import json

    from cli_helpers import invoke

    runs = [json.loads(invoke("simulate", "chob-noggoth", "-n", "6", "--players", "ai", "--seed", "3",
                              "--workers", workers, "--json").stdout) for workers in ("1", "2")]
    for run in runs:
        run.pop("workers", None)
        run.pop("seconds", None)
        run.pop("games_per_second", None)
    assert runs[0] == runs[1]
