"""The moves a person sees (``Ruleset.option_labels``): an advance, a move to a shrine or a fall back that something
stops short says how far it gets and what stops it, before it is chosen. A move stays one straight line (rulings
CN-1/CN-25); the options the AI reads are as before, and so are the moves made."""

from __future__ import annotations

from chob_bench import bench, warrior

from skirmish import Decision
from skirmish_chob_noggoth import turns
from skirmish_chob_noggoth.state import Piece, Shrine

HUT = Piece("t3", "Ruined Hut", "blocking", "rect", 28.0, 7.5, 3.0, 2.0)  # its south side at y = 6.5


def _labels(game, wid="r1"):  # noqa: ANN001, ANN202
    """The warrior's move options as a question, and the labels a person sees, by option value."""
    d = Decision("red", "move", "moves", options=turns.move_options(game, game.state.warriors[wid], "move", prefix=""))
    return d, {d.options[i].value: text for i, text in game.ruleset.option_labels(game, d).items()}


def test_an_advance_into_terrain_right_in_front_says_how_far_it_gets_and_what_stops_it():
    game = bench([warrior("r1", "red", "Brawler", x=28.0, y=5.9, name="Nob"),
                  warrior("b1", "blue", "Hunter", x=27.0, y=20.0, name="Sister Pike")], pieces=[HUT])
    d, labels = _labels(game)
    assert labels["r1|advance|b1"] == ('Nob [Brawler]: advance toward Sister Pike (13.1" away) '
                                       '(blocked by Ruined Hut after 0.1")')


def test_the_advance_made_goes_as_far_as_the_label_said():
    game = bench([warrior("r1", "red", "Brawler", x=28.0, y=5.9, name="Nob"),
                  warrior("b1", "blue", "Hunter", x=27.0, y=20.0, name="Sister Pike")], pieces=[HUT])
    start = game.state.warriors["r1"].y
    game.run(turns.perform, game.state.warriors["r1"], "advance", "b1", "moves")
    assert 0.05 <= game.state.warriors["r1"].y - start < 0.15  # straight on into the hut's side, not round it


def test_an_advance_blocked_by_a_warrior_names_it():
    game = bench([warrior("r1", "red", "Brawler", x=20.0, y=5.0, name="Nob"),
                  warrior("r2", "red", "Brawler", x=20.0, y=7.0, name="Wart"),
                  warrior("b1", "blue", "Hunter", x=20.0, y=20.0, name="Sister Pike")])
    _, labels = _labels(game)
    assert labels["r1|advance|b1"].endswith('(blocked by Wart after 1.0")')


def test_a_move_to_a_shrine_blocked_at_once_says_it_would_not_move():
    game = bench([warrior("r1", "red", "Brawler", x=28.0, y=6.0, name="Nob"),
                  warrior("b1", "blue", "Hunter", x=5.0, y=20.0, name="Sister Pike")],
                 pieces=[HUT], shrines=[Shrine("s1", 28.0, 12.0)])
    _, labels = _labels(game)
    assert labels["r1|shrine|s1"].endswith("(blocked by Ruined Hut at once: it would not move)")


def test_moves_with_a_clear_way_keep_their_labels():
    game = bench([warrior("r1", "red", "Brawler", x=10.0, y=5.0, name="Nob"),
                  warrior("b1", "blue", "Hunter", x=10.0, y=20.0, name="Sister Pike")], pieces=[HUT],
                 shrines=[Shrine("s1", 12.0, 12.0)])
    d, labels = _labels(game)
    assert {o.data["action"] for o in d.options} >= {"advance", "shrine", "back"}
    assert labels == {}
