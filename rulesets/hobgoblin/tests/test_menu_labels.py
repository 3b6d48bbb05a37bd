"""The movement menu a person sees (``Ruleset.option_labels``): a manoeuvre the rules refuse at any distance, or a
computed move that no affordable manoeuvre makes, says so before it is chosen (its form could only be cancelled).
The labels are worked out where a screen shows the question; the options themselves, which the AI reads, are as
before."""

from __future__ import annotations

from hob_bench import battle, unit

from skirmish import Keyword
from skirmish.agents import View
from skirmish.specs import AgentContext
from skirmish_cli.human import HumanAgent
from skirmish_hobgoblin import stats, turns
from skirmish_hobgoblin.state import Activation

W = 150 / 25.4  # a 150 mm wide unit in inches
RED = [{"name": "Spears", "x": 36, "y": 10}, {"name": "Guards", "x": 36 + W, "y": 10}]
BLUE = [{"name": "Wolves", "x": 36, "y": 40}]


def _menu(red, blue=BLUE, distracted=False):  # noqa: ANN001, ANN202
    """The movement question of red's first unit, asked as its activation asks it, and the labels a person sees."""
    g = battle(red, blue)
    u = unit(g, red[0]["name"])
    if distracted:
        u.keywords.add(Keyword("Distracted"))
    g.state.activation = Activation(u.id, float(stats.speed(u)), (u.x, u.y, u.facing), [])
    g.run(turns.manoeuvre_prompt, u.id)
    d = g.pending
    labels = g.ruleset.option_labels(g, d)
    return g, d, {d.options[i].value: text for i, text in labels.items()}


def test_a_wheel_blocked_at_once_by_a_friend_beside_it_is_shown_as_impossible_with_why():
    _, d, labels = _menu(RED)
    assert labels["wheel-left"] == "wheel left (cannot now: would pass through Guards)"
    assert labels["wheel-back-right"] == "wheel back right (cannot now: would pass through Guards)"
    assert "wheel-right" not in labels and "wheel-back-left" not in labels  # they swing away from Guards
    assert "advance" not in labels and "reform" not in labels


def test_a_wheel_into_the_table_edge_is_shown_as_impossible():
    _, _, labels = _menu([{"name": "Spears", "x": W / 2, "y": 20}])  # its left side on the west edge
    assert set(labels) == {"wheel-right", "wheel-back-left"}
    assert labels["wheel-right"] == "wheel right (cannot now: would cross the table edge)"


def test_the_impossible_wheel_stays_an_option_for_the_ai_and_its_form_still_says_cannot():
    g, d, labels = _menu(RED)
    assert "wheel-left" in {o.value for o in d.options}  # the AI's options are unchanged
    assert d.options[[o.value for o in d.options].index("wheel-left")].label.startswith("wheel left N (")
    u = unit(g, "Spears")
    g.run(turns.ask_amount, u, "wheel-left")
    assert "it cannot wheel left at all: Spears would pass through Guards" in g.pending.params[0].help


def test_a_move_towards_that_no_manoeuvre_makes_is_shown_as_impossible():
    # Distracted, 0.2" from an enemy: it may not move into contact, and stopping short leaves no room to move
    _, _, labels = _menu([{"name": "Spears", "x": 20, "y": 20}],
                         [{"name": "Wolves", "x": 20, "y": 20 + 150 / 25.4 * 0.4 + 0.2}], distracted=True)
    assert labels["towards b1"] == "move towards Wolves (cannot now: nothing it can afford gets there)"
    assert "advance" not in labels  # it can still advance a little short of contact


def test_a_unit_in_the_open_sees_every_manoeuvre_as_offered():
    _, _, labels = _menu([{"name": "Spears", "x": 36, "y": 20}])
    assert labels == {}


def test_the_terminal_menu_shows_the_impossible_wheel_with_why():
    g = battle(RED, BLUE)
    u = unit(g, "Spears")
    g.state.activation = Activation(u.id, float(stats.speed(u)), (u.x, u.y, u.facing), [])
    g.run(turns.manoeuvre_prompt, u.id)
    out: list[str] = []
    lines = iter(["end"])
    ctx = AgentContext(g.pending.player, 0, g.ruleset, players=g.players)
    agent = HumanAgent(ctx, read=lambda prompt: next(lines, None), write=out.append)
    assert agent.decide(View(g, g.pending.player), g.pending) == "end"
    screen = "\n".join(out)
    assert "wheel left (cannot now: would pass through Guards)" in screen
    assert 'wheel right N (inches the front corner travels, 1" per MP)' in screen
