"""Response windows: optional answers from several players, asking only those who can respond.

Many rules open a moment in which players *may* act: a fortune card played "any time",
a co-op hero helping an adventure, a reaction to a charge. :func:`open_window` schedules
such a moment. Each player in turn is offered what they can play right now (the ruleset's
``offer`` function decides); a player with nothing playable is not asked at all. Every
ask offers the responses plus "pass" and "pass until the end of this phase" (after which
the player is left alone until the phase changes).

Two modes:

- ``"cycle"``: go round the players until every one of them has passed (or had nothing)
  in a row; a response re-opens the round, so answers can answer answers.
- ``"once"``: ask each eligible player once, in seat order (who helps?).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from skirmish.decisions import Answer, Decision, Option
from skirmish.engine import Step

if TYPE_CHECKING:
    from skirmish.engine import Game

PASS = "pass"
PASS_PHASE = "pass-phase"
MODES = ("cycle", "once")
_STASH = "skirmish.windows"

Offer = Callable[["Game", str], Sequence[Option]]
Resolve = Callable[["Game", str, Answer], None]


def open_window(game: Game, name: str, players: Sequence[str], offer: Offer, resolve: Resolve, *, rule: str = "",
                mode: str = "cycle", context: dict[str, Any] | None = None, prompt: str = "",
                invitation: bool = False) -> None:
    """Schedule a response window named ``name`` over ``players`` (in the order given).

    ``offer(game, player)`` lists the responses ``player`` can make now (empty: not asked);
    ``resolve(game, player, value)`` applies the chosen one and may schedule more steps, which
    run before the window asks anyone else. An ``invitation`` is a question put to these players
    in particular (someone asked them): players who passed until the end of the phase are asked all
    the same, and it offers no "pass until the end of this phase".
    """
    if mode not in MODES:
        raise ValueError(f"unknown window mode {mode!r} (expected one of {', '.join(MODES)})")
    game.schedule(Window(name, tuple(players), offer, resolve, rule, mode, dict(context or {}), prompt,
                         invitation=invitation))


def quiet_players(game: Game) -> list[str]:
    """Players who said "pass until the end of this phase" in the current phase."""
    now = [game.round, game.phase]
    quiet = game.stash.get(_STASH, {}).get("quiet", {})
    return sorted(p for p, when in quiet.items() if when == now)


@attrs.define(slots=True)
class Window(Step):
    """The step behind :func:`open_window` (plain data plus the two rule functions)."""

    name: str
    players: tuple[str, ...]
    offer: Offer
    resolve: Resolve
    rule: str = ""
    mode: str = "cycle"
    context: dict[str, Any] = attrs.field(factory=dict)
    prompt: str = ""
    turn: int = 0
    passes: int = 0
    asking: str = ""
    invitation: bool = False

    def run(self, game: Game) -> Decision | None:
        count = len(self.players)
        while count:
            if self.mode == "once" and self.turn >= count:
                return None
            if self.mode == "cycle" and self.passes >= count:
                return None
            player = self.players[self.turn % count]
            self.turn += 1
            quiet = not self.invitation and player in quiet_players(game)
            options = [] if quiet else list(self.offer(game, player))
            if not options:
                self.passes += 1
                continue
            self.asking = player
            taken = {o.value for o in options}
            extra = [Option(PASS, "pass", "play nothing now; you are asked again at the next chance",
                            data={"action": "pass"})]
            if PASS_PHASE not in taken and game.phase and not self.invitation:
                extra.append(Option(PASS_PHASE, "pass until the end of this phase",
                                    "play nothing and are not asked again until the next phase",
                                    data={"action": "pass-phase"}))
            if PASS in taken:
                raise ValueError(f"window {self.name!r}: a response may not use the value {PASS!r}")
            context = {"window": self.name, "mode": self.mode, **self.context}
            if self.invitation:
                context["invitation"] = True
            return Decision(player, "respond", self.prompt or f"{self.name}: respond?", options=options + extra,
                            rule=self.rule or self.name, context=context)
        return None

    def resume(self, game: Game, answer: Answer) -> None:
        player = self.asking
        game.schedule(self)  # the window goes on after whatever the response schedules
        if answer in (PASS, PASS_PHASE):
            self.passes += 1
            if answer == PASS_PHASE:
                quiet = game.stash.setdefault(_STASH, {}).setdefault("quiet", {})
                quiet[player] = [game.round, game.phase]
                game.emit("pass", f"{player} passes until the end of the {game.phase} phase", rule=self.rule,
                          player=player, window=self.name)
            return
        if self.mode == "cycle":
            self.passes = 0  # a response re-opens the round: everyone (the responder too) may answer it
        self.resolve(game, player, answer)
