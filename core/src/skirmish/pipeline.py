"""Rounds of phases, with the phase order chosen at run time and hooks around each phase.

A ruleset lists its phases (:meth:`Ruleset.phases`) and may pick each round's order
(:meth:`Ruleset.phase_order`; Chob-Noggoth rolls it). Plugins add steps before or
after any phase through the ``skirmish_phase_start`` / ``skirmish_phase_end`` hooks;
temporary keywords expire at the end of their phase or round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from skirmish.engine import Step, _has_impls
from skirmish.keywords import SCOPES

if TYPE_CHECKING:
    from skirmish.decisions import Decision
    from skirmish.engine import Game


@attrs.frozen
class Phase:
    """A named phase: ``body(game)`` schedules its steps; ``rule`` names it in the log."""

    name: str
    body: Callable[[Game], Any]
    rule: str = ""


def expire(game: Game, scope: str) -> None:
    """Remove temporary keywords that last until the end of ``scope`` ("phase", "round", "game")."""
    game.ruleset.expire_keywords(game, scope)


def end_scope(game: Game, scope: str) -> None:
    """Close a scope the rules track themselves ("activation", "turn"; "phase", "round" work too).

    Temporary keywords lasting until the end of ``scope`` or a narrower one expire, with an
    event for each. Call it when a unit's activation or a player's turn ends.
    """
    if scope not in SCOPES:
        raise ValueError(f"unknown scope {scope!r} (expected one of {', '.join(SCOPES)})")
    game.ruleset.expire_keywords(game, scope)


@attrs.define(slots=True)
class Rounds(Step):
    """Play rounds until the game ends, or until ``limit`` rounds (then ``Ruleset.end_of_round`` decides)."""

    limit: int = 0

    def run(self, game: Game) -> Decision | None:
        if game.result is not None:
            return None
        game.round += 1
        order = game.ruleset.phase_order(game)
        # a round has no cause but the rules: its chain starts here, whatever answer led into the first one
        began = game.emit("round", f"round {game.round} begins: {' > '.join(order)}", rule="Round",
                          round=game.round, order=list(order), cause=None)
        later: list[Step] = [EndRound()]
        if not self.limit or game.round < self.limit:
            later.append(self)
        with game.because(None):
            game.schedule(*later)
        with game.because(began):
            game.schedule(*[RunPhase(name) for name in order])
        return None


@attrs.define(slots=True)
class RunPhase(Step):
    """Start a phase: announce it, schedule its body, then let plugins add steps before the body."""

    name: str

    def run(self, game: Game) -> Decision | None:
        if game.result is not None:
            return None
        phase = game.ruleset.phases()[self.name]
        game.phase = self.name
        began = game.emit("phase", f"{self.name} phase", rule=phase.rule or self.name, phase=self.name,
                          round=game.round)
        with game.because(began):
            game.schedule(_Body(self.name), EndPhase(self.name))
            if game.hooks is not None and _has_impls(game.hooks, "skirmish_phase_start"):
                game.hooks.skirmish_phase_start(game=game, phase=self.name)
        return None


@attrs.define(slots=True)
class _Body(Step):
    name: str

    def run(self, game: Game) -> Decision | None:
        if game.result is None:
            game.ruleset.phases()[self.name].body(game)
        return None


@attrs.define(slots=True)
class EndPhase(Step):
    """End a phase: plugins may add steps, then phase-long keywords expire."""

    name: str
    hooked: bool = False

    def run(self, game: Game) -> Decision | None:
        if game.result is not None:
            return None
        # (with no plugin hooking the phase's end, nothing could run before the keywords expire)
        if not self.hooked and game.hooks is not None and _has_impls(game.hooks, "skirmish_phase_end"):
            self.hooked = True
            game.schedule(self)
            game.hooks.skirmish_phase_end(game=game, phase=self.name)
            return None
        expire(game, "phase")
        return None


@attrs.define(slots=True)
class EndRound(Step):
    """End a round: round-long keywords expire and the ruleset checks for the end of the game."""

    def run(self, game: Game) -> Decision | None:
        if game.result is not None:
            return None
        expire(game, "round")
        game.phase = ""
        game.ruleset.end_of_round(game)
        return None
