"""Moving a unit with typed commands at the prompt (``advance 3.5``, ``wheel left 2``, ``end``): the real
``skirmish play`` command driven line by line, and the manoeuvre options and refusals behind it."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import tomli_w
from hob_bench import battle, unit

from skirmish.saves import read_save
from skirmish_hobgoblin import stats, turns
from skirmish_hobgoblin.state import Activation

SKIRMISH = Path(sys.executable).parent / "skirmish"
W = 150 / 25.4  # a 150 mm wide unit in inches
RED = [{"name": "Spears", "x": 36, "y": 10}, {"name": "Guards", "x": 36 + W, "y": 10}]
BLUE = [{"name": "Wolves", "x": 36, "y": 40}]


def _activate(game, name):  # noqa: ANN001, ANN202
    u = unit(game, name)
    game.state.activation = Activation(u.id, float(stats.speed(u)), (u.x, u.y, u.facing), [])
    return u


def test_manoeuvres_are_offered_as_typed_with_their_cost():
    g = battle(RED, BLUE)
    u = _activate(g, "Spears")
    opts, missing = turns.move_choices(g, u)
    labels = [o.label for o in opts]
    assert 'advance N (inches forwards, 1" per MP)' in labels
    assert 'wheel left N (inches the front corner travels, 1" per MP)' in labels
    assert 'shuffle left N (inches sideways, 0.5" per MP)' in labels
    assert "reform N (degrees, + turns left, - right; 5 MP)" in labels
    assert missing["shuffle right"] == "Spears cannot shuffle right at all: Guards is in the way"
    assert missing["fly"] == "Spears cannot fly (no Flying keyword)"


def test_a_manoeuvre_cancelled_with_0_says_so_and_a_reform_says_its_cost():
    g = battle(RED, BLUE)
    u = _activate(g, "Spears")
    g.state.activation.failed.append("advance")
    g.state.activation.mp = 4
    _, missing = turns.move_choices(g, u)
    assert missing["advance"] == "advance was cancelled (0) earlier in this activation"
    assert missing["reform"] == "a reform costs 5 MP and Spears has 4"


# -- the real command ---------------------------------------------------------------------------------
def _drive(args: list[str], answer: Callable[[str], str], cwd: Path, timeout: float = 240) -> str:
    """Run ``skirmish`` with a pipe, answering each ``red>`` prompt with ``answer(screen since the last one)``."""
    proc = subprocess.Popen([str(SKIRMISH), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, cwd=cwd, env=dict(os.environ, COLUMNS="80", LINES="24"))
    assert proc.stdin is not None and proc.stdout is not None
    out, start, deadline = b"", 0, time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], 5)
            if not ready:
                continue
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                break
            out += chunk
            if out.endswith(b"red> "):
                line = answer(out[start:].decode())
                proc.stdin.write(line.encode() + b"\n")
                proc.stdin.flush()
                start = len(out)
        else:
            raise AssertionError("the game did not finish in time:\n" + out.decode()[-3000:])
    finally:
        proc.kill()
        proc.wait()
    return out.decode()


class Player:
    """Answers like a newcomer: moves Spears with typed commands, passes everything else, then quits."""

    def __init__(self, commands: list[str]) -> None:
        self.commands = list(commands)
        self.moved = False
        self.done = False

    def __call__(self, screen: str) -> str:
        if self.done or not self.commands:
            return "quit"
        if "MP left - what next?" in screen or self.moved:  # a refusal asks the same question again
            self.moved = True
            command = self.commands.pop(0)
            self.done = command == "end"
            return command
        if "which unit moves next?" in screen and not self.moved:
            return "move Spears"
        if "pass until the end of this phase" in screen:
            return "pass until"
        return "1"


def test_skirmish_play_moves_a_unit_with_typed_commands(tmp_path: Path) -> None:
    setup = battle(RED, BLUE).setup
    (tmp_path / "setup.toml").write_text(tomli_w.dumps(setup))
    commands = ["shuffle right 1", "fly 14", "advance 99", "advance 2.5", "wheel left 1", "reform 90", "end"]
    out = _drive(["play", "hobgoblin", "--setup", "setup.toml", "--seed", "3", "--vs", "ai", "--save", "g.toml"],
                 Player(commands), tmp_path)
    assert "refused: shuffle right is not possible now: Spears cannot shuffle right at all: Guards is in the way" \
        in " ".join(out.split())
    assert "refused: fly is not possible now: Spears cannot fly (no Flying keyword)" in out
    assert "refused: advance 99: inches must be between 0 and 8" in out
    assert "red> 2.5  (typed ahead)" in out
    assert "Spears advance 2.5 (3 MP, 5 MP left)" in out
    assert "Spears wheel left 1 (1 MP, 4 MP left)" in out
    assert "refused: reform is not possible now: a reform costs 5 MP and Spears has 4" in out
    assert "Spears: 4 MP left - what next?" in out
    assert max(len(line) for line in out.splitlines() if not line.startswith("red> ")) <= 80
    answers = [a["value"] for a in read_save(tmp_path / "g.toml").answers if a["player"] == "red"]
    at = answers.index("advance")
    assert answers[at:at + 4] == ["advance", {"inches": 2.5}, "wheel-left", {"inches": 1.0}]
    assert answers[at + 4] == "end"


# -- Force of Will, as a newcomer meets it ------------------------------------------------------------
def _pair():  # noqa: ANN202
    return battle([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 50, "y": 38}])


def test_force_of_will_says_what_it_costs_what_it_rerolls_and_what_you_have():
    from skirmish_hobgoblin import attacks

    g = _pair()
    a, b = unit(g, "A"), unit(g, "B")
    g.state.sides["red"].mercury = 3
    g.load_dice([6, 2, 1])
    g.run(lambda g: attacks.attack(g, a, b, 3, attacks.COMBAT, "Combat"))
    d = g.pending
    assert d.kind == "force-of-will"
    assert ": 1 hit. Force of Will: re-roll your lowest miss (a 1) for 1 Mercury (you have 3)" in d.prompt
    labels = [o.label for o in d.options]
    assert labels[:3] == ["keep the dice (1 hit)", "keep the dice; no more Force of Will questions this phase",
                          "re-roll the 1 for 1 Mercury (you have 3)"]


def test_keeping_the_dice_for_the_phase_stops_force_of_will_questions_until_the_phase_ends():
    from skirmish_hobgoblin import attacks

    g = _pair()
    a, b = unit(g, "A"), unit(g, "B")
    g.state.sides["red"].mercury = 3
    g.load_dice([6, 2, 1])
    g.run(lambda g: attacks.attack(g, a, b, 3, attacks.COMBAT, "Combat"))
    g.answer("keep-phase")
    assert b.doom == 1
    assert any("keeps every roll without Force of Will" in e.text for e in g.log.events)
    g.load_dice([6, 1])
    g.run(lambda g: attacks.attack(g, a, b, 2, attacks.COMBAT, "Combat"))
    assert b.doom == 2 and (g.pending is None or g.pending.kind != "force-of-will")  # not asked again
    g.phase = "another"
    g.load_dice([6, 1])
    g.run(lambda g: attacks.attack(g, a, b, 2, attacks.COMBAT, "Combat"))
    assert g.pending.kind == "force-of-will"  # a new phase asks again


def test_help_explains_each_manoeuvre_by_the_name_typed(ruleset):
    terms = ruleset.glossary()
    assert terms["wheel left"].startswith("manoeuvre (type e.g. wheel left 2): the unit pivots on its front-left")
    assert "gains Distracted" in terms["retreat"] and "at least 12" in terms["fly"]
    g = battle(RED, BLUE)
    u = _activate(g, "Spears")
    opts, _ = turns.move_choices(g, u)
    assert next(o for o in opts if o.value == "advance").help == "moves straight forwards N inches; 1 MP per inch"


def test_measure_names_edges_with_plain_possessives(ruleset):
    g = battle(RED, [{"name": "Wolf Riders", "x": 36, "y": 40}])
    text = ruleset.measure(g, "red", "Spears", "Wolf Riders")
    assert "Spears' front edge centre" in text and "Wolf Riders' " in text and "Riders's" not in text


def test_odds_takes_unit_names_with_spaces(ruleset):
    g = battle(RED, [{"name": "Wolf Riders", "x": 36, "y": 40}])
    by_name = ruleset.odds(g, "red", "Spears Wolf Riders")
    assert by_name == ruleset.odds(g, "red", "r1, b1") == ruleset.odds(g, "red", "Spears v Wolf Riders")
    assert by_name[0][0].startswith("Spears attacks Wolf Riders in close combat")


def test_engage_typed_when_it_is_not_on_offer_says_why():
    from skirmish import Keyword

    g = battle([{"name": "Spears", "x": 20, "y": 20}],
               [{"name": "Wolves", "x": 20, "y": 24, "facing": 270}, {"name": "Goblins", "x": 50, "y": 40}])
    u = _activate(g, "Spears")
    u.keywords.add(Keyword("Distracted"))
    opts, missing = turns.move_choices(g, u)
    assert not any(o.value.startswith("engage ") for o in opts)
    assert missing["engage Wolves"] == missing["engage"] == \
        "Spears is Distracted: it may not touch an enemy it was not touching"
    assert missing["engage Goblins"].startswith("Goblins is 29.9\" away, beyond 8 MP")


def test_a_distracted_unit_is_told_why_it_stops_short_of_an_enemy():
    from skirmish import Keyword

    g = battle([{"name": "Spears", "x": 20, "y": 20}], [{"name": "Wolves", "x": 20, "y": 24, "facing": 270}])
    u = _activate(g, "Spears")
    u.keywords.add(Keyword("Distracted"))
    g.run(turns.ask_amount, u, "advance")
    assert g.pending.params[0].help.endswith("beyond that Spears would pass through Wolves (Distracted, it may not "
                                             "touch an enemy it was not touching)")


def test_a_wheel_blocked_at_once_says_it_cannot_wheel_at_all():
    g = battle(RED, BLUE)
    u = _activate(g, "Spears")
    g.run(turns.ask_amount, u, "wheel-left")  # the right-hand corner swings into Guards beside it
    assert "it cannot wheel left at all: Spears would pass through Guards" in g.pending.params[0].help
