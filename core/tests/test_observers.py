"""Observer plugins are isolated: one that raises is reported once, by name, and the game goes on."""

from __future__ import annotations

import warnings

import skirmish
from skirmish.engine import Game
from skirmish.markers import hookimpl
from skirmish.plugins import PluginWarning, make_plugin_manager
from skirmish.testing.samples import DiceRace


class Broken:
    def __init__(self) -> None:
        self.calls = 0

    @hookimpl
    def skirmish_event(self, game: Game, event: skirmish.Event) -> None:
        self.calls += 1
        if event.kind == "phase":
            raise RuntimeError("observer bug")


class Counter:
    def __init__(self) -> None:
        self.events = 0
        self.ended = False

    @hookimpl
    def skirmish_event(self, game: Game, event: skirmish.Event) -> None:
        self.events += 1

    @hookimpl
    def skirmish_game_end(self, game: Game, result: object) -> None:
        self.ended = True


def test_a_raising_observer_is_reported_once_and_the_game_and_other_observers_go_on() -> None:
    broken, counter = Broken(), Counter()
    pm = make_plugin_manager(entry_points=False, plugins=[("broken-watch", broken), ("counter", counter)])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        game = Game(DiceRace(), seed=2, hooks=pm.hook)
        while game.pending is not None:
            d = game.pending
            game.answer(d.options[0].value if d.options else d.examples[0], d.player)
    failures = [w for w in caught if issubclass(w.category, PluginWarning)]
    assert len(failures) == 1 and "'broken-watch' failed in skirmish_event (RuntimeError: observer bug)" in str(
        failures[0].message)
    assert game.over and counter.ended
    assert counter.events == len(game.log)  # the healthy observer saw every event
    assert broken.calls < len(game.log)  # the broken one was left out after its failure
